// The game's heuristic, determinization, move uses and metrics: a
// determinized state looks the same to the seat, keeps every card in one
// place, deals the hidden deeds afresh and plays on; the path gap and the
// heuristic rank obvious positions; move uses name the action and the deed
// or card; the metrics add up (reeds in and out, builds and tokens); and
// the greedy agent, looking one move ahead with the heuristic, clearly
// beats random play.

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "engine/agents/greedy.hpp"
#include "engine/core/agent.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/determinization.hpp"

namespace grove::bamboo_harvest {
namespace {

const Game& bamboo_harvest() { return builtin_games().get("bamboo_harvest"); }

std::unique_ptr<Rules> rules_for(int players, const std::vector<std::string>& settings = {}) {
  Variant variant(bamboo_harvest());
  for (const auto& setting : settings) variant.set_parameter_text(setting);
  return bamboo_harvest().rules(variant, players);
}

const BhRules& bh(const Rules& rules) { return dynamic_cast<const BhRules&>(rules); }

std::unique_ptr<State> position(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "test"));
}

// Plays on with the random agent; false when a move is refused.
bool play_out(const Rules& rules, State& state, Rng& rng, std::int64_t steps) {
  RandomAgent agent;
  for (std::int64_t step = 0; step < steps && rules.node(state).kind != NodeKind::Terminal;
       ++step) {
    if (!rules.apply(state, next_move(rules, state, agent, rng), nullptr).is_legal()) return false;
  }
  return true;
}

// Where the deeds `seat` cannot see are: the piles and the others'
// face-down deeds, and which deeds the turn's player drew.
std::string hidden_part(const Position& position, Seat seat) {
  std::string text = cards_text(position.draw_pile) + "|" + cards_text(position.discard_pile);
  for (std::size_t other = 0; other < position.players.size(); ++other) {
    if (static_cast<Seat>(other) == seat) continue;
    const Player& player = position.players[other];
    text += "|" + cards_text(player.deeds.without(player.face_up));
  }
  return text + "|" + cards_text(position.drawn) + "|" + cards_text(position.setup_discards);
}

// How many of the places hidden from `seat` hold a card it cannot place:
// with two or more, the deeds can be dealt among them in more than one
// way. (The turn's player knows where the deeds it drew and discarded are.)
int hidden_places(const Position& position, Seat seat) {
  const CardSet discards =
      seat == position.turn ? position.discard_pile.without(position.drawn) : position.discard_pile;
  int places = (position.draw_pile.empty() ? 0 : 1) + (discards.empty() ? 0 : 1);
  for (std::size_t other = 0; other < position.players.size(); ++other) {
    const Player& player = position.players[other];
    if (static_cast<Seat>(other) != seat && !player.deeds.without(player.face_up).empty()) {
      ++places;
    }
  }
  return places;
}

TEST(StrategyDeterminize, KeepsWhatTheSeatSeesAndDealsTheRestAfresh) {
  int checked = 0;
  int hiding = 0;
  int varied = 0;
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    for (std::uint64_t game = 0; game < 2; ++game) {
      Rng rng(100 * static_cast<std::uint64_t>(players) + game);
      RandomAgent agent;
      auto state = rules->initial_state();
      for (std::int64_t step = 0; step < 3000 && rules->node(*state).kind != NodeKind::Terminal;
           ++step) {
        if (step % 19 == 0) {
          for (Seat seat = 0; seat < players; ++seat) {
            Rng first(static_cast<std::uint64_t>(step * 31 + seat));
            const auto drawn = rules->determinize(*state, seat, first);
            ASSERT_TRUE(testing::drawn_alike(*rules, *state, seat, *drawn, Rng(99)))
                << "step " << step << " seat " << seat << "\n"
                << rules->board(*state);
            // Other streams deal something else when the hidden deeds can
            // lie in more than one way.
            const Position& real = position_of<Position>(*state);
            if (hidden_places(real, seat) >= 2) {
              ++hiding;
              std::set<std::string> seen;
              for (std::uint64_t stream = 0; stream < 8; ++stream) {
                Rng other_rng(5000 + stream);
                const auto other = rules->determinize(*state, seat, other_rng);
                seen.insert(hidden_part(position_of<Position>(*other), seat));
              }
              varied += seen.size() > 1 ? 1 : 0;
            }
            ++checked;
          }
        }
        if (step % 307 == 0) {
          // The drawn state plays on to the end.
          Rng playout(static_cast<std::uint64_t>(step));
          const auto drawn = rules->determinize(*state, static_cast<Seat>(step % players), playout);
          ASSERT_TRUE(play_out(*rules, *drawn, playout, rules->step_bound()));
          ASSERT_EQ(rules->node(*drawn).kind, NodeKind::Terminal);
        }
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
    }
  }
  std::cout << checked << " determinizations, " << hiding << " with something hidden, " << varied
            << " varied\n";
  EXPECT_GT(checked, 500);
  EXPECT_GT(hiding, 450);
  EXPECT_EQ(varied, hiding);
}

// Set-up: the others' dealt deeds are all hidden, and so is which one they
// chose to discard.
TEST(StrategyDeterminize, TheOthersSetupDiscardsAreDrawnFromTheirNewHands) {
  const auto rules = rules_for(3);
  Rng rng(7);
  RandomAgent agent;
  auto state = rules->initial_state();
  // P1 and P2 have chosen their discards; P3 is choosing.
  while (rules->node(*state).kind != NodeKind::Decision || rules->node(*state).actor != 2) {
    ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
  }
  const Position& real = position_of<Position>(*state);
  ASSERT_EQ(real.step, Step::SetupDiscard);
  ASSERT_EQ(real.setup_discards.size(), 2);
  std::set<std::string> first_hands;
  for (std::uint64_t stream = 0; stream < 10; ++stream) {
    Rng draw(stream);
    const auto drawn = rules->determinize(*state, 2, draw);
    const Position& seen = position_of<Position>(*drawn);
    EXPECT_EQ(seen.players[2].deeds, real.players[2].deeds);
    for (Seat other : {0, 1}) {
      const CardSet& hand = seen.players[static_cast<std::size_t>(other)].deeds;
      EXPECT_EQ(hand.size(), 3);
      EXPECT_EQ((hand & seen.setup_discards).size(), 1) << "seat " << other;
    }
    first_hands.insert(cards_text(seen.players[0].deeds));
  }
  EXPECT_GT(first_hands.size(), 5u);
}

// A small forest for hand-written positions: 3 rows of 4 cards.
std::unique_ptr<Rules> small_forest() {
  return rules_for(2, {"forest_rows=3", "forest_columns=4", "setup_tokens=1"});
}

TEST(StrategyPathGap, APathMustIncludeAnotherPlayersToken) {
  const auto rules = small_forest();
  const auto state = position(*rules, R"(
forest:
  - 2H:P1  3H  4H:P2  5H
  - 6H:P1  7H  8H:P2  9H
  - 10H    JH  QH     KH
)");
  // Each player's own column is one build short of the south edge, but a
  // path needs another player's token: each finishes the other's column.
  const Grid& grid = bh(*rules).grid();
  std::uint64_t cells = 0;
  EXPECT_EQ(bh(*rules).path_gap(position_of<Position>(*state), 0, &cells), 1);
  EXPECT_EQ(cells, std::uint64_t{1} << *grid.parse_cell("c3"));
  EXPECT_EQ(bh(*rules).path_gap(position_of<Position>(*state), 1, &cells), 1);
  EXPECT_EQ(cells, std::uint64_t{1} << *grid.parse_cell("a3"));
}

TEST(StrategyPathGap, AtMostTwoTokensOfOneOtherPlayer) {
  const std::vector<std::string> forest = {"forest_rows=4", "forest_columns=4", "setup_tokens=1"};
  const char* yaml = R"(
forest:
  - 2H:P2  3H  4H  5H
  - 6H:P2  7H  8H  9H
  - 10H:P2 JH  QH  KH
  - 2D     3D  4D  5D
)";
  // P2's column is one build from the south edge but holds three of P2's
  // tokens; every path with at most two of them needs three builds.
  const auto rules = rules_for(2, forest);
  EXPECT_EQ(bh(*rules).path_gap(position_of<Position>(*position(*rules, yaml)), 0), 3);
  auto looser_settings = forest;
  looser_settings.push_back("path_max_from_one_other=3");
  const auto looser = rules_for(2, looser_settings);
  EXPECT_EQ(bh(*looser).path_gap(position_of<Position>(*position(*looser, yaml)), 0), 1);
  // No path at all when another player's token is required and none may be
  // used.
  auto none_settings = forest;
  none_settings.push_back("path_max_other_tokens=0");
  const auto none = rules_for(2, none_settings);
  EXPECT_EQ(bh(*none).path_gap(position_of<Position>(*position(*none, yaml)), 0), -1);
}

// A forest that looks the same from both sides: P1's token in the north-west
// corner, P2's in the north-east, each next to a 5 and a 9.
std::string mirrored(const std::string& rest, const std::string& a1 = "2H:P1",
                     const std::string& d2 = "9D") {
  return "forest:\n  - " + a1 + "  5H  5D  2D:P2\n  - 9H  3H  3D  " + d2 +
         "\n  - 7H  4H  4D  7D\n" + rest;
}

Move move(const Rules& rules, const std::string& text) {
  const MoveParse parsed = rules.parse_move(text);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error;
  return parsed.move;
}

TEST(StrategyHeuristic, TheRicherPlayerLeadsByTheReeds) {
  const auto rules = small_forest();
  const auto state = position(*rules, mirrored("players:\n  P1: {reeds: 40, up: [5S]}\n"
                                               "  P2: {reeds: 10, up: [5C]}\n"));
  EXPECT_DOUBLE_EQ(rules->heuristic(*state, 0) - rules->heuristic(*state, 1), 30);
}

TEST(StrategyHeuristic, ABuildFromAPathLeadsTwoBuildsFromOne) {
  const auto rules = small_forest();
  // P2 has a token more (and more harvest), but P1 finishes a path along
  // P2's column with one build (d3), P2 needs two along P1's.
  const auto state = position(*rules, mirrored("players:\n  P1: {reeds: 20, up: [4S]}\n"
                                               "  P2: {reeds: 20, up: [4C]}\n",
                                               "2H:P1", "9D:P2"));
  EXPECT_GT(rules->heuristic(*state, 0), rules->heuristic(*state, 1));
}

TEST(StrategyHeuristic, ADeedForACardOnThePathIsWorthMore) {
  const auto rules = small_forest();
  // P1's path runs down P2's column: d2 (9D) and d3 (7D) are to be built.
  const auto on_path = position(*rules, mirrored("players:\n  P1: {reeds: 20, up: [9S]}\n"
                                                 "  P2: {reeds: 20, up: [4C]}\n"));
  const auto off_path = position(*rules, mirrored("players:\n  P1: {reeds: 20, up: [3S]}\n"
                                                  "  P2: {reeds: 20, up: [4C]}\n"));
  EXPECT_GT(rules->heuristic(*on_path, 0), rules->heuristic(*off_path, 0));
  // No forest card left to build with it: nearly worthless.
  const auto dead = position(*rules, mirrored("players:\n  P1: {reeds: 20, up: [8S]}\n"
                                              "  P2: {reeds: 20, up: [4C]}\n"));
  EXPECT_GT(rules->heuristic(*off_path, 0), rules->heuristic(*dead, 0));
}

TEST(StrategyHeuristic, TheWinnerRatesHighestAtTheEnd) {
  const auto rules = small_forest();
  const auto state =
      position(*rules, mirrored("step: over\nwinner: P1\nwon_by: path\nplayers:\n"
                                "  P1: {reeds: 0}\n  P2: {reeds: 200, up: [4C, 5C, wildK]}\n"));
  ASSERT_EQ(rules->node(*state).kind, NodeKind::Terminal);
  EXPECT_GT(rules->heuristic(*state, 0), rules->heuristic(*state, 1));
}

TEST(StrategyHeuristic, GreedyTakesTheWinningBuildAndTheBiggerHarvest) {
  const auto rules = small_forest();
  GreedyAgent greedy;
  Rng rng(3);
  // 7S builds on d3 (a path through P2's d1 and d2: a win) or on a3.
  const auto build = position(*rules, mirrored("players:\n  P1: {reeds: 30, up: [7S, 4S]}\n"
                                               "  P2: {reeds: 20, up: [4C]}\n",
                                               "2H:P1", "9D:P2"));
  EXPECT_EQ(rules->move_text(greedy.choose(*rules, *build, rng)), "P1 builds d3 with 7S");
  // The token on a1 harvests the 9 (5 reeds) rather than the 5 (3 reeds).
  const auto harvest = position(*rules, mirrored("step: harvest\nplayers:\n"
                                                 "  P1: {reeds: 0}\n  P2: {reeds: 0}\n"));
  ASSERT_EQ(rules->node(*harvest).kind, NodeKind::Decision);
  EXPECT_EQ(rules->move_text(greedy.choose(*rules, *harvest, rng)), "P1 token a1 harvests a2");
}

TEST(StrategyMoveUse, NamesTheActionAndTheDeedOrCard) {
  const auto rules = small_forest();
  const auto build = position(
      *rules, mirrored("players:\n  P1: {reeds: 40, up: [5S, wildQ]}\n  P2: {reeds: 10}\n"));
  auto use = [&](const State& state, const std::string& text) {
    const MoveUse found = rules->move_use(state, move(*rules, text));
    return found.action + "/" + found.item;
  };
  EXPECT_EQ(use(*build, "P1 builds b1 with wildQ"), "build/wild card");
  EXPECT_EQ(use(*build, "P1 builds c1 with 5S"), "build/5");
  EXPECT_EQ(use(*build, "P1 skips build"), "skip build/");
  EXPECT_EQ(use(*build, "P1 swaps b1 c3 with 5S disturbing b1"), "swap/5");
  EXPECT_EQ(use(*build, "draw P1 KS"), "draw/King");
  const auto harvest = position(*rules, mirrored("step: harvest\nplayers:\n  P1: {reeds: 0}\n"));
  EXPECT_EQ(use(*harvest, "P1 token a1 harvests a2"), "harvest/9");
  EXPECT_EQ(use(*harvest, "P1 reveals wildJ"), "reveal/wild card");
  EXPECT_EQ(use(*harvest, "P1 ends turn"), "end turn/");
}

TEST(StrategyMetrics, ReedsAndTokensAddUpOverRandomGames) {
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    const Settings& settings = bh(*rules).settings();
    for (std::uint64_t game = 0; game < 3; ++game) {
      Rng rng(700 + 10 * static_cast<std::uint64_t>(players) + game);
      RandomAgent agent;
      auto state = rules->initial_state();
      EventLog log;
      while (rules->node(*state).kind != NodeKind::Terminal) {
        ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), &log).is_legal());
      }
      std::map<std::pair<std::string, Seat>, double> metric;
      for (const GameMetric& m : rules->game_metrics(*state, log)) {
        metric[{m.name, m.seat}] = m.value;
      }
      auto at = [&](const std::string& name, Seat seat) {
        const auto found = metric.find({name, seat});
        return found == metric.end() ? -1.0 : found->second;
      };
      const double endings = at("won by path", kNoSeat) + at("won by tokens", kNoSeat) +
                             at("ended with empty piles", kNoSeat) + at("stalled", kNoSeat);
      EXPECT_EQ(endings, 1);
      EXPECT_EQ(at("winning path length", kNoSeat) > 0, at("won by path", kNoSeat) == 1);
      EXPECT_GT(at("turns", kNoSeat), 0);
      double starters = 0;
      for (Seat seat = 0; seat < players; ++seat) {
        starters += at("started", seat);
        // Tokens stay where they are built.
        EXPECT_EQ(at("builds", seat), at("tokens on the board", seat) - settings.setup_tokens);
        EXPECT_EQ(at("reeds spent on builds", seat), at("builds", seat) * settings.build_cost);
        EXPECT_LE(at("wild builds", seat), at("builds", seat));
        EXPECT_LE(at("wild swaps", seat), at("swaps", seat));
        // Every reed comes from the start or the harvest and goes to builds,
        // swaps and buys.
        EXPECT_EQ(settings.starting_reeds + at("reeds harvested", seat) -
                      at("reeds spent on builds", seat) - at("reeds spent on swaps", seat) -
                      at("buys", seat) * settings.buy_price,
                  at("reeds at the end", seat))
            << players << " players, game " << game << ", seat " << seat;
      }
      EXPECT_EQ(starters, 1);
    }
  }
}

}  // namespace
}  // namespace grove::bamboo_harvest
