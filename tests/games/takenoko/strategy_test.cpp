// The game's heuristic, determinization, move uses and metrics: a drawn
// state looks the same to the seat and is a playable table; the heuristic
// ranks obvious positions the obvious way; and greedy players end their
// games. How strongly the agents play is measured in
// tests/agents/ladder_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/agents/greedy.hpp"
#include "engine/core/agent.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"
#include "tests/support/determinization.hpp"

namespace grove::takenoko {
namespace {

std::unique_ptr<Rules> rules_for(int players, const std::string& setting = "") {
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  if (!setting.empty()) variant.set_parameter_text(setting);
  return game.rules(variant, players);
}

std::unique_ptr<State> from_yaml(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "start"));
}

struct Played {
  bool finished = false;
  std::vector<int> place;
  std::int64_t steps = 0;
};

// One game, each seat played by its agent, chance drawn from `rng`.
Played play(const Rules& rules, const std::vector<Agent*>& agents, Rng rng, EventLog* log = nullptr,
            std::unique_ptr<State>* last = nullptr) {
  auto state = rules.initial_state();
  Played played;
  RandomAgent chance;
  for (; rules.node(*state).kind != NodeKind::Terminal && played.steps < rules.step_bound();
       ++played.steps) {
    const Node node = rules.node(*state);
    Agent& agent =
        node.kind == NodeKind::Decision ? *agents[static_cast<std::size_t>(node.actor)] : chance;
    const Move move = next_move(rules, *state, agent, rng);
    if (!rules.apply(*state, move, log).is_legal()) {
      ADD_FAILURE() << "refused: " << rules.move_text(move);
      break;
    }
  }
  played.finished = rules.node(*state).kind == NodeKind::Terminal;
  if (played.finished) played.place = rules.outcome(*state).place;
  if (last != nullptr) *last = std::move(state);
  return played;
}

// --- determinize -------------------------------------------------------------

// States along random games of every player count, some in the advanced
// variant (cards go under the objective piles there).
std::vector<std::unique_ptr<State>> states_along_games(const Rules& rules, std::uint64_t seed,
                                                       int games, int every) {
  std::vector<std::unique_ptr<State>> states;
  RandomAgent agent;
  for (int game = 0; game < games; ++game) {
    Rng rng = Rng(seed).derive(static_cast<std::uint64_t>(game));
    auto state = rules.initial_state();
    for (int step = 0; step < 1500 && rules.node(*state).kind != NodeKind::Terminal; ++step) {
      if (step % every == 0) states.push_back(state->clone());
      EXPECT_TRUE(rules.apply(*state, next_move(rules, *state, agent, rng), nullptr).is_legal());
    }
    states.push_back(state->clone());
  }
  return states;
}

bool others_hold_one_of_several_kinds(const Position& position, Seat seat) {
  std::array<int, kObjectiveKinds> pool{};
  bool held = false;
  for (const ObjectivePile& pile : position.objectives) {
    for (std::size_t id = 0; id < kObjectiveKinds; ++id)
      pool[id] += pile.count_of(static_cast<int>(id));
  }
  for (Seat other = 0; other < static_cast<Seat>(position.players.size()); ++other) {
    if (other == seat) continue;
    const Player& player = position.players[static_cast<std::size_t>(other)];
    held = held || player.hand_size() > 0;
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) pool[id] += player.hand[id];
  }
  return held && std::count_if(pool.begin(), pool.end(), [](int count) { return count > 0; }) > 1;
}

TEST(StrategyDeterminize, KeepsTheObservationAndTheInvariantsAndDependsOnlyOnWhatTheSeatSees) {
  for (int players = 2; players <= 4; ++players) {
    for (const std::string setting : {"", "advanced_objectives=true"}) {
      const auto rules = rules_for(players, setting);
      const auto states =
          states_along_games(*rules, 7 + static_cast<std::uint64_t>(players), 2, 60);
      int hidden = 0;
      int varied = 0;
      for (std::size_t i = 0; i < states.size(); ++i) {
        const State& state = *states[i];
        for (Seat seat = 0; seat < players; ++seat) {
          Rng rng(1000 + i * 8 + static_cast<std::size_t>(seat));
          const Rng same = rng;
          const auto drawn = rules->determinize(state, seat, rng);
          ASSERT_TRUE(testing::drawn_alike(*rules, state, seat, *drawn, same))
              << rules->state_summary(state);
          // Another state the seat cannot tell from this one gives the
          // same drawing from the same generator.
          Rng other(99 + i);
          const auto twin = rules->determinize(state, seat, other);
          ASSERT_TRUE(testing::drawn_alike(*rules, state, seat, *twin, same))
              << players << " players, state " << i;
          // Another player holds cards, and what they could be is not all
          // one kind: the drawings differ between generators.
          if (others_hold_one_of_several_kinds(position_of<Position>(state), seat)) {
            ++hidden;
            std::set<std::uint64_t> hashes;
            for (std::uint64_t seed = 0; seed < 8; ++seed) {
              Rng each(seed);
              hashes.insert(rules->determinize(state, seat, each)->hash());
            }
            if (hashes.size() > 1) ++varied;
          }
        }
      }
      EXPECT_GT(hidden, 0);
      EXPECT_EQ(varied, hidden) << players << " players " << setting;
    }
  }
}

TEST(StrategyDeterminize, OtherPlayersHandsAreRedealtAndOwnHandKept) {
  const auto rules = rules_for(3);
  const auto state = from_yaml(*rules,
                               "players:\n"
                               "  P1: {hand: [plot-green-line, panda-2-green]}\n"
                               "  P2: {hand: [gardener-pink-3x2, panda-2-pink, plot-pink-line]}\n"
                               "  P3: {hand: [panda-3-colours]}\n");
  std::set<std::array<std::uint8_t, kObjectiveKinds>> p2_hands;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng(seed);
    const auto drawn = rules->determinize(*state, 0, rng);
    const Position& position = position_of<Position>(*drawn);
    EXPECT_EQ(position.players[0].hand, position_of<Position>(*state).players[0].hand);
    EXPECT_EQ(position.players[1].hand_size(), 3);
    EXPECT_EQ(position.players[2].hand_size(), 1);
    p2_hands.insert(position.players[1].hand);
  }
  EXPECT_GT(p2_hands.size(), 30u);
}

TEST(StrategyDeterminize, DrawnStatesPlayToTheEndUnderRandomPlay) {
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    const auto states = states_along_games(*rules, 31, 1, 100);
    RandomAgent agent;
    for (std::size_t i = 0; i < states.size(); ++i) {
      const Seat seat = static_cast<Seat>(i % static_cast<std::size_t>(players));
      Rng rng(i);
      auto drawn = rules->determinize(*states[i], seat, rng);
      for (std::int64_t step = 0;
           step < rules->step_bound() && rules->node(*drawn).kind != NodeKind::Terminal; ++step) {
        const Move move = next_move(*rules, *drawn, agent, rng);
        ASSERT_TRUE(rules->apply(*drawn, move, nullptr).is_legal()) << rules->move_text(move);
      }
      EXPECT_TRUE(rules->invariant_violations(*drawn).empty());
    }
  }
}

// --- heuristic ---------------------------------------------------------------

TEST(StrategyHeuristic, CompletedPointsCountMost) {
  const auto rules = rules_for(2);
  const auto state = from_yaml(*rules,
                               "players:\n"
                               "  P1: {completed: [gardener-green-3x4, panda-2-pink]}\n"
                               "  P2: {completed: [plot-green-line]}\n");
  EXPECT_GT(rules->heuristic(*state, 0), rules->heuristic(*state, 1) + 8);
}

TEST(StrategyHeuristic, AMetObjectiveInHandIsWorthLessThanCompletedAndMoreThanAFarOne) {
  const auto rules = rules_for(2);
  // P1 holds a panda card it meets, P2 the same card with nothing eaten.
  const auto held = from_yaml(*rules,
                              "players:\n"
                              "  P1: {hand: [panda-2-yellow], eaten: {yellow: 2}}\n"
                              "  P2: {hand: [panda-2-yellow]}\n");
  EXPECT_GT(rules->heuristic(*held, 0), rules->heuristic(*held, 1) + 2);
  auto completed = held->clone();
  ASSERT_TRUE(rules->apply_text(*completed, "P1 completes panda-2-yellow", nullptr).is_legal());
  EXPECT_GT(rules->heuristic(*completed, 0), rules->heuristic(*held, 0));
}

TEST(StrategyHeuristic, ProgressOnTheTableTowardsTheCardsInHandCounts) {
  const auto rules = rules_for(2);
  // Two green plots in a line, a third would finish P1's line; P2 needs
  // pink plots and there are none. A tall green bamboo helps P1's gardener
  // card, not P2's pink one.
  const auto state = from_yaml(*rules,
                               "plantation:\n"
                               "  - {at: [1, 0], colour: green, height: 3}\n"
                               "  - {at: [1, 1], colour: green}\n"
                               "  - {at: [0, 1], colour: yellow}\n"
                               "players:\n"
                               "  P1: {hand: [plot-green-line, gardener-green-4-none]}\n"
                               "  P2: {hand: [plot-pink-line, gardener-pink-4-none]}\n");
  EXPECT_GT(rules->heuristic(*state, 0), rules->heuristic(*state, 1) + 2);
  // The gardener growing the green bamboo to 4 raises P1's figure.
  auto grown = state->clone();
  ASSERT_TRUE(rules->apply_text(*grown, "P1 moves gardener to 1,0", nullptr).is_legal());
  EXPECT_GT(rules->heuristic(*grown, 0), rules->heuristic(*state, 0) + 0.5);
  EXPECT_DOUBLE_EQ(rules->heuristic(*grown, 1), rules->heuristic(*state, 1));
}

TEST(StrategyHeuristic, AFigureDoesNotDependOnWhatWasAskedBefore) {
  // The plantation's survey stands from one position to the next while the
  // plantation is unchanged: asked in any order, with the rules of another
  // variant asking in between, every figure is the same.
  const auto rules = rules_for(3);
  Variant variant(builtin_games().get("takenoko"));
  variant.set_ruling_text("tk.channel_beside_empty=one_plot");
  const auto other_ruling = builtin_games().get("takenoko").rules(variant, 3);
  const auto states = states_along_games(*rules, 5, 2, 7);
  std::vector<std::vector<double>> forward;
  for (const auto& state : states) {
    std::vector<double> values;
    rules->heuristics(*state, values);
    forward.push_back(values);
    for (Seat seat = 0; seat < 3; ++seat) {
      EXPECT_EQ(rules->heuristic(*state, seat), values[static_cast<std::size_t>(seat)]);
    }
  }
  std::vector<double> values;
  std::vector<double> other;
  for (std::size_t i = states.size(); i-- > 0;) {
    other_ruling->heuristics(*states[i], other);
    rules->heuristics(*states[i], values);
    EXPECT_EQ(values, forward[i]) << "state " << i;
  }
}

TEST(StrategyHeuristic, GreedyPlacesTheTileThatFinishesItsPattern) {
  const auto rules = rules_for(2);
  const auto state = from_yaml(*rules,
                               "step: place_plot\n"
                               "actions: [plots]\n"
                               "kept: green\n"
                               "plantation:\n"
                               "  - {at: [1, 0], colour: green}\n"
                               "  - {at: [1, -1], colour: yellow}\n"
                               "  - {at: [0, 1], colour: pink}\n"
                               "players:\n"
                               "  P1: {hand: [plot-green-line]}\n"
                               "  P2: {}\n");
  GreedyAgent greedy;
  std::map<std::string, int> chosen;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Rng rng(seed);
    ++chosen[rules->move_text(greedy.choose(*rules, *state, rng))];
  }
  // Next to the green plot, where a line can grow: not next to the pond,
  // where the tile would be alone among other colours.
  for (const auto& [move, count] : chosen) {
    EXPECT_TRUE(move == "P1 places green at 2,-1" || move == "P1 places green at 1,1") << move;
  }
}

// --- move_use and game_metrics -------------------------------------------------

TEST(StrategyMoveUse, NamesTheActionAndTheCardOrTile) {
  const auto rules = rules_for(2);
  const auto state = from_yaml(*rules,
                               "plantation:\n"
                               "  - {at: [1, 0], colour: pink, height: 2}\n"
                               "players:\n"
                               "  P1: {hand: [plot-green-line], eaten: {green: 2}}\n"
                               "  P2: {}\n");
  auto use = [&](const std::string& text) {
    const MoveParse parsed = rules->parse_move(text);
    EXPECT_TRUE(parsed.ok()) << text;
    return rules->move_use(*state, parsed.move);
  };
  EXPECT_EQ(use("P1 moves panda to 1,0").action, "panda action");
  EXPECT_EQ(use("P1 moves panda to 1,0").item, "pink plot");
  EXPECT_EQ(use("P1 moves panda to 0,0").item, "the pond");
  EXPECT_EQ(use("P1 moves gardener to 1,0").action, "gardener action");
  EXPECT_EQ(use("P1 draws objective panda").action, "objective action");
  EXPECT_EQ(use("P1 draws objective panda").item, "panda objectives");
  EXPECT_EQ(use("P1 completes panda-2-green").action, "complete panda");
  EXPECT_EQ(use("P1 completes panda-2-green").item, "2 green sections (panda, 3 points)");
  EXPECT_EQ(use("plot P1 pink-watershed").action, "draw plot");
  EXPECT_EQ(use("plot P1 pink-watershed").item, "pink plot tile with watershed");
  EXPECT_EQ(use("objective P1 gardener-pink-3x2").item, "2 pink bamboos of 3 (gardener, 6 points)");
  EXPECT_EQ(use("objective P1 plot-green-line").item, "green line (plot, 2 points)");
  EXPECT_EQ(use("objective P1 gardener-green-4-none").item,
            "green bamboo of 4 with no improvement (gardener, 5 points)");
  EXPECT_EQ(use("P1 ends turn").action, "end turn");
  EXPECT_EQ(use("P1 ends turn").item, "");
}

TEST(StrategyMetrics, AddUpToTheScoreOfAFinishedGame) {
  const auto rules = rules_for(3);
  GreedyAgent a, b, c;
  EventLog log;
  std::unique_ptr<State> last;
  const Played played = play(*rules, {&a, &b, &c}, Rng(5), &log, &last);
  ASSERT_TRUE(played.finished);
  const auto metrics = rules->game_metrics(*last, log);
  std::map<std::pair<std::string, Seat>, double> by;
  for (const GameMetric& metric : metrics) by[{metric.name, metric.seat}] = metric.value;
  const Outcome outcome = rules->outcome(*last);
  const Position& position = position_of<Position>(*last);
  double emperors = 0;
  for (Seat seat = 0; seat < 3; ++seat) {
    const double points = by.at({"points: plot", seat}) + by.at({"points: gardener", seat}) +
                          by.at({"points: panda", seat}) + by.at({"points: emperor", seat});
    EXPECT_EQ(points, outcome.score[static_cast<std::size_t>(seat)]);
    EXPECT_EQ(by.at({"objectives", seat}), by.at({"objectives: plot", seat}) +
                                               by.at({"objectives: gardener", seat}) +
                                               by.at({"objectives: panda", seat}));
    EXPECT_EQ(by.at({"objectives", seat}),
              position.players[static_cast<std::size_t>(seat)].completed_count());
    emperors += by.at({"emperor card", seat});
  }
  EXPECT_EQ(emperors, 1);
  EXPECT_EQ(by.at({"finished", kNoSeat}), 1);
  // Every plot in the plantation was placed by someone.
  double placed = 0;
  for (Seat seat = 0; seat < 3; ++seat) placed += by.at({"plots placed", seat});
  EXPECT_EQ(placed, by.at({"plots in plantation", kNoSeat}));
  EXPECT_EQ(placed, static_cast<double>(position.plots.size()));
}

// --- strength ----------------------------------------------------------------

// Random play often never ends (hands full of objectives nobody can meet);
// greedy players complete their objectives and end the game.
TEST(StrategyStrength, GreedyPlayersFinishTheirGames) {
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    std::vector<GreedyAgent> greedy(static_cast<std::size_t>(players));
    std::vector<Agent*> agents;
    for (GreedyAgent& agent : greedy) agents.push_back(&agent);
    const Played played = play(*rules, agents, Rng(77).derive(static_cast<std::uint64_t>(players)));
    EXPECT_TRUE(played.finished) << players << " players";
  }
}

}  // namespace
}  // namespace grove::takenoko
