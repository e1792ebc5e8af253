#pragma once
// A checking wrapper around a game's rules, as LTSmin wraps a language module:
// it plays exactly as the rules do, and verifies at every call what the Rules
// interface promises but a game cannot prove about itself:
//   - apply: the moves a state lists (its legal moves, or its chance
//     outcomes) are exactly the moves apply accepts there, and a refused
//     move leaves the state as it was;
//   - view_hash (TLC's VIEW): states with the same view behave alike: the
//     same node, the same legal moves, the same chance outcomes with the
//     same probabilities, the same outcome at the end, and successors with
//     the same views.
// A broken promise throws ContractBroken, which the explorer and fuzz report
// as they report anything the rules throw: with the shortest way there.
//
// The checks cost a listing per apply and an expansion per view, so the
// wrapper is for checking (the every-game test, grove fuzz, the explorer
// when asked), never for simulation.

#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "engine/core/rules.hpp"

namespace grove::checker {

// The promise a ContractBroken is about.
enum class Promise {
  ListedApplies,     // a listed move (or chance outcome) was refused
  UnlistedRefused,   // a move that is not listed was accepted
  RefusalUnchanged,  // a refused move changed the state
  ViewStable,        // the view of a state changed from one call to the next
  ViewBehaves,       // two states with the same view behave differently
};

// The property name grove fuzz and the explorer report the promise under:
// the apply promises under the names step_checks.hpp gives them
// ("legal-move-applies", "illegal-move-rejected", "illegal-move-unchanged"),
// the view promises as "view-stable" and "view-contract".
const char* promise_property(Promise promise);

struct ContractBroken : std::logic_error {
  ContractBroken(Promise broken, const std::string& what, std::optional<Move> about = std::nullopt)
      : std::logic_error(what), promise(broken), move(about) {}
  Promise promise;
  std::optional<Move> move;  // the move applied, for the apply promises
};

class CheckedRules final : public Rules {
 public:
  explicit CheckedRules(const Rules& rules);

  const Rules& checked() const { return rules_; }

  // The view promise around `state`, as grove fuzz checks it along a game:
  // the views of the state and of every state one listed move or chance
  // outcome away, each held against every other state seen with its view.
  // A game's path alone seldom meets the same view twice; its neighbours
  // (the other outcome of a coin, the other move) often do.
  void check_views_around(const State& state) const;

  // --- What the wrapper checks ------------------------------------------------
  Verdict apply(State& state, const Move& move, EventLog* log) const override;
  std::uint64_t view_hash(const State& state) const override;

  // --- Everything else, as the rules say --------------------------------------
  std::unique_ptr<State> initial_state() const override { return rules_.initial_state(); }
  Node node(const State& state) const override { return rules_.node(state); }
  void legal_moves(const State& state, std::vector<Move>& moves) const override {
    rules_.legal_moves(state, moves);
  }
  void chance_outcomes(const State& state, std::vector<ChanceOutcome>& outcomes) const override {
    rules_.chance_outcomes(state, outcomes);
  }
  Move sample_chance(const State& state, Rng& rng) const override {
    return rules_.sample_chance(state, rng);
  }
  Outcome outcome(const State& state) const override { return rules_.outcome(state); }
  std::string move_text(const Move& move) const override { return rules_.move_text(move); }
  MoveParse parse_move(std::string_view text) const override { return rules_.parse_move(text); }
  YAML::Node state_to_yaml(const State& state) const override {
    return rules_.state_to_yaml(state);
  }
  std::unique_ptr<State> state_from_yaml(const YAML::Node& node) const override {
    return rules_.state_from_yaml(node);
  }
  void encode(const State& state, std::string& out) const override { rules_.encode(state, out); }
  std::unique_ptr<State> decode(std::string_view bytes) const override {
    return rules_.decode(bytes);
  }
  std::string state_summary(const State& state) const override {
    return rules_.state_summary(state);
  }
  std::string board(const State& state) const override { return rules_.board(state); }
  std::string board_legend() const override { return rules_.board_legend(); }
  std::string board_svg(const State& state) const override { return rules_.board_svg(state); }
  std::optional<std::string> score_sheet(const State& state) const override {
    return rules_.score_sheet(state);
  }
  std::vector<std::string> invariant_violations(const State& state) const override {
    return rules_.invariant_violations(state);
  }
  std::int64_t step_bound() const override { return rules_.step_bound(); }
  std::string observation(const State& state, Seat seat) const override {
    return rules_.observation(state, seat);
  }
  double heuristic(const State& state, Seat seat) const override {
    return rules_.heuristic(state, seat);
  }
  void heuristics(const State& state, std::vector<double>& values) const override {
    rules_.heuristics(state, values);
  }
  int search_playout_moves() const override { return rules_.search_playout_moves(); }
  int search_iterations() const override { return rules_.search_iterations(); }
  std::unique_ptr<State> determinize(const State& state, Seat seat, Rng& rng) const override {
    return rules_.determinize(state, seat, rng);
  }
  MoveUse move_use(const State& before, const Move& move) const override {
    return rules_.move_use(before, move);
  }
  std::vector<GameMetric> game_metrics(const State& terminal, const EventLog& log) const override {
    return rules_.game_metrics(terminal, log);
  }

 private:
  // Everything the rules let a player or chance do from `state`, as one
  // number: the node, each listed move or outcome with its probability and
  // the view it leads to, and the outcome at the end.
  std::uint64_t behaviour(const State& state) const;

  const Rules& rules_;
  // Per view, the behaviour of the first state seen with it, and nothing
  // else: a search through the wrapper sees a view per state found, so a
  // summary kept per view (for the message) cost more than the search's own
  // state. A break describes the state at hand; the trace to the move that
  // reached it is the finding's.
  mutable std::mutex mutex_;
  mutable std::unordered_map<std::uint64_t, std::uint64_t> views_;
};

}  // namespace grove::checker
