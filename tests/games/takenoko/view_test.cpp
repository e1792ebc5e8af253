// The explorer's view of Takenoko (view_hash.cpp): explore_two_plots,
// searched through CheckedRules with every check, breaks no view promise,
// finds fewer states than a search that tells positions apart by the whole
// position, and gives the same exact outcome probabilities and expected
// length, under the variant's rulings and under the other alternatives of
// the rulings that change what the view reads. explore_two_plots has no
// weather, no advanced objectives and two players, so random games of
// larger variants that have them hold the view to its promise too.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checker/checked_rules.hpp"
#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/state.hpp"
#include "engine/core/variant.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/position.hpp"

namespace grove::takenoko {
namespace {

// The rules as they are, but for the view: the whole position with the
// round counted only as first or later. A search by the whole position
// itself never ends in Takenoko: the players can keep moving the gardener
// and the panda back and forth for ever, and the round counter grows with
// every round. The rules only ask whether the first round is over (the
// weather die), so this is the least the reference must merge to be finite;
// the view must agree with it.
class WholePositionRules final : public Rules {
 public:
  explicit WholePositionRules(const Rules& rules)
      : Rules(rules.game(), rules.variant(), rules.players()), rules_(rules) {}

  std::uint64_t view_hash(const State& state) const override {
    Position position = position_of<Position>(state);
    position.round = std::min(position.round, 2);
    Hasher hasher;
    position.hash_into(hasher);
    return hasher.finish();
  }

  std::unique_ptr<State> initial_state() const override { return rules_.initial_state(); }
  Node node(const State& state) const override { return rules_.node(state); }
  void legal_moves(const State& state, std::vector<Move>& moves) const override {
    rules_.legal_moves(state, moves);
  }
  void chance_outcomes(const State& state, std::vector<ChanceOutcome>& outcomes) const override {
    rules_.chance_outcomes(state, outcomes);
  }
  Move sample_chance(const State& state, Rng& rng) const override {
    return rules_.sample_chance(state, rng);
  }
  Verdict apply(State& state, const Move& move, EventLog* log) const override {
    return rules_.apply(state, move, log);
  }
  Outcome outcome(const State& state) const override { return rules_.outcome(state); }
  std::string move_text(const Move& move) const override { return rules_.move_text(move); }
  MoveParse parse_move(std::string_view text) const override { return rules_.parse_move(text); }
  YAML::Node state_to_yaml(const State& state) const override {
    return rules_.state_to_yaml(state);
  }
  std::unique_ptr<State> state_from_yaml(const YAML::Node& node) const override {
    return rules_.state_from_yaml(node);
  }
  void encode(const State& state, std::string& out) const override { rules_.encode(state, out); }
  std::unique_ptr<State> decode(std::string_view bytes) const override {
    return rules_.decode(bytes);
  }
  std::string state_summary(const State& state) const override {
    return rules_.state_summary(state);
  }
  std::string board(const State& state) const override { return rules_.board(state); }
  std::string board_svg(const State& state) const override { return rules_.board_svg(state); }
  std::optional<std::string> score_sheet(const State& state) const override {
    return rules_.score_sheet(state);
  }
  std::vector<std::string> invariant_violations(const State& state) const override {
    return rules_.invariant_violations(state);
  }
  std::int64_t step_bound() const override { return rules_.step_bound(); }
  std::string observation(const State& state, Seat seat) const override {
    return rules_.observation(state, seat);
  }
  double heuristic(const State& state, Seat seat) const override {
    return rules_.heuristic(state, seat);
  }
  void heuristics(const State& state, std::vector<double>& values) const override {
    rules_.heuristics(state, values);
  }
  std::unique_ptr<State> determinize(const State& state, Seat seat, Rng& rng) const override {
    return rules_.determinize(state, seat, rng);
  }
  MoveUse move_use(const State& before, const Move& move) const override {
    return rules_.move_use(before, move);
  }
  std::vector<GameMetric> game_metrics(const State& terminal, const EventLog& log) const override {
    return rules_.game_metrics(terminal, log);
  }

 private:
  const Rules& rules_;
};

// By the game's view, with every other check too (`all_checks`: YAML and
// notation round trips, moves nearby refused, ..., all through
// CheckedRules) or the view's promise alone (`rules` a CheckedRules); or by
// the whole position, as WholePositionRules tells it.
checker::Exploration search(const Rules& rules, bool all_checks) {
  checker::ExploreOptions options;
  options.all_checks = all_checks;
  options.compare_rulings = false;  // the rulings' comparison does not bear on the view
  return checker::explore(rules, {}, {}, options);
}

constexpr const char* kFewerSections = "bamboo_sections={green: 2, yellow: 0}";

// explore_two_plots with `settings` over it. The test's variant has two
// green sections rather than four and no yellow ones (the game ends less
// often, but the search is a tenth of the size, so that every check at
// every state takes seconds rather than minutes).
Variant explore_two_plots(const std::vector<std::string>& settings,
                          const std::vector<std::string>& rulings) {
  const Game& game = builtin_games().get("takenoko");
  Variant variant = load_variant_file(
      game, std::string(GROVE_SOURCE_DIR) + "/scenarios/takenoko/variants/explore_two_plots.yaml");
  for (const std::string& setting : settings) variant.set_parameter_text(setting);
  for (const std::string& ruling : rulings) variant.set_ruling_text(ruling);
  return variant;
}

// The view against the whole position, for one variant.
void expect_view_keeps_the_game(const Variant& variant, bool all_checks, const std::string& label) {
  SCOPED_TRACE(label);
  const Game& game = builtin_games().get("takenoko");
  const std::unique_ptr<Rules> rules = game.rules(variant, 2);
  const WholePositionRules whole(*rules);
  // CheckedRules holds every state the search finds to the view's promise
  // (all_checks searches through one of its own).
  const checker::CheckedRules checked(*rules);
  const checker::Exploration by_view = all_checks ? search(*rules, true) : search(checked, false);
  const checker::Exploration by_position = search(whole, false);
  ASSERT_TRUE(by_view.complete());
  ASSERT_TRUE(by_position.complete());
  for (const checker::Sighting* sighting :
       {&by_view.view_contract(), &by_view.property(), &by_view.invariant(), &by_view.stuck(),
        &by_view.rejected_move(), &by_view.exception()}) {
    EXPECT_FALSE(sighting->seen()) << sighting->detail;
  }
  EXPECT_LT(by_view.states(), by_position.states());

  const checker::OutcomeProbabilities a = checker::outcome_probabilities(by_view, true);
  const checker::OutcomeProbabilities b = checker::outcome_probabilities(by_position, true);
  ASSERT_TRUE(a.computed) << a.why_not;
  ASSERT_TRUE(b.computed) << b.why_not;
  ASSERT_EQ(a.win.size(), b.win.size());
  for (std::size_t seat = 0; seat < a.win.size(); ++seat) {
    EXPECT_NEAR(a.win[seat], b.win[seat], 1e-12) << "seat " << seat;
  }
  EXPECT_NEAR(a.shared, b.shared, 1e-12);
  EXPECT_NEAR(a.never_ends, b.never_ends, 1e-12);
  EXPECT_EQ(a.length_finite, b.length_finite);
  if (a.length_finite && b.length_finite) {
    EXPECT_NEAR(a.expected_length, b.expected_length, 1e-12 * std::max(1.0, b.expected_length));
  }
  EXPECT_EQ(a.optimal_defined, b.optimal_defined);
  if (a.optimal_defined && b.optimal_defined) {
    EXPECT_NEAR(a.optimal_low, b.optimal_low, 1e-12);
    EXPECT_NEAR(a.optimal_high, b.optimal_high, 1e-12);
  }
}

TEST(TakenokoView, ExploreTwoPlotsKeepsTheOutcomesOfTheWholePosition) {
  expect_view_keeps_the_game(explore_two_plots({kFewerSections}, {}), true, "explore_two_plots");
}

// The view's promise alone (CheckedRules), under the readings that change
// what the view reads in explore_two_plots: ending
// the turn early (the actions taken), repeating an action (which actions
// were taken), a channel beside an empty space (the channels placed, while a
// plot may come), growth stopped by the supply (the supply).
TEST(TakenokoView, ExploreTwoPlotsKeepsThemUnderTheReadingsThatMatter) {
  for (const char* setting :
       {"tk.actions_optional=optional", "tk.too_few_actions=repeat",
        "tk.channel_beside_empty=one_plot", "tk.bamboo_supply=limits_growth"}) {
    expect_view_keeps_the_game(explore_two_plots({kFewerSections}, {setting}), false, setting);
  }
}

// The first levels of explore_two_plots with two actions a turn and the
// weather die, through CheckedRules: every state found is held to the
// view's promise where the view drops which actions were taken (once the
// turn's last is taken, or under the wind) and the weather once used.
// Random games seldom meet one view twice; a breadth-first search does.
TEST(TakenokoView, TwoActionsAndTheWeatherKeepTheViewPromise) {
  const Game& game = builtin_games().get("takenoko");
  for (const char* reading : {"tk.too_few_actions=fewer", "tk.too_few_actions=repeat"}) {
    SCOPED_TRACE(reading);
    const Variant variant =
        explore_two_plots({kFewerSections, "actions_per_turn=2", "weather_die=true"}, {reading});
    const std::unique_ptr<Rules> rules = game.rules(variant, 2);
    const checker::CheckedRules checked(*rules);
    checker::ExploreOptions options;
    options.compare_rulings = false;
    options.limits.max_states = 30000;
    const checker::Exploration exploration = checker::explore(checked, {}, {}, options);
    EXPECT_GT(exploration.states(), 20000);
    for (const checker::Sighting* sighting :
         {&exploration.view_contract(), &exploration.invariant(), &exploration.stuck(),
          &exploration.rejected_move(), &exploration.exception()}) {
      EXPECT_FALSE(sighting->seen()) << sighting->detail;
    }
  }
}

// Random games from the deal, every state's view and those of the states
// one move away held against every other state seen with the same view (as
// grove fuzz does), in variants with what explore_two_plots leaves out: the
// weather die, two actions a turn, three plots drawn, the advanced
// objectives, three and four players (the seats that have played their
// last turn), improvements and panda cards used up.
TEST(TakenokoView, RandomGamesOfFullerVariantsKeepTheViewPromise) {
  const Game& game = builtin_games().get("takenoko");
  struct Table {
    std::vector<std::string> settings;  // parameters
    std::vector<std::string> rulings;
    int players;
  };
  const std::vector<Table> tables = {
      {{"objectives_to_end={2: 3, 3: 3, 4: 3}"}, {}, 2},
      {{"objectives_to_end={2: 3, 3: 3, 4: 3}", "advanced_objectives=true"},
       {"tk.advanced_exhausted=keep_last", "tk.clouds_empty=move_placed"},
       3},
      {{"objectives_to_end={2: 2, 3: 2, 4: 2}"},
       {"tk.too_few_actions=repeat", "tk.actions_optional=optional",
        "tk.channel_beside_empty=one_plot"},
       4},
  };
  std::set<std::string> fired;
  for (const Table& table : tables) {
    Variant variant(game);
    for (const std::string& setting : table.settings) variant.set_parameter_text(setting);
    for (const std::string& ruling : table.rulings) variant.set_ruling_text(ruling);
    const std::unique_ptr<Rules> rules = game.rules(variant, table.players);
    const checker::CheckedRules checked(*rules);
    Rng rng(11);
    std::vector<Move> moves;
    EventLog log;
    for (int played = 0; played < 6; ++played) {
      std::unique_ptr<State> state = rules->initial_state();
      for (int step = 0; step < 400; ++step) {
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
  for (const char* clause : {"tk.weather.roll", "tk.weather.sun", "tk.weather.wind", "tk.plot.keep",
                             "tk.objective.draw", "tk.end.emperor"}) {
    EXPECT_TRUE(fired.count(clause) > 0) << clause << " never fired";
  }
}

}  // namespace
}  // namespace grove::takenoko
