#include "engine/games/takenoko/hex.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace grove::takenoko {

std::size_t direction_index(const Hex& step) {
  return static_cast<std::size_t>(std::find(kDirections.begin(), kDirections.end(), step) -
                                  kDirections.begin());
}

int distance(const Hex& a, const Hex& b) {
  const int dq = a.q - b.q;
  const int dr = a.r - b.r;
  return std::max({std::abs(dq), std::abs(dr), std::abs(dq + dr)});
}

Hex rotated(const Hex& hex, int sixths) {
  // Each sixth turn maps [q, r] to [-r, q + r]; the six results in closed form.
  const int s = -hex.q - hex.r;
  switch (((sixths % 6) + 6) % 6) {
    case 1:
      return Hex{-hex.r, -s};
    case 2:
      return Hex{s, hex.q};
    case 3:
      return Hex{-hex.q, -hex.r};
    case 4:
      return Hex{hex.r, s};
    case 5:
      return Hex{-s, -hex.q};
    default:
      return hex;
  }
}

std::string hex_text(const Hex& hex) { return std::to_string(hex.q) + "," + std::to_string(hex.r); }

std::optional<Hex> parse_hex(std::string_view text) {
  if (text.size() >= 2 && ((text.front() == '(' && text.back() == ')') ||
                           (text.front() == '[' && text.back() == ']'))) {
    text = text.substr(1, text.size() - 2);
  }
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view part) -> std::optional<int> {
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    int value = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (error != std::errc() || end != part.data() + part.size() || part.empty())
      return std::nullopt;
    if (value < -99 || value > 99) return std::nullopt;
    return value;
  };
  const auto q = number(text.substr(0, comma));
  const auto r = number(text.substr(comma + 1));
  if (!q || !r) return std::nullopt;
  return Hex{*q, *r};
}

Edge edge_between(const Hex& a, const Hex& b) { return a < b ? Edge{a, b} : Edge{b, a}; }

std::array<Hex, 2> corner_cells(const Edge& edge) {
  const Hex step{edge.b.q - edge.a.q, edge.b.r - edge.a.r};
  const auto index = static_cast<std::size_t>(
      std::find(kDirections.begin(), kDirections.end(), step) - kDirections.begin());
  return {edge.a + kDirections[(index + 5) % 6], edge.a + kDirections[(index + 1) % 6]};
}

std::string edge_text(const Edge& edge) { return hex_text(edge.a) + "|" + hex_text(edge.b); }

}  // namespace grove::takenoko
