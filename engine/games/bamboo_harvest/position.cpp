#include "engine/games/bamboo_harvest/position.hpp"

namespace grove::bamboo_harvest {

const std::array<StepWords, 13> kSteps = {{
    {Step::DealForest, "deal_forest", "the deal", "dealing the forest", "a card dealt or drawn"},
    {Step::DealDeeds, "deal_deeds", "the deal", "dealing deeds", "a card dealt or drawn"},
    {Step::SetupDiscard, "setup_discard", "the setup discard", "choose a setup discard",
     "'P1 discards CARD' (the setup discard)"},
    {Step::PlaceTokens, "place_tokens", "the setup token placement", "place a setup token",
     "'P1 places CELL'"},
    {Step::Build, "build", "the build step", "build",
     "'P1 builds CELL with DEED' or 'P1 skips build'"},
    {Step::Swap, "swap", "the swap step", "swap",
     "'P1 swaps CELL CELL with DEED disturbing CELL' or 'P1 skips swap'"},
    {Step::BuyBefore, "buy_before", "the optional buy", "decide on the optional buy",
     "'P1 buys' or 'P1 skips buy'"},
    {Step::Harvest, "harvest", "the harvest", "harvest", "'P1 token CELL harvests CELL'"},
    {Step::Buy, "buy", "the optional buy", "decide on the optional buy",
     "'P1 buys' or 'P1 skips buy'"},
    {Step::Redraw, "redraw", "the redraw", "redraw a drawn deed",
     "'P1 redraws CARD' or 'P1 keeps drawn deeds'"},
    {Step::Discard, "discard", "the discard down to the hand limit",
     "discard down to the hand limit", "'P1 discards CARD' (down to the hand limit)"},
    {Step::Reveal, "reveal", "laying deeds face up", "lay deeds face up or end the turn",
     "'P1 reveals CARD' or 'P1 ends turn'"},
    {Step::Over, "over", "the end of the game", "game over", "nothing: the game is over"},
}};

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
  hasher.add_each(wild_swaps);
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
    const std::string code =
        cell_code(position.forest[static_cast<std::size_t>(grid.cell(row, column))]);
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
