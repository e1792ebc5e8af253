// grove fuzz's engine: every registered game keeps every property under a
// small budget; bugs planted on purpose in a test-only game are each found
// and shrunk to a short game; the finding's scenario fails until the bug is
// fixed; a game of a run is the same whatever runs around it.

#include "checker/fuzz.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "checker/replay_checks.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "tests/checker/planted_game.hpp"

namespace grove {
namespace {

using testing::PlantedBug;

ReplayChecks properties() {
  return ReplayChecks{checker::broken_properties, checker::end_unreachable};
}

// The first finding in the first `games` games of a run.
std::optional<checker::Finding> first_finding(const Game& game, checker::FuzzSettings settings,
                                              int games) {
  const Variant base(game);
  for (int index = 0; index < games; ++index) {
    checker::GameRun run =
        checker::fuzz_game(game, base, settings, static_cast<std::uint64_t>(index));
    if (run.finding) return run.finding;
  }
  return std::nullopt;
}

TEST(Fuzz, EveryRegisteredGameKeepsItsPropertiesUnderASmallBudget) {
  checker::FuzzSettings settings;
  settings.seed = 2026;
  settings.stop_after = 120;
  for (const auto& game : builtin_games().games()) {
    std::int64_t steps = 0;
    for (std::uint64_t index = 0; index < 4; ++index) {
      const checker::GameRun run = checker::fuzz_game(*game, Variant(*game), settings, index);
      ASSERT_FALSE(run.finding) << game->name << ", game " << index << ": "
                                << run.finding->failure.property << ": "
                                << run.finding->failure.detail;
      steps += run.steps;
    }
    EXPECT_GE(steps, 4) << game->name;  // a state at least in each game
  }
}

struct Planted {
  PlantedBug bug;
  const char* property;
  std::size_t longest;  // the longest shrunk game accepted, in moves
};

TEST(Fuzz, PlantedBugsAreFoundAndShrunkToShortGames) {
  const std::vector<Planted> planted = {
      // A counter of 7 needs five moves at least (two adds and their coins,
      // then a third add).
      {PlantedBug::Invariant, "invariant", 5},
      {PlantedBug::AcceptsIllegal, "illegal-move-rejected", 0},
      // The turn passes after the first add and its coin.
      {PlantedBug::YamlLosesTurn, "yaml-round-trip", 2},
      {PlantedBug::Stuck, "stuck-state", 4},
      {PlantedBug::HashBeyondEquality, "hash-equal", 1},
  };
  for (const Planted& plant : planted) {
    const Game game = testing::planted_game(plant.bug);
    checker::FuzzSettings settings;
    settings.seed = 7;
    const auto finding = first_finding(game, settings, 20);
    ASSERT_TRUE(finding) << plant.property;
    EXPECT_EQ(finding->failure.property, plant.property) << finding->failure.detail;
    EXPECT_LE(checker::trace_length(*finding), plant.longest) << plant.property;
    std::cout << plant.property << ": shrunk to " << checker::trace_length(*finding)
              << " moves after " << finding->shrinks << " smaller failing games\n";
  }
}

// Fuzz plays through CheckedRules: a view (Rules::view_hash) that leaves out
// what the rules read is a finding, although no state of the game is wrong
// on its own; the same game with its view fixed gives none.
TEST(Fuzz, AViewThatBreaksItsPromiseIsAFinding) {
  checker::FuzzSettings settings;
  settings.seed = 7;
  const Game fixed = testing::planted_game(PlantedBug::None);
  EXPECT_FALSE(first_finding(fixed, settings, 20));
  const Game game = testing::planted_game(PlantedBug::ViewIgnoresCoin);
  const auto finding = first_finding(game, settings, 20);
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->failure.property, "view-contract") << finding->failure.detail;
  EXPECT_NE(finding->failure.detail.find("two states with the same view behave differently"),
            std::string::npos)
      << finding->failure.detail;
  // The coin's two outcomes lead to states that the view takes for the
  // states after an add: a move or two suffices.
  EXPECT_LE(checker::trace_length(*finding), 3U);
  // The scenario checks every state it passes, so that a replay through
  // CheckedRules meets both states with the view.
  const std::string text = checker::finding_scenario(game, Variant(game), *finding, "a test");
  EXPECT_EQ(text.find("random:"), std::string::npos) << text;
  Registry buggy, correct;
  buggy.add(testing::planted_game(PlantedBug::ViewIgnoresCoin));
  correct.add(testing::planted_game(PlantedBug::None));
  const ScenarioResult before =
      replay_scenario(load_scenario_text(text, "finding", buggy), checker::finding_replay_checks());
  EXPECT_EQ(before.status, ScenarioResult::Status::Failed) << text;
  EXPECT_NE(before.actual.find("view-contract"), std::string::npos) << before.actual;
  const ScenarioResult after = replay_scenario(load_scenario_text(text, "finding", correct),
                                               checker::finding_replay_checks());
  EXPECT_TRUE(after.passed()) << text << after.message << after.actual;
}

TEST(Fuzz, AnEndlessGameIsReportedAtTheBoundWithNoChosenMovesLeft) {
  const Game game = testing::planted_game(PlantedBug::Endless);
  checker::FuzzSettings settings;
  settings.seed = 7;
  settings.max_steps = 40;
  const auto finding = first_finding(game, settings, 5);
  ASSERT_TRUE(finding);
  EXPECT_EQ(finding->failure.property, "possible-infinite-game");
  EXPECT_EQ(checker::trace_length(*finding), 40U);
  // Every chosen move shrank away: random play alone never ends.
  EXPECT_EQ(finding->failure.chosen, 0U);
}

TEST(Fuzz, AFindingsScenarioFailsUntilTheBugIsFixed) {
  for (const PlantedBug bug : {PlantedBug::Invariant, PlantedBug::YamlLosesTurn,
                               PlantedBug::AcceptsIllegal, PlantedBug::Stuck}) {
    Registry buggy, fixed;
    buggy.add(testing::planted_game(bug));
    fixed.add(testing::planted_game(PlantedBug::None));
    checker::FuzzSettings settings;
    settings.seed = 11;
    const Game& game = *buggy.find("planted");
    const auto finding = first_finding(game, settings, 20);
    ASSERT_TRUE(finding);
    const std::string text = checker::finding_scenario(game, Variant(game), *finding, "a test");
    const ScenarioResult before =
        replay_scenario(load_scenario_text(text, "finding", buggy), properties());
    EXPECT_EQ(before.status, ScenarioResult::Status::Failed) << text;
    const ScenarioResult after =
        replay_scenario(load_scenario_text(text, "finding", fixed), properties());
    EXPECT_TRUE(after.passed()) << text << after.message << after.expected << after.actual;
  }
}

TEST(Fuzz, AGameOfARunDependsOnlyOnTheSeedAndItsIndex) {
  const Game& game = builtin_games().get("pass_the_pandas");
  checker::FuzzSettings settings;
  settings.seed = 99;
  const checker::GameRun first = checker::fuzz_game(game, Variant(game), settings, 5);
  checker::fuzz_game(game, Variant(game), settings, 4);  // other games in between
  const checker::GameRun again = checker::fuzz_game(game, Variant(game), settings, 5);
  EXPECT_EQ(first.steps, again.steps);
  EXPECT_EQ(first.clauses, again.clauses);
  settings.seed = 100;
  const checker::GameRun other = checker::fuzz_game(game, Variant(game), settings, 5);
  EXPECT_TRUE(other.steps != first.steps || other.clauses != first.clauses);
}

}  // namespace
}  // namespace grove
