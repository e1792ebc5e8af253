// The table drawn as a picture for grove view (Rules::board_svg): across the
// top the weather die and whose turn it is with the actions taken; on the
// left the plantation as it lies on the table (each plot a hexagon at its
// axial coordinates with its bamboo, improvement and irrigation, channels on
// the borders, the gardener and the panda) and the reserve under it; on the
// right the players' individual boards with their bamboo, what they keep and
// their objective cards. It shows the same facts as the text board
// (view.cpp's board_at), hands and piles included, since the view is for
// designers; the names are the rulebook's.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/svg.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

constexpr double kSqrt3 = 1.7320508075688772;
// A plot's circumradius: enough room in one hexagon for the bamboo, an
// improvement, the irrigation mark and both pieces.
constexpr double kHex = 34;
constexpr double kHexHalfWidth = kHex * kSqrt3 / 2;

constexpr double kMargin = 10;
constexpr double kStatusHeight = 50;  // the weather die and the turn, across the top
constexpr double kBoardWidth = 480;   // a player's individual board, in the right column
constexpr double kCardWidth = 42;
constexpr double kCardHeight = 56;
constexpr double kCardPitch = 46;
constexpr int kCardsPerRow = 10;  // a full hand (hand_limit is at most 10) fits on one row
constexpr double kReserveHeight = 96;
// The reserve's two rows need this much width even under a small plantation.
constexpr double kLeftMinWidth = 450;

// By Colour: the plot pale and its bamboo deep, so the sections stand out on
// their plot.
constexpr std::array<const char*, kColours> kPlotFill = {"#b5dc7f", "#f6e27f", "#f6bfd2"};
constexpr std::array<const char*, kColours> kBambooFill = {"#3c8d2f", "#c29500", "#cf4479"};
// Channels, the irrigated mark and the watershed: water.
constexpr const char* kWater = "#0a8fd0";
// By improvement kind (token_index): enclosure, fertilizer, watershed.
constexpr std::array<const char*, kImprovementKinds> kImprovementFill = {"#8a6235", "#5f7f1f",
                                                                         kWater};
constexpr std::array<const char*, kImprovementKinds> kImprovementLetter = {"E", "F", "W"};
// Objective cards by Category: plot, gardener, panda.
constexpr std::array<const char*, kCategories> kCardFill = {"#efe4c8", "#dcebd0", "#ece0f0"};

struct Point {
  double x = 0;
  double y = 0;
};

// Pointy-top hexes (reference/takenoko README, "Coordinate convention"):
// x = sqrt(3) (q + r/2), y = 3/2 r, in units of the circumradius.
Point centre(const Hex& at, double radius) {
  return {radius * kSqrt3 * (at.q + at.r / 2.0), radius * 1.5 * at.r};
}

// Numbers in attribute text built here (points, path data), as short as
// SvgWriter writes its own.
std::string number(double value) {
  std::string text = fmt::format("{:.1f}", value);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text == "-0" ? "0" : text;
}

// A pointy-top hexagon as path data, in relative steps from its top corner:
// about half the text of a polygon's absolute points, and every plot, spot
// and card cell is one.
std::string hex_path(const Point& at, double radius) {
  const std::string half = number(radius * kSqrt3 / 2);
  const std::string side = number(radius);
  const std::string rise = number(radius / 2);
  return fmt::format("M{} {}l{} {}v{}l-{} {}-{}-{}v-{}z", number(at.x), number(at.y - radius), half,
                     rise, side, half, rise, half, rise, side);
}

// `count` bamboo sections stacked upwards from `bottom`, centred on x, as one
// path: one rectangle per section with a gap between them, as the pieces
// look stacked on a plot.
std::string sections_path(double x, double bottom, int count, double width, double pitch) {
  std::string path = fmt::format("M{} {}", number(x - width / 2), number(bottom));
  const std::string section =
      fmt::format("h{}v-{}h-{}z", number(width), number(pitch - 1), number(width));
  for (int i = 0; i < count; ++i) {
    path += i == 0 ? section : "m0 -" + number(pitch) + section;
  }
  return path;
}

std::string plural(int count, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", count, count == 1 ? one : many);
}

std::string place_name(const Hex& at) { return at == kPond ? "the pond (0,0)" : hex_text(at); }

// An improvement (takenoko_rulebook.md, "Improvements"): a square badge when
// printed on the tile, a round token otherwise, with its initial.
void improvement_icon(SvgWriter& svg, Improvement improvement, bool printed, const Point& at,
                      std::string_view tooltip) {
  const std::size_t kind = token_index(improvement);
  svg.open("g", {{"fill", kImprovementFill[kind]}});
  if (!tooltip.empty()) svg.title(tooltip);
  if (printed) {
    svg.element("rect", {{"x", at.x - 6}, {"y", at.y - 6}, {"width", 12}, {"height", 12}});
  } else {
    svg.element("circle", {{"cx", at.x}, {"cy", at.y}, {"r", 6.5}});
  }
  svg.text(
      at.x, at.y + 3.5, kImprovementLetter[kind],
      {{"text-anchor", "middle"}, {"font-size", 9}, {"fill", "#fff"}, {"font-weight", "bold"}});
  svg.close();
}

// An irrigation channel lying flat (on the boards and in the reserve).
void channel_icon(SvgWriter& svg, const Point& at, std::string_view tooltip) {
  svg.open("line", {{"x1", at.x - 7},
                    {"y1", at.y},
                    {"x2", at.x + 7},
                    {"y2", at.y},
                    {"stroke", kWater},
                    {"stroke-width", 4}});
  svg.title(tooltip);
  svg.close();
}

// A water drop: the mark of an irrigated plot.
void drop(SvgWriter& svg, const Point& at) {
  svg.element(
      "path",
      {{"d", fmt::format("M{} {}c5 6 4 10 0 10s-5-4 0-10z", number(at.x), number(at.y - 6))},
       {"fill", kWater}});
}

// The two pieces every player moves, so in no seat's colour: the panda (a
// white head with black ears) and the gardener (under a straw hat).
void panda_piece(SvgWriter& svg, const Point& at, const Hex& where) {
  svg.open("g", {{"fill", "#222"}});
  svg.title("the panda, on " + place_name(where));
  svg.element("circle", {{"cx", at.x - 5}, {"cy", at.y - 5}, {"r", 3}});
  svg.element("circle", {{"cx", at.x + 5}, {"cy", at.y - 5}, {"r", 3}});
  svg.element("circle",
              {{"cx", at.x}, {"cy", at.y}, {"r", 7}, {"fill", "#fff"}, {"stroke", "#222"}});
  svg.element("circle", {{"cx", at.x - 2.5}, {"cy", at.y - 1}, {"r", 1.8}});
  svg.element("circle", {{"cx", at.x + 2.5}, {"cy", at.y - 1}, {"r", 1.8}});
  svg.close();
}

void gardener_piece(SvgWriter& svg, const Point& at, const Hex& where) {
  svg.open("g", {{"stroke", "#5a3d1e"}});
  svg.title("the gardener, on " + place_name(where));
  svg.element("circle", {{"cx", at.x}, {"cy", at.y + 1}, {"r", 6.5}, {"fill", "#7a4f2a"}});
  svg.element("ellipse",
              {{"cx", at.x}, {"cy", at.y - 4}, {"rx", 8}, {"ry", 3.5}, {"fill", "#ecc76a"}});
  svg.close();
}

// Where the pieces stand inside their hexagon: low, one each side, so that
// both fit on one plot and leave the bamboo visible.
constexpr Point kGardenerOffset{-14, 19};
constexpr Point kPandaOffset{14, 19};

// ---- The plantation -----------------------------------------------------------

struct Plantation {
  std::vector<Hex> spots;  // where a plot may go
  double min_x = 0;
  double min_y = 0;
  double width = 0;
  double height = 0;
};

// The plantation's extent: the pond, every plot and spot, and anything else
// the position names (pieces, channel sides), so that even a broken
// position is drawn whole. It grows with the plantation (up to every tile of
// the pile); the page scales the picture.
Plantation plantation_extent(const Position& position) {
  Plantation plantation;
  plantation.spots = plot_spots(position);
  const std::vector<Hex> cells = cells_to_draw(position, plantation.spots);
  double max_x = 0;
  double max_y = 0;
  for (const Hex& at : cells) {
    const Point point = centre(at, kHex);
    plantation.min_x = std::min(plantation.min_x, point.x);
    plantation.min_y = std::min(plantation.min_y, point.y);
    max_x = std::max(max_x, point.x);
    max_y = std::max(max_y, point.y);
  }
  plantation.width = max_x - plantation.min_x + 2 * kHexHalfWidth;
  plantation.height = max_y - plantation.min_y + 2 * kHex;
  return plantation;
}

std::string plot_tooltip(const Plot& plot) {
  std::vector<std::string> parts = {plot.irrigated ? "irrigated" : "not irrigated",
                                    plural(plot.height, "section", "sections")};
  if (plot.improvement != Improvement::None) {
    parts.push_back(fmt::format("{} {}", plot.printed ? "printed" : "token",
                                improvement_name(plot.improvement)));
  }
  return fmt::format("{} plot {}: {}", colour_name(plot.colour), hex_text(plot.at),
                     join(parts, ", "));
}

// One plot, in its own group so that its tooltip covers the whole hexagon.
// A plot never irrigated is drawn pale: nothing grows there yet.
void draw_plot(SvgWriter& svg, const Plot& plot, const Point& at, int max_height) {
  const auto colour = static_cast<std::size_t>(plot.colour);
  svg.open("g", {{"transform", fmt::format("translate({},{})", number(at.x), number(at.y))}});
  svg.title(plot_tooltip(plot));
  SvgAttributes tile = {{"d", hex_path({}, kHex - 2)}, {"fill", kPlotFill[colour]}};
  if (!plot.irrigated) tile.push_back({"fill-opacity", 0.45});
  svg.element("path", tile);
  svg.text(0, -20, hex_text(plot.at));
  if (plot.irrigated) drop(svg, {16, -3});
  if (plot.height > 0) {
    // Up to four sections at full size; taller variants squeeze them into
    // the same height.
    const double pitch = std::min(6.0, 26.0 / std::max(plot.height, max_height));
    svg.element("path", {{"d", sections_path(0, 11, plot.height, 10, pitch)},
                         {"fill", kBambooFill[colour]}});
    svg.text(0, 23, std::to_string(plot.height),
             {{"font-size", 11}, {"font-weight", "bold"}, {"fill", "#222"}});
  }
  if (plot.improvement != Improvement::None) {
    // No tooltip of its own: the plot's names it.
    improvement_icon(svg, plot.improvement, plot.printed, {-16, -3}, "");
  }
  svg.close();
}

// The pond tile: it irrigates the plots next to it ("Irrigation").
void draw_pond(SvgWriter& svg, const Point& at) {
  svg.open("g", {{"transform", fmt::format("translate({},{})", number(at.x), number(at.y))}});
  svg.title("the pond at 0,0: the plots next to it are irrigated");
  svg.element("path", {{"d", hex_path({}, kHex - 2)}, {"fill", "#cfe8f3"}});
  svg.element("ellipse", {{"cx", 0}, {"cy", -2}, {"rx", 17}, {"ry", 11}, {"fill", "#7cc3e6"}});
  svg.text(0, 1, "pond", {{"fill", "#fff"}, {"font-weight", "bold"}});
  svg.close();
}

// The two ends of the border between two neighbouring cells: the edge of the
// hexagons where a channel lies ("Irrigation": channels are placed on the
// border between two plots).
std::array<Point, 2> border(const Hex& a, const Hex& b, const Point& offset) {
  const Point pa = centre(a, kHex);
  const Point pb = centre(b, kHex);
  const Point middle{offset.x + (pa.x + pb.x) / 2, offset.y + (pa.y + pb.y) / 2};
  const double dx = pb.x - pa.x;
  const double dy = pb.y - pa.y;
  const double length = std::hypot(dx, dy);
  // Half a side along the perpendicular of the line between the centres.
  const double ux = -dy / length * kHex / 2;
  const double uy = dx / length * kHex / 2;
  return {{{middle.x - ux, middle.y - uy}, {middle.x + ux, middle.y + uy}}};
}

void draw_plantation(SvgWriter& svg, const TakenokoRules& rules, const Position& position,
                     const Plantation& plantation, const Point& offset) {
  const auto at = [&](const Hex& hex) {
    const Point point = centre(hex, kHex);
    return Point{offset.x + point.x, offset.y + point.y};
  };
  // Where a plot may go (next to the pond or to two plots): dashed outlines,
  // the text board's '+'.
  // One path for all of them, with one tooltip listing them: there can be
  // dozens, and they are the least of the picture.
  if (!plantation.spots.empty()) {
    std::string outlines;
    std::vector<std::string> names;
    for (const Hex& spot : plantation.spots) {
      outlines += hex_path(at(spot), kHex - 4);
      names.push_back(hex_text(spot));
    }
    svg.open("path",
             {{"d", outlines}, {"fill", "none"}, {"stroke", "#aaa"}, {"stroke-dasharray", "4 3"}});
    svg.title("a plot may be placed at " + join(names, "; "));
    svg.close();
  }

  draw_pond(svg, at(kPond));
  // The plots' small text: their coordinates (the height sets its own).
  svg.open("g", {{"font-size", 8}, {"fill", "#555"}});
  for (const Plot& plot : position.plots) {
    draw_plot(svg, plot, at(plot.at), rules.settings().max_height);
  }
  svg.close();

  svg.open("g", {{"stroke", kWater}, {"stroke-width", 5}, {"stroke-linecap", "round"}});
  for (const Edge& edge : position.channels) {
    if (!adjacent(edge.a, edge.b)) continue;  // a broken position: the text board names it
    const std::array<Point, 2> ends = border(edge.a, edge.b, offset);
    svg.open("line", {{"x1", ends[0].x}, {"y1", ends[0].y}, {"x2", ends[1].x}, {"y2", ends[1].y}});
    svg.title(
        fmt::format("irrigation channel between {} and {}", hex_text(edge.a), hex_text(edge.b)));
    svg.close();
  }
  svg.close();

  const Point gardener = at(position.gardener);
  const Point panda = at(position.panda);
  gardener_piece(svg, {gardener.x + kGardenerOffset.x, gardener.y + kGardenerOffset.y},
                 position.gardener);
  panda_piece(svg, {panda.x + kPandaOffset.x, panda.y + kPandaOffset.y}, position.panda);
}

// ---- The reserve and the piles ---------------------------------------------------

// A small plot tile (the plot action's drawn tiles, the pile).
void tile_icon(SvgWriter& svg, Tile tile, const Point& at, std::string_view tooltip, bool kept) {
  svg.open("g");
  svg.title(tooltip);
  SvgAttributes hexagon = {{"d", hex_path(at, 13)},
                           {"fill", kPlotFill[static_cast<std::size_t>(colour_of(tile))]}};
  if (kept) {
    hexagon.push_back({"stroke", "#222"});
    hexagon.push_back({"stroke-width", 2});
  }
  svg.element("path", hexagon);
  if (printed_of(tile) != Improvement::None) {
    svg.text(at.x, at.y + 3.5, kImprovementLetter[token_index(printed_of(tile))],
             {{"text-anchor", "middle"},
              {"font-weight", "bold"},
              {"fill", kImprovementFill[token_index(printed_of(tile))]}});
  }
  svg.close();
}

// The supply beside the plantation: bamboo sections, channels and
// improvement tokens ("Preparation": the reserve), the face-down piles with
// how many are left, and the plot action's drawn tiles while it lasts.
void draw_reserve(SvgWriter& svg, const Position& position, const Point& origin) {
  // Its words and counts read from the left.
  svg.open("g", {{"text-anchor", "start"}});
  svg.text(origin.x, origin.y + 12, "reserve", {{"font-weight", "bold"}});
  double x = origin.x + 52;
  const double y = origin.y + 16;
  for (int colour = 0; colour < kColours; ++colour) {
    const int count = position.bamboo[static_cast<std::size_t>(colour)];
    svg.open("g");
    svg.title(fmt::format("{} bamboo sections in the reserve: {}{}", kColourNames[colour], count,
                          count < 0 ? " (below 0: sections of other colours stand in)" : ""));
    svg.element("path", {{"d", sections_path(x + 4, y + 4, 3, 8, 5)},
                         {"fill", kBambooFill[static_cast<std::size_t>(colour)]}});
    svg.text(x + 12, y, std::to_string(count));
    svg.close();
    x += 42;
  }
  channel_icon(svg, {x + 7, y - 4},
               fmt::format("irrigation channels in the reserve: {}", position.channel_reserve));
  svg.text(x + 17, y, std::to_string(position.channel_reserve));
  x += 44;
  for (int kind = 0; kind < kImprovementKinds; ++kind) {
    const auto improvement = static_cast<Improvement>(kind + 1);
    const int count = position.improvement_reserve[static_cast<std::size_t>(kind)];
    improvement_icon(
        svg, improvement, false, {x + 6, y - 4},
        fmt::format("{} tokens in the reserve: {}", improvement_name(improvement), count));
    svg.text(x + 15, y, std::to_string(count));
    x += 38;
  }

  // The piles, face down: the plot tiles and the three objective piles,
  // with how many are left (and how many were put back under them).
  const auto pile_words = [](const auto& pile) {
    return pile.bottom.empty()
               ? std::to_string(pile.size())
               : fmt::format("{} ({} put back under it)", pile.size(), pile.bottom.size());
  };
  const double y2 = origin.y + 52;
  svg.text(origin.x, y2 + 4, "piles", {{"font-weight", "bold"}});
  x = origin.x + 52;
  svg.open("g", {{"text-anchor", "middle"}});
  svg.open("g");
  svg.title("plot tiles in the pile: " + pile_words(position.tiles));
  svg.element("path", {{"d", hex_path({x + 10, y2}, 13)}, {"fill", "#c9b48a"}});
  svg.text(x + 10, y2 + 4, std::to_string(position.tiles.size()), {{"font-weight", "bold"}});
  svg.close();
  x += 34;
  for (int category = 0; category < kCategories; ++category) {
    const ObjectivePile& pile = position.objectives[static_cast<std::size_t>(category)];
    svg.open("g");
    svg.title(
        fmt::format("{} objectives in the pile: {}", kCategoryNames[category], pile_words(pile)));
    svg.element("rect", {{"x", x},
                         {"y", y2 - 14},
                         {"width", 22},
                         {"height", 28},
                         {"rx", 2},
                         {"fill", kCardFill[static_cast<std::size_t>(category)]},
                         {"stroke", "#888"}});
    svg.text(x + 11, y2 + 4, std::to_string(pile.size()), {{"font-weight", "bold"}});
    svg.text(x + 11, y2 + 24, kCategoryNames[category], {{"font-size", 8}, {"fill", "#555"}});
    svg.close();
    x += 40;
  }
  svg.close();

  // The plot action under way: the tiles drawn, then the one kept.
  if (!position.drawn.empty() || position.kept != kNoTile) {
    x += 10;
    svg.text(x, y2 + 4, position.drawn.empty() ? "kept" : "drawn");
    x += 48;
    for (const Tile tile : position.drawn) {
      tile_icon(svg, tile, {x, y2}, "drawn by the plot action: " + tile_label(tile), false);
      x += 30;
    }
    if (position.kept != kNoTile) {
      tile_icon(svg, position.kept, {x, y2}, "kept, to be placed: " + tile_label(position.kept),
                true);
    }
  }
  svg.close();
}

// ---- The players' boards ---------------------------------------------------------

// One objective card as it looks: its category, a small picture of what it
// asks (the plots' pattern, the bamboo to grow, the sections to eat) and its
// points in the corner. Cards laid face up (completed) are framed in their
// owner's colour with a tick.
void draw_card(SvgWriter& svg, ObjectiveId id, const Point& at, bool completed, Seat owner) {
  const ObjectiveCard& card = card_of(id);
  const auto category = static_cast<std::size_t>(card.category);
  svg.open("g", {{"transform", fmt::format("translate({},{})", number(at.x), number(at.y))}});
  svg.title(card.label + (completed ? ", completed" : ""));
  SvgAttributes face = {{"width", kCardWidth},
                        {"height", kCardHeight},
                        {"rx", 3},
                        {"fill", kCardFill[category]},
                        {"stroke", completed ? seat_colour(owner) : std::string_view("#999")}};
  if (completed) face.push_back({"stroke-width", 2.5});
  svg.element("rect", face);
  svg.text(kCardWidth / 2, 9, kCategoryNames[category]);
  const Point middle{kCardWidth / 2, 27};
  switch (card.category) {
    case Category::Plot: {
      // The pattern as the card shows it held upright.
      constexpr double kSmall = 6.5;
      double min_x = 1e9, max_x = -1e9, min_y = 1e9, max_y = -1e9;
      for (const PlotCell& cell : card.cells) {
        const Point point = centre(cell.at, kSmall);
        min_x = std::min(min_x, point.x);
        max_x = std::max(max_x, point.x);
        min_y = std::min(min_y, point.y);
        max_y = std::max(max_y, point.y);
      }
      // One path per colour.
      for (int colour = 0; colour < kColours; ++colour) {
        std::string cells;
        for (const PlotCell& cell : card.cells) {
          if (static_cast<int>(cell.colour) != colour) continue;
          const Point point = centre(cell.at, kSmall);
          cells += hex_path(
              {middle.x + point.x - (min_x + max_x) / 2, middle.y + point.y - (min_y + max_y) / 2},
              kSmall - 0.5);
        }
        if (cells.empty()) continue;
        svg.element("path", {{"d", cells},
                             {"fill", kPlotFill[static_cast<std::size_t>(colour)]},
                             {"stroke", kBambooFill[static_cast<std::size_t>(colour)]}});
      }
      break;
    }
    case Category::Gardener: {
      const double pitch = std::min(6.0, 26.0 / std::max(card.height, 1));
      svg.element("path", {{"d", sections_path(middle.x, 40, card.height, 8, pitch)},
                           {"fill", kBambooFill[static_cast<std::size_t>(card.colour)]}});
      if (card.count > 1) {
        svg.text(middle.x + 13, 32, fmt::format("x{}", card.count),
                 {{"font-size", 9}, {"fill", "#222"}});
      }
      if (card.need == ImprovementNeed::None) {
        // Crossed out: no improvement allowed.
        svg.element("path", {{"d", "M5 14l8 8m0-8l-8 8"}, {"stroke", "#c00"}, {"stroke-width", 2}});
      } else if (card.need != ImprovementNeed::Any) {
        const auto improvement = static_cast<Improvement>(static_cast<int>(card.need) - 1);
        improvement_icon(svg, improvement, false, {9, 20}, "");
      }
      break;
    }
    case Category::Panda: {
      int columns = 0;
      for (const int sections : card.sections) columns += sections > 0 ? 1 : 0;
      double x = middle.x - (columns - 1) * 6.0;
      for (int colour = 0; colour < kColours; ++colour) {
        const int sections = card.sections[static_cast<std::size_t>(colour)];
        if (sections == 0) continue;
        svg.element("path", {{"d", sections_path(x, 38, sections, 8, 6)},
                             {"fill", kBambooFill[static_cast<std::size_t>(colour)]}});
        x += 12;
      }
      break;
    }
  }
  svg.text(8, 51, std::to_string(card.points), {{"font-size", 11}, {"font-weight", "bold"}});
  if (completed) {
    svg.element("path", {{"d", "M28 47l3 4 7-8"},
                         {"fill", "none"},
                         {"stroke", seat_colour(owner)},
                         {"stroke-width", 2.5}});
  }
  svg.close();
}

struct CardSlot {
  ObjectiveId id;
  bool completed;
};

// The hand, then the completed cards, as they lie in front of the player.
std::vector<CardSlot> card_slots(const Player& player) {
  std::vector<CardSlot> slots;
  for (const bool completed : {false, true}) {
    const auto& counts = completed ? player.completed : player.hand;
    for (int id = 0; id < kObjectiveKinds; ++id) {
      for (int copy = 0; copy < counts[static_cast<std::size_t>(id)]; ++copy) {
        slots.push_back({static_cast<ObjectiveId>(id), completed});
      }
    }
  }
  return slots;
}

constexpr double kBoardHeader = 58;  // the name and score, then the bamboo and what is kept
constexpr double kCardRow = kCardHeight + 18;  // a row of cards with its label above

// Where each card goes: slots in rows of kCardsPerRow, the completed cards
// after a gap; returns the number of rows.
int card_layout(const std::vector<CardSlot>& slots, std::vector<Point>& places) {
  int row = 0;
  double column = 0;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (i > 0 && slots[i].completed && !slots[i - 1].completed) column += 0.5;
    if (column + 1 > kCardsPerRow + 0.01) {
      ++row;
      column = 0;
    }
    places.push_back({column * kCardPitch, row * kCardRow});
    column += 1;
  }
  return row + 1;
}

double board_height(const Player& player) {
  std::vector<Point> places;
  return kBoardHeader + card_layout(card_slots(player), places) * kCardRow + 4;
}

// A player's individual board: the bamboo sections eaten, the channels and
// improvement tokens kept, and their objective cards (the hand shown, for
// designers, as the text board shows it).
void draw_board(SvgWriter& svg, const TakenokoRules& rules, const Position& position, Seat seat,
                const Point& origin) {
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const std::string_view colour = seat_colour(seat);
  const bool to_play =
      position.step != Step::Over && position.step != Step::Deal && position.turn == seat;
  svg.open("g");
  svg.element("rect", {{"x", origin.x},
                       {"y", origin.y},
                       {"width", kBoardWidth},
                       {"height", board_height(player)},
                       {"rx", 6},
                       {"fill", "#fbfbf8"},
                       {"stroke", colour},
                       {"stroke-width", to_play ? 3 : 1.2}});
  svg.text(
      origin.x + 10, origin.y + 21, seat_label(seat),
      {{"text-anchor", "start"}, {"font-size", 17}, {"font-weight", "bold"}, {"fill", colour}});
  const int points = rules.score(position, seat);
  svg.open("g");
  svg.title(fmt::format("{}: {} points from completed objectives{}", seat_label(seat), points,
                        position.emperor == seat ? " and the Emperor card" : ""));
  svg.text(origin.x + 44, origin.y + 21, plural(points, "point", "points"),
           {{"text-anchor", "start"}, {"font-size", 14}});
  svg.close();
  double x = origin.x + 120;
  if (position.emperor == seat) {
    svg.open("g");
    svg.title(fmt::format("{} took the Emperor card ({} points): the last round is under way",
                          seat_label(seat), rules.settings().emperor_points));
    svg.element("rect", {{"x", x},
                         {"y", origin.y + 8},
                         {"width", 62},
                         {"height", 17},
                         {"rx", 3},
                         {"fill", "#f3c623"},
                         {"stroke", "#8a6d00"}});
    svg.text(x + 31, origin.y + 20, "Emperor", {{"font-weight", "bold"}});
    svg.close();
    x += 70;
  }
  if (to_play) {
    svg.text(
        x, origin.y + 21, "to play",
        {{"text-anchor", "start"}, {"fill", colour}, {"font-weight", "bold"}, {"font-size", 12}});
  }

  // The bamboo sections eaten, laid side by side per colour, then what is
  // kept to place later; the counts read from the left.
  svg.open("g", {{"text-anchor", "start"}, {"font-size", 11}});
  const double y = origin.y + 45;
  x = origin.x + 10;
  for (int c = 0; c < kColours; ++c) {
    const int eaten = player.eaten[static_cast<std::size_t>(c)];
    const char* fill = kBambooFill[static_cast<std::size_t>(c)];
    svg.open("g");
    svg.title(fmt::format("{} bamboo sections on {}'s board: {}", kColourNames[c], seat_label(seat),
                          eaten));
    // At most twelve drawn; the number says how many in all.
    const int shown = std::clamp(eaten, 0, 12);
    if (shown == 0) {
      svg.element("rect", {{"x", x},
                           {"y", y - 16},
                           {"width", 5},
                           {"height", 16},
                           {"fill", "none"},
                           {"stroke", fill},
                           {"stroke-dasharray", "2 2"}});
    } else {
      std::string path;
      for (int i = 0; i < shown; ++i) {
        path += fmt::format("M{} {}h5v-16h-5z", number(x + i * 6.5), number(y));
      }
      svg.element("path", {{"d", path}, {"fill", fill}});
    }
    x += std::max(shown, 1) * 6.5 + 2;
    svg.text(x, y - 3, std::to_string(eaten));
    svg.close();
    x += 22;
  }

  // Channels and improvement tokens kept to place later, only those held
  // (as the text board lists them).
  x = std::max(x + 8, origin.x + 250);
  svg.text(x, y - 3, "kept:");
  x += 32;
  const bool nothing =
      player.channels == 0 && std::all_of(player.improvements.begin(), player.improvements.end(),
                                          [](int count) { return count == 0; });
  if (nothing) svg.text(x, y - 3, "nothing", {{"fill", "#888"}});
  if (player.channels > 0) {
    channel_icon(
        svg, {x + 7, y - 7},
        fmt::format("irrigation channels kept by {}: {}", seat_label(seat), player.channels));
    svg.text(x + 17, y - 3, std::to_string(player.channels));
    x += 38;
  }
  for (int kind = 0; kind < kImprovementKinds; ++kind) {
    const auto improvement = static_cast<Improvement>(kind + 1);
    const int count = player.improvements[static_cast<std::size_t>(kind)];
    if (count == 0) continue;
    improvement_icon(svg, improvement, false, {x + 6, y - 7},
                     fmt::format("{} tokens kept by {}: {}", improvement_name(improvement),
                                 seat_label(seat), count));
    svg.text(x + 15, y - 3, std::to_string(count));
    x += 36;
  }
  svg.close();

  // The objective cards: the hand, then the completed ones.
  const std::vector<CardSlot> slots = card_slots(player);
  std::vector<Point> places;
  card_layout(slots, places);
  const Point cards{origin.x + 10, origin.y + kBoardHeader + 14};
  // The cards' small print (the category and the labels above them).
  svg.open("g", {{"font-size", 7}, {"fill", "#555"}});
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const Point at{cards.x + places[i].x, cards.y + places[i].y};
    if (i == 0 || slots[i].completed != slots[i - 1].completed) {
      const std::string label =
          slots[i].completed
              ? fmt::format("completed ({})", player.completed_count())
              : fmt::format("hand ({} of {})", player.hand_size(), rules.settings().hand_limit);
      svg.text(at.x, at.y - 4, label, {{"text-anchor", "start"}, {"font-size", 9}});
    }
    draw_card(svg, slots[i].id, at, slots[i].completed, seat);
  }
  if (slots.empty()) {
    svg.text(cards.x, cards.y - 4, "no objective cards",
             {{"text-anchor", "start"}, {"font-size", 9}});
  }
  svg.close();
  svg.close();
}

// ---- The weather and the turn -----------------------------------------------------

// The weather die's face in force this turn ("Determine weather conditions").
void draw_die(SvgWriter& svg, const TakenokoRules& rules, const Position& position,
              const Point& at) {
  std::string tooltip;
  if (position.weather != Weather::None) {
    tooltip = fmt::format("weather this turn: {}", weather_name(position.weather));
  } else if (!rules.settings().weather_die) {
    tooltip = "no weather die in this variant (the first game without it)";
  } else if (position.round <= 1) {
    tooltip = "no weather in the first round: the die is rolled from the second";
  } else {
    tooltip = "no weather yet this turn";
  }
  svg.open("g");
  svg.title(tooltip);
  svg.element("rect", {{"x", at.x - 17},
                       {"y", at.y - 17},
                       {"width", 34},
                       {"height", 34},
                       {"rx", 6},
                       {"fill", "#fff"},
                       {"stroke", "#444"},
                       {"stroke-width", 1.5}});
  const std::string x = number(at.x);
  switch (position.weather) {
    case Weather::Sun:
      svg.element("circle", {{"cx", at.x}, {"cy", at.y}, {"r", 9}, {"fill", "#f5b800"}});
      break;
    case Weather::Rain:
      svg.element("path",
                  {{"d", fmt::format("M{} {}c9 10 7 17 0 17s-9-7 0-17z", x, number(at.y - 10))},
                   {"fill", kWater}});
      break;
    case Weather::Wind:
      svg.element(
          "path",
          {{"d", fmt::format("M{} {}h16m-20 6h20m-16 6h12", number(at.x - 9), number(at.y - 6))},
           {"stroke", "#78909c"},
           {"stroke-width", 2.5}});
      break;
    case Weather::Storm:
      svg.element("polygon",
                  {{"points", fmt::format("{},{} {},{} {},{} {},{} {},{} {},{}", number(at.x + 3),
                                          number(at.y - 12), number(at.x - 7), number(at.y + 2),
                                          number(at.x - 1), number(at.y + 2), number(at.x - 3),
                                          number(at.y + 12), number(at.x + 7), number(at.y - 2),
                                          number(at.x + 1), number(at.y - 2))},
                   {"fill", "#f5b800"},
                   {"stroke", "#8a6d00"}});
      break;
    case Weather::Clouds:
      svg.element("path", {{"d", fmt::format("M{} {}a5 5 0 0 1 2-9a7 7 0 0 1 13 0a5 5 0 0 1 "
                                             "1 9z",
                                             number(at.x - 9), number(at.y + 5))},
                           {"fill", "#b0bec5"}});
      break;
    case Weather::Question:
      svg.text(at.x, at.y + 8, "?", {{"font-size", 22}, {"font-weight", "bold"}});
      break;
    case Weather::None:
      svg.text(at.x, at.y + 4, "-", {{"font-size", 14}, {"fill", "#999"}});
      break;
  }
  svg.close();
}

// "round 3: P1 to choose an action", or what chance does next.
std::string turn_words(const TakenokoRules& rules, const Position& position) {
  if (position.step == Step::Over) {
    std::vector<std::string> winners;
    for (const Seat seat : rules.outcome_at(position).winners())
      winners.push_back(seat_label(seat));
    return fmt::format("game over after round {}: {} {}", position.round, join(winners, " and "),
                       winners.size() == 1 ? "wins" : "tie");
  }
  if (position.step == Step::Deal) return "setting up: " + rules.next_to_act(position);
  return fmt::format("round {}: {}", position.round, rules.next_to_act(position));
}

// Across the top: the die, whose turn and what they are doing, and the five
// actions of the individual board with the ones taken this turn covered by
// the player's action tokens ("Perform actions and meet objectives").
void draw_status(SvgWriter& svg, const TakenokoRules& rules, const Position& position,
                 double width) {
  draw_die(svg, rules, position, {kMargin + 17, kMargin + 17});
  const bool in_turn = position.step != Step::Deal && position.step != Step::Over;
  svg.text(kMargin + 44, kMargin + 15, turn_words(rules, position),
           {{"text-anchor", "start"},
            {"font-size", 15},
            {"fill", in_turn ? seat_colour(position.turn) : std::string_view("#222")}});
  std::string weather = position.weather == Weather::None
                            ? "weather: none"
                            : std::string("weather: ") + weather_name(position.weather);
  if (position.actions_taken > 0) {
    weather += fmt::format(", {} taken", plural(position.actions_taken, "action", "actions"));
  }
  svg.text(kMargin + 44, kMargin + 32, weather,
           {{"text-anchor", "start"}, {"font-size", 11}, {"fill", "#555"}});
  if (!in_turn) return;

  const std::string_view colour = seat_colour(position.turn);
  constexpr double kSpace = 66;
  double x = width - kMargin - kActions * kSpace;
  svg.open("g");
  svg.title(fmt::format("the five actions; those {} has taken this turn are filled in",
                        seat_label(position.turn)));
  for (int action = 0; action < kActions; ++action) {
    const bool taken = ((position.actions_used >> action) & 1) != 0;
    svg.element("rect", {{"x", x},
                         {"y", kMargin + 4},
                         {"width", kSpace - 4},
                         {"height", 22},
                         {"rx", 11},
                         {"fill", taken ? colour : std::string_view("#fff")},
                         {"stroke", taken ? colour : std::string_view("#bbb")}});
    svg.text(x + (kSpace - 4) / 2, kMargin + 19, kActionNames[static_cast<std::size_t>(action)],
             {{"fill", taken ? "#fff" : "#888"}});
    x += kSpace;
  }
  svg.close();
}

}  // namespace

std::string TakenokoRules::board_svg_at(const Position& position) const {
  const Plantation plantation = plantation_extent(position);
  const double left_width = std::max(kLeftMinWidth, plantation.width);
  double boards_height = 0;
  for (const Player& player : position.players) boards_height += board_height(player) + 8;
  const double width = kMargin + left_width + kMargin + kBoardWidth + kMargin;
  const double height = std::max(kStatusHeight + plantation.height + 8 + kReserveHeight,
                                 kStatusHeight + boards_height) +
                        kMargin;

  SvgWriter svg(width, height);
  // Most text is centred on what it labels; the rest says "start".
  svg.open("g", {{"text-anchor", "middle"}, {"font-size", 10}});
  draw_status(svg, *this, position, width);
  // The plantation centred in the left column, whose width the reserve
  // needs even when the plantation is small.
  const Point offset{
      kMargin + (left_width - plantation.width) / 2 + kHexHalfWidth - plantation.min_x,
      kStatusHeight + kHex - plantation.min_y};
  draw_plantation(svg, *this, position, plantation, offset);
  draw_reserve(svg, position, {kMargin, kStatusHeight + plantation.height + 8});
  double y = kStatusHeight;
  for (Seat seat = 0; seat < static_cast<Seat>(position.players.size()); ++seat) {
    draw_board(svg, *this, position, seat, {kMargin + left_width + kMargin, y});
    y += board_height(position.players[static_cast<std::size_t>(seat)]) + 8;
  }
  svg.close();
  return svg.finish();
}

}  // namespace grove::takenoko
