#include "engine/games/bamboo_harvest/forest.hpp"

#include <cctype>
#include <charconv>

namespace grove::bamboo_harvest {

std::string Grid::cell_text(int cell) const {
  return std::string(1, static_cast<char>('a' + column(cell))) + std::to_string(row(cell) + 1);
}

std::optional<int> Grid::parse_cell(std::string_view text) const {
  if (text.size() < 2) return std::nullopt;
  const int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  int row = 0;
  auto [end, error] = std::from_chars(text.data() + 1, text.data() + text.size(), row);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  if (column < 0 || column >= columns || row < 1 || row > rows) return std::nullopt;
  return cell(row - 1, column);
}

}  // namespace grove::bamboo_harvest
