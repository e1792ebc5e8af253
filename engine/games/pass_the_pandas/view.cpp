// The position in one line for logs ("P2 to roll; dice P1 3, P2 5; 1
// removed"); `grove play` shows the same as the board.

#include <fmt/format.h>

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {

std::string PtpRules::summary_at(const Position& position) const {
  std::string dice;
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    if (!dice.empty()) dice += ", ";
    dice += fmt::format("{} {}", seat_label(static_cast<Seat>(seat)), player.dice);
    if (!player.still_in()) dice += fmt::format(" (place {})", player.place);
    if (settings_.pandamonium) dice += fmt::format(" [{} pts]", player.points);
  }
  std::string where;
  switch (position.step) {
    case Step::Roll:
      where = seat_label(position.turn) + " to roll";
      break;
    case Step::PassPandas:
      where = fmt::format("{} to pass {} panda{}", seat_label(position.turn),
                          position.pandas_to_pass, position.pandas_to_pass == 1 ? "" : "s");
      break;
    case Step::Bamboozle:
      where = seat_label(position.turn) + " may exchange dice";
      break;
    case Step::Over:
      where = "game over";
      break;
  }
  std::string round = settings_.pandamonium ? fmt::format("round {}, ", position.round) : "";
  return fmt::format("{}{}; dice {}; {} removed", round, where, dice, position.removed);
}

}  // namespace grove::pass_the_pandas
