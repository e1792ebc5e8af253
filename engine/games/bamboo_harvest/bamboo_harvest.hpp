#pragma once
// Bamboo Harvest (Ben Klemens): building a path across a forest of cards,
// 2-4 players, in its two-standard-decks edition.
// Rule text: shared/rules/bamboo_harvest.txt.

#include "engine/core/game.hpp"

namespace grove::bamboo_harvest {

Game definition();

}  // namespace grove::bamboo_harvest
