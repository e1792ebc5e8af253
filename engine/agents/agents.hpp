#pragma once
// Agents by name, as the command line and balance runs give them:
// "random", "greedy", "mcts", "mcts:ITERATIONS[:PLAYOUT_MOVES]" or
// "mcts:ms=MILLISECONDS[:PLAYOUT_MOVES]"; and the table of agents one game
// is played by.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/agent.hpp"

namespace grove {

// Throws InputError naming the agents there are (and the closest one).
std::unique_ptr<Agent> make_agent(std::string_view spec);
// A comma-separated list: "mcts,greedy,random". Each entry is checked.
std::vector<std::string> parse_agent_list(std::string_view list);
// The agent names, for help texts.
std::vector<std::string> agent_kinds();

// The agents of one game, by seat, with the random streams the game is
// played from: chance outcomes from stream 0 of the game's seed, seat s's
// agent from stream 1 + s. `grove play` and balance runs both play this
// way, so a game a balance run stored (its seed and agents) plays again
// move for move with `grove play --seed SEED --agents LIST`.
class Table {
 public:
  // One agent spec per seat (make_agent checks each).
  Table(std::uint64_t seed, const std::vector<std::string>& agents);
  // The next move at a decision or chance node (see next_move).
  Move next_move(const Rules& rules, const State& state);

 private:
  Rng chance_;
  std::vector<std::unique_ptr<Agent>> agents_;
  std::vector<Rng> streams_;
};

}  // namespace grove
