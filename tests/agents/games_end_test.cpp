// Greedy and MCTS finish their games: in every game and at every table size
// the game allows, a few seeded games between copies of one agent must all
// end before the variant's step bound, as `grove balance` plays them. A
// balance report over games that never end says nothing, and one such game
// holds a whole run up for minutes.
//
// Searched games are slow under the sanitizers, so these carry the ctest
// label "ladder" with the strength ladder (tools/test.sh runs them in the
// optimized pass only).

#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "engine/games/builtin.hpp"
#include "reports/balance/run.hpp"

namespace grove::balance {
namespace {

struct AgentGames {
  std::string game;
  std::string agent;
  std::int64_t games = 0;
};

class GamesEnd : public ::testing::TestWithParam<AgentGames> {};

TEST_P(GamesEnd, AtEveryTableSize) {
  const AgentGames& run = GetParam();
  const Game& game = builtin_games().get(run.game);
  for (int players = game.min_players; players <= game.max_players; ++players) {
    BalanceSettings settings(game, Variant(game));
    settings.players = players;
    settings.agents = {run.agent};
    settings.games = run.games;
    settings.seed = 2026;
    const BalanceOutcome outcome = run_balance(settings, {});
    ASSERT_EQ(outcome.stopped_by, "all games played");
    std::int64_t moves = 0;
    for (const GameRecord& record : outcome.games) {
      EXPECT_TRUE(record.ended) << game.title << ", " << players << " players, " << run.agent
                                << ": game " << record.index << " (seed " << record.seed
                                << ") was cut after " << record.moves << " moves";
      moves += record.moves;
    }
    std::cout << game.title << ", " << players << " players, " << run.agent << ": "
              << outcome.games.size() << " games, " << moves / std::ssize(outcome.games)
              << " moves on average, " << outcome.seconds << " s\n";
  }
}

INSTANTIATE_TEST_SUITE_P(EveryGame, GamesEnd,
                         ::testing::Values(AgentGames{"pass_the_pandas", "greedy", 200},
                                           AgentGames{"pass_the_pandas", "mcts", 40},
                                           AgentGames{"bamboo_harvest", "greedy", 40},
                                           AgentGames{"bamboo_harvest", "mcts", 4},
                                           AgentGames{"takenoko", "greedy", 40},
                                           AgentGames{"takenoko", "mcts", 4},
                                           AgentGames{"forest_shuffle", "greedy", 40},
                                           AgentGames{"forest_shuffle", "mcts", 4}),
                         [](const ::testing::TestParamInfo<AgentGames>& param) {
                           return param.param.game + "_" + param.param.agent;
                         });

}  // namespace
}  // namespace grove::balance
