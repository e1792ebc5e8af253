// The YAML form of a Pass the Pandas position, a one-line summary, and the
// invariants the checker verifies after every step.
//
//   round: 1
//   turn: P2
//   step: pass_pandas        # roll | pass_pandas | bamboozle | over
//   starter: P1
//   previous: P1             # who took the turn before; null at a round's start
//   roll: {water: 0, panda: 2, bamboo: 1, blank: 2}
//   pandas_to_pass: 2
//   challenge_settled: false
//   removed: 1               # dice the water took out of this round
//   players:
//     P1: {dice: 3, bamboo_rolled: 2, bamboo_received: 0, place: null, points: 0}
//     ...
//
// By hand, only `players` with each seat's `dice` is needed: a position then
// starts a turn of P1 with nobody having rolled, and `removed` is whatever
// the starting dice minus the dice held leaves.

#include <fmt/format.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

const std::array<std::pair<Step, const char*>, 4> kStepNames = {{
    {Step::Roll, "roll"},
    {Step::PassPandas, "pass_pandas"},
    {Step::Bamboozle, "bamboozle"},
    {Step::Over, "over"},
}};

const char* step_name(Step step) {
  for (const auto& [value, name] : kStepNames) {
    if (value == step) return name;
  }
  return "?";
}

YAML::Node null_or(int value, bool is_null) {
  return is_null ? YAML::Node(YAML::NodeType::Null) : YAML::Node(value);
}

YAML::Node seat_or_null(Seat seat) {
  return seat == kNoSeat ? YAML::Node(YAML::NodeType::Null) : YAML::Node(seat_label(seat));
}

int read_small(const YAML::Node& node, const std::string& key, int min, int max) {
  return static_cast<int>(read_integer(node, key, min, max));
}

}  // namespace

YAML::Node PtpRules::position_to_yaml(const Position& position) const {
  YAML::Node root;
  root["round"] = position.round;
  root["turn"] = seat_label(position.turn);
  root["step"] = step_name(position.step);
  root["starter"] = seat_label(position.starter);
  root["previous"] = seat_or_null(position.previous);
  YAML::Node roll;
  roll["water"] = position.roll.water;
  roll["panda"] = position.roll.panda;
  roll["bamboo"] = position.roll.bamboo;
  roll["blank"] = position.roll.blank;
  roll.SetStyle(YAML::EmitterStyle::Flow);
  root["roll"] = roll;
  root["pandas_to_pass"] = position.pandas_to_pass;
  root["challenge_settled"] = position.challenge_settled;
  root["removed"] = position.removed;
  YAML::Node players_node;
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    YAML::Node entry;
    entry["dice"] = player.dice;
    entry["bamboo_rolled"] = null_or(player.bamboo_rolled, player.bamboo_rolled < 0);
    entry["bamboo_received"] = player.bamboo_received;
    entry["place"] = null_or(player.place, player.place == 0);
    entry["points"] = player.points;
    entry.SetStyle(YAML::EmitterStyle::Flow);
    players_node[seat_label(static_cast<Seat>(seat))] = entry;
  }
  root["players"] = players_node;
  return root;
}

Position PtpRules::position_from_yaml(const YAML::Node& root) const {
  expect_map(root, "", "a Pass the Pandas position");
  check_keys(root, {"round", "turn", "step", "starter", "previous", "roll", "pandas_to_pass",
                    "challenge_settled", "removed", "players"});
  const int n = players();
  Position position = starting_position(0);

  const YAML::Node players_node = root["players"];
  if (!players_node) fail_at(root, "players", "missing: every seat needs its dice");
  expect_map(players_node, "players", "each seat's dice");
  for (const auto& entry : players_node) {
    const Seat seat = read_seat(entry.first, "players", n);
    const std::string label = seat_label(seat);
    const YAML::Node fields = entry.second;
    if (fields.IsScalar()) {  // "P1: 3" is short for "P1: {dice: 3}"
      position.players[static_cast<std::size_t>(seat)].dice =
          read_small(fields, label, 0, total_dice());
      continue;
    }
    expect_map(fields, label, "a player");
    check_keys(fields, {"dice", "bamboo_rolled", "bamboo_received", "place", "points"});
    Player& player = position.players[static_cast<std::size_t>(seat)];
    if (!fields["dice"])
      fail_at(fields, label + ".dice", "missing: how many dice does " + label + " hold?");
    player.dice = read_small(fields["dice"], label + ".dice", 0, total_dice());
    if (fields["bamboo_rolled"] && !fields["bamboo_rolled"].IsNull()) {
      player.bamboo_rolled =
          read_small(fields["bamboo_rolled"], label + ".bamboo_rolled", 0, total_dice());
    }
    if (fields["bamboo_received"]) {
      player.bamboo_received =
          read_small(fields["bamboo_received"], label + ".bamboo_received", 0, total_dice());
    }
    if (fields["place"] && !fields["place"].IsNull()) {
      player.place = read_small(fields["place"], label + ".place", 1, n);
    }
    if (fields["points"])
      player.points = read_small(fields["points"], label + ".points", 0, 1000000);
  }
  for (Seat seat = 0; seat < n; ++seat) {
    if (!players_node[seat_label(seat)]) {
      fail_at(players_node, "players",
              fmt::format("{} is missing; this table has {} players", seat_label(seat), n));
    }
  }

  if (root["round"]) position.round = read_small(root["round"], "round", 1, 1000000);
  if (root["turn"]) position.turn = read_seat(root["turn"], "turn", n);
  position.starter = root["starter"] ? read_seat(root["starter"], "starter", n) : position.turn;
  if (root["previous"] && !root["previous"].IsNull()) {
    position.previous = read_seat(root["previous"], "previous", n);
  }
  if (root["step"]) {
    const std::string name = read_string(root["step"], "step");
    bool known = false;
    for (const auto& [value, step_label] : kStepNames) {
      if (name == step_label) {
        position.step = value;
        known = true;
      }
    }
    if (!known) {
      fail_at(root["step"], "step",
              "expected one of roll, pass_pandas, bamboozle, over, got '" + name + "'");
    }
  }
  if (const YAML::Node roll = root["roll"]) {
    expect_map(roll, "roll", "the faces rolled this turn");
    check_keys(roll, {"water", "panda", "bamboo", "blank"});
    auto face = [&](const char* name) {
      return roll[name] ? read_small(roll[name], std::string("roll.") + name, 0, total_dice()) : 0;
    };
    position.roll = Faces{face("water"), face("panda"), face("bamboo"), face("blank")};
  }
  if (root["pandas_to_pass"]) {
    position.pandas_to_pass = read_small(root["pandas_to_pass"], "pandas_to_pass", 0, total_dice());
  }
  if (root["challenge_settled"]) {
    position.challenge_settled = read_bool(root["challenge_settled"], "challenge_settled");
  }

  const int held = position.dice_in_play();
  if (held > total_dice()) {
    fail_at(players_node, "players",
            fmt::format("the players hold {} dice, but {} players start with {} each ({} in all)",
                        held, n, settings_.dice_per_player, total_dice()));
  }
  position.removed = total_dice() - held;
  if (root["removed"]) {
    const int removed = read_small(root["removed"], "removed", 0, total_dice());
    if (removed != position.removed) {
      fail_at(root["removed"], "removed",
              fmt::format("the dice do not add up: players hold {} and {} were removed, but the "
                          "game has {}",
                          held, removed, total_dice()));
    }
  }

  const Player& mover = position.players[static_cast<std::size_t>(position.turn)];
  if (position.step != Step::Over && !mover.still_in()) {
    fail_at(root["turn"] ? root["turn"] : root, "turn",
            seat_label(position.turn) + " is out of the game and cannot have the turn");
  }
  if (position.step == Step::PassPandas &&
      (position.pandas_to_pass < 1 || position.pandas_to_pass > mover.dice)) {
    fail_at(root, "pandas_to_pass",
            fmt::format("at step pass_pandas, {} must have between 1 and the {} dice they hold "
                        "to pass",
                        seat_label(position.turn), mover.dice));
  }
  if (position.step == Step::Bamboozle && !may_bamboozle(position)) {
    fail_at(root, "step",
            "step bamboozle needs the Bamboozled variant and an all-blank roll of enough dice");
  }
  return position;
}

}  // namespace grove::pass_the_pandas
