// Greedy and MCTS finish their games: in every game and at every table size
// the game allows, a few seeded games between copies of one agent must all
// end before the variant's step bound, as `grove balance` plays them; and a
// full-budget game where MCTS once chose an illegal move plays legally. A
// balance report over games that never end says nothing, and one such game
// holds a whole run up for minutes.
//
// Searched games are slow under the sanitizers, so these carry the ctest
// label "ladder" with the strength ladder (tools/test.sh runs them in the
// optimized pass only).

#include <gtest/gtest.h>

#include <iostream>
#include <ostream>
#include <string>

#include "engine/agents/agents.hpp"
#include "engine/games/builtin.hpp"
#include "reports/balance/run.hpp"

namespace grove::balance {
namespace {

struct AgentGames {
  std::string game;
  std::string agent;
  std::int64_t games = 0;
};

// How ctest and gtest name a case (rather than its bytes).
void PrintTo(const AgentGames& games, std::ostream* out) {
  *out << games.game << " with " << games.agent;
}

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

TEST(MctsKeptSubtree, OffersOnlyMovesLegalInTheRealGame) {
  // MCTS keeps the subtree below its move for the seat's next decision, and
  // that subtree grew in drawn worlds. In this game of the strength ladder
  // the drawn worlds let P2 keep a plot tile where the real game had
  // already kept one (fewer tiles were left to draw), and MCTS chose that
  // move until the root kept only the moves legal in the real game.
  const Game& game = builtin_games().get("takenoko");
  const std::unique_ptr<Rules> rules = game.rules(Variant(game), 2);
  grove::Table table(15924155627080437031ULL, {"greedy", "mcts"});
  std::unique_ptr<State> state = rules->initial_state();
  for (int step = 0; step < 5000 && rules->node(*state).kind != NodeKind::Terminal; ++step) {
    const Move move = table.next_move(*rules, *state);
    const Verdict verdict = rules->apply(*state, move, nullptr);
    ASSERT_TRUE(verdict.is_legal()) << rules->move_text(move) << ": " << verdict.reason();
  }
  EXPECT_EQ(rules->node(*state).kind, NodeKind::Terminal);
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
