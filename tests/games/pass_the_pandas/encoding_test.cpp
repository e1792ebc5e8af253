// Pass the Pandas positions as bytes (encoding.cpp): along random games of
// several variants each position reads back as itself and equal positions
// give equal bytes; damaged bytes are refused naming the field; and the
// bytes are a small part of the YAML text the default encoding would send.

#include "tests/support/encoding.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/state.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"
#include "tests/support/sanitizers.hpp"

namespace grove::pass_the_pandas {
namespace {

using grove::testing::EncodingSizes;
using grove::testing::refusal;
using grove::testing::round_trips;

struct TableSpec {
  int players;
  std::vector<std::string> settings;
  std::vector<std::string> rulings;
};

std::unique_ptr<Rules> rules_for(const TableSpec& spec) {
  const Game& game = builtin_games().get("pass_the_pandas");
  Variant variant(game);
  for (const auto& setting : spec.settings) variant.set_parameter_text(setting);
  for (const auto& ruling : spec.rulings) variant.set_ruling_text(ruling);
  return game.rules(variant, spec.players);
}

// Every field has something to carry in one of these: a past roll, dice
// received in a challenge, places, Panda-monium's points and rounds, the
// Bamboozled step, a die without water faces.
const std::vector<TableSpec> kTables = {
    {2, {}, {}},
    {3, {"play_for_places=true"}, {"ptp.previous_player=last_roller"}},
    {4, {"dice_per_player=4"}, {"ptp.challenge_basis=set_aside"}},
    {5,
     {"bamboozled=true", "bamboozled_min_dice=1", "blank_faces=4"},
     {"ptp.bamboozled_timing=before_challenge"}},
    {3, {"bamboozled=true", "bamboozled_min_dice=2", "play_for_places=true"}, {}},
    {4,
     {"pandamonium=true", "pandamonium_target=8", "dice_per_player=3"},
     {"ptp.pandamonium_starter=last_place"}},
    {2, {"water_faces=0", "panda_faces=2", "blank_faces=2", "dice_per_player=3"}, {}},
};

TEST(PassThePandasEncoding, EveryStateOfRandomGamesReadsBackAsItself) {
  // Seeds per table; the sanitizer pass plays fewer (tests/support/sanitizers.hpp).
  constexpr std::uint64_t kSeeds = grove::testing::full_or_sanitized<std::uint64_t>(50, 10);
  EncodingSizes sizes;
  int rounds_past_first = 0;
  int bamboozle_steps = 0;
  std::string bytes;
  for (std::size_t table = 0; table < kTables.size(); ++table) {
    const auto rules = rules_for(kTables[table]);
    for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
      Rng rng = Rng(7).derive(table * 1000 + seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      for (std::int64_t step = 0;; ++step) {
        ASSERT_TRUE(round_trips(*rules, *state, bytes, true))
            << "table " << table << ", seed " << seed << ", step " << step << ":\n"
            << rules->state_summary(*state);
        sizes.add(bytes);
        sizes.add_yaml(*rules, *state, bytes);
        const Position& position = position_of<Position>(*state);
        rounds_past_first += position.round > 1 ? 1 : 0;
        bamboozle_steps += position.step == Step::Bamboozle ? 1 : 0;
        if (rules->node(*state).kind == NodeKind::Terminal || step >= rules->step_bound()) break;
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
    }
  }
  // The variant-dependent fields were met, not only the default game's.
  EXPECT_GT(rounds_past_first, 0);
  EXPECT_GT(bamboozle_steps, 0);

  std::cout << "Pass the Pandas " << sizes.report() << "\n";
  EXPECT_GE(sizes.states, kSeeds * 100);
  // A fifth of the YAML at most (in fact far less).
  EXPECT_LE(sizes.mean_sampled_bytes() * 5, sizes.mean_yaml()) << sizes.report();
}

// Bytes the rules could not have written: each is refused, and the message
// says which field is wrong.
TEST(PassThePandasEncoding, DamagedBytesAreRefusedNamingTheField) {
  const auto rules = rules_for({4, {"dice_per_player=5"}, {}});  // 20 dice
  const Position start = position_of<Position>(*rules->initial_state());
  auto bytes_of = [&](const Position& position) {
    std::string bytes;
    rules->encode(GameState<Position>(position), bytes);
    return bytes;
  };
  auto damaged = [&](auto change) {
    Position position = start;
    change(position);
    return refusal(*rules, bytes_of(position));
  };

  EXPECT_EQ(refusal(*rules, bytes_of(start)), "");
  EXPECT_NE(
      damaged([](Position& p) { p.players[2].dice = 21; }).find("players.dice is 21, above 20"),
      std::string::npos);
  EXPECT_NE(
      damaged([](Position& p) { p.players[0].place = 5; }).find("players.place is 5, above 4"),
      std::string::npos);
  // Points belong to Panda-monium only.
  EXPECT_NE(damaged([](Position& p) { p.players[1].points = 1; }).find("players.points"),
            std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.turn = 4; }).find("turn is 4, above 3"), std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.previous = 4; }).find("previous is 4, outside -1..3"),
            std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.step = static_cast<Step>(4); }).find("step is 4, above 3"),
            std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.step = Step::Bamboozle; }).find("not Bamboozled"),
            std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.roll.blank = 21; }).find("roll.blank"), std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.round = 2; }).find("round is 2, above 1"),
            std::string::npos);
  EXPECT_NE(damaged([](Position& p) { p.round = 0; }).find("round is 0"), std::string::npos);

  // A die without water faces never shows water.
  const auto dry = rules_for({2, {"water_faces=0"}, {}});
  Position wet = position_of<Position>(*dry->initial_state());
  wet.roll.water = 1;
  std::string bytes;
  dry->encode(GameState<Position>(wet), bytes);
  EXPECT_NE(refusal(*dry, bytes).find("roll.water is 1, above 0"), std::string::npos);

  // Cut short, or longer than a state.
  const std::string whole = bytes_of(start);
  EXPECT_NE(refusal(*rules, whole.substr(0, whole.size() - 1)).find("the bytes end inside round"),
            std::string::npos);
  EXPECT_NE(refusal(*rules, whole + '\0').find("left over"), std::string::npos);
  // A number written with a needless zero byte is not the one form.
  std::string padded = whole;
  padded[0] = static_cast<char>(padded[0] | 0x80);
  padded.insert(1, 1, '\0');
  EXPECT_NE(refusal(*rules, padded).find("players.dice is written with a needless zero byte"),
            std::string::npos);
}

}  // namespace
}  // namespace grove::pass_the_pandas
