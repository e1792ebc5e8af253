#pragma once
// The greedy agent: looks one move ahead. Each legal move is tried on a
// state drawn from what the agent's seat can see (Rules::determinize), and
// valued by the game's heuristic: the seat's own figure minus the best of
// the others', averaged over the chance outcomes that follow at once. Ties
// are broken at random.

#include <functional>
#include <memory>
#include <vector>

#include "engine/core/agent.hpp"

namespace grove {

// How a state looks for `seat`: at the end, far above (a win) or below (a
// loss) anything the heuristic gives; otherwise its heuristic minus the
// best heuristic of the other seats.
double lookahead_value(const Rules& rules, const State& state, Seat seat);

// Values the state just after a move for `seat`: lookahead_value, averaged
// over the chance node that follows at once, if one does (exactly when it
// has few outcomes, on a sample otherwise).
class MoveValuer {
 public:
  double value_after(const Rules& rules, const State& after, Seat seat, Rng& rng);
  // Calls visit(state, weight) for `state` itself (weight 1) or, when it is
  // a chance node, for what each outcome leads to, weighted by its chance
  // (or for a few sampled outcomes, equally weighted, when there are many).
  void each_outcome(const Rules& rules, const State& state, Rng& rng,
                    const std::function<void(const State&, double)>& visit);

 private:
  std::vector<ChanceOutcome> outcomes_;
  std::unique_ptr<State> rolled_;
};

class GreedyAgent final : public Agent {
 public:
  std::string name() const override { return "greedy"; }
  Move choose(const Rules& rules, const State& state, Rng& rng) override;

 private:
  MoveValuer valuer_;
  std::vector<Move> moves_;
  std::vector<Move> best_;
  std::unique_ptr<State> scratch_;
};

}  // namespace grove
