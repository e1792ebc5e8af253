// What agents and balance reports need from the game: how promising a
// position looks (heuristic), a state the seat cannot tell from the real
// one (determinize), what a move does (move_use) and the game's own
// figures of a finished game (game_metrics).
