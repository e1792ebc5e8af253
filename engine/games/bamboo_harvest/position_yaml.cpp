// The YAML form of a Bamboo Harvest position, made to be written by hand:
//
//   step: build              # deal_forest | deal_deeds | setup_discard | place_tokens |
//                            # build | swap | buy_before | harvest | buy | redraw |
//                            # discard | reveal | over   (default build)
//   turn: P1                 # default P1
//   starter: P1              # default: the turn's player
//   forest:                  # rows from north to south, columns a, b, ... west to east
//     - 7H  3D    KH:P1 ...  # 7H vacant; KH:P1 built by P1 (face down under P1's token);
//     - ...                  # 9D!P2 carries P2's disturbance token; -- not dealt yet
//   players:
//     P1: {reeds: 14, up: [7S, wildQ], down: [3C]}   # deeds face up / face down
//                            # (tokens: N may be added as a check of the forest)
//   draw_pile: rest          # every deed not placed elsewhere (the default), or a list
//   discard_pile: [2C, 9S]   # default empty
//
// Progress within a turn (printed always, optional by hand): harvested (token cells that
// have harvested), pending_draws, redraws, buys, drawn (deeds drawn this
// turn), redraw_offer, built (regular | wild), wild_swaps ({wildQ: 1}),
// setup_moves, setup_discards, winner and won_by. Forest cards that are not in
// the forest are in the box (out of the game).

#include <fmt/format.h>

#include <array>
#include <sstream>

#include "engine/core/yaml_input.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

// The YAML keys of the steps, as pairs for read_name().
const std::array<std::pair<Step, const char*>, 13> kStepNames = [] {
  std::array<std::pair<Step, const char*>, 13> names{};
  for (std::size_t i = 0; i < kSteps.size(); ++i) names[i] = {kSteps[i].step, kSteps[i].key};
  return names;
}();

const std::array<std::pair<WinKind, const char*>, 5> kWinNames = {{
    {WinKind::None, "none"},
    {WinKind::Path, "path"},
    {WinKind::Tokens, "tokens"},
    {WinKind::MostTokens, "most_tokens"},
    {WinKind::Stalled, "stalled"},
}};

YAML::Node card_list(const CardSet& cards) {
  YAML::Node list(YAML::NodeType::Sequence);
  cards.for_each([&](Card card) { list.push_back(card_text(card)); });
  list.SetStyle(YAML::EmitterStyle::Flow);
  return list;
}

// Where each card has been seen while reading, for "appears twice" errors.
class CardLedger {
 public:
  void place(Card card, const std::string& where, const YAML::Node& node) {
    if (!places_[card].empty()) {
      fail_at(node, where,
              fmt::format("{} appears twice: in {} and in {} (each card of the two decks exists "
                          "once; the green-backed copy is written with a g, like 7Hg)",
                          card_text(card), places_[card], where));
    }
    places_[card] = where;
  }
  bool placed(Card card) const { return !places_[card].empty(); }

 private:
  std::array<std::string, kCards> places_;
};

Card read_card(const YAML::Node& node, const std::string& key) {
  const std::string text = read_string(node, key);
  auto card = parse_card(text);
  if (!card) {
    fail_at(node, key,
            fmt::format("'{}' is not a card (rank and suit: 7S, 10H, QC; 7Sg for the "
                        "green-backed deck; wildJ, wildQ, wildK)",
                        text));
  }
  return *card;
}

CardSet read_deeds(const YAML::Node& node, const std::string& key, CardLedger& ledger) {
  CardSet cards;
  if (!node || node.IsNull()) return cards;
  expect_sequence(node, key, "a list of deed cards");
  for (const auto& item : node) {
    const Card card = read_card(item, key);
    if (is_forest_card(card)) {
      fail_at(item, key,
              fmt::format("{} is a forest card; deeds are the black cards and the wild deeds",
                          card_text(card)));
    }
    ledger.place(card, key, item);
    cards.add(card);
  }
  return cards;
}

}  // namespace

YAML::Node BhRules::position_to_yaml(const Position& position) const {
  YAML::Node root;
  root["step"] = words_for(position.step).key;
  root["turn"] = seat_label(position.turn);
  if (position.starter != kNoSeat) root["starter"] = seat_label(position.starter);
  YAML::Node rows(YAML::NodeType::Sequence);
  for (int row = 0; row < grid().rows; ++row) rows.push_back(forest_row(position, grid(), row));
  root["forest"] = rows;
  YAML::Node players_node;
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    YAML::Node entry;
    entry["reeds"] = player.reeds;
    entry["tokens"] = position.tokens_of(seat, grid());  // read back only as a check
    entry["up"] = card_list(player.face_up);
    entry["down"] = card_list(player.deeds.without(player.face_up));
    entry.SetStyle(YAML::EmitterStyle::Flow);
    players_node[seat_label(seat)] = entry;
  }
  root["players"] = players_node;
  root["draw_pile"] = card_list(position.draw_pile);
  root["discard_pile"] = card_list(position.discard_pile);

  YAML::Node wilds;
  for (int index = 0; index < 3; ++index) {
    wilds[card_text(card_of(11 + index, kDiamonds, 1))] =
        static_cast<int>(position.wild_swaps[static_cast<std::size_t>(index)]);
  }
  wilds.SetStyle(YAML::EmitterStyle::Flow);
  root["wild_swaps"] = wilds;
  root["setup_moves"] = position.setup_moves;
  root["setup_discards"] = card_list(position.setup_discards);
  root["built"] = position.built == BuildMade::Wild      ? "wild"
                  : position.built == BuildMade::Regular ? "regular"
                                                         : "none";
  YAML::Node cells(YAML::NodeType::Sequence);
  for (int cell = 0; cell < grid().cells(); ++cell) {
    if ((position.harvested >> cell) & 1U) cells.push_back(grid().cell_text(cell));
  }
  cells.SetStyle(YAML::EmitterStyle::Flow);
  root["harvested"] = cells;
  root["pending_draws"] = position.pending_draws;
  root["redraws"] = position.redraws;
  root["buys"] = position.buys;
  root["drawn"] = card_list(position.drawn);
  root["redraw_offer"] = position.redraw_offer == kNoCard
                             ? YAML::Node(YAML::NodeType::Null)
                             : YAML::Node(card_text(position.redraw_offer));
  root["winner"] = position.winner == kNoSeat ? YAML::Node(YAML::NodeType::Null)
                                              : YAML::Node(seat_label(position.winner));
  root["won_by"] = "none";
  for (const auto& [kind, name] : kWinNames) {
    if (kind == position.won_by) root["won_by"] = name;
  }
  return root;
}

Position BhRules::position_from_yaml(const YAML::Node& root) const {
  expect_map(root, "", "a Bamboo Harvest position");
  check_keys(root,
             {"step", "turn", "starter", "forest", "players", "draw_pile", "discard_pile",
              "wild_swaps", "setup_moves", "setup_discards", "built", "harvested", "pending_draws",
              "redraws", "buys", "drawn", "redraw_offer", "winner", "won_by"});
  const int n = players();
  Position position = fresh_position();
  position.box.clear();
  position.draw_pile.clear();
  CardSet placed_forest;
  CardLedger ledger;

  position.step =
      root["step"] ? read_name(root["step"], "step", kStepNames, Step::Build) : Step::Build;
  if (root["turn"]) position.turn = read_seat(root["turn"], "turn", n);
  // The starting player is known once the setup discards are revealed.
  const bool before_start = position.step == Step::DealForest || position.step == Step::DealDeeds ||
                            position.step == Step::SetupDiscard;
  position.starter = root["starter"] ? read_seat(root["starter"], "starter", n)
                     : before_start  ? kNoSeat
                                     : position.turn;

  // The forest, row by row.
  const YAML::Node rows = root["forest"];
  if (!rows) fail_at(root, "forest", "missing: write the forest as a list of rows of cards");
  expect_sequence(rows, "forest", fmt::format("{} rows of {} cards", grid().rows, grid().columns));
  if (static_cast<int>(rows.size()) != grid().rows) {
    fail_at(rows, "forest",
            fmt::format("expected {} rows (forest_rows), got {}", grid().rows, rows.size()));
  }
  for (int row = 0; row < grid().rows; ++row) {
    const YAML::Node line = rows[static_cast<std::size_t>(row)];
    const std::string key = fmt::format("forest row {}", row + 1);
    std::istringstream words(read_string(line, key));
    std::vector<std::string> codes;
    for (std::string code; words >> code;) codes.push_back(code);
    if (static_cast<int>(codes.size()) != grid().columns) {
      fail_at(
          line, key,
          fmt::format("expected {} cards (forest_columns), got {}", grid().columns, codes.size()));
    }
    for (int column = 0; column < grid().columns; ++column) {
      const int index = grid().cell(row, column);
      Cell& cell = position.forest[static_cast<std::size_t>(index)];
      std::string code = codes[static_cast<std::size_t>(column)];
      const std::string where = fmt::format("forest {}", grid().cell_text(index));
      if (code == "--") continue;
      const auto mark = code.find_first_of(":!");
      if (mark != std::string::npos) {
        auto seat = parse_seat_label(code.substr(mark + 1));
        if (!seat || *seat >= n) {
          fail_at(line, where,
                  fmt::format("'{}': after '{}' comes the seat of the token's owner (P1 to P{})",
                              code, code[mark], n));
        }
        cell.state = code[mark] == ':' ? CellState::Built : CellState::Disturbed;
        cell.who = static_cast<std::int8_t>(*seat);
        code.resize(mark);
      }
      auto card = parse_card(code);
      if (!card) {
        fail_at(line, where,
                fmt::format("'{}' is not a card (7H, 10D, QH, 7Hg for the green-backed deck; "
                            "':P1' after it for P1's token, '!P1' for P1's disturbance token)",
                            codes[static_cast<std::size_t>(column)]));
      }
      if (!is_forest_card(*card)) {
        fail_at(line, where,
                fmt::format("{} is a deed card; the forest holds the red cards", card_text(*card)));
      }
      ledger.place(*card, where, line);
      cell.card = *card;
      placed_forest.add(*card);
    }
  }

  // The players.
  const YAML::Node players_node = root["players"];
  if (players_node) {
    expect_map(players_node, "players", "each seat's reeds and deeds");
    for (const auto& entry : players_node) {
      const Seat seat = read_seat(entry.first, "players", n);
      const std::string label = seat_label(seat);
      const YAML::Node fields = entry.second;
      expect_map(fields, label, "a player: reeds, up, down");
      check_keys(fields, {"reeds", "tokens", "up", "down"});
      Player& player = position.players[static_cast<std::size_t>(seat)];
      if (fields["reeds"]) {
        player.reeds = static_cast<int>(read_integer(fields["reeds"], label + ".reeds", 0, 100000));
      }
      player.face_up = read_deeds(fields["up"], label + ".up", ledger);
      player.deeds = player.face_up | read_deeds(fields["down"], label + ".down", ledger);
      if (fields["tokens"]) {
        const auto stated = read_integer(fields["tokens"], label + ".tokens", 0, kMaxCells);
        if (stated != position.tokens_of(seat, grid())) {
          fail_at(fields["tokens"], label + ".tokens",
                  fmt::format("the forest shows {} of {}'s tokens, not {} (tokens are counted "
                              "from the forest; this field is only a check)",
                              position.tokens_of(seat, grid()), label, stated));
        }
      }
    }
  }

  // The piles; the draw pile takes every deed not placed elsewhere unless it
  // is given as a list.
  position.discard_pile = read_deeds(root["discard_pile"], "discard_pile", ledger);
  const YAML::Node draw = root["draw_pile"];
  const bool rest = !draw || (draw.IsScalar() && draw.Scalar() == "rest");
  if (!rest) position.draw_pile = read_deeds(draw, "draw_pile", ledger);
  std::vector<std::string> missing;
  for (int index = 0; index < kCards; ++index) {
    const auto card = static_cast<Card>(index);
    if (ledger.placed(card)) continue;
    if (is_forest_card(card)) {
      position.box.add(card);
    } else if (rest) {
      position.draw_pile.add(card);
    } else {
      missing.push_back(card_text(card));
    }
  }
  if (!missing.empty()) {
    fail_at(draw, "draw_pile",
            fmt::format("these deeds are nowhere: {} (list them in draw_pile or discard_pile, or "
                        "write draw_pile: rest)",
                        join(missing, ", ")));
  }

  // Progress.
  if (const YAML::Node wilds = root["wild_swaps"]) {
    expect_map(wilds, "wild_swaps", "uses per wild deed ({wildQ: 1})");
    for (const auto& entry : wilds) {
      const Card card = read_card(entry.first, "wild_swaps");
      if (!is_wild(card)) fail_at(entry.first, "wild_swaps", "only wildJ, wildQ and wildK");
      position.wild_swaps[static_cast<std::size_t>(wild_index(card))] =
          static_cast<std::uint8_t>(read_integer(entry.second, "wild_swaps", 0, 100));
    }
  }
  auto small = [&](const char* key, int max) {
    return root[key] ? static_cast<int>(read_integer(root[key], key, 0, max)) : 0;
  };
  position.setup_moves = small("setup_moves", kMaxCells);
  position.pending_draws = small("pending_draws", 100);
  position.redraws = small("redraws", 100);
  position.buys = small("buys", 100);
  auto card_set = [&](const char* key) {
    CardSet cards;
    if (!root[key]) return cards;
    expect_sequence(root[key], key, "a list of cards");
    for (const auto& item : root[key]) cards.add(read_card(item, key));
    return cards;
  };
  position.setup_discards = card_set("setup_discards");
  position.drawn = card_set("drawn");
  if (root["redraw_offer"] && !root["redraw_offer"].IsNull()) {
    position.redraw_offer = read_card(root["redraw_offer"], "redraw_offer");
  }
  if (root["built"]) {
    const std::array<std::pair<BuildMade, const char*>, 3> built = {
        {{BuildMade::None, "none"}, {BuildMade::Regular, "regular"}, {BuildMade::Wild, "wild"}}};
    position.built = read_name(root["built"], "built", built, BuildMade::None);
  }
  if (const YAML::Node cells = root["harvested"]) {
    expect_sequence(cells, "harvested", "a list of token cells");
    for (const auto& item : cells) {
      auto cell = grid().parse_cell(read_string(item, "harvested"));
      if (!cell) fail_at(item, "harvested", "not a cell of the forest");
      position.harvested |= std::uint64_t{1} << *cell;
    }
  }
  if (root["winner"] && !root["winner"].IsNull()) {
    position.winner = read_seat(root["winner"], "winner", n);
  }
  if (root["won_by"])
    position.won_by = read_name(root["won_by"], "won_by", kWinNames, WinKind::None);
  if (position.step == Step::DealForest && !root["setup_moves"]) {
    while (position.setup_moves < grid().cells() &&
           position.forest[static_cast<std::size_t>(position.setup_moves)].card != kNoCard) {
      ++position.setup_moves;
    }
  }

  if (auto problems = check_position(position); !problems.empty()) {
    fail_at(root, "", "this position breaks the rules: " + join(problems, "; "));
  }
  // A hand-written position may stop where nothing is left to decide (a
  // build step without a possible build): play on to the next decision.
  advance(position, nullptr);
  return position;
}

}  // namespace grove::bamboo_harvest
