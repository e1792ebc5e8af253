// grove tune's search, judged on the tuning game, whose optimum is known
// exactly (tests/reports/tuning_game.hpp): the first player's advantage is
// 0 at edge = 10, and a game is rounds + 1 moves long.

#include "reports/balance/tune.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/core/errors.hpp"
#include "reports/balance/run.hpp"
#include "tests/reports/tuning_game.hpp"

namespace grove::testing {
namespace {

const Game& game() {
  static const Game tuning = tuning_game();
  return tuning;
}

balance::TuneInfo planned(const std::vector<std::string>& vary,
                          const std::vector<std::string>& targets, std::int64_t budget,
                          std::uint64_t seed) {
  balance::TuneInfo info;
  info.game = game().name;
  info.axes = balance::parse_candidates(game(), vary, {}, {}).axes;
  info.players = 2;
  info.agents = {"random"};
  info.seed = seed;
  info.budget = budget;
  for (const std::string& target : targets)
    info.targets.push_back(balance::parse_tune_target(target));
  balance::plan_tune(info);
  return info;
}

// Plays every trial the tune asks for, as grove tune does but unstored.
balance::TuneSummary tuned(const balance::TuneInfo& info) {
  balance::Tune tune(info);
  balance::SweepGrid grid;
  grid.axes = info.axes;
  for (std::vector<balance::TuneTrial> stage = tune.pending(); !stage.empty();
       stage = tune.pending()) {
    for (const balance::TuneTrial& trial : stage) {
      balance::BalanceSettings settings(
          game(), grid.variant(Variant(game()), static_cast<std::size_t>(trial.candidate)));
      settings.players = info.players;
      settings.agents = info.agents;
      settings.seed = trial.seed;
      settings.games = trial.games;
      tune.add(trial, balance::run_balance(settings, {}).games);
    }
  }
  return tune.summary();
}

std::int64_t budget_spent(const balance::TuneSummary& summary) { return summary.games; }

TEST(TunePlan, SplitsTheBudgetIntoHalvingRoundsAndAConfirmation) {
  const balance::TuneInfo info = planned({"edge"}, {"first_player_advantage=0"}, 4000, 1);
  EXPECT_EQ(info.candidates, 21);
  EXPECT_EQ(info.tried.size(), 21u);  // 21 -> 11 -> 6 -> 3: three rounds
  EXPECT_EQ(info.search_rounds, 3);
  EXPECT_EQ(info.confirmation_budget, 1000);
  EXPECT_EQ(info.round_budget, 1000);
}

TEST(TunePlan, TriesARandomSubsetWhenTheBudgetCannotLookAtEveryCandidate) {
  // 21 x 12 = 252 candidates; 1,000 games cannot give each 8 first.
  const balance::TuneInfo info = planned({"edge", "rounds"}, {"first_player_advantage=0"}, 1000, 7);
  EXPECT_EQ(info.candidates, 252);
  ASSERT_LT(info.tried.size(), 252u);
  ASSERT_GT(info.tried.size(), balance::kFinalists);
  const std::set<std::int64_t> distinct(info.tried.begin(), info.tried.end());
  EXPECT_EQ(distinct.size(), info.tried.size());
  EXPECT_TRUE(std::is_sorted(info.tried.begin(), info.tried.end()));
  EXPECT_GE(info.tried.front(), 0);
  EXPECT_LT(info.tried.back(), 252);
  // Each tried candidate gets its first look of four blocks.
  EXPECT_GE(info.round_budget / static_cast<std::int64_t>(info.tried.size()),
            balance::kFirstLookBlocks * 2);
  // The same seed draws the same subset.
  EXPECT_EQ(planned({"edge", "rounds"}, {"first_player_advantage=0"}, 1000, 7).tried, info.tried);
}

TEST(TunePlan, ABudgetTooSmallSaysTheSmallestThatWorks) {
  try {
    planned({"edge"}, {"first_player_advantage=0"}, 30, 1);
    FAIL() << "a budget of 30 games was accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "--budget: '30': too small to tune: at least 96 games are needed to try 4 "
                 "candidates with 8 games each first and confirm 3");
  }
}

TEST(TuneTarget, ReadsAValueOrABandAndRefusesAnythingElse) {
  const balance::TuneTarget band = balance::parse_tune_target("length=40:60");
  EXPECT_EQ(band.key, "length");
  EXPECT_EQ(band.low, 40);
  EXPECT_EQ(band.high, 60);
  EXPECT_TRUE(balance::parse_tune_target("first_player_advantage=0").single());
  EXPECT_THROW(balance::parse_tune_target("length"), InputError);
  EXPECT_THROW(balance::parse_tune_target("length=60:40"), InputError);
  EXPECT_THROW(balance::parse_tune_target("first_player_advantage=5%"), InputError);
}

TEST(Tune, AnUnknownFigureIsNamedWithTheClosestOne) {
  balance::TuneInfo info = planned({"edge"}, {"lenght=5"}, 2000, 1);
  try {
    tuned(info);
    FAIL() << "a target of an unknown figure was accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("did you mean 'length'"), std::string::npos)
        << error.what();
  }
}

TEST(Tune, FindsTheEvenEdgeAndSpendsItsGamesNearIt) {
  // Over several seeds, so that one lucky draw cannot pass the test.
  for (const std::uint64_t seed : {1, 2, 3, 4, 5}) {
    SCOPED_TRACE(seed);
    const balance::TuneSummary summary =
        tuned(planned({"edge"}, {"first_player_advantage=0"}, 8000, seed));
    ASSERT_TRUE(summary.finished);
    EXPECT_LE(budget_spent(summary), 8000);
    const balance::TuneCandidate& best = summary.candidates.front();
    EXPECT_EQ(best.label, "edge=10");
    ASSERT_TRUE(best.overall.has_value());
    EXPECT_EQ(*best.overall, balance::TargetVerdict::WithinChance);
    EXPECT_EQ(best.confirmation_games, 2000 / 3 / 2 * 2);
    // The far edges are dropped after one round; the finalists played
    // every round, with more games each round.
    for (const balance::TuneCandidate& candidate : summary.candidates) {
      if (candidate.label == "edge=0" || candidate.label == "edge=20") {
        EXPECT_EQ(candidate.rounds, 1) << candidate.label;
        EXPECT_FALSE(candidate.finalist);
      }
      if (candidate.finalist) {
        EXPECT_EQ(candidate.rounds, summary.info.search_rounds) << candidate.label;
        EXPECT_GT(candidate.search_games, 2000 / 21 * 3) << candidate.label;
      }
    }
  }
}

TEST(Tune, FindsBothParametersOfTwoTargets) {
  // Length 6 only at rounds = 5; the first player's advantage within four
  // points of 0 only at edge = 10 (edge 9 and 11 are 5 points off).
  const balance::TuneSummary summary = tuned(
      planned({"edge", "rounds"}, {"first_player_advantage=-0.04:0.04", "length=6"}, 40000, 11));
  ASSERT_TRUE(summary.finished);
  const balance::TuneCandidate& best = summary.candidates.front();
  EXPECT_EQ(best.label, "edge=10, rounds=5");
  ASSERT_EQ(best.verdicts.size(), 2u);
  EXPECT_EQ(best.verdicts[0], balance::TargetVerdict::Meets);
  EXPECT_EQ(best.verdicts[1], balance::TargetVerdict::WithinChance);
  // The length is exact, so every other finalist's length misses unless it
  // has rounds = 5 too.
  for (const balance::TuneCandidate& candidate : summary.candidates) {
    if (!candidate.finalist || candidate.label.ends_with("rounds=5")) continue;
    EXPECT_EQ(candidate.verdicts[1], balance::TargetVerdict::Misses) << candidate.label;
  }
  const std::vector<std::string> findings = balance::tune_findings(summary);
  ASSERT_FALSE(findings.empty());
  EXPECT_NE(findings.front().find("Best: edge=10, rounds=5"), std::string::npos)
      << findings.front();
}

TEST(Tune, RefusesATrialItDidNotAskFor) {
  balance::Tune tune(planned({"edge"}, {"first_player_advantage=0"}, 3000, 4));
  balance::TuneTrial trial = tune.pending().front();
  trial.stage = 1;  // not yet
  EXPECT_THROW(tune.add(trial, {}), std::invalid_argument);
}

}  // namespace
}  // namespace grove::testing
