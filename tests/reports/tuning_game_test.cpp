// The tuning game plays as its header promises, so that a tuner tested on
// it is judged against the right optimum: P1 wins edge/20 of the games and
// every game is rounds + 1 moves long.

#include "tests/reports/tuning_game.hpp"

#include <gtest/gtest.h>

#include "reports/balance/run.hpp"

namespace grove::testing {
namespace {

const Game& game() {
  static const Game tuning = tuning_game();
  return tuning;
}

balance::BalanceSettings settings_at(int edge, int rounds, std::int64_t games) {
  balance::BalanceSettings settings(game(), Variant(game()));
  settings.variant.set_parameter_text("edge=" + std::to_string(edge));
  settings.variant.set_parameter_text("rounds=" + std::to_string(rounds));
  settings.players = 2;
  settings.agents = {"random"};
  settings.games = games;
  settings.seed = 2026;
  return settings;
}

// P1's share of the games, all of which must have ended after rounds + 1
// moves.
double p1_share(const balance::BalanceOutcome& outcome, int rounds) {
  std::int64_t p1_wins = 0;
  for (const balance::GameRecord& record : outcome.games) {
    EXPECT_TRUE(record.ended) << "game " << record.index;
    EXPECT_EQ(record.moves, rounds + 1) << "game " << record.index;
    EXPECT_EQ(record.decisions, rounds) << "game " << record.index;
    EXPECT_EQ(record.winners().size(), 1u) << "game " << record.index;
    if (record.ended && record.places.at(0) == 1) ++p1_wins;
  }
  return static_cast<double>(p1_wins) / static_cast<double>(outcome.games.size());
}

TEST(TuningGame, AnEvenEdgeGivesAnEvenGameOfRoundsPlusOneMoves) {
  const balance::BalanceOutcome outcome = run_balance(settings_at(10, 4, 400), {});
  ASSERT_EQ(outcome.games.size(), 400u);
  // Both games of a block are dealt from its seed, so they share their draw:
  // this is 200 independent draws, with a standard deviation of 0.035 in
  // the share. The band is over four of those each way, so that a change
  // of random streams is very unlikely to fail it, and it still tells 0.5
  // from the shares of a misread edge (0.25 at the default, 0 or 1).
  const double share = p1_share(outcome, 4);
  EXPECT_GT(share, 0.35);
  EXPECT_LT(share, 0.65);
}

TEST(TuningGame, TheExtremeEdgesDecideEveryGame) {
  EXPECT_EQ(p1_share(run_balance(settings_at(20, 3, 40), {}), 3), 1.0);
  EXPECT_EQ(p1_share(run_balance(settings_at(0, 1, 40), {}), 1), 0.0);
}

TEST(TuningGame, TheCallChangesNothingAndADrawThatCannotHappenIsNotListed) {
  Variant variant(game());
  variant.set_parameter_text("edge=0");
  variant.set_parameter_text("rounds=1");
  const std::unique_ptr<Rules> rules = game().rules(variant, 2);
  std::vector<Move> moves;
  const std::unique_ptr<State> start = rules->initial_state();
  rules->legal_moves(*start, moves);
  ASSERT_EQ(moves.size(), 2u);
  std::vector<std::unique_ptr<State>> after;
  for (const Move& move : moves) {
    EXPECT_EQ(rules->parse_move(rules->move_text(move)).move, move);
    after.push_back(start->clone());
    ASSERT_TRUE(rules->apply(*after.back(), move, nullptr).is_legal());
  }
  EXPECT_TRUE(after[0]->equals(*after[1]));
  std::vector<ChanceOutcome> outcomes;
  rules->chance_outcomes(*after[0], outcomes);
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(rules->move_text(outcomes[0].move), "P2 wins the draw");
  EXPECT_TRUE(outcomes[0].probability.is_one());
  EXPECT_FALSE(rules->apply_text(*after[0], "P1 wins the draw", nullptr).is_legal());
  // The YAML form gives the same state back.
  EXPECT_TRUE(rules->state_from_yaml(rules->state_to_yaml(*after[0]))->equals(*after[0]));
}

}  // namespace
}  // namespace grove::testing
