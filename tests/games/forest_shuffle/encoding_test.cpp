// The compact encoding (encoding.cpp): every state of a few hundred random
// games, 2 to 5 players, under the standard variant and drawn ones (table
// rules, winter cards, rulings), reads back equal and encodes to the same
// bytes; damaged bytes are refused with a message naming the field; and
// the bytes are at most a fifth of the state's YAML text.

#include "tests/support/encoding.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <iostream>

#include "engine/core/agent.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/state_codec.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "tests/support/errors.hpp"
#include "tests/support/sanitizers.hpp"

namespace grove::forest_shuffle {
namespace {

const Game& forest_shuffle() { return builtin_games().get("forest_shuffle"); }

// Game `index`'s table: the standard variant for even games, else one with
// the table rules drawn (and every ruling); a drawn table the game refuses
// falls back to the standard one.
std::unique_ptr<Rules> table_for(int index, Rng& rng) {
  const int players = 2 + index % 4;
  const Game& game = forest_shuffle();
  if (index % 2 == 0) return game.rules(Variant(game), players);
  Variant variant(game);
  const auto draw = [&](const char* name, int low, int high) {
    const auto value =
        low + static_cast<int>(rng.below(static_cast<std::uint64_t>(high - low + 1)));
    variant.set_parameter_text(std::string(name) + "=" + std::to_string(value));
  };
  draw("starting_hand", 1, 10);
  draw("hand_limit", 2, 14);
  draw("clearing_limit", 1, 12);
  draw("piles", 1, 5);
  draw("winter_cards", 1, 9);
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
void check_game(const Rules& rules, Rng& rng, testing::EncodingSizes& sizes) {
  RandomAgent agent;
  auto state = rules.initial_state();
  std::string bytes;
  for (std::int64_t step = 0;; ++step) {
    ASSERT_TRUE(testing::round_trips(rules, *state, bytes, false)) << rules.state_summary(*state);
    sizes.add(bytes);
    if (sizes.states % 8 == 0) sizes.add_yaml(rules, *state, bytes);
    if (step == rules.step_bound() || rules.node(*state).kind == NodeKind::Terminal) return;
    ASSERT_TRUE(rules.apply(*state, next_move(rules, *state, agent, rng), nullptr).is_legal());
  }
}

TEST(ForestShuffleEncoding, RandomGamesReadBackEqualAndAreAFifthOfTheYaml) {
  Rng rng(2026);
  testing::EncodingSizes sizes;
  const int games = testing::full_or_sanitized(200, 30);  // tests/support/sanitizers.hpp
  for (int index = 0; index < games; ++index) {
    const auto rules = table_for(index, rng);
    check_game(*rules, rng, sizes);
    if (HasFatalFailure()) return;
  }
  ASSERT_GT(sizes.sampled, 1000);
  std::cout << "Forest Shuffle, " << games << " games: " << sizes.report() << "\n";
  EXPECT_LE(sizes.mean_sampled_bytes() * 5, sizes.mean_yaml());
}

TEST(ForestShuffleEncoding, DamagedBytesAreRefusedNamingTheField) {
  Variant variant(forest_shuffle());
  variant.set_parameter_text("copies={linden: 1}");
  const auto rules = forest_shuffle().rules(variant, 2);
  const CardBook& book = dynamic_cast<const ForestShuffleRules&>(*rules).book();
  const auto state = rules->state_from_yaml(
      load_yaml_text("players:\n"
                     "  P1: {hand: [oak], forest: [{tree: linden, left: european_hare}]}\n"
                     "  P2: {hand: [birch, beech]}\n",
                     "test"));
  const Position& position = position_of<Position>(*state);
  ASSERT_EQ(position.tasks.size(), 1U);
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
  const CardId linden = book.find_card("linden");
  const CardId hare = position.players[0].forest[0].dwelling.front();

  Position other = position;
  other.players[0].forest[0].card = book.find_card("oak");
  const std::size_t tree_at = testing::field_offset(*rules, position, other);
  EXPECT_PRED2(contains, damaged(tree_at, 100), "a tree's card is 100, above 99");
  EXPECT_PRED2(contains, damaged(tree_at, hare), "which is no tree card");

  // A card with no left half in the left slot.
  CardId no_left = 0;
  while (book.card(no_left).tree || book.card(no_left).has_side(Side::Left)) ++no_left;
  other = position;
  other.players[0].forest[0].dwelling.front() = no_left;
  EXPECT_PRED2(contains, damaged(testing::field_offset(*rules, position, other), no_left),
               "cannot take the left slot of P1's tree 1: it has no left half");

  // The variant has one linden, the tree: a second one in P1's hand.
  other = position;
  other.players[0].hand.front() = linden;
  EXPECT_PRED2(contains, damaged(testing::field_offset(*rules, position, other), linden),
               "2 linden cards are in view; the variant has 1");

  other = position;
  other.tasks.front().kind = TaskKind::Mole;
  const std::size_t kind_at = testing::field_offset(*rules, position, other);
  EXPECT_PRED2(contains, damaged(kind_at, kTaskKinds), "a task's kind is 12, above 11");
  EXPECT_PRED2(contains, damaged(kind_at + 1, 2), "a task's seat is 2, above 1");

  // The last byte is whether the game is over.
  EXPECT_PRED2(contains, damaged(bytes.size() - 1, 2), "whether the game is over is 2");
  EXPECT_PRED2(contains, damaged(bytes.size() - 1, 1),
               "the position breaks the rules: the game is over but tasks are left");
  EXPECT_PRED2(contains, testing::refusal(*rules, bytes.substr(0, bytes.size() - 1)),
               "the bytes end inside whether the game is over");
  EXPECT_PRED2(contains, testing::refusal(*rules, bytes + '\0'), "1 bytes are left over");
  EXPECT_PRED2(contains, testing::refusal(*rules, ""),
               "the bytes end inside the deck's upper piles");
}

}  // namespace
}  // namespace grove::forest_shuffle
