#pragma once
// A game that does not end within its bound, cut down to what a designer
// can act on: a lasso, as model checkers print an infinite run (TLC's "back
// to state N"): a way from the start to a position, and a loop of moves that
// comes back to it. Only the moves the game actually played are used, so
// every move of the lasso is legal where it is played.

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/core/rules.hpp"

namespace grove::checker {

struct Lasso {
  std::vector<Move> prefix;  // from the start to the position the loop comes back to
  std::vector<Move> loop;    // from that position round to it again (at least one move)
  // How many moves of the game were played before it first came back to a
  // position it had been in (the first repetition along the game itself).
  std::size_t first_repeat = 0;
};

// The lasso in the game the rules play from their initial state through
// `moves`, or nothing when no position repeats along them (a game that
// grows forever, a counter). Positions are the same when the states are
// equal (State::equals, through their encodings, which are equal exactly
// then), not when only their hashes are.
//
// The game's moves form a graph of the positions it visited; the prefix is a
// shortest way through that graph to a position on a loop, the loop a
// shortest way round through that position, chosen to make the two together
// as short as the search finds (not necessarily the shortest over all games:
// only the moves of this one are looked at). Neither visits a position
// twice. The result is replayed before it is returned: the loop comes back
// to the position after the prefix, or there is no lasso. Deterministic.
std::optional<Lasso> find_lasso(const Rules& rules, const std::vector<Move>& moves);

}  // namespace grove::checker
