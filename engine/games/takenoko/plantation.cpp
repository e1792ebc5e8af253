#include "engine/games/takenoko/plantation.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grove::takenoko {
namespace {

int plots_around(const Position& position, const Hex& at) {
  int count = 0;
  for (const Hex& step : kDirections) count += position.plot_at(at + step) != nullptr ? 1 : 0;
  return count;
}

// A channel on this edge would touch the network: one of its corners is a
// corner of the pond or the end of another channel.
bool touches_network(const Position& position, const Edge& edge) {
  for (const Hex& third : corner_cells(edge)) {
    if (third == kPond) return true;
    if ((adjacent(edge.a, third) && position.has_channel(edge_between(edge.a, third))) ||
        (adjacent(edge.b, third) && position.has_channel(edge_between(edge.b, third)))) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string plot_spot_problem(const Position& position, const Hex& at) {
  if (at == kPond) return "the pond is at 0,0";
  if (position.plot_at(at) != nullptr)
    return fmt::format("there is already a plot at {}", hex_text(at));
  if (adjacent(at, kPond)) return "";
  const int around = plots_around(position, at);
  if (around >= 2) return "";
  return fmt::format(
      "{} touches {} and not the pond (a new plot goes next to the pond or next to two placed "
      "plots)",
      hex_text(at), around == 0 ? "no plot" : "only one plot");
}

std::vector<Hex> plot_spots(const Position& position) {
  std::vector<Hex> spots;
  auto consider = [&](const Hex& around) {
    for (const Hex& step : kDirections) {
      const Hex at = around + step;
      if (plot_spot_problem(position, at).empty()) spots.push_back(at);
    }
  };
  consider(kPond);
  for (const Plot& plot : position.plots) consider(plot.at);
  std::sort(spots.begin(), spots.end());
  spots.erase(std::unique(spots.begin(), spots.end()), spots.end());
  return spots;
}

bool watered_by_neighbours(const Position& position, const Hex& at) {
  for (const Hex& step : kDirections) {
    const Hex next = at + step;
    if (next == kPond || position.has_channel(edge_between(at, next))) return true;
  }
  return false;
}

std::string channel_problem(const Position& position, const Edge& edge, bool two_plots) {
  const std::string where = fmt::format("between {} and {}", hex_text(edge.a), hex_text(edge.b));
  if (!adjacent(edge.a, edge.b)) {
    return fmt::format(
        "{} and {} are not next to each other: a channel lies on the border between "
        "two neighbouring cells",
        hex_text(edge.a), hex_text(edge.b));
  }
  if (edge.a == kPond || edge.b == kPond) {
    return "a channel never goes on the pond's border (the pond already irrigates its neighbours)";
  }
  const bool a_plot = position.plot_at(edge.a) != nullptr;
  const bool b_plot = position.plot_at(edge.b) != nullptr;
  if (!a_plot && !b_plot)
    return fmt::format("there is no plot on either side of the border {}", where);
  if (two_plots && !(a_plot && b_plot)) {
    return fmt::format(
        "{} is an empty space: a channel goes on the border between two plots "
        "(ruling tk.channel_beside_empty)",
        hex_text(a_plot ? edge.b : edge.a));
  }
  if (position.has_channel(edge)) return fmt::format("there is already a channel {}", where);
  if (!touches_network(position, edge)) {
    return fmt::format(
        "a channel {} would not be connected: it must continue from a corner of the "
        "pond or the end of another channel",
        where);
  }
  return "";
}

std::vector<Edge> channel_spots(const Position& position, bool two_plots) {
  std::vector<Edge> spots;
  for (const Plot& plot : position.plots) {
    for (const Hex& step : kDirections) {
      const Edge edge = edge_between(plot.at, plot.at + step);
      // Each border between two plots is seen from both sides; take it once.
      if (position.plot_at(plot.at + step) != nullptr && edge.a != plot.at) continue;
      if (channel_problem(position, edge, two_plots).empty()) spots.push_back(edge);
    }
  }
  std::sort(spots.begin(), spots.end());
  return spots;
}

bool channels_connected(const Position& position) {
  // Grow the network from the channels touching a pond corner.
  std::vector<bool> reached(position.channels.size(), false);
  bool grew = true;
  while (grew) {
    grew = false;
    for (std::size_t i = 0; i < position.channels.size(); ++i) {
      if (reached[i]) continue;
      const Edge& edge = position.channels[i];
      bool linked = false;
      for (const Hex& third : corner_cells(edge)) {
        if (third == kPond) linked = true;
        for (std::size_t j = 0; j < position.channels.size() && !linked; ++j) {
          if (!reached[j]) continue;
          const Edge& other = position.channels[j];
          linked = other == edge_between(edge.a, third) || other == edge_between(edge.b, third);
        }
      }
      if (linked) reached[i] = grew = true;
    }
  }
  return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
}

std::vector<Hex> straight_destinations(const Position& position, const Hex& from) {
  std::vector<Hex> destinations;
  for (const Hex& step : kDirections) {
    for (Hex at = from + step; position.placed(at); at = at + step) destinations.push_back(at);
  }
  return destinations;
}

bool pattern_present(const Position& position, const std::vector<PlotCell>& cells) {
  if (cells.empty()) return true;
  for (int turn = 0; turn < 6; ++turn) {
    const Hex first = rotated(cells.front().at, turn);
    for (const Plot& anchor : position.plots) {
      if (!anchor.irrigated || anchor.colour != cells.front().colour) continue;
      const Hex shift{anchor.at.q - first.q, anchor.at.r - first.r};
      const bool all = std::all_of(cells.begin() + 1, cells.end(), [&](const PlotCell& cell) {
        const Plot* plot = position.plot_at(rotated(cell.at, turn) + shift);
        return plot != nullptr && plot->irrigated && plot->colour == cell.colour;
      });
      if (all) return true;
    }
  }
  return false;
}

}  // namespace grove::takenoko
