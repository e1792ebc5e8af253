#pragma once
// The winning path (bamboo_harvest.txt, "Goal"): a chain of adjacent built
// cards from one side of the forest to the opposite side (north to south or
// west to east; it may turn and run along an edge) whose tokens respect the
// ownership limits: at least `min_others` tokens of other players, at most
// `max_from_one_other` from any one of them and at most `max_others` from all
// of them together.
//
// The limits make this a constrained simple-path search (a path that visits
// a card twice would count its token twice, and a detour to pick up one
// other player's token may be impossible without revisiting). The search is
// exact: a depth-first search over simple paths, pruned by the fewest other
// players' tokens still needed to reach the far side.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/ruling.hpp"
#include "engine/core/seat.hpp"
#include "engine/games/bamboo_harvest/forest.hpp"

namespace grove::bamboo_harvest {

struct PathLimits {
  int min_others = 1;
  int max_from_one_other = 2;
  int max_others = 3;
  Ruled<bool> own_token_required = true;  // ruling bh.path_own_token
};

// Token owner per cell, kNoSeat where nothing is built.
using Owners = std::array<std::int8_t, kMaxCells>;

// A valid path for `seat` (its cells, from one side to the other), or nothing.
std::optional<std::vector<int>> find_winning_path(const Grid& grid, const Owners& owners, Seat seat,
                                                  const PathLimits& limits);

}  // namespace grove::bamboo_harvest
