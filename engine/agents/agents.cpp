#include "engine/agents/agents.hpp"

#include <fmt/format.h>

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
    // mcts[:ITERATIONS[:PLAYOUT]] or mcts:ms=MILLISECONDS[:PLAYOUT]
    MctsSettings settings;
    const auto number = [spec](std::string_view text, int low, int high, const char* what) {
      int value = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
        throw InputError(
            {}, std::string(spec),
            fmt::format("{} must be a number from {} to {}, as in 'mcts:500:10'", what, low, high));
      }
      return value;
    };
    if (colon != std::string_view::npos) {
      const std::size_t second = budget.find(':');
      const std::string_view first = budget.substr(0, second);
      if (first.starts_with("ms=")) {
        settings.milliseconds = number(first.substr(3), 1, 3'600'000, "the milliseconds");
      } else {
        settings.iterations = number(first, 1, 10'000'000, "the iterations");
      }
      if (second != std::string_view::npos) {
        settings.playout_moves =
            number(budget.substr(second + 1), 0, 1'000'000, "the playout's moves");
      }
    }
    return std::make_unique<MctsAgent>(settings);
  }
  if (colon != std::string_view::npos) {
    throw InputError(
        {}, std::string(spec),
        "only mcts takes a budget ('mcts:500', 'mcts:ms=50', or 'mcts:500:10' for 10 moves of "
        "playout)");
  }
  if (kind == "random") return std::make_unique<RandomAgent>();
  if (kind == "greedy") return std::make_unique<GreedyAgent>();
  throw InputError({}, std::string(spec),
                   "unknown agent" + did_you_mean(kind, agent_kinds()) + "; the agents are " +
                       join(agent_kinds(), ", ") +
                       " (mcts:ITERATIONS, mcts:ms=MILLISECONDS or mcts:ITERATIONS:PLAYOUT_MOVES "
                       "sets its budget)");
}

Table::Table(std::uint64_t seed, const std::vector<std::string>& agents)
    : chance_(Rng(seed).derive(0)) {
  for (std::size_t seat = 0; seat < agents.size(); ++seat) {
    agents_.push_back(make_agent(agents[seat]));
    streams_.push_back(Rng(seed).derive(1 + seat));
  }
}

Move Table::next_move(const Rules& rules, const State& state) {
  const Node node = rules.node(state);
  if (node.kind != NodeKind::Decision) return grove::next_move(rules, state, *agents_[0], chance_);
  const auto seat = static_cast<std::size_t>(node.actor);
  return agents_.at(seat)->choose(rules, state, streams_[seat]);
}

std::vector<std::string> parse_agent_list(std::string_view list) {
  std::vector<std::string> agents;
  for (const std::string& piece : split(list, ',')) {
    std::string_view entry = piece;
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    if (entry.empty()) throw InputError({}, std::string(list), "an empty entry in the agent list");
    make_agent(entry);  // checks it
    agents.emplace_back(entry);
  }
  return agents;
}

}  // namespace grove
