#include "checker/checked_rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/hash.hpp"

namespace grove::checker {
namespace {

void add_move(Hasher& hasher, const Move& move) {
  hasher.add(move.kind).add(move.seat);
  for (std::int16_t arg : move.args) hasher.add(arg);
}

}  // namespace

const char* promise_property(Promise promise) {
  switch (promise) {
    case Promise::ListedApplies:
      return "legal-move-applies";
    case Promise::UnlistedRefused:
      return "illegal-move-rejected";
    case Promise::RefusalUnchanged:
      return "illegal-move-unchanged";
    case Promise::ViewStable:
      return "view-stable";
    case Promise::ViewBehaves:
      break;
  }
  return "view-contract";
}

CheckedRules::CheckedRules(const Rules& rules)
    : Rules(rules.game(), rules.variant(), rules.players()), rules_(rules) {}

Verdict CheckedRules::apply(State& state, const Move& move, EventLog* log) const {
  const Node node = rules_.node(state);
  bool listed = false;
  if (node.kind == NodeKind::Decision) {
    std::vector<Move> moves;
    rules_.legal_moves(state, moves);
    listed = std::find(moves.begin(), moves.end(), move) != moves.end();
  } else if (node.kind == NodeKind::Chance) {
    std::vector<ChanceOutcome> outcomes;
    rules_.chance_outcomes(state, outcomes);
    listed = std::any_of(outcomes.begin(), outcomes.end(),
                         [&](const ChanceOutcome& outcome) { return outcome.move == move; });
  }
  const std::unique_ptr<State> before = state.clone();
  const Verdict verdict = rules_.apply(state, move, log);
  const auto broken = [&](Promise promise, const std::string& what) {
    return ContractBroken(promise,
                          fmt::format("'{}' {} (at: {})", rules_.move_text(move), what,
                                      rules_.state_summary(*before)),
                          move);
  };
  if (verdict.is_legal() && !listed) {
    throw broken(Promise::UnlistedRefused, "is not listed but was accepted");
  }
  if (!verdict.is_legal()) {
    if (listed)
      throw broken(Promise::ListedApplies, "is listed but was refused: " + verdict.reason());
    if (!state.equals(*before)) {
      throw broken(Promise::RefusalUnchanged, "was refused but changed the state");
    }
  }
  return verdict;
}

std::uint64_t CheckedRules::behaviour(const State& state) const {
  Hasher hasher;
  const Node node = rules_.node(state);
  hasher.add(static_cast<int>(node.kind)).add(node.actor).add(node.simultaneous);
  std::vector<Move> moves;
  std::vector<ChanceOutcome> outcomes;
  if (node.kind == NodeKind::Decision) {
    rules_.legal_moves(state, moves);
  } else if (node.kind == NodeKind::Chance) {
    rules_.chance_outcomes(state, outcomes);
    for (const ChanceOutcome& outcome : outcomes) {
      moves.push_back(outcome.move);
      hasher.add(static_cast<std::uint64_t>(outcome.probability.numerator()))
          .add(static_cast<std::uint64_t>(outcome.probability.numerator() >> 64))
          .add(static_cast<std::uint64_t>(outcome.probability.denominator()))
          .add(static_cast<std::uint64_t>(outcome.probability.denominator() >> 64));
    }
  } else {
    const Outcome outcome = rules_.outcome(state);
    for (int place : outcome.place) hasher.add(place);
    for (std::int64_t score : outcome.score) hasher.add(score);
  }
  const std::unique_ptr<State> next = state.clone();
  for (const Move& move : moves) {
    add_move(hasher, move);
    next->copy_from(state);
    if (rules_.apply(*next, move, nullptr).is_legal()) hasher.add(rules_.view_hash(*next));
  }
  return hasher.finish();
}

std::uint64_t CheckedRules::view_hash(const State& state) const {
  const std::uint64_t view = rules_.view_hash(state);
  if (rules_.view_hash(state) != view) {
    throw ContractBroken(Promise::ViewStable,
                         "the view of a state changes from one call to the next (at: " +
                             rules_.state_summary(state) + ")");
  }
  const std::uint64_t seen_now = behaviour(state);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto [known, first] = views_.try_emplace(view, seen_now);
  if (!first && known->second != seen_now) {
    throw ContractBroken(
        Promise::ViewBehaves,
        fmt::format("two states with the same view behave differently (their moves, chance "
                    "outcomes, outcome or the views they lead to differ): '{}' and an earlier "
                    "state with its view ({:016x})",
                    rules_.state_summary(state), view));
  }
  return view;
}

void CheckedRules::check_views_around(const State& state) const {
  view_hash(state);
  const Node node = rules_.node(state);
  std::vector<Move> moves;
  if (node.kind == NodeKind::Decision) {
    rules_.legal_moves(state, moves);
  } else if (node.kind == NodeKind::Chance) {
    std::vector<ChanceOutcome> outcomes;
    rules_.chance_outcomes(state, outcomes);
    for (const ChanceOutcome& outcome : outcomes) moves.push_back(outcome.move);
  }
  const std::unique_ptr<State> next = state.clone();
  for (const Move& move : moves) {
    next->copy_from(state);
    // A refused listed move is the apply promise's, reported where it is applied.
    if (rules_.apply(*next, move, nullptr).is_legal()) view_hash(*next);
  }
}

}  // namespace grove::checker
