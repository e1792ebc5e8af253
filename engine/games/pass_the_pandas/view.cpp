// The position in one line for logs ("P2 to roll; dice P1 3, P2 5; 1
// removed"); `grove play` shows the same as the board. And the explorer's
// view of a position (Rules::view_hash, TLC's VIEW): only what the rules
// can still read, so that `grove explore` merges positions that differ in
// history alone.

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/hash.hpp"
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

// The round ends when the first player goes out ("Ending the Game"): in
// the basic game, and playing for places (or Panda-monium's rounds) with two
// players, where the first out leaves one. Nobody is then out while the
// round is played, and Panda-monium's next round starts afresh.
bool PtpRules::round_ends_at_first_out() const {
  return !settings_.play_for_places || players() <= 2;
}

// A seat's bamboo is read only by a bamboo challenge in which that seat is
// the previous player (pass_the_pandas.txt, "Bamboo Challenge"; ruling
// ptp.previous_player), and a roll replaces it.
bool PtpRules::bamboo_still_read(const Position& position, Seat seat) const {
  const Player& player = position.players[static_cast<std::size_t>(seat)];
  // A player who is out holds no dice: a challenge against them (the
  // last_roller and seat_before readings) hands nothing over, whatever
  // their bamboo.
  if (!player.still_in()) return false;
  const Seat turn = position.turn;
  // The player about to roll replaces their bamboo before anyone reads it.
  if (seat == turn) return position.step != Step::Roll;
  // Playing for places at a table of three or more, players go out in the
  // middle of a round, and a roller's previous player may then be one whose
  // bamboo an earlier challenge already read (or, under last_roller, one
  // the seat order skips): every seat still in is kept, rather than working
  // out whom the outs to come could make the previous player.
  if (!round_ends_at_first_out()) return true;
  // Otherwise every roller's previous player is the seat before theirs,
  // whatever the ruling: the seat before the turn is read until this
  // turn's challenge is settled, and every other seat rolls before the
  // seat after it does.
  const Seat before = previous_seat(turn, players());
  return seat == before && !position.challenge_settled;
}

std::uint64_t PtpRules::view_hash_at(const Position& position) const {
  Hasher hasher;
  hasher.add(static_cast<int>(position.step));
  if (position.step == Step::Over) {
    // Nothing is left to play: the outcome is all the rules read.
    const Outcome outcome = outcome_at(position);
    hasher.add_each(outcome.place);
    hasher.add_each(outcome.score);
    return hasher.finish();
  }
  hasher.add(position.turn);
  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    // The bamboo a challenge measures against this seat (ruling
    // ptp.challenge_basis: bamboo_received counts only under set_aside),
    // where one still can. No roll yet and no bamboo alike hand nothing
    // over; -1 marks bamboo no challenge will read.
    int bamboo = -1;
    if (bamboo_still_read(position, seat)) {
      bamboo = player.bamboo_rolled < 0 ? 0 : bamboo_to_match(player);
      // Once the roller has rolled, this turn's challenge reads only how
      // far the roll falls short of the seat before's bamboo, and (the
      // round ending with the first out) no later challenge reads theirs.
      if (round_ends_at_first_out() && seat != position.turn && position.step != Step::Roll) {
        bamboo = std::max(0, bamboo - position.roll.bamboo);
      }
    }
    // points is 0 but in Panda-monium; place tells who is still in, and
    // the order of the outs that ends the game.
    hasher.add(player.dice).add(bamboo).add(player.place).add(player.points);
  }
  // Of the roll, the water is gone and the pandas are pandas_to_pass; its
  // bamboo is the roller's (kept above) and its blanks are read only right
  // after the roll, to offer Bamboozled's exchange (`after_pandas`), which
  // an all-blank roll reaches with no panda to pass.
  if (position.step == Step::PassPandas) hasher.add(position.pandas_to_pass);
  // Bamboozled: whether the exchange comes before the challenge or after it
  // (ruling ptp.bamboozled_timing).
  if (position.step == Step::Bamboozle) hasher.add(position.challenge_settled);
  // Under last_roller the previous player is whoever took the last turn,
  // which, once players go out, the seats no longer tell; a turn's end
  // writes it anew.
  if (settings_.previous_player == Settings::PreviousPlayer::LastRoller &&
      !round_ends_at_first_out() && !position.challenge_settled) {
    hasher.add(position.previous);
  }
  // The next round's starter rotates from this one's; the other readings of
  // ptp.pandamonium_starter take the places instead.
  if (settings_.pandamonium && settings_.round_starter == Settings::RoundStarter::Rotate) {
    hasher.add(position.starter);
  }
  // Left out: `removed` (the dice held tell it) and `round` (nothing reads
  // which round it is; Panda-monium's points decide the match).
  return hasher.finish();
}

}  // namespace grove::pass_the_pandas
