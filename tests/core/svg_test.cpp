#include "engine/core/svg.hpp"

#include <gtest/gtest.h>

namespace grove {
namespace {

TEST(SvgWriter, EscapesTextAndAttributesAndClosesWhatItOpened) {
  SvgWriter svg(100, 50.5);
  svg.open("g", {{"class", "forest"}});
  svg.element("rect", {{"x", 1.25}, {"y", 3}, {"width", 10.0}, {"fill", "#d62728"}});
  svg.title("P1's \"tree\" & <leaf>");
  svg.text(2, 4, "A&B <c>", {{"data-note", "x\"y"}});
  const std::string picture = svg.finish();
  EXPECT_EQ(picture,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 50.5\" width=\"100\" "
            "height=\"50.5\" font-family=\"sans-serif\"><g class=\"forest\"><rect x=\"1.25\" "
            "y=\"3\" width=\"10\" fill=\"#d62728\"/><title>P1&#39;s &quot;tree&quot; &amp; "
            "&lt;leaf&gt;</title><text x=\"2\" y=\"4\" data-note=\"x&quot;y\">A&amp;B "
            "&lt;c&gt;</text></g></svg>");
}

TEST(SvgWriter, SeatsKeepTheirColourInEveryGame) {
  EXPECT_EQ(seat_colour(0), "#d62728");
  EXPECT_NE(seat_colour(0), seat_colour(1));
  EXPECT_EQ(seat_colour(kNoSeat), "#7f7f7f");
  EXPECT_EQ(seat_colour(9), "#7f7f7f");
}

}  // namespace
}  // namespace grove
