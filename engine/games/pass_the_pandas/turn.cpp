// The turn of Pass the Pandas (pass_the_pandas.txt, "Game Play" steps 1-5,
// "Bamboo Challenge", "Ending the Game", "Variants for Advanced Players").

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "engine/core/errors.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

Faces faces_of(const Move& move) {
  return Faces{move.args[0], move.args[1], move.args[2], move.args[3]};
}

uint128 binomial(int n, int k) {
  uint128 result = 1;
  for (int i = 0; i < k; ++i) {
    result = result * static_cast<uint128>(n - i) / static_cast<uint128>(i + 1);
  }
  return result;
}

uint128 power(int base, int exponent) {
  uint128 result = 1;
  for (int i = 0; i < exponent; ++i) result *= static_cast<uint128>(base);
  return result;
}

std::string dice_word(int count) { return count == 1 ? "1 die" : std::to_string(count) + " dice"; }

}  // namespace

Settings read_settings(const Variant& variant, int players) {
  Settings settings;
  settings.dice_per_player =
      static_cast<int>(variant.integer_for_players("dice_per_player", players));
  settings.die = Faces{static_cast<int>(variant.integer("water_faces")),
                       static_cast<int>(variant.integer("panda_faces")),
                       static_cast<int>(variant.integer("bamboo_faces")),
                       static_cast<int>(variant.integer("blank_faces"))};
  int face = 0;
  for (int kind = 0; kind < 4; ++kind) {
    const std::array<int, 4> counts = {settings.die.water, settings.die.panda, settings.die.bamboo,
                                       settings.die.blank};
    for (int i = 0; i < counts[static_cast<std::size_t>(kind)]; ++i) {
      settings.face_kind[static_cast<std::size_t>(face++)] = static_cast<std::uint8_t>(kind);
    }
  }
  settings.pandamonium = variant.flag("pandamonium");
  settings.play_for_places = variant.flag("play_for_places") || settings.pandamonium;
  settings.bamboozled = variant.flag("bamboozled");
  settings.bamboozled_min_dice = static_cast<int>(variant.integer("bamboozled_min_dice"));
  settings.pandamonium_target = static_cast<int>(variant.integer("pandamonium_target"));

  using S = Settings;
  settings.challenge_basis = variant.ruling("ptp.challenge_basis") == "rolled"
                                 ? S::ChallengeBasis::Rolled
                                 : S::ChallengeBasis::SetAside;
  const std::string& previous = variant.ruling("ptp.previous_player");
  settings.previous_player = previous == "previous_in_game" ? S::PreviousPlayer::PreviousInGame
                             : previous == "last_roller"    ? S::PreviousPlayer::LastRoller
                                                            : S::PreviousPlayer::SeatBefore;
  settings.bamboozled_timing = variant.ruling("ptp.bamboozled_timing") == "after_challenge"
                                   ? S::BamboozledTiming::AfterChallenge
                                   : S::BamboozledTiming::BeforeChallenge;
  settings.bamboozled_partner = variant.ruling("ptp.bamboozled_partner") == "any_player"
                                    ? S::BamboozledPartner::AnyPlayer
                                    : S::BamboozledPartner::HoldingDice;
  const std::string& starter = variant.ruling("ptp.pandamonium_starter");
  settings.round_starter = starter == "rotate"         ? S::RoundStarter::Rotate
                           : starter == "round_winner" ? S::RoundStarter::RoundWinner
                                                       : S::RoundStarter::LastPlace;
  settings.match_end = variant.ruling("ptp.pandamonium_end") == "end_of_round"
                           ? S::MatchEnd::EndOfRound
                           : S::MatchEnd::Immediately;
  return settings;
}

PtpRules::PtpRules(const Game& game, const Variant& variant, int players)
    : Rules(game, variant, players),
      settings_(read_settings(variant, players)),
      challenge_odds_(settings_.dice_per_player * players,
                      settings_.die.total() == 0
                          ? 0.0
                          : static_cast<double>(settings_.die.bamboo) / settings_.die.total()) {
  if (settings_.die.total() == 0) {
    throw InputError({}, "blank_faces", "the die needs at least one face");
  }
  // A roll is one chance node whose probabilities have denominator
  // faces^dice; every die in play can end up in one player's hands.
  if (!fits_power(static_cast<std::uint64_t>(settings_.die.total()), total_dice())) {
    throw InputError({}, "dice_per_player",
                     fmt::format("{} dice of {} faces are too many for exact roll probabilities; "
                                 "use fewer dice or faces",
                                 total_dice(), settings_.die.total()));
  }
  rolls_.resize(static_cast<std::size_t>(total_dice()) + 1);
  rolls_listed_ = std::make_unique<std::once_flag[]>(rolls_.size());
}

Position PtpRules::starting_position(Seat starter) const {
  Position position;
  position.players.assign(static_cast<std::size_t>(players()), Player{});
  for (Player& player : position.players) player.dice = settings_.dice_per_player;
  position.turn = starter;
  position.starter = starter;
  return position;
}

std::unique_ptr<State> PtpRules::initial_state() const {
  // The rule text names no starting player; seat P1 begins.
  return std::make_unique<GameState<Position>>(starting_position(0));
}

Node PtpRules::node(const State& state) const {
  const Position& position = position_of<Position>(state);
  switch (position.step) {
    case Step::Roll:
      return Node{NodeKind::Chance, kNoSeat, false};
    case Step::PassPandas:
    case Step::Bamboozle:
      return Node{NodeKind::Decision, position.turn, false};
    case Step::Over:
      break;
  }
  return Node{NodeKind::Terminal, kNoSeat, false};
}

void PtpRules::legal_moves(const State& state, std::vector<Move>& moves) const {
  moves.clear();
  const Position& position = position_of<Position>(state);
  if (position.step != Step::PassPandas && position.step != Step::Bamboozle) return;
  const Seat turn = position.turn;
  if (position.step == Step::Bamboozle) {
    moves.push_back(Move{kKeepDice, static_cast<std::int16_t>(turn), {}});
  }
  const std::uint16_t kind = position.step == Step::PassPandas ? kPassPanda : kExchange;
  for (Seat other = 0; other < players(); ++other) {
    if (other == turn || !position.players[static_cast<std::size_t>(other)].still_in()) continue;
    if (kind == kExchange && !may_exchange_with(position, other)) continue;
    moves.push_back(
        Move{kind, static_cast<std::int16_t>(turn), {static_cast<std::int16_t>(other)}});
  }
}

// One outcome per count of each face: the multinomial distribution of
// `dice` dice, for the rolling seat.
void PtpRules::list_rolls(int dice, Seat seat, std::vector<ChanceOutcome>& outcomes) const {
  const Faces& die = settings_.die;
  const uint128 denominator = power(die.total(), dice);
  for (int water = 0; water <= dice; ++water) {
    for (int panda = 0; panda <= dice - water; ++panda) {
      for (int bamboo = 0; bamboo <= dice - water - panda; ++bamboo) {
        const int blank = dice - water - panda - bamboo;
        uint128 ways = binomial(dice, water) * binomial(dice - water, panda) *
                       binomial(dice - water - panda, bamboo);
        uint128 weight = ways * power(die.water, water) * power(die.panda, panda) *
                         power(die.bamboo, bamboo) * power(die.blank, blank);
        if (weight == 0) continue;
        Move roll{kRoll,
                  static_cast<std::int16_t>(seat),
                  {static_cast<std::int16_t>(water), static_cast<std::int16_t>(panda),
                   static_cast<std::int16_t>(bamboo), static_cast<std::int16_t>(blank)}};
        outcomes.push_back(ChanceOutcome{roll, Probability(weight, denominator)});
      }
    }
  }
}

void PtpRules::chance_outcomes(const State& state, std::vector<ChanceOutcome>& outcomes) const {
  outcomes.clear();
  const Position& position = position_of<Position>(state);
  if (position.step != Step::Roll) return;
  const auto dice =
      static_cast<std::size_t>(position.players[static_cast<std::size_t>(position.turn)].dice);
  if (dice >= rolls_.size()) {
    list_rolls(static_cast<int>(dice), position.turn, outcomes);
    return;
  }
  // The explorer lists every roll of every state it reaches: each count's
  // list is made once (reducing the probabilities is the costly part).
  std::call_once(rolls_listed_[dice], [&] { list_rolls(static_cast<int>(dice), 0, rolls_[dice]); });
  outcomes = rolls_[dice];
  for (ChanceOutcome& outcome : outcomes)
    outcome.move.seat = static_cast<std::int16_t>(position.turn);
}

Move PtpRules::sample_chance(const State& state, Rng& rng) const {
  // Rolling the dice one at a time has the multinomial distribution listed
  // by chance_outcomes, without building the list.
  const Position& position = position_of<Position>(state);
  const int dice = position.players[static_cast<std::size_t>(position.turn)].dice;
  const Faces& die = settings_.die;
  const auto faces = static_cast<std::uint64_t>(die.total());
  std::array<std::int16_t, 4> counts{};
  for (int i = 0; i < dice; ++i) ++counts[settings_.face_kind[rng.below(faces)]];
  return Move{kRoll,
              static_cast<std::int16_t>(position.turn),
              {counts[0], counts[1], counts[2], counts[3]}};
}

std::optional<std::string> PtpRules::rejection(const Position& position, const Move& move) const {
  if (position.step == Step::Over) return "the game is over";
  // Labels are only built for a rejection: this runs on every move.
  auto turn = [&] { return seat_label(position.turn); };
  auto mover = [&] { return seat_label(move.seat); };
  if (move.seat < 0 || move.seat >= players()) {
    return fmt::format("there is no {} at this table of {} players", mover(), players());
  }
  const Player& player = position.players[static_cast<std::size_t>(move.seat)];
  auto other_seat = [&](Seat other, std::string_view verb) -> std::optional<std::string> {
    if (other < 0 || other >= players()) {
      return fmt::format("there is no {} at this table of {} players", seat_label(other),
                         players());
    }
    if (other == move.seat) return fmt::format("{} cannot {} themselves", mover(), verb);
    if (!position.players[static_cast<std::size_t>(other)].still_in()) {
      return fmt::format("{} is out of the game", seat_label(other));
    }
    return std::nullopt;
  };

  const int used_args = move.kind == kRoll ? 4 : move.kind == kKeepDice ? 0 : 1;
  if (!move.uses_only(used_args)) return "malformed move: arguments its kind does not use are set";
  switch (move.kind) {
    case kRoll: {
      if (move.seat != position.turn)
        return fmt::format("it is {}'s turn to roll, not {}'s", turn(), mover());
      if (position.step != Step::Roll)
        return fmt::format("{} has already rolled this turn", turn());
      const Faces roll = faces_of(move);
      if (roll.water < 0 || roll.panda < 0 || roll.bamboo < 0 || roll.blank < 0) {
        return "a roll cannot show a negative number of faces";
      }
      if (roll.total() != player.dice) {
        return fmt::format("{} rolls {}, but this roll shows {}", mover(), dice_word(player.dice),
                           dice_word(roll.total()));
      }
      const Faces& die = settings_.die;
      if ((roll.water > 0 && die.water == 0) || (roll.panda > 0 && die.panda == 0) ||
          (roll.bamboo > 0 && die.bamboo == 0) || (roll.blank > 0 && die.blank == 0)) {
        return "this roll shows a face the dice of this variant do not have";
      }
      return std::nullopt;
    }
    case kPassPanda:
      if (move.seat != position.turn)
        return fmt::format("it is {}'s turn, not {}'s", turn(), mover());
      if (position.step != Step::PassPandas) {
        return fmt::format("{} has no panda to pass", mover());
      }
      return other_seat(move.args[0], "pass a panda to");
    case kExchange:
    case kKeepDice:
      if (move.seat != position.turn)
        return fmt::format("it is {}'s turn, not {}'s", turn(), mover());
      if (position.step != Step::Bamboozle) {
        return fmt::format(
            "{} may only exchange dice right after rolling all blanks with at least {} "
            "(Bamboozled)",
            mover(), dice_word(settings_.bamboozled_min_dice));
      }
      if (move.kind == kKeepDice) return std::nullopt;
      if (auto problem = other_seat(move.args[0], "exchange dice with")) return problem;
      if (!may_exchange_with(position, move.args[0])) {
        return fmt::format("{} holds no dice to exchange (ruling ptp.bamboozled_partner)",
                           seat_label(move.args[0]));
      }
      return std::nullopt;
    default:
      break;
  }
  return fmt::format("unknown move kind {}", move.kind);
}

Verdict PtpRules::apply(State& state, const Move& move, EventLog* log) const {
  Position& position = position_of<Position>(state);
  if (auto reason = rejection(position, move)) return Verdict::illegal(std::move(*reason));
  const Seat mover = move.seat;
  Player& player = position.players[static_cast<std::size_t>(mover)];
  auto who = [&] { return seat_label(mover); };  // for the log only

  switch (move.kind) {
    case kRoll: {
      position.roll = faces_of(move);
      const Faces& roll = position.roll;
      if (log) {
        record(
            log, kClauseRoll, mover,
            fmt::format("{} rolls {}: {} water, {} panda, {} bamboo, {} blank", who(),
                        dice_word(roll.total()), roll.water, roll.panda, roll.bamboo, roll.blank),
            {{"water", std::to_string(roll.water)},
             {"panda", std::to_string(roll.panda)},
             {"bamboo", std::to_string(roll.bamboo)},
             {"blank", std::to_string(roll.blank)}});
      }
      player.bamboo_rolled = roll.bamboo;
      player.bamboo_received = 0;
      if (roll.water > 0) {
        player.dice -= roll.water;
        position.removed += roll.water;
        if (log) {
          record(log, kClauseWater, mover,
                 fmt::format("{} water drop{} evaporate{}: {} leave{} the game", roll.water,
                             roll.water == 1 ? "" : "s", roll.water == 1 ? "s" : "",
                             dice_word(roll.water), roll.water == 1 ? "s" : ""),
                 {{"dice", std::to_string(roll.water)}});
        }
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
      if (log) {
        record(log, kClausePanda, mover,
               fmt::format("{} passes a panda to {}", who(), seat_label(to)),
               {{"from", who()}, {"to", seat_label(to)}});
      }
      if (position.pandas_to_pass == 0) after_pandas(position, log);
      break;
    }
    case kExchange: {
      const Seat with = move.args[0];
      Player& other = position.players[static_cast<std::size_t>(with)];
      if (log) {
        record(log, kClauseBamboozledExchange, mover,
               fmt::format("{} exchanges dice with {}: {} for {}", who(), seat_label(with),
                           dice_word(player.dice), dice_word(other.dice)),
               {{"with", seat_label(with)},
                {"gave", std::to_string(player.dice)},
                {"got", std::to_string(other.dice)}});
      }
      std::swap(player.dice, other.dice);
      if (!position.challenge_settled) settle_challenge(position, log);
      end_turn(position, log);
      break;
    }
    case kKeepDice:
      if (log) record(log, kClauseBamboozledKeep, mover, fmt::format("{} keeps their dice", who()));
      if (!position.challenge_settled) settle_challenge(position, log);
      end_turn(position, log);
      break;
    default:
      break;
  }
  return Verdict::legal();
}

bool PtpRules::may_bamboozle(const Position& position) const {
  const Faces& roll = position.roll;
  return settings_.bamboozled && roll.blank == roll.total() &&
         roll.total() >= settings_.bamboozled_min_dice;
}

bool PtpRules::may_exchange_with(const Position& position, Seat other) const {
  return settings_.bamboozled_partner == Settings::BamboozledPartner::AnyPlayer ||
         position.players[static_cast<std::size_t>(other)].dice > 0;
}

// Step 3 is done; the challenge and, in Bamboozled, the exchange remain.
void PtpRules::after_pandas(Position& position, EventLog* log) const {
  const bool exchange_first =
      settings_.bamboozled_timing == Settings::BamboozledTiming::BeforeChallenge;
  if (may_bamboozle(position) && exchange_first) {
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
  switch (settings_.previous_player) {
    case Settings::PreviousPlayer::LastRoller:
      // Who rolled last is known only for the turn being played; before a
      // later turn, the last to roll is the player before still in.
      if (roller == position.turn) return position.previous;
      [[fallthrough]];
    case Settings::PreviousPlayer::PreviousInGame:
      for (int back = 1; back < count; ++back) {
        Seat seat = (roller - back + count) % count;
        if (position.players[static_cast<std::size_t>(seat)].still_in()) return seat;
      }
      return kNoSeat;
    case Settings::PreviousPlayer::SeatBefore:
      return (roller - 1 + count) % count;
  }
  return kNoSeat;
}

int PtpRules::bamboo_to_match(const Player& giver) const {
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
    if (log) {
      record(log, kClauseChallengeNone, turn,
             fmt::format("no bamboo challenge for {}: no previous player has rolled", who()));
    }
    return;
  }
  Player& giver = position.players[static_cast<std::size_t>(giver_seat)];
  if (!giver.still_in() && settings_.previous_player == Settings::PreviousPlayer::SeatBefore) {
    if (log) {
      record(log, kClauseChallengeNone, turn,
             fmt::format("no bamboo challenge for {}: {} is out of the game", who(), from()));
    }
    return;
  }
  const int to_match = bamboo_to_match(giver);
  const int rolled = position.roll.bamboo;
  if (rolled >= to_match) {
    if (log) {
      record(log, kClauseChallengeMet, turn,
             fmt::format("{} rolled {} bamboo, meeting {}'s {}", who(), rolled, from(), to_match),
             {{"rolled", std::to_string(rolled)}, {"to_match", std::to_string(to_match)}});
    }
    return;
  }
  const int difference = to_match - rolled;
  const int given = std::min(difference, giver.dice);
  giver.dice -= given;
  roller.dice += given;
  roller.bamboo_received = given;
  if (log) {
    record(log, kClauseChallengeTransfer, giver_seat,
           fmt::format("{} rolled {} bamboo against {}'s {}: {} gives {} {}", who(), rolled, from(),
                       to_match, from(), who(), dice_word(given)),
           {{"from", from()},
            {"to", who()},
            {"dice", std::to_string(given)},
            {"rolled", std::to_string(rolled)},
            {"to_match", std::to_string(to_match)}});
    if (given < difference) {
      record(log, kClauseChallengeShortfall, giver_seat,
             fmt::format("{} owed {} but held only {}", from(), dice_word(difference),
                         dice_word(given)),
             {{"owed", std::to_string(difference)}, {"given", std::to_string(given)}});
    }
  }
}

void PtpRules::end_turn(Position& position, EventLog* log) const {
  const Seat turn = position.turn;
  if (log) record(log, kClauseTurnEnd, turn, fmt::format("{}'s turn ends", seat_label(turn)));

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
    if (log) {
      record(log, kClauseOut, seat,
             fmt::format("{} has no dice left and {}", seat_label(seat),
                         player.place == 1 ? "wins" : fmt::format("takes place {}", player.place)),
             {{"place", std::to_string(player.place)}});
    }
    if (settings_.pandamonium) {
      const int points = position.dice_in_play();
      player.points += points;
      target_reached = target_reached || player.points >= settings_.pandamonium_target;
      if (log) {
        record(log, kClausePoints, seat,
               fmt::format("{} scores {} point{} ({} total)", seat_label(seat), points,
                           points == 1 ? "" : "s", player.points),
               {{"points", std::to_string(points)}, {"total", std::to_string(player.points)}});
      }
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
    if (log) record(log, kClauseGameOver, kNoSeat, "the game is over");
    return;
  }

  position.previous = turn;
  Seat next = turn;
  do {
    next = (next + 1) % players();
  } while (!position.players[static_cast<std::size_t>(next)].still_in());
  position.turn = next;
  position.step = Step::Roll;
  position.roll = Faces{};
  position.pandas_to_pass = 0;
  position.challenge_settled = false;
}

void PtpRules::start_next_round(Position& position, EventLog* log) const {
  Seat starter = (position.starter + 1) % players();
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
  if (log) {
    record(log, kClauseNewRound, starter,
           fmt::format("round {} begins; {} starts", position.round, seat_label(starter)),
           {{"round", std::to_string(position.round)}});
  }
}

Outcome PtpRules::outcome(const State& state) const {
  const Position& position = position_of<Position>(state);
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
