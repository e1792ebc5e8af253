#include "tests/checker/planted_game.hpp"

#include <fmt/format.h>

#include <array>

#include "engine/core/typed_rules.hpp"
#include "engine/core/words.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove::testing {
namespace {

constexpr int kTarget = 10;
enum Kind : std::uint16_t { kAdd = 1, kHeads = 2, kTails = 3 };

struct Position {
  int counter = 0;
  Seat turn = 0;
  bool coin = false;  // the coin is to be tossed
  // How many moves led here, and whether the hash counts them (the planted
  // hash bug): equality ignores both.
  int visits = 0;
  bool hash_visits = false;
  bool operator==(const Position& other) const {
    return counter == other.counter && turn == other.turn && coin == other.coin;
  }
  void hash_into(Hasher& hasher) const {
    hasher.add(counter).add(turn).add(coin);
    if (hash_visits) hasher.add(visits);
  }
};

class PlantedRules final : public TypedRules<PlantedRules, Position> {
 public:
  PlantedRules(const Game& game, const Variant& variant, int players, PlantedBug bug)
      : TypedRules(game, variant, players), bug_(bug) {}

  Position initial_position() const override {
    Position start;
    start.hash_visits = bug_ == PlantedBug::HashBeyondEquality;
    return start;
  }
  Node node_at(const Position& p) const override {
    if (p.counter >= kTarget) return {NodeKind::Terminal, kNoSeat, false};
    if (p.coin) return {NodeKind::Chance, kNoSeat, false};
    return {NodeKind::Decision, p.turn, false};
  }
  void legal_moves_at(const Position& p, std::vector<Move>& moves) const override {
    moves.clear();
    if (node_at(p).kind != NodeKind::Decision) return;
    if (bug_ == PlantedBug::Stuck && p.counter == 5) return;
    moves.push_back(make_move(kAdd, p.turn, {1}));
    moves.push_back(make_move(kAdd, p.turn, {2}));
    if (adds_three(p) || bug_ == PlantedBug::ListsRefused) {
      moves.push_back(make_move(kAdd, p.turn, {3}));
    }
    if (passes(p)) moves.push_back(make_move(kAdd, p.turn, {0}));
  }
  void chance_outcomes_at(const Position& p, std::vector<ChanceOutcome>& outcomes) const override {
    outcomes.clear();
    if (node_at(p).kind != NodeKind::Chance) return;
    outcomes.push_back({make_move(kHeads, kNoSeat), Probability(1, 2)});
    outcomes.push_back({make_move(kTails, kNoSeat), Probability(1, 2)});
  }
  std::optional<std::string> rejection(const Position& p, const Move& move) const override {
    const Node at = node_at(p);
    const bool chance = move.kind == kHeads || move.kind == kTails;
    if (at.kind == NodeKind::Terminal) return "the game is over";
    if (chance != (at.kind == NodeKind::Chance)) return "not now";
    if (chance) {
      if (move.seat != kNoSeat || !move.uses_only(0)) return "a coin is a coin";
      return std::nullopt;
    }
    const int amount = move.args[0];
    const bool listed = amount == 1 || amount == 2 || (amount == 0 && passes(p));
    const bool accepted =
        listed || (amount == 3 && (bug_ == PlantedBug::AcceptsIllegal || adds_three(p)));
    if (move.kind != kAdd || move.seat != p.turn || !accepted || !move.uses_only(1)) {
      return "only the player to move adds 1 or 2";
    }
    if (bug_ == PlantedBug::Stuck && p.counter == 5) return "stuck";
    return std::nullopt;
  }
  void play(Position& p, const Move& move, EventLog* log) const override {
    if (move.kind == kHeads || move.kind == kTails) {
      if (move.kind == kHeads && !(bug_ == PlantedBug::TrapAtEight && p.counter == 8)) ++p.counter;
      if (move.kind == kTails && bug_ == PlantedBug::SlipOnTails && p.counter == 6) p.counter = 4;
      p.coin = false;
      p.turn = (p.turn + 1) % players();
      record(log, "planted.coin", kNoSeat,
             [&] { return EventText{move.kind == kHeads ? "heads" : "tails"}; });
    } else if (move.args[0] == 0) {
      p.turn = (p.turn + 1) % players();  // a pass: no coin
      record(log, "planted.add", move.seat, [&] { return EventText{"adds 0"}; });
    } else {
      const int amount = move.args[0];
      if (!(bug_ == PlantedBug::TrapAtEight && p.counter == 8)) p.counter += amount;
      if (bug_ == PlantedBug::RulingOnlyAtTheEnd && variant().ruling_is("planted.reading", "b") &&
          p.counter >= kTarget) {
        ++p.counter;
      }
      p.coin = true;
      if (has_bonuses() && p.counter == 4) {
        const bool doubling = bug_ == PlantedBug::BonusesInOrder;
        std::array<int, 2> bonuses = {doubling ? 0 : 1, 1};  // 0: double, 1: add one
        order_simultaneous(bonuses);
        for (int bonus : bonuses) p.counter = bonus == 0 ? 2 * p.counter : p.counter + 1;
        record(log, "planted.bonus", move.seat, [&] { return EventText{"bonuses"}; });
      }
      record(log, "planted.add", move.seat,
             [&] { return EventText{fmt::format("adds {}", amount)}; });
    }
    if (bug_ == PlantedBug::Endless) p.counter %= kTarget;
    ++p.visits;
  }
  Outcome outcome_at(const Position& p) const override {
    Outcome result;
    // The last to add wins; the turn passed on after the coin.
    const bool passed_on = bug_ == PlantedBug::RulingScoresTheEnd &&
                           variant().ruling_is("planted.reading", "b") && p.counter > kTarget;
    const Seat winner = passed_on ? p.turn : (p.turn + players() - 1) % players();
    for (Seat seat = 0; seat < players(); ++seat) result.place.push_back(seat == winner ? 1 : 2);
    return result;
  }
  std::string move_text(const Move& move) const override {
    if (move.kind == kHeads) return "coin heads";
    if (move.kind == kTails) return "coin tails";
    return fmt::format("{} adds {}", seat_label(move.seat), move.args[0]);
  }
  MoveParse parse_move(std::string_view text) const override {
    const std::vector<std::string> words = words_of(text);
    MoveParse parsed;
    if (words.size() == 2 && words[0] == "coin") {
      parsed.move = make_move(words[1] == "heads" ? kHeads : kTails, kNoSeat);
      if (words[1] != "heads" && words[1] != "tails") parsed.error = "heads or tails";
      return parsed;
    }
    const auto seat = words.size() == 3 ? parse_seat_label(words[0]) : std::nullopt;
    if (!seat || words[1] != "adds") {
      parsed.error = "cannot read move '" + std::string(text) + "'";
      return parsed;
    }
    parsed.move = make_move(kAdd, *seat, {std::stoi(words[2])});
    return parsed;
  }
  YAML::Node position_to_yaml(const Position& p) const override {
    YAML::Node node;
    node["counter"] = p.counter;
    if (bug_ != PlantedBug::YamlLosesTurn) node["turn"] = seat_label(p.turn);
    node["coin"] = p.coin;
    return node;
  }
  Position position_from_yaml(const YAML::Node& node) const override {
    Position p;
    p.hash_visits = bug_ == PlantedBug::HashBeyondEquality;
    if (node["counter"])
      p.counter = static_cast<int>(read_integer(node["counter"], "counter", 0, 99));
    if (node["turn"]) p.turn = read_seat(node["turn"], "turn", players());
    if (node["coin"]) p.coin = read_bool(node["coin"], "coin");
    return p;
  }
  std::string summary_at(const Position& p) const override {
    return fmt::format("counter {}, {} to {}", p.counter, seat_label(p.turn),
                       p.coin ? "toss" : "add");
  }
  std::uint64_t view_hash_at(const Position& p) const override {
    if (bug_ != PlantedBug::ViewIgnoresCoin) return TypedRules::view_hash_at(p);
    Hasher hasher;
    hasher.add(p.counter).add(p.turn);
    return hasher.finish();
  }
  std::vector<std::string> invariant_violations_at(const Position& p) const override {
    if (bug_ == PlantedBug::Invariant && p.counter == 7) return {"the counter is 7"};
    return {};
  }
  std::int64_t step_bound() const override { return 200; }

 private:
  bool has_bonuses() const {
    return bug_ == PlantedBug::BonusesInOrder || bug_ == PlantedBug::BonusesAnyOrder;
  }
  bool passes(const Position& p) const {
    return bug_ == PlantedBug::PassAtSix && p.counter == 6 && !p.coin;
  }
  bool adds_three(const Position& p) const {
    const bool reading_b =
        (bug_ == PlantedBug::RulingAtThree && variant().ruling_is("planted.reading", "b")) ||
        (bug_ == PlantedBug::RulingReadUnmarked && variant().ruling("planted.reading") == "b");
    return reading_b && p.counter == 3 && p.turn == 0 && !p.coin;
  }

  PlantedBug bug_;
};

}  // namespace

Game planted_game(PlantedBug bug) {
  Game game;
  game.name = "planted";
  game.title = "Planted";
  game.rules_source = "tests/checker/planted_game.hpp";
  game.min_players = 2;
  game.max_players = 3;
  game.parameters = {integer_param("unused", 1, 1, 3, "a parameter for the generators", "-")};
  game.rulings = {Ruling{
      "planted.reading", "a ruling for the generators", {{"a", "a"}, {"b", "b"}}, "a", "-", "-"}};
  game.clauses = {Clause{"planted.add", "a player adds", "-"},
                  Clause{"planted.coin", "the coin falls", "-"}};
  if (bug == PlantedBug::BonusesInOrder || bug == PlantedBug::BonusesAnyOrder) {
    game.simultaneous = {SimultaneousResolution{
        "planted.bonus", "two bonuses when an addition reaches 4: doubling, then one more", "-"}};
    game.clauses.push_back(Clause{"planted.bonus", "the bonuses at 4", "-"});
  }
  game.make_rules = [bug](const Game& self, const Variant& variant, int players) {
    return std::unique_ptr<Rules>(std::make_unique<PlantedRules>(self, variant, players, bug));
  };
  return game;
}

}  // namespace grove::testing
