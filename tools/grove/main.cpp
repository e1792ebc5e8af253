// grove: rules verification and playtesting for tabletop games.

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/errors.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/block_farm.hpp"
#include "tools/grove/cluster.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/fuzz_games.hpp"
#include "tools/grove/huge_pages.hpp"
#include "tools/grove/remote_explore.hpp"
#include "tools/grove/remote_games.hpp"

namespace {

using grove::cli::Invocation;

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const Invocation&);
  // Whether it spreads its work over the ranks of an MPI run.
  bool uses_ranks = false;
};

const std::vector<Command> kCommands = {
    {"games", "list the games grove knows", grove::cli::games_command},
    {"rules", "a game's parameters, rulings and rule clauses", grove::cli::rules_command},
    {"play", "play a random game and print its log", grove::cli::play_command},
    {"replay", "replay scenario files and check their expectations", grove::cli::replay_command},
    {"fuzz", "property-based testing of a game; failures shrunk into scenarios",
     grove::cli::fuzz_command, true},
    {"explore", "every reachable state of a small variant: stuck states, endless games, rulings",
     grove::cli::explore_command, true},
    {"balance", "agents play many games: win rates, scores, length, what wins",
     grove::cli::balance_command, true},
    {"sweep", "one balance run per point of a grid of parameter values, paired by seed",
     grove::cli::sweep_command, true},
    {"tune", "search parameter ranges for the variants that meet targets (successive halving)",
     grove::cli::tune_command, true},
    {"compare", "what changed between two balance runs or two variants",
     grove::cli::compare_command, true},
    {"report", "a balance run's or a sweep's report: HTML with charts, Markdown or JSON",
     grove::cli::report_command},
    {"show", "one game of a balance run: its log and table, or a scenario that replays it",
     grove::cli::show_command},
    {"view", "a scenario, finding or stored game as a web page that steps through it",
     grove::cli::view_command},
    {"results", "list and show stored runs", grove::cli::results_command},
    {"schema", "the JSON Schema of a game's scenario or variant files, for YAML editors",
     grove::cli::schema_command},
    {"score", "score a position written in YAML, card by card", grove::cli::score_command},
};

void print_overview() {
  std::cout << "usage: grove COMMAND [OPTIONS]\n\ncommands:\n";
  for (const auto& command : kCommands) {
    std::cout << fmt::format("  {:<9} {}\n", command.name, command.summary);
  }
  std::cout << "\n'grove COMMAND --help' describes a command's options.\n"
               "Exit codes: 0 all good, 1 a check failed, 2 bad input, 130 interrupted.\n";
}

std::string quoted(const std::string& word) {
  if (!word.empty() && word.find_first_of(" \t\"'\\$`") == std::string::npos) return word;
  std::string text = "'";
  for (char c : word) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return text + "'";
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything else (every rank of an MPI run alike): the search's
  // heap on 2 MB pages (huge_pages.hpp says why and when).
  if (argc > 1 && std::string_view(argv[1]) == "explore") grove::cli::restart_on_huge_pages(argv);
  std::optional<grove::cli::Cluster> cluster;
  try {
    cluster.emplace(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "grove: error: " << error.what() << "\n";
    return grove::cli::kBadInput;
  }
  if (cluster->rank() != 0) {
    // The other ranks of an MPI run serve rank 0, which reads the command
    // line, says what is wrong with it and runs the command.
    try {
      return grove::cli::serve_rank_zero(*cluster, {{"balance", grove::cli::play_balance_block},
                                                    {"fuzz", grove::cli::play_fuzz_block},
                                                    {"explore", grove::cli::play_explore_order}});
    } catch (const std::exception& error) {
      std::cerr << "grove: " << cluster->name() << ": internal error: " << error.what() << "\n";
      cluster->abort(70);
    }
  }
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_overview();
    return words.empty() ? grove::cli::kBadInput : grove::cli::kSuccess;
  }
  if (words[0] == "--version") {
    std::cout << "grove " << grove::grove_version() << "\n"
              << (grove::cli::Cluster::built_with_mpi()
                      ? "built with MPI: under mpirun or srun, balance, compare, sweep and tune "
                        "play on every rank\n"
                      : "built without MPI: runs on one machine\n");
    return grove::cli::kSuccess;
  }
  Invocation invocation;
  invocation.name = words[0];
  invocation.args.assign(words.begin() + 1, words.end());
  invocation.command_line = "grove";
  for (const auto& word : words) invocation.command_line += " " + quoted(word);

  try {
    for (const auto& command : kCommands) {
      if (invocation.name != command.name) continue;
      if (cluster->distributed() && !command.uses_ranks) {
        std::cerr << fmt::format(
            "grove: note: 'grove {}' runs on rank 0 alone; the other {} ranks wait for it\n",
            command.name, cluster->size() - 1);
      }
      return command.run(invocation);
    }
    std::vector<std::string> names;
    for (const auto& command : kCommands) names.emplace_back(command.name);
    throw grove::InputError("unknown command '" + invocation.name + "'" +
                            grove::did_you_mean(invocation.name, names) +
                            "; commands: " + grove::join(names, ", "));
  } catch (const grove::InputError& error) {
    std::cerr << "grove: error: " << error.what() << "\n";
  } catch (const grove::StoreError& error) {
    std::cerr << "grove: error: " << error.what() << "\n";
  } catch (const std::filesystem::filesystem_error& error) {
    // Every path grove touches is one the user gave (a file, a folder, a
    // --db): what the system said about it is the user's to act on.
    std::cerr << "grove: error: " << error.path1().string() << ": " << error.code().message()
              << "\n";
  } catch (const std::exception& error) {
    // A bug in grove, not in the input: say so plainly instead of aborting.
    std::cerr << "grove: internal error: " << error.what()
              << "\n(please report this with the command line)\n";
    return 70;
  }
  return grove::cli::kBadInput;
}
