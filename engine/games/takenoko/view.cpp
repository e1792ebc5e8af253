// How a position looks: a one-line summary, the table drawn for people (the
// plantation as a honeycomb map, the players' boards, the supplies) and what
// one player can see of it. (The invariants are in checks.cpp.)

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "engine/core/yaml_input.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

constexpr std::array<char, kColours> kColourLetters = {'G', 'Y', 'P'};
// Indexed by Improvement; uppercase when printed on the tile, lowercase for a
// token (takenoko_rulebook.md, "Improvements": the two forms).
constexpr std::array<char, 4> kImprovementLetters = {'.', 'E', 'F', 'W'};

// Every cell of the map is drawn as a token this wide.
constexpr int kTokenWidth = 5;

// "gardener-pink-4-watershed x2, panda-2-green"; counts per kind.
std::string objectives_text(const std::array<std::uint8_t, kObjectiveKinds>& counts,
                            bool with_points) {
  std::vector<std::string> names;
  for (int id = 0; id < kObjectiveKinds; ++id) {
    const int count = counts[static_cast<std::size_t>(id)];
    if (count == 0) continue;
    const ObjectiveCard& card = card_of(static_cast<ObjectiveId>(id));
    std::string name = card.name;
    if (with_points) name += fmt::format(" ({})", card.points);
    if (count > 1) name += fmt::format(" x{}", count);
    names.push_back(name);
  }
  return names.empty() ? "none" : join(names, ", ");
}

std::string actions_text(const Position& position) {
  std::vector<std::string> names;
  for (int action = 0; action < kActions; ++action) {
    if (((position.actions_used >> action) & 1) != 0) {
      names.emplace_back(kActionNames[static_cast<std::size_t>(action)]);
    }
  }
  std::string text = join(names, ", ");
  // The wind lets the same action be taken twice, so the count may exceed the
  // names.
  if (position.actions_taken != static_cast<int>(names.size())) {
    text += fmt::format(" ({} actions)", position.actions_taken);
  }
  return text;
}

// ---- The plantation map ------------------------------------------------------
//
// Pointy-top hexes drawn in "doubled" columns: cell q,r goes on text row
// r - r_min at column c = 2q + r, and column c starts 3 * (c - c_min)
// characters into the map. A cell is a 5-character token, so east and west
// neighbours (two columns apart) have one character between them, the gap
// where a channel on their border shows, and the cells of the next row,
// shifted by one column, sit half a cell to the right: a honeycomb.
//
//      r  q0
//     -1   0       +     +
//
//      0  -1    +   PONDp G3F~g   +
//                         /
//      1  -1       +   Y1f~ =P1.~
//
//      2  -2                +
//
// (the panda on the pond; 1,0 east of it, with the gardener; 0,1 and 1,1 on
// the next row; channels on 0,1|1,0 and 0,1|1,1).
//
// Between two rows of cells a row of glyphs shows the channels on the
// diagonal borders: '\' under a cell for a channel on its south-east border,
// '/' for one on its south-west border, each between the two cells.

struct MapLayout {
  int r_min = 0;
  int r_max = 0;
  int c_min = 0;
  int c_max = 0;

  static int column(const Hex& at) { return 2 * at.q + at.r; }
  // Where the cell's token starts in its text row.
  int x_of(const Hex& at) const { return 3 * (column(at) - c_min); }
  int width() const { return 3 * (c_max - c_min) + kTokenWidth + 1; }
  // Cell rows at even lines, channel rows between them.
  int line_of(int r) const { return 2 * (r - r_min); }
  int lines() const { return 2 * (r_max - r_min) + 1; }
  // The q of the first column that row r uses (columns of a row share the
  // parity of r).
  int first_q(int r) const {
    const int c = (c_min - r) % 2 == 0 ? c_min : c_min + 1;
    return (c - r) / 2;
  }
};

// The rows and columns the cells to show span (cells_to_draw).
MapLayout map_layout(const Position& position, const std::vector<Hex>& spots) {
  const std::vector<Hex> cells = cells_to_draw(position, spots);
  MapLayout layout{kPond.r, kPond.r, MapLayout::column(kPond), MapLayout::column(kPond)};
  for (const Hex& at : cells) {
    layout.r_min = std::min(layout.r_min, at.r);
    layout.r_max = std::max(layout.r_max, at.r);
    layout.c_min = std::min(layout.c_min, MapLayout::column(at));
    layout.c_max = std::max(layout.c_max, MapLayout::column(at));
  }
  return layout;
}

char piece_marker(const Position& position, const Hex& at) {
  const bool gardener = position.gardener == at;
  const bool panda = position.panda == at;
  if (gardener && panda) return 'b';
  if (gardener) return 'g';
  return panda ? 'p' : ' ';
}

// "G3F~": colour, bamboo sections, improvement, irrigation.
std::string plot_token(const Plot& plot) {
  std::string token(4, ' ');
  token[0] = kColourLetters[static_cast<std::size_t>(plot.colour)];
  token[1] = plot.height >= 0 && plot.height <= 9 ? static_cast<char>('0' + plot.height) : '?';
  const char letter = kImprovementLetters[static_cast<std::size_t>(plot.improvement)];
  token[2] = plot.printed || plot.improvement == Improvement::None
                 ? letter
                 : static_cast<char>(letter - 'A' + 'a');
  token[3] = plot.irrigated ? '~' : ' ';
  return token;
}

// The 5-character token of one cell: a plot, the pond, a spot where a plot may
// go ("  +  ") or nothing, with the piece marker last.
std::string cell_token(const Position& position, const Hex& at, bool spot) {
  std::string token;
  if (at == kPond) {
    token = "POND";
  } else if (const Plot* plot = position.plot_at(at)) {
    token = plot_token(*plot);
  } else {
    token = spot ? "  + " : "    ";
  }
  return token + piece_marker(position, at);
}

struct ChannelMark {
  int line = 0;
  int x = 0;
  char glyph = ' ';
};

// Where a channel shows on the map: in the gap between east-west neighbours,
// or in the channel row under the upper cell of a diagonal border. Nothing
// for an edge between cells that are not neighbours (a broken position; the
// channel list under the map still names it).
std::optional<ChannelMark> channel_mark(const MapLayout& layout, const Edge& edge) {
  const bool a_upper = edge.a.r < edge.b.r || (edge.a.r == edge.b.r && edge.a.q < edge.b.q);
  const Hex& upper = a_upper ? edge.a : edge.b;
  const Hex& other = a_upper ? edge.b : edge.a;
  const Hex step{other.q - upper.q, other.r - upper.r};
  const int line = layout.line_of(upper.r);
  const int x = layout.x_of(upper);
  if (step == Hex{1, 0}) return ChannelMark{line, x + kTokenWidth, '='};
  if (step == Hex{0, 1}) return ChannelMark{line + 1, x + kTokenWidth - 1, '\\'};
  if (step == Hex{-1, 1}) return ChannelMark{line + 1, x, '/'};
  return std::nullopt;
}

void trim_right(std::string& line) {
  const auto end = line.find_last_not_of(' ');
  line.erase(end == std::string::npos ? 0 : end + 1);
}

// The map's text rows (cell rows and the channel rows between them), each
// after a label with r and the q of the row's first column.
std::vector<std::string> map_lines(const Position& position) {
  const std::vector<Hex> spots = plot_spots(position);
  const MapLayout layout = map_layout(position, spots);
  std::vector<std::string> grid(static_cast<std::size_t>(layout.lines()),
                                std::string(static_cast<std::size_t>(layout.width()), ' '));
  for (int r = layout.r_min; r <= layout.r_max; ++r) {
    std::string& row = grid[static_cast<std::size_t>(layout.line_of(r))];
    for (int q = layout.first_q(r); MapLayout::column(Hex{q, r}) <= layout.c_max; ++q) {
      const Hex at{q, r};
      const bool spot = std::binary_search(spots.begin(), spots.end(), at);
      row.replace(static_cast<std::size_t>(layout.x_of(at)), kTokenWidth,
                  cell_token(position, at, spot));
    }
  }
  for (const Edge& edge : position.channels) {
    if (const auto mark = channel_mark(layout, edge)) {
      grid[static_cast<std::size_t>(mark->line)][static_cast<std::size_t>(mark->x)] = mark->glyph;
    }
  }
  std::vector<std::string> lines = {"   r  q0"};
  for (int line = 0; line < layout.lines(); ++line) {
    const int r = layout.r_min + line / 2;
    std::string text =
        line % 2 == 0 ? fmt::format("{:>4}{:>4}  ", r, layout.first_q(r)) : std::string(10, ' ');
    text += grid[static_cast<std::size_t>(line)];
    trim_right(text);
    lines.push_back(text);
  }
  return lines;
}

const char* const kMapLegend =
    "  (r = row, q0 = q of the row's first column; q grows by 1 per cell eastwards)\n"
    "  G3F~g = green plot (Y yellow, P pink), 3 bamboo sections, fertilizer printed on the tile\n"
    "          (f: a fertilizer token; E/e enclosure, W/w watershed, . none), ~ irrigated,\n"
    "          g gardener here (p panda, b both); POND = the pond; + = a plot may go here\n"
    "  channels between two cells: = on an east-west border, \\ on a south-east border,\n"
    "          / on a south-west border\n";

// "  heading item  item  item", wrapped into lines of at most 100 characters.
std::string wrapped(const std::string& heading, const std::vector<std::string>& items) {
  constexpr std::size_t kWidth = 100;
  std::string text = "  " + heading + " ";
  std::size_t line_start = 0;
  bool first = true;
  for (const std::string& item : items) {
    if (!first && text.size() - line_start + 2 + item.size() > kWidth) {
      text += "\n    ";
      line_start = text.size() - 4;
      first = true;
    }
    text += (first ? "" : "  ") + item;
    first = false;
  }
  return text + (items.empty() ? "none\n" : "\n");
}

std::string hex_place(const Hex& at) { return at == kPond ? "0,0 (the pond)" : hex_text(at); }

std::string tokens_text(const std::array<int, kImprovementKinds>& tokens) {
  std::vector<std::string> parts;
  for (int kind = 0; kind < kImprovementKinds; ++kind) {
    parts.push_back(fmt::format("{} {}", improvement_name(static_cast<Improvement>(kind + 1)),
                                tokens[static_cast<std::size_t>(kind)]));
  }
  return join(parts, ", ");
}

template <int Kinds>
std::string pile_text(const Pile<Kinds>& pile) {
  return pile.bottom.empty() ? fmt::format("{}", pile.size())
                             : fmt::format("{} ({} unseen + {} under)", pile.size(),
                                           pile.unseen_count(), pile.bottom.size());
}

// "P1 to choose an action (round 3, rain, actions taken: gardener)", or what
// chance does next.
std::string where_text(const TakenokoRules& rules, const Position& position) {
  const std::string where = rules.next_to_act(position);
  if (position.step == Step::Deal) return where;
  std::vector<std::string> progress = {fmt::format("round {}", position.round)};
  if (position.weather != Weather::None) progress.emplace_back(weather_name(position.weather));
  if (position.actions_taken > 0) progress.push_back("actions taken: " + actions_text(position));
  return fmt::format("{} ({})", where, join(progress, ", "));
}

}  // namespace

std::string TakenokoRules::summary_at(const Position& position) const {
  std::vector<std::string> scores;
  for (Seat seat = 0; seat < static_cast<Seat>(position.players.size()); ++seat) {
    scores.push_back(fmt::format("{} {}", seat_label(seat), score(position, seat)));
  }
  if (position.step == Step::Over) return "game over: " + join(scores, ", ");
  return fmt::format("{}; scores {}", where_text(*this, position), join(scores, ", "));
}

std::string TakenokoRules::next_to_act(const Position& position) const {
  const Node here = node_at(position);
  const std::string who = seat_label(position.turn);
  if (here.kind == NodeKind::Decision || here.kind == NodeKind::Terminal) {
    const Seat actor = here.kind == NodeKind::Decision ? here.actor : position.turn;
    return seat_label(actor) + " to " + words_for(position.step).doing;
  }
  switch (position.step) {
    case Step::Deal:
      return fmt::format("chance deals {} a starting {} objective", seat_label(position.dealt / 3),
                         category_name(static_cast<Category>(position.dealt % 3)));
    case Step::Weather:
      return "chance rolls the weather die for " + who;
    case Step::DrawPlots:
      return fmt::format("chance draws a plot tile for {} ({} to draw)", who,
                         position.plots_to_draw);
    default:
      return fmt::format("chance draws a {} objective for {}", category_name(position.drawing),
                         who);
  }
}

std::string TakenokoRules::board_legend() const { return kMapLegend; }

std::string TakenokoRules::board_at(const Position& position) const {
  std::string text = "plantation:\n";
  for (const std::string& line : map_lines(position)) text += line + "\n";
  std::vector<std::string> channels;
  for (const Edge& edge : position.channels) channels.push_back(edge_text(edge));
  text += wrapped(fmt::format("channels ({}):", channels.size()), channels);
  std::vector<std::string> plots;
  for (const Plot& plot : position.plots) {
    std::string token = plot_token(plot);
    trim_right(token);
    plots.push_back(hex_text(plot.at) + " " + token);
  }
  text += wrapped(fmt::format("plots ({}):", plots.size()), plots);
  text += fmt::format("  gardener at {}; panda at {}\n", hex_place(position.gardener),
                      hex_place(position.panda));

  for (Seat seat = 0; seat < static_cast<Seat>(position.players.size()); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    std::vector<std::string> kept;
    if (player.channels > 0) {
      kept.push_back(fmt::format("{} channel{}", player.channels, player.channels == 1 ? "" : "s"));
    }
    for (int kind = 0; kind < kImprovementKinds; ++kind) {
      const int count = player.improvements[static_cast<std::size_t>(kind)];
      if (count == 0) continue;
      kept.push_back(fmt::format("{}{}", improvement_name(static_cast<Improvement>(kind + 1)),
                                 count > 1 ? fmt::format(" x{}", count) : ""));
    }
    text += fmt::format(
        "{}: score {}{}; hand ({}): {}; completed ({}): {}; eaten green {}, yellow {}, pink {}; "
        "kept: {}\n",
        seat_label(seat), score(position, seat),
        position.emperor == seat ? " with the Emperor card" : "", player.hand_size(),
        objectives_text(player.hand, false), player.completed_count(),
        objectives_text(player.completed, true), player.eaten[0], player.eaten[1], player.eaten[2],
        kept.empty() ? "nothing" : join(kept, ", "));
  }

  const bool standing_in = std::any_of(position.bamboo.begin(), position.bamboo.end(),
                                       [](int count) { return count < 0; });
  text += fmt::format("supply: bamboo green {}, yellow {}, pink {}{}; channels {}; tokens {}\n",
                      position.bamboo[0], position.bamboo[1], position.bamboo[2],
                      standing_in ? " (below 0: sections of other colours stand in)" : "",
                      position.channel_reserve, tokens_text(position.improvement_reserve));
  std::vector<std::string> piles;
  for (int category = 0; category < kCategories; ++category) {
    piles.push_back(
        fmt::format("{} {}", kCategoryNames[static_cast<std::size_t>(category)],
                    pile_text(position.objectives[static_cast<std::size_t>(category)])));
  }
  text += fmt::format("piles: plot tiles {}; objectives {}\n", pile_text(position.tiles),
                      join(piles, ", "));

  if (!position.drawn.empty()) {
    std::vector<std::string> drawn;
    for (Tile tile : position.drawn) drawn.push_back(tile_text(tile));
    text += fmt::format("drawn plots: {}\n", join(drawn, ", "));
  }
  if (position.kept != kNoTile) text += fmt::format("kept plot: {}\n", tile_text(position.kept));
  if (position.step == Step::Over) {
    text += summary_at(position);
  } else {
    text += "turn: " + where_text(*this, position);
  }
  return text;
}

std::string TakenokoRules::observation_at(const Position& position, Seat seat) const {
  const bool own_turn = seat == position.turn;
  // The hidden things are taken out of a copy before it is written, so that
  // none of them can reach the text whatever the YAML form calls its fields;
  // their sizes, which everyone sees, are then written in their place.
  Position seen = position;
  // Objective cards in hand are kept hidden from the other players
  // (takenoko_rulebook.md, "Preparation"); only how many is public.
  for (Seat other = 0; other < static_cast<Seat>(seen.players.size()); ++other) {
    if (other != seat) seen.players[static_cast<std::size_t>(other)].hand = {};
  }
  // The piles are face down ("Preparation"): which tiles and cards are left,
  // and the order of those put under them (known only to whoever put them
  // there: "Plots", and the FAQ on placing a plot), are secret.
  seen.tiles = TilePile{};
  for (ObjectivePile& pile : seen.objectives) pile = ObjectivePile{};
  // The plot action's tiles are seen by the player who drew them only: the
  // two not kept go back face down ("Plots").
  if (!own_turn) seen.drawn.clear();

  YAML::Node view = state_to_yaml(GameState<Position>(seen));
  YAML::Node players_node = view["players"];
  for (Seat other = 0; other < static_cast<Seat>(position.players.size()); ++other) {
    if (other == seat) continue;
    YAML::Node entry = players_node.IsSequence() ? players_node[static_cast<std::size_t>(other)]
                                                 : players_node[seat_label(other)];
    entry["hand"] = position.players[static_cast<std::size_t>(other)].hand_size();
  }
  view["tiles"] = position.tiles.unseen_count();
  view["tiles_under"] = position.tiles.bottom.size();
  YAML::Node piles(YAML::NodeType::Map);
  YAML::Node under(YAML::NodeType::Map);
  for (int category = 0; category < kCategories; ++category) {
    const ObjectivePile& pile = position.objectives[static_cast<std::size_t>(category)];
    piles[kCategoryNames[static_cast<std::size_t>(category)]] = pile.unseen_count();
    under[kCategoryNames[static_cast<std::size_t>(category)]] = pile.bottom.size();
  }
  view["objective_piles"] = piles;
  view["objectives_under"] = under;
  if (!own_turn) view["drawn"] = position.drawn.size();
  return yaml_inline(view);
}

}  // namespace grove::takenoko
