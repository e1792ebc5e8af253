// The compact encoding (encoding.cpp): every state of a few hundred random
// games, under the standard variant and drawn ones (grid size, deal,
// buys, redraws, wild swaps, rulings), reads back equal and encodes to the
// same bytes; damaged bytes are refused with a message naming the field;
// and the bytes are at most a fifth of the state's YAML text.

#include "tests/support/encoding.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <iostream>

#include "engine/core/agent.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/state_codec.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/errors.hpp"
#include "tests/support/sanitizers.hpp"

namespace grove::bamboo_harvest {
namespace {

const Game& bamboo_harvest() { return builtin_games().get("bamboo_harvest"); }

// Game `index`'s table: the standard variant for even games, else one with
// the parameters that bound the decoder drawn (and every ruling); a drawn
// table the game refuses falls back to the standard one.
std::unique_ptr<Rules> table_for(int index, Rng& rng) {
  const int players = 2 + index % 3;
  const Game& game = bamboo_harvest();
  if (index % 2 == 0) return game.rules(Variant(game), players);
  Variant variant(game);
  const auto draw = [&](const char* name, int low, int high) {
    const auto value =
        low + static_cast<int>(rng.below(static_cast<std::uint64_t>(high - low + 1)));
    variant.set_parameter_text(std::string(name) + "=" + std::to_string(value));
  };
  draw("forest_rows", 2, kMaxRows);
  draw("forest_columns", 2, kMaxColumns);
  draw("deeds_dealt", 1, 6);
  draw("deeds_kept", 0, 5);
  draw("setup_tokens", 0, 2);
  draw("buys_per_turn", 0, 5);
  draw("redraws_per_turn", 0, 5);
  draw("wild_swap_uses", 0, 5);
  draw("hand_limit", 1, 10);
  draw("build_cost", 0, 40);
  for (const Ruling& ruling : game.rulings) {
    const auto ids = ruling.alternative_ids();
    variant.set_ruling_text(ruling.id + "=" + ids[rng.below(ids.size())]);
  }
  try {
    return game.rules(variant, players);
  } catch (const InputError&) {
    return game.rules(Variant(game), players);
  }
}

// Checks the round trip at every state of a random game, adding up the
// sizes; the YAML text, slow to write, is measured on every 8th state.
void check_game(const Rules& rules, Rng& rng, int steps, testing::EncodingSizes& sizes) {
  RandomAgent agent;
  auto state = rules.initial_state();
  std::string bytes;
  for (int step = 0;; ++step) {
    ASSERT_TRUE(testing::round_trips(rules, *state, bytes, false)) << rules.state_summary(*state);
    sizes.add(bytes);
    if (sizes.states % 8 == 0) sizes.add_yaml(rules, *state, bytes);
    if (step == steps || rules.node(*state).kind == NodeKind::Terminal) return;
    ASSERT_TRUE(rules.apply(*state, next_move(rules, *state, agent, rng), nullptr).is_legal());
  }
}

TEST(BambooHarvestEncoding, RandomGamesReadBackEqualAndAreAFifthOfTheYaml) {
  Rng rng(2026);
  testing::EncodingSizes sizes;
  const int games = testing::full_or_sanitized(300, 60);  // tests/support/sanitizers.hpp
  for (int index = 0; index < games; ++index) {
    const auto rules = table_for(index, rng);
    check_game(*rules, rng, 400, sizes);
    if (HasFatalFailure()) return;
  }
  ASSERT_GT(sizes.sampled, 1000);
  std::cout << "Bamboo Harvest, " << games << " games: " << sizes.report() << "\n";
  EXPECT_LE(sizes.mean_sampled_bytes() * 5, sizes.mean_yaml());
}

// A position mid-game under the standard variant, two players.
std::unique_ptr<State> mid_game(const Rules& rules) {
  Rng rng(11);
  RandomAgent agent;
  auto state = rules.initial_state();
  for (int step = 0; step < 120; ++step) {
    EXPECT_TRUE(rules.apply(*state, next_move(rules, *state, agent, rng), nullptr).is_legal());
  }
  return state;
}

TEST(BambooHarvestEncoding, DamagedBytesAreRefusedNamingTheField) {
  const auto rules = bamboo_harvest().rules(Variant(bamboo_harvest()), 2);
  const auto state = mid_game(*rules);
  const Position& position = position_of<Position>(*state);
  const std::string bytes = testing::encoded(*rules, *state);
  ASSERT_TRUE(rules->decode(bytes)->equals(*state));
  const auto damaged = [&](std::size_t at, int value) {
    std::string copy = bytes;
    copy[at] = static_cast<char>(value);
    return testing::refusal(*rules, copy);
  };
  const auto contains = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };

  // Byte 0 is a1's card + 1, byte 1 the token on it.
  EXPECT_PRED2(contains, damaged(0, 120), "a forest card is 120, above 104");
  EXPECT_PRED2(contains, damaged(0, card_of(7, kSpades, 0) + 1), "the forest card at a1 is 7S");
  EXPECT_PRED2(contains, damaged(1, 5), "a forest token is 5, above 4");
  // b1's card made a1's: one card in two places, another in none.
  EXPECT_PRED2(contains, damaged(2, bytes[0]), "cards not conserved");

  Position other = position;
  other.step = position.step == Step::Build ? Step::Swap : Step::Build;
  const std::size_t step_at = testing::field_offset(*rules, position, other);
  ASSERT_LT(step_at, bytes.size());
  EXPECT_PRED2(contains, damaged(step_at, 13), "the step is 13, above 12");

  other = position;
  other.built = position.built == BuildMade::Wild ? BuildMade::None : BuildMade::Wild;
  EXPECT_PRED2(contains, damaged(testing::field_offset(*rules, position, other), 3),
               "the build made is 3, above 2");

  other = position;
  other.buys = position.buys == 0 ? 1 : 0;
  EXPECT_PRED2(contains, damaged(testing::field_offset(*rules, position, other), 2),
               "the buys made this turn is 2, above 1");

  // The last byte is the winner + 1.
  EXPECT_PRED2(contains, damaged(bytes.size() - 1, 3), "the winner is 3, above 2");
  EXPECT_PRED2(contains, testing::refusal(*rules, bytes.substr(0, bytes.size() - 1)),
               "the bytes end inside the winner");
  EXPECT_PRED2(contains, testing::refusal(*rules, bytes + '\0'), "1 bytes are left over");
  EXPECT_PRED2(contains, testing::refusal(*rules, ""), "the bytes end inside a forest card");
}

}  // namespace
}  // namespace grove::bamboo_harvest
