#pragma once
// Agents choose moves for a seat. They get the RNG from the caller so that a
// game is reproducible from its seed; chance nodes are resolved by the
// simulator (Rules::sample_chance), never by an agent.

#include <memory>
#include <string>
#include <vector>

#include "engine/core/rules.hpp"

namespace grove {

class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  // Called only at decision nodes where `rules.node(state).actor` is this
  // agent's seat.
  virtual Move choose(const Rules& rules, const State& state, Rng& rng) = 0;
};

// Uniform over the legal moves.
class RandomAgent final : public Agent {
 public:
  std::string name() const override { return "random"; }
  Move choose(const Rules& rules, const State& state, Rng& rng) override;

 private:
  std::vector<Move> moves_;  // reused between calls
};

// Puts `into` in the same state as `from`, allocating only the first time:
// agents try many moves on scratch copies.
void copy_into(std::unique_ptr<State>& into, const State& from);

// The next move at a decision or chance node: the agent's choice or a sampled
// outcome. Throws std::logic_error at a terminal node or a decision node with
// no legal move (a stuck state: a bug in the game).
Move next_move(const Rules& rules, const State& state, Agent& agent, Rng& rng);

}  // namespace grove
