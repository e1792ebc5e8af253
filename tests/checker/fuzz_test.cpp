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
#include "tests/support/sanitizers.hpp"

namespace grove {
namespace {

using testing::PlantedBug;

ReplayChecks properties() {
  return ReplayChecks{checker::broken_properties, checker::end_unreachable};
}

// The first finding in the first `games` games of a run.
std::optional<checker::Finding> first_finding(const Game& game, checker::FuzzSettings settings,
                                              int games, const Variant& base) {
  for (int index = 0; index < games; ++index) {
    checker::GameRun run =
        checker::fuzz_game(game, base, settings, static_cast<std::uint64_t>(index));
    if (run.finding) return run.finding;
  }
  return std::nullopt;
}

std::optional<checker::Finding> first_finding(const Game& game, checker::FuzzSettings settings,
                                              int games) {
  return first_finding(game, std::move(settings), games, Variant(game));
}

TEST(Fuzz, EveryRegisteredGameKeepsItsPropertiesUnderASmallBudget) {
  checker::FuzzSettings settings;
  settings.seed = 2026;
  // 60 states a game under the sanitizers (120 took 47 s there: the YAML
  // round trip at every state).
  settings.stop_after = testing::full_or_sanitized<std::int64_t>(120, 60);
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
  EXPECT_EQ(finding->failure.moves.size(), 40U);
  // Every chosen move shrank away: random play alone never ends.
  EXPECT_EQ(finding->failure.chosen, 0U);
}

// The positions a list of moves passes through from the start, the start
// first.
std::vector<std::unique_ptr<State>> positions_along(const Rules& rules,
                                                    const std::vector<Move>& moves,
                                                    std::unique_ptr<State> state) {
  std::vector<std::unique_ptr<State>> positions;
  positions.push_back(state->clone());
  for (const Move& move : moves) {
    EXPECT_TRUE(rules.apply(*state, move, nullptr).is_legal()) << rules.move_text(move);
    positions.push_back(state->clone());
  }
  return positions;
}

bool any_twice(const std::vector<std::unique_ptr<State>>& positions) {
  for (std::size_t i = 0; i < positions.size(); ++i) {
    for (std::size_t j = i + 1; j < positions.size(); ++j) {
      if (positions[i]->equals(*positions[j])) return true;
    }
  }
  return false;
}

// The finding of an endless game, as a designer reads and replays it: the
// way to a position and the loop back to it, not the thousands of moves to
// the bound.
void expect_a_lasso(const Game& game, const Variant& base, const checker::Finding& finding,
                    const Registry& registry, std::size_t bound) {
  ASSERT_EQ(finding.failure.property, "possible-infinite-game");
  ASSERT_EQ(finding.failure.moves.size(), bound);
  ASSERT_TRUE(finding.lasso);
  const checker::Lasso& lasso = *finding.lasso;
  ASSERT_FALSE(lasso.loop.empty());
  EXPECT_LT(checker::trace_length(finding) * 10, bound);
  const auto rules = checker::rules_for(game, base, finding.input);
  // Neither the way to the loop nor the loop itself visits a position
  // twice; round the loop, the game is where the loop began.
  const auto way = positions_along(*rules, lasso.prefix, rules->initial_state());
  EXPECT_FALSE(any_twice(way));
  auto round = positions_along(*rules, lasso.loop, way.back()->clone());
  EXPECT_TRUE(round.back()->equals(*round.front()));
  round.pop_back();
  EXPECT_FALSE(any_twice(round));

  const std::string text = checker::finding_scenario(game, base, finding, "a test");
  const std::string back_to = std::to_string(lasso.prefix.size());
  EXPECT_NE(text.find("  # the loop: back to the position after move " + back_to + " ("),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  - expect: {same_position_as_move: " + back_to + "}"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("random:"), std::string::npos) << text;
  // Replayed, it goes round the loop (the check of the position holds)
  // and fails where the game must be over.
  const ScenarioResult replayed =
      replay_scenario(load_scenario_text(text, "finding", registry), properties());
  EXPECT_EQ(replayed.status, ScenarioResult::Status::Failed) << text;
  EXPECT_EQ(replayed.message, "the game should be over") << text;
  EXPECT_EQ(replayed.moves, static_cast<int>(checker::trace_length(finding)));
  // Without the end, the scenario passes: the loop does come back.
  const std::string shown = text.substr(0, text.find("\nend: {}") + 1);
  const ScenarioResult looped =
      replay_scenario(load_scenario_text(shown, "finding", registry), properties());
  EXPECT_TRUE(looped.passed()) << shown << looped.message << looped.expected << looped.actual;
}

TEST(Fuzz, AnEndlessGameIsWrittenAsTheLoopItGoesRound) {
  const Game game = testing::planted_game(PlantedBug::Endless);
  Registry registry;
  registry.add(testing::planted_game(PlantedBug::Endless));
  checker::FuzzSettings settings;
  settings.seed = 7;
  settings.max_steps = 2000;
  const auto finding = first_finding(game, settings, 5);
  ASSERT_TRUE(finding);
  expect_a_lasso(game, Variant(game), *finding, registry, 2000);
  // The same game gives the same scenario.
  const auto again = first_finding(game, settings, 5);
  ASSERT_TRUE(again);
  EXPECT_EQ(checker::finding_scenario(game, Variant(game), *again, "a test"),
            checker::finding_scenario(game, Variant(game), *finding, "a test"));
}

// Pass the Pandas with no water face: no die ever leaves the game, and the
// dice go round the table.
TEST(Fuzz, PassThePandasWithoutWaterIsWrittenAsItsLoop) {
  const Game& game = builtin_games().get("pass_the_pandas");
  Variant base(game);
  base.set_parameter_text("water_faces=0");
  checker::FuzzSettings settings;
  settings.seed = 4;
  // With these settings `grove fuzz`'s game 0 comes back to a position
  // after 485 moves, well within the bound.
  settings.max_steps = 1000;
  settings.draw_variant = false;
  settings.players = 3;
  const auto finding = first_finding(game, settings, 20, base);
  ASSERT_TRUE(finding);
  expect_a_lasso(game, base, *finding, builtin_games(), 1000);
}

// A game cut off before any position came back has no loop to show: the
// scenario plays the moves to the bound, and says why.
TEST(Fuzz, AnEndlessGameWithNoRepeatedPositionKeepsItsMovesAndSaysSo) {
  const Game& game = builtin_games().get("pass_the_pandas");
  checker::FuzzSettings settings;
  settings.seed = 5;
  settings.max_steps = 3;
  const auto finding = first_finding(game, settings, 4);
  ASSERT_TRUE(finding);
  ASSERT_EQ(finding->failure.property, "possible-infinite-game");
  EXPECT_FALSE(finding->lasso);
  const std::string text = checker::finding_scenario(game, Variant(game), *finding, "a test");
  EXPECT_NE(text.find("# no position repeated within these 3 moves"), std::string::npos) << text;
  EXPECT_EQ(text.find("same_position_as_move"), std::string::npos) << text;
  const ScenarioResult replayed =
      replay_scenario(load_scenario_text(text, "finding", builtin_games()), properties());
  EXPECT_EQ(replayed.message, "the game should be over") << text;
  EXPECT_EQ(replayed.moves, 3);
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
