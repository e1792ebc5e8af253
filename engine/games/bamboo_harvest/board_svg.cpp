// The table drawn as a picture for grove view (Rules::board_svg): the forest
// of cards as it lies on the table, each player's reeds, tokens and deeds,
// the piles, and whose turn it is. It draws what board_at writes as text,
// including the hidden cards the text board shows (the card under a built
// token, face-down deeds), because the view is for designers.
//
// The page embeds one picture per move, so the drawing stays small: the card
// shapes are defined once and reused, the forest is drawn in layers whose
// groups carry the attributes their elements share, and what a designer may
// wonder about is in a card's tooltip rather than written on the picture.
// The layers over the cards let the pointer through, so hovering anywhere on
// a card shows its tooltip.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/svg.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

// A forest card on the table, and the space between two of them.
constexpr double kCardW = 60;
constexpr double kCardH = 84;
constexpr double kPitchX = kCardW + 6;
constexpr double kPitchY = kCardH + 6;
// Deeds and piles are drawn smaller, beside the forest.
constexpr double kDeedW = 36;
constexpr double kDeedH = 50;
constexpr double kDeedPitch = kDeedW + 5;
constexpr int kDeedsPerRow = 8;

constexpr double kMargin = 10;
constexpr double kStatusH = 30;  // whose turn, along the top
constexpr double kLabelW = 18;   // row numbers west of the forest
constexpr double kLabelH = 18;   // column letters north of the forest
constexpr double kPanelGap = 24;
constexpr double kPanelW = kDeedsPerRow * kDeedPitch + 16;
constexpr double kPlayerHead = 24;  // a player's line of reeds and tokens
constexpr double kPilesH = 80;
constexpr double kLegendLineH = 20;

// Suits in card order (cards.hpp): clubs, diamonds, hearts, spades.
constexpr std::array<const char*, 4> kSuitSymbols = {"\u2663", "\u2666", "\u2665", "\u2660"};
constexpr std::array<const char*, 4> kSuitNames = {"Clubs", "Diamonds", "Hearts", "Spades"};
constexpr const char* kRed = "#c8102e";
constexpr const char* kBlack = "#111";
// The backs of the two decks ("black backs" and "green backs", cards.hpp):
// the back decides ties between setup discards, so a face-down card shows it.
constexpr std::array<const char*, 2> kBacks = {"#4a4a4a", "#1f5c3a"};
// The wild deeds are the green cards of the rule text's Terms.
constexpr const char* kWildFill = "#3f9b5f";
// The marks that set a deed apart: the setup discard chosen (Set Up 6), a
// deed drawn this turn (3. Harvest, for the redraw).
constexpr const char* kSetupDiscardMark = "#111";
constexpr const char* kDrawnMark = "#e08a00";

std::string suit_symbol(Card card) { return kSuitSymbols[static_cast<std::size_t>(suit_of(card))]; }
std::string index_text(Card card) { return rank_text(rank_of(card)) + suit_symbol(card); }

// "King of Hearts (KH)", "7 of Spades (7Sg, green-backed)", "wild Queen
// (wildQ)": a card's full name for tooltips, with the notation's name.
std::string card_name(Card card) {
  if (is_wild(card)) return fmt::format("wild {} ({})", rank_name(rank_of(card)), card_text(card));
  return fmt::format("{} of {} ({}{})", rank_name(rank_of(card)),
                     kSuitNames[static_cast<std::size_t>(suit_of(card))], card_text(card),
                     deck_of(card) == 1 ? ", green-backed" : "");
}

// Where things go; the canvas is sized from the forest, the players' hands
// and the legend, so the largest table (7x7, four players) stays readable.
struct Layout {
  double forest_x = kMargin + kLabelW;
  double forest_y = kStatusH + kLabelH;
  double panel_x = 0;
  std::vector<double> player_heights;
  double body_h = 0;
  double width = 0;
  double height = 0;

  double card_x(const Grid& grid, int cell) const { return forest_x + grid.column(cell) * kPitchX; }
  double card_y(const Grid& grid, int cell) const { return forest_y + grid.row(cell) * kPitchY; }
};

// The signs the picture uses, as board_legend() gives them for the text.
enum class Sign { Token, Disturbance, GreenBack, WildUsed, Drawn, SetupDiscard };
struct LegendEntry {
  Sign sign;
  const char* words;
};
constexpr std::array<LegendEntry, 6> kLegend = {{
    {Sign::Token, "token on a built card (face down)"},
    {Sign::Disturbance, "disturbance token"},
    {Sign::GreenBack, "green-backed deed"},
    {Sign::WildUsed, "wild deed used for a swap"},
    {Sign::Drawn, "deed drawn this turn"},
    {Sign::SetupDiscard, "setup discard chosen"},
}};
constexpr double kLegendIconW = 22;
// The legend's signs belong to nobody: grey, not a seat's colour.
constexpr const char* kLegendInk = "#7f7f7f";
// Text 12 units high is about 6.6 units per character.
double legend_entry_width(const LegendEntry& entry) {
  return kLegendIconW + 6.6 * static_cast<double>(std::string_view(entry.words).size()) + 16;
}
// The legend's entries, each with its line, wrapped to the canvas' width.
std::vector<int> legend_lines(double width) {
  std::vector<int> lines;
  double x = kMargin;
  int line = 0;
  for (const LegendEntry& entry : kLegend) {
    const double w = legend_entry_width(entry);
    if (x + w > width - kMargin && x > kMargin) {
      ++line;
      x = kMargin;
    }
    lines.push_back(line);
    x += w;
  }
  return lines;
}

Layout layout_for(const Grid& grid, const Position& position) {
  Layout layout;
  double panel_h = 0;
  for (const Player& player : position.players) {
    // A hand may hold more than the hand limit during a turn.
    const int deed_rows = std::max(1, (player.deeds.size() + kDeedsPerRow - 1) / kDeedsPerRow);
    layout.player_heights.push_back(kPlayerHead + deed_rows * (kDeedH + 6) + 10);
    panel_h += layout.player_heights.back();
  }
  panel_h += kPilesH;
  const double forest_w = grid.columns * kPitchX - (kPitchX - kCardW);
  const double forest_h = grid.rows * kPitchY - (kPitchY - kCardH);
  layout.panel_x = layout.forest_x + forest_w + kPanelGap;
  layout.body_h = std::max(kLabelH + forest_h, panel_h);
  layout.width = layout.panel_x + kPanelW + kMargin;
  const int legend_rows = legend_lines(layout.width).back() + 1;
  layout.height = kStatusH + layout.body_h + legend_rows * kLegendLineH + kMargin;
  return layout;
}

// The card shapes every card reuses (<use href="#k">), so that a card costs
// a few attributes rather than a whole rectangle: k a face-up forest card,
// b0/b1 a face-down one of each back, f the frame of a face card's picture,
// d a face-up deed, w a wild deed, e0/e1 a face-down deed of each back, n
// and m an empty place of each size.
void define_shapes(SvgWriter& svg) {
  auto shape = [&](const std::string& id, double w, double h, double rx, const char* fill,
                   const char* stroke) {
    svg.element(
        "rect",
        {{"id", id}, {"width", w}, {"height", h}, {"rx", rx}, {"fill", fill}, {"stroke", stroke}});
  };
  // A place without a card: a forest cell not dealt yet, an empty pile.
  auto empty = [&](const std::string& id, double w, double h) {
    svg.element("rect", {{"id", id},
                         {"width", w},
                         {"height", h},
                         {"rx", 4},
                         {"fill", "none"},
                         {"stroke", "#999"},
                         {"stroke-dasharray", "4 3"}});
  };
  svg.open("defs");
  shape("k", kCardW, kCardH, 5, "#fffdf6", "#888");
  shape("b0", kCardW, kCardH, 5, kBacks[0], "#222");
  shape("b1", kCardW, kCardH, 5, kBacks[1], "#222");
  shape("f", kCardW - 12, kCardH - 20, 3, "#f4e2a1", kRed);
  shape("d", kDeedW, kDeedH, 3, "#fff", "#888");
  shape("w", kDeedW, kDeedH, 3, kWildFill, "#1d5e34");
  shape("e0", kDeedW, kDeedH, 3, kBacks[0], "#222");
  shape("e1", kDeedW, kDeedH, 3, kBacks[1], "#222");
  empty("n", kCardW, kCardH);
  empty("m", kDeedW, kDeedH);
  svg.close();
}

// A card to hover: the shape `id` at (x, y) with its tooltip.
void card_shape(SvgWriter& svg, const std::string& id, double x, double y,
                const std::string& tooltip) {
  svg.open("use", {{"href", "#" + id}, {"x", x}, {"y", y}});
  svg.title(tooltip);
  svg.close();
}

// A player's token: a disc in the seat's colour with the seat written on it,
// so that colours need not be told apart.
void draw_token(SvgWriter& svg, double cx, double cy, double r, std::string_view colour,
                const std::string& label) {
  svg.element("circle", {{"cx", cx},
                         {"cy", cy},
                         {"r", r},
                         {"fill", colour},
                         {"stroke", "#fff"},
                         {"stroke-width", 2}});
  svg.text(cx, cy + r * 0.35, label, {{"fill", "#fff"}, {"font-size", r * 0.68}});
}

// A disturbance token: a ring in the seat's colour with "!" in it, as the
// text board writes 9D!P2; it sits in a corner so the card stays readable.
void draw_disturbance(SvgWriter& svg, double cx, double cy, double r, std::string_view colour) {
  svg.element("circle", {{"cx", cx},
                         {"cy", cy},
                         {"r", r},
                         {"fill", "#fff"},
                         {"stroke", colour},
                         {"stroke-width", 3.5}});
  svg.text(cx, cy + r * 0.55, "!", {{"fill", colour}, {"font-size", r * 1.5}});
}

// The dashed frame that sets a deed apart.
void deed_mark(SvgWriter& svg, double x, double y, const char* colour) {
  svg.element("rect", {{"x", x - 2},
                       {"y", y - 2},
                       {"width", kDeedW + 4},
                       {"height", kDeedH + 4},
                       {"rx", 4},
                       {"fill", "none"},
                       {"stroke", colour},
                       {"stroke-width", 2},
                       {"stroke-dasharray", "3 2"}});
}

// The marker put on a wild deed used for a swap (2. Swap).
void wild_marker(SvgWriter& svg, double cx, double cy) {
  svg.element("circle", {{"cx", cx}, {"cy", cy}, {"r", 5}, {"fill", "#111"}, {"stroke", "#fff"}});
}

// Whose turn: the summary's first words, as the text board's last line,
// after a disc in the colour of the seat that decides (or that won).
void draw_status(SvgWriter& svg, const BhRules& rules, const Position& position, Seat deciding) {
  std::string status = rules.summary_at(position);
  status = status.substr(0, status.find(';'));
  if (position.step == Step::Over) {
    constexpr std::array<const char*, 5> kHow = {"", " by a path across the forest",
                                                 " by tokens built",
                                                 " (most tokens: the piles ran out)", ""};
    status += kHow[static_cast<std::size_t>(position.won_by)];
  } else if (deciding != kNoSeat && deciding != position.turn && position.step >= Step::Build) {
    status += fmt::format(" (turn of {})", seat_label(position.turn));
  }
  double x = kMargin;
  if (deciding != kNoSeat) {
    svg.element("circle", {{"cx", x + 8}, {"cy", 16}, {"r", 8}, {"fill", seat_colour(deciding)}});
    x += 22;
  }
  svg.text(x, 21, status, {{"text-anchor", "start"}, {"font-size", 16}, {"font-weight", "bold"}});
}

// The coordinates, as the text board prints them: columns a.. north of the
// forest, rows 1.. (north to south) west of it.
void draw_coordinates(SvgWriter& svg, const Grid& grid, const Layout& layout) {
  svg.open("g", {{"font-size", 13}, {"fill", "#555"}});
  for (int column = 0; column < grid.columns; ++column) {
    svg.text(layout.forest_x + column * kPitchX + kCardW / 2, layout.forest_y - 5,
             std::string(1, static_cast<char>('a' + column)));
  }
  for (int row = 0; row < grid.rows; ++row) {
    svg.text(kMargin + kLabelW / 2 - 2, layout.forest_y + row * kPitchY + kCardH / 2 + 5,
             std::to_string(row + 1));
  }
  svg.close();
}

// The forest of cards (Terms): vacant cards face up; built cards face down
// under their owner's token; disturbed cards face up under a disturbance
// token (2. Swap); cells not dealt yet as empty places. Forest cards are all
// red; a Jack, Queen or King (which draws a deed when harvested, 3. Harvest)
// has a gold frame.
void draw_forest(SvgWriter& svg, const BhRules& rules, const Position& position,
                 const Layout& layout) {
  const Grid& grid = rules.grid();
  auto card = [&](int cell) -> const Cell& {
    return position.forest[static_cast<std::size_t>(cell)];
  };
  auto face_up = [&](int cell) {
    return card(cell).card != kNoCard && card(cell).state != CellState::Built;
  };

  // The cards, each with its tooltip.
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const Cell& c = card(cell);
    const double x = layout.card_x(grid, cell);
    const double y = layout.card_y(grid, cell);
    const std::string where = grid.cell_text(cell);
    if (c.card == kNoCard) {
      card_shape(svg, "n", x, y, where + ": not dealt yet");
      continue;
    }
    const std::string yield =
        is_face(c.card) ? "harvest draws a deed" : fmt::format("{} reeds", rules.reeds_for(c.card));
    const std::string who = c.who == kNoSeat ? "" : seat_label(c.who);
    if (c.state == CellState::Built) {
      card_shape(svg, fmt::format("b{}", deck_of(c.card)), x, y,
                 fmt::format("{}: {}, built by {} (face down)", where, card_name(c.card), who));
    } else if (c.state == CellState::Disturbed) {
      card_shape(svg, "k", x, y,
                 fmt::format("{}: {}, disturbed by {} (not vacant until cleared), {}", where,
                             card_name(c.card), who, yield));
    } else {
      card_shape(svg, "k", x, y,
                 fmt::format("{}: {}, vacant, {}", where, card_name(c.card), yield));
    }
  }

  svg.open("g", {{"pointer-events", "none"}});
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (face_up(cell) && is_face(card(cell).card)) {
      svg.element("use", {{"href", "#f"},
                          {"x", layout.card_x(grid, cell) + 6},
                          {"y", layout.card_y(grid, cell) + 10}});
    }
  }
  // The faces' signs, big in the middle so that they stay readable when the
  // page shrinks the picture: rank and suit, a face card's in its frame.
  svg.open("g", {{"fill", kRed}, {"font-size", 21}, {"font-weight", "bold"}});
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (face_up(cell)) {
      svg.text(layout.card_x(grid, cell) + kCardW / 2, layout.card_y(grid, cell) + 50,
               index_text(card(cell).card));
    }
  }
  svg.close();
  // What lies face down under a token, small and pale: the text board shows
  // it, and a designer wants to know.
  svg.open("g", {{"text-anchor", "start"}, {"font-size", 12}, {"fill", "#ccc"}});
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (card(cell).state == CellState::Built) {
      svg.text(layout.card_x(grid, cell) + 4, layout.card_y(grid, cell) + 15,
               index_text(card(cell).card));
    }
  }
  svg.close();
  // The tokens: per seat, discs in its colour, then the seats' names on them.
  for (Seat seat = 0; seat < rules.players(); ++seat) {
    if (position.tokens_of(seat, grid) == 0) continue;
    svg.open("g", {{"fill", seat_colour(seat)}, {"stroke", "#fff"}, {"stroke-width", 2}});
    for (int cell = 0; cell < grid.cells(); ++cell) {
      if (card(cell).state == CellState::Built && card(cell).who == seat) {
        svg.element("circle", {{"cx", layout.card_x(grid, cell) + kCardW / 2},
                               {"cy", layout.card_y(grid, cell) + kCardH / 2 + 4},
                               {"r", 17}});
      }
    }
    svg.close();
  }
  svg.open("g", {{"fill", "#fff"}, {"font-size", 11.5}});
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (card(cell).state == CellState::Built) {
      svg.text(layout.card_x(grid, cell) + kCardW / 2, layout.card_y(grid, cell) + kCardH / 2 + 8,
               seat_label(card(cell).who));
    }
  }
  svg.close();
  for (int cell = 0; cell < grid.cells(); ++cell) {
    if (card(cell).state == CellState::Disturbed) {
      draw_disturbance(svg, layout.card_x(grid, cell) + kCardW - 12,
                       layout.card_y(grid, cell) + kCardH - 12, 9, seat_colour(card(cell).who));
    }
  }
  svg.close();

  // The winning path, when the game was won by one (Goal).
  if (position.step == Step::Over && position.won_by == WinKind::Path &&
      position.winner != kNoSeat) {
    if (const auto path = rules.winning_path(position, position.winner)) {
      svg.open("g",
               {{"fill", "none"}, {"stroke", seat_colour(position.winner)}, {"stroke-width", 4}});
      svg.title(seat_label(position.winner) + "'s winning path");
      for (const int cell : *path) {
        svg.element("rect", {{"x", layout.card_x(grid, cell) - 3},
                             {"y", layout.card_y(grid, cell) - 3},
                             {"width", kCardW + 6},
                             {"height", kCardH + 6},
                             {"rx", 7}});
      }
      svg.close();
    }
  }
}

// One deed in a player's hand at (x, y): face up as the card (a wild deed
// green, "wild" and its letter), face down as its back with its name small
// and pale (the others see only the back; the designer sees the name).
void draw_deed(SvgWriter& svg, const BhRules& rules, const Position& position, Card card,
               bool face_up, double x, double y) {
  const int uses =
      is_wild(card) ? position.wild_swaps[static_cast<std::size_t>(wild_index(card))] : 0;
  std::string tip = card_name(card);
  tip += face_up ? ", face up" : ", face down";
  if (is_wild(card)) tip += "; matches any forest card";
  if (uses > 0) {
    tip += fmt::format("; marked: used for {} of {} swaps", uses, rules.settings().wild_swap_uses);
  }
  if (position.setup_discards.has(card)) tip += "; chosen as the setup discard (not revealed)";
  if (position.redraw_offer == card) tip += "; just drawn: may be redrawn";
  if (position.drawn.has(card) && position.redraw_offer != card) tip += "; drawn this turn";

  const std::string shape =
      !face_up ? fmt::format("e{}", deck_of(card)) : (is_wild(card) ? "w" : "d");
  // The deed's group holds its tooltip, so hovering its signs shows it too.
  // Deeds are black cards or wild deeds; the player's group makes text bold.
  svg.open("g");
  svg.title(tip);
  svg.element("use", {{"href", "#" + shape}, {"x", x}, {"y", y}});
  if (!face_up) {
    svg.text(x + kDeedW / 2, y + 30, card_text(card),
             {{"fill", "#ccc"}, {"font-size", 10}, {"font-weight", "normal"}});
  } else if (is_wild(card)) {
    svg.text(x + kDeedW / 2, y + 14, "wild", {{"fill", "#fff"}, {"font-size", 10}});
    svg.text(x + kDeedW / 2, y + 38, rank_text(rank_of(card)),
             {{"fill", "#fff"}, {"font-size", 20}});
  } else {
    svg.text(x + kDeedW / 2, y + 21, rank_text(rank_of(card)), {{"font-size", 16}});
    svg.text(x + kDeedW / 2, y + 42, suit_symbol(card), {{"font-size", 18}});
    if (deck_of(card) == 1) {
      svg.element("circle", {{"cx", x + 6}, {"cy", y + kDeedH - 6}, {"r", 3}, {"fill", kBacks[1]}});
    }
  }
  if (uses > 0) wild_marker(svg, x + kDeedW - 7, y + kDeedH - 7);
  if (position.setup_discards.has(card)) deed_mark(svg, x, y, kSetupDiscardMark);
  if (position.drawn.has(card)) deed_mark(svg, x, y, kDrawnMark);
  svg.close();
}

// The players: reeds and tokens on the board out of the supply (as the text
// board gives them), and the deeds, face up and then face down as the text
// board lists them. The seat that decides is framed in its colour.
double draw_players(SvgWriter& svg, const BhRules& rules, const Position& position,
                    const Layout& layout, Seat deciding) {
  const Grid& grid = rules.grid();
  const double x0 = layout.panel_x;
  double y = layout.forest_y - kLabelH;
  for (Seat seat = 0; seat < rules.players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    const double block_h = layout.player_heights[static_cast<std::size_t>(seat)];
    const bool active = seat == deciding;
    const int tokens = position.tokens_of(seat, grid);
    const CardSet down = player.deeds.without(player.face_up);

    std::string tip = fmt::format(
        "{}: {} reeds, {} of {} tokens built, {} deeds face up, {} face "
        "down",
        seat_label(seat), player.reeds, tokens, rules.settings().tokens_per_player,
        player.face_up.size(), down.size());
    for (int cell = 0; cell < grid.cells(); ++cell) {
      const Cell& c = position.forest[static_cast<std::size_t>(cell)];
      if (c.state == CellState::Disturbed && c.who == seat) {
        tip += "; disturbance token on " + grid.cell_text(cell);
      }
    }
    if (seat == position.starter) tip += "; the starting player";
    svg.open("rect", {{"x", x0},
                      {"y", y},
                      {"width", kPanelW},
                      {"height", block_h - 6},
                      {"rx", 6},
                      {"fill", active ? "#fff" : "#f7f9f5"},
                      {"stroke", active ? seat_colour(seat) : "#bbb"},
                      {"stroke-width", active ? 3 : 1}});
    svg.title(tip);
    svg.close();
    svg.open("g", {{"pointer-events", "none"}});
    draw_token(svg, x0 + 16, y + 16, 12, seat_colour(seat), seat_label(seat));
    std::string head = fmt::format("{} reeds \u00b7 {}/{} tokens", player.reeds, tokens,
                                   rules.settings().tokens_per_player);
    if (seat == position.starter) head += " \u00b7 starting player";
    svg.text(x0 + 33, y + 21, head, {{"text-anchor", "start"}, {"font-size", 13}});
    if (player.deeds.empty()) {
      svg.text(x0 + 12, y + kPlayerHead + 30, "no deeds",
               {{"text-anchor", "start"}, {"fill", "#888"}, {"font-size", 13}});
    }
    svg.close();

    svg.open("g", {{"font-weight", "bold"}});
    int index = 0;
    auto deed = [&](Card card, bool face_up) {
      draw_deed(svg, rules, position, card, face_up, x0 + 8 + (index % kDeedsPerRow) * kDeedPitch,
                y + kPlayerHead + 4 + (index / kDeedsPerRow) * (kDeedH + 6));
      ++index;
    };
    player.face_up.for_each([&](Card card) { deed(card, true); });
    down.for_each([&](Card card) { deed(card, false); });
    svg.close();
    y += block_h;
  }
  return y;
}

// The piles below the players: the draw pile and the discard pile, both face
// down (Set Up 6), and the box, the forest cards a smaller forest has no
// room for (out of the game); their counts as the text board gives them.
void draw_piles(SvgWriter& svg, const Position& position, double x, double y) {
  struct Pile {
    const char* name;
    const CardSet* cards;
    const char* what;
  };
  const std::array<Pile, 3> piles = {{
      {"draw pile", &position.draw_pile, "face down"},
      {"discard pile", &position.discard_pile, "face down"},
      {"box", &position.box, "out of the game"},
  }};
  for (const Pile& pile : piles) {
    const bool box = pile.cards == &position.box;
    if (box && pile.cards->empty()) continue;
    const int count = pile.cards->size();
    const std::string tip = fmt::format("{}: {} cards, {}{}{}", pile.name, count, pile.what,
                                        count > 0 ? ": " : "", cards_text(*pile.cards));
    if (count == 0) {
      card_shape(svg, "m", x, y, tip);
    } else {
      // A stack: one card behind the top one when there are several. The
      // box's red cards are set aside face up; the piles show their backs.
      const std::string shape = box ? "d" : "e0";
      if (count > 1) svg.element("use", {{"href", "#" + shape}, {"x", x + 3}, {"y", y + 3}});
      card_shape(svg, shape, x, y, tip);
    }
    svg.open("g", {{"pointer-events", "none"}});
    svg.text(x + kDeedW / 2 + 1, y + 32, std::to_string(count),
             {{"font-size", 15},
              {"font-weight", "bold"},
              {"fill", count == 0 || box ? "#555" : "#fff"}});
    svg.text(x + kDeedW / 2, y + kDeedH + 18, pile.name, {{"font-size", 12}});
    svg.close();
    x += 96;
  }
}

void draw_legend(SvgWriter& svg, const Layout& layout) {
  const std::vector<int> lines = legend_lines(layout.width);
  double x = kMargin;
  int line = 0;
  for (std::size_t i = 0; i < kLegend.size(); ++i) {
    if (lines[i] != line) {
      line = lines[i];
      x = kMargin;
    }
    const double y = kStatusH + layout.body_h + 14 + line * kLegendLineH;
    const double cx = x + 9;
    const double cy = y - 4;
    switch (kLegend[i].sign) {
      case Sign::Token:
        draw_token(svg, cx, cy, 9, kLegendInk, "P");
        break;
      case Sign::Disturbance:
        draw_disturbance(svg, cx, cy, 7, kLegendInk);
        break;
      case Sign::GreenBack:
        svg.element("circle", {{"cx", cx}, {"cy", cy}, {"r", 3}, {"fill", kBacks[1]}});
        break;
      case Sign::WildUsed:
        wild_marker(svg, cx, cy);
        break;
      case Sign::Drawn:
      case Sign::SetupDiscard:
        svg.element("rect",
                    {{"x", cx - 6},
                     {"y", cy - 8},
                     {"width", 12},
                     {"height", 16},
                     {"rx", 2},
                     {"fill", "none"},
                     {"stroke", kLegend[i].sign == Sign::Drawn ? kDrawnMark : kSetupDiscardMark},
                     {"stroke-width", 2},
                     {"stroke-dasharray", "3 2"}});
        break;
    }
    svg.text(x + kLegendIconW, y, kLegend[i].words,
             {{"text-anchor", "start"}, {"font-size", 12}, {"fill", "#333"}});
    x += legend_entry_width(kLegend[i]);
  }
}

}  // namespace

std::string BhRules::board_svg_at(const Position& position) const {
  const Layout layout = layout_for(grid(), position);
  SvgWriter svg(layout.width, layout.height);
  define_shapes(svg);
  svg.element("rect", {{"width", layout.width}, {"height", layout.height}, {"fill", "#eef3ea"}});
  // Most text is centred on what it labels; the rest says text-anchor start.
  svg.open("g", {{"text-anchor", "middle"}});

  // The seat whose decision it is, as the summary names it (none while
  // cards are dealt), or the winner.
  const Node here = node_at(position);
  const Seat deciding = position.step == Step::Over       ? position.winner
                        : here.kind == NodeKind::Decision ? here.actor
                                                          : kNoSeat;
  draw_status(svg, *this, position, deciding);
  draw_coordinates(svg, grid(), layout);
  draw_forest(svg, *this, position, layout);
  const double piles_y = draw_players(svg, *this, position, layout, deciding);
  draw_piles(svg, position, layout.panel_x + 8, piles_y + 4);
  draw_legend(svg, layout);
  return svg.finish();
}

}  // namespace grove::bamboo_harvest
