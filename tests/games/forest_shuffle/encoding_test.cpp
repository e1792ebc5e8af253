// The compact encoding (encoding.cpp): every state of a few hundred random
// games, 2 to 5 players, under the standard variant and drawn ones (table
// rules, winter cards, rulings), reads back equal and encodes to the same
// bytes; damaged bytes are refused with a message naming the field; and
// the bytes are at most a fifth of the state's YAML text.

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

std::string encoded(const Rules& rules, const State& state) {
  std::string bytes;
  rules.encode(state, bytes);
  return bytes;
}

// Bytes per state over every state; the YAML text, slow to write, over
// every 8th, with the encoding's bytes over the same states to compare.
struct Sizes {
  std::size_t states = 0;
  std::size_t bytes = 0;
  std::size_t most = 0;
  std::size_t sampled = 0;
  std::size_t sampled_bytes = 0;
  std::size_t sampled_yaml = 0;
};

// Checks the round trip at every state of a random game, adding up the
// sizes.
void check_game(const Rules& rules, Rng& rng, Sizes& sizes) {
  RandomAgent agent;
  auto state = rules.initial_state();
  for (std::int64_t step = 0;; ++step) {
    const std::string bytes = encoded(rules, *state);
    const auto decoded = rules.decode(bytes);
    ASSERT_TRUE(decoded->equals(*state)) << rules.state_summary(*state);
    EXPECT_EQ(decoded->hash(), state->hash());
    EXPECT_EQ(encoded(rules, *decoded), bytes) << rules.state_summary(*state);
    EXPECT_EQ(encoded(rules, *state->clone()), bytes);
    ++sizes.states;
    sizes.bytes += bytes.size();
    sizes.most = std::max(sizes.most, bytes.size());
    if (sizes.states % 8 == 0) {
      ++sizes.sampled;
      sizes.sampled_bytes += bytes.size();
      sizes.sampled_yaml += YAML::Dump(rules.state_to_yaml(*state)).size();
    }
    if (step == rules.step_bound() || rules.node(*state).kind == NodeKind::Terminal) return;
    ASSERT_TRUE(rules.apply(*state, next_move(rules, *state, agent, rng), nullptr).is_legal());
  }
}

TEST(ForestShuffleEncoding, RandomGamesReadBackEqualAndAreAFifthOfTheYaml) {
  Rng rng(2026);
  Sizes sizes;
  const int games = 200;
  for (int index = 0; index < games; ++index) {
    const auto rules = table_for(index, rng);
    check_game(*rules, rng, sizes);
    if (HasFatalFailure()) return;
  }
  ASSERT_GT(sizes.sampled, 1000U);
  const auto mean = [](std::size_t total, std::size_t count) {
    return static_cast<double>(total) / static_cast<double>(count);
  };
  const double sampled_bytes = mean(sizes.sampled_bytes, sizes.sampled);
  const double sampled_yaml = mean(sizes.sampled_yaml, sizes.sampled);
  std::cout << "Forest Shuffle, " << games << " games: " << sizes.states
            << " states encoded in a mean " << mean(sizes.bytes, sizes.states) << " bytes (max "
            << sizes.most << "); over " << sizes.sampled << " of them, " << sampled_bytes
            << " bytes against " << sampled_yaml << " bytes of YAML\n";
  EXPECT_LE(sampled_bytes * 5, sampled_yaml);
}

std::string decode_error(const Rules& rules, const std::string& bytes) {
  return testing::message_of<StateDecodeError>([&] { rules.decode(bytes); });
}

// Where the bytes of `position` and of `changed` first differ: the byte of
// the field changed.
std::size_t offset_of(const Rules& rules, const Position& position, const Position& changed) {
  const std::string a = encoded(rules, GameState<Position>(position));
  const std::string b = encoded(rules, GameState<Position>(changed));
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
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
  const std::string bytes = encoded(*rules, *state);
  ASSERT_TRUE(rules->decode(bytes)->equals(*state));
  const auto damaged = [&](std::size_t at, int value) {
    std::string copy = bytes;
    copy[at] = static_cast<char>(value);
    return decode_error(*rules, copy);
  };
  const auto contains = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  const CardId linden = book.find_card("linden");
  const CardId hare = position.players[0].forest[0].dwelling.front();

  Position other = position;
  other.players[0].forest[0].card = book.find_card("oak");
  const std::size_t tree_at = offset_of(*rules, position, other);
  EXPECT_PRED2(contains, damaged(tree_at, 100), "a tree's card is 100, above 99");
  EXPECT_PRED2(contains, damaged(tree_at, hare), "which is no tree card");

  // A card with no left half in the left slot.
  CardId no_left = 0;
  while (book.card(no_left).tree || book.card(no_left).has_side(Side::Left)) ++no_left;
  other = position;
  other.players[0].forest[0].dwelling.front() = no_left;
  EXPECT_PRED2(contains, damaged(offset_of(*rules, position, other), no_left),
               "cannot take the left slot of P1's tree 1: it has no left half");

  // The variant has one linden, the tree: a second one in P1's hand.
  other = position;
  other.players[0].hand.front() = linden;
  EXPECT_PRED2(contains, damaged(offset_of(*rules, position, other), linden),
               "2 linden cards are in view; the variant has 1");

  other = position;
  other.tasks.front().kind = TaskKind::Mole;
  const std::size_t kind_at = offset_of(*rules, position, other);
  EXPECT_PRED2(contains, damaged(kind_at, kTaskKinds), "a task's kind is 12, above 11");
  EXPECT_PRED2(contains, damaged(kind_at + 1, 2), "a task's seat is 2, above 1");

  // The last byte is whether the game is over.
  EXPECT_PRED2(contains, damaged(bytes.size() - 1, 2), "whether the game is over is 2");
  EXPECT_PRED2(contains, damaged(bytes.size() - 1, 1),
               "the position breaks the rules: the game is over but tasks are left");
  EXPECT_PRED2(contains, decode_error(*rules, bytes.substr(0, bytes.size() - 1)),
               "the bytes end inside whether the game is over");
  EXPECT_PRED2(contains, decode_error(*rules, bytes + '\0'), "1 bytes are left over");
  EXPECT_PRED2(contains, decode_error(*rules, ""), "the bytes end inside the deck's upper piles");
}

}  // namespace
}  // namespace grove::forest_shuffle
