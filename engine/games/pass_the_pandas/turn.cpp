// What each move does: the turn of Pass the Pandas (pass_the_pandas.txt,
// "Game Play" steps 1-5, "Bamboo Challenge", "Ending the Game", "Variants for
// Advanced Players"), the end of a turn and of the game.

#include <fmt/format.h>

#include <algorithm>

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {

void PtpRules::play(Position& position, const Move& move, EventLog* log) const {
  const Seat mover = move.seat;
  Player& player = position.players[static_cast<std::size_t>(mover)];
  auto who = [&] { return seat_label(mover); };  // for the log only

  switch (move.kind) {
    case kRoll: {
      position.roll = faces_of(move);
      const Faces& roll = position.roll;
      record(log, kClauseRoll, mover, [&] {
        return EventText{
            fmt::format("{} rolls {}: {} water, {} panda, {} bamboo, {} blank", who(),
                        dice_word(roll.total()), roll.water, roll.panda, roll.bamboo, roll.blank),
            {{"water", std::to_string(roll.water)},
             {"panda", std::to_string(roll.panda)},
             {"bamboo", std::to_string(roll.bamboo)},
             {"blank", std::to_string(roll.blank)}}};
      });
      player.bamboo_rolled = roll.bamboo;
      player.bamboo_received = 0;
      // Taken away unconditionally (no water takes nothing): whether a roll
      // shows water is random, and a branch on it was mispredicted in every
      // simulated game; only the log, when there is one, asks.
      player.dice -= roll.water;
      position.removed += roll.water;
      if (log != nullptr && roll.water > 0) {
        record(log, kClauseWater, mover, [&] {
          return EventText{
              fmt::format("{} water drop{} evaporate{}: {} leave{} the game", roll.water,
                          roll.water == 1 ? "" : "s", roll.water == 1 ? "s" : "",
                          dice_word(roll.water), roll.water == 1 ? "s" : ""),
              {{"dice", std::to_string(roll.water)}}};
        });
      }
      position.pandas_to_pass = roll.panda;
      position.challenge_settled = false;
      if (position.pandas_to_pass > 0) {
        position.step = Step::PassPandas;
      } else {
        after_pandas(position, log);
      }
      break;
    }
    case kPassPanda: {
      const Seat to = move.args[0];
      player.dice -= 1;
      position.players[static_cast<std::size_t>(to)].dice += 1;
      position.pandas_to_pass -= 1;
      record(log, kClausePanda, mover, [&] {
        return EventText{fmt::format("{} passes a panda to {}", who(), seat_label(to)),
                         {{"from", who()}, {"to", seat_label(to)}}};
      });
      if (position.pandas_to_pass == 0) after_pandas(position, log);
      break;
    }
    case kExchange: {
      const Seat with = move.args[0];
      Player& other = position.players[static_cast<std::size_t>(with)];
      record(log, kClauseBamboozledExchange, mover, [&] {
        return EventText{
            fmt::format("{} exchanges dice with {}: {} for {}", who(), seat_label(with),
                        dice_word(player.dice), dice_word(other.dice)),
            {{"with", seat_label(with)},
             {"gave", std::to_string(player.dice)},
             {"got", std::to_string(other.dice)}}};
      });
      std::swap(player.dice, other.dice);
      if (!position.challenge_settled) settle_challenge(position, log);
      end_turn(position, log);
      break;
    }
    case kKeepDice:
      record(log, kClauseBamboozledKeep, mover,
             [&] { return EventText{fmt::format("{} keeps their dice", who())}; });
      if (!position.challenge_settled) settle_challenge(position, log);
      end_turn(position, log);
      break;
    default:
      break;
  }
}

// Step 3 is done; the challenge and, in Bamboozled, the exchange remain.
void PtpRules::after_pandas(Position& position, EventLog* log) const {
  // The timing is read only where there is an exchange to time.
  if (may_bamboozle(position) &&
      settings_.bamboozled_timing == Settings::BamboozledTiming::BeforeChallenge) {
    position.step = Step::Bamboozle;
    return;
  }
  settle_challenge(position, log);
  if (may_bamboozle(position)) {
    position.step = Step::Bamboozle;
    return;
  }
  end_turn(position, log);
}

Seat PtpRules::challenge_giver(const Position& position, Seat roller) const {
  const int count = players();
  Seat in_game = kNoSeat;
  for (Seat seat = previous_seat(roller, count); seat != roller && in_game == kNoSeat;
       seat = previous_seat(seat, count)) {
    if (position.players[static_cast<std::size_t>(seat)].still_in()) in_game = seat;
  }
  // Who rolled last is known only for the turn being played; before a
  // later turn, the last to roll is the player before still in.
  const Seat last_roller = roller == position.turn ? position.previous : in_game;
  const Seat seat_before = previous_seat(roller, count);
  // Where the readings name the same seat, the ruling is not read (so that
  // the explorer need not compare them there; RulingReads).
  if (in_game == last_roller && in_game == seat_before) return in_game;
  switch (settings_.previous_player) {
    case Settings::PreviousPlayer::LastRoller:
      return last_roller;
    case Settings::PreviousPlayer::PreviousInGame:
      return in_game;
    case Settings::PreviousPlayer::SeatBefore:
      return seat_before;
  }
  return kNoSeat;
}

int PtpRules::bamboo_to_match(const Player& giver) const {
  // Nothing set aside, nothing to read the ruling for.
  if (giver.bamboo_received == 0) return giver.bamboo_rolled;
  return settings_.challenge_basis == Settings::ChallengeBasis::Rolled
             ? giver.bamboo_rolled
             : giver.bamboo_rolled + giver.bamboo_received;
}

void PtpRules::settle_challenge(Position& position, EventLog* log) const {
  position.challenge_settled = true;
  const Seat turn = position.turn;
  Player& roller = position.players[static_cast<std::size_t>(turn)];
  const Seat giver_seat = challenge_giver(position, turn);
  // Labels only for the log: this runs on every turn.
  auto who = [&] { return seat_label(turn); };
  auto from = [&] { return seat_label(giver_seat); };
  if (giver_seat == kNoSeat || giver_seat == turn ||
      position.players[static_cast<std::size_t>(giver_seat)].bamboo_rolled < 0) {
    record(log, kClauseChallengeNone, turn, [&] {
      return EventText{
          fmt::format("no bamboo challenge for {}: no previous player has rolled", who())};
    });
    return;
  }
  Player& giver = position.players[static_cast<std::size_t>(giver_seat)];
  if (!giver.still_in() && settings_.previous_player == Settings::PreviousPlayer::SeatBefore) {
    record(log, kClauseChallengeNone, turn, [&] {
      return EventText{
          fmt::format("no bamboo challenge for {}: {} is out of the game", who(), from())};
    });
    return;
  }
  const int to_match = bamboo_to_match(giver);
  const int rolled = position.roll.bamboo;
  if (rolled >= to_match) {
    record(log, kClauseChallengeMet, turn, [&] {
      return EventText{
          fmt::format("{} rolled {} bamboo, meeting {}'s {}", who(), rolled, from(), to_match),
          {{"rolled", std::to_string(rolled)}, {"to_match", std::to_string(to_match)}}};
    });
    return;
  }
  const int difference = to_match - rolled;
  const int given = std::min(difference, giver.dice);
  giver.dice -= given;
  roller.dice += given;
  roller.bamboo_received = given;
  if (log) {
    record(log, kClauseChallengeTransfer, giver_seat, [&] {
      return EventText{fmt::format("{} rolled {} bamboo against {}'s {}: {} gives {} {}", who(),
                                   rolled, from(), to_match, from(), who(), dice_word(given)),
                       {{"from", from()},
                        {"to", who()},
                        {"dice", std::to_string(given)},
                        {"rolled", std::to_string(rolled)},
                        {"to_match", std::to_string(to_match)}}};
    });
    if (given < difference) {
      record(log, kClauseChallengeShortfall, giver_seat, [&] {
        return EventText{fmt::format("{} owed {} but held only {}", from(), dice_word(difference),
                                     dice_word(given)),
                         {{"owed", std::to_string(difference)}, {"given", std::to_string(given)}}};
      });
    }
  }
}

void PtpRules::end_turn(Position& position, EventLog* log) const {
  const Seat turn = position.turn;
  record(log, kClauseTurnEnd, turn,
         [&] { return EventText{fmt::format("{}'s turn ends", seat_label(turn))}; });

  // Everyone left without dice goes out now, whoever's turn it was; if
  // several do at once they share the place.
  int finished = -1;  // players out before this turn ended, counted when needed
  bool someone_out = false;
  bool target_reached = false;
  for (Seat seat = 0; seat < players(); ++seat) {
    Player& player = position.players[static_cast<std::size_t>(seat)];
    if (!player.still_in() || player.dice > 0) continue;
    if (finished < 0) finished = players() - position.players_still_in();
    player.place = finished + 1;
    someone_out = true;
    record(log, kClauseOut, seat, [&] {
      return EventText{
          fmt::format("{} has no dice left and {}", seat_label(seat),
                      player.place == 1 ? "wins" : fmt::format("takes place {}", player.place)),
          {{"place", std::to_string(player.place)}}};
    });
    if (settings_.pandamonium) {
      const int points = position.dice_in_play();
      player.points += points;
      target_reached = target_reached || player.points >= settings_.pandamonium_target;
      record(log, kClausePoints, seat, [&] {
        return EventText{
            fmt::format("{} scores {} point{} ({} total)", seat_label(seat), points,
                        points == 1 ? "" : "s", player.points),
            {{"points", std::to_string(points)}, {"total", std::to_string(player.points)}}};
      });
    }
  }

  const bool round_over =
      someone_out && (!settings_.play_for_places || position.players_still_in() <= 1);
  if (round_over && settings_.play_for_places) {
    for (Seat seat = 0; seat < players(); ++seat) {
      Player& player = position.players[static_cast<std::size_t>(seat)];
      if (player.still_in()) player.place = players() - position.players_still_in() + 1;
    }
  }
  bool match_over = round_over;
  if (settings_.pandamonium) {
    bool anyone_at_target = false;
    for (const Player& player : position.players) {
      anyone_at_target = anyone_at_target || player.points >= settings_.pandamonium_target;
    }
    match_over = (round_over && anyone_at_target) ||
                 (target_reached && settings_.match_end == Settings::MatchEnd::Immediately);
    if (round_over && !match_over) {
      start_next_round(position, log);
      return;
    }
  }
  if (match_over) {
    position.step = Step::Over;
    position.roll = Faces{};
    position.pandas_to_pass = 0;
    position.challenge_settled = false;
    record(log, kClauseGameOver, kNoSeat, [&] { return EventText{"the game is over"}; });
    return;
  }

  position.previous = turn;
  Seat next = turn;
  do {
    next = next_seat(next, players());
  } while (!position.players[static_cast<std::size_t>(next)].still_in());
  position.turn = next;
  position.step = Step::Roll;
  position.roll = Faces{};
  position.pandas_to_pass = 0;
  position.challenge_settled = false;
}

void PtpRules::start_next_round(Position& position, EventLog* log) const {
  Seat starter = next_seat(position.starter, players());
  if (settings_.round_starter != Settings::RoundStarter::Rotate) {
    const bool winner = settings_.round_starter == Settings::RoundStarter::RoundWinner;
    int best = winner ? players() + 1 : 0;
    for (Seat seat = 0; seat < players(); ++seat) {
      int place = position.players[static_cast<std::size_t>(seat)].place;
      if (winner ? place < best : place > best) {
        best = place;
        starter = seat;
      }
    }
  }
  Position next = starting_position(starter);
  for (std::size_t seat = 0; seat < next.players.size(); ++seat) {
    next.players[seat].points = position.players[seat].points;
  }
  next.round = position.round + 1;
  position = std::move(next);
  record(log, kClauseNewRound, starter, [&] {
    return EventText{fmt::format("round {} begins; {} starts", position.round, seat_label(starter)),
                     {{"round", std::to_string(position.round)}}};
  });
}

Outcome PtpRules::outcome_at(const Position& position) const {
  Outcome result;
  result.place.assign(position.players.size(), 0);
  if (settings_.pandamonium) {
    for (const Player& player : position.players) result.score.push_back(player.points);
    for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
      int better = 0;
      for (const Player& other : position.players) {
        better += other.points > position.players[seat].points ? 1 : 0;
      }
      result.place[seat] = better + 1;
    }
    return result;
  }
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const int place = position.players[seat].place;
    // Without playing for places, everyone but the winner shares second.
    result.place[seat] = settings_.play_for_places ? place : (place == 1 ? 1 : 2);
  }
  return result;
}

std::int64_t PtpRules::step_bound() const {
  // Water takes a die out of play with probability water_faces/faces per
  // roll, so a round is short; the bound is there to catch variants that
  // never end (no water faces), not to be reached by ordinary play.
  const std::int64_t per_round = 20000;
  if (!settings_.pandamonium) return per_round;
  // Every round gives at least one point to someone.
  return per_round * settings_.pandamonium_target * players();
}

}  // namespace grove::pass_the_pandas
