// Where a move can be made: whose decision or which chance node a position
// is, the legal moves and rolls, and why a move is refused
// (pass_the_pandas.txt, "Game Play", "Bamboo Challenge", "Variants for
// Advanced Players, Bamboozled").

#include <fmt/format.h>

#include <array>

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

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

}  // namespace

Position PtpRules::starting_position(Seat starter) const {
  Position position;
  position.players.assign(static_cast<std::size_t>(players()), Player{});
  for (Player& player : position.players) player.dice = settings_.dice_per_player;
  position.turn = starter;
  position.starter = starter;
  return position;
}

Position PtpRules::initial_position() const {
  // The rule text names no starting player; seat P1 begins.
  return starting_position(0);
}

Node PtpRules::node_at(const Position& position) const {
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

void PtpRules::legal_moves_at(const Position& position, std::vector<Move>& moves) const {
  moves.clear();
  if (position.step != Step::PassPandas && position.step != Step::Bamboozle) return;
  const Seat turn = position.turn;
  if (position.step == Step::Bamboozle) {
    moves.push_back(make_move(kKeepDice, turn));
  }
  const std::uint16_t kind = position.step == Step::PassPandas ? kPassPanda : kExchange;
  for (Seat other = 0; other < players(); ++other) {
    if (other == turn || !position.players[static_cast<std::size_t>(other)].still_in()) continue;
    if (kind == kExchange && !may_exchange_with(position, other)) continue;
    moves.push_back(make_move(kind, turn, {other}));
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
        outcomes.push_back(ChanceOutcome{make_move(kRoll, seat, {water, panda, bamboo, blank}),
                                         Probability(weight, denominator)});
      }
    }
  }
}

void PtpRules::chance_outcomes_at(const Position& position,
                                  std::vector<ChanceOutcome>& outcomes) const {
  outcomes.clear();
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

Move PtpRules::sample_chance_at(const Position& position, Rng& rng) const {
  // Rolling the dice one at a time has the multinomial distribution listed
  // by chance_outcomes, without building the list.
  const int dice = position.players[static_cast<std::size_t>(position.turn)].dice;
  const Faces& die = settings_.die;
  const auto faces = static_cast<std::uint64_t>(die.total());
  std::uint64_t counts = 0;
  for (int i = 0; i < dice; ++i) counts += settings_.face_field[rng.below(faces)];
  // The fields are the roll's arguments already (water, panda, bamboo, blank).
  return make_move_of_fields(kRoll, position.turn, counts);
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
      // Asked of the die, not the roll: which faces a roll shows is random,
      // and a branch on it was mispredicted on most rolls.
      const Faces& die = settings_.die;
      const int on_missing_faces =
          (die.water == 0 ? roll.water : 0) + (die.panda == 0 ? roll.panda : 0) +
          (die.bamboo == 0 ? roll.bamboo : 0) + (die.blank == 0 ? roll.blank : 0);
      if (on_missing_faces > 0) {
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

bool PtpRules::may_bamboozle(const Position& position) const {
  const Faces& roll = position.roll;
  return settings_.bamboozled && roll.blank == roll.total() &&
         roll.total() >= settings_.bamboozled_min_dice;
}

bool PtpRules::may_exchange_with(const Position& position, Seat other) const {
  return settings_.bamboozled_partner == Settings::BamboozledPartner::AnyPlayer ||
         position.players[static_cast<std::size_t>(other)].dice > 0;
}

}  // namespace grove::pass_the_pandas
