#pragma once
// The games grove ships with. Core knows no game; this is the one place that
// names them all, so that adding a game is one line here.

#include "engine/core/game.hpp"

namespace grove {

const Registry& builtin_games();

}  // namespace grove
