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
