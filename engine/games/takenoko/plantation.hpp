#pragma once
// Questions about the plantation's geometry that the rules ask: where a plot
// may be placed (takenoko_rulebook.md, "Plots"), where a channel may go
// ("Irrigation"), where the gardener and the panda may walk ("Gardener",
// "Panda", "Details on the movements"), which plots are irrigated, and whether
// a plot objective's pattern is on the board ("Plots objectives").

#include <optional>
#include <string>
#include <vector>

#include "engine/games/takenoko/position.hpp"

namespace grove::takenoko {

// The rectangle of axial coordinates that holds the pond and every plot,
// widened by `margin` cells, with a place for each cell in a flat array:
// how the move lists and the heuristic's survey read the plantation by
// look-up rather than by search.
struct Window {
  Window(const Position& position, int margin);

  int width() const { return q_max - q_min + 1; }
  int height() const { return r_max - r_min + 1; }
  std::size_t size() const { return static_cast<std::size_t>(width() * height()); }
  bool contains(const Hex& at) const {
    return at.q >= q_min && at.q <= q_max && at.r >= r_min && at.r <= r_max;
  }
  std::size_t index(const Hex& at) const {
    return static_cast<std::size_t>((at.r - r_min) * width() + at.q - q_min);
  }

  int q_min = 0, q_max = 0, r_min = 0, r_max = 0;
};

// Empty spaces where a new plot may go: next to the pond or next to two
// placed plots. In coordinate order.
std::vector<Hex> plot_spots(const Position& position);
// The cells a drawing of the table must show: `spots`, the pond, every plot,
// and anything else the position names (pieces, channel sides), so that even
// a broken position is drawn whole (the text board and the picture).
std::vector<Hex> cells_to_draw(const Position& position, const std::vector<Hex>& spots);
// Whether a plot may go there; plot_spot_problem says why not.
bool plot_spot_open(const Position& position, const Hex& at);
// "" when a plot may go there, otherwise why not.
std::string plot_spot_problem(const Position& position, const Hex& at);

// Whether a plot at `at` would be irrigated by the board around it: next to
// the pond, or a channel on one of its borders. (A watershed is the plot's
// own matter.)
bool watered_by_neighbours(const Position& position, const Hex& at);

// Whether a channel may go on the edge; channel_problem says why not.
// `two_plots`: ruling tk.channel_beside_empty (both sides must be plots).
bool channel_allowed(const Position& position, const Edge& edge, bool two_plots);
// "" when a channel may go on the edge, otherwise why not.
std::string channel_problem(const Position& position, const Edge& edge, bool two_plots);
// Every edge where a channel may go, in edge order.
std::vector<Edge> channel_spots(const Position& position, bool two_plots);
// The channels form networks from the pond's corners: every channel must be
// reachable from a pond corner through channels sharing a corner. The
// channels that are not (none in a position play can reach).
std::vector<Edge> unconnected_channels(const Position& position);

// Where a piece standing on `from` can go in one straight move of at least
// one cell over placed cells (plots and the pond), in direction order then
// distance.
std::vector<Hex> straight_destinations(const Position& position, const Hex& from);

// Whether the plot objective's pattern (any of its six rotations, no mirror
// image) lies on irrigated plots of the shown colours.
bool pattern_present(const Position& position, const std::vector<PlotCell>& cells);

// The plots as the patterns see them: where they are, their colours and
// whether they are irrigated. Agents look at thousands of positions that
// share one plantation; what was worked out from these alone can be used
// again while a position shows the same (compared in full).
class PlotsSeen {
 public:
  bool same(const Position& position) const;
  void take(const Position& position);

 private:
  struct Seen {
    Hex at;
    Colour colour;
    bool irrigated;
    bool operator==(const Seen&) const = default;
  };
  bool taken_ = false;
  std::vector<Seen> plots_;
};

}  // namespace grove::takenoko
