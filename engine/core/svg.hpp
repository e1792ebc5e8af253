#pragma once
// A small SVG writer for the pictures games draw of their tables
// (Rules::board_svg, shown by grove view). It escapes every text and
// attribute (escape_markup), writes numbers short, and closes what it opened, so a game's
// drawing code says only what to draw.

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/seat.hpp"

namespace grove {

// An attribute's value, from a number or from text (escaped when written).
// Implicit, so that attributes read as they would in the SVG:
// {{"x", 12.5}, {"fill", "#cc0000"}}.
struct SvgValue {
  SvgValue(double number);
  SvgValue(int number);
  SvgValue(std::string_view value) : text(value) {}
  SvgValue(const char* value) : text(value) {}
  SvgValue(const std::string& value) : text(value) {}
  std::string text;
};

struct SvgAttribute {
  std::string_view name;
  SvgValue value;
};
using SvgAttributes = std::vector<SvgAttribute>;

class SvgWriter {
 public:
  // A picture `width` × `height` user units wide; the page scales it.
  SvgWriter(double width, double height);

  // <tag attributes/>
  void element(std::string_view tag, const SvgAttributes& attributes);
  // <tag attributes>, closed by close().
  void open(std::string_view tag, const SvgAttributes& attributes = {});
  void close();
  // <text attributes>content</text>
  void text(double x, double y, std::string_view content, const SvgAttributes& attributes = {});
  // A tooltip for the element opened last: what a designer reads on hover.
  void title(std::string_view content);

  // The picture, with everything still open closed.
  std::string finish();

 private:
  void attributes(const SvgAttributes& attributes);

  std::string out_;
  std::vector<std::string> open_;
};

// The colour a seat is drawn in, the same in every game: P1 red, P2 blue,
// P3 green, P4 orange, P5 purple (and grey beyond).
std::string_view seat_colour(Seat seat);

}  // namespace grove
