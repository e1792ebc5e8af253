// A Pass the Pandas position as bytes (Rules::encode; state_codec.hpp).
//
// Layout, in Position's order: for each seat (the table's player count, so
// no length) dice, bamboo_rolled, bamboo_received, place, points; then
// turn, starter, previous, step, the roll's four faces, pandas_to_pass,
// challenge_settled, removed, round. Every number is a varint, so a
// four-player position is about thirty bytes where its YAML is several
// hundred: the fields are all counts of a few dozen dice at most, a byte
// each. The two that can be -1 (no roll yet, nobody before) are signed,
// which still fits their range in a byte.
//
// Reading bounds each field by what this table allows (its dice, its seats,
// the faces its die has, Panda-monium's target), so damaged bytes are
// refused with the field's name rather than read as a position whose seat
// or count indexes past the table. Relations between fields (the dice add
// up, the mover is still in) are left to the invariants: a position that
// breaks one must still travel, to be reported.

#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

std::uint64_t unsigned_of(int value) { return static_cast<std::uint64_t>(value); }

int int_of(std::uint64_t value) { return static_cast<int>(value); }

}  // namespace

void PtpRules::encode_position(const Position& position, ByteWriter& out) const {
  for (const Player& player : position.players) {
    out.unsigned_int(unsigned_of(player.dice));
    out.signed_int(player.bamboo_rolled);
    out.unsigned_int(unsigned_of(player.bamboo_received));
    out.unsigned_int(unsigned_of(player.place));
    out.unsigned_int(unsigned_of(player.points));
  }
  out.unsigned_int(unsigned_of(position.turn));
  out.unsigned_int(unsigned_of(position.starter));
  out.signed_int(position.previous);
  out.enumeration(position.step);
  out.unsigned_int(unsigned_of(position.roll.water));
  out.unsigned_int(unsigned_of(position.roll.panda));
  out.unsigned_int(unsigned_of(position.roll.bamboo));
  out.unsigned_int(unsigned_of(position.roll.blank));
  out.unsigned_int(unsigned_of(position.pandas_to_pass));
  out.flag(position.challenge_settled);
  out.unsigned_int(unsigned_of(position.removed));
  out.unsigned_int(unsigned_of(position.round));
}

Position PtpRules::decode_position(ByteReader& in) const {
  const auto dice = unsigned_of(total_dice());
  const auto seats = unsigned_of(players());
  // A player who goes out scores the dice still in play, and nobody starts
  // a round at the target: no total passes target + all the dice.
  const std::uint64_t most_points =
      settings_.pandamonium ? unsigned_of(settings_.pandamonium_target) + dice : 0;
  // Rounds are unbounded in principle; the YAML form's limit is theirs.
  const std::uint64_t most_rounds = settings_.pandamonium ? 1000000 : 1;
  // A face the die lacks never comes up.
  const auto faces = [&](int on_die) { return on_die > 0 ? dice : 0; };

  Position position;
  position.players.resize(static_cast<std::size_t>(players()));
  for (Player& player : position.players) {
    player.dice = int_of(in.unsigned_int(dice, "players.dice"));
    player.bamboo_rolled =
        static_cast<int>(in.signed_int(-1, total_dice(), "players.bamboo_rolled"));
    player.bamboo_received = int_of(in.unsigned_int(dice, "players.bamboo_received"));
    player.place = int_of(in.unsigned_int(seats, "players.place"));
    player.points = int_of(in.unsigned_int(most_points, "players.points"));
  }
  position.turn = static_cast<Seat>(in.unsigned_int(seats - 1, "turn"));
  position.starter = static_cast<Seat>(in.unsigned_int(seats - 1, "starter"));
  position.previous = static_cast<Seat>(in.signed_int(kNoSeat, players() - 1, "previous"));
  position.step = in.enumeration(Step::Over, "step");
  if (position.step == Step::Bamboozle && !settings_.bamboozled) {
    in.fail("step is bamboozle, but this variant is not Bamboozled");
  }
  position.roll.water = int_of(in.unsigned_int(faces(settings_.die.water), "roll.water"));
  position.roll.panda = int_of(in.unsigned_int(faces(settings_.die.panda), "roll.panda"));
  position.roll.bamboo = int_of(in.unsigned_int(faces(settings_.die.bamboo), "roll.bamboo"));
  position.roll.blank = int_of(in.unsigned_int(faces(settings_.die.blank), "roll.blank"));
  position.pandas_to_pass = int_of(in.unsigned_int(dice, "pandas_to_pass"));
  position.challenge_settled = in.flag("challenge_settled");
  position.removed = int_of(in.unsigned_int(dice, "removed"));
  position.round = int_of(in.unsigned_int(most_rounds, "round"));
  if (position.round == 0) in.fail("round is 0; the first round is 1");
  return position;
}

}  // namespace grove::pass_the_pandas
