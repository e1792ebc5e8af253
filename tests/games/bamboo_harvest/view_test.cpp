// The explorer's view of Bamboo Harvest (view_hash.cpp): explore_2x3, searched
// from its start through CheckedRules with every check, breaks no view
// promise, finds fewer states than a search that tells states apart by their
// whole position, and gives the same exact outcome probabilities and expected
// length, under the variant's rulings and under every other alternative of
// each ruling. explore_2x3 never draws a deed, so random games of larger
// variants that draw, buy and redraw hold the view to its promise too.

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checker/checked_rules.hpp"
#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "engine/core/rng.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "engine/scenario/scenario.hpp"

namespace grove::bamboo_harvest {
namespace {

// explore_2x3's start: the position its start scenario leaves, and its
// variant.
struct Start {
  Variant variant;
  int players = 0;
  std::shared_ptr<const State> state;
};

Start explore_2x3_start() {
  const Scenario scenario = load_scenario(
      std::string(GROVE_SOURCE_DIR) + "/scenarios/bamboo_harvest/explore_2x3_start.yaml",
      builtin_games());
  ScenarioResult replayed = replay_scenario(scenario);
  EXPECT_TRUE(replayed.passed()) << replayed.message;
  return Start{scenario.variant, scenario.players, std::move(replayed.end_state)};
}

// By the game's view with every check, or by the whole position
// (--full-states: the reference the view must agree with).
checker::Exploration search(const Rules& rules, const State& start, bool by_view) {
  checker::ExploreOptions options;
  options.start = &start;
  options.all_checks = by_view;
  options.full_states = !by_view;
  options.compare_rulings = false;
  return checker::explore(rules, {}, {}, options);
}

// The view against the whole position, for one variant of explore_2x3.
void expect_view_keeps_the_game(const Variant& variant, int players, const State& start,
                                const std::string& label) {
  SCOPED_TRACE(label);
  const Game& game = builtin_games().get("bamboo_harvest");
  const std::unique_ptr<Rules> rules = game.rules(variant, players);
  const checker::Exploration by_view = search(*rules, start, true);
  const checker::Exploration by_state = search(*rules, start, false);
  ASSERT_TRUE(by_view.complete());
  ASSERT_TRUE(by_state.complete());
  EXPECT_FALSE(by_view.view_contract().seen()) << by_view.view_contract().detail;
  EXPECT_FALSE(by_view.property().seen()) << by_view.property().detail;
  EXPECT_FALSE(by_view.exception().seen()) << by_view.exception().detail;
  EXPECT_LT(by_view.states(), by_state.states());

  const checker::OutcomeProbabilities view_odds = checker::outcome_probabilities(by_view, false);
  const checker::OutcomeProbabilities state_odds = checker::outcome_probabilities(by_state, false);
  ASSERT_TRUE(view_odds.computed) << view_odds.why_not;
  ASSERT_TRUE(state_odds.computed) << state_odds.why_not;
  ASSERT_EQ(view_odds.win.size(), state_odds.win.size());
  for (std::size_t seat = 0; seat < view_odds.win.size(); ++seat) {
    EXPECT_NEAR(view_odds.win[seat], state_odds.win[seat], 1e-12) << "seat " << seat;
  }
  EXPECT_NEAR(view_odds.shared, state_odds.shared, 1e-12);
  EXPECT_NEAR(view_odds.never_ends, state_odds.never_ends, 1e-12);
  EXPECT_EQ(view_odds.length_finite, state_odds.length_finite);
  if (view_odds.length_finite && state_odds.length_finite) {
    EXPECT_NEAR(view_odds.expected_length, state_odds.expected_length, 1e-12);
  }
}

TEST(BambooHarvestView, Explore2x3KeepsTheOutcomesOfTheWholePosition) {
  const Start start = explore_2x3_start();
  ASSERT_NE(start.state, nullptr);
  expect_view_keeps_the_game(start.variant, start.players, *start.state, "explore_2x3");
}

TEST(BambooHarvestView, Explore2x3KeepsThemUnderEveryOtherReadingOfEachRuling) {
  const Start start = explore_2x3_start();
  ASSERT_NE(start.state, nullptr);
  const Game& game = builtin_games().get("bamboo_harvest");
  for (const Ruling& ruling : game.rulings) {
    for (const auto& alternative : ruling.alternatives) {
      if (alternative.id == start.variant.ruling(ruling.id)) continue;
      Variant variant = start.variant;
      const std::string setting = ruling.id + "=" + alternative.id;
      variant.set_ruling_text(setting);
      expect_view_keeps_the_game(variant, start.players, *start.state, setting);
    }
  }
}

// Random games from the deal, every state's view and those of the states
// one move away held against every other state seen with the same view (as
// grove fuzz does), in variants where deeds are drawn, bought and redrawn,
// and in one where the piles stop mattering once the face cards are built
// on. The readings that change what the view keeps are each played too.
// A random game meets a view twice mostly in a state's neighbours (a deed
// kept or redrawn, a draw owed or made), so this holds the draw's own
// fields (the offer, the draws owed, face-up deeds) to the promise; what
// the view drops only in some steps is held to it by the searches above.
TEST(BambooHarvestView, RandomGamesThatDrawDeedsKeepTheViewPromise) {
  const Game& game = builtin_games().get("bamboo_harvest");
  struct Table {
    std::vector<std::string> settings;  // parameters, then rulings
    std::size_t rulings_from;
  };
  const std::vector<Table> tables = {
      {{"forest_rows=4", "forest_columns=4", "buys_per_turn=2", "redraws_per_turn=2"}, 4},
      {{"forest_rows=4", "forest_columns=4", "buys_per_turn=2", "redraws_per_turn=2",
        "bh.redraw_timing=any_drawn_this_turn", "bh.reshuffle_timing=when_emptied"},
       4},
      {{"forest_rows=4", "forest_columns=4", "buys_per_turn=2", "bh.buy_timing=before_harvest",
        "bh.wild_marker=stays", "bh.swap_deed=discarded"},
       3},
      // No buying: once the face cards are built on, no deed can be drawn.
      {{"forest_rows=3", "forest_columns=3", "buys_per_turn=0", "build_cost=10",
        "starting_reeds=40"},
       5},
      {{"forest_rows=3", "forest_columns=3", "buys_per_turn=0", "build_cost=10",
        "starting_reeds=40", "bh.redraw_timing=any_drawn_this_turn"},
       5},
  };
  std::set<std::string> fired;
  for (const Table& table : tables) {
    Variant variant(game);
    for (std::size_t i = 0; i < table.settings.size(); ++i) {
      if (i < table.rulings_from) {
        variant.set_parameter_text(table.settings[i]);
      } else {
        variant.set_ruling_text(table.settings[i]);
      }
    }
    const std::unique_ptr<Rules> rules = game.rules(variant, 2);
    const checker::CheckedRules checked(*rules);
    Rng rng(7);
    std::vector<Move> moves;
    EventLog log;
    for (int played = 0; played < 10; ++played) {
      std::unique_ptr<State> state = rules->initial_state();
      for (int step = 0; step < 500; ++step) {
        const Node node = rules->node(*state);
        if (node.kind == NodeKind::Terminal) break;
        ASSERT_NO_THROW(checked.check_views_around(*state)) << rules->state_summary(*state);
        Move move;
        if (node.kind == NodeKind::Chance) {
          move = rules->sample_chance(*state, rng);
        } else {
          rules->legal_moves(*state, moves);
          move = moves[static_cast<std::size_t>(rng.below(moves.size()))];
        }
        log.clear();
        ASSERT_TRUE(rules->apply(*state, move, &log).is_legal());
        for (const Event& event : log) fired.emplace(event.clause);
      }
    }
  }
  // What the view keeps only while it matters was played.
  for (const char* clause : {"bh.draw", "bh.buy", "bh.redraw", "bh.harvest.draw"}) {
    EXPECT_TRUE(fired.count(clause) > 0) << clause << " never fired";
  }
}

}  // namespace
}  // namespace grove::bamboo_harvest
