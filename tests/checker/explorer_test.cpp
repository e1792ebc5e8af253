// grove explore's search and analyses: planted defects found with their
// shortest traces, state counts against a brute-force enumeration, exact
// probabilities against an independent computation and a simulation, the
// bounds, and the same answers whatever the number of jobs.

#include "checker/explorer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "checker/explore_findings.hpp"
#include "checker/fingerprint_set.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "tests/checker/planted_game.hpp"
#include "tests/support/sanitizers.hpp"

namespace grove {
namespace {

using checker::Exploration;
using checker::ExploreOptions;
using testing::PlantedBug;

// A search with every check, as grove explore makes it.
struct Explored {
  std::shared_ptr<const Game> game;  // a test-only game's, kept alive with its rules
  std::unique_ptr<Rules> rules;
  checker::AlternativeRules others;
  std::vector<const Rules*> other_rules;
  Exploration exploration;
  checker::EndingAnalysis endings;

  std::vector<checker::ExploreFinding> findings() const {
    return checker::explore_findings(exploration, endings, other_rules, "test");
  }
};

Explored explore_rules(std::unique_ptr<Rules> rules, ExploreOptions options = {},
                       const State* start = nullptr) {
  checker::AlternativeRules others = checker::alternatives_of(*rules);
  std::vector<const Rules*> other_rules;
  for (const auto& other : others.rules) other_rules.push_back(other.get());
  options.start = start;
  Exploration exploration = checker::explore(*rules, other_rules, others.alternatives, options);
  checker::EndingAnalysis endings;
  if (exploration.complete()) endings = checker::analyse_endings(exploration);
  return Explored{nullptr,
                  std::move(rules),
                  std::move(others),
                  std::move(other_rules),
                  std::move(exploration),
                  std::move(endings)};
}

Explored explore_planted(PlantedBug bug) {
  auto game = std::make_shared<const Game>(testing::planted_game(bug));
  Explored run = explore_rules(game->rules(Variant(*game), 2));
  run.game = std::move(game);
  return run;
}

Explored explore_variant(const std::string& game_name, const std::string& variant_file,
                         ExploreOptions options = {}) {
  const Game& game = builtin_games().get(game_name);
  Variant variant = load_variant_file(game, std::string(GROVE_SOURCE_DIR) + "/" + variant_file);
  return explore_rules(game.rules(variant, 2), options);
}

std::vector<std::string> texts(const Rules& rules, const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& move : moves) out.push_back(rules.move_text(move));
  return out;
}

const checker::ExploreFinding* finding_of(const std::vector<checker::ExploreFinding>& findings,
                                          const std::string& kind) {
  for (const auto& finding : findings) {
    if (finding.kind == kind) return &finding;
  }
  return nullptr;
}

// --- The fingerprint set -------------------------------------------------------

TEST(FingerprintSet, NumbersEachFingerprintOnceInTheOrderAdded) {
  checker::FingerprintSet set;
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> added;
  for (int i = 0; i < 200000; ++i) added.push_back(random());
  for (std::size_t i = 0; i < added.size(); ++i) {
    const auto [index, inserted] = set.insert(added[i]);
    ASSERT_TRUE(inserted);
    ASSERT_EQ(index, i);
  }
  for (std::size_t i = 0; i < added.size(); i += 7) {
    EXPECT_EQ(set.insert(added[i]), std::make_pair(static_cast<std::uint32_t>(i), false));
    EXPECT_EQ(set.find(added[i]), i);
  }
  EXPECT_EQ(set.find(random()), checker::FingerprintSet::kAbsent);
  EXPECT_EQ(set.size(), added.size());
  // Zero is a fingerprint like any other.
  EXPECT_TRUE(set.insert(0).second);
  EXPECT_EQ(set.find(0), added.size());
}

// The layout promises a table of 12-byte slots at least 64% full: at most
// 18.75 bytes per state, whatever the count.
TEST(FingerprintSet, KeepsAtMostNineteenBytesPerFingerprint) {
  checker::FingerprintSet set;
  std::mt19937_64 random(11);
  for (int i = 1; i <= 3'000'000; ++i) {
    set.insert(random());
    if (i >= 100'000 && i % 50'000 == 0) {
      EXPECT_LE(static_cast<double>(set.bytes()) / i, 18.75) << i << " fingerprints";
    }
  }
}

// What the process frees stays with the allocator while --memory leaves
// room for what comes next, and goes back to the system once it would not.
TEST(Explorer, GivesFreedMemoryBackOnlyWhenTheMemoryBoundNeedsIt) {
  if (grove::testing::kSanitized) GTEST_SKIP() << "AddressSanitizer's allocator keeps freed memory";
#ifndef __GLIBC__
  GTEST_SKIP() << "only glibc's allocator gives freed memory back on request";
#endif
  constexpr std::int64_t kMB = 1 << 20;
  constexpr std::size_t kBlock = 4096, kBlocks = 16384;  // 64 MB, each block on malloc's heap
  std::vector<std::unique_ptr<char[]>> blocks;
  for (std::size_t i = 0; i < kBlocks; ++i) {
    blocks.emplace_back(new char[kBlock]);
    std::memset(blocks.back().get(), 1, kBlock);
  }
  // The last block stays, so the freed ones lie below it: the allocator
  // gives back by itself only what is freed at the top of its heap.
  for (std::size_t i = 0; i + 1 < kBlocks; ++i) blocks[i].reset();
  const std::int64_t held = checker::resident_memory();
  checker::make_room(kMB, 0);                // no bound
  checker::make_room(kMB, held + 64 * kMB);  // room to spare
  EXPECT_GT(checker::resident_memory(), held - 16 * kMB);
  checker::make_room(kMB, held);  // the bound would be passed
  EXPECT_LT(checker::resident_memory(), held - 32 * kMB);
}

// --- Planted defects -------------------------------------------------------------

TEST(Explorer, FindsAStuckStateWithAShortestTrace) {
  const Explored run = explore_planted(PlantedBug::Stuck);
  const Game& game = *run.game;
  ASSERT_TRUE(run.exploration.complete());
  const checker::Sighting& stuck = run.exploration.stuck();
  ASSERT_TRUE(stuck.seen());
  // The counter first reaches 5 after two additions and their coins: P1
  // adds 2, heads, P2 adds 2 (2+1+2) and the coin is tossed: 4 moves.
  const std::vector<Move> trace = run.exploration.trace(stuck.state);
  EXPECT_EQ(trace.size(), 4U) << ::testing::PrintToString(texts(*run.rules, trace));
  EXPECT_EQ(stuck.depth, 4);
  const auto state = run.exploration.replay(trace);
  EXPECT_EQ(run.rules->state_summary(*state), "counter 5, P1 to add");
  // Its scenario fails until the bug is fixed.
  const auto findings = run.findings();
  const auto* finding = finding_of(findings, "stuck-state");
  ASSERT_NE(finding, nullptr);
  EXPECT_TRUE(finding->defect);
  Registry games;
  games.add(game);
  const ScenarioResult replayed =
      replay_scenario(load_scenario_text(finding->scenario, "finding", games),
                      ReplayChecks{checker::broken_properties, checker::end_unreachable});
  EXPECT_FALSE(replayed.passed());
  EXPECT_NE(replayed.actual.find("stuck"), std::string::npos) << replayed.actual;
}

TEST(Explorer, FindsStatesThatCanNeverEndAndTheMoveIntoThem) {
  const Explored run = explore_planted(PlantedBug::TrapAtEight);
  const Game& game = *run.game;
  ASSERT_TRUE(run.exploration.complete());
  const checker::Sighting& trap = run.endings.trap;
  ASSERT_TRUE(trap.seen());
  // Every state with the counter at 8: 2 turns x (to add, to toss).
  EXPECT_EQ(trap.count, 4);
  // 2, heads, 2, heads, 2: the shortest way to 8 takes five moves, and
  // the trap begins once the coin is tossed (the coin falls on 8 either
  // way). The first trap state is at depth 5.
  const std::vector<Move> trace = run.exploration.trace(trap.state);
  EXPECT_EQ(trace.size(), 5U) << ::testing::PrintToString(texts(*run.rules, trace));
  EXPECT_EQ(run.rules->state_summary(*run.exploration.replay(trace)).substr(0, 10), "counter 8,");
  // The players cannot keep the fixed game going; here they cannot stop it.
  EXPECT_FALSE(run.endings.endless.seen());
  const auto findings = run.findings();
  const auto* finding = finding_of(findings, "no-end-reachable");
  ASSERT_NE(finding, nullptr);
  Registry games;
  games.add(game);
  const ScenarioResult replayed =
      replay_scenario(load_scenario_text(finding->scenario, "finding", games),
                      ReplayChecks{checker::broken_properties, checker::end_unreachable});
  EXPECT_FALSE(replayed.passed());
  EXPECT_EQ(replayed.message, "no end of the game can be reached from here");
  // Random play never ends from there: the chance of that is exact.
  const auto outcomes = checker::outcome_probabilities(run.exploration, true);
  ASSERT_TRUE(outcomes.computed);
  EXPECT_GT(outcomes.never_ends, 0.0);
  EXPECT_FALSE(outcomes.length_finite);
  EXPECT_NEAR(outcomes.win[0] + outcomes.win[1] + outcomes.never_ends, 1.0, 1e-12);
}

// Two readings that end the game alike for every player (the same places
// and scores) do not part there, though their last positions differ.
TEST(Explorer, AReadingThatChangesOnlyWhatNoPlayerSeesAtTheEndNeverMatters) {
  const Explored run = explore_planted(PlantedBug::RulingOnlyAtTheEnd);
  ASSERT_EQ(run.exploration.alternatives().size(), 1U);
  const checker::Alternative& other = run.exploration.alternatives()[0];
  EXPECT_FALSE(other.differs.seen()) << "said to matter in " << other.differs.count << " states";
}

// The view merges states the rules can no longer tell apart; full states
// keep them apart (here the planted view leaves out the coin).
TEST(Explorer, FullStatesKeepApartWhatTheViewMerges) {
  auto game = std::make_shared<const Game>(testing::planted_game(PlantedBug::ViewIgnoresCoin));
  ExploreOptions full;
  full.full_states = true;
  const Explored by_view = explore_rules(game->rules(Variant(*game), 2));
  const Explored by_state = explore_rules(game->rules(Variant(*game), 2), full);
  EXPECT_GT(by_state.exploration.states(), by_view.exploration.states());
}

// Two readings that reach the same last position but rank it otherwise
// part there, though the explorer's view of that position is one.
TEST(Explorer, AReadingThatRanksTheSameEndOtherwiseMatters) {
  const Explored run = explore_planted(PlantedBug::RulingScoresTheEnd);
  ASSERT_EQ(run.exploration.alternatives().size(), 1U);
  const checker::Alternative& other = run.exploration.alternatives()[0];
  ASSERT_TRUE(other.differs.seen());
  EXPECT_GE(other.differs.move, 0);  // seen first at the move that ends the game
  const auto findings = run.findings();
  const auto* finding = finding_of(findings, "ruling-matters");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->detail.find("the game is over either way, but by default P"),
            std::string::npos)
      << finding->detail;
  // The scenario ends with the default's places: they hold under the
  // variant's reading and not under the other.
  EXPECT_NE(finding->scenario.find("\nend:\n  places:"), std::string::npos) << finding->scenario;
  Registry games;
  games.add(*run.game);
  const ReplayChecks checks{checker::broken_properties, checker::end_unreachable};
  const ScenarioResult as_is =
      replay_scenario(load_scenario_text(finding->scenario, "finding", games), checks);
  EXPECT_TRUE(as_is.passed()) << as_is.message;
  VariantOverrides other_reading;
  other_reading.rulings.push_back("planted.reading=b");
  EXPECT_FALSE(replay_scenario(
                   load_scenario_text(finding->scenario, "finding", games, other_reading), checks)
                   .passed());
}

TEST(Explorer, FindsARulingThatMattersInOneStateOnly) {
  const Explored run = explore_planted(PlantedBug::RulingAtThree);
  const Game& game = *run.game;
  ASSERT_EQ(run.exploration.alternatives().size(), 1U);
  const checker::Alternative& other = run.exploration.alternatives()[0];
  EXPECT_EQ(other.ruling + "=" + other.alternative, "planted.reading=b");
  ASSERT_TRUE(other.differs.seen());
  EXPECT_EQ(other.differs.count, 1);
  EXPECT_EQ(other.differs.move, -1);  // the move lists differ
  // Counter 3 on P1's turn: P1 adds 2, tails, P2 adds 1, tails (4 moves).
  const std::vector<Move> trace = run.exploration.trace(other.differs.state);
  EXPECT_EQ(trace.size(), 4U) << ::testing::PrintToString(texts(*run.rules, trace));
  const auto findings = run.findings();
  const auto* finding = finding_of(findings, "ruling-matters");
  ASSERT_NE(finding, nullptr);
  EXPECT_FALSE(finding->defect);
  EXPECT_NE(finding->detail.find("only under planted.reading=b: 'P1 adds 3'"), std::string::npos)
      << finding->detail;
  // The scenario holds under the variant's reading and fails under the other.
  Registry games;
  games.add(game);
  const ReplayChecks checks{checker::broken_properties, checker::end_unreachable};
  EXPECT_TRUE(
      replay_scenario(load_scenario_text(finding->scenario, "finding", games), checks).passed());
  VariantOverrides other_reading;
  other_reading.rulings.push_back("planted.reading=b");
  const ScenarioResult under_b = replay_scenario(
      load_scenario_text(finding->scenario, "finding", games, other_reading), checks);
  EXPECT_FALSE(under_b.passed());
  EXPECT_EQ(under_b.message, "the legal moves are not as expected");
}

TEST(Explorer, ARulingWithoutEffectNeverMatters) {
  const Explored run = explore_planted(PlantedBug::None);
  ASSERT_EQ(run.exploration.alternatives().size(), 1U);
  EXPECT_FALSE(run.exploration.alternatives()[0].differs.seen());
  EXPECT_TRUE(run.findings().empty());
  EXPECT_FALSE(run.endings.trap.seen());
  EXPECT_FALSE(run.endings.endless.seen());
  EXPECT_EQ(run.endings.on_cycles, 0);
}

TEST(Explorer, FindsWhereTheOrderOfSimultaneousResolutionsMatters) {
  const Explored run = explore_planted(PlantedBug::BonusesInOrder);
  ASSERT_EQ(run.exploration.alternatives().size(), 2U);  // the ruling, then the order
  const checker::Alternative& order = run.exploration.alternatives()[1];
  ASSERT_TRUE(order.is_order());
  ASSERT_TRUE(order.differs.seen());
  // The earliest additions that reach 4 are P2's third move, from counter
  // 2 (P1 added 1, heads) or 3 (P1 added 2, heads): both at depth 2.
  EXPECT_EQ(order.differs.depth, 2);
  EXPECT_GE(order.differs.move, 0);  // the move, not the state, differs
  const auto findings = run.findings();
  const auto* finding = finding_of(findings, "order-matters");
  ASSERT_NE(finding, nullptr);
  EXPECT_NE(finding->detail.find("after 'P2 adds "), std::string::npos) << finding->detail;
  EXPECT_NE(finding->detail.find("' the position differs (counter): by default counter 9, P2 to "
                                 "toss; under simultaneous resolutions reversed counter 10, P2 to "
                                 "toss"),
            std::string::npos)
      << finding->detail;
  // With bonuses that commute, the order never matters.
  const Explored commuting = explore_planted(PlantedBug::BonusesAnyOrder);
  ASSERT_EQ(commuting.exploration.alternatives().size(), 2U);
  EXPECT_FALSE(commuting.exploration.alternatives()[1].differs.seen());
  // A game without simultaneous resolutions has no order to compare.
  EXPECT_EQ(explore_planted(PlantedBug::None).exploration.alternatives().size(), 1U);
}

TEST(Explorer, FindsAnInvariantBrokenAtItsFirstState) {
  const Explored run = explore_planted(PlantedBug::Invariant);
  const checker::Sighting& broken = run.exploration.invariant();
  ASSERT_TRUE(broken.seen());
  EXPECT_EQ(broken.detail, "the counter is 7");
  // An addition and its coin add at most 3, so 7 takes three additions:
  // 2, heads, 2, heads, then 1 (five moves).
  EXPECT_EQ(run.exploration.trace(broken.state).size(), 5U);
}

// With all_checks the explorer checks the list grove fuzz checks: a YAML
// form that leaves out whose turn it is is found by the generic ones at the
// first state where the turn is P2's, with a finding that replays to the
// same failure.
TEST(Explorer, AllChecksRunTheGenericPropertiesAtEveryState) {
  auto game = std::make_shared<const Game>(testing::planted_game(PlantedBug::YamlLosesTurn));
  // The planted game's encoding is its YAML, which loses the turn. The
  // search keeps waiting states encoded, so even without all_checks it
  // reads each back and finds that; it makes such a state again from the
  // start, and so explores the same graph as the game without the bug.
  const Explored quick = explore_rules(game->rules(Variant(*game), 2));
  ASSERT_TRUE(quick.exploration.property().seen());
  EXPECT_NE(quick.exploration.property().detail.find("encoding-round-trip"), std::string::npos)
      << quick.exploration.property().detail;
  auto fixed = std::make_shared<const Game>(testing::planted_game(PlantedBug::None));
  const Explored right = explore_rules(fixed->rules(Variant(*fixed), 2));
  EXPECT_EQ(quick.exploration.states(), right.exploration.states());
  EXPECT_EQ(quick.exploration.transitions(), right.exploration.transitions());

  ExploreOptions options;
  options.all_checks = true;
  const Explored run = explore_rules(game->rules(Variant(*game), 2), options);
  const checker::Sighting& broken = run.exploration.property();
  ASSERT_TRUE(broken.seen());
  EXPECT_NE(broken.detail.find("yaml-round-trip"), std::string::npos) << broken.detail;
  // P1 adds, the coin falls: the third state on the way is P2's.
  EXPECT_EQ(run.exploration.trace(broken.state).size(), 2U);
  const std::vector<checker::ExploreFinding> findings = run.findings();
  const checker::ExploreFinding* finding = finding_of(findings, "property");
  ASSERT_NE(finding, nullptr);
  EXPECT_TRUE(finding->defect);
  Registry games;
  games.add(testing::planted_game(PlantedBug::YamlLosesTurn));
  const ScenarioResult replayed =
      replay_scenario(load_scenario_text(finding->scenario, "finding", games),
                      ReplayChecks{checker::broken_properties, checker::end_unreachable});
  EXPECT_FALSE(replayed.passed());
  EXPECT_EQ(replayed.message, "a generic property is broken") << finding->scenario;
}

// With all_checks the explorer also expands through CheckedRules: a view
// that leaves out whether the coin is to be tossed passes every check of a
// single state, and is found where a move leads to a state whose view an
// earlier state had, with a shortest trace. The same game with its view
// fixed gives no finding.
TEST(Explorer, AllChecksFindAViewThatBreaksItsPromise) {
  ExploreOptions options;
  options.all_checks = true;
  auto fixed = std::make_shared<const Game>(testing::planted_game(PlantedBug::None));
  const Explored correct = explore_rules(fixed->rules(Variant(*fixed), 2), options);
  EXPECT_TRUE(correct.exploration.complete());
  EXPECT_FALSE(correct.exploration.view_contract().seen());
  EXPECT_TRUE(correct.findings().empty());

  auto game = std::make_shared<const Game>(testing::planted_game(PlantedBug::ViewIgnoresCoin));
  const Explored quick = explore_rules(game->rules(Variant(*game), 2));
  EXPECT_FALSE(quick.exploration.view_contract().seen());
  const Explored run = explore_rules(game->rules(Variant(*game), 2), options);
  const checker::Sighting& broken = run.exploration.view_contract();
  ASSERT_TRUE(broken.seen());
  EXPECT_NE(broken.detail.find("two states with the same view behave differently"),
            std::string::npos)
      << broken.detail;
  EXPECT_FALSE(run.exploration.exception().seen()) << run.exploration.exception().detail;
  EXPECT_LE(run.exploration.trace(broken.state).size(), 2U);
  const std::vector<checker::ExploreFinding> findings = run.findings();
  const checker::ExploreFinding* finding = finding_of(findings, "view-contract");
  ASSERT_NE(finding, nullptr);
  EXPECT_TRUE(finding->defect);
  EXPECT_NE(finding->detail.find("the view (Rules::view_hash) breaks its promise"),
            std::string::npos)
      << finding->detail;
}

// Rules that read a ruling other than through its Ruled setting do not say
// where they read it, so the explorer does not compare that reading there;
// all checks compare it at every state and report the broken promise.
TEST(Explorer, AllChecksFindARulingReadWhereTheRulesDidNotSay) {
  auto game = std::make_shared<const Game>(testing::planted_game(PlantedBug::RulingReadUnmarked));
  const Explored quick = explore_rules(game->rules(Variant(*game), 2));
  ASSERT_EQ(quick.exploration.alternatives().size(), 1U);
  EXPECT_FALSE(quick.exploration.alternatives()[0].differs.seen());

  ExploreOptions options;
  options.all_checks = true;
  const Explored run = explore_rules(game->rules(Variant(*game), 2), options);
  const checker::Alternative& other = run.exploration.alternatives()[0];
  ASSERT_TRUE(other.differs.seen());
  EXPECT_EQ(other.differs.count, 1);
  const checker::Sighting& property = run.exploration.property();
  ASSERT_TRUE(property.seen());
  EXPECT_EQ(property.detail,
            "ruling-reads: under planted.reading=b this state plays otherwise, but the rules did "
            "not read that ruling here (a ruling read other than through its Ruled setting?)");
  EXPECT_EQ(property.state, other.differs.state);
}

TEST(Explorer, FindsAGameThatNeverEndsFromTheStart) {
  // The counter wraps at 10: every state can only lead to more play.
  const Explored run = explore_planted(PlantedBug::Endless);
  ASSERT_TRUE(run.exploration.complete());
  EXPECT_EQ(run.endings.trap.count, run.exploration.states());
  EXPECT_EQ(run.endings.trap.depth, 0);
}

// Every registered game, in its default variant, through the explorer's
// first few thousand states: a game added later is covered with no change.
TEST(Explorer, EveryGameExploresItsFirstStatesWithoutDefects) {
  for (const auto& game : builtin_games().games()) {
    ExploreOptions options;
    options.limits.max_states = 3000;
    const Explored run = explore_rules(game->rules(Variant(*game), game->min_players), options);
    EXPECT_GT(run.exploration.expanded(), 0) << game->name;
    EXPECT_FALSE(run.exploration.stuck().seen()) << game->name;
    EXPECT_FALSE(run.exploration.invariant().seen()) << game->name;
    EXPECT_FALSE(run.exploration.rejected_move().seen()) << game->name;
    EXPECT_FALSE(run.exploration.exception().seen())
        << game->name << ": " << run.exploration.exception().detail;
    EXPECT_FALSE(run.exploration.clauses().empty()) << game->name;
  }
}

// --- State counts ------------------------------------------------------------------

// Every state reachable from `start`, told apart by full equality (not by
// fingerprint): a depth-first walk over all moves and chance outcomes. And
// how many views (Rules::view_hash) they have: what the explorer counts
// where a game's view merges states (Pass the Pandas, view.cpp).
struct BruteForce {
  std::int64_t states = 0;
  std::int64_t views = 0;
};

BruteForce brute_force_count(const Rules& rules, const State& start) {
  std::unordered_multimap<std::uint64_t, std::unique_ptr<State>> seen;
  std::unordered_set<std::uint64_t> views;
  std::vector<std::unique_ptr<State>> stack;
  const auto visit = [&](const State& state) {
    const std::uint64_t hash = state.hash();
    const auto [first, last] = seen.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (it->second->equals(state)) return;
    }
    seen.emplace(hash, state.clone());
    views.insert(rules.view_hash(state));
    stack.push_back(state.clone());
  };
  visit(start);
  std::vector<Move> moves;
  std::vector<ChanceOutcome> outcomes;
  while (!stack.empty()) {
    const std::unique_ptr<State> state = std::move(stack.back());
    stack.pop_back();
    const Node node = rules.node(*state);
    moves.clear();
    if (node.kind == NodeKind::Decision) rules.legal_moves(*state, moves);
    if (node.kind == NodeKind::Chance) {
      rules.chance_outcomes(*state, outcomes);
      for (const ChanceOutcome& outcome : outcomes) moves.push_back(outcome.move);
    }
    for (const Move& move : moves) {
      auto next = state->clone();
      EXPECT_TRUE(rules.apply(*next, move, nullptr).is_legal());
      visit(*next);
    }
  }
  return {static_cast<std::int64_t>(seen.size()), static_cast<std::int64_t>(views.size())};
}

TEST(Explorer, CountsTheSameStatesAsABruteForceEnumeration) {
  for (const char* file : {"scenarios/pass_the_pandas/variants/explore_two_dice.yaml",
                           "scenarios/pass_the_pandas/variants/explore_three_dice.yaml"}) {
    ExploreOptions options;
    options.compare_rulings = false;
    const Explored run = explore_variant("pass_the_pandas", file, options);
    ASSERT_TRUE(run.exploration.complete());
    EXPECT_EQ(run.exploration.states(),
              brute_force_count(*run.rules, *run.rules->initial_state()).views)
        << file;
  }
  for (PlantedBug bug : {PlantedBug::None, PlantedBug::TrapAtEight}) {
    const Explored run = explore_planted(bug);
    const BruteForce counted = brute_force_count(*run.rules, *run.rules->initial_state());
    EXPECT_EQ(run.exploration.states(), counted.states);
    EXPECT_EQ(counted.views, counted.states);
  }
}

// --- Start, bounds and jobs --------------------------------------------------------

TEST(Explorer, ExploresFromAGivenPosition) {
  const Game& game = builtin_games().get("bamboo_harvest");
  const Scenario start = load_scenario(
      std::string(GROVE_SOURCE_DIR) + "/scenarios/bamboo_harvest/explore_2x3_start.yaml",
      builtin_games());
  const ScenarioResult replayed = replay_scenario(start);
  ASSERT_TRUE(replayed.passed()) << replayed.message;
  auto rules = game.rules(start.variant, start.players);
  // Bamboo Harvest has a view (Rules::view_hash) that merges positions the
  // rules can no longer tell apart: the search finds one state per view.
  const BruteForce counted = brute_force_count(*rules, *replayed.end_state);
  EXPECT_LT(counted.views, counted.states);
  ExploreOptions options;
  options.compare_rulings = false;
  const Explored run = explore_rules(std::move(rules), options, replayed.end_state.get());
  ASSERT_TRUE(run.exploration.complete());
  EXPECT_FALSE(run.exploration.from_initial_state());
  EXPECT_EQ(run.exploration.states(), counted.views);
  EXPECT_TRUE(run.exploration.start().equals(*replayed.end_state));
}

// A complete search whose analyses would not fit under --memory beside
// the graph does not start them, and says so.
TEST(Explorer, AnalysesWithoutRoomUnderTheMemoryBoundAreNotStarted) {
  EXPECT_EQ(checker::analyses_room(1'000'000, 6'000'000, -1), "");  // no bound
  EXPECT_EQ(checker::analyses_room(1'000'000, 6'000'000, 200'000'000), "");
  EXPECT_EQ(checker::analyses_room(1'000'000, 6'000'000, 50'000'000),
            "the analyses of the whole graph would need about 126.0 MB beside it, 76.0 MB more "
            "than --memory leaves (which is 50.0 MB; give more --memory, or spread the search "
            "over more ranks with --gather no)");
  EXPECT_NE(checker::analyses_room(10, 60, 0).find("(which is 0.0 MB"), std::string::npos);
}

TEST(Explorer, ABoundStopsTheSearchAndNothingIsClaimedBeyondIt) {
  ExploreOptions options;
  options.limits.max_states = 100;
  const Explored by_states = explore_variant(
      "pass_the_pandas", "scenarios/pass_the_pandas/variants/explore_three_dice.yaml", options);
  EXPECT_EQ(by_states.exploration.stopped(), checker::StopReason::MaxStates);
  EXPECT_FALSE(by_states.exploration.complete());
  EXPECT_LT(by_states.exploration.expanded(), by_states.exploration.states());
  const auto outcomes = checker::outcome_probabilities(by_states.exploration, true);
  EXPECT_FALSE(outcomes.computed);
  EXPECT_EQ(outcomes.why_not, "the search was not complete");

  options.limits = {};
  options.limits.max_depth = 3;
  const Explored by_depth = explore_variant(
      "pass_the_pandas", "scenarios/pass_the_pandas/variants/explore_three_dice.yaml", options);
  EXPECT_EQ(by_depth.exploration.stopped(), checker::StopReason::MaxDepth);
  EXPECT_EQ(by_depth.exploration.depth(), 3);

  options.limits = {};
  int polled = 0;
  options.stop = [&polled] { return ++polled > 0; };
  options.progress = [](const checker::ExploreProgress&) {};
  const Explored interrupted = explore_variant(
      "pass_the_pandas", "scenarios/pass_the_pandas/variants/explore_three_dice.yaml", options);
  EXPECT_EQ(interrupted.exploration.stopped(), checker::StopReason::Interrupted);
}

TEST(Explorer, TwoJobsFindTheSameStatesAndAnswersAsOne) {
  ExploreOptions one;
  ExploreOptions two;
  two.jobs = 2;
  const char* file = "scenarios/pass_the_pandas/variants/explore_three_dice.yaml";
  const Explored a = explore_variant("pass_the_pandas", file, one);
  const Explored b = explore_variant("pass_the_pandas", file, two);
  ASSERT_EQ(a.exploration.states(), b.exploration.states());
  EXPECT_EQ(a.exploration.transitions(), b.exploration.transitions());
  EXPECT_EQ(a.exploration.initial(), b.exploration.initial());
  for (checker::StateIndex v = 0; v < a.exploration.states(); v += 17) {
    EXPECT_EQ(a.exploration.trace(v), b.exploration.trace(v));
  }
  ASSERT_EQ(a.exploration.alternatives().size(), b.exploration.alternatives().size());
  for (std::size_t i = 0; i < a.exploration.alternatives().size(); ++i) {
    EXPECT_EQ(a.exploration.alternatives()[i].differs.state,
              b.exploration.alternatives()[i].differs.state);
    EXPECT_EQ(a.exploration.alternatives()[i].differs.count,
              b.exploration.alternatives()[i].differs.count);
  }
  EXPECT_EQ(a.exploration.clauses(), b.exploration.clauses());
  const auto pa = checker::outcome_probabilities(a.exploration, true);
  const auto pb = checker::outcome_probabilities(b.exploration, true);
  EXPECT_EQ(pa.win, pb.win);
}

// --- Exact probabilities -------------------------------------------------------------

// Two-player Pass the Pandas with `dice` dice each, computed from the rule
// text without the engine: the player to roll holds `mine`, the other
// `theirs`, who rolled `bamboo` bamboo on their last turn (-1: not yet).
// The chances are solved as one linear system by Gaussian elimination.
struct PandasByHand {
  struct Key {
    int mine, theirs, bamboo;
    auto operator<=>(const Key&) const = default;
  };
  std::map<Key, int> index;
  std::vector<Key> keys;

  int number(const Key& key) {
    const auto [it, added] = index.emplace(key, static_cast<int>(keys.size()));
    if (added) keys.push_back(key);
    return it->second;
  }

  // Each roll of n six-sided dice (1 water, 1 panda, 1 bamboo, 3 blank).
  struct Roll {
    int water, panda, bamboo;
    double probability;
  };
  static std::vector<Roll> rolls(int n) {
    std::vector<Roll> out;
    const auto factorial = [](int k) {
      double f = 1;
      for (int i = 2; i <= k; ++i) f *= i;
      return f;
    };
    for (int w = 0; w <= n; ++w) {
      for (int p = 0; w + p <= n; ++p) {
        for (int b = 0; w + p + b <= n; ++b) {
          const int blank = n - w - p - b;
          const double ways =
              factorial(n) / (factorial(w) * factorial(p) * factorial(b) * factorial(blank));
          out.push_back({w, p, b, ways * std::pow(1.0 / 6, w + p + b) * std::pow(0.5, blank)});
        }
      }
    }
    return out;
  }

  // The roller's chance of winning and the expected number of moves (the
  // roll and one move per panda passed) from each state; P1 starts.
  std::pair<double, double> solve(int dice) {
    number({dice, dice, -1});
    struct Term {
      int next;  // -1: the game ended
      double probability, win, moves;
    };
    std::vector<std::vector<Term>> terms;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const Key key = keys[i];
      std::vector<Term> row;
      for (const Roll& roll : rolls(key.mine)) {
        int mine = key.mine - roll.water - roll.panda;
        int theirs = key.theirs + roll.panda;
        if (key.bamboo >= 0 && roll.bamboo < key.bamboo) {
          const int given = std::min(key.bamboo - roll.bamboo, theirs);
          theirs -= given;
          mine += given;
        }
        const double moves = 1 + roll.panda;
        if (mine == 0 || theirs == 0) {
          row.push_back({-1, roll.probability, mine == 0 ? 1.0 : 0.0, moves});
        } else {
          row.push_back({number({theirs, mine, roll.bamboo}), roll.probability, 0, moves});
        }
      }
      terms.push_back(std::move(row));
    }
    // win[i] = sum p * (ended ? w : 1 - win[next]); moves[i] = sum p * (m + moves[next]).
    const std::size_t n = keys.size();
    const auto gauss = [n](std::vector<std::vector<double>> a, std::vector<double> b) {
      for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t row = col + 1; row < n; ++row) {
          if (std::abs(a[row][col]) > std::abs(a[pivot][col])) pivot = row;
        }
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (std::size_t row = 0; row < n; ++row) {
          if (row == col || a[row][col] == 0) continue;
          const double factor = a[row][col] / a[col][col];
          for (std::size_t k = col; k < n; ++k) a[row][k] -= factor * a[col][k];
          b[row] -= factor * b[col];
        }
      }
      std::vector<double> x(n);
      for (std::size_t i = 0; i < n; ++i) x[i] = b[i] / a[i][i];
      return x;
    };
    std::vector<std::vector<double>> win_matrix(n, std::vector<double>(n, 0.0));
    std::vector<std::vector<double>> moves_matrix(n, std::vector<double>(n, 0.0));
    std::vector<double> win_rhs(n, 0.0), moves_rhs(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      win_matrix[i][i] = 1;
      moves_matrix[i][i] = 1;
      for (const Term& term : terms[i]) {
        moves_rhs[i] += term.probability * term.moves;
        if (term.next < 0) {
          win_rhs[i] += term.probability * term.win;
        } else {
          const auto j = static_cast<std::size_t>(term.next);
          win_rhs[i] += term.probability;
          win_matrix[i][j] += term.probability;
          moves_matrix[i][j] -= term.probability;
        }
      }
    }
    return {gauss(win_matrix, win_rhs)[0], gauss(moves_matrix, moves_rhs)[0]};
  }
};

TEST(ExplorerProbabilities, PassThePandasAgreesWithAnIndependentComputation) {
  for (const auto& [dice, file] : std::vector<std::pair<int, std::string>>{
           {2, "scenarios/pass_the_pandas/variants/explore_two_dice.yaml"},
           {3, "scenarios/pass_the_pandas/variants/explore_three_dice.yaml"}}) {
    ExploreOptions options;
    options.compare_rulings = false;
    const Explored run = explore_variant("pass_the_pandas", file, options);
    const auto outcomes = checker::outcome_probabilities(run.exploration, true);
    ASSERT_TRUE(outcomes.computed) << outcomes.why_not;
    PandasByHand by_hand;
    const auto [first_wins, length] = by_hand.solve(dice);
    EXPECT_NEAR(outcomes.win[0], first_wins, 1e-9) << dice << " dice";
    EXPECT_NEAR(outcomes.win[1], 1 - first_wins, 1e-9) << dice << " dice";
    EXPECT_NEAR(outcomes.expected_length, length, 1e-9) << dice << " dice";
    EXPECT_NEAR(outcomes.never_ends, 0.0, 1e-12);
    EXPECT_EQ(outcomes.shared, 0.0);
    // Two players pass every panda to the only other player: nobody
    // decides anything, so optimal play is random play.
    ASSERT_TRUE(outcomes.optimal_defined);
    EXPECT_NEAR(outcomes.optimal_low, first_wins, 1e-9);
    EXPECT_NEAR(outcomes.optimal_high, first_wins, 1e-9);
  }
}

// The first seat's value under optimal play by plain value iteration on
// the explored graph, every state at once from `start`, until it settles.
double value_iteration(const Exploration& graph, double start) {
  using checker::NodeClass;
  const auto n = static_cast<checker::StateIndex>(graph.states());
  std::vector<double> value(n, start), next(n);
  for (int round = 0; round < 100'000; ++round) {
    double change = 0;
    for (checker::StateIndex v = 0; v < n; ++v) {
      double result = value[v];
      if (graph.node_class(v) == NodeClass::Terminal) {
        result = graph.winners(v) == 1U ? 1.0 : graph.winners(v) == 2U ? 0.0 : 0.5;
      } else if (graph.node_class(v) == NodeClass::Chance) {
        result = 0;
        for (std::size_t e = graph.edges_begin(v); e < graph.edges_end(v); ++e) {
          result += graph.edge_probability(e) * value[graph.edge_target(e)];
        }
      } else if (graph.edges_end(v) > graph.edges_begin(v)) {
        const bool first_seat = graph.actor(v) == 0;
        result = first_seat ? 0.0 : 1.0;
        for (std::size_t e = graph.edges_begin(v); e < graph.edges_end(v); ++e) {
          const double theirs = value[graph.edge_target(e)];
          result = first_seat ? std::max(result, theirs) : std::min(result, theirs);
        }
      }
      next[v] = result;
      change = std::max(change, std::abs(result - value[v]));
    }
    value.swap(next);
    if (change < 1e-15) break;
  }
  return value[graph.initial()];
}

// Optimal play on graphs with cycles where the choices matter: where every
// game ends whatever anyone does (the slip), the solver starts from what
// random play scores and solves once; where the players can keep a game
// going (passing at 6), it solves from below and from above. Either way
// its values are value iteration's on the same graph.
TEST(ExplorerProbabilities, OptimalPlayIsValueIterationsOnGraphsWithCycles) {
  for (const PlantedBug bug : {PlantedBug::SlipOnTails, PlantedBug::PassAtSix}) {
    const Explored run = explore_planted(bug);
    ASSERT_TRUE(run.exploration.complete());
    const auto outcomes = checker::outcome_probabilities(run.exploration, true);
    ASSERT_TRUE(outcomes.optimal_defined) << outcomes.optimal_why_not;
    EXPECT_GT(run.endings.on_cycles, 0);
    EXPECT_NEAR(outcomes.optimal_low, value_iteration(run.exploration, 0.0), 1e-12);
    EXPECT_NEAR(outcomes.optimal_high, value_iteration(run.exploration, 1.0), 1e-12);
    // Choosing well is worth something here: far from random play's score.
    const double random_score = 0.5 * (1 + outcomes.win[0] - outcomes.win[1]);
    EXPECT_GT(std::abs(outcomes.optimal_low - random_score), 0.01);
  }
  EXPECT_FALSE(explore_planted(PlantedBug::SlipOnTails).endings.endless.seen());
  EXPECT_TRUE(explore_planted(PlantedBug::PassAtSix).endings.endless.seen());
}

TEST(ExplorerProbabilities, PassThePandasAgreesWithSimulatedPlay) {
  const Explored run = explore_variant("pass_the_pandas",
                                       "scenarios/pass_the_pandas/variants/explore_two_dice.yaml");
  const auto outcomes = checker::outcome_probabilities(run.exploration, true);
  constexpr int kGames = 200'000;
  int first_wins = 0;
  std::int64_t moves = 0;
  RandomAgent agent;
  for (int game = 0; game < kGames; ++game) {
    Rng rng = Rng(2026).derive(static_cast<std::uint64_t>(game));
    auto state = run.rules->initial_state();
    while (run.rules->node(*state).kind != NodeKind::Terminal) {
      ASSERT_TRUE(
          run.rules->apply(*state, next_move(*run.rules, *state, agent, rng), nullptr).is_legal());
      ++moves;
    }
    first_wins += run.rules->outcome(*state).place[0] == 1 ? 1 : 0;
  }
  // Within the 99.9% confidence interval of the simulated rate.
  const double rate = static_cast<double>(first_wins) / kGames;
  const double half_width = 3.29 * std::sqrt(rate * (1 - rate) / kGames);
  EXPECT_NEAR(outcomes.win[0], rate, half_width);
  EXPECT_NEAR(outcomes.expected_length, static_cast<double>(moves) / kGames, 0.05);
}

}  // namespace
}  // namespace grove
