#pragma once
// The value of one state from its successors' values, for the exact
// probabilities of state_graph.hpp, in one place for the graph in one
// process and the graph left on the ranks (graph_on_ranks.hpp): the same
// arithmetic in the same order, so that a state on no cycle gets the same
// value to the last bit wherever it is computed.
//
// `successors(add)` calls add(probability, values) for each successor in
// the order the rules list them: the chance outcome's probability, or 1/n
// for each of a decision's n moves under uniformly random play.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"

namespace grove::checker {

// Random play: per state, each seat's chance of being among the winners,
// then of a shared win, of an end (only where some state's games may never
// end: elsewhere it is 1 at every state, and left out), and the expected
// number of moves. Left out, it took a fifth less memory, and a state's
// values fit one cache line rather than straddling two as often as not
// (Pass the Pandas 8 dice: the solve waited on loading successors' values).
struct RandomPlayValues {
  int seats;
  bool some_may_not_end;  // some state's games may never end (not all can reach an end)

  std::size_t width() const { return static_cast<std::size_t>(seats) + (some_may_not_end ? 3 : 2); }
  std::size_t shared() const { return static_cast<std::size_t>(seats); }
  std::size_t end() const { return shared() + 1; }  // only where some_may_not_end
  std::size_t length() const { return width() - 1; }

  // `may_not_end`: some successor's games may never end, so the expected
  // length is infinite.
  template <class Successors>
  void compute(NodeClass node_class, std::uint32_t winners, bool may_not_end, Successors successors,
               double* next) const {
    switch (node_class) {
      case NodeClass::Terminal:
        std::fill(next, next + width(), 0.0);
        for (int s = 0; s < seats; ++s) next[static_cast<std::size_t>(s)] = (winners >> s) & 1U;
        next[shared()] = std::popcount(winners) > 1 ? 1 : 0;
        if (some_may_not_end) next[end()] = 1;
        break;
      case NodeClass::Decision:
      case NodeClass::Chance:
        add_up(successors, next);
        next[length()] = may_not_end ? std::numeric_limits<double>::infinity() : 1 + next[length()];
        break;
      default:
        std::fill(next, next + width(), 0.0);
        break;
    }
  }

  // next[k] = the sum of p * theirs[k] over the successors, in their
  // order: what compute() adds to a decision's or chance node's values, and
  // what the edges leaving a component add to a state's (`successors` those
  // edges alone), summed once for all the component's sweeps.
  template <class Successors>
  void add_up(Successors successors, double* next) const {
    switch (width()) {
      case 4:
        sum<4>(successors, next);
        break;
      case 5:
        sum<5>(successors, next);
        break;
      case 6:
        sum<6>(successors, next);
        break;
      case 7:
        sum<7>(successors, next);
        break;
      case 8:
        sum<8>(successors, next);
        break;
      default:
        sum<0>(successors, next);
        break;
    }
  }

  // add_up with the width known when compiling (W; 0 where it is not): the
  // sums stay in registers: summed in `next`, each successor's sums waited
  // on the last one's stores, and the random-play solve took twice as long.
  template <std::size_t W, class Successors>
  void sum(Successors successors, double* next) const {
    if constexpr (W == 0) {
      std::fill(next, next + width(), 0.0);
      successors([&](double p, const double* theirs) {
        for (std::size_t k = 0; k < width(); ++k) next[k] += p * theirs[k];
      });
    } else {
      std::array<double, W> sums{};
      successors([&](double p, const double* theirs) {
        for (std::size_t k = 0; k < W; ++k) sums[k] += p * theirs[k];
      });
      std::copy(sums.begin(), sums.end(), next);
    }
  }

  // The random-play figures of `out` from the start's values.
  void report(const double* start, OutcomeProbabilities& out) const {
    for (int s = 0; s < seats; ++s) out.win.push_back(start[static_cast<std::size_t>(s)]);
    out.shared = start[shared()];
    out.never_ends = some_may_not_end ? 1 - start[end()] : 0;
    out.length_finite = !std::isinf(start[length()]);
    out.expected_length = start[length()];
    out.computed = true;
  }

  // What the first of two seats scores under uniformly random play, as
  // optimal play counts it (a win 1, a shared win or none 1/2), where
  // every game ends: 1/2 (1 + P1 - P2). Optimal play is solved from it.
  double first_seat_score(const double* values) const { return 0.5 * (1 + values[0] - values[1]); }

  // Every state's first_seat_score from its values (`width()` a state),
  // written over them (state i's at i, read from width() * i on before), so
  // that no more memory is held than while random play was solved.
  std::vector<double> first_seat_scores(std::vector<double> values) const {
    const std::size_t n = values.size() / width();
    for (std::size_t i = 0; i < n; ++i) values[i] = first_seat_score(&values[width() * i]);
    values.resize(n);
    return values;
  }

  // Writes `after` over `before` and returns change(before, after), in one
  // pass: a copy of a width known only when running is a call to memmove.
  // Without it and the memset compute() no longer makes (and reading
  // may_not_end by place), the analyses of Pass the Pandas 8 dice took min
  // 602 ms rather than 674, median 647 rather than 750 (18 runs each).
  double replace(double* before, const double* after) const {
    double largest = 0;
    for (std::size_t k = 0; k < length(); ++k) {
      largest = std::max(largest, std::abs(after[k] - before[k]));
      before[k] = after[k];
    }
    const double length_change = relative_change(before[length()], after[length()]);
    before[length()] = after[length()];
    return std::max(largest, length_change);
  }

  // The largest change between two sets of values, relative to values
  // above 1: the chances are at most 1, so only the expected length is
  // divided (and only it can be infinite).
  double change(const double* before, const double* after) const {
    double largest = 0;
    for (std::size_t k = 0; k < length(); ++k) {
      largest = std::max(largest, std::abs(after[k] - before[k]));
    }
    return std::max(largest, relative_change(before[length()], after[length()]));
  }

  // The expected length's change from a to b, relative to b where above 1;
  // none between two infinite lengths.
  static double relative_change(double a, double b) {
    if (std::isinf(a) && std::isinf(b)) return 0;
    return std::abs(b - a) / std::max(1.0, std::abs(b));
  }
};

// Whether a state's games end whatever anyone does: it is an end, or it has
// moves and the players cannot keep it from every end (`can_avoid_end`).
// Every game ends where this holds of every state; the optimal value from
// above is then the one from below (state_graph.cpp says why).
inline bool stops_whatever_anyone_does(NodeClass node_class, bool has_moves, bool can_avoid_end) {
  return node_class == NodeClass::Terminal || (has_moves && !can_avoid_end);
}

// Where a decision's optimal value starts before its moves are weighed:
// the value none of them falls short of for the actor (0 for the first
// seat, who maximises; 1 for the second, who minimises).
inline double worst_for(Seat actor) { return actor == 0 ? 0.0 : 1.0; }

// Optimal play for two players who see everything: the first seat's value
// (a win 1, a shared result or no winner 1/2, a loss 0), the first seat
// maximising and the second minimising; `unsettled` where no move is left
// (and where the iteration starts).
template <class Successors>
double optimal_value(NodeClass node_class, std::uint32_t winners, Seat actor, double unsettled,
                     Successors successors) {
  double result = unsettled;
  switch (node_class) {
    case NodeClass::Terminal:
      result = winners == 1U ? 1.0 : winners == 2U ? 0.0 : 0.5;
      break;
    case NodeClass::Chance:
      result = 0;
      successors([&](double p, const double* theirs) { result += p * *theirs; });
      break;
    case NodeClass::Decision: {
      bool any = false;
      const bool maximising = actor == 0;
      successors([&](double, const double* theirs) {
        if (!any) result = worst_for(actor);
        any = true;
        result = maximising ? std::max(result, *theirs) : std::min(result, *theirs);
      });
      break;
    }
    default:
      break;
  }
  return result;
}

}  // namespace grove::checker
