#pragma once
// Where `grove explore` starts: the game's start, or (--start SCENARIO) the
// position a scenario's steps reach, under the scenario's variant and
// players.

#include <memory>
#include <optional>
#include <string>

#include "engine/core/game.hpp"
#include "engine/scenario/scenario.hpp"

namespace grove::cli {

struct ExploreStart {
  Variant variant;
  int players = 0;
  std::shared_ptr<const State> state;  // null: the game's own start
};

// `variant` and `players` are what the command line asked for; a scenario
// replaces both with its own (`overrides` applied over its variant) and must
// replay cleanly. Throws InputError naming the file and the step.
ExploreStart explore_start(const Game& game, Variant variant, std::optional<int> players,
                           const std::string& start_file, const VariantOverrides& overrides);

}  // namespace grove::cli
