// The table as a picture for grove view (board_svg.cpp): what a designer
// would notice in it for a table written in YAML: every plot drawn and named,
// a channel on the border it lies on, the players' things in their seat's
// colour, the pieces on their plots, and a well-formed, deterministic SVG.

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "engine/core/svg.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

const Rules& two_players() {
  static const std::unique_ptr<Rules> rules = [] {
    const Game& game = builtin_games().get("takenoko");
    return game.rules(Variant(game), 2);
  }();
  return *rules;
}

// P2's turn in a later round: three plots (a printed watershed, a fertilizer
// token), a channel between 0,1 and 1,0, the gardener on 1,0 and the panda
// on 1,1; P2 has completed a panda objective.
const char* const kTable = R"(
step: actions
turn: P2
round: 3
weather: sun
actions: [gardener]
plantation:
  - {at: [1, 0], colour: green, improvement: watershed, printed: true, height: 2}
  - {at: [0, 1], colour: pink, improvement: fertilizer}
  - {at: [1, 1], colour: pink}
channels: [[[0, 1], [1, 0]]]
gardener: [1, 0]
panda: [1, 1]
players:
  P1: {hand: [plot-pink-line], channels: 1}
  P2: {hand: [gardener-pink-4-watershed], completed: [panda-2-green], eaten: {yellow: 2}}
)";

std::unique_ptr<State> table(const std::string& yaml) {
  return two_players().state_from_yaml(load_yaml_text(yaml, "start"));
}

std::string picture(const std::string& yaml) { return two_players().board_svg(*table(yaml)); }

int count(const std::string& text, const std::regex& pattern) {
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), {}));
}

struct Point {
  double x = 0;
  double y = 0;
};

// Where the plot whose tooltip starts with `name` ("green plot 1,0") is
// drawn: the centre its group is translated to.
Point plot_centre(const std::string& svg, const std::string& name) {
  std::smatch match;
  const std::regex pattern("<g transform=\"translate\\(([-0-9.]+),([-0-9.]+)\\)\"><title>" + name +
                           ":");
  if (!std::regex_search(svg, match, pattern)) {
    ADD_FAILURE() << "no plot drawn for " << name;
    return {};
  }
  return {std::stod(match[1]), std::stod(match[2])};
}

TEST(TakenokoBoardSvg, IsOneWellFormedSvgWithEveryTagClosed) {
  const std::string svg = picture(kTable);
  ASSERT_TRUE(svg.starts_with("<svg ")) << svg.substr(0, 40);
  ASSERT_TRUE(svg.ends_with("</svg>"));
  // Every opened tag is closed in order (self-closing ones close themselves).
  std::vector<std::string> open;
  const std::regex tag("<(/?)([a-z]+)[^>]*?(/?)>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator();
       ++it) {
    const std::smatch& match = *it;
    if (match[3] == "/") continue;
    if (match[1] == "/") {
      ASSERT_FALSE(open.empty()) << "closes " << match[2] << " with nothing open";
      ASSERT_EQ(open.back(), match[2]);
      open.pop_back();
    } else {
      open.push_back(match[2]);
    }
  }
  EXPECT_TRUE(open.empty());
}

TEST(TakenokoBoardSvg, DrawsEveryPlotOnceNamedByItsCoordinates) {
  const auto state = table(kTable);
  const std::string svg = two_players().board_svg(*state);
  const auto& position = position_of<Position>(*state);
  EXPECT_EQ(count(svg, std::regex("<title>(green|yellow|pink) plot ")),
            static_cast<int>(position.plots.size()));
  EXPECT_NE(svg.find("<title>green plot 1,0: irrigated, 2 sections, printed watershed</title>"),
            std::string::npos);
  EXPECT_NE(svg.find("<title>pink plot 0,1: irrigated, 0 sections, token fertilizer</title>"),
            std::string::npos);
}

TEST(TakenokoBoardSvg, DrawsTheChannelOnTheBorderBetweenItsTwoPlots) {
  const std::string svg = picture(kTable);
  const Point a = plot_centre(svg, "pink plot 0,1");
  const Point b = plot_centre(svg, "green plot 1,0");
  std::smatch line;
  ASSERT_TRUE(std::regex_search(
      svg, line,
      std::regex("<line x1=\"([-0-9.]+)\" y1=\"([-0-9.]+)\" x2=\"([-0-9.]+)\" y2=\"([-0-9.]+)\">"
                 "<title>irrigation channel between 0,1 and 1,0</title>")));
  const Point from{std::stod(line[1]), std::stod(line[2])};
  const Point to{std::stod(line[3]), std::stod(line[4])};
  // The border's middle is halfway between the two centres, and the border
  // is square to the line between them.
  EXPECT_NEAR((from.x + to.x) / 2, (a.x + b.x) / 2, 0.2);
  EXPECT_NEAR((from.y + to.y) / 2, (a.y + b.y) / 2, 0.2);
  const double dot = (to.x - from.x) * (b.x - a.x) + (to.y - from.y) * (b.y - a.y);
  EXPECT_NEAR(dot, 0, 10);
  // As long as a side of the hexagons (the centres are sqrt(3) sides apart).
  const double side = std::hypot(to.x - from.x, to.y - from.y);
  EXPECT_NEAR(std::hypot(b.x - a.x, b.y - a.y) / side, std::sqrt(3.0), 0.05);
}

TEST(TakenokoBoardSvg, PutsThePiecesOnTheirPlots) {
  const std::string svg = picture(kTable);
  const Point gardener_plot = plot_centre(svg, "green plot 1,0");
  const Point panda_plot = plot_centre(svg, "pink plot 1,1");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(svg, match,
                                std::regex("<title>the gardener, on 1,0</title><circle cx=\"([-0-9."
                                           "]+)\" cy=\"([-0-9.]+)\"")));
  EXPECT_LT(
      std::hypot(std::stod(match[1]) - gardener_plot.x, std::stod(match[2]) - gardener_plot.y), 30);
  ASSERT_TRUE(std::regex_search(
      svg, match,
      std::regex("<title>the panda, on 1,1</title><circle cx=\"([-0-9.]+)\" cy=\"([-0-9.]+)\"")));
  EXPECT_LT(std::hypot(std::stod(match[1]) - panda_plot.x, std::stod(match[2]) - panda_plot.y), 30);
}

TEST(TakenokoBoardSvg, DrawsEachPlayersThingsInTheirSeatsColour) {
  const std::string svg = picture(kTable);
  const std::string p1(seat_colour(0));
  const std::string p2(seat_colour(1));
  EXPECT_NE(svg.find("fill=\"" + p1 + "\">P1</text>"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"" + p2 + "\">P2</text>"), std::string::npos);
  // P2's completed card is framed in P2's colour; P1's hand card is not.
  std::smatch card;
  ASSERT_TRUE(std::regex_search(
      svg, card,
      std::regex("<title>2 green sections \\(panda, 3 points\\), completed</title><rect [^>]*"
                 "stroke=\"(#[0-9a-f]+)\"")));
  EXPECT_EQ(card[1], p2);
  ASSERT_TRUE(std::regex_search(
      svg, card,
      std::regex("<title>pink line \\([^)]*\\)</title><rect [^>]*stroke=\"(#[0-9a-f]+)\"")));
  EXPECT_NE(card[1], p1);
  // The action taken this turn is covered in the colour of the seat to play.
  EXPECT_NE(svg.find("fill=\"" + p2 + "\" stroke=\"" + p2 + "\"/><text x=\""), std::string::npos);
}

TEST(TakenokoBoardSvg, TheSameTableGivesTheSamePictureAndAnotherTableAnother) {
  EXPECT_EQ(picture(kTable), picture(kTable));
  std::string moved = kTable;
  moved.replace(moved.find("gardener: [1, 0]"), 16, "gardener: [0, 1]");
  EXPECT_NE(picture(kTable), picture(moved));
  std::string rained = kTable;
  rained.replace(rained.find("weather: sun"), 12, "weather: rain");
  EXPECT_NE(picture(kTable), picture(rained));
}

}  // namespace
}  // namespace grove::takenoko
