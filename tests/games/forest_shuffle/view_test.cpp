// The explorer's view of Forest Shuffle (view_hash.cpp): small variants of
// explore_eight_cards, searched from the deal through CheckedRules with
// every check, break no view promise, find fewer states than a search that
// tells every position apart, and give the same exact outcome probabilities,
// expected length and optimal values, under the variant's rulings and under
// every other alternative of each ruling; one deck holds split cards that
// show the same half, which the view reads as one. Random games of the whole
// deck hold the view to its promise at every species too.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checker/checked_rules.hpp"
#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/games/builtin.hpp"

namespace grove::forest_shuffle {
namespace {

struct Searched {
  std::int64_t states = 0;
  bool view_kept = false;  // no view-contract finding
  std::string first_problem;
  checker::OutcomeProbabilities outcomes;
};

// By the game's view with every check, or by the whole position
// (--full-states: the reference the view must agree with).
Searched search(const Rules& rules, bool by_view) {
  checker::ExploreOptions options;
  options.all_checks = by_view;
  options.full_states = !by_view;
  options.compare_rulings = false;  // the rulings' comparison does not bear on the view
  const checker::Exploration exploration = checker::explore(rules, {}, {}, options);
  Searched result;
  result.states = exploration.states();
  result.view_kept = !exploration.view_contract().seen();
  for (const checker::Sighting* sighting :
       {&exploration.view_contract(), &exploration.property(), &exploration.invariant(),
        &exploration.stuck(), &exploration.rejected_move(), &exploration.exception()}) {
    if (sighting->seen() && result.first_problem.empty()) result.first_problem = sighting->detail;
  }
  EXPECT_TRUE(exploration.complete());
  result.outcomes = checker::outcome_probabilities(exploration, true);
  return result;
}

// explore_eight_cards with `settings` ("copies={birch: 2}") and `rulings`
// ("fs.sapling_reveal=no_reveal").
Variant eight_cards(const std::vector<std::string>& settings,
                    const std::vector<std::string>& rulings) {
  const Game& game = builtin_games().get("forest_shuffle");
  Variant variant =
      load_variant_file(game, std::string(GROVE_SOURCE_DIR) +
                                  "/scenarios/forest_shuffle/variants/explore_eight_cards.yaml");
  for (const std::string& setting : settings) variant.set_parameter_text(setting);
  for (const std::string& ruling : rulings) variant.set_ruling_text(ruling);
  return variant;
}

// The view against the whole position on one variant, two players.
void expect_view_keeps_the_game(const Variant& variant, const std::string& label) {
  SCOPED_TRACE(label);
  const Game& game = builtin_games().get("forest_shuffle");
  const std::unique_ptr<Rules> rules = game.rules(variant, 2);
  const Searched by_view = search(*rules, true);
  const Searched by_position = search(*rules, false);

  EXPECT_TRUE(by_view.view_kept) << by_view.first_problem;
  EXPECT_EQ(by_view.first_problem, "");
  // The view merges positions that differ in what no rule reads again.
  EXPECT_LT(by_view.states, by_position.states);

  const checker::OutcomeProbabilities& a = by_view.outcomes;
  const checker::OutcomeProbabilities& b = by_position.outcomes;
  ASSERT_TRUE(a.computed) << a.why_not;
  ASSERT_TRUE(b.computed) << b.why_not;
  ASSERT_EQ(a.win.size(), 2U);
  ASSERT_EQ(b.win.size(), a.win.size());
  for (std::size_t seat = 0; seat < a.win.size(); ++seat) {
    EXPECT_NEAR(a.win[seat], b.win[seat], 1e-12) << "seat " << seat;
  }
  EXPECT_NEAR(a.shared, b.shared, 1e-12);
  EXPECT_NEAR(a.never_ends, b.never_ends, 1e-12);
  EXPECT_EQ(a.length_finite, b.length_finite);
  EXPECT_NEAR(a.expected_length, b.expected_length, 1e-12 * std::max(1.0, b.expected_length));
  EXPECT_EQ(a.optimal_defined, b.optimal_defined);
  if (a.optimal_defined && b.optimal_defined) {
    EXPECT_NEAR(a.optimal_low, b.optimal_low, 1e-12);
    EXPECT_NEAR(a.optimal_high, b.optimal_high, 1e-12);
  }
}

// Six cards of explore_eight_cards' eight (two Silver Birches fewer), small
// enough to search under every check in seconds: trees, saplings, both split
// cards, an emptied clearing, a deck run down to its winter cards.
const std::vector<std::string> kSixCards = {"copies={birch: 2}"};

TEST(ForestShuffleView, SixCardsKeepTheOutcomesOfTheWholePosition) {
  expect_view_keeps_the_game(eight_cards(kSixCards, {}), "six cards");
}

// Each alternative of each ruling, the other readings' play included: a
// sapling that reveals no card, draws past the hand limit, the clearing
// checked only after extra turns, and the rest (which this deck never
// meets, but cost little).
TEST(ForestShuffleView, SixCardsKeepThemUnderEveryOtherReadingOfEachRuling) {
  const Game& game = builtin_games().get("forest_shuffle");
  const Variant base = eight_cards(kSixCards, {});
  for (const Ruling& ruling : game.rulings) {
    for (const auto& alternative : ruling.alternatives) {
      if (alternative.id == base.ruling(ruling.id)) continue;
      const std::string setting = ruling.id + "=" + alternative.id;
      expect_view_keeps_the_game(eight_cards(kSixCards, {setting}), setting);
    }
  }
}

// A seven-card deck with a mulligan: set-up's hands given back to the box.
TEST(ForestShuffleView, SevenCardsWithMulligans) {
  expect_view_keeps_the_game(eight_cards({"copies={birch: 3}", "mulligan=true"}, {}),
                             "seven cards, mulligans");
}

// Split cards that show the same half: LR40 and LR42 both show a European
// Hare with the Birch symbol on the left (their right halves differ), LR15 a
// Wild Boar with the same symbol there. The view reads a slot by the species
// and symbol it shows, so a hare from either card is one forest once the
// other card is out of play (the unseen counts, the hands and the clearing
// still tell the designs apart).
TEST(ForestShuffleView, SplitCardsShowingTheSameHalf) {
  expect_view_keeps_the_game(
      eight_cards({"copies={birch: 2, linden: 1, LR01: 0, TB02: 0, LR15: 1, LR40: 1, LR42: 1}"},
                  {}),
      "LR15, LR40, LR42");
}

// Random games of the whole deck, every state's view and those of the states
// one move away held against every other state seen with the same view (as
// grove fuzz does): every species, forests with many split cards showing the
// same halves, caves, extra turns, free plays and the Mole. A random game
// meets a view twice mostly in a state's neighbours (two cards showing the
// same half played to the same slot), which is what the view merges there.
TEST(ForestShuffleView, RandomGamesOfTheWholeDeckKeepTheViewPromise) {
  const Game& game = builtin_games().get("forest_shuffle");
  std::set<std::string> fired;
  // The second table empties its clearing often, at four cards.
  struct Table {
    const char* parameter;
    const char* ruling;
  };
  for (const Table& table : {Table{"clearing_limit=10", "fs.mole_order=after_all"},
                             Table{"clearing_limit=4", "fs.mole_order=one_by_one"}}) {
    Variant variant(game);
    variant.set_parameter_text(table.parameter);
    variant.set_ruling_text(table.ruling);
    const std::unique_ptr<Rules> rules = game.rules(variant, 2);
    const checker::CheckedRules checked(*rules);
    Rng rng(11);
    std::vector<Move> moves;
    EventLog log;
    for (int played = 0; played < 4; ++played) {
      std::unique_ptr<State> state = rules->initial_state();
      for (int step = 0; step < 2000; ++step) {
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
      EXPECT_EQ(rules->node(*state).kind, NodeKind::Terminal);
    }
  }
  for (const char* clause : {"fs.cave", "fs.clearing.emptied", "fs.end.over", "fs.play.sapling"}) {
    EXPECT_TRUE(fired.count(clause) > 0) << clause << " never fired";
  }
}

}  // namespace
}  // namespace grove::forest_shuffle
