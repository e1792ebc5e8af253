// grove play: one game, as a readable log, between random players or the
// agents asked for.

#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "engine/agents/agents.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

void print_board(const Rules& rules, const State& state) {
  std::istringstream lines(rules.board(state));
  std::cout << "\n";
  for (std::string line; std::getline(lines, line);) std::cout << "      " << line << "\n";
}

std::string outcome_text(const Rules& rules, const Outcome& outcome) {
  std::vector<std::string> winners;
  for (Seat seat : outcome.winners()) winners.push_back(seat_label(seat));
  std::string text =
      winners.size() == 1 ? winners[0] + " wins" : "shared victory: " + join(winners, ", ");
  std::vector<std::string> places;
  for (Seat seat = 0; seat < rules.players(); ++seat) {
    std::string entry =
        fmt::format("{} place {}", seat_label(seat), outcome.place[static_cast<std::size_t>(seat)]);
    if (!outcome.score.empty()) {
      entry += fmt::format(" ({} points)", outcome.score[static_cast<std::size_t>(seat)]);
    }
    places.push_back(entry);
  }
  return text + "; " + join(places, ", ");
}

}  // namespace

int play_command(const Invocation& invocation) {
  CommonOptions common;
  std::string name;
  std::string agent_list = "random";
  po::options_description options("options");
  options.add_options()("game", po::value(&name)->required()->value_name("GAME"), "the game");
  add_agents_option(options, agent_list);
  add_table_options(options, common);
  add_variant_options(options, common);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map values;
  if (!parse(invocation,
             "play GAME [--players N] [--agents greedy,mcts,...] [--seed S] [--variant FILE]",
             "Plays one game and prints its log: every move or chance outcome, and every rule "
             "that fired. A balance run's game plays again move for move with its seed and "
             "agents. The run is recorded in the results database.",
             options, positional, values)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(name);
  const Variant variant = build_variant(game, common.variant);
  const int players = common.players.value_or(game.min_players);
  const std::unique_ptr<Rules> rules = game.rules(variant, players);
  const std::uint64_t seed = seed_or_random(common.seed);
  const std::vector<std::string> listed = agents_option(agent_list, players);
  std::vector<std::string> agents;
  for (int seat = 0; seat < players; ++seat) {
    agents.push_back(listed[static_cast<std::size_t>(seat) % listed.size()]);
  }

  Store store = Store::open(common.db);
  const std::int64_t run = store.begin_run(RunStart{invocation.command_line, "play", game.name,
                                                    variant.name(), variant.hash_hex(), seed});
  watch_for_interrupt();

  std::string changes = join(variant.differences(), ", ");
  std::cout << fmt::format("{}: {} players, variant {}{}, seed {}, agents {}\n", game.title,
                           players, variant.name(), changes.empty() ? "" : " (" + changes + ")",
                           seed, join(agents, ", "));
  Table table(seed, agents);
  std::unique_ptr<State> state = rules->initial_state();
  std::int64_t moves = 0;
  Seat shown_for = kNoSeat;  // the table is shown whenever another player is to decide
  while (rules->node(*state).kind != NodeKind::Terminal) {
    if (interrupted()) {
      store.finish_run(run, "interrupted", fmt::format("stopped after {} moves", moves));
      std::cout << "interrupted after " << moves << " moves\n";
      return kInterrupted;
    }
    if (moves >= rules->step_bound()) {
      const std::string summary =
          fmt::format("no end within {} moves (the variant's bound): possibly an infinite game",
                      rules->step_bound());
      store.finish_run(run, "failed", summary);
      std::cout << summary << "\n" << rules->state_summary(*state) << "\n";
      return kChecksFailed;
    }
    if (const Node node = rules->node(*state);
        node.kind == NodeKind::Decision && node.actor != shown_for) {
      print_board(*rules, *state);
      shown_for = node.actor;
    }
    const Move move = table.next_move(*rules, *state);
    EventLog events;
    const Verdict verdict = rules->apply(*state, move, &events);
    if (!verdict.is_legal()) {
      throw std::logic_error("the rules rejected their own move '" + rules->move_text(move) +
                             "': " + verdict.reason());
    }
    ++moves;
    std::cout << fmt::format("{:>4}. {}\n", moves, rules->move_text(move));
    for (const Event& event : events) std::cout << "        " << event.text << "\n";
    if (auto problems = rules->invariant_violations(*state); !problems.empty()) {
      throw std::logic_error("rule invariant broken: " + join(problems, "; "));
    }
  }
  print_board(*rules, *state);
  const std::string result = outcome_text(*rules, rules->outcome(*state));
  store.finish_run(run, "completed", fmt::format("{} after {} moves", result, moves));
  std::cout << fmt::format("\n{} after {} moves.\nRecorded as run {} in {}.\n", result, moves, run,
                           store.path());
  return kSuccess;
}

}  // namespace grove::cli
