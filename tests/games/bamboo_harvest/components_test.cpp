// The components and set-up of Bamboo Harvest as the rule text lists them
// (bamboo_harvest.txt, "Set Up" and the note on standard decks).

#include <gtest/gtest.h>

#include <set>

#include "engine/core/agent.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"
#include "engine/games/builtin.hpp"

namespace grove::bamboo_harvest {
namespace {

std::unique_ptr<Rules> rules_for(int players, std::vector<std::string> settings = {}) {
  const Game& game = builtin_games().get("bamboo_harvest");
  Variant variant(game);
  for (const auto& setting : settings) variant.set_parameter_text(setting);
  return game.rules(variant, players);
}

const BhRules& bh(const Rules& rules) { return dynamic_cast<const BhRules&>(rules); }

TEST(Cards, FortyNineForestCardsAndFiftyFiveDeeds) {
  int forest = 0;
  int deeds = 0;
  int wild = 0;
  for (int card = 0; card < kCards; ++card) {
    const auto c = static_cast<Card>(card);
    forest += is_forest_card(c) ? 1 : 0;
    deeds += is_forest_card(c) ? 0 : 1;
    wild += is_wild(c) ? 1 : 0;
  }
  EXPECT_EQ(forest, 49);
  EXPECT_EQ(deeds, 55);
  EXPECT_EQ(wild, 3);
}

TEST(Cards, EveryCardCodeReadsBack) {
  for (int card = 0; card < kCards; ++card) {
    const auto c = static_cast<Card>(card);
    EXPECT_EQ(parse_card(card_text(c)), c) << card_text(c);
  }
  EXPECT_EQ(card_text(*parse_card("10hG")), "10Hg");
  EXPECT_EQ(*parse_card("QDg"), *parse_card("wildQ"));
  EXPECT_FALSE(parse_card("11H"));
  EXPECT_FALSE(parse_card("7X"));
  EXPECT_FALSE(parse_card("wild7"));
}

TEST(Cards, StandardDecksHarvestHalfThePipsRoundedUp) {
  const auto rules = rules_for(2);
  const std::vector<std::pair<std::string, int>> expected = {
      {"AH", 1}, {"2H", 1}, {"3D", 2}, {"4H", 2}, {"5H", 3}, {"6D", 3}, {"9H", 5}, {"10D", 5}};
  for (const auto& [code, reeds] : expected) {
    EXPECT_EQ(bh(*rules).reeds_for(*parse_card(code)), reeds) << code;
  }
  const auto changed = rules_for(2, {"reeds_per_rank={A: 4, 10: 9}"});
  EXPECT_EQ(bh(*changed).reeds_for(*parse_card("AH")), 4);
  EXPECT_EQ(bh(*changed).reeds_for(*parse_card("10H")), 9);
  EXPECT_EQ(bh(*changed).reeds_for(*parse_card("5H")), 3);
}

TEST(Steps, EveryStepHasItsOwnWords) {
  // words_for() indexes the table by the step: the order must match Step.
  for (std::size_t i = 0; i < kSteps.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(kSteps[i].step), i) << kSteps[i].key;
  }
  EXPECT_EQ(kSteps.back().step, Step::Over);
}

TEST(Setup, ImpossibleCombinationsAreRefusedWithTheReason) {
  try {
    rules_for(2, {"deeds_kept=3"});
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("deeds_kept (3) must be less than deeds_dealt (3)"),
              std::string::npos)
        << error.what();
  }
  EXPECT_THROW(rules_for(4, {"forest_rows=2", "forest_columns=3"}), InputError);
  try {
    Variant variant(builtin_games().get("bamboo_harvest"));
    variant.set_parameter_text("reeds_per_rank={J: 3}");
    FAIL() << "accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("unknown key 'J'"), std::string::npos) << error.what();
  }
}

// Plays the set-up with the first legal move and the first chance outcome.
std::unique_ptr<State> through_deal(const Rules& rules) {
  auto state = rules.initial_state();
  std::vector<ChanceOutcome> outcomes;
  while (rules.node(*state).kind == NodeKind::Chance) {
    rules.chance_outcomes(*state, outcomes);
    EXPECT_TRUE(rules.apply(*state, outcomes.front().move, nullptr).is_legal());
  }
  return state;
}

TEST(Setup, DealsTheForestAndThreeDeedsEach) {
  const auto rules = rules_for(3);
  auto state = through_deal(*rules);
  const Position& position = position_of<Position>(*state);
  EXPECT_EQ(position.step, Step::SetupDiscard);
  for (const Player& player : position.players) {
    EXPECT_EQ(player.deeds.size(), 3);
    EXPECT_TRUE(player.face_up.empty());
    EXPECT_EQ(player.reeds, 14);
  }
  EXPECT_TRUE(position.box.empty());
  EXPECT_EQ(position.draw_pile.size(), 55 - 9);
}

TEST(Setup, SimultaneousDiscardsDoNotLeakToLaterSeats) {
  // Whatever P1 discards, P2 sees the same thing and has the same choices:
  // no choice can depend on another player's.
  const auto rules = rules_for(2);
  auto dealt = through_deal(*rules);
  std::vector<Move> first_choices;
  rules->legal_moves(*dealt, first_choices);
  ASSERT_EQ(first_choices.size(), 3U);
  std::set<std::string> seen_by_p2;
  std::set<std::vector<Move>> p2_choices;
  for (const Move& choice : first_choices) {
    auto state = dealt->clone();
    ASSERT_TRUE(rules->apply(*state, choice, nullptr).is_legal());
    const Node node = rules->node(*state);
    EXPECT_EQ(node.actor, 1);
    EXPECT_TRUE(node.simultaneous);
    seen_by_p2.insert(rules->observation(*state, 1));
    std::vector<Move> moves;
    rules->legal_moves(*state, moves);
    p2_choices.insert(moves);
  }
  EXPECT_EQ(seen_by_p2.size(), 1U);
  EXPECT_EQ(p2_choices.size(), 1U);
  // P1 does see their own choice.
  auto a = dealt->clone();
  auto b = dealt->clone();
  ASSERT_TRUE(rules->apply(*a, first_choices[0], nullptr).is_legal());
  ASSERT_TRUE(rules->apply(*b, first_choices[1], nullptr).is_legal());
  EXPECT_NE(rules->observation(*a, 0), rules->observation(*b, 0));
}

TEST(Setup, TokensArePlacedInSnakeOrderFromTheStartingPlayer) {
  const auto rules = rules_for(3);
  auto state = through_deal(*rules);
  std::vector<Move> moves;
  while (position_of<Position>(*state).step == Step::SetupDiscard) {
    rules->legal_moves(*state, moves);
    ASSERT_TRUE(rules->apply(*state, moves.front(), nullptr).is_legal());
  }
  const Seat starter = position_of<Position>(*state).starter;
  std::vector<Seat> order;
  while (position_of<Position>(*state).step == Step::PlaceTokens) {
    order.push_back(rules->node(*state).actor);
    rules->legal_moves(*state, moves);
    ASSERT_TRUE(rules->apply(*state, moves.front(), nullptr).is_legal());
  }
  const std::vector<Seat> expected = {starter,           (starter + 1) % 3, (starter + 2) % 3,
                                      (starter + 2) % 3, (starter + 1) % 3, starter};
  EXPECT_EQ(order, expected);
  const Position& position = position_of<Position>(*state);
  for (const Player& player : position.players) EXPECT_EQ(player.face_up, player.deeds);
  EXPECT_EQ(position.turn, starter);
}

TEST(RandomGames, KeepEveryInvariantAndEnd) {
  // Random play with 2, 3 and 4 players: cards conserved, reeds never
  // negative, one disturbance token per player at most, tokens within the
  // supply (checked by invariant_violations after every step).
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Rng rng(seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      std::int64_t steps = 0;
      while (rules->node(*state).kind != NodeKind::Terminal) {
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
        const auto problems = rules->invariant_violations(*state);
        ASSERT_TRUE(problems.empty()) << problems.front() << " after step " << steps;
        ASSERT_LT(++steps, rules->step_bound());
      }
      const Position& position = position_of<Position>(*state);
      EXPECT_NE(position.winner, kNoSeat);
      EXPECT_TRUE(position.won_by == WinKind::Path || position.won_by == WinKind::Tokens);
    }
  }
}

// Every swap of the turn's player, listed the plain way: each face-up deed
// that may still swap, each vacant card it matches, each other vacant card
// the player's reeds pay for, the disturbance token on the one and then the
// other; then the skip.
std::vector<Move> every_swap(const BhRules& rules, const Position& position) {
  const Seat seat = position.turn;
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  std::vector<Move> swaps;
  player.face_up.for_each([&](Card deed) {
    if (is_wild(deed) && position.wild_swaps[static_cast<std::size_t>(wild_index(deed))] >=
                             rules.settings().wild_swap_uses) {
      return;
    }
    for (int card = 0; card < rules.grid().cells(); ++card) {
      const Cell& here = position.forest[static_cast<std::size_t>(card)];
      if (!here.vacant() || !BhRules::matches(deed, here.card)) continue;
      for (int other = 0; other < rules.grid().cells(); ++other) {
        if (other == card || !position.forest[static_cast<std::size_t>(other)].vacant() ||
            rules.swap_cost(card, other) > player.reeds) {
          continue;
        }
        for (int disturbed : {card, other}) {
          swaps.push_back(make_move(kSwap, seat, {card, other, deed, disturbed}));
        }
      }
    }
  });
  swaps.push_back(make_move(kSkipSwap, seat));
  return swaps;
}

TEST(Swaps, EveryPairOfVacantCardsTheReedsPayForInOrder) {
  // The swap step lists its moves from masks of the cards; random games in
  // variants with other swap costs, grids and wild deed uses hold it to the
  // plain listing.
  const std::vector<std::vector<std::string>> variants = {
      {},
      {"swap_free_edges=0", "swap_cost_per_edge=1"},
      {"swap_cost_per_edge=0"},
      {"swap_free_edges=12", "starting_reeds=0"},
      {"forest_rows=4", "forest_columns=6", "swap_cost_per_edge=3", "wild_swap_uses=2"},
  };
  int steps_checked = 0;
  for (const auto& settings : variants) {
    for (int players = 2; players <= 3; ++players) {
      const auto rules = rules_for(players, settings);
      for (std::uint64_t seed = 0; seed < 4; ++seed) {
        Rng rng(seed);
        RandomAgent agent;
        auto state = rules->initial_state();
        std::vector<Move> moves;
        for (std::int64_t step = 0; step < 3000 && rules->node(*state).kind != NodeKind::Terminal;
             ++step) {
          const Position& position = position_of<Position>(*state);
          if (rules->node(*state).kind == NodeKind::Decision && position.step == Step::Swap &&
              position.redraw_offer == kNoCard) {
            rules->legal_moves(*state, moves);
            ASSERT_EQ(moves, every_swap(bh(*rules), position)) << "seed " << seed;
            ++steps_checked;
          }
          ASSERT_TRUE(
              rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
        }
      }
    }
  }
  EXPECT_GT(steps_checked, 500);
}

}  // namespace
}  // namespace grove::bamboo_harvest
