#pragma once
// The hex plantation's geometry (reference/takenoko README, "Coordinate
// convention"): axial coordinates [q, r] with the pond at [0, 0], pointy-top
// hexes, q growing east and r south-east. Channels lie on edges, the border
// between two cells.

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grove::takenoko {

struct Hex {
  int q = 0;
  int r = 0;

  friend auto operator<=>(const Hex&, const Hex&) = default;
  Hex operator+(const Hex& other) const { return Hex{q + other.q, r + other.r}; }
};

inline constexpr Hex kPond{0, 0};

// The six neighbour directions, clockwise on screen from east: E, SE, SW, W,
// NW, NE.
inline constexpr std::array<Hex, 6> kDirections = {
    {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}};
inline constexpr std::array<const char*, 6> kDirectionNames = {"E", "SE", "SW", "W", "NW", "NE"};

// Which of kDirections leads from a cell to its neighbour `step` away (6:
// not a neighbour).
std::size_t direction_index(const Hex& step);

// The border in direction d has its two corners at the neighbours in
// directions d + 1 and d - 1; seen from the cell across the border, the
// same two cells lie in directions d + 2 and d - 2. Code that reads the
// channels at a border's corners from both of its sides relies on this.
constexpr bool corners_seen_across() {
  for (std::size_t d = 0; d < kDirections.size(); ++d) {
    const Hex& across = kDirections[d];
    const Hex& next = kDirections[(d + 1) % 6];
    const Hex& previous = kDirections[(d + 5) % 6];
    if (next.q - across.q != kDirections[(d + 2) % 6].q ||
        next.r - across.r != kDirections[(d + 2) % 6].r ||
        previous.q - across.q != kDirections[(d + 4) % 6].q ||
        previous.r - across.r != kDirections[(d + 4) % 6].r) {
      return false;
    }
  }
  return true;
}
static_assert(corners_seen_across());

int distance(const Hex& a, const Hex& b);
inline bool adjacent(const Hex& a, const Hex& b) { return distance(a, b) == 1; }
// Rotated by `sixths` * 60 degrees clockwise about the pond.
Hex rotated(const Hex& hex, int sixths);

// "1,-2"; parse_hex also accepts "(1,-2)" and "[1,-2]".
std::string hex_text(const Hex& hex);
std::optional<Hex> parse_hex(std::string_view text);

// The border between two adjacent cells, stored with the smaller cell first
// so that each border has one value.
struct Edge {
  Hex a;
  Hex b;

  friend auto operator<=>(const Edge&, const Edge&) = default;
};

// Requires adjacent cells.
Edge edge_between(const Hex& a, const Hex& b);
// The two cells adjacent to both sides of the edge: the third cells of the
// edge's two corners.
std::array<Hex, 2> corner_cells(const Edge& edge);
// "1,0|0,1"
std::string edge_text(const Edge& edge);

}  // namespace grove::takenoko
