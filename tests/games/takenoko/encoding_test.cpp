// Takenoko positions as bytes (encoding.cpp): along random games of several
// variants each position reads back as itself and equal positions give
// equal bytes; damaged bytes are refused naming the field; and the bytes
// are a small part of the YAML text the default encoding would send.

#include "tests/support/encoding.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/state.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"
#include "tests/support/sanitizers.hpp"

namespace grove::takenoko {
namespace {

using grove::testing::EncodingSizes;
using grove::testing::refusal;
using grove::testing::round_trips;

struct TableSpec {
  int players;
  std::vector<std::string> settings;
  std::vector<std::string> rulings;
};

std::unique_ptr<TakenokoRules> rules_for(const TableSpec& spec) {
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  for (const auto& setting : spec.settings) variant.set_parameter_text(setting);
  for (const auto& ruling : spec.rulings) variant.set_ruling_text(ruling);
  return std::make_unique<TakenokoRules>(game, variant, spec.players);
}

// Every field has something to carry in one of these: cards put back under
// their piles and redrawn (the advanced variant), stand-in sections (a
// small green supply), improvements moved by the clouds, channels beside
// empty spaces, five tiles drawn at once, rounds without weather.
const std::vector<TableSpec> kTables = {
    {2, {}, {}},
    {3, {}, {}},
    {4, {}, {}},
    {2,
     {"advanced_objectives=true", "bamboo_sections={green: 3}"},
     {"tk.advanced_exhausted=keep_last", "tk.clouds_empty=move_placed"}},
    {3,
     {"advanced_objectives=true", "plots_drawn=5", "max_height=6"},
     {"tk.channel_beside_empty=one_plot", "tk.too_few_actions=repeat"}},
    {4,
     {"weather_die=false", "bamboo_sections={green: 2, yellow: 2, pink: 2}"},
     {"tk.bamboo_supply=limits_growth", "tk.actions_optional=optional"}},
};

TEST(TakenokoEncoding, EveryStateOfRandomGamesReadsBackAsItself) {
  // Seeds per table; the sanitizer pass plays fewer (tests/support/sanitizers.hpp).
  constexpr std::uint64_t kSeeds = grove::testing::full_or_sanitized<std::uint64_t>(40, 6);
  EncodingSizes sizes;
  int games = 0;
  int ended = 0;
  int under_piles = 0;    // states with objective cards under a pile
  int below_zero = 0;     // states with a colour's supply below zero
  int with_channels = 0;  // states with channels placed
  std::string bytes;
  for (std::size_t table = 0; table < kTables.size(); ++table) {
    const auto rules = rules_for(kTables[table]);
    for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
      Rng rng = Rng(11).derive(table * 1000 + seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      ++games;
      // Long enough for the deal, the weather, the piles running low and
      // some games ending; the steps after that look alike.
      for (std::int64_t step = 0;; ++step) {
        // Writing the YAML and rebuilding from it take a hundred times as
        // long as the round trip: every 100th state.
        const bool sample = step % 100 == 0;
        ASSERT_TRUE(round_trips(*rules, *state, bytes, sample))
            << "table " << table << ", seed " << seed << ", step " << step << ":\n"
            << rules->state_summary(*state);
        sizes.add(bytes);
        if (sample) sizes.add_yaml(*rules, *state, bytes);
        const Position& position = position_of<Position>(*state);
        for (const ObjectivePile& pile : position.objectives) {
          under_piles += pile.bottom.empty() ? 0 : 1;
        }
        for (int count : position.bamboo) below_zero += count < 0 ? 1 : 0;
        with_channels += position.channels.empty() ? 0 : 1;
        if (rules->node(*state).kind == NodeKind::Terminal) {
          ++ended;
          break;
        }
        if (step >= 1500) break;
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
    }
  }
  EXPECT_GT(ended, 0);
  EXPECT_GT(under_piles, 0);
  EXPECT_GT(below_zero, 0);
  EXPECT_GT(with_channels, 0);

  std::cout << "Takenoko, " << games << " games (" << ended << " ended), " << sizes.report()
            << "\n";
  EXPECT_GE(sizes.states, kSeeds * 2500);
  // A fifth of the YAML at most (in fact far less).
  EXPECT_LE(sizes.mean_sampled_bytes() * 5, sizes.mean_yaml()) << sizes.report();
}

// A two-player position some way into a default game, with plots, a
// channel and cards in hand, to damage.
std::pair<std::unique_ptr<TakenokoRules>, Position> mid_game() {
  auto rules = rules_for({2, {}, {}});
  Rng rng(3);
  RandomAgent agent;
  auto state = rules->initial_state();
  for (int step = 0; step < 5000; ++step) {
    const Position& position = position_of<Position>(*state);
    if (position.plots.size() >= 4 && !position.channels.empty() &&
        position.players[0].hand_size() >= 2 && position.step == Step::Actions) {
      return {std::move(rules), position};
    }
    EXPECT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
  }
  ADD_FAILURE() << "no position with plots, a channel and a hand";
  return {std::move(rules), Position{}};
}

// Bytes the rules could not have written: each is refused, and the message
// says which field is wrong.
TEST(TakenokoEncoding, DamagedBytesAreRefusedNamingTheField) {
  const auto played = mid_game();
  const TakenokoRules* rules = played.first.get();
  const Position& start = played.second;
  const Settings& settings = rules->settings();
  auto damaged = [&](auto change) {
    Position position = start;
    change(position);
    std::string bytes;
    rules->encode(GameState<Position>(position), bytes);
    return refusal(*rules, bytes);
  };
  auto refused = [&](auto change, const std::string& expected) {
    const std::string message = damaged(change);
    return message.find(expected) != std::string::npos ? ::testing::AssertionSuccess()
                                                       : ::testing::AssertionFailure()
                                                             << "refused with '" << message
                                                             << "', not '" << expected << "'";
  };

  EXPECT_EQ(damaged([](Position&) {}), "");
  EXPECT_TRUE(
      refused([](Position& p) { p.plots[1].height = 5; }, "plantation.height is 5, above 4"));
  EXPECT_TRUE(refused([](Position& p) { p.plots[0].colour = static_cast<Colour>(3); },
                      "plantation.colour is 3, above 2"));
  EXPECT_TRUE(refused([](Position& p) { std::swap(p.plots[0], p.plots[1]); }, "out of order"));
  EXPECT_TRUE(refused([](Position& p) { p.plots[0].at = Hex{40, 0}; }, "plantation.at is 40"));
  EXPECT_TRUE(refused(
      [](Position& p) {
        p.channels[0].b = p.channels[0].a + Hex{2, 0};
      },
      "channels is 3, above 2"));
  EXPECT_TRUE(refused([](Position& p) { p.gardener = Hex{0, -30}; }, "gardener is -30"));
  EXPECT_TRUE(refused(
      [&](Position& p) { p.tiles.unseen[0] = static_cast<std::uint8_t>(settings.tiles[0] + 1); },
      "tiles is " + std::to_string(settings.tiles[0] + 1)));
  EXPECT_TRUE(refused([](Position& p) { p.tiles.bottom.push_back(kTileKinds); },
                      "tiles_under is 12, above 11"));
  // A gardener card under the plot pile.
  EXPECT_TRUE(refused(
      [](Position& p) {
        p.objectives[0].bottom.push_back(*parse_objective("gardener-pink-4-watershed"));
      },
      "objectives_under.plot holds gardener-pink-4-watershed"));
  EXPECT_TRUE(refused([](Position& p) { p.players[1].hand = {1, 1, 1, 1, 1, 1}; },
                      "players.hand is 6, above 5"));
  EXPECT_TRUE(refused(
      [](Position& p) {
        p.players[1].hand = {0, 0, 3};
      },
      "players.hand holds more copies of"));
  EXPECT_TRUE(
      refused([](Position& p) { p.players[0].channels = 21; }, "players.channels is 21, above 20"));
  EXPECT_TRUE(
      refused([](Position& p) { p.step = static_cast<Step>(kSteps); }, "step is 10, above 9"));
  EXPECT_TRUE(refused([](Position& p) { p.turn = 2; }, "turn is 2, above 1"));
  EXPECT_TRUE(refused([](Position& p) { p.emperor = 2; }, "emperor is 2, outside -1..1"));
  EXPECT_TRUE(
      refused([](Position& p) { p.weather = static_cast<Weather>(7); }, "weather is 7, above 6"));
  EXPECT_TRUE(refused([](Position& p) { p.drawn.assign(4, Tile{0}); }, "drawn is 4, above 3"));
  EXPECT_TRUE(refused([](Position& p) { p.kept = 12; }, "kept is 12, above 11"));

  std::string whole;
  rules->encode(GameState<Position>(start), whole);
  EXPECT_NE(refusal(*rules, whole.substr(0, whole.size() - 1)).find("the bytes end inside redrawn"),
            std::string::npos);
  EXPECT_NE(refusal(*rules, whole + '\0').find("left over"), std::string::npos);
}

}  // namespace
}  // namespace grove::takenoko
