// The YAML form of a Takenoko position, made to be written by hand. Cells are
// [q, r] (axial, the pond at [0, 0]; see hex.hpp); every key is optional.
//
//   step: actions          # deal | weather | apply_weather | actions | draw_plots | keep_plot |
//                          # place_plot | draw_objective | redraw_objective | over (default
//                          actions)
//   turn: P1               # default P1
//   round: 2               # default 2 (a hand-written position is usually past the first round)
//   weather: none          # the face in force this turn: none, sun, rain, wind, storm, clouds or
//                          # question (default none)
//   actions: [gardener]    # actions taken this turn (plots, irrigation, gardener, panda,
//                          # objective), a repeated one listed twice (default none)
//   plantation:            # the plots besides the pond (default none)
//     - {at: [1, 0], colour: green, improvement: watershed, printed: true, irrigated: true,
//        height: 2}
//     - {at: [0, 1], colour: pink}
//         # improvement: default none. printed: default false; true = the improvement is printed
//         # on the tile (the tile is then colour-improvement, like green-watershed). irrigated:
//         # default true when the plot is next to the pond, a channel lies on one of its borders
//         # or it has a watershed, otherwise false (false is an error for such a plot; true on
//         # another plot = it was irrigated before). height: bamboo sections, default 0.
//   channels:              # each channel as the two cells it lies between (default none)
//     - [[1, 0], [0, 1]]
//   gardener: [0, 0]       # default the pond
//   panda: [0, 0]          # default the pond
//   players:
//     P1: {hand: [plot-green-line, panda-2-green], completed: [gardener-pink-3x2],
//          eaten: {green: 2, pink: 1}, channels: 1, improvements: {fertilizer: 1}}
//         # every key optional (default empty or 0); a card held twice is listed twice;
//         # eaten and improvements may leave colours and kinds out.
//   emperor: null          # who took the Emperor card (default nobody)
//   tiles: rest            # the unseen plot tiles as counts per kind ({green: 3,
//                          # pink-watershed: 1}), or rest (the default): every tile of the
//                          # variant not placed, drawn, kept or under the pile
//   tiles_under: [yellow, pink]   # tiles put back under the pile, the first comes out first
//   objective_piles: rest  # or {plot: {plot-green-line: 1}, gardener: {...}, panda: {...}}:
//                          # the unseen cards of each pile (a category left out is empty); rest
//                          # (the default) = every card of the variant not in a hand, completed
//                          # or under a pile
//   objectives_under: {plot: [plot-pink-line]}   # cards put back under their pile (advanced
//                          # variant), the first comes out first (default none)
//   bamboo: {green: 20, yellow: 26, pink: 24}   # the supply; default (also per colour left
//                          # out): the variant's sections less those on plots and on boards
//   channel_reserve: 18    # default: the variant's channels less those placed and kept
//   improvement_reserve: {enclosure: 3, fertilizer: 2, watershed: 3}   # default: the tokens
//                          # not on plots nor kept (printed improvements are not tokens)
//   dealt: 6               # starting objectives dealt so far (default 3 per player: the deal is
//                          # done; 0 when step is deal)
//   drawn: [green, yellow, pink]   # keep_plot: the plot action's tiles (default none)
//   plots_to_draw: 0       # draw_plots: tiles still to draw (default 0)
//   kept: green-watershed  # place_plot: the tile to place (default null)
//   drawing: plot          # draw_objective: the pile drawn from (default plot)
//   redrawn: {plot: 0, gardener: 0, panda: 0}   # advanced variant: cards put back during this
//                          # objective action (default 0)
//
// state_to_yaml prints every key, and what it prints reads back to the same
// position.

#include <fmt/format.h>

#include <array>
#include <functional>
#include <optional>
#include <utility>

#include "engine/core/yaml_input.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

template <class Value, std::size_t N>
std::array<std::pair<Value, const char*>, N> pairs_of(const std::array<const char*, N>& names) {
  std::array<std::pair<Value, const char*>, N> pairs{};
  for (std::size_t i = 0; i < N; ++i) pairs[i] = {static_cast<Value>(i), names[i]};
  return pairs;
}

// The YAML keys of the steps, as pairs for read_name().
const std::array<std::pair<Step, const char*>, kSteps> kStepNames = [] {
  std::array<std::pair<Step, const char*>, kSteps> names{};
  for (std::size_t i = 0; i < kStepWords.size(); ++i) {
    names[i] = {kStepWords[i].step, kStepWords[i].key};
  }
  return names;
}();
const auto kWeatherPairs = pairs_of<Weather>(kWeatherNames);
const auto kActionPairs = pairs_of<Action>(kActionNames);
const auto kColourPairs = pairs_of<Colour>(kColourNames);
const auto kCategoryPairs = pairs_of<Category>(kCategoryNames);
// With "none", for a plot's improvement.
const auto kImprovementPairs = pairs_of<Improvement>(kImprovementNames);
// The three token kinds, indexed by token_index().
const std::array<std::pair<std::size_t, const char*>, kImprovementKinds> kTokenPairs = {
    {{0, "enclosure"}, {1, "fertilizer"}, {2, "watershed"}}};

std::vector<std::string> tile_names() {
  std::vector<std::string> names;
  for (int tile = 0; tile < kTileKinds; ++tile) names.push_back(tile_text(static_cast<Tile>(tile)));
  return names;
}

Tile read_tile(const YAML::Node& node, const std::string& key) {
  const std::string text = read_string(node, key);
  if (auto tile = parse_tile(text)) return *tile;
  fail_at(node, key,
          fmt::format("'{}' is not a plot tile (a colour, with its printed improvement if any: "
                      "green, pink-watershed){}",
                      text, did_you_mean(text, tile_names())));
}

ObjectiveId read_objective(const YAML::Node& node, const std::string& key) {
  const std::string text = read_string(node, key);
  if (auto objective = parse_objective(text)) return *objective;
  fail_at(
      node, key,
      fmt::format("'{}' is not an objective card{}", text, did_you_mean(text, objective_names())));
}

Hex read_hex(const YAML::Node& node, const std::string& key) {
  if (node.IsSequence() && node.size() == 2) {
    return Hex{static_cast<int>(read_integer(node[0], key, -99, 99)),
               static_cast<int>(read_integer(node[1], key, -99, 99))};
  }
  // "1,0" reads too outside flow style, though [1, 0] is the form.
  if (node.IsScalar()) {
    if (auto hex = parse_hex(node.Scalar())) return *hex;
  }
  fail_at(node, key,
          fmt::format("expected a cell as [q, r] (the pond is [0, 0]), got {}", yaml_inline(node)));
}

YAML::Node hex_node(const Hex& hex) {
  YAML::Node node(YAML::NodeType::Sequence);
  node.push_back(hex.q);
  node.push_back(hex.r);
  node.SetStyle(YAML::EmitterStyle::Flow);
  return node;
}

YAML::Node flow(YAML::Node node) {
  node.SetStyle(YAML::EmitterStyle::Flow);
  return node;
}

YAML::Node null_node() { return YAML::Node(YAML::NodeType::Null); }

// A bound for counts of bamboo sections: with stand-in sections (ruling
// tk.bamboo_supply) the table may hold more than the variant's supply, so the
// sums are left to check_position.
constexpr int kMostSections = 1000;

// How many of each tile or card kind have been met while reading, and where,
// for "appears more often" errors and for the piles written as `rest`.
class Ledger {
 public:
  // `change`: what a designer changes for more of a kind (the parameter).
  Ledger(std::vector<int> limits, std::vector<std::string> names, const char* one, const char* many,
         std::function<std::string(std::size_t kind)> change)
      : limits_(std::move(limits)),
        names_(std::move(names)),
        one_(one),
        many_(many),
        change_(std::move(change)),
        counts_(limits_.size()),
        places_(limits_.size()) {}

  void place(std::size_t kind, int count, const std::string& where, const YAML::Node& node) {
    if (count == 0) return;
    counts_[kind] += count;
    auto& places = places_[kind];
    if (!places.empty() && places.back().first == where) {
      places.back().second += count;
    } else {
      places.emplace_back(where, count);
    }
    if (counts_[kind] <= limits_[kind]) return;
    std::vector<std::string> texts;
    for (const auto& [place_name, times] : places) {
      texts.push_back(times == 1 ? place_name : fmt::format("{} ({})", place_name, times));
    }
    fail_at(node, where,
            fmt::format("{} appears more often than the variant has it ({} {}): in {}; {}",
                        names_[kind], limits_[kind], limits_[kind] == 1 ? one_ : many_,
                        join(texts, ", "), change_(kind)));
  }

  // Not met anywhere yet: what a `rest` pile holds.
  int left(std::size_t kind) const { return limits_[kind] - counts_[kind]; }
  // "2 green, 1 pink-watershed" for what was met nowhere.
  std::vector<std::string> missing() const {
    std::vector<std::string> texts;
    for (std::size_t kind = 0; kind < limits_.size(); ++kind) {
      if (left(kind) > 0) texts.push_back(fmt::format("{} {}", left(kind), names_[kind]));
    }
    return texts;
  }

 private:
  std::vector<int> limits_;
  std::vector<std::string> names_;
  const char* one_;
  const char* many_;
  std::function<std::string(std::size_t kind)> change_;
  std::vector<int> counts_;
  std::vector<std::vector<std::pair<std::string, int>>> places_;
};

template <std::size_t N>
std::vector<int> limits_of(const std::array<int, N>& counts) {
  return std::vector<int>(counts.begin(), counts.end());
}

// A list of objective names, a card held twice written twice.
void read_objectives(const YAML::Node& node, const std::string& key, Ledger& ledger,
                     std::array<std::uint8_t, kObjectiveKinds>& counts) {
  if (!node || node.IsNull()) return;
  expect_sequence(node, key, "a list of objective cards");
  for (const auto& item : node) {
    const ObjectiveId id = read_objective(item, key);
    ledger.place(id, 1, key, item);
    ++counts[id];
  }
}

YAML::Node objective_list(const std::array<std::uint8_t, kObjectiveKinds>& counts) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (std::size_t id = 0; id < counts.size(); ++id) {
    for (int copy = 0; copy < counts[id]; ++copy) list.push_back(objective_cards()[id].name);
  }
  return flow(list);
}

template <class Entries>
YAML::Node tile_list(const Entries& tiles) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (std::uint8_t tile : tiles) list.push_back(tile_text(tile));
  return flow(list);
}

// Why a plot at `plot.at` counts as irrigated (takenoko_rulebook.md,
// "Irrigation"), or "" when nothing irrigates it.
std::string irrigated_because(const Position& position, const Plot& plot) {
  if (adjacent(plot.at, kPond)) return "it is next to the pond";
  if (plot.improvement == Improvement::Watershed) return "it has a watershed";
  for (const Edge& edge : position.channels) {
    if (edge.a == plot.at || edge.b == plot.at) {
      return fmt::format("a channel lies on its border with {}",
                         hex_text(edge.a == plot.at ? edge.b : edge.a));
    }
  }
  return "";
}

// What the plantation section says about one plot, kept until the channels
// are read so that `irrigated` can be derived.
struct PlotEntry {
  Hex at;
  YAML::Node node;
  std::optional<bool> irrigated;
};

}  // namespace

YAML::Node TakenokoRules::position_to_yaml(const Position& position) const {
  YAML::Node root;
  root["step"] = words_for(position.step).key;
  root["turn"] = seat_label(position.turn);
  root["round"] = position.round;
  root["weather"] = weather_name(position.weather);
  // The bits say which actions were taken and the count how many: a repeated
  // action (wind) is written twice; which one was repeated makes no
  // difference to the position.
  YAML::Node actions(YAML::NodeType::Sequence);
  int first_action = -1;
  for (int action = 0; action < kActions; ++action) {
    if ((position.actions_used >> action) & 1U) {
      actions.push_back(kActionNames[static_cast<std::size_t>(action)]);
      if (first_action < 0) first_action = action;
    }
  }
  for (int extra = static_cast<int>(actions.size());
       extra < position.actions_taken && first_action >= 0; ++extra) {
    actions.push_back(kActionNames[static_cast<std::size_t>(first_action)]);
  }
  root["actions"] = flow(actions);

  YAML::Node plots(YAML::NodeType::Sequence);
  for (const Plot& plot : position.plots) {
    YAML::Node entry;
    entry["at"] = hex_node(plot.at);
    entry["colour"] = colour_name(plot.colour);
    entry["improvement"] = improvement_name(plot.improvement);
    entry["printed"] = plot.printed;
    entry["irrigated"] = plot.irrigated;
    entry["height"] = plot.height;
    plots.push_back(flow(entry));
  }
  root["plantation"] = plots;
  YAML::Node channels(YAML::NodeType::Sequence);
  for (const Edge& edge : position.channels) {
    YAML::Node pair(YAML::NodeType::Sequence);
    pair.push_back(hex_node(edge.a));
    pair.push_back(hex_node(edge.b));
    channels.push_back(flow(pair));
  }
  root["channels"] = channels;
  root["gardener"] = hex_node(position.gardener);
  root["panda"] = hex_node(position.panda);

  YAML::Node players_node(YAML::NodeType::Map);
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    YAML::Node entry;
    entry["hand"] = objective_list(player.hand);
    entry["completed"] = objective_list(player.completed);
    YAML::Node eaten;
    for (const auto& [colour, name] : kColourPairs) {
      eaten[name] = player.eaten[static_cast<std::size_t>(colour)];
    }
    entry["eaten"] = flow(eaten);
    entry["channels"] = player.channels;
    YAML::Node tokens;
    for (const auto& [index, name] : kTokenPairs) tokens[name] = player.improvements[index];
    entry["improvements"] = flow(tokens);
    players_node[seat_label(static_cast<Seat>(seat))] = flow(entry);
  }
  root["players"] = players_node;
  root["emperor"] =
      position.emperor == kNoSeat ? null_node() : YAML::Node(seat_label(position.emperor));

  YAML::Node tiles(YAML::NodeType::Map);
  for (int tile = 0; tile < kTileKinds; ++tile) {
    const int count = position.tiles.unseen[static_cast<std::size_t>(tile)];
    if (count > 0) tiles[tile_text(static_cast<Tile>(tile))] = count;
  }
  root["tiles"] = flow(tiles);
  root["tiles_under"] = tile_list(position.tiles.bottom);
  YAML::Node piles(YAML::NodeType::Map);
  YAML::Node under(YAML::NodeType::Map);
  for (const auto& [category, name] : kCategoryPairs) {
    const ObjectivePile& pile = position.objectives[static_cast<std::size_t>(category)];
    YAML::Node cards(YAML::NodeType::Map);
    for (std::size_t id = 0; id < pile.unseen.size(); ++id) {
      if (pile.unseen[id] > 0)
        cards[objective_cards()[id].name] = static_cast<int>(pile.unseen[id]);
    }
    piles[name] = flow(cards);
    YAML::Node bottom(YAML::NodeType::Sequence);
    for (std::uint8_t id : pile.bottom) bottom.push_back(objective_cards()[id].name);
    under[name] = flow(bottom);
  }
  root["objective_piles"] = piles;
  root["objectives_under"] = under;

  YAML::Node bamboo;
  for (const auto& [colour, name] : kColourPairs) {
    bamboo[name] = position.bamboo[static_cast<std::size_t>(colour)];
  }
  root["bamboo"] = flow(bamboo);
  root["channel_reserve"] = position.channel_reserve;
  YAML::Node reserve;
  for (const auto& [index, name] : kTokenPairs) reserve[name] = position.improvement_reserve[index];
  root["improvement_reserve"] = flow(reserve);
  root["dealt"] = position.dealt;
  root["drawn"] = tile_list(position.drawn);
  root["plots_to_draw"] = position.plots_to_draw;
  root["kept"] = position.kept == kNoTile ? null_node() : YAML::Node(tile_text(position.kept));
  root["drawing"] = category_name(position.drawing);
  YAML::Node redrawn;
  for (const auto& [category, name] : kCategoryPairs) {
    redrawn[name] = static_cast<int>(position.redrawn[static_cast<std::size_t>(category)]);
  }
  root["redrawn"] = flow(redrawn);
  return root;
}

Position TakenokoRules::position_from_yaml(const YAML::Node& root) const {
  expect_map(root, "", "a Takenoko position");
  check_keys(root, {"step",
                    "turn",
                    "round",
                    "weather",
                    "actions",
                    "plantation",
                    "channels",
                    "gardener",
                    "panda",
                    "players",
                    "emperor",
                    "tiles",
                    "tiles_under",
                    "objective_piles",
                    "objectives_under",
                    "bamboo",
                    "channel_reserve",
                    "improvement_reserve",
                    "dealt",
                    "drawn",
                    "plots_to_draw",
                    "kept",
                    "drawing",
                    "redrawn"});
  const int n = players();
  const Settings& rules = settings();
  Position position = fresh_position();
  // Where a designer asks for more: the parameter, its key and its range.
  auto change = [this](const std::string& parameter, const std::string& key) {
    const ParamSpec* spec = game().find_parameter(parameter);
    return fmt::format("the variant's parameter {} sets it ({}: {{{}: N}}, N up to {})", parameter,
                       parameter, key, spec != nullptr ? spec->max : 0);
  };
  Ledger tile_ledger(limits_of(rules.tiles), tile_names(), "tile", "tiles",
                     [&](std::size_t kind) { return change("plot_tiles", tile_names()[kind]); });
  Ledger card_ledger(
      limits_of(rules.objectives), objective_names(), "copy", "copies", [&](std::size_t kind) {
        const ObjectiveCard& card = card_of(static_cast<ObjectiveId>(kind));
        return change(std::string(category_name(card.category)) + "_objectives", card.name);
      });

  // The turn.
  position.step =
      root["step"] ? read_name(root["step"], "step", kStepNames, Step::Actions) : Step::Actions;
  position.turn = root["turn"] ? read_seat(root["turn"], "turn", n) : 0;
  position.round =
      root["round"] ? static_cast<int>(read_integer(root["round"], "round", 1, 10000)) : 2;
  position.weather = root["weather"]
                         ? read_name(root["weather"], "weather", kWeatherPairs, Weather::None)
                         : Weather::None;
  position.actions_used = 0;
  position.actions_taken = 0;
  if (const YAML::Node actions = root["actions"]; actions && !actions.IsNull()) {
    expect_sequence(actions, "actions", "a list of the actions taken this turn");
    for (const auto& item : actions) {
      const Action action = read_name(item, "actions", kActionPairs, Action::Plots);
      position.actions_used |= static_cast<std::uint8_t>(1U << static_cast<unsigned>(action));
      ++position.actions_taken;
    }
  }
  position.emperor = root["emperor"] && !root["emperor"].IsNull()
                         ? read_seat(root["emperor"], "emperor", n)
                         : kNoSeat;
  position.dealt = root["dealt"]
                       ? static_cast<int>(read_integer(root["dealt"], "dealt", 0, kCategories * n))
                   : position.step == Step::Deal ? 0
                                                 : kCategories * n;

  // The plantation: the plots, then the channels, then whether each plot is
  // irrigated (which depends on the channels).
  position.plots.clear();
  position.channels.clear();
  std::vector<PlotEntry> entries;
  if (const YAML::Node plantation = root["plantation"]; plantation && !plantation.IsNull()) {
    expect_sequence(plantation, "plantation", "a list of plots ({at: [1, 0], colour: green})");
    for (const auto& item : plantation) {
      expect_map(item, "plantation", "a plot ({at: [1, 0], colour: green})");
      check_keys(item, {"at", "colour", "improvement", "printed", "irrigated", "height"});
      if (!item["at"]) fail_at(item, "plantation", "missing at: the plot's cell, as [q, r]");
      const Hex at = read_hex(item["at"], "plantation.at");
      const std::string key = "plantation " + hex_text(at);
      if (at == kPond) {
        fail_at(item["at"], key, "0,0 is the pond; the plots lie around it");
      }
      if (position.plot_at(at) != nullptr) {
        fail_at(item["at"], key,
                fmt::format("a second plot at {} (each cell holds one plot)", hex_text(at)));
      }
      Plot plot;
      plot.at = at;
      if (!item["colour"]) fail_at(item, key, "missing colour: green, yellow or pink");
      plot.colour = read_name(item["colour"], key + ".colour", kColourPairs, Colour::Green);
      if (item["improvement"]) {
        plot.improvement = read_name(item["improvement"], key + ".improvement", kImprovementPairs,
                                     Improvement::None);
      }
      if (item["printed"]) plot.printed = read_bool(item["printed"], key + ".printed");
      if (plot.printed && plot.improvement == Improvement::None) {
        fail_at(item["printed"], key + ".printed",
                "a tile with no improvement has none printed on it (give the improvement, or "
                "leave printed out)");
      }
      if (item["height"]) {
        plot.height =
            static_cast<int>(read_integer(item["height"], key + ".height", 0, rules.max_height));
      }
      PlotEntry entry{at, item, std::nullopt};
      if (item["irrigated"]) entry.irrigated = read_bool(item["irrigated"], key + ".irrigated");
      const Improvement printed = plot.printed ? plot.improvement : Improvement::None;
      tile_ledger.place(tile_of(plot.colour, printed), 1, key, item);
      position.add_plot(plot);
      entries.push_back(entry);
    }
  }
  if (const YAML::Node channels = root["channels"]; channels && !channels.IsNull()) {
    expect_sequence(channels, "channels", "a list of channels ([[1, 0], [0, 1]] for each)");
    for (const auto& item : channels) {
      if (!item.IsSequence() || item.size() != 2) {
        fail_at(item, "channels",
                fmt::format("expected a channel as the two cells it lies between, like "
                            "[[1, 0], [0, 1]], got {}",
                            yaml_inline(item)));
      }
      const Hex a = read_hex(item[0], "channels");
      const Hex b = read_hex(item[1], "channels");
      if (!adjacent(a, b)) {
        fail_at(item, "channels",
                fmt::format("{} and {} are not neighbours; a channel lies on the border between "
                            "two adjacent cells",
                            hex_text(a), hex_text(b)));
      }
      if (a == kPond || b == kPond) {
        fail_at(item, "channels",
                fmt::format("a channel between {} and {} would lie along the pond's border, where "
                            "none may go (the pond waters its neighbours itself)",
                            hex_text(a), hex_text(b)));
      }
      const Edge edge = edge_between(a, b);
      if (position.has_channel(edge)) {
        fail_at(item, "channels",
                fmt::format("the channel between {} and {} is listed twice", hex_text(edge.a),
                            hex_text(edge.b)));
      }
      position.add_channel(edge);
    }
  }
  for (const PlotEntry& entry : entries) {
    Plot& plot = *position.plot_at(entry.at);
    const std::string because = irrigated_because(position, plot);
    if (entry.irrigated == false && !because.empty()) {
      fail_at(
          entry.node["irrigated"], "plantation " + hex_text(entry.at) + ".irrigated",
          fmt::format("the plot is irrigated: {} (leave irrigated out, or write true)", because));
    }
    plot.irrigated = entry.irrigated.value_or(!because.empty());
  }
  for (const auto& [key, piece] :
       {std::pair{"gardener", &position.gardener}, std::pair{"panda", &position.panda}}) {
    *piece = kPond;
    if (!root[key] || root[key].IsNull()) continue;
    *piece = read_hex(root[key], key);
    if (!position.placed(*piece)) {
      fail_at(root[key], key,
              fmt::format("{} is an empty space; the {} stands on a plot or on the pond",
                          hex_text(*piece), key));
    }
  }

  // The players.
  for (Player& player : position.players) player = Player{};
  if (const YAML::Node players_node = root["players"]; players_node && !players_node.IsNull()) {
    expect_map(players_node, "players", "each seat's cards, bamboo and kept pieces");
    std::vector<bool> seen(static_cast<std::size_t>(n));
    for (const auto& entry : players_node) {
      const Seat seat = read_seat(entry.first, "players", n);
      const std::string label = seat_label(seat);
      if (seen[static_cast<std::size_t>(seat)]) {
        fail_at(entry.first, "players", label + " is listed twice");
      }
      seen[static_cast<std::size_t>(seat)] = true;
      const YAML::Node fields = entry.second;
      if (fields.IsNull()) continue;
      expect_map(fields, label, "a player: hand, completed, eaten, channels, improvements");
      check_keys(fields, {"hand", "completed", "eaten", "channels", "improvements"});
      Player& player = position.players[static_cast<std::size_t>(seat)];
      read_objectives(fields["hand"], label + ".hand", card_ledger, player.hand);
      read_objectives(fields["completed"], label + ".completed", card_ledger, player.completed);
      if (const YAML::Node eaten = fields["eaten"]; eaten && !eaten.IsNull()) {
        expect_map(eaten, label + ".eaten", "sections per colour ({green: 2})");
        for (const auto& part : eaten) {
          const Colour colour =
              read_name(part.first, label + ".eaten", kColourPairs, Colour::Green);
          const std::size_t index = static_cast<std::size_t>(colour);
          player.eaten[index] = static_cast<int>(
              read_integer(part.second, fmt::format("{}.eaten.{}", label, colour_name(colour)), 0,
                           kMostSections));
        }
      }
      if (fields["channels"]) {
        player.channels = static_cast<int>(
            read_integer(fields["channels"], label + ".channels", 0, rules.channels));
      }
      if (const YAML::Node tokens = fields["improvements"]; tokens && !tokens.IsNull()) {
        expect_map(tokens, label + ".improvements", "tokens kept per kind ({fertilizer: 1})");
        for (const auto& part : tokens) {
          const std::size_t index =
              read_name(part.first, label + ".improvements", kTokenPairs, std::size_t{0});
          player.improvements[index] = static_cast<int>(read_integer(
              part.second, fmt::format("{}.improvements.{}", label, kTokenPairs[index].second), 0,
              rules.improvement_tokens[index]));
        }
      }
    }
  }

  // The plot action in progress; then the tile pile, which takes every tile
  // not met elsewhere unless it is given as counts.
  position.drawn.clear();
  if (const YAML::Node drawn = root["drawn"]; drawn && !drawn.IsNull()) {
    expect_sequence(drawn, "drawn", "a list of plot tiles");
    if (drawn.size() > static_cast<std::size_t>(kMaxPlotsDrawn)) {
      fail_at(
          drawn, "drawn",
          fmt::format("at most {} tiles are drawn at once, got {}", kMaxPlotsDrawn, drawn.size()));
    }
    for (const auto& item : drawn) {
      const Tile tile = read_tile(item, "drawn");
      tile_ledger.place(tile, 1, "drawn", item);
      position.drawn.push_back(tile);
    }
  }
  position.plots_to_draw = root["plots_to_draw"]
                               ? static_cast<int>(read_integer(root["plots_to_draw"],
                                                               "plots_to_draw", 0, kMaxPlotsDrawn))
                               : 0;
  position.kept = kNoTile;
  if (root["kept"] && !root["kept"].IsNull()) {
    position.kept = read_tile(root["kept"], "kept");
    tile_ledger.place(position.kept, 1, "kept", root["kept"]);
  }
  position.tiles = TilePile{};
  if (const YAML::Node under = root["tiles_under"]; under && !under.IsNull()) {
    expect_sequence(under, "tiles_under", "a list of plot tiles, the first to come out first");
    for (const auto& item : under) {
      const Tile tile = read_tile(item, "tiles_under");
      tile_ledger.place(tile, 1, "tiles_under", item);
      position.tiles.bottom.push_back(tile);
    }
  }
  const YAML::Node tiles = root["tiles"];
  if (!tiles || tiles.IsNull() || (tiles.IsScalar() && tiles.Scalar() == "rest")) {
    for (std::size_t tile = 0; tile < position.tiles.unseen.size(); ++tile) {
      position.tiles.unseen[tile] = static_cast<std::uint8_t>(tile_ledger.left(tile));
    }
  } else {
    expect_map(tiles, "tiles", "counts per tile kind ({green: 3, pink-watershed: 1}) or rest");
    for (const auto& entry : tiles) {
      const Tile tile = read_tile(entry.first, "tiles");
      const int count = static_cast<int>(
          read_integer(entry.second, "tiles." + tile_text(tile), 0, rules.tiles[tile]));
      tile_ledger.place(tile, count, "tiles", entry.second);
      position.tiles.unseen[tile] = static_cast<std::uint8_t>(position.tiles.unseen[tile] + count);
    }
    if (auto missing = tile_ledger.missing(); !missing.empty()) {
      fail_at(tiles, "tiles",
              fmt::format("these tiles are nowhere: {} (count them in tiles or list them in "
                          "tiles_under, or write tiles: rest)",
                          join(missing, ", ")));
    }
  }

  // The objective piles, likewise.
  for (ObjectivePile& pile : position.objectives) pile = ObjectivePile{};
  auto category_of = [&](const YAML::Node& node, const std::string& key) {
    return read_name(node, key, kCategoryPairs, Category::Plot);
  };
  auto check_category = [&](ObjectiveId id, Category category, const YAML::Node& node,
                            const std::string& key) {
    if (card_of(id).category != category) {
      fail_at(node, key,
              fmt::format("{} is a {} objective, not a {} one", card_of(id).name,
                          category_name(card_of(id).category), category_name(category)));
    }
  };
  if (const YAML::Node under = root["objectives_under"]; under && !under.IsNull()) {
    expect_map(under, "objectives_under", "cards under each pile ({plot: [plot-pink-line]})");
    for (const auto& entry : under) {
      const Category category = category_of(entry.first, "objectives_under");
      const std::string key = fmt::format("objectives_under.{}", category_name(category));
      if (entry.second.IsNull()) continue;
      expect_sequence(entry.second, key, "a list of objective cards, the first to come out first");
      for (const auto& item : entry.second) {
        const ObjectiveId id = read_objective(item, key);
        check_category(id, category, item, key);
        card_ledger.place(id, 1, key, item);
        position.objectives[static_cast<std::size_t>(category)].bottom.push_back(id);
      }
    }
  }
  const YAML::Node piles = root["objective_piles"];
  if (!piles || piles.IsNull() || (piles.IsScalar() && piles.Scalar() == "rest")) {
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      const auto category = static_cast<std::size_t>(objective_cards()[id].category);
      position.objectives[category].unseen[id] = static_cast<std::uint8_t>(card_ledger.left(id));
    }
  } else {
    expect_map(piles, "objective_piles",
               "the unseen cards of each pile ({panda: {panda-2-green: 5}}) or rest");
    for (const auto& entry : piles) {
      const Category category = category_of(entry.first, "objective_piles");
      const std::string key = fmt::format("objective_piles.{}", category_name(category));
      if (entry.second.IsNull()) continue;
      expect_map(entry.second, key, "counts per objective card ({plot-green-line: 1})");
      for (const auto& card : entry.second) {
        const ObjectiveId id = read_objective(card.first, key);
        check_category(id, category, card.first, key);
        const int count = static_cast<int>(
            read_integer(card.second, key + "." + card_of(id).name, 0, rules.objectives[id]));
        card_ledger.place(id, count, key, card.second);
        auto& unseen = position.objectives[static_cast<std::size_t>(category)].unseen[id];
        unseen = static_cast<std::uint8_t>(unseen + count);
      }
    }
    if (auto missing = card_ledger.missing(); !missing.empty()) {
      fail_at(piles, "objective_piles",
              fmt::format("these objective cards are nowhere: {} (count them in objective_piles, "
                          "list them in a hand or objectives_under, or write objective_piles: "
                          "rest)",
                          join(missing, ", ")));
    }
  }

  // The supply and the reserves: by default whatever is not on the table.
  for (std::size_t colour = 0; colour < kColours; ++colour) {
    position.bamboo[colour] = rules.bamboo[colour];
    for (const Player& player : position.players) position.bamboo[colour] -= player.eaten[colour];
  }
  for (const Plot& plot : position.plots) {
    position.bamboo[static_cast<std::size_t>(plot.colour)] -= plot.height;
  }
  if (const YAML::Node bamboo = root["bamboo"]; bamboo && !bamboo.IsNull()) {
    expect_map(bamboo, "bamboo", "sections in the supply per colour ({green: 20})");
    for (const auto& entry : bamboo) {
      const Colour colour = read_name(entry.first, "bamboo", kColourPairs, Colour::Green);
      const auto index = static_cast<std::size_t>(colour);
      // Below 0 when sections on the table stand in for missing ones.
      position.bamboo[index] =
          static_cast<int>(read_integer(entry.second, fmt::format("bamboo.{}", colour_name(colour)),
                                        -kMostSections, rules.bamboo[index]));
    }
  }
  position.channel_reserve = rules.channels - static_cast<int>(position.channels.size());
  for (const Player& player : position.players) position.channel_reserve -= player.channels;
  if (root["channel_reserve"]) {
    position.channel_reserve = static_cast<int>(
        read_integer(root["channel_reserve"], "channel_reserve", 0, rules.channels));
  }
  position.improvement_reserve = rules.improvement_tokens;
  for (const Player& player : position.players) {
    for (std::size_t index = 0; index < kImprovementKinds; ++index) {
      position.improvement_reserve[index] -= player.improvements[index];
    }
  }
  for (const Plot& plot : position.plots) {
    if (plot.improvement != Improvement::None && !plot.printed) {
      --position.improvement_reserve[token_index(plot.improvement)];
    }
  }
  if (const YAML::Node reserve = root["improvement_reserve"]; reserve && !reserve.IsNull()) {
    expect_map(reserve, "improvement_reserve", "tokens per kind ({enclosure: 3})");
    for (const auto& entry : reserve) {
      const std::size_t index =
          read_name(entry.first, "improvement_reserve", kTokenPairs, std::size_t{0});
      position.improvement_reserve[index] = static_cast<int>(read_integer(
          entry.second, fmt::format("improvement_reserve.{}", kTokenPairs[index].second), 0,
          rules.improvement_tokens[index]));
    }
  }

  // The objective action in progress.
  position.drawing = root["drawing"] ? category_of(root["drawing"], "drawing") : Category::Plot;
  position.redrawn = {};
  if (const YAML::Node redrawn = root["redrawn"]; redrawn && !redrawn.IsNull()) {
    expect_map(redrawn, "redrawn", "cards put back per pile ({plot: 1})");
    for (const auto& entry : redrawn) {
      const Category category = category_of(entry.first, "redrawn");
      position.redrawn[static_cast<std::size_t>(category)] = static_cast<std::uint8_t>(
          read_integer(entry.second, fmt::format("redrawn.{}", category_name(category)), 0, 100));
    }
  }

  if (auto problems = check_position(position); !problems.empty()) {
    fail_at(root, "", "this position breaks the rules: " + join(problems, "; "));
  }
  // A hand-written position may stop where nothing is left to decide (an
  // actions step with both actions taken and nothing free to do): play on to
  // the next decision.
  advance(position, nullptr);
  return position;
}

}  // namespace grove::takenoko
