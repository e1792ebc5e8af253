// Whole random games of Forest Shuffle, 2 to 5 players: the invariants (all
// 161 cards conserved across deck, box, hands, forests, caves, the clearing
// and the winter row; hands within the limit; one card per slot but for
// Common Toads and European Hares) and the generic properties hold after
// every step under every reading of the rulings; games end; the score is
// the sum of its parts and agrees with a second scorer written separately;
// the deck's chance outcomes are exact.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "checker/step_checks.hpp"
#include "engine/core/agent.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"
#include "tests/games/forest_shuffle/reference_scorer.hpp"

namespace grove::forest_shuffle {
namespace {

const Game& forest_shuffle() { return builtin_games().get("forest_shuffle"); }

const ForestShuffleRules& as_forest_shuffle(const Rules& rules) {
  return dynamic_cast<const ForestShuffleRules&>(rules);
}

// Plays to the end with the random agent; returns the number of steps.
std::int64_t play_out(const Rules& rules, State& state, Rng& rng, EventLog* log = nullptr) {
  RandomAgent agent;
  std::int64_t steps = 0;
  while (rules.node(state).kind != NodeKind::Terminal && steps < rules.step_bound()) {
    if (!rules.apply(state, next_move(rules, state, agent, rng), log).is_legal()) return -1;
    ++steps;
  }
  return steps;
}

RC_GTEST_PROP(ForestShuffleGames, InvariantsAndGenericPropertiesHoldThroughWholeGames, ()) {
  const Game& game = forest_shuffle();
  Variant variant(game);
  for (const Ruling& ruling : game.rulings) {
    variant.set_ruling_text(ruling.id + "=" + *rc::gen::elementOf(ruling.alternative_ids()));
  }
  const int players = *rc::gen::element(2, 3, 4, 5);
  RC_TAG(players);
  const auto rules = game.rules(variant, players);
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  RandomAgent agent;
  auto state = rules->initial_state();
  std::int64_t step = 0;
  for (; rules->node(*state).kind != NodeKind::Terminal && step < rules->step_bound(); ++step) {
    // The full generic checks now and then; the game's own invariants always.
    if (step % 40 == 0) {
      for (const auto& violation : checker::check_state(*rules, *state)) {
        RC_FAIL(violation.property + ": " + violation.detail);
      }
    }
    const Move move = next_move(*rules, *state, agent, rng);
    RC_ASSERT(rules->apply(*state, move, nullptr).is_legal());
    const auto problems = rules->invariant_violations(*state);
    if (!problems.empty()) RC_FAIL("after '" + rules->move_text(move) + "': " + problems.front());
  }
  RC_ASSERT(rules->node(*state).kind == NodeKind::Terminal);
  RC_ASSERT(position_of<Position>(*state).winter_revealed == 3);
}

TEST(ForestShuffleGames, TheScoreIsTheSumOfTheCardsPointsAndAgreesWithASecondScorer) {
  const Game& game = forest_shuffle();
  std::set<std::string> scored;  // species that scored points somewhere
  int compared = 0;
  for (int players = 2; players <= 5; ++players) {
    const auto rules = game.rules(Variant(game), players);
    const CardBook& book = as_forest_shuffle(*rules).book();
    for (std::uint64_t seed = 0; seed < 15; ++seed) {
      Rng rng(seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      EventLog log;
      // Mid-game positions as well as the end.
      for (std::int64_t step = 0; rules->node(*state).kind != NodeKind::Terminal; ++step) {
        if (step % 97 == 0) {
          const Position& position = position_of<Position>(*state);
          EXPECT_EQ(final_scores(as_forest_shuffle(*rules).settings(), position),
                    testing::reference_scores(book, position))
              << players << " players, seed " << seed << ", step " << step;
          ++compared;
        }
        log.clear();
        ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), &log).is_legal());
      }
      const Outcome outcome = rules->outcome(*state);
      const Position& position = position_of<Position>(*state);
      std::vector<std::int64_t> reference;
      for (int score : testing::reference_scores(book, position)) reference.push_back(score);
      EXPECT_EQ(outcome.score, reference) << players << " players, seed " << seed;
      ++compared;
      // The score sheet the game ends with adds up to the outcome.
      std::vector<std::int64_t> sum(static_cast<std::size_t>(players), 0);
      for (const Event& event : log) {
        if (event.clause != kClauseScore) continue;
        sum[static_cast<std::size_t>(event.seat)] += std::stoi(*event.field("points"));
        if (*event.field("points") != "0") scored.insert(*event.field("species"));
      }
      EXPECT_EQ(sum, outcome.score) << players << " players, seed " << seed;
    }
  }
  EXPECT_GT(compared, 300);
  // The comparison means something only if the forests were varied: most
  // species that can score did.
  EXPECT_GE(scored.size(), 40U) << "species that scored: " << scored.size();
}

TEST(ForestShuffleGames, RandomGamesEndWellWithinTheStepBound) {
  const Game& game = forest_shuffle();
  for (int players = 2; players <= 5; ++players) {
    const auto rules = game.rules(Variant(game), players);
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Rng rng(seed);
      auto state = rules->initial_state();
      const std::int64_t steps = play_out(*rules, *state, rng);
      ASSERT_GT(steps, 0);
      EXPECT_EQ(rules->node(*state).kind, NodeKind::Terminal);
      EXPECT_LT(steps * 4, rules->step_bound()) << players << " players, seed " << seed;
    }
  }
}

std::unique_ptr<State> position_from(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "test"));
}

TEST(ForestShuffleChance, AWinterCardInTheBottomPileIsAsLikelyAsEachCardThere) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  // Three cards and one winter card left in the deck; the unseen cards are
  // the deck's and the box's together.
  const auto state =
      position_from(*rules,
                    "deck: {top: 0, winter_on_top: 0, bottom: 3, winter_shuffled: 1}\n"
                    "winter: 2\n"
                    "players: {P1: {hand: [LR01, LR02]}}\n");
  const Position& position = position_of<Position>(*state);
  const int unseen = position.unseen_total();
  ASSERT_EQ(unseen, 158 - 2);
  std::vector<Move> moves;
  rules->legal_moves(*state, moves);
  auto drawing = state->clone();
  ASSERT_TRUE(rules->apply_text(*drawing, "P1 draws from deck", nullptr).is_legal());
  std::vector<ChanceOutcome> outcomes;
  rules->chance_outcomes(*drawing, outcomes);
  Probability total;
  for (const ChanceOutcome& outcome : outcomes) {
    total = total + outcome.probability;
    if (outcome.move.kind == kWinter) {
      EXPECT_EQ(outcome.probability, Probability(1, 4));
    } else if (rules->move_text(outcome.move) == "draw P1 linden") {
      EXPECT_EQ(outcome.probability, Probability(3 * 9, 4 * static_cast<unsigned>(unseen)));
    } else if (rules->move_text(outcome.move) == "draw P1 LR03") {
      EXPECT_EQ(outcome.probability, Probability(3, 4 * static_cast<unsigned>(unseen)));
    }
  }
  EXPECT_TRUE(total.is_one());
  EXPECT_EQ(outcomes.size(), 1U + 8U + 92U - 2U);

  // The fast sampler draws with the same probabilities.
  Rng rng(7);
  int winters = 0;
  constexpr int kDraws = 40000;
  for (int i = 0; i < kDraws; ++i) winters += rules->sample_chance(*drawing, rng).kind == kWinter;
  EXPECT_NEAR(winters / double{kDraws}, 0.25, 0.01);
}

TEST(ForestShuffleChance, WhileCardsLieAboveTheBottomPileNoWinterCardCanCome) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 3);
  auto state = rules->initial_state();
  std::vector<ChanceOutcome> outcomes;
  rules->chance_outcomes(*state, outcomes);
  for (const ChanceOutcome& outcome : outcomes) EXPECT_EQ(outcome.move.kind, kDeckCard);
  EXPECT_EQ(outcomes.size(), 8U + 92U);
}

TEST(ForestShuffleView, APlayerSeesOwnHandButOnlyHowManyCardsTheOthersHold) {
  const auto rules = forest_shuffle().rules(Variant(forest_shuffle()), 2);
  const std::string common =
      "players:\n"
      "  P1: {hand: [linden, LR01], forest: [{sapling: LR07}], cave: [TB01]}\n";
  const auto one = position_from(*rules, common + "  P2: {hand: [oak, LR02], cave: [TB02]}\n");
  const auto other = position_from(*rules, common + "  P2: {hand: [birch, LR03], cave: [TB03]}\n");
  EXPECT_EQ(rules->observation(*one, 0), rules->observation(*other, 0));
  EXPECT_NE(rules->observation(*one, 1), rules->observation(*other, 1));
  const std::string seen_by_p2 = rules->observation(*one, 1);
  EXPECT_EQ(seen_by_p2.find("LR07"), std::string::npos) << seen_by_p2;
  EXPECT_EQ(seen_by_p2.find("linden"), std::string::npos) << seen_by_p2;
  EXPECT_NE(seen_by_p2.find("sapling: hidden"), std::string::npos) << seen_by_p2;
  EXPECT_NE(rules->observation(*one, 0).find("sapling: LR07"), std::string::npos);
}

}  // namespace
}  // namespace grove::forest_shuffle
