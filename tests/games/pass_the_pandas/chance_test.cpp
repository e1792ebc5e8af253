// A roll is one chance node over face counts with multinomial probabilities.

#include <gtest/gtest.h>

#include <map>

#include "tests/games/pass_the_pandas/table.hpp"

namespace grove::testing {
namespace {

std::vector<ChanceOutcome> outcomes_of(Table& table) {
  std::vector<ChanceOutcome> outcomes;
  table.rules().chance_outcomes(table.state(), outcomes);
  return outcomes;
}

Probability probability_of(Table& table, const std::string& roll) {
  const MoveParse parsed = table.rules().parse_move(roll);
  for (const auto& outcome : outcomes_of(table)) {
    if (outcome.move == parsed.move) return outcome.probability;
  }
  return Probability();
}

TEST(PassThePandasChance, ProbabilitiesAreTheMultinomialOnes) {
  Table table(2);
  table.start_at("players: {P1: 1, P2: 6}");
  EXPECT_EQ(outcomes_of(table).size(), 4u);
  EXPECT_EQ(probability_of(table, "roll P1 water=1"), Probability(1, 6));
  EXPECT_EQ(probability_of(table, "roll P1 blank=1"), Probability(1, 2));

  table.start_at("players: {P1: 2, P2: 6}");
  EXPECT_EQ(outcomes_of(table).size(), 10u);
  EXPECT_EQ(probability_of(table, "roll P1 blank=2"), Probability(1, 4));
  // Two different faces can come up in either order.
  EXPECT_EQ(probability_of(table, "roll P1 water=1 panda=1"), Probability(2, 36));
}

TEST(PassThePandasChance, ProbabilitiesSumToExactlyOne) {
  for (const std::string faces : {"", "water_faces=0", "blank_faces=0", "panda_faces=3"}) {
    std::vector<std::string> settings = {"dice_per_player=10"};
    if (!faces.empty()) settings.push_back(faces);
    Table table(2, settings);
    for (int dice = 0; dice <= 20; ++dice) {
      table.start_at("players: {P1: " + std::to_string(dice) + ", P2: 0}");
      Probability total;
      for (const auto& outcome : outcomes_of(table)) {
        EXPECT_FALSE(outcome.probability.is_zero());
        total = total + outcome.probability;
      }
      EXPECT_TRUE(total.is_one()) << faces << ", " << dice << " dice: " << total.to_string();
    }
  }
}

TEST(PassThePandasChance, FacesTheDieLacksNeverComeUp) {
  Table table(2, {"water_faces=0", "blank_faces=4"});
  for (const auto& outcome : outcomes_of(table)) EXPECT_EQ(outcome.move.args[0], 0);
  EXPECT_EQ(table.rejection("roll P1 water=1 blank=5"),
            "this roll shows a face the dice of this variant do not have");
}

// The fast sampler (one die at a time) must follow the listed distribution:
// a chi-squared test with a fixed seed, so the test is deterministic.
TEST(PassThePandasChance, SamplerFollowsTheListedProbabilities) {
  Table table(2);
  table.start_at("players: {P1: 3, P2: 6}");
  const auto outcomes = outcomes_of(table);
  std::map<Move, int> counts;
  Rng rng(2024);
  const int samples = 60000;
  for (int i = 0; i < samples; ++i) ++counts[table.rules().sample_chance(table.state(), rng)];
  double chi_squared = 0;
  for (const auto& outcome : outcomes) {
    const double expected = samples * outcome.probability.to_double();
    const double difference = counts[outcome.move] - expected;
    chi_squared += difference * difference / expected;
  }
  EXPECT_EQ(counts.size(), outcomes.size());
  // 19 degrees of freedom: the 0.1% critical value is 43.82.
  EXPECT_LT(chi_squared, 43.82);
}

}  // namespace
}  // namespace grove::testing
