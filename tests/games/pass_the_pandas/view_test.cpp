// The explorer's view of Pass the Pandas (view.cpp): a search that merges
// positions by it keeps the view's promise at every state (it runs through
// CheckedRules), finds fewer states, and gives exactly the chances, the
// expected length and the optimal value of a search that tells every
// position apart.

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "engine/core/game.hpp"
#include "engine/games/builtin.hpp"

namespace grove {
namespace {

struct Searched {
  std::int64_t states = 0;
  bool view_kept = false;  // no view-contract finding
  std::string first_problem;
  checker::OutcomeProbabilities outcomes;
};

// By the game's view (with every check, or without CheckedRules), or by
// the whole position (`whole`: --full-states, the reference).
Searched search(const Rules& rules, bool all_checks, bool whole = false) {
  checker::ExploreOptions options;
  options.all_checks = all_checks;
  options.full_states = whole;
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

// A variant from the shipped file (or the defaults) with `settings`
// ("dice_per_player={3: 2}") and `rulings` ("ptp.challenge_basis=set_aside").
Variant variant_of(const std::string& file, const std::vector<std::string>& settings,
                   const std::vector<std::string>& rulings) {
  const Game& game = builtin_games().get("pass_the_pandas");
  Variant variant =
      file.empty() ? Variant(game)
                   : load_variant_file(game, std::string(GROVE_SOURCE_DIR) +
                                                 "/scenarios/pass_the_pandas/variants/" + file);
  for (const std::string& setting : settings) variant.set_parameter_text(setting);
  for (const std::string& ruling : rulings) variant.set_ruling_text(ruling);
  return variant;
}

// The view against the whole position on one variant and table.
void expect_view_keeps_the_game(const Variant& variant, int players) {
  const Game& game = builtin_games().get("pass_the_pandas");
  const std::unique_ptr<Rules> rules = game.rules(variant, players);
  // Through CheckedRules, which stops at a view that breaks its promise;
  // and without, so that the chances below are compared even then.
  const Searched checked = search(*rules, true);
  const Searched by_view = search(*rules, false);
  const Searched by_position = search(*rules, false, true);

  EXPECT_TRUE(checked.view_kept) << checked.first_problem;
  EXPECT_EQ(checked.first_problem, "");
  EXPECT_EQ(checked.states, by_view.states);
  // The view merges positions that differ in history alone.
  EXPECT_LT(by_view.states, by_position.states);

  const checker::OutcomeProbabilities& a = by_view.outcomes;
  const checker::OutcomeProbabilities& b = by_position.outcomes;
  ASSERT_TRUE(a.computed) << a.why_not;
  ASSERT_TRUE(b.computed) << b.why_not;
  ASSERT_EQ(a.win.size(), static_cast<std::size_t>(players));
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

TEST(PassThePandasView, TwoDice) {
  expect_view_keeps_the_game(variant_of("explore_two_dice.yaml", {}, {}), 2);
}

TEST(PassThePandasView, ThreeDice) {
  expect_view_keeps_the_game(variant_of("explore_three_dice.yaml", {}, {}), 2);
}

// bamboo_received counts in the challenge under set_aside: the view keeps it.
TEST(PassThePandasView, ThreeDiceSetAside) {
  expect_view_keeps_the_game(
      variant_of("explore_three_dice.yaml", {}, {"ptp.challenge_basis=set_aside"}), 2);
}

// Three players: every seat but the roller's neighbours rolls in between.
TEST(PassThePandasView, ThreePlayersTwoDice) {
  expect_view_keeps_the_game(variant_of("", {"dice_per_player={3: 2}"}, {}), 3);
}

// Playing for places, each reading of who the previous player is once
// players go out.
TEST(PassThePandasView, ThreePlayersForPlaces) {
  for (const char* previous : {"previous_in_game", "last_roller", "seat_before"}) {
    SCOPED_TRACE(previous);
    expect_view_keeps_the_game(variant_of("", {"dice_per_player={3: 2}", "play_for_places=true"},
                                          {std::string("ptp.previous_player=") + previous}),
                               3);
  }
}

// Bamboozled on three dice (an exchange from three blanks up), both timings
// of the exchange against the challenge, and both partners.
TEST(PassThePandasView, Bamboozled) {
  for (const char* timing : {"after_challenge", "before_challenge"}) {
    for (const char* partner : {"any_player", "holding_dice"}) {
      SCOPED_TRACE(std::string(timing) + " " + partner);
      expect_view_keeps_the_game(
          variant_of("explore_three_dice.yaml", {"bamboozled=true", "bamboozled_min_dice=3"},
                     {std::string("ptp.bamboozled_timing=") + timing,
                      std::string("ptp.bamboozled_partner=") + partner}),
          2);
    }
  }
}

// Panda-monium to a small target: rounds, points and who starts the next
// round, under each reading of that and of when the match ends.
TEST(PassThePandasView, Pandamonium) {
  for (const char* starter : {"rotate", "round_winner", "last_place"}) {
    for (const char* end : {"end_of_round", "immediately"}) {
      SCOPED_TRACE(std::string(starter) + " " + end);
      expect_view_keeps_the_game(
          variant_of("explore_two_dice.yaml", {"pandamonium=true", "pandamonium_target=3"},
                     {std::string("ptp.pandamonium_starter=") + starter,
                      std::string("ptp.pandamonium_end=") + end}),
          2);
    }
  }
}

}  // namespace
}  // namespace grove
