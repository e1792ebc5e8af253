#include "engine/games/bamboo_harvest/position.hpp"

namespace grove::bamboo_harvest {

void Position::hash_into(Hasher& hasher) const {
  for (const Cell& cell : forest) {
    hasher.add(static_cast<int>(cell.card) | static_cast<int>(cell.state) << 8 |
               (cell.who + 1) << 16);
  }
  hasher.add(static_cast<int>(players.size()));
  for (const Player& player : players) {
    hasher.add(player.reeds).add(player.deeds.low()).add(player.deeds.high());
    hasher.add(player.face_up.low()).add(player.face_up.high());
  }
  for (const CardSet* cards : {&draw_pile, &discard_pile, &box, &setup_discards, &drawn}) {
    hasher.add(cards->low()).add(cards->high());
  }
  hasher.add(static_cast<int>(step)).add(turn).add(starter).add(setup_moves);
  for (std::uint8_t uses : wild_swaps) hasher.add(static_cast<int>(uses));
  hasher.add(static_cast<int>(built)).add(harvested).add(pending_draws).add(redraws).add(buys);
  hasher.add(static_cast<int>(redraw_offer)).add(static_cast<int>(won_by)).add(winner);
}

std::string cell_code(const Cell& cell) {
  std::string code = cell.card == kNoCard ? "--" : card_text(cell.card);
  if (cell.state == CellState::Built) code += ":" + seat_label(cell.who);
  if (cell.state == CellState::Disturbed) code += "!" + seat_label(cell.who);
  return code;
}

std::string forest_row(const Position& position, const Grid& grid, int row) {
  std::string line;
  for (int column = 0; column < grid.columns; ++column) {
    const std::string code = cell_code(position.forest[static_cast<std::size_t>(grid.cell(row, column))]);
    if (column > 0) line += std::string(8 - line.size() % 8, ' ');
    line += code;
  }
  return line;
}

int Position::tokens_of(Seat seat, const Grid& grid) const {
  int count = 0;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const Cell& here = forest[static_cast<std::size_t>(cell)];
    count += here.state == CellState::Built && here.who == seat ? 1 : 0;
  }
  return count;
}

int Position::disturbances_of(Seat seat, const Grid& grid) const {
  int count = 0;
  for (int cell = 0; cell < grid.cells(); ++cell) {
    const Cell& here = forest[static_cast<std::size_t>(cell)];
    count += here.state == CellState::Disturbed && here.who == seat ? 1 : 0;
  }
  return count;
}

}  // namespace grove::bamboo_harvest
