// The agents, over every registered game: a determinization looks the same
// to its seat, breaks no invariant and depends only on what the seat sees;
// greedy and MCTS choose the same move in two states their seat cannot tell
// apart; every seat's heuristic at once equals each seat's own; agents are
// named as the command line names them.

#include "engine/agents/agents.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "engine/agents/greedy.hpp"
#include "engine/agents/mcts.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/determinization.hpp"

namespace grove {
namespace {

// States along a random game of `game`, every `every` moves.
std::vector<std::unique_ptr<State>> states_along(const Rules& rules, std::uint64_t seed, int moves,
                                                 int every) {
  std::vector<std::unique_ptr<State>> states;
  std::unique_ptr<State> state = rules.initial_state();
  Rng rng(seed);
  RandomAgent random;
  for (int step = 0; step < moves && rules.node(*state).kind != NodeKind::Terminal; ++step) {
    if (step % every == 0) states.push_back(state->clone());
    const Verdict verdict = rules.apply(*state, next_move(rules, *state, random, rng), nullptr);
    EXPECT_TRUE(verdict.is_legal()) << verdict.reason();
  }
  return states;
}

class EveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  const Game& game() const { return builtin_games().get(GetParam()); }
};

TEST_P(EveryGame, ADeterminizationLooksTheSameToItsSeatAndDependsOnNothingElse) {
  for (int players = game().min_players; players <= game().max_players; ++players) {
    const std::unique_ptr<Rules> rules = game().rules(Variant(game()), players);
    int differed = 0;
    for (const auto& state :
         states_along(*rules, 7u + static_cast<std::uint64_t>(players), 400, 25)) {
      for (Seat seat = 0; seat < players; ++seat) {
        const Rng stream(11);
        Rng draw = stream;
        const std::unique_ptr<State> seen = rules->determinize(*state, seat, draw);
        EXPECT_TRUE(testing::drawn_alike(*rules, *state, seat, *seen, stream)) << game().name;
        differed += seen->equals(*state) ? 0 : 1;
        // A state the seat cannot tell from this one draws the same.
        Rng other(12);
        const std::unique_ptr<State> lookalike = rules->determinize(*state, seat, other);
        EXPECT_TRUE(testing::drawn_alike(*rules, *state, seat, *lookalike, stream))
            << game().name << " seat " << seat_label(seat);
      }
    }
    if (!game().perfect_information) {
      EXPECT_GT(differed, 0) << game().name << ": nothing hidden was ever drawn differently";
    } else {
      EXPECT_EQ(differed, 0) << game().name << ": a game of perfect information changed";
    }
  }
}

TEST_P(EveryGame, EverySeatsHeuristicAtOnceIsEachSeatsOwn) {
  // A game may compute every seat's figure in one pass (Rules::heuristics);
  // agents must see the values heuristic() gives seat by seat.
  for (int players = game().min_players; players <= game().max_players; ++players) {
    const std::unique_ptr<Rules> rules = game().rules(Variant(game()), players);
    std::vector<double> all;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      for (const auto& state : states_along(*rules, seed, 5000, 7)) {
        rules->heuristics(*state, all);
        ASSERT_EQ(all.size(), static_cast<std::size_t>(players));
        for (Seat seat = 0; seat < players; ++seat) {
          EXPECT_EQ(all[static_cast<std::size_t>(seat)], rules->heuristic(*state, seat))
              << game().name << " " << players << " players, " << seat_label(seat) << ": "
              << rules->state_summary(*state);
        }
      }
    }
  }
}

TEST_P(EveryGame, AgentsChooseFromWhatTheirSeatSees) {
  // The largest table, where every game has real choices.
  const std::unique_ptr<Rules> rules = game().rules(Variant(game()), game().max_players);
  std::vector<std::unique_ptr<State>> states;
  for (std::uint64_t seed = 1; seed < 20 && states.size() < 30; ++seed) {
    for (auto& state : states_along(*rules, seed, 300, 7)) states.push_back(std::move(state));
  }
  int decisions = 0;
  for (const auto& state : states) {
    const Node node = rules->node(*state);
    if (node.kind != NodeKind::Decision) continue;
    ++decisions;
    Rng other(99);
    const std::unique_ptr<State> lookalike = rules->determinize(*state, node.actor, other);
    GreedyAgent greedy;
    MctsSettings settings;
    settings.iterations = 20;
    MctsAgent mcts(settings);
    for (Agent* agent : std::initializer_list<Agent*>{&greedy, &mcts}) {
      Rng first(5);
      Rng second(5);
      EXPECT_EQ(agent->choose(*rules, *state, first), agent->choose(*rules, *lookalike, second))
          << game().name << ": " << agent->name() << " looked at what " << seat_label(node.actor)
          << " cannot see";
    }
  }
  EXPECT_GT(decisions, 3);
}

TEST_P(EveryGame, MctsPlaysOnlyLegalMovesThroughAWholeGame) {
  // With the subtree kept from one decision to the next and early stops,
  // over whole games; a short search so that it runs under the sanitizers
  // too (games_end_test.cpp replays a full-budget game that once failed).
  const std::unique_ptr<Rules> rules = game().rules(Variant(game()), game().min_players);
  for (std::uint64_t seed = 0; seed < 2; ++seed) {
    Table table(seed,
                std::vector<std::string>(static_cast<std::size_t>(game().min_players), "mcts:24"));
    std::unique_ptr<State> state = rules->initial_state();
    for (int step = 0; step < 3000 && rules->node(*state).kind != NodeKind::Terminal; ++step) {
      const Move move = table.next_move(*rules, *state);
      const Verdict verdict = rules->apply(*state, move, nullptr);
      ASSERT_TRUE(verdict.is_legal())
          << game().name << ": MCTS chose " << rules->move_text(move) << ": " << verdict.reason();
    }
  }
}

TEST_P(EveryGame, MctsWithoutABudgetSearchesAsLongAsTheGameSuggests) {
  // `mcts` plays as `mcts:N` with N the game's own suggestion, move for
  // move over the first decisions of a game.
  const std::unique_ptr<Rules> rules = game().rules(Variant(game()), game().min_players);
  const auto seats = static_cast<std::size_t>(game().min_players);
  Table plain(3, std::vector<std::string>(seats, "mcts"));
  Table budgeted(
      3, std::vector<std::string>(seats, "mcts:" + std::to_string(rules->search_iterations())));
  std::unique_ptr<State> state = rules->initial_state();
  for (int decisions = 0; decisions < 6 && rules->node(*state).kind != NodeKind::Terminal;) {
    const bool decision = rules->node(*state).kind == NodeKind::Decision;
    const Move move = plain.next_move(*rules, *state);
    ASSERT_EQ(move, budgeted.next_move(*rules, *state))
        << game().name << ": mcts and mcts:" << rules->search_iterations() << " differ at "
        << rules->state_summary(*state);
    ASSERT_TRUE(rules->apply(*state, move, nullptr).is_legal());
    decisions += decision ? 1 : 0;
  }
}

INSTANTIATE_TEST_SUITE_P(Agents, EveryGame, ::testing::ValuesIn(builtin_games().names()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           return param.param;
                         });

TEST(AgentNames, AreReadAsTheCommandLineWritesThem) {
  EXPECT_EQ(make_agent("random")->name(), "random");
  EXPECT_EQ(make_agent("greedy")->name(), "greedy");
  EXPECT_EQ(make_agent("mcts")->name(), "mcts");
  EXPECT_EQ(make_agent("mcts:500")->name(), "mcts:500");
  EXPECT_EQ(make_agent("mcts:500:0")->name(), "mcts:500:0");
  EXPECT_EQ(make_agent("mcts:ms=50")->name(), "mcts:ms=50");
  EXPECT_EQ(make_agent("mcts:ms=50:10")->name(), "mcts:ms=50:10");
  EXPECT_EQ(parse_agent_list("mcts, greedy,random"),
            (std::vector<std::string>{"mcts", "greedy", "random"}));
  EXPECT_THROW(make_agent("grredy"), InputError);
  EXPECT_THROW(make_agent("greedy:5"), InputError);
  EXPECT_THROW(make_agent("mcts:x"), InputError);
  EXPECT_THROW(make_agent("mcts:ms=0"), InputError);
  EXPECT_THROW(make_agent("mcts:ms=fast"), InputError);
  EXPECT_THROW(parse_agent_list("mcts,,random"), InputError);
  // A playout length alone has no name to go by ('mcts:500:10' gives both).
  MctsSettings playout_only;
  playout_only.playout_moves = 10;
  EXPECT_THROW(MctsAgent{playout_only}, std::invalid_argument);
}

}  // namespace
}  // namespace grove
