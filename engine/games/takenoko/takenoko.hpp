#pragma once
// Takenoko (Antoine Bauza; Bombyx / Matagot, 2011), base game, 2-4 players.
// Rule texts: shared/rules/takenoko_rulebook.md and takenoko_faq.txt (which
// clarifies and sometimes overrides the rulebook); component facts:
// shared/reference/takenoko.

#include "engine/core/game.hpp"

namespace grove::takenoko {

Game definition();

}  // namespace grove::takenoko
