#pragma once
// Every game's default variant and each of its shipped small variants
// (checker/small_variants.hpp), as rules and the state a search of them
// starts from: where the tests look at each game's first explored states.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "checker/small_variants.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/rules.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "engine/scenario/scenario.hpp"

namespace grove::testing {

struct SmallTable {
  std::string label;  // "bamboo_harvest explore_2x3.yaml", or the game's name
  std::unique_ptr<Rules> rules;
  std::shared_ptr<const State> start;  // null: the game's own start
};

// Where a small variant deals from a position (Bamboo Harvest's forests),
// its start scenario is replayed; it must pass.
inline std::vector<SmallTable> small_tables() {
  const std::vector<checker::SmallVariant> small =
      checker::small_variants(std::filesystem::path(GROVE_SOURCE_DIR) / "scenarios");
  std::vector<SmallTable> tables;
  for (const auto& game : builtin_games().games()) {
    tables.push_back(SmallTable{game->name, game->rules(Variant(*game), game->min_players), {}});
    for (const checker::SmallVariant& variant : small) {
      if (variant.game != game->name) continue;
      SmallTable table{game->name + " " + variant.variant_file.filename().string(), nullptr, {}};
      if (variant.start_file.empty()) {
        table.rules =
            game->rules(load_variant_file(*game, variant.variant_file.string()), game->min_players);
      } else {
        const Scenario scenario = load_scenario(variant.start_file.string(), builtin_games(), {});
        const ScenarioResult replayed = replay_scenario(
            scenario, ReplayChecks{checker::broken_properties, checker::end_unreachable});
        EXPECT_TRUE(replayed.passed()) << variant.start_file << ": " << replayed.message;
        table.rules = game->rules(scenario.variant, scenario.players);
        table.start = replayed.end_state;
      }
      tables.push_back(std::move(table));
    }
  }
  return tables;
}

}  // namespace grove::testing
