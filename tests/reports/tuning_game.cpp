#include "tests/reports/tuning_game.hpp"

#include <fmt/format.h>

#include "engine/core/typed_rules.hpp"
#include "engine/core/words.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove::testing {
namespace {

constexpr std::int64_t kEdgeOutOf = 20;
enum Kind : std::uint16_t { kCall = 1, kDraw = 2 };
enum Call : int { kHeads = 0, kTails = 1 };

// The call is not kept: it cannot change anything that follows, and a state
// that remembered it would only make the two moves look different.
struct Position {
  int decisions = 0;      // calls made so far
  Seat winner = kNoSeat;  // set by the draw, which ends the game
  bool operator==(const Position&) const = default;
  void hash_into(Hasher& hasher) const { hasher.add(decisions).add(winner); }
};

class TuningRules final : public TypedRules<TuningRules, Position> {
 public:
  TuningRules(const Game& game, const Variant& variant, int players)
      : TypedRules(game, variant, players),
        edge_(variant.integer("edge")),
        rounds_(static_cast<int>(variant.integer("rounds"))) {}

  Position initial_position() const override { return Position{}; }
  Node node_at(const Position& p) const override {
    if (p.winner != kNoSeat) return {NodeKind::Terminal, kNoSeat, false};
    if (p.decisions >= rounds_) return {NodeKind::Chance, kNoSeat, false};
    return {NodeKind::Decision, p.decisions % 2, false};
  }
  void legal_moves_at(const Position& p, std::vector<Move>& moves) const override {
    moves.clear();
    const Node at = node_at(p);
    if (at.kind != NodeKind::Decision) return;
    moves.push_back(make_move(kCall, at.actor, {kHeads}));
    moves.push_back(make_move(kCall, at.actor, {kTails}));
  }
  void chance_outcomes_at(const Position& p, std::vector<ChanceOutcome>& outcomes) const override {
    outcomes.clear();
    if (node_at(p).kind != NodeKind::Chance) return;
    // An outcome that cannot happen is not listed (edge 0 or 20).
    for (Seat seat = 0; seat < 2; ++seat) {
      if (wins_out_of_20(seat) > 0) {
        outcomes.push_back(
            {make_move(kDraw, seat), Probability(static_cast<uint128>(wins_out_of_20(seat)),
                                                 static_cast<uint128>(kEdgeOutOf))});
      }
    }
  }
  std::optional<std::string> rejection(const Position& p, const Move& move) const override {
    const Node at = node_at(p);
    if (at.kind == NodeKind::Terminal) return "the game is over";
    if ((move.kind == kDraw) != (at.kind == NodeKind::Chance)) return "not now";
    if (move.kind == kDraw) {
      if ((move.seat != 0 && move.seat != 1) || wins_out_of_20(move.seat) == 0 ||
          !move.uses_only(0)) {
        return "the draw names P1 or P2, and only one that can win";
      }
      return std::nullopt;
    }
    const int call = move.args[0];
    if (move.kind != kCall || move.seat != at.actor || (call != kHeads && call != kTails) ||
        !move.uses_only(1)) {
      return "only the player to move calls heads or tails";
    }
    return std::nullopt;
  }
  void play(Position& p, const Move& move, EventLog* log) const override {
    if (move.kind == kDraw) {
      p.winner = move.seat;
      record(log, "tuning.draw", move.seat,
             [&] { return EventText{fmt::format("{} wins the draw", seat_label(p.winner))}; });
      return;
    }
    ++p.decisions;
    record(log, "tuning.call", move.seat, [&] { return EventText{move_text(move)}; });
  }
  Outcome outcome_at(const Position& p) const override {
    Outcome result;
    for (Seat seat = 0; seat < players(); ++seat) result.place.push_back(seat == p.winner ? 1 : 2);
    return result;
  }
  std::string move_text(const Move& move) const override {
    if (move.kind == kDraw) return fmt::format("{} wins the draw", seat_label(move.seat));
    return fmt::format("{} calls {}", seat_label(move.seat),
                       move.args[0] == kHeads ? "heads" : "tails");
  }
  MoveParse parse_move(std::string_view text) const override {
    std::vector<std::string> words = words_of(text);
    for (std::string& word : words) word = lowercase(word);
    MoveParse parsed;
    const auto seat = words.empty() ? std::nullopt : parse_seat_label(words[0]);
    if (seat && words.size() == 4 && words[1] == "wins" && words[2] == "the" &&
        words[3] == "draw") {
      parsed.move = make_move(kDraw, *seat);
    } else if (seat && words.size() == 3 && words[1] == "calls" &&
               (words[2] == "heads" || words[2] == "tails")) {
      parsed.move = make_move(kCall, *seat, {words[2] == "heads" ? kHeads : kTails});
    } else {
      parsed.error = "cannot read move '" + std::string(text) +
                     "' (expected 'P1 calls heads', 'P2 calls tails' or 'P1 wins the draw')";
    }
    return parsed;
  }
  YAML::Node position_to_yaml(const Position& p) const override {
    YAML::Node yaml;
    yaml["decisions"] = p.decisions;
    if (p.winner != kNoSeat) yaml["winner"] = seat_label(p.winner);
    return yaml;
  }
  Position position_from_yaml(const YAML::Node& yaml) const override {
    check_keys(yaml, {"decisions", "winner"});
    Position p;
    if (yaml["decisions"]) {
      p.decisions = static_cast<int>(read_integer(yaml["decisions"], "decisions", 0, rounds_));
    }
    if (yaml["winner"]) {
      p.winner = read_seat(yaml["winner"], "winner", players());
      // A winner before every call was made is a state play never reaches.
      if (p.decisions < rounds_) {
        fail_at(yaml["winner"], "winner", "the draw comes only after every call");
      }
    }
    return p;
  }
  std::string summary_at(const Position& p) const override {
    if (p.winner != kNoSeat) return fmt::format("{} won the draw", seat_label(p.winner));
    if (p.decisions >= rounds_) return fmt::format("{} calls made, the draw is next", p.decisions);
    return fmt::format("{} calls made, {} to call", p.decisions, seat_label(p.decisions % 2));
  }
  std::int64_t step_bound() const override { return rounds_ + 1; }

 private:
  // P1's chances are edge in 20, P2's the rest.
  std::int64_t wins_out_of_20(Seat seat) const { return seat == 0 ? edge_ : kEdgeOutOf - edge_; }

  std::int64_t edge_;
  int rounds_;
};

}  // namespace

Game tuning_game() {
  Game game;
  game.name = "tuning";
  game.title = "Tuning";
  game.rules_source = "tests/reports/tuning_game.hpp";
  game.min_players = 2;
  game.max_players = 2;
  game.parameters = {
      integer_param("edge", 5, 0, kEdgeOutOf, "P1 wins the draw with probability edge/20",
                    "tests/reports/tuning_game.hpp"),
      integer_param("rounds", 3, 1, 12, "calls made before the draw",
                    "tests/reports/tuning_game.hpp")};
  game.clauses = {Clause{"tuning.call", "a player calls heads or tails, to no effect", "-"},
                  Clause{"tuning.draw", "the draw decides the winner", "-"}};
  game.make_rules = make_rules_of<TuningRules>;
  return game;
}

}  // namespace grove::testing
