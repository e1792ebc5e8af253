// The invariants a Takenoko position keeps: every component is somewhere and
// only once (tiles, objective cards, bamboo sections per colour, channels,
// improvement tokens), heights stay within 0..max, bamboo only on plots that
// were irrigated, channels on the network, hands within the limit. Hand-
// written positions are checked with the same list.

#include <fmt/format.h>

#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {

std::vector<std::string> TakenokoRules::check_position(const Position& position) const {
  std::vector<std::string> problems;
  if (static_cast<int>(position.players.size()) != players()) {
    problems.push_back("the position does not have one entry per player");
    return problems;
  }
  if (position.turn < 0 || position.turn >= players())
    problems.push_back("the turn is not a seat at the table");

  // Plot tiles: in the pile, drawn, kept, or in the plantation.
  std::array<int, kTileKinds> tiles{};
  for (std::size_t tile = 0; tile < kTileKinds; ++tile)
    tiles[tile] = position.tiles.count_of(static_cast<int>(tile));
  for (Tile tile : position.drawn) ++tiles[tile];
  if (position.kept != kNoTile) ++tiles[position.kept];
  std::array<int, kColours> on_plots{};
  std::array<int, kImprovementKinds> tokens_placed{};
  for (const Plot& plot : position.plots) {
    const std::string at = hex_text(plot.at);
    ++tiles[tile_of(plot.colour, plot.printed ? plot.improvement : Improvement::None)];
    on_plots[static_cast<std::size_t>(plot.colour)] += plot.height;
    if (plot.at == kPond) problems.push_back("a plot lies on the pond");
    if (plot.printed && plot.improvement == Improvement::None) {
      problems.push_back(
          fmt::format("the plot at {} is marked printed without an improvement", at));
    }
    if (!plot.printed && plot.improvement != Improvement::None)
      ++tokens_placed[token_index(plot.improvement)];
    if (plot.height < 0 || plot.height > settings_.max_height) {
      problems.push_back(fmt::format("the bamboo at {} is {} sections high (0 to {})", at,
                                     plot.height, settings_.max_height));
    }
    if (plot.height > 0 && !plot.irrigated) {
      problems.push_back(fmt::format("the plot at {} carries bamboo but was never irrigated", at));
    }
    if (!plot.irrigated &&
        (plot.improvement == Improvement::Watershed || watered_by_neighbours(position, plot.at))) {
      problems.push_back(
          fmt::format("the plot at {} is irrigated (next to the pond, a channel or with a "
                      "watershed) but not marked so",
                      at));
    }
  }
  for (std::size_t tile = 0; tile < kTileKinds; ++tile) {
    if (tiles[tile] != settings_.tiles[tile]) {
      problems.push_back(
          fmt::format("plot tiles not conserved: {} {} tiles on the table, the variant has {}",
                      tiles[tile], tile_text(static_cast<Tile>(tile)), settings_.tiles[tile]));
    }
  }

  // Objective cards: in their own pile, in a hand, or completed.
  std::array<int, kObjectiveKinds> cards{};
  for (std::size_t category = 0; category < kCategories; ++category) {
    const ObjectivePile& pile = position.objectives[category];
    for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
      const int count = pile.count_of(static_cast<int>(id));
      cards[id] += count;
      if (count > 0 && static_cast<std::size_t>(objective_cards()[id].category) != category) {
        problems.push_back(fmt::format("{} lies in the {} pile", objective_cards()[id].name,
                                       kCategoryNames[category]));
      }
    }
  }
  std::array<int, kColours> eaten{};
  int kept_channels = 0;
  std::array<int, kImprovementKinds> kept_tokens{};
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    const std::string who = seat_label(seat);
    for (std::size_t id = 0; id < kObjectiveKinds; ++id)
      cards[id] += player.hand[id] + player.completed[id];
    if (player.hand_size() > settings_.hand_limit) {
      problems.push_back(fmt::format("{} holds {} objectives, more than the hand limit of {}", who,
                                     player.hand_size(), settings_.hand_limit));
    }
    for (std::size_t colour = 0; colour < kColours; ++colour) {
      eaten[colour] += player.eaten[colour];
      if (player.eaten[colour] < 0)
        problems.push_back(fmt::format("{} has a negative number of sections", who));
    }
    kept_channels += player.channels;
    if (player.channels < 0)
      problems.push_back(fmt::format("{} keeps a negative number of channels", who));
    for (std::size_t kind = 0; kind < kImprovementKinds; ++kind) {
      kept_tokens[kind] += player.improvements[kind];
      if (player.improvements[kind] < 0)
        problems.push_back(fmt::format("{} keeps a negative number of tokens", who));
    }
  }
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (cards[id] != settings_.objectives[id]) {
      problems.push_back(
          fmt::format("objective cards not conserved: {} of {} on the table, the variant has {}",
                      cards[id], objective_cards()[id].name, settings_.objectives[id]));
    }
  }

  // Bamboo sections per colour. Under the stand-in ruling a colour's supply
  // may go below zero (other colours stand in), but not the supply as a whole.
  int supply = 0;
  for (std::size_t colour = 0; colour < kColours; ++colour) {
    supply += position.bamboo[colour];
    const int total = position.bamboo[colour] + on_plots[colour] + eaten[colour];
    if (total != settings_.bamboo[colour]) {
      problems.push_back(
          fmt::format("{} sections not conserved: {} in the supply, {} on plots, {} on boards "
                      "make {}, the variant has {}",
                      kColourNames[colour], position.bamboo[colour], on_plots[colour],
                      eaten[colour], total, settings_.bamboo[colour]));
    }
    if (!settings_.stand_in_sections && position.bamboo[colour] < 0) {
      problems.push_back(fmt::format("the supply has {} {} sections", position.bamboo[colour],
                                     kColourNames[colour]));
    }
  }
  if (supply < 0) problems.push_back(fmt::format("the bamboo supply holds {} sections", supply));

  // Channels and improvement tokens.
  const int channels =
      position.channel_reserve + kept_channels + static_cast<int>(position.channels.size());
  if (channels != settings_.channels || position.channel_reserve < 0) {
    problems.push_back(fmt::format(
        "irrigation channels not conserved: {} in the reserve, {} kept, {} placed; "
        "the variant has {}",
        position.channel_reserve, kept_channels, position.channels.size(), settings_.channels));
  }
  for (std::size_t kind = 0; kind < kImprovementKinds; ++kind) {
    const int total = position.improvement_reserve[kind] + kept_tokens[kind] + tokens_placed[kind];
    if (total != settings_.improvement_tokens[kind] || position.improvement_reserve[kind] < 0) {
      problems.push_back(
          fmt::format("{} tokens not conserved: {} in the reserve, {} kept, {} placed; the "
                      "variant has {}",
                      kImprovementNames[kind + 1], position.improvement_reserve[kind],
                      kept_tokens[kind], tokens_placed[kind], settings_.improvement_tokens[kind]));
    }
  }
  for (const Edge& edge : position.channels) {
    const bool a_plot = position.plot_at(edge.a) != nullptr;
    const bool b_plot = position.plot_at(edge.b) != nullptr;
    if (!adjacent(edge.a, edge.b) || edge.a == kPond || edge.b == kPond || !(a_plot || b_plot) ||
        (settings_.channel_needs_two_plots && !(a_plot && b_plot))) {
      problems.push_back(
          fmt::format("the channel {} is not on the border between {}", edge_text(edge),
                      settings_.channel_needs_two_plots ? "two plots" : "a plot and a cell"));
    }
  }
  if (const std::vector<Edge> cut_off = unconnected_channels(position); !cut_off.empty()) {
    std::vector<std::string> named;
    for (const Edge& edge : cut_off) named.push_back(edge_text(edge));
    problems.push_back(fmt::format(
        "the channel{} {} {} not connected to the pond through other channels",
        cut_off.size() == 1 ? "" : "s", join(named, ", "), cut_off.size() == 1 ? "is" : "are"));
  }

  // Pieces, the end and the turn's progress.
  if (!position.placed(position.gardener)) {
    problems.push_back(
        fmt::format("the gardener stands on the empty space {}", hex_text(position.gardener)));
  }
  if (!position.placed(position.panda)) {
    problems.push_back(
        fmt::format("the panda stands on the empty space {}", hex_text(position.panda)));
  }
  if (position.emperor != kNoSeat &&
      position.players[static_cast<std::size_t>(position.emperor)].completed_count() <
          settings_.objectives_to_end) {
    problems.push_back(
        fmt::format("{} holds the Emperor card with fewer than {} completed objectives",
                    seat_label(position.emperor), settings_.objectives_to_end));
  }
  if ((position.kept != kNoTile) != (position.step == Step::PlacePlot)) {
    problems.push_back("a kept plot tile belongs to the place_plot step, and that step needs one");
  }
  if (static_cast<int>(position.drawn.size()) > settings_.plots_drawn) {
    problems.push_back(fmt::format("{} plot tiles drawn, more than the {} of a plot action",
                                   position.drawn.size(), settings_.plots_drawn));
  }
  if (position.step == Step::KeepPlot && position.drawn.empty()) {
    problems.push_back("the keep_plot step needs the drawn tiles");
  }
  return problems;
}

std::vector<std::string> TakenokoRules::invariant_violations_at(const Position& position) const {
  return check_position(position);
}

}  // namespace grove::takenoko
