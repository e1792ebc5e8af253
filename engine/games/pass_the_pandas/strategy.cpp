// What agents and balance reports need from the game: how promising a
// position looks (heuristic), what a move does (move_use) and the game's
// own figures of a finished game (game_metrics). Everything is on the
// table, so the default determinization (a copy) is right.

#include <string>

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {

double PtpRules::heuristic(const State& state, Seat seat) const {
  // The object is to be rid of one's dice: a player who is out is ahead of
  // everyone still in, by place; among those still in, fewer dice is better.
  // In Panda-monium the points of earlier rounds come first.
  const Position& position = position_of<Position>(state);
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  const double round = player.still_in() ? -player.dice : 100.0 * (players() + 1 - player.place);
  if (!settings_.pandamonium) return round;
  return 1000.0 * player.points + round;
}

MoveUse PtpRules::move_use(const State& before, const Move& move) const {
  switch (move.kind) {
    case kRoll:
      return {"roll", {}};
    case kPassPanda:
      return {"pass panda", {}};
    case kExchange:
      return {"exchange dice", {}};
    case kKeepDice:
      return {"keep dice", {}};
    default:
      return Rules::move_use(before, move);
  }
}

std::vector<GameMetric> PtpRules::game_metrics(const State& terminal, const EventLog& log) const {
  // Where each player's dice went: the water takes them out of the game,
  // pandas and lost challenges move them between players.
  std::vector<double> water(static_cast<std::size_t>(players()), 0);
  std::vector<double> pandas(water.size(), 0);
  std::vector<double> challenges(water.size(), 0);
  std::vector<double> exchanges(water.size(), 0);
  for (const Event& event : log) {
    if (event.seat < 0 || event.seat >= players()) continue;
    const auto seat = static_cast<std::size_t>(event.seat);
    if (event.clause == kClauseWater) {
      water[seat] += std::stod(*event.field("dice"));
    } else if (event.clause == kClausePanda) {
      pandas[seat] += 1;
    } else if (event.clause == kClauseChallengeTransfer) {
      // The event is the giver's; the dice go to the player who missed.
      challenges[seat] += std::stod(*event.field("dice"));
    } else if (event.clause == kClauseBamboozledExchange) {
      exchanges[seat] += 1;
    }
  }
  std::vector<GameMetric> metrics;
  for (Seat seat = 0; seat < players(); ++seat) {
    const auto at = static_cast<std::size_t>(seat);
    metrics.push_back({"dice removed by water", seat, water[at]});
    metrics.push_back({"pandas passed", seat, pandas[at]});
    metrics.push_back({"dice given in challenges", seat, challenges[at]});
    if (settings_.bamboozled) metrics.push_back({"bamboozled exchanges", seat, exchanges[at]});
  }
  if (settings_.pandamonium) {
    metrics.push_back({"rounds", kNoSeat, double(position_of<Position>(terminal).round)});
  }
  return metrics;
}

}  // namespace grove::pass_the_pandas
