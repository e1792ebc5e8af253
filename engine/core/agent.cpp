#include "engine/core/agent.hpp"

#include <stdexcept>

#include "engine/core/game.hpp"

namespace grove {

Move RandomAgent::choose(const Rules& rules, const State& state, Rng& rng) {
  rules.legal_moves(state, moves_);
  if (moves_.empty()) {
    throw std::logic_error(rules.game().name + ": no legal move in a non-terminal state: " +
                           rules.state_summary(state));
  }
  return moves_[rng.below(moves_.size())];
}

void copy_into(std::unique_ptr<State>& into, const State& from) {
  if (into) {
    into->copy_from(from);
  } else {
    into = from.clone();
  }
}

Move next_move(const Rules& rules, const State& state, Agent& agent, Rng& rng) {
  Node node = rules.node(state);
  switch (node.kind) {
    case NodeKind::Chance:
      return rules.sample_chance(state, rng);
    case NodeKind::Decision:
      return agent.choose(rules, state, rng);
    case NodeKind::Terminal:
      break;
  }
  throw std::logic_error("next_move called on a finished game");
}

}  // namespace grove
