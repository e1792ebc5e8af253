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

bool plot_spot_open(const Position& position, const Hex& at) {
  if (at == kPond || position.plot_at(at) != nullptr) return false;
  return adjacent(at, kPond) || plots_around(position, at) >= 2;
}

std::string plot_spot_problem(const Position& position, const Hex& at) {
  if (plot_spot_open(position, at)) return "";
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

Window::Window(const Position& position, int margin) {
  for (const Plot& plot : position.plots) {
    q_min = std::min(q_min, plot.at.q);
    q_max = std::max(q_max, plot.at.q);
    r_min = std::min(r_min, plot.at.r);
    r_max = std::max(r_max, plot.at.r);
  }
  q_min -= margin;
  q_max += margin;
  r_min -= margin;
  r_max += margin;
}

std::vector<Hex> cells_to_draw(const Position& position, const std::vector<Hex>& spots) {
  std::vector<Hex> cells = spots;
  cells.push_back(kPond);
  for (const Plot& plot : position.plots) cells.push_back(plot.at);
  for (const Edge& edge : position.channels) {
    cells.push_back(edge.a);
    cells.push_back(edge.b);
  }
  cells.push_back(position.gardener);
  cells.push_back(position.panda);
  return cells;
}

std::vector<Hex> plot_spots(const Position& position) {
  // An open space touches the pond or a plot, so it lies in the window of
  // the pond and the plots widened by one cell. Each cell of the window
  // holds how many plots touch it (-1: taken by a plot or the pond), and the
  // window is read in coordinate order.
  const Window window(position, 1);
  thread_local std::vector<std::int8_t> around;  // kept per thread: no allocation
  around.assign(window.size(), 0);
  for (const Plot& plot : position.plots) {
    for (const Hex& step : kDirections) ++around[window.index(plot.at + step)];
  }
  around[window.index(kPond)] = -1;
  for (const Plot& plot : position.plots) around[window.index(plot.at)] = -1;
  std::vector<Hex> spots;
  for (int q = window.q_min; q <= window.q_max; ++q) {
    for (int r = window.r_min; r <= window.r_max; ++r) {
      const Hex at{q, r};
      const int plots = around[window.index(at)];
      if (plots >= 0 && (adjacent(at, kPond) || plots >= 2)) spots.push_back(at);
    }
  }
  return spots;
}

bool watered_by_neighbours(const Position& position, const Hex& at) {
  for (const Hex& step : kDirections) {
    const Hex next = at + step;
    if (next == kPond || position.has_channel(edge_between(at, next))) return true;
  }
  return false;
}

bool channel_allowed(const Position& position, const Edge& edge, bool two_plots) {
  if (!adjacent(edge.a, edge.b) || edge.a == kPond || edge.b == kPond) return false;
  const bool a_plot = position.plot_at(edge.a) != nullptr;
  const bool b_plot = position.plot_at(edge.b) != nullptr;
  if (two_plots ? !(a_plot && b_plot) : !(a_plot || b_plot)) return false;
  return !position.has_channel(edge) && touches_network(position, edge);
}

std::string channel_problem(const Position& position, const Edge& edge, bool two_plots) {
  if (channel_allowed(position, edge, two_plots)) return "";
  const auto where = [&] {
    return fmt::format("between {} and {}", hex_text(edge.a), hex_text(edge.b));
  };
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
    return fmt::format("there is no plot on either side of the border {}", where());
  if (two_plots && !(a_plot && b_plot)) {
    return fmt::format(
        "{} is an empty space: a channel goes on the border between two plots "
        "(ruling tk.channel_beside_empty)",
        hex_text(a_plot ? edge.b : edge.a));
  }
  if (position.has_channel(edge)) return fmt::format("there is already a channel {}", where());
  if (!touches_network(position, edge)) {
    return fmt::format(
        "a channel {} would not be connected: it must continue from a corner of the "
        "pond or the end of another channel",
        where());
  }
  return "";
}

std::vector<Edge> channel_spots(const Position& position, bool two_plots) {
  // The borders of every plot, asked as channel_allowed asks, but with the
  // plots and the channels read from a window of the plantation widened by
  // one cell rather than searched for: this is asked whenever a player who
  // keeps a channel has moves listed. Each cell holds a bit per border
  // with a channel and kPlotBit when a plot lies there.
  constexpr std::uint8_t kPlotBit = 1U << 6;
  const Window window(position, 1);
  const auto index = [&](const Hex& at) { return window.index(at); };
  thread_local std::vector<std::uint8_t> cells;  // kept per thread: no allocation
  cells.assign(window.size(), 0);
  for (const Plot& plot : position.plots) cells[index(plot.at)] |= kPlotBit;
  for (const Edge& edge : position.channels) {
    for (const auto& [side, other] : {std::pair{edge.a, edge.b}, std::pair{edge.b, edge.a}}) {
      const std::size_t direction = direction_index(Hex{other.q - side.q, other.r - side.r});
      if (direction < kDirections.size() && window.contains(side)) {
        cells[index(side)] |= static_cast<std::uint8_t>(1U << direction);
      }
    }
  }
  const auto channel = [&](const Hex& at, std::size_t direction) {
    return (cells[index(at)] >> direction & 1U) != 0;
  };
  std::vector<Edge> spots;
  for (const Plot& plot : position.plots) {
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      const Hex next = plot.at + kDirections[d];
      const bool next_plot = (cells[index(next)] & kPlotBit) != 0;
      // Each border between two plots is seen from both sides; take it once.
      if (next_plot && next < plot.at) continue;
      if (plot.at == kPond || next == kPond || (two_plots && !next_plot) || channel(plot.at, d)) {
        continue;
      }
      // Touching the network: a corner at the pond or at another channel's
      // end (corners_seen_across).
      bool touches = false;
      for (const auto& [from_plot, from_next] :
           {std::pair{(d + 1) % 6, (d + 2) % 6}, std::pair{(d + 5) % 6, (d + 4) % 6}}) {
        touches = touches || plot.at + kDirections[from_plot] == kPond ||
                  channel(plot.at, from_plot) || channel(next, from_next);
      }
      if (touches) spots.push_back(edge_between(plot.at, next));
    }
  }
  std::sort(spots.begin(), spots.end());
  return spots;
}

std::vector<Edge> unconnected_channels(const Position& position) {
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
  std::vector<Edge> cut_off;
  for (std::size_t i = 0; i < position.channels.size(); ++i) {
    if (!reached[i]) cut_off.push_back(position.channels[i]);
  }
  return cut_off;
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
  // The irrigated plots by colour in a dense window around the plantation,
  // so that each cell of each placement is one look-up: this runs for every
  // plot objective in hand at every decision.
  int q_min = 0, q_max = 0, r_min = 0, r_max = 0;
  for (const Plot& plot : position.plots) {
    q_min = std::min(q_min, plot.at.q);
    q_max = std::max(q_max, plot.at.q);
    r_min = std::min(r_min, plot.at.r);
    r_max = std::max(r_max, plot.at.r);
  }
  const int width = q_max - q_min + 1;
  const int height = r_max - r_min + 1;
  // Buffers kept per thread: no allocation on the agents' path.
  thread_local std::vector<std::int8_t> colour_at;
  thread_local std::vector<Hex> turned;
  colour_at.assign(static_cast<std::size_t>(width * height), -1);
  for (const Plot& plot : position.plots) {
    if (!plot.irrigated) continue;
    colour_at[static_cast<std::size_t>((plot.at.r - r_min) * width + plot.at.q - q_min)] =
        static_cast<std::int8_t>(plot.colour);
  }
  auto irrigated_colour = [&](const Hex& at) -> int {
    if (at.q < q_min || at.q > q_max || at.r < r_min || at.r > r_max) return -1;
    return colour_at[static_cast<std::size_t>((at.r - r_min) * width + at.q - q_min)];
  };
  turned.resize(cells.size());
  for (int turn = 0; turn < 6; ++turn) {
    for (std::size_t i = 0; i < cells.size(); ++i) turned[i] = rotated(cells[i].at, turn);
    for (const Plot& anchor : position.plots) {
      if (!anchor.irrigated || anchor.colour != cells.front().colour) continue;
      const Hex shift{anchor.at.q - turned[0].q, anchor.at.r - turned[0].r};
      bool all = true;
      for (std::size_t i = 1; i < cells.size() && all; ++i) {
        all = irrigated_colour(turned[i] + shift) == static_cast<int>(cells[i].colour);
      }
      if (all) return true;
    }
  }
  return false;
}

bool PlotsSeen::same(const Position& position) const {
  if (!taken_ || position.plots.size() != plots_.size()) return false;
  for (std::size_t i = 0; i < plots_.size(); ++i) {
    const Plot& plot = position.plots[i];
    if (!(plots_[i] == Seen{plot.at, plot.colour, plot.irrigated})) return false;
  }
  return true;
}

void PlotsSeen::take(const Position& position) {
  taken_ = true;
  plots_.clear();
  for (const Plot& plot : position.plots) plots_.push_back({plot.at, plot.colour, plot.irrigated});
}

}  // namespace grove::takenoko
