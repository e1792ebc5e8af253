#include "engine/agents/agents.hpp"

#include <charconv>

#include "engine/agents/greedy.hpp"
#include "engine/agents/mcts.hpp"
#include "engine/core/errors.hpp"

namespace grove {

std::vector<std::string> agent_kinds() { return {"random", "greedy", "mcts"}; }

std::unique_ptr<Agent> make_agent(std::string_view spec) {
  const std::size_t colon = spec.find(':');
  const std::string_view kind = spec.substr(0, colon);
  const std::string_view budget =
      colon == std::string_view::npos ? std::string_view() : spec.substr(colon + 1);
  if (kind == "mcts") {
    MctsSettings settings;
    if (colon != std::string_view::npos) {
      int iterations = 0;
      const auto [end, error] = std::from_chars(budget.data(), budget.data() + budget.size(),
                                                iterations);
      if (error != std::errc() || end != budget.data() + budget.size() || iterations < 1 ||
          iterations > 10'000'000) {
        throw InputError({}, std::string(spec),
                         "an MCTS budget is a number of iterations from 1 to 10000000, as in "
                         "'mcts:500'");
      }
      settings.iterations = iterations;
    }
    return std::make_unique<MctsAgent>(settings);
  }
  if (colon != std::string_view::npos) {
    throw InputError({}, std::string(spec), "only mcts takes a budget ('mcts:500')");
  }
  if (kind == "random") return std::make_unique<RandomAgent>();
  if (kind == "greedy") return std::make_unique<GreedyAgent>();
  throw InputError({}, std::string(spec),
                   "unknown agent" + did_you_mean(kind, agent_kinds()) + "; the agents are " +
                       join(agent_kinds(), ", ") + " (mcts:ITERATIONS sets its budget)");
}

std::vector<std::string> parse_agent_list(std::string_view list) {
  std::vector<std::string> agents;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(',', start);
    std::string_view entry = list.substr(start, comma == std::string_view::npos
                                                    ? std::string_view::npos
                                                    : comma - start);
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    if (entry.empty()) throw InputError({}, std::string(list), "an empty entry in the agent list");
    make_agent(entry);  // checks it
    agents.emplace_back(entry);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return agents;
}

}  // namespace grove
