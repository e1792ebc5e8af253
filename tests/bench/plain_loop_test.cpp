#include <gtest/gtest.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "tools/bench/plain_pass_the_pandas.hpp"

namespace grove {
namespace {

TEST(BenchmarkBaseline, PlainLoopPlaysTheSameGamesAsTheEngine) {
  const Game& game = builtin_games().get("pass_the_pandas");
  for (int players = 2; players <= 5; ++players) {
    const auto rules = game.rules(Variant(game), players);
    const int dice =
        static_cast<int>(rules->variant().integer_for_players("dice_per_player", players));
    Rng engine_rng(99), plain_rng(99);
    RandomAgent agent;
    for (int round = 0; round < 300; ++round) {
      auto state = rules->initial_state();
      while (rules->node(*state).kind != NodeKind::Terminal) {
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, engine_rng), nullptr).is_legal());
      }
      const bench::PlainResult plain = bench::play_plain_pass_the_pandas(players, dice, plain_rng);
      ASSERT_EQ(rules->outcome(*state).winners(), std::vector<Seat>{plain.winner})
          << players << " players, game " << round;
    }
    // Same draws consumed: the streams are still in step.
    EXPECT_EQ(engine_rng.next(), plain_rng.next());
  }
}

}  // namespace
}  // namespace grove
