// grove play: one game, as a readable log, between random players or the
// agents asked for.

#include <fmt/format.h>

#include <iostream>

#include "engine/agents/agents.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/game_log.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {

int play_command(const Invocation& invocation) {
  CommonOptions common;
  std::string name;
  std::string agent_list = "random";
  po::options_description options = game_options(name);
  add_agents_option(options, agent_list);
  std::int64_t log_lines = 3000;
  add_log_lines_option(options, log_lines);
  if (!parse_game_command(
          invocation,
          "play GAME [--players N] [--agents greedy,mcts,...] [--seed S] [--variant FILE]",
          "Plays one game and prints its log: every move or chance outcome, and every rule "
          "that fired. A balance run's game plays again move for move with its seed and "
          "agents. The run is recorded in the results database.",
          options, common)) {
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
  const std::int64_t run = start_run(store, RunStart{invocation.command_line, "play", game.name,
                                                     variant.name(), variant.hash_hex(), seed});

  std::cout << fmt::format("{}: {} players, variant {}, seed {}, agents {}\n", game.title, players,
                           variant.described(), seed, join(agents, ", "));
  Table table(seed, agents);
  GameLog log(*rules, checked_limit(log_lines, "--log-lines", "lines"));
  while (!log.over()) {
    if (interrupted()) {
      log.flush();
      store.finish_run(run, "interrupted", fmt::format("stopped after {} moves", log.moves()));
      std::cout << "interrupted after " << log.moves() << " moves\n";
      return kInterrupted;
    }
    if (log.moves() >= rules->step_bound()) {
      const std::string summary =
          fmt::format("no end within {} moves (the variant's bound): possibly an infinite game",
                      rules->step_bound());
      store.finish_run(run, "failed", summary);
      log.flush();
      std::cout << summary << "\n" << rules->state_summary(log.state()) << "\n";
      return kChecksFailed;
    }
    const Move move = table.next_move(*rules, log.state());
    if (const Verdict verdict = log.play(move); !verdict.is_legal()) {
      throw std::logic_error("the rules rejected their own move '" + rules->move_text(move) +
                             "': " + verdict.reason());
    }
  }
  log.print_board();
  const std::int64_t moves = log.moves();
  const std::string result = outcome_text(rules->outcome(log.state()));
  store.finish_run(run, "completed", fmt::format("{} after {} moves", result, moves));
  std::cout << fmt::format("\n{} after {} moves.\nRecorded as run {} in {}.\n", result, moves, run,
                           store.path());
  return kSuccess;
}

}  // namespace grove::cli
