#include "engine/games/bamboo_harvest/path.hpp"

#include <deque>
#include <limits>

namespace grove::bamboo_harvest {
namespace {

constexpr int kFar = std::numeric_limits<int>::max() / 2;

// One direction: from the cells where `starts` holds to the cells where
// `ends` holds.
class Search {
 public:
  Search(const Grid& grid, const Owners& owners, Seat seat, const PathLimits& limits)
      : grid_(grid), owners_(owners), seat_(seat), limits_(limits) {}

  template <class IsStart, class IsEnd>
  std::optional<std::vector<int>> run(IsStart is_start, IsEnd is_end) {
    for (int cell = 0; cell < grid_.cells(); ++cell) end_[cell] = is_end(cell);
    fewest_others_to_end();
    for (int cell = 0; cell < grid_.cells(); ++cell) {
      if (!is_start(cell) || owners_[cell] == kNoSeat) continue;
      if (extend(cell, 0)) return path_;
    }
    return std::nullopt;
  }

 private:
  bool other(int cell) const { return owners_[cell] != seat_; }

  // 0-1 breadth-first search from the far side over built cards: how many
  // other players' tokens a path from each card must at least pick up
  // (counting the card itself). It ignores that paths are simple and the
  // per-player limit, so it never overestimates: a sound pruning bound.
  void fewest_others_to_end() {
    std::deque<int> queue;
    for (int cell = 0; cell < grid_.cells(); ++cell) {
      need_[cell] = kFar;
      if (end_[cell] && owners_[cell] != kNoSeat) {
        need_[cell] = other(cell) ? 1 : 0;
        if (other(cell)) {
          queue.push_back(cell);
        } else {
          queue.push_front(cell);
        }
      }
    }
    while (!queue.empty()) {
      const int cell = queue.front();
      queue.pop_front();
      grid_.for_each_neighbour(cell, [&](int next) {
        if (owners_[next] == kNoSeat) return;
        const int cost = need_[cell] + (other(next) ? 1 : 0);
        if (cost < need_[next]) {
          need_[next] = cost;
          if (other(next)) {
            queue.push_back(next);
          } else {
            queue.push_front(next);
          }
        }
      });
    }
  }

  bool extend(int cell, int others_before) {
    const Seat owner = owners_[cell];
    int others = others_before;
    if (owner != seat_) {
      if (from_[owner] + 1 > limits_.max_from_one_other) return false;
      ++others;
      if (others > limits_.max_others) return false;
    }
    // Still possible to reach the far side within the limit?
    if (others_before + need_[cell] > limits_.max_others) return false;
    if (owner == seat_) {
      ++own_;
    } else {
      ++from_[owner];
    }
    visited_ |= std::uint64_t{1} << cell;
    path_.push_back(cell);

    bool found =
        end_[cell] && others >= limits_.min_others && (own_ > 0 || !limits_.own_token_required);
    if (!found) {
      grid_.for_each_neighbour(cell, [&](int next) {
        if (found || owners_[next] == kNoSeat || (visited_ >> next) & 1U) return;
        found = extend(next, others);
      });
    }
    if (found) return true;

    path_.pop_back();
    visited_ &= ~(std::uint64_t{1} << cell);
    if (owner == seat_) {
      --own_;
    } else {
      --from_[owner];
    }
    return false;
  }

  const Grid& grid_;
  const Owners& owners_;
  Seat seat_;
  const PathLimits& limits_;
  std::array<bool, kMaxCells> end_{};
  std::array<int, kMaxCells> need_{};
  std::array<int, 8> from_{};  // tokens on the path, per other player
  int own_ = 0;
  std::uint64_t visited_ = 0;
  std::vector<int> path_;
};

// Whether the built cards, whoever owns them, join the two sides (north
// and south, or west and east): every winning path is such a chain. A few
// shifts of a mask of the cells, where the search is thousands of steps,
// and most build steps of a game end with no chain across yet.
bool sides_joined(const Grid& grid, const Owners& owners, bool north_south) {
  std::uint64_t built = 0;
  std::uint64_t start = 0;
  std::uint64_t end = 0;
  std::uint64_t west_edge = 0;
  std::uint64_t east_edge = 0;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const std::uint64_t bit = std::uint64_t{1} << cell;
    if (owners[static_cast<std::size_t>(cell)] != kNoSeat) built |= bit;
    if (grid.column(cell) == 0) west_edge |= bit;
    if (grid.column(cell) == grid.columns - 1) east_edge |= bit;
    if (north_south ? grid.row(cell) == 0 : grid.column(cell) == 0) start |= bit;
    if (north_south ? grid.row(cell) == grid.rows - 1 : grid.column(cell) == grid.columns - 1) {
      end |= bit;
    }
  }
  const auto columns = static_cast<unsigned>(grid.columns);
  for (std::uint64_t reached = built & start, before = 0; reached != before;) {
    if ((reached & end) != 0) return true;
    before = reached;
    reached |= built & ((reached << columns) | (reached >> columns) |
                        ((reached & ~east_edge) << 1U) | ((reached & ~west_edge) >> 1U));
  }
  return false;
}

}  // namespace

std::optional<std::vector<int>> find_winning_path(const Grid& grid, const Owners& owners, Seat seat,
                                                  const PathLimits& limits) {
  if (sides_joined(grid, owners, true)) {
    Search north_south(grid, owners, seat, limits);
    auto path = north_south.run([&](int cell) { return grid.row(cell) == 0; },
                                [&](int cell) { return grid.row(cell) == grid.rows - 1; });
    if (path) return path;
  }
  if (!sides_joined(grid, owners, false)) return std::nullopt;
  Search west_east(grid, owners, seat, limits);
  return west_east.run([&](int cell) { return grid.column(cell) == 0; },
                       [&](int cell) { return grid.column(cell) == grid.columns - 1; });
}

}  // namespace grove::bamboo_harvest
