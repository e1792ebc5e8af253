// What must hold in every position, whatever was played: the checker asks
// at every state it reaches.

#include <fmt/format.h>

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {

std::vector<std::string> PtpRules::invariant_violations_at(const Position& position) const {
  std::vector<std::string> problems;
  if (static_cast<int>(position.players.size()) != players()) {
    problems.push_back("the position does not have one entry per player");
    return problems;
  }
  // Only water takes dice out of the game.
  if (position.dice_in_play() + position.removed != total_dice()) {
    problems.push_back(fmt::format("dice not conserved: {} held + {} removed != {}",
                                   position.dice_in_play(), position.removed, total_dice()));
  }
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    const auto who = [seat] { return seat_label(static_cast<Seat>(seat)); };
    if (player.dice < 0) problems.push_back(who() + " holds a negative number of dice");
    if (!player.still_in() && player.dice != 0 && position.step != Step::Over) {
      problems.push_back(who() + " is out of the game but holds dice");
    }
  }
  if (position.step != Step::Over &&
      !position.players[static_cast<std::size_t>(position.turn)].still_in()) {
    problems.push_back("the player whose turn it is has gone out");
  }
  if (position.step == Step::PassPandas &&
      (position.pandas_to_pass < 1 ||
       position.pandas_to_pass > position.players[static_cast<std::size_t>(position.turn)].dice)) {
    problems.push_back("pandas to pass exceed the dice the roller holds");
  }
  return problems;
}

}  // namespace grove::pass_the_pandas
