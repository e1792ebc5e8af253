#pragma once
// Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling,
// Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
// TCIAIG 2012). Each iteration draws a state the agent's seat cannot tell
// from the real one (Rules::determinize), walks the tree of moves by UCB
// among the moves legal in that drawing (availability counts), adds one
// move, plays on for as many moves as the game suggests and scores the
// result: by places if the game ended, otherwise by how much each seat's
// lead on the heuristic grew since the root of the same drawing (averaged
// over a chance node the position waits on). Chance outcomes are sampled
// on the way and are not part of the tree (open loop). The budget is a
// number of iterations, so a game is the same on any machine.
//
// Scoring the lead gained rather than the lead itself is a control
// variate: the hidden cards drawn for an iteration (the other hands) move
// every seat's heuristic by more than the moves differ, and they move it
// alike for every move of that iteration. Without it MCTS lost to one-move
// greedy in Takenoko.
//
// Where a player has thousands of moves (a Bamboo Harvest swap), a few
// hundred iterations cannot try them all, and trying them in a random
// order plays like random. So the agent's own moves are first ranked one
// move ahead on the heuristic, as the greedy agent ranks them, and the
// search widens over them in that order; every node may have about
// 1 + widening * sqrt(visits) children, so the search also goes deeper
// than one move (progressive widening, Coulom 2007; progressive
// unpruning, Chaslot et al. 2008).
//
// A turn is often several decisions of one seat in a row (build, swap,
// harvest). The subtree below the move chosen is then what the next
// decision would grow again, so it is kept and the budget counts its
// visits; and a decision stops early once no other move can overtake the
// most visited one (both keep the game the same for the same seed).

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/agents/greedy.hpp"
#include "engine/core/agent.hpp"

namespace grove {

struct MctsSettings {
  // Visits of the root a decision is made on: iterations of this decision
  // and those the seat's previous decision already made below the move it
  // chose, when the seat decides again right after it (the same turn).
  // Unset: as many as the game suggests (Rules::search_iterations).
  std::optional<int> iterations;
  // A budget in milliseconds per decision instead (0: none): as many
  // iterations as fit. Faster on a faster machine, so a game is no longer
  // the same everywhere.
  int milliseconds = 0;
  // Moves (decisions and chance outcomes) played after the tree before the
  // position is scored by the heuristic; unset: as many as the game
  // suggests (Rules::search_playout_moves).
  std::optional<int> playout_moves;
  // The UCB constant, for rewards in [0, 1]. Against greedy (2 players,
  // the same 30 to 40 deals each, seats swapped) 0.5 won 65.8% of 80
  // Takenoko games where 0.7 won 57.5%, and as often in Bamboo Harvest
  // (78% and 77% of 60) and Forest Shuffle (93% of 60 both).
  double exploration = 0.5;
  double widening = 2.0;  // a node's children: 1 + widening * sqrt(its visits)
  // Below the root and in playouts, a move is the best one move ahead of
  // this many drawn at random (1: uniformly random play).
  int sample = 4;
  // Except for the searching seat's own moves below the root where it has
  // at most this many untried: the best of them all. What a move is worth
  // often rests on the same seat's next decisions of the turn (a plot tile
  // kept, then placed); valued with a careless follow-up, the moves that
  // need a precise one look worse than they are. It pays with a longer
  // search: in Takenoko at 400 iterations MCTS won 75.3%, 78.3% and 77.1%
  // of 320 to 480 games against greedy (seeds 8, 10, 11) with it, where 400
  // iterations without it had won 65% (160 games, seed 7) and 200 with or
  // without it won 65-72%; Bamboo Harvest's ladder rung rose from 78.3% to
  // 82.5% (120 games, seed 2026). A larger list (a Bamboo Harvest swap among
  // hundreds) is sampled as before: valuing it all would cost more than the
  // search gains.
  int rank_own_up_to = 64;
};

// Each seat's lead on the heuristic: its figure less the best other
// seat's.
void seat_leads(const Rules& rules, const State& state, std::vector<double>& leads);
// Each seat's reward in [0, 1] for a state: by place at the end (1 first,
// 0 last, ties share), otherwise a logistic curve of how far the seat's
// lead is above `baseline` (its lead where the iteration began), in units
// of `scale` (how much one move tends to change that lead), so that a
// better move shows as a better reward whatever the game's units.
void seat_rewards(const Rules& rules, const State& state, double scale,
                  const std::vector<double>& baseline, std::vector<double>& rewards);

class MctsAgent final : public Agent {
 public:
  explicit MctsAgent(MctsSettings settings = {});
  std::string name() const override;
  Move choose(const Rules& rules, const State& state, Rng& rng) override;

 private:
  struct TreeNode {
    Move move;                           // the move that leads here
    Seat actor = kNoSeat;                // who made it
    std::vector<std::int32_t> children;  // sorted by move
    double reward = 0;                   // the actor's total
    std::int32_t visits = 0;
    std::int32_t available = 0;  // iterations in which the move was legal
  };

  // Fills ranked_ with the legal moves (in moves_), best first one move
  // ahead.
  void rank_moves(const Rules& rules, const State& state, Seat seat, Rng& rng);
  // Plays in `world` the best of `draws` moves drawn from `moves` (0: of
  // every move), one move ahead for `actor`, and returns it.
  Move play_informed(const Rules& rules, State& world, Seat actor, const std::vector<Move>& moves,
                     int draws, Rng& rng);
  // One iteration from the root in `world`, a determinized state.
  void iterate(const Rules& rules, State& world, Rng& rng);
  // Keeps the subtree below the move chosen last time as the new tree when
  // `state` is what that move led to and its seat decides again;
  // otherwise starts an empty tree.
  void reuse_or_clear(const Rules& rules, const State& state);
  // Whether the most visited child of the root can no longer be overtaken
  // within `left` more iterations (the choice would not change).
  bool settled(std::int64_t left) const;
  // Sets rewards_ for the position an iteration ended in.
  void score_leaf(const Rules& rules, const State& world, Rng& rng);
  std::int32_t child_for(std::int32_t node, const Move& move) const;
  std::int32_t add_child(std::int32_t node, const Move& move, Seat actor);

  MctsSettings settings_;
  std::vector<TreeNode> tree_;
  std::vector<std::int32_t> path_;
  std::vector<Move> moves_;
  std::vector<Move> untried_;
  std::vector<std::size_t> drawn_;  // play_informed's moves valued so far
  std::vector<double> rewards_;
  std::vector<double> leaf_;      // score_leaf's sum over chance outcomes
  std::vector<double> baseline_;  // each seat's lead at the root of this drawing
  MoveValuer valuer_;
  Seat seat_ = kNoSeat;       // the seat deciding at the root
  std::vector<Move> ranked_;  // the root's moves, best first by the heuristic
  double scale_ = 1;          // the spread of the root moves' values
  int playout_moves_ = 0;     // this decision's playout length
  std::unique_ptr<State> scratch_;
  std::unique_ptr<State> best_after_;  // play_informed's best move played
  // The last decision's state and the node of the move chosen there, for
  // reuse_or_clear.
  std::unique_ptr<State> last_state_;
  std::int32_t last_choice_ = -1;
  std::vector<TreeNode> kept_;  // scratch for reuse_or_clear
};

}  // namespace grove
