// Whole random games of Takenoko: the game's invariants (every component
// conserved, heights within range, bamboo only where a plot was irrigated,
// channels on the network, hands within the limit) hold after every step,
// under random rulings and player counts; and the games that random play
// cannot finish are the dead end the rules leave: every tile placed and
// every hand full, so nobody can draw an objective again.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

RC_GTEST_PROP(TakenokoGames, InvariantsHoldAfterEveryStepOfWholeGames, ()) {
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  for (const Ruling& ruling : game.rulings) {
    variant.set_ruling_text(ruling.id + "=" + *rc::gen::elementOf(ruling.alternative_ids()));
  }
  variant.set_parameter_text(std::string("advanced_objectives=") +
                             (*rc::gen::arbitrary<bool>() ? "true" : "false"));
  // A small supply makes the supply rulings matter.
  variant.set_parameter_text("bamboo_sections={green: " + std::to_string(*rc::gen::inRange(1, 29)) +
                             "}");
  const auto rules = game.rules(variant, *rc::gen::inRange(2, 5));
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  RandomAgent agent;
  auto state = rules->initial_state();
  for (std::int64_t step = 0; step < 1500 && rules->node(*state).kind != NodeKind::Terminal;
       ++step) {
    const Move move = next_move(*rules, *state, agent, rng);
    RC_ASSERT(rules->apply(*state, move, nullptr).is_legal());
    const auto problems = rules->invariant_violations(*state);
    if (!problems.empty()) RC_FAIL("after '" + rules->move_text(move) + "': " + problems.front());
  }
}

TEST(TakenokoGames, RandomGamesThatDoNotEndAreStuckWithFullHandsAndNoTileLeft) {
  const Game& game = builtin_games().get("takenoko");
  for (int players = 2; players <= 4; ++players) {
    const auto rules = game.rules(Variant(game), players);
    int cut = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      Rng rng(seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      std::int64_t steps = 0;
      for (; rules->node(*state).kind != NodeKind::Terminal && steps < rules->step_bound();
           ++steps) {
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
      if (rules->node(*state).kind == NodeKind::Terminal) continue;
      ++cut;
      const Position& position = position_of<Position>(*state);
      EXPECT_EQ(position.tiles.size(), 0) << players << " players, seed " << seed;
      for (const Player& player : position.players) {
        EXPECT_EQ(player.hand_size(), rules->variant().integer("hand_limit"))
            << players << " players, seed " << seed;
      }
    }
    // Random play of two players gets stuck in most games; the claim is
    // about those games, so some must have been cut.
    if (players == 2) {
      EXPECT_GT(cut, 0);
    }
  }
}

}  // namespace
}  // namespace grove::takenoko
