#pragma once
// Agents by name, as the command line and balance runs give them:
// "random", "greedy", "mcts" or "mcts:ITERATIONS".

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

}  // namespace grove
