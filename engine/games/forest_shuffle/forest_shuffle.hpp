#pragma once
// Forest Shuffle (Kosch; Lookout Games, 2023), base game, 2-5 players.
// Rule text: shared/rules/forest_shuffle_rulebook.md; card facts:
// shared/reference/forest_shuffle, restated in cards.yaml here.

#include "engine/core/game.hpp"

namespace grove::forest_shuffle {

Game definition();

}  // namespace grove::forest_shuffle
