#pragma once
// A test-only game whose best parameters are known exactly, so that a
// parameter tuner ("grove tune") can be checked against the answer rather
// than against another simulation. Two players call heads or tails in turn
// for `rounds` decisions (the call changes nothing: the agents have a real
// choice that cannot matter); then one draw decides the game, won by P1
// with probability edge/20 and otherwise by P2.
//
// The optimum: the first player's advantage is 0 exactly at edge = 10
// (P1 wins edge/20 of the games at any edge), and every game is
// rounds + 1 moves long (the decisions and the draw's outcome), so a
// target length of N moves is met exactly at rounds = N - 1 and at no
// other value.

#include "engine/core/game.hpp"

namespace grove::testing {

// The game "tuning": 2 players; integer parameters `edge` (0..20, default
// 5: P1 wins with probability edge/20) and `rounds` (1..12, default 3: the
// decisions before the draw).
Game tuning_game();

}  // namespace grove::testing
