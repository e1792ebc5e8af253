#pragma once
// The forest of cards as a grid (bamboo_harvest.txt, "Terms": adjacent means
// north, south, east or west). Cells are numbered row by row from the
// north-west corner and written like a chess board seen from the south edge
// of the table: columns a, b, c ... from west to east, rows 1, 2, 3 ... from
// north to south ("a1" is the north-west corner).

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace grove::bamboo_harvest {

inline constexpr int kMaxRows = 7;
inline constexpr int kMaxColumns = 7;
inline constexpr int kMaxCells = kMaxRows * kMaxColumns;

struct Grid {
  int rows = kMaxRows;
  int columns = kMaxColumns;

  int cells() const { return rows * columns; }
  int row(int cell) const { return cell / columns; }
  int column(int cell) const { return cell % columns; }
  int cell(int row, int column) const { return row * columns + column; }
  bool contains(int cell) const { return cell >= 0 && cell < cells(); }

  // Edges between two cards on the shortest route that only moves north,
  // south, east or west (the cost of a swap, "Swap").
  int distance(int a, int b) const {
    return std::abs(row(a) - row(b)) + std::abs(column(a) - column(b));
  }
  bool adjacent(int a, int b) const { return distance(a, b) == 1; }

  // Calls f(neighbour) for each adjacent cell.
  template <class F>
  void for_each_neighbour(int cell, F&& f) const {
    const int r = row(cell);
    const int c = column(cell);
    if (r > 0) f(cell - columns);
    if (c > 0) f(cell - 1);
    if (c + 1 < columns) f(cell + 1);
    if (r + 1 < rows) f(cell + columns);
  }

  std::string cell_text(int cell) const;                       // "c4"
  std::optional<int> parse_cell(std::string_view text) const;  // nullopt when off the grid
};

}  // namespace grove::bamboo_harvest
