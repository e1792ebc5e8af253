// The table as grove view draws it (board_svg.cpp): what a designer looks
// for in the picture.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/core/svg.hpp"
#include "tests/games/pass_the_pandas/table.hpp"

namespace grove::testing {
namespace {

int count(const std::string& text, const std::string& part) {
  int found = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
  return found;
}

// Each player's panel, in seat order: the text from one seat's group to the
// next (the last one ends where the water's tray begins).
std::vector<std::string> seat_panels(const std::string& svg) {
  std::vector<std::string> panels;
  auto at = svg.find("<g class=\"seat");
  while (at != std::string::npos) {
    auto next = svg.find("<g class=\"seat", at + 1);
    const auto end = next == std::string::npos ? svg.find("<g class=\"water") : next;
    panels.push_back(svg.substr(at, end - at));
    at = next;
  }
  return panels;
}

std::string picture(Table& table) { return table.rules().board_svg(table.state()); }

TEST(PassThePandasBoardSvg, EachPlayersDiceAreDrawnInTheirSeatColour) {
  Table table(3);
  table.start_at("players: {P1: 2, P2: 7, P3: 4}\n");
  const std::string svg = picture(table);
  const std::vector<std::string> panels = seat_panels(svg);
  ASSERT_EQ(panels.size(), 3U);
  const std::vector<int> dice = {2, 7, 4};
  for (Seat seat = 0; seat < 3; ++seat) {
    const std::string& panel = panels[static_cast<std::size_t>(seat)];
    EXPECT_EQ(count(panel, "class=\"die "), dice[static_cast<std::size_t>(seat)]) << panel;
    EXPECT_NE(panel.find(fmt::format("stroke=\"{}\"", seat_colour(seat))), std::string::npos)
        << panel;
    EXPECT_NE(panel.find(fmt::format("{}: {} dice", seat_label(seat),
                                     dice[static_cast<std::size_t>(seat)])),
              std::string::npos)
        << panel;
  }
  EXPECT_EQ(count(svg, "class=\"die held\""), 13);
  // The 18 starting dice less the 13 held: the water took 5 out.
  EXPECT_EQ(count(svg, "class=\"die water\""), 5);
}

TEST(PassThePandasBoardSvg, TheRollOfThePlayerToMoveShowsItsFaces) {
  Table table(4);
  table.play("roll P1 water=1 panda=2 bamboo=1 blank=1");
  std::string svg = picture(table);
  const std::string mover = seat_panels(svg)[0];
  EXPECT_EQ(count(mover, "class=\"die panda\""), 2);
  EXPECT_EQ(count(mover, "class=\"die bamboo\""), 1);
  EXPECT_EQ(count(mover, "class=\"die blank\""), 1);
  EXPECT_NE(mover.find("<title>panda rolled by P1: to be passed to another player</title>"),
            std::string::npos);
  // The water left the game: it lies in the water's tray, not with P1.
  EXPECT_EQ(count(svg, "class=\"die water\""), 1);
  EXPECT_EQ(count(mover, "class=\"die water\""), 0);

  table.play("P1 pass panda to P3");
  svg = picture(table);
  EXPECT_EQ(count(seat_panels(svg)[0], "class=\"die panda\""), 1);
  EXPECT_EQ(count(seat_panels(svg)[2], "class=\"die "), 6);
}

TEST(PassThePandasBoardSvg, ThePlayerToMoveStandsOutAndTheDecisionIsNamed) {
  Table table(4);
  table.start_at("turn: P2\nplayers: {P1: 5, P2: 5, P3: 5, P4: 5}\n");
  const std::string svg = picture(table);
  EXPECT_EQ(count(svg, "class=\"seat to-move\""), 1);
  const std::string mover = seat_panels(svg)[1];
  EXPECT_EQ(mover.rfind("<g class=\"seat to-move\">", 0), 0U) << mover;
  EXPECT_NE(mover.find("stroke=\"#1f77b4\" stroke-width=\"3\""), std::string::npos) << mover;
  EXPECT_NE(svg.find(">P2 to roll 5 dice</text>"), std::string::npos);
}

TEST(PassThePandasBoardSvg, ThePreviousPlayersBambooIsTheChallenge) {
  Table table(2);
  table.play("roll P1 bamboo=2 blank=4");
  const std::string svg = picture(table);
  EXPECT_NE(svg.find("P2 must roll at least 2 bamboo, as P1 did"), std::string::npos);
  EXPECT_EQ(count(seat_panels(svg)[0], "class=\"die bamboo\""), 2);
  EXPECT_EQ(count(seat_panels(svg)[1], "class=\"die bamboo\""), 0);
}

TEST(PassThePandasBoardSvg, AnAllBlankRollShowsItsBlanksAndOffersTheExchange) {
  Table table(4, {"bamboozled=true"});
  table.play("roll P1 blank=5");
  const std::string svg = picture(table);
  EXPECT_EQ(count(seat_panels(svg)[0], "class=\"die blank\""), 5);
  EXPECT_NE(svg.find(">P1 to exchange all dice with another player, or keep them</text>"),
            std::string::npos);
}

TEST(PassThePandasBoardSvg, PicturesAreWellFormedAndFollowThePosition) {
  Table table(5);
  const std::string start = picture(table);
  EXPECT_EQ(start.rfind("<svg", 0), 0U);
  EXPECT_EQ(start.substr(start.size() - 6), "</svg>");
  EXPECT_EQ(count(start, "<g"), count(start, "</g>"));
  EXPECT_EQ(count(start, "<text"), count(start, "</text>"));
  EXPECT_EQ(start, picture(table));  // the same position, the same picture
  table.play("roll P1 water=1 panda=1 bamboo=1 blank=1");
  EXPECT_NE(picture(table), start);
}

}  // namespace
}  // namespace grove::testing
