// The game's heuristic, determinization, move uses and metrics: a
// determinized state looks the same to the seat, keeps every card
// accounted for, deals the hidden cards afresh (a mulliganed hand holds no
// tree) and plays on; the heuristic ranks obvious positions; move uses name
// the action and the card; the metrics add up to the score. How strongly
// the agents play is measured in tests/agents/ladder_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"
#include "tests/support/determinization.hpp"

namespace grove::forest_shuffle {
namespace {

const Game& forest_shuffle() { return builtin_games().get("forest_shuffle"); }

std::unique_ptr<Rules> rules_for(int players) {
  return forest_shuffle().rules(Variant(forest_shuffle()), players);
}

std::unique_ptr<State> position(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "test"));
}

void apply(const Rules& rules, State& state, const std::string& move) {
  const Verdict verdict = rules.apply_text(state, move, nullptr);
  ASSERT_TRUE(verdict.is_legal()) << move << ": " << verdict.reason();
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

// What another seat hides from `seat`: hands, caves, mulliganed hands and
// saplings of the others, and the unseen cards.
std::string hidden_part(const Position& position, Seat seat) {
  std::string text;
  for (std::size_t other = 0; other < position.players.size(); ++other) {
    if (static_cast<Seat>(other) == seat) continue;
    const Player& player = position.players[other];
    for (const auto* list : {&player.hand, &player.cave, &player.mulliganed}) {
      for (CardId card : *list) text += std::to_string(card) + ",";
      text += "|";
    }
    for (const Tree& tree : player.forest) {
      if (tree.sapling) text += std::to_string(tree.card) + "s,";
    }
  }
  for (std::int16_t copies : position.unseen) text += std::to_string(copies) + ".";
  return text;
}

TEST(StrategyDeterminize, KeepsWhatTheSeatSeesAndDealsTheRestAfresh) {
  int checked = 0;
  int varied = 0;
  int hiding = 0;
  for (int players = 2; players <= 5; ++players) {
    const auto rules = rules_for(players);
    for (std::uint64_t game = 0; game < 2; ++game) {
      Rng rng(1000 * static_cast<std::uint64_t>(players) + game);
      RandomAgent agent;
      auto state = rules->initial_state();
      for (std::int64_t step = 0; rules->node(*state).kind != NodeKind::Terminal; ++step) {
        if (step % 12 == 0) {
          for (Seat seat = 0; seat < players; ++seat) {
            Rng first(static_cast<std::uint64_t>(step * 31 + seat));
            const auto drawn = rules->determinize(*state, seat, first);
            ASSERT_TRUE(testing::drawn_alike(*rules, *state, seat, *drawn, Rng(99)))
                << "step " << step << " seat " << seat;
            // Another stream deals something else when anything is hidden.
            const Position& real = position_of<Position>(*state);
            bool hides = false;
            for (Seat other = 0; other < players; ++other) {
              hides = hides || (other != seat && !real.player(other).hand.empty());
            }
            if (hides) {
              ++hiding;
              bool differs = false;
              for (std::uint64_t stream = 0; stream < 4 && !differs; ++stream) {
                Rng other_rng(5000 + stream);
                const auto other = rules->determinize(*state, seat, other_rng);
                differs = hidden_part(position_of<Position>(*other), seat) !=
                          hidden_part(position_of<Position>(*drawn), seat);
              }
              varied += differs ? 1 : 0;
            }
            ++checked;
          }
        }
        if (step % 45 == 0) {
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
  std::cout << checked << " drawings, " << hiding << " hiding something\n";
  EXPECT_GT(checked, 800);
  EXPECT_GT(hiding, 700);
  EXPECT_EQ(varied, hiding);
}

TEST(StrategyDeterminize, AMulliganedHandAndAHandFacingAMulliganHoldNoTree) {
  const auto rules = rules_for(3);
  // P2 has given back a hand without a tree; P3 is deciding on theirs.
  const auto state = position(*rules, R"(
tasks: [mulligan P3, turn P1]
players:
  P1: {hand: [linden, oak, LR01, LR02, LR03, LR04]}
  P2: {hand: [birch, beech, LR05, LR06, LR07, LR08],
       mulliganed: [LR09, LR10, LR11, LR12, LR13, LR14]}
  P3: {hand: [LR15, LR16, LR17, LR18, LR19, LR20]}
)");
  ASSERT_EQ(rules->node(*state).actor, 2);
  const CardBook& book = dynamic_cast<const ForestShuffleRules&>(*rules).book();
  int p2_trees = 0;
  for (std::uint64_t stream = 0; stream < 200; ++stream) {
    Rng rng(stream);
    const auto drawn = rules->determinize(*state, 0, rng);
    const Position& seen = position_of<Position>(*drawn);
    for (CardId card : seen.player(1).mulliganed) EXPECT_FALSE(book.card(card).tree);
    for (CardId card : seen.player(2).hand) EXPECT_FALSE(book.card(card).tree);
    for (CardId card : seen.player(1).hand) p2_trees += book.card(card).tree ? 1 : 0;
    EXPECT_EQ(seen.player(1).mulliganed.size(), 6U);
    EXPECT_EQ(seen.player(2).hand.size(), 6U);
  }
  // P2's present hand may hold trees: about 6 x 66/157 per drawing.
  EXPECT_GT(p2_trees, 200);
}

double rating(const Rules& rules, const State& state, Seat seat) {
  return rules.heuristic(state, seat);
}

TEST(StrategyHeuristic, RanksABiggerForestAndAFullerHandAhead) {
  const auto rules = rules_for(2);
  // The same hands; P1's forest scores far more.
  const auto forest = position(*rules, R"(
players:
  P1:
    hand: [LR01, LR02]
    forest:
      - {tree: douglas_fir, top: tawny_owl, left: european_badger}
      - {tree: douglas_fir}
  P2:
    hand: [LR03, LR04]
    forest: [{tree: birch}]
)");
  EXPECT_GT(rating(*rules, *forest, 0), rating(*rules, *forest, 1) + 10);
  // The same forests; P1 holds five cards, P2 none.
  const auto hand = position(*rules, R"(
players:
  P1: {hand: [LR01, LR02, LR03, LR04, LR05], forest: [{tree: birch}]}
  P2: {hand: [], forest: [{tree: birch}]}
)");
  EXPECT_GT(rating(*rules, *hand, 0), rating(*rules, *hand, 1) + 3);
  // The end: the score and nothing else; hand cards are worth nothing.
  const auto over = position(*rules, R"(
over: true
winter: 3
players:
  P1: {hand: [LR01, LR02, LR03, LR04, LR05], forest: [{tree: birch}]}
  P2: {hand: [], forest: [{tree: douglas_fir}]}
)");
  EXPECT_DOUBLE_EQ(rating(*rules, *over, 0), 1);
  EXPECT_DOUBLE_EQ(rating(*rules, *over, 1), 5);
}

TEST(StrategyHeuristic, ACardBeingPaidForCountsAsPlacedAndItsPriceAsPaid) {
  const auto rules = rules_for(2);
  // LR05's Wild Boar has no effect and no bonus: paying for it changes
  // nothing the heuristic should see.
  auto state = position(*rules, R"(
players:
  P1: {hand: [LR05, beech, horse_chestnut, LR01], forest: [{tree: oak, right: LR30}]}
  P2: {hand: [LR03], forest: [{tree: birch}]}
)");
  const double before = rating(*rules, *state, 0);
  apply(*rules, *state, "P1 plays LR05 left of tree 1");
  const double paying = rating(*rules, *state, 0);
  // Ten points for the boar next to a squeaker, for three cards from the hand.
  EXPECT_GT(paying, before + 4);
  apply(*rules, *state, "P1 pays beech horse_chestnut");
  EXPECT_NEAR(rating(*rules, *state, 0), paying, 1e-9);
}

TEST(StrategyHeuristic, EverySeatAtOnceGivesEachSeatsOwnFigure) {
  // heuristics() takes each forest's census once for all seats; it must
  // give what heuristic() gives seat by seat, at every kind of position
  // (payments under way, offers, the end).
  int paying = 0;
  for (int players : {2, 3, 5}) {
    const auto rules = rules_for(players);
    Rng rng(40 + static_cast<std::uint64_t>(players));
    RandomAgent agent;
    auto state = rules->initial_state();
    std::vector<double> figures;
    for (;;) {
      rules->heuristics(*state, figures);
      ASSERT_EQ(figures.size(), static_cast<std::size_t>(players));
      for (Seat seat = 0; seat < players; ++seat) {
        EXPECT_EQ(figures[static_cast<std::size_t>(seat)], rating(*rules, *state, seat));
      }
      const Position& at = position_of<Position>(*state);
      paying += !at.tasks.empty() && at.tasks.front().kind == TaskKind::Pay ? 1 : 0;
      if (rules->node(*state).kind == NodeKind::Terminal) break;
      ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
    }
    // At the end the figure is the score.
    const Outcome outcome = rules->outcome(*state);
    for (Seat seat = 0; seat < players; ++seat) {
      EXPECT_EQ(figures[static_cast<std::size_t>(seat)],
                static_cast<double>(outcome.score[static_cast<std::size_t>(seat)]));
    }
  }
  EXPECT_GT(paying, 10);
}

TEST(StrategyMoveUse, NamesTheActionAndTheCard) {
  const auto rules = rules_for(2);
  const auto state = position(*rules, R"(
clearing: [LR07]
players:
  P1: {hand: [linden, LR01], forest: [{tree: oak}]}
  P2: {hand: [LR03]}
)");
  const auto use = [&](const std::string& text) {
    const MoveParse parsed = rules->parse_move(text);
    EXPECT_TRUE(parsed.ok()) << parsed.error;
    const MoveUse found = rules->move_use(*state, parsed.move);
    return found.action + "/" + found.item;
  };
  EXPECT_EQ(use("P1 plays linden"), "plays tree/Linden");
  EXPECT_EQ(use("P1 plays LR01 european_hare left of tree 1"), "plays card/European Hare");
  EXPECT_EQ(use("P1 plays LR01 as sapling"),
            "plays sapling/European Hare / European Badger (LR01)");
  EXPECT_EQ(use("P1 draws from deck"), "draws from deck/");
  EXPECT_EQ(use("P1 takes LR07 from clearing"), "takes from clearing/Raccoon / Roe Deer (LR07)");
  EXPECT_EQ(use("P1 uses tawny_owl bonus"), "uses bonus/Tawny Owl");
  EXPECT_EQ(use("draw P1 LR07"), "draw/Raccoon / Roe Deer (LR07)");
  EXPECT_EQ(use("reveal winter"), "winter card/");
}

TEST(StrategyMetrics, PointsBySpeciesAndByPlaceAddUpToTheScore) {
  std::vector<std::string> first_game_names;
  for (int players : {2, 4}) {
    const auto rules = rules_for(players);
    Rng rng(static_cast<std::uint64_t>(players));
    RandomAgent agent;
    auto state = rules->initial_state();
    EventLog log;
    while (rules->node(*state).kind != NodeKind::Terminal) {
      ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), &log).is_legal());
    }
    const Outcome outcome = rules->outcome(*state);
    const std::vector<GameMetric> metrics = rules->game_metrics(*state, log);
    std::vector<double> species(static_cast<std::size_t>(players), 0);
    std::vector<double> places(species.size(), 0);
    std::vector<double> trees(species.size(), 0);
    std::vector<double> turns(species.size(), 0);
    double game_turns = 0;
    for (const GameMetric& metric : metrics) {
      if (metric.seat == kNoSeat) continue;
      const auto at = static_cast<std::size_t>(metric.seat);
      const bool group = metric.name == "points: trees" || metric.name == "points: top" ||
                         metric.name == "points: bottom" || metric.name == "points: sides";
      if (metric.name == "cards in cave") {
        species[at] += metric.value;
        places[at] += metric.value;
      } else if (group) {
        places[at] += metric.value;
      } else if (metric.name.rfind("points: ", 0) == 0) {
        species[at] += metric.value;
      }
      if (metric.name == "trees played") trees[at] = metric.value;
      if (metric.name == "turns") turns[at] = metric.value;
    }
    for (std::size_t seat = 0; seat < species.size(); ++seat) {
      EXPECT_EQ(species[seat], static_cast<double>(outcome.score[seat])) << "seat " << seat;
      EXPECT_EQ(places[seat], static_cast<double>(outcome.score[seat])) << "seat " << seat;
      int played = 0;
      for (const Tree& tree : position_of<Position>(*state).players[seat].forest) {
        played += tree.sapling ? 0 : 1;
      }
      EXPECT_EQ(trees[seat], played);
      game_turns += turns[seat];
    }
    EXPECT_GT(game_turns, 20);
    // Every seat has the same figures, each once, and they are the same in
    // every game: the fixed ones below and one per species that can score.
    std::vector<std::vector<std::string>> names(species.size());
    std::vector<std::string> whole_game;
    for (const GameMetric& metric : metrics) {
      if (metric.seat == kNoSeat) {
        whole_game.push_back(metric.name);
        continue;
      }
      ASSERT_GE(metric.seat, 0) << metric.name;
      ASSERT_LT(metric.seat, players) << metric.name;
      names[static_cast<std::size_t>(metric.seat)].push_back(metric.name);
    }
    for (auto& list : names) std::sort(list.begin(), list.end());
    std::sort(whole_game.begin(), whole_game.end());
    EXPECT_EQ(std::adjacent_find(names[0].begin(), names[0].end()), names[0].end())
        << "a figure twice for seat 1";
    for (std::size_t seat = 1; seat < names.size(); ++seat) {
      EXPECT_EQ(names[seat], names[0]) << "seat " << seat + 1 << " against seat 1";
    }
    for (const char* name :
         {"points: trees", "points: top", "points: bottom", "points: sides", "cards in cave",
          "trees played", "saplings played", "cards at trees", "cards in forest",
          "cards left in hand", "cards drawn from deck", "cards taken from clearing",
          "bonuses earned", "extra turns", "free placements", "mulligans", "turns",
          "cards to cave from clearing"}) {
      EXPECT_TRUE(std::binary_search(names[0].begin(), names[0].end(), name)) << name;
    }
    // The other "points: " figures are species of the card book.
    const CardBook& book = static_cast<const ForestShuffleRules&>(*rules).book();
    for (const std::string& name : names[0]) {
      if (name.rfind("points: ", 0) != 0 || name == "points: trees" || name == "points: top" ||
          name == "points: bottom" || name == "points: sides") {
        continue;
      }
      EXPECT_TRUE(std::any_of(book.species.begin(), book.species.end(), [&](const Species& s) {
        return "points: " + s.id == name;
      })) << name;
    }
    EXPECT_EQ(whole_game, (std::vector<std::string>{"cards left in deck", "clearings emptied",
                                                    "winning margin", "winning score"}));
    if (!first_game_names.empty()) {
      EXPECT_EQ(names[0], first_game_names) << "the figures differ between games";
    }
    first_game_names = names[0];
  }
}

}  // namespace
}  // namespace grove::forest_shuffle
