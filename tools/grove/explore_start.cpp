#include "tools/grove/explore_start.hpp"

#include <fmt/format.h>

#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"

namespace grove::cli {

ExploreStart explore_start(const Game& game, Variant variant, std::optional<int> players,
                           const std::string& start_file, const VariantOverrides& overrides) {
  if (start_file.empty()) {
    return ExploreStart{std::move(variant), players.value_or(game.min_players), nullptr};
  }
  const Scenario scenario = load_scenario(start_file, builtin_games(), overrides);
  if (scenario.game != &game) {
    throw InputError({start_file, 1, 1}, "game",
                     "the scenario is for " + scenario.game->name + ", not " + game.name);
  }
  if (players && *players != scenario.players) {
    throw InputError({}, "--players",
                     fmt::format("the --start scenario is for {} players", scenario.players));
  }
  const ScenarioResult replayed =
      replay_scenario(scenario, ReplayChecks{checker::broken_properties, checker::end_unreachable});
  if (!replayed.passed() || !replayed.end_state) {
    throw InputError({start_file, replayed.line, 1}, "steps",
                     "the --start scenario does not replay: " + replayed.message);
  }
  return ExploreStart{scenario.variant, scenario.players, replayed.end_state};
}

}  // namespace grove::cli
