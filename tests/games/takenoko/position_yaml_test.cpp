// The hand-written Takenoko position: what is left out is derived from the
// table (the supply, the reserves, the piles, which plots are irrigated),
// mistakes are reported with the line, the key and what was expected, and
// what is printed reads back to the same position.

#include <gtest/gtest.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"
#include "tests/support/errors.hpp"

namespace grove::takenoko {
namespace {

std::unique_ptr<Rules> two_players() {
  const Game& game = builtin_games().get("takenoko");
  return game.rules(Variant(game), 2);
}

std::string error_of(const std::string& yaml) {
  const auto rules = two_players();
  return testing::message_of<InputError>(
      [&] { rules->state_from_yaml(load_yaml_text(yaml, "start")); });
}

std::string printed(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

// Five plots around the pond, two channels irrigating 1,1, and 2,0 dry.
const char* kMidGame =
    "step: actions\n"
    "round: 3\n"
    "weather: sun\n"
    "actions: [gardener]\n"
    "plantation:\n"
    "  - {at: [1, 0], colour: green, improvement: watershed, printed: true, height: 2}\n"
    "  - {at: [0, 1], colour: pink, height: 1}\n"
    "  - {at: [1, 1], colour: yellow, height: 1}\n"
    "  - {at: [1, -1], colour: green, improvement: fertilizer}\n"
    "  - {at: [2, 0], colour: pink}\n"
    "channels: [[[1, 0], [0, 1]], [[1, 1], [1, 0]]]\n"
    "gardener: [1, 0]\n"
    "players:\n"
    "  P1: {hand: [plot-green-line, panda-2-green], completed: [gardener-pink-3x2],\n"
    "       eaten: {green: 2, pink: 1}, channels: 1}\n"
    "  P2: {hand: [panda-2-pink, plot-pink-line, gardener-green-3x4], eaten: {yellow: 1},\n"
    "       improvements: {watershed: 1}}\n";

TEST(TakenokoYaml, AHandWrittenPositionReadsAndPrintsBack) {
  const auto rules = two_players();
  const auto state = rules->state_from_yaml(load_yaml_text(kMidGame, "start"));
  const auto again = rules->state_from_yaml(rules->state_to_yaml(*state));
  EXPECT_TRUE(again->equals(*state));
  EXPECT_EQ(position_of<Position>(*again), position_of<Position>(*state));

  const std::string text = printed(rules->state_to_yaml(*state));
  EXPECT_NE(text.find("  - {at: [1, 0], colour: green, improvement: watershed, printed: true, "
                      "irrigated: true, height: 2}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  - [[0, 1], [1, 0]]"), std::string::npos) << text;
  EXPECT_NE(text.find("actions: [gardener]"), std::string::npos) << text;
  EXPECT_NE(text.find("P1: {hand: [plot-green-line, panda-2-green], completed: "
                      "[gardener-pink-3x2], eaten: {green: 2, yellow: 0, pink: 1}, channels: 1, "
                      "improvements: {enclosure: 0, fertilizer: 0, watershed: 0}}"),
            std::string::npos)
      << text;
  // Read back from the printed text too, not only from the node.
  const auto from_text = rules->state_from_yaml(load_yaml_text(text, "printed"));
  EXPECT_TRUE(from_text->equals(*state));
}

TEST(TakenokoYaml, WhatIsLeftOutIsDerivedFromTheTable) {
  const auto rules = two_players();
  const auto state = rules->state_from_yaml(load_yaml_text(kMidGame, "start"));
  const Position& position = position_of<Position>(*state);
  EXPECT_EQ(position.turn, 0);
  EXPECT_EQ(position.round, 3);
  EXPECT_EQ(position.actions_taken, 1);
  EXPECT_EQ(static_cast<unsigned>(position.actions_used),
            1U << static_cast<unsigned>(Action::Gardener));
  EXPECT_EQ(position.dealt, 6);
  EXPECT_EQ(position.emperor, kNoSeat);

  // Next to the pond, or beside a channel: irrigated; 2,0 has neither.
  ASSERT_EQ(position.plots.size(), 5U);
  EXPECT_TRUE(position.plot_at({1, 0})->irrigated);
  EXPECT_TRUE(position.plot_at({1, 0})->printed);
  EXPECT_TRUE(position.plot_at({1, -1})->irrigated);
  EXPECT_FALSE(position.plot_at({1, -1})->printed);
  EXPECT_TRUE(position.plot_at({1, 1})->irrigated);
  EXPECT_FALSE(position.plot_at({2, 0})->irrigated);
  EXPECT_EQ(position.channels.size(), 2U);
  EXPECT_EQ(position.gardener, (Hex{1, 0}));
  EXPECT_EQ(position.panda, kPond);

  // The supply: the variant's sections less those on plots and eaten.
  const Settings& settings = dynamic_cast<const TakenokoRules&>(*rules).settings();
  EXPECT_EQ(position.bamboo[0], settings.bamboo[0] - 2 - 2);
  EXPECT_EQ(position.bamboo[1], settings.bamboo[1] - 1 - 1);
  EXPECT_EQ(position.bamboo[2], settings.bamboo[2] - 1 - 1);
  EXPECT_EQ(position.channel_reserve, settings.channels - 2 - 1);
  // The fertilizer token on 1,-1 and P2's watershed; the printed watershed is
  // no token.
  EXPECT_EQ(position.improvement_reserve[0], settings.improvement_tokens[0]);
  EXPECT_EQ(position.improvement_reserve[1], settings.improvement_tokens[1] - 1);
  EXPECT_EQ(position.improvement_reserve[2], settings.improvement_tokens[2] - 1);

  // The piles: every tile and card not met elsewhere.
  const Tile green = tile_of(Colour::Green, Improvement::None);
  const Tile green_watershed = tile_of(Colour::Green, Improvement::Watershed);
  const Tile pink = tile_of(Colour::Pink, Improvement::None);
  EXPECT_EQ(position.tiles.unseen[green], settings.tiles[green] - 1);
  EXPECT_EQ(position.tiles.unseen[green_watershed], settings.tiles[green_watershed] - 1);
  EXPECT_EQ(position.tiles.unseen[pink], settings.tiles[pink] - 2);
  EXPECT_TRUE(position.tiles.bottom.empty());
  const ObjectiveId line = *parse_objective("plot-green-line");
  const ObjectiveId panda_green = *parse_objective("panda-2-green");
  const ObjectiveId pink_groups = *parse_objective("gardener-pink-3x2");
  const auto& plot_pile = position.objectives[static_cast<std::size_t>(Category::Plot)];
  const auto& panda_pile = position.objectives[static_cast<std::size_t>(Category::Panda)];
  const auto& gardener_pile = position.objectives[static_cast<std::size_t>(Category::Gardener)];
  EXPECT_EQ(plot_pile.unseen[line], settings.objectives[line] - 1);
  EXPECT_EQ(panda_pile.unseen[panda_green], settings.objectives[panda_green] - 1);
  EXPECT_EQ(gardener_pile.unseen[pink_groups], settings.objectives[pink_groups] - 1);
  EXPECT_EQ(plot_pile.unseen[panda_green], 0);
  EXPECT_EQ(position.players[0].hand[line], 1);
  EXPECT_EQ(position.players[0].completed[pink_groups], 1);
}

// A channel cut off from the pond is named, so the designer knows which to
// move.
TEST(TakenokoYaml, AChannelCutOffFromThePondIsNamed) {
  EXPECT_EQ(
      error_of("plantation:\n  - {at: [1, 0], colour: green}\n  - {at: [2, 0], colour: green}\n"
               "  - {at: [2, -1], colour: yellow}\n"
               "channels: [[[2, 0], [2, -1]], [[1, 0], [2, -1]]]\n"),
      "line 1:1: this position breaks the rules: the channels 1,0|2,-1, 2,-1|2,0 are not "
      "connected to the pond through other channels");
}

// More plots of a kind than the variant has tiles: the error says which
// parameter gives more, with its key and its range.
TEST(TakenokoYaml, TooManyTilesNameTheParameterToChange) {
  std::string plantation = "plantation:\n";
  for (const char* at : {"[1, 0]", "[0, 1]", "[-1, 1]", "[-1, 0]", "[0, -1]"}) {
    plantation += std::string("  - {at: ") + at + ", colour: pink}\n";
  }
  EXPECT_EQ(error_of(plantation),
            "line 6:5: 'plantation 0,-1': pink appears more often than the variant has it (4 "
            "tiles): in plantation 1,0, plantation 0,1, plantation -1,1, plantation -1,0, "
            "plantation 0,-1; the variant's parameter plot_tiles sets it (plot_tiles: {pink: N}, "
            "N up to 60)");
}

// A board larger than the box's: a variant with more tiles of a kind
// reads a plantation with that many (the parameter once stopped at 10).
TEST(TakenokoYaml, AVariantWithMoreTilesReadsALargerPlantation) {
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  variant.set_parameter_text("plot_tiles={pink: 30}");
  const auto rules = game.rules(variant, 2);
  // A straight line of 30 pink plots east of the pond, each beside the last.
  std::string plantation = "plantation:\n";
  for (int q = 1; q <= 30; ++q) {
    plantation += "  - {at: [" + std::to_string(q) + ", 0], colour: pink}\n";
  }
  const auto state = rules->state_from_yaml(load_yaml_text(plantation, "start"));
  EXPECT_EQ(rules->state_to_yaml(*state)["plantation"].size(), 30U);
  EXPECT_NE(testing::message_of<InputError>([&] {
              Variant too_many(game);
              too_many.set_parameter_text("plot_tiles={pink: 61}");
            }).find("expected a whole number from 0 to 60, got 61"),
            std::string::npos);
}

TEST(TakenokoYaml, MistakesNameTheLineTheKeyAndWhatWasExpected) {
  EXPECT_EQ(error_of("step: actions\nplantaton: []\n"),
            "line 2:1: 'plantaton': unknown key (did you mean 'plantation'?); expected one of: "
            "step, turn, round, weather, actions, plantation, channels, gardener, panda, "
            "players, emperor, tiles, tiles_under, objective_piles, objectives_under, bamboo, "
            "channel_reserve, improvement_reserve, dealt, drawn, plots_to_draw, kept, drawing, "
            "redrawn");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: pnik}\n"),
            "line 2:26: 'plantation 1,0.colour': expected one of green, yellow, pink, got 'pnik' "
            "(did you mean 'pink'?)");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: green, height: 5}\n"),
            "line 2:41: 'plantation 1,0.height': expected a whole number from 0 to 4, got 5");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: green}\n"
                     "  - {at: [1, 0], colour: pink}\n"),
            "line 3:10: 'plantation 1,0': a second plot at 1,0 (each cell holds one plot)");
  EXPECT_EQ(error_of("plantation:\n  - {at: [0, 0], colour: green}\n"),
            "line 2:10: 'plantation 0,0': 0,0 is the pond; the plots lie around it");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1], colour: green}\n"),
            "line 2:10: 'plantation.at': expected a cell as [q, r] (the pond is [0, 0]), got "
            "[1]");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: green, printed: true}\n"),
            "line 2:42: 'plantation 1,0.printed': a tile with no improvement has none printed on "
            "it (give the improvement, or leave printed out)");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: green, irrigated: false}\n"),
            "line 2:44: 'plantation 1,0.irrigated': the plot is irrigated: it is next to the "
            "pond (leave irrigated out, or write true)");
  EXPECT_EQ(error_of("plantation:\n  - {at: [1, 0], colour: green}\n"
                     "  - {at: [0, 1], colour: green}\n"
                     "  - {at: [1, 1], colour: green, irrigated: false}\n"
                     "channels: [[[1, 1], [0, 1]]]\n"),
            "line 4:44: 'plantation 1,1.irrigated': the plot is irrigated: a channel lies on its "
            "border with 0,1 (leave irrigated out, or write true)");
  EXPECT_EQ(error_of("channels: [[[1, 0], [2, 1]]]\n"),
            "line 1:12: 'channels': 1,0 and 2,1 are not neighbours; a channel lies on the border "
            "between two adjacent cells");
  EXPECT_EQ(error_of("channels: [[[1, 0], [0, 1]], [[0, 1], [1, 0]]]\n"),
            "line 1:30: 'channels': the channel between 0,1 and 1,0 is listed twice");
  EXPECT_EQ(error_of("channels: [[[0, 0], [1, 0]]]\n"),
            "line 1:12: 'channels': a channel between 0,0 and 1,0 would lie along the pond's "
            "border, where none may go (the pond waters its neighbours itself)");
  EXPECT_EQ(error_of("gardener: [2, 0]\n"),
            "line 1:11: 'gardener': 2,0 is an empty space; the gardener stands on a plot or on "
            "the pond");
  EXPECT_EQ(error_of("players:\n  P1: {hand: [plot-green-lien]}\n"),
            "line 2:15: 'P1.hand': 'plot-green-lien' is not an objective card (did you mean "
            "'plot-green-line'?)");
  EXPECT_EQ(error_of("players:\n  P1: {hand: [plot-green-line]}\n"
                     "  P2: {completed: [plot-green-line]}\n"),
            "line 3:20: 'P2.completed': plot-green-line appears more often than the variant has "
            "it (1 copy): in P1.hand, P2.completed; the variant's parameter plot_objectives sets "
            "it (plot_objectives: {plot-green-line: N}, N up to 5)");
  EXPECT_EQ(error_of("players:\n  P1: {hand: [panda-2-pink, panda-2-pink]}\n"
                     "objectives_under: {panda: [panda-2-pink, panda-2-pink]}\n"),
            "line 3:42: 'objectives_under.panda': panda-2-pink appears more often than the "
            "variant has it (3 copies): in P1.hand (2), objectives_under.panda (2); the variant's "
            "parameter panda_objectives sets it (panda_objectives: {panda-2-pink: N}, N up to 10)");
  EXPECT_EQ(error_of("objectives_under: {plot: [panda-2-pink]}\n"),
            "line 1:27: 'objectives_under.plot': panda-2-pink is a panda objective, not a plot "
            "one");
  EXPECT_EQ(error_of("players:\n  P3: {}\n"),
            "line 2:3: 'players': expected a seat from P1 to P2, got 'P3'");
  EXPECT_EQ(error_of("players:\n  P1: {hands: []}\n"),
            "line 2:8: 'hands': unknown key (did you mean 'hand'?); expected one of: hand, "
            "completed, eaten, channels, improvements");
  EXPECT_EQ(error_of("tiles_under: [green-watershd]\n"),
            "line 1:15: 'tiles_under': 'green-watershd' is not a plot tile (a colour, with its "
            "printed improvement if any: green, pink-watershed) (did you mean "
            "'green-watershed'?)");
  EXPECT_EQ(error_of("step: actoins\n"),
            "line 1:7: 'step': expected one of deal, weather, apply_weather, actions, draw_plots, "
            "keep_plot, place_plot, draw_objective, redraw_objective, over, got 'actoins' (did "
            "you mean 'actions'?)");
  const std::string missing = error_of("tiles: {green: 6}\n");
  EXPECT_EQ(missing.rfind("line 1:8: 'tiles': these tiles are nowhere: 2 green-enclosure, ", 0), 0U)
      << missing;
  EXPECT_NE(missing.find("(count them in tiles or list them in tiles_under, or write tiles: "
                         "rest)"),
            std::string::npos)
      << missing;
}

}  // namespace
}  // namespace grove::takenoko
