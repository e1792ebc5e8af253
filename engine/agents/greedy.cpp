#include "engine/agents/greedy.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/core/game.hpp"

namespace grove {
namespace {

// A finished game is worth more than any position the heuristic can rate.
constexpr double kEndWeight = 1e12;
// Chance nodes with more outcomes than this are valued on a sample.
constexpr std::size_t kExactChance = 16;
constexpr std::size_t kChanceSamples = 6;

}  // namespace

double lookahead_value(const Rules& rules, const State& state, Seat seat) {
  const int players = rules.players();
  if (rules.node(state).kind == NodeKind::Terminal) {
    const std::vector<int> place = rules.outcome(state).place;
    // Winning is above and losing below anything the heuristic gives:
    // +1 for first, -1 for last, in between by place.
    const int mine = place[static_cast<std::size_t>(seat)];
    return kEndWeight * (2.0 * (players - mine) / std::max(1, players - 1) - 1);
  }
  // Agents value positions by the thousand: the figures go to one buffer
  // per thread rather than a fresh vector each time.
  thread_local std::vector<double> figures;
  rules.heuristics(state, figures);
  double best_other = -std::numeric_limits<double>::infinity();
  for (Seat other = 0; other < players; ++other) {
    if (other != seat) best_other = std::max(best_other, figures[static_cast<std::size_t>(other)]);
  }
  const double own = figures[static_cast<std::size_t>(seat)];
  return players > 1 ? own - best_other : own;
}

double MoveValuer::value_after(const Rules& rules, const State& after, Seat seat, Rng& rng) {
  double total = 0;
  each_outcome(rules, after, rng, [&](const State& outcome, double weight) {
    total += weight * lookahead_value(rules, outcome, seat);
  });
  return total;
}

void MoveValuer::each_outcome(const Rules& rules, const State& state, Rng& rng,
                              const std::function<void(const State&, double)>& visit) {
  if (rules.node(state).kind != NodeKind::Chance) {
    visit(state, 1.0);
    return;
  }
  rules.chance_outcomes(state, outcomes_);
  const bool exact = outcomes_.size() <= kExactChance;
  const std::size_t count = exact ? outcomes_.size() : kChanceSamples;
  for (std::size_t i = 0; i < count; ++i) {
    copy_into(rolled_, state);
    const Move outcome = exact ? outcomes_[i].move : rules.sample_chance(state, rng);
    if (!rules.apply(*rolled_, outcome, nullptr).is_legal()) {
      throw std::logic_error(rules.game().name +
                             ": a chance outcome was refused: " + rules.move_text(outcome));
    }
    visit(*rolled_,
          exact ? outcomes_[i].probability.to_double() : 1.0 / static_cast<double>(kChanceSamples));
  }
}

Move GreedyAgent::choose(const Rules& rules, const State& state, Rng& rng) {
  const Seat seat = rules.node(state).actor;
  rules.legal_moves(state, moves_);
  if (moves_.empty()) {
    throw std::logic_error(rules.game().name + ": no legal move in a non-terminal state: " +
                           rules.state_summary(state));
  }
  if (moves_.size() == 1) return moves_.front();
  // The seat's own moves do not depend on what it cannot see, so they are
  // the same in the drawn state.
  const std::unique_ptr<State> seen = rules.determinize(state, seat, rng);
  // Every move's chance samples come from the same stream (common random
  // numbers), so that moves are compared on the same luck rather than each
  // on its own.
  const Rng luck(rng.next());
  double best = -std::numeric_limits<double>::infinity();
  best_.clear();
  for (const Move& move : moves_) {
    copy_into(scratch_, *seen);
    if (!rules.apply(*scratch_, move, nullptr).is_legal()) {
      throw std::logic_error(rules.game().name + ": the legal move " + rules.move_text(move) +
                             " was refused in a determinized state");
    }
    Rng move_luck = luck;
    const double value = valuer_.value_after(rules, *scratch_, seat, move_luck);
    if (value > best + 1e-9) {
      best = value;
      best_.assign(1, move);
    } else if (value >= best - 1e-9) {
      best_.push_back(move);
    }
  }
  return best_[rng.below(best_.size())];
}

}  // namespace grove
