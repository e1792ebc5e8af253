#pragma once
// The one way a game implements Rules: on its own Position struct, never on
// the untyped State. A game writes
//
//   class MyRules final : public TypedRules<MyRules, Position> { ... };
//
// and defines the hooks below on Position; TypedRules implements every Rules
// function by handing the hooks the game's Position (no casts in the game).
//
// apply() is fixed here: it asks rejection() first and calls play() only
// for a move rejection() accepts, so "an illegal move leaves the state as it
// was" holds by construction rather than by each game's habit.
//
// The game's class must be `final`: TypedRules calls the hooks through it,
// so the compiler calls them directly (no second virtual call per move).
//
// Required hooks (pure here: a game that misses one does not compile):
//   Position initial_position() const;
//   Node node_at(const Position&) const;
//   void legal_moves_at(const Position&, std::vector<Move>&) const;
//   void chance_outcomes_at(const Position&, std::vector<ChanceOutcome>&) const;
//   std::optional<std::string> rejection(const Position&, const Move&) const;
//   void play(Position&, const Move&, EventLog*) const;  // a move rejection() accepted
//   Outcome outcome_at(const Position&) const;
//   YAML::Node position_to_yaml(const Position&) const;
//   Position position_from_yaml(const YAML::Node&) const;
//   std::string summary_at(const Position&) const;
//   and Rules's move_text, parse_move and step_bound.
// Optional hooks (override what the game does better than the default):
//   sample_chance_at, board_at, board_svg_at, encode_position and
//   decode_position (a compact encoding), score_sheet_at, invariant_violations_at,
//   view_hash_at, observation_at, heuristic_at, heuristics_at,
//   determinize_at, move_use_at, game_metrics_at; and Rules's
//   search_playout_moves and search_iterations.
// Each has the meaning of the Rules function of the same stem (rules.hpp).

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/rules.hpp"
#include "engine/core/state.hpp"
#include "engine/core/state_codec.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove {

template <class Derived, class Position>
class TypedRules : public Rules {
 public:
  using Rules::Rules;

  // --- Rules, implemented once for every game ------------------------------
  std::unique_ptr<State> initial_state() const final {
    return std::make_unique<GameState<Position>>(self().initial_position());
  }
  Node node(const State& state) const final { return self().node_at(of(state)); }
  void legal_moves(const State& state, std::vector<Move>& moves) const final {
    self().legal_moves_at(of(state), moves);
  }
  void chance_outcomes(const State& state, std::vector<ChanceOutcome>& outcomes) const final {
    self().chance_outcomes_at(of(state), outcomes);
  }
  Move sample_chance(const State& state, Rng& rng) const final {
    return self().sample_chance_at(of(state), rng);
  }
  Verdict apply(State& state, const Move& move, EventLog* log) const final {
    Position& position = position_of<Position>(state);
    if (std::optional<std::string> why = self().rejection(position, move)) {
      return Verdict::illegal(std::move(*why));
    }
    self().play(position, move, log);
    return Verdict::legal();
  }
  Outcome outcome(const State& state) const final { return self().outcome_at(of(state)); }
  YAML::Node state_to_yaml(const State& state) const final {
    return self().position_to_yaml(of(state));
  }
  std::unique_ptr<State> state_from_yaml(const YAML::Node& node) const final {
    return std::make_unique<GameState<Position>>(self().position_from_yaml(node));
  }
  void encode(const State& state, std::string& out) const final {
    ByteWriter writer(out);
    self().encode_position(of(state), writer);
  }
  std::unique_ptr<State> decode(std::string_view bytes) const final {
    ByteReader reader(bytes);
    auto state = std::make_unique<GameState<Position>>(self().decode_position(reader));
    reader.expect_end();
    return state;
  }
  std::string state_summary(const State& state) const final { return self().summary_at(of(state)); }
  std::string board(const State& state) const final { return self().board_at(of(state)); }
  std::string board_svg(const State& state) const final { return self().board_svg_at(of(state)); }
  std::optional<std::string> score_sheet(const State& state) const final {
    return self().score_sheet_at(of(state));
  }
  std::vector<std::string> invariant_violations(const State& state) const final {
    return self().invariant_violations_at(of(state));
  }
  std::uint64_t view_hash(const State& state) const final { return self().view_hash_at(of(state)); }
  std::string observation(const State& state, Seat seat) const final {
    return self().observation_at(of(state), seat);
  }
  double heuristic(const State& state, Seat seat) const final {
    return self().heuristic_at(of(state), seat);
  }
  void heuristics(const State& state, std::vector<double>& values) const final {
    self().heuristics_at(of(state), values);
  }
  std::unique_ptr<State> determinize(const State& state, Seat seat, Rng& rng) const final {
    return std::make_unique<GameState<Position>>(self().determinize_at(of(state), seat, rng));
  }
  MoveUse move_use(const State& before, const Move& move) const final {
    return self().move_use_at(of(before), move);
  }
  std::vector<GameMetric> game_metrics(const State& terminal, const EventLog& log) const final {
    return self().game_metrics_at(of(terminal), log);
  }

 protected:
  // --- Required hooks --------------------------------------------------------
  virtual Position initial_position() const = 0;
  virtual Node node_at(const Position& position) const = 0;
  virtual void legal_moves_at(const Position& position, std::vector<Move>& moves) const = 0;
  virtual void chance_outcomes_at(const Position& position,
                                  std::vector<ChanceOutcome>& outcomes) const = 0;
  // Why `move` is not legal at `position`, or nothing when it is. Must not
  // change anything: apply() asks it before play().
  virtual std::optional<std::string> rejection(const Position& position,
                                               const Move& move) const = 0;
  // Plays a move rejection() accepted.
  virtual void play(Position& position, const Move& move, EventLog* log) const = 0;
  virtual Outcome outcome_at(const Position& position) const = 0;
  virtual YAML::Node position_to_yaml(const Position& position) const = 0;
  virtual Position position_from_yaml(const YAML::Node& node) const = 0;
  virtual std::string summary_at(const Position& position) const = 0;

  // --- Optional hooks, with the defaults Rules documents ---------------------
  virtual Move sample_chance_at(const Position& position, Rng& rng) const {
    std::vector<ChanceOutcome> outcomes;
    self().chance_outcomes_at(position, outcomes);
    return draw_outcome(outcomes, rng, game().name);
  }
  virtual std::string board_at(const Position& position) const {
    return self().summary_at(position);
  }
  // The default encoding is the position's YAML form as text: right, but
  // not compact; a game writes its fields instead (state_codec.hpp).
  virtual void encode_position(const Position& position, ByteWriter& out) const {
    out.text(YAML::Dump(self().position_to_yaml(position)));
  }
  virtual Position decode_position(ByteReader& in) const {
    const std::string text = in.text(SIZE_MAX, "the position's YAML");
    try {
      return self().position_from_yaml(load_yaml_text(text, "an encoded state"));
    } catch (const InputError& error) {
      in.fail(error.what());
    }
  }
  virtual std::string board_svg_at(const Position&) const { return {}; }
  virtual std::optional<std::string> score_sheet_at(const Position&) const { return std::nullopt; }
  virtual std::vector<std::string> invariant_violations_at(const Position&) const { return {}; }
  virtual std::uint64_t view_hash_at(const Position& position) const {
    Hasher hasher;
    position.hash_into(hasher);
    return hasher.finish();
  }
  virtual std::string observation_at(const Position& position, Seat) const {
    return yaml_inline(self().position_to_yaml(position));
  }
  virtual double heuristic_at(const Position& position, Seat seat) const {
    if (self().node_at(position).kind != NodeKind::Terminal) return 0;
    return self().outcome_at(position).place[static_cast<std::size_t>(seat)] == 1 ? 1 : 0;
  }
  virtual void heuristics_at(const Position& position, std::vector<double>& values) const {
    values.resize(static_cast<std::size_t>(players()));
    for (Seat seat = 0; seat < players(); ++seat) {
      values[static_cast<std::size_t>(seat)] = self().heuristic_at(position, seat);
    }
  }
  virtual Position determinize_at(const Position& position, Seat, Rng&) const {
    if (!game().perfect_information) {
      throw std::logic_error(game().name +
                             " hides information but does not override determinize_at");
    }
    return position;
  }
  virtual MoveUse move_use_at(const Position&, const Move& move) const {
    return move_use_of_text(move_text(move));
  }
  virtual std::vector<GameMetric> game_metrics_at(const Position&, const EventLog&) const {
    return {};
  }

 private:
  const Derived& self() const {
    static_assert(std::is_final_v<Derived>,
                  "a game's rules class must be final, so that its hooks are called directly");
    return static_cast<const Derived&>(*this);
  }
  static const Position& of(const State& state) { return position_of<Position>(state); }
};

// The factory a Game's make_rules holds, for a rules class constructed from
// (game, variant, players): the usual last line of a game's definition().
template <class GameRules>
std::unique_ptr<Rules> make_rules_of(const Game& game, const Variant& variant, int players) {
  return std::make_unique<GameRules>(game, variant, players);
}

}  // namespace grove
