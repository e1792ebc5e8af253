// The table drawn as a picture for grove view (Rules::board_svg). Along the
// top: the deck, the winter cards revealed, the box and the clearing; then a
// panel per player, framed in the seat's colour: the cave, the hand and the
// forest, its trees in rows in the order played, each tree with its four
// slots around it as on the table (forest_shuffle_rulebook.md, "Trees"). A
// card is framed and tinted in the colour of the tree symbol it shows, as the
// printed cards are (the reference's tree_symbol_card_colours), so a bonus
// payment or a Roe Deer's symbols can be seen at a glance. The view is for
// designers, so hands and the card under a sapling are shown, as the text
// board shows them; every card's tooltip gives the whole card.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>

#include "engine/core/svg.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::forest_shuffle {
namespace {

// Sizes in user units. A slot holds a card's visible half: room for a
// species name on two lines. Five trees to a row fit in about 1,000 units.
constexpr double kMargin = 10;
constexpr double kSlotW = 60;
constexpr double kSlotH = 22;
constexpr double kSlotGap = 2;
constexpr double kTreeW = 3 * kSlotW + 2 * kSlotGap;  // left slot, tree, right slot
constexpr double kTreeH = 3 * kSlotH + 2 * kSlotGap;  // top slot, tree, bottom slot
constexpr double kTreeGapX = 8;
constexpr double kTreeGapY = 6;
// A whole card in a hand or the clearing: one line per half.
constexpr double kChipW = 72;
constexpr double kChipH = 26;
constexpr double kChipGap = 3;
constexpr double kFont = 8;
constexpr double kLine = 8.5;
// The deck, the winter cards and the box take the top left corner; the
// clearing and what comes next run from kClearingX to the right edge.
constexpr double kClearingX = 150;
constexpr double kHeader = 84;
// A player's first row: the seat and its counts, the cave, then the hand
// from kHandX.
constexpr double kCaveX = 112;
constexpr double kCaveW = 40;
constexpr double kHandX = kCaveX + kCaveW + 6;
// Trees per row at least; more when the forests are long, so that the
// picture stays wider than it is tall and the page's scaling keeps it
// readable.
constexpr int kMinColumns = 5;

// The frame colour of the cards showing each tree symbol, by species id
// (shared/reference/forest_shuffle, tree_symbol_card_colours).
constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kSymbolColours = {{
    {"sycamore", "#c62828"},
    {"birch", "#8bc34a"},
    {"beech", "#1b6e20"},
    {"douglas_fir", "#6fa8c8"},
    {"oak", "#8d5a2b"},
    {"horse_chestnut", "#ef7d00"},
    {"linden", "#e0bc00"},
    {"silver_fir", "#1a3a8a"},
}};
constexpr std::string_view kNoSymbolColour = "#888888";

// The type symbols in the rule text's words.
constexpr std::array<std::string_view, kTypeCount> kTypeWords = {
    "tree", "bird",      "bat",   "butterfly", "insect", "pawed animal", "cloven-hoofed animal",
    "deer", "amphibian", "plant", "mushroom"};

std::string_view symbol_colour(const CardBook& book, SpeciesId symbol) {
  if (symbol == kNoSpecies) return kNoSymbolColour;
  for (const auto& [id, colour] : kSymbolColours) {
    if (id == book.species_of(symbol).id) return colour;
  }
  return kNoSymbolColour;
}

// The colour mixed with white, `strength` of it: a card's tint, light enough
// for dark text on every symbol colour.
std::string tint(std::string_view colour, double strength) {
  std::string out = "#";
  for (std::size_t at = 1; at + 1 < colour.size(); at += 2) {
    const int channel = std::stoi(std::string(colour.substr(at, 2)), nullptr, 16);
    const int mixed = static_cast<int>(255 - (255 - channel) * strength + 0.5);
    out += fmt::format("{:02x}", mixed);
  }
  return out;
}

std::string types_words(Types types) {
  std::vector<std::string> words;
  for (int bit = 0; bit < kTypeCount; ++bit) {
    if ((types >> bit & 1) != 0) words.emplace_back(kTypeWords[static_cast<std::size_t>(bit)]);
  }
  return join(words, " and ");
}

// "Roe Deer (cloven-hoofed animal and deer, Beech symbol, cost 2)": a half as
// its card shows it.
std::string half_text(const CardBook& book, const Half& half) {
  const Species& species = book.species_of(half.species);
  const std::string symbol =
      half.symbol == kNoSpecies ? "no tree symbol" : book.species_of(half.symbol).name + " symbol";
  return fmt::format("{} ({}, {}, cost {})", species.name, types_words(species.types), symbol,
                     species.cost);
}

// The whole card, for a tooltip: "LR07: left Raccoon (...) | right Roe Deer
// (...)", or "Oak (tree, Oak symbol, cost 2)".
std::string card_tooltip(const CardBook& book, CardId id) {
  const Card& card = book.card(id);
  if (card.tree) return half_text(book, card.halves[0]);
  std::vector<std::string> halves;
  for (int s = 0; s < kSides; ++s) {
    const Side side = static_cast<Side>(s);
    if (card.has_side(side)) {
      halves.push_back(fmt::format("{} {}", side_name(side), half_text(book, card.half(side))));
    }
  }
  return fmt::format("{}: {}", card.code, join(halves, " | "));
}

// A name on at most two lines of about `chars` characters, broken at the
// space that makes the longer line shortest.
std::vector<std::string> lines_of(const std::string& name, std::size_t chars) {
  if (name.size() <= chars) return {name};
  std::size_t best = std::string::npos;
  std::size_t longest = name.size();
  for (std::size_t at = name.find(' '); at != std::string::npos; at = name.find(' ', at + 1)) {
    const std::size_t longer = std::max(at, name.size() - at - 1);
    if (longer < longest) {
      longest = longer;
      best = at;
    }
  }
  if (best == std::string::npos) return {name};
  return {name.substr(0, best), name.substr(best + 1)};
}

// Text centred at x, squeezed to `width` when the font would run over it.
void fitted_text(SvgWriter& svg, double x, double y, const std::string& text, double width,
                 double font, SvgAttributes attributes = {}) {
  if (static_cast<double>(text.size()) * font * 0.55 > width) {
    attributes.push_back({"textLength", width});
    attributes.push_back({"lengthAdjust", "spacingAndGlyphs"});
  }
  svg.text(x, y, text, attributes);
}

// A name in a box w × h at (x, y), on one or two lines.
void boxed_name(SvgWriter& svg, double x, double y, double w, double h, const std::string& name) {
  const auto lines = lines_of(name, static_cast<std::size_t>(w / (kFont * 0.55)));
  const double first = y + h / 2 - (static_cast<double>(lines.size()) - 1) * kLine / 2 + 3;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    fitted_text(svg, x + w / 2, first + static_cast<double>(i) * kLine, lines[i], w - 4, kFont);
  }
}

// A number as short as it can be written (to a hundredth): pictures are
// embedded once per move, so every byte counts many times over.
std::string short_number(double number) {
  return fmt::format("{:g}", std::round(number * 100) / 100);
}

// A w × h box at (x, y) as path data: a third of a <rect>'s length.
std::string box(double x, double y, double w, double h) {
  return fmt::format("M{} {}h{}v{}h{}z", short_number(x), short_number(y), short_number(w),
                     short_number(h), short_number(-w));
}

// How the table is laid out for a number of trees per row.
struct Layout {
  int columns = kMinColumns;
  double width = 0;
  double header = 0;  // the deck, winter cards, box, clearing and the next line
  int hand_per_row = 1;
  int clearing_per_row = 1;
  std::vector<double> panel_top;  // by seat, and the bottom of the last panel at the end
};

int rows_for(std::size_t items, int per_row) {
  const auto per = static_cast<std::size_t>(per_row);
  return static_cast<int>((items + per - 1) / per);
}

// The height of a player's first row: the seat's heading and the hand.
double first_row(const Player& player, const Layout& layout) {
  return std::max(28.0, rows_for(player.hand.size(), layout.hand_per_row) * (kChipH + kChipGap));
}

Layout layout_for(const Position& position, int columns) {
  Layout layout;
  layout.columns = columns;
  layout.width = 2 * kMargin + 8 + columns * kTreeW + (columns - 1) * kTreeGapX;
  layout.hand_per_row = std::max(
      1, static_cast<int>((layout.width - kMargin - 4 - kHandX + kChipGap) / (kChipW + kChipGap)));
  layout.clearing_per_row = std::max(
      1, static_cast<int>((layout.width - kMargin - kClearingX + kChipGap) / (kChipW + kChipGap)));
  const int clearing_rows =
      std::max(1, rows_for(position.clearing.size(), layout.clearing_per_row));
  layout.header = kHeader + (clearing_rows - 1) * (kChipH + kChipGap);
  double y = layout.header;
  for (const Player& player : position.players) {
    layout.panel_top.push_back(y);
    const int tree_rows = rows_for(player.forest.size(), columns);
    y += first_row(player, layout) + 4 + (tree_rows == 0 ? 24 : tree_rows * (kTreeH + kTreeGapY)) +
         8;
  }
  layout.panel_top.push_back(y);
  return layout;
}

// The trees per row that let the picture be drawn largest in a page of
// about 1,000 × 700: long forests wrap into more rows, or widen the rows
// when the players' panels would run too tall.
Layout choose_layout(const Position& position) {
  std::size_t longest = 0;
  for (const Player& player : position.players) longest = std::max(longest, player.forest.size());
  const auto scale = [](const Layout& layout) {
    return std::min(1000 / layout.width, 700 / (layout.panel_top.back() + kMargin / 2));
  };
  Layout best = layout_for(position, kMinColumns);
  for (int columns = kMinColumns + 1; static_cast<std::size_t>(columns) <= longest; ++columns) {
    Layout wider = layout_for(position, columns);
    if (scale(wider) > scale(best)) best = std::move(wider);
  }
  return best;
}

class TableDrawing {
 public:
  TableDrawing(const CardBook& book, const Position& position, const Layout& layout, SvgWriter& svg)
      : book_(book), position_(position), layout_(layout), svg_(svg) {}

  void header(const std::string& next) {
    deck_and_winter();
    clearing();
    fitted_text(svg_, kClearingX, layout_.header - 10, next, layout_.width - kClearingX - kMargin,
                10, {{"font-size", 10}, {"fill", "#333"}});
  }

  void panel(Seat seat, const std::vector<int>& scores) {
    const Player& player = position_.player(seat);
    const double top = layout_.panel_top[static_cast<std::size_t>(seat)];
    const double bottom = layout_.panel_top[static_cast<std::size_t>(seat) + 1] - 4;
    const std::string colour(seat_colour(seat));
    const bool to_play = seat == position_.turn && !position_.over;
    svg_.open("g", {{"class", "player"}});
    svg_.element("rect", {{"class", "forest"},
                          {"x", kMargin / 2},
                          {"y", top},
                          {"width", layout_.width - kMargin},
                          {"height", bottom - top},
                          {"rx", 6},
                          {"fill", tint(colour, 0.07)},
                          {"stroke", colour},
                          {"stroke-width", to_play ? 3 : 1.5}});
    heading(seat, top, scores);
    cave(player, top + 2);
    hand(player, top + 2);
    forest(player, top + first_row(player, layout_) + 4);
    svg_.close();
  }

 private:
  void deck_and_winter() {
    const double y = kMargin;
    svg_.open("g", {{"class", "deck"}, {"text-anchor", "middle"}, {"fill", "#fff"}});
    svg_.title(
        fmt::format("The deck: {}, {} of them above the winter pile; winter cards still in it: {}",
                    cards_word(position_.deck_size()), position_.deck_top,
                    position_.winter_on_top + position_.winter_shuffled));
    svg_.element(
        "rect",
        {{"x", kMargin}, {"y", y}, {"width", 40}, {"height", 54}, {"rx", 4}, {"fill", "#35532a"}});
    svg_.text(kMargin + 20, y + 13, "deck", {{"font-size", 9}});
    svg_.text(kMargin + 20, y + 38, std::to_string(position_.deck_size()), {{"font-size", 15}});
    svg_.close();

    // The winter cards set aside as they are revealed; the last ends the
    // game at once (forest_shuffle_rulebook.md, "Winter Cards").
    svg_.open("g", {{"class", "winter"}, {"font-size", 9}, {"text-anchor", "middle"}});
    svg_.title(fmt::format("Winter cards revealed: {} of {}; the last one ends the game",
                           position_.winter_revealed, book_.winter_cards));
    const double x0 = kMargin + 48;
    for (int i = 0; i < book_.winter_cards; ++i) {
      const double x = x0 + i * 21;
      if (i < position_.winter_revealed) {
        svg_.element("rect", {{"class", "revealed"},
                              {"x", x},
                              {"y", y + 8},
                              {"width", 17},
                              {"height", 34},
                              {"rx", 2},
                              {"fill", "#d7ecfb"},
                              {"stroke", "#4a86c5"}});
        svg_.text(x + 8.5, y + 29, "\u2744", {{"fill", "#4a86c5"}, {"font-size", 11}});
      } else {
        svg_.element("rect", {{"x", x},
                              {"y", y + 8},
                              {"width", 17},
                              {"height", 34},
                              {"rx", 2},
                              {"fill", "none"},
                              {"stroke", "#aaa"},
                              {"stroke-dasharray", "3 2"}});
      }
    }
    svg_.text(x0 + book_.winter_cards * 10.5 - 2, y + 54,
              fmt::format("winter {}/{}", position_.winter_revealed, book_.winter_cards));
    svg_.close();

    svg_.open("g", {{"class", "box"}});
    svg_.title(
        "The box: cards seen and put away (emptied clearings), and cards put away unseen at "
        "set-up");
    svg_.text(kMargin, y + 68,
              fmt::format("box: {} seen, {} unseen", position_.box.size(), position_.box_unseen),
              {{"font-size", 8.5}, {"fill", "#555"}});
    svg_.close();
  }

  void clearing() {
    svg_.open("g", {{"class", "clearing"}});
    svg_.title("The clearing: cards paid and turned over, face up for anyone to take");
    svg_.text(kClearingX, kMargin + 9, fmt::format("Clearing ({})", position_.clearing.size()),
              {{"font-size", 10}, {"font-weight", "bold"}});
    if (position_.clearing.empty()) {
      svg_.text(kClearingX, kMargin + 30, "empty", {{"font-size", 9}, {"fill", "#777"}});
    }
    chips(position_.clearing, kClearingX, kMargin + 14, layout_.clearing_per_row);
    svg_.close();
  }

  // Whole cards in a row that wraps: a tree card in one colour, a split card
  // as its two halves (top or left first), each in its tree symbol's colour.
  void chips(const std::vector<CardId>& cards, double x0, double y0, int per_row) {
    if (cards.empty()) return;
    svg_.open("g", {{"font-size", kFont}, {"text-anchor", "middle"}});
    const auto per = static_cast<std::size_t>(per_row);
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const double x = x0 + static_cast<double>(i % per) * (kChipW + kChipGap);
      const double y = y0 + static_cast<double>(i / per) * (kChipH + kChipGap);
      const Card& card = book_.card(cards[i]);
      svg_.open("g");
      svg_.title(card_tooltip(book_, cards[i]));
      std::vector<const Half*> halves;
      for (const Half& half : card.halves) {
        if (half.species != kNoSpecies) halves.push_back(&half);
      }
      const double h = kChipH / static_cast<double>(halves.size());
      for (std::size_t k = 0; k < halves.size(); ++k) {
        const std::string_view colour = symbol_colour(book_, halves[k]->symbol);
        const double hy = y + static_cast<double>(k) * h;
        svg_.element("path", {{"d", box(x, hy, kChipW, h)},
                              {"fill", tint(colour, card.tree ? 0.5 : 0.3)},
                              {"stroke", colour}});
        fitted_text(svg_, x + kChipW / 2, hy + h / 2 + 3, book_.species_of(halves[k]->species).name,
                    kChipW - 4, kFont);
      }
      svg_.close();
    }
    svg_.close();
  }

  // The seat, whether it is to play (or its score once the game is over),
  // and its counts.
  void heading(Seat seat, double top, const std::vector<int>& scores) {
    const Player& player = position_.player(seat);
    std::string status;
    if (position_.over) {
      status = fmt::format("{} points", scores[static_cast<std::size_t>(seat)]);
    } else if (seat == position_.turn) {
      status = position_.extra_turns > 0 ? fmt::format("to play, +{} turn{}", position_.extra_turns,
                                                       position_.extra_turns == 1 ? "" : "s")
                                         : "to play";
    }
    svg_.open("g", {{"class", "seat"}});
    svg_.title(fmt::format(
        "{}: hand {}, {}, cave {}{}{}", seat_label(seat), player.hand.size(),
        fmt::format("{} tree{}", player.forest.size(), player.forest.size() == 1 ? "" : "s"),
        player.cave.size(),
        player.mulliganed.empty()
            ? ""
            : fmt::format("; took a mulligan ({} cards back in the box)", player.mulliganed.size()),
        status.empty() ? "" : "; " + status));
    svg_.text(kMargin + 4, top + 15, seat_label(seat),
              {{"font-size", 13}, {"font-weight", "bold"}, {"fill", seat_colour(seat)}});
    if (!status.empty()) {
      fitted_text(svg_, kMargin + 30, top + 14, status, kCaveX - kMargin - 34, 10,
                  {{"font-size", 10}, {"font-weight", "bold"}});
    }
    std::string counts = fmt::format("hand {} \u00b7 {} tree{}", player.hand.size(),
                                     player.forest.size(), player.forest.size() == 1 ? "" : "s");
    svg_.text(kMargin + 4, top + 26, counts, {{"font-size", 8}, {"fill", "#555"}});
    svg_.close();
  }

  // The cave: the cards under it lie face down, a point each at the end
  // (forest_shuffle_rulebook.md, "Scoring"), so only their number shows.
  void cave(const Player& player, double y) {
    svg_.open("g", {{"class", "cave"}, {"text-anchor", "middle"}, {"fill", "#fff"}});
    svg_.title(
        fmt::format("The cave: {} under it", cards_word(static_cast<int>(player.cave.size()))));
    svg_.element("rect", {{"x", kCaveX},
                          {"y", y},
                          {"width", kCaveW},
                          {"height", kChipH},
                          {"rx", 8},
                          {"fill", "#5d4a3a"}});
    svg_.text(kCaveX + kCaveW / 2, y + 10, "cave", {{"font-size", 7.5}});
    svg_.text(kCaveX + kCaveW / 2, y + 22, std::to_string(player.cave.size()), {{"font-size", 11}});
    svg_.close();
  }

  // The hand, and after it what else the player keeps: the mushrooms
  // placed this turn, which draw only from the next (forest_shuffle_
  // rulebook.md, "Mushrooms").
  void hand(const Player& player, double y) {
    svg_.open("g", {{"class", "hand"}});
    svg_.title(fmt::format("Hand: {}", cards_word(static_cast<int>(player.hand.size()))));
    if (player.hand.empty()) {
      svg_.text(kHandX, y + 17, "hand empty", {{"font-size", 9}, {"fill", "#777"}});
    }
    chips(player.hand, kHandX, y, layout_.hand_per_row);
    svg_.close();
    if (!player.dormant.empty()) {
      std::vector<std::string> names;
      for (SpeciesId species : player.dormant) names.push_back(book_.species_of(species).name);
      const auto last_row = player.hand.size() % static_cast<std::size_t>(layout_.hand_per_row);
      const double x =
          kHandX + static_cast<double>(player.hand.empty() ? 2 : last_row) * (kChipW + kChipGap);
      const double right = layout_.width - kMargin - 4;
      const std::string text = "waking next turn: " + join(names, ", ");
      const double row_y = y + std::max(0, rows_for(player.hand.size(), layout_.hand_per_row) - 1) *
                                   (kChipH + kChipGap);
      if (last_row != 0 || player.hand.empty()) {
        fitted_text(svg_, x + 2, row_y + 16, text, right - x - 2, 8,
                    {{"font-size", 8}, {"fill", "#555"}});
      }
    }
  }

  // The trees in rows, in the order played. The outlines of the empty
  // slots and the trees' numbers are drawn once for the whole forest (one
  // path, one group): they are most of a young forest, and alike.
  void forest(const Player& player, double y0) {
    if (player.forest.empty()) {
      svg_.text(kMargin + 8, y0 + 14, "no trees yet", {{"font-size", 9}, {"fill", "#777"}});
      return;
    }
    const auto columns = static_cast<std::size_t>(layout_.columns);
    const auto place = [&](std::size_t index) {
      return std::pair{kMargin + 4 + static_cast<double>(index % columns) * (kTreeW + kTreeGapX),
                       y0 + static_cast<double>(index / columns) * (kTreeH + kTreeGapY)};
    };
    svg_.open("g", {{"font-size", kFont}, {"text-anchor", "middle"}, {"stroke-width", 1.2}});
    std::string outlines;
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const auto [x, y] = place(index);
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        if (!player.forest[index].slot(side).empty()) continue;
        const auto [sx, sy] = slot_at(side);
        outlines += box(x + sx, y + sy, kSlotW, kSlotH);
      }
    }
    if (!outlines.empty()) {
      svg_.element("path", {{"class", "empty"},
                            {"d", outlines},
                            {"fill", "none"},
                            {"stroke", "#bbb"},
                            {"stroke-dasharray", "3 2"}});
    }
    // The tree's number as the notation counts it, in the cross's empty
    // corner; "full" when a card is on each side (forest_shuffle_rulebook.md,
    // "Trees"), which some species score.
    svg_.open("g", {{"fill", "#555"}, {"text-anchor", "start"}});
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const auto [x, y] = place(index);
      svg_.text(x + 1, y + 9, fmt::format("tree {}", index + 1));
      if (player.forest[index].fully_occupied()) {
        svg_.text(x + 1, y + kTreeH - 3, "full");
      }
    }
    svg_.close();
    saplings(player, place);
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const auto [x, y] = place(index);
      const Tree& at = player.forest[index];
      if (!at.sapling) tree(at, index, x, y);
      for (int s = 0; s < kSides; ++s) slot(at, index, static_cast<Side>(s), x, y);
    }
    svg_.close();
  }

  // Where a slot lies in a tree's cross: top above, bottom below, left and
  // right beside the tree card in the middle.
  static std::pair<double, double> slot_at(Side side) {
    constexpr double kStep = kSlotW + kSlotGap;
    constexpr double kRow = kSlotH + kSlotGap;
    switch (side) {
      case Side::Top:
        return {kStep, 0};
      case Side::Bottom:
        return {kStep, 2 * kRow};
      case Side::Left:
        return {0, kRow};
      case Side::Right:
        return {2 * kStep, kRow};
    }
    return {0, 0};
  }

  // A tree card and the cards in its slots; its tooltip is the tree card's.
  void tree(const Tree& tree, std::size_t index, double x, double y) {
    const double cx = x + kSlotW + kSlotGap;
    const double cy = y + kSlotH + kSlotGap;
    const Half& half = book_.card(tree.card).halves[0];
    const std::string_view colour = symbol_colour(book_, half.symbol);
    svg_.open("g", {{"class", "tree"}, {"font-weight", "bold"}});
    svg_.title(fmt::format("tree {}: {}", index + 1, card_tooltip(book_, tree.card)));
    svg_.element("path", {{"d", box(cx, cy, kSlotW, kSlotH)},
                          {"fill", tint(colour, 0.55)},
                          {"stroke", colour},
                          {"stroke-width", 2}});
    boxed_name(svg_, cx, cy, kSlotW, kSlotH, book_.species_of(half.species).name);
    svg_.close();
  }

  // The saplings: cards face down, of no tree species (forest_shuffle_
  // rulebook.md, "Tree Sapling"), all alike, so drawn in one group; which
  // card each is shows in its tooltip only. Their word lets the pointer
  // through to the card's tooltip.
  void saplings(const Player& player,
                const std::function<std::pair<double, double>(std::size_t)>& place) {
    std::vector<std::size_t> found;
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      if (player.forest[index].sapling) found.push_back(index);
    }
    if (found.empty()) return;
    svg_.open("g", {{"fill", "#b9a27c"}, {"stroke", "#6b5a3c"}});
    for (std::size_t index : found) {
      const auto [x, y] = place(index);
      svg_.open("path", {{"class", "tree sapling"},
                         {"d", box(x + kSlotW + kSlotGap, y + kSlotH + kSlotGap, kSlotW, kSlotH)}});
      svg_.title(fmt::format("tree {}: a sapling, {} face down (no tree species)", index + 1,
                             book_.card_name(player.forest[index].card)));
      svg_.close();
    }
    svg_.close();
    svg_.open("g", {{"font-style", "italic"}, {"fill", "#3b2f1c"}, {"pointer-events", "none"}});
    for (std::size_t index : found) {
      const auto [x, y] = place(index);
      svg_.text(x + 1.5 * kSlotW + kSlotGap, y + 1.5 * kSlotH + kSlotGap + 3, "sapling");
    }
    svg_.close();
  }

  // A slot's card, its visible half, or a stack of the species that share
  // slots (Common Toad, European Hare), drawn fanned behind the front card.
  void slot(const Tree& tree, std::size_t index, Side side, double x0, double y0) {
    const auto cards = tree.slot(side);
    if (cards.empty()) return;
    const auto [sx, sy] = slot_at(side);
    const double x = x0 + sx;
    const double y = y0 + sy;
    const Half& front = book_.card(cards.front()).half(side);
    const std::string& name = book_.species_of(front.species).name;
    svg_.open("g");
    // The visible half, then the card it is on (the other half tucked under
    // the tree no longer counts: forest_shuffle_rulebook.md, "Animals,
    // Plants, and Mushrooms").
    if (cards.size() == 1) {
      const Card& card = book_.card(cards.front());
      const Side hidden = opposite(side);
      svg_.title(fmt::format("{} of tree {}: {}; card {}{}", side_name(side), index + 1,
                             half_text(book_, front), card.code,
                             card.has_side(hidden)
                                 ? " over " + book_.species_of(card.half(hidden).species).name
                                 : ""));
    } else {
      std::vector<std::string> codes;
      for (CardId card : cards) codes.push_back(book_.card(card).code);
      svg_.title(fmt::format("{} of tree {}: {} share the slot, {}; cards {}", side_name(side),
                             index + 1, cards.size(), half_text(book_, front), join(codes, ", ")));
    }
    // Back cards first, each fanned a little further from the tree card
    // (into the cross's empty corners), the front card in the slot itself.
    const double step = std::min(2.5, 8.0 / static_cast<double>(cards.size()));
    const double dx = side == Side::Left ? -step : step;
    const double dy = side == Side::Bottom ? step : -step;
    for (std::size_t k = cards.size(); k-- > 0;) {
      const double d = static_cast<double>(k);
      const std::string_view colour = symbol_colour(book_, book_.card(cards[k]).half(side).symbol);
      svg_.element("path", {{"class", "dweller"},
                            {"d", box(x + d * dx, y + d * dy, kSlotW, kSlotH)},
                            {"fill", tint(colour, 0.3)},
                            {"stroke", colour}});
    }
    boxed_name(svg_, x, y, kSlotW, kSlotH,
               cards.size() == 1 ? name : fmt::format("{} \u00d7{}", name, cards.size()));
    svg_.close();
  }

  const CardBook& book_;
  const Position& position_;
  const Layout& layout_;
  SvgWriter& svg_;
};

}  // namespace

std::string ForestShuffleRules::board_svg_at(const Position& position) const {
  const Layout layout = choose_layout(position);
  SvgWriter svg(layout.width, layout.panel_top.back() + kMargin / 2);
  TableDrawing drawing(book(), position, layout, svg);
  drawing.header(position.over ? "The game is over." : "Next: " + expecting(position) + ".");
  const std::vector<int> scores =
      position.over ? final_scores(settings_, position) : std::vector<int>{};
  for (Seat seat = 0; seat < players(); ++seat) drawing.panel(seat, scores);
  return svg.finish();
}

}  // namespace grove::forest_shuffle
