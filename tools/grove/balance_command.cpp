// grove balance: agents play many games of a variant, seats rotated over
// the same seeds, and every game is stored; the summary is printed and
// `grove report RUN` writes the full report.

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/balance/summary.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {

int balance_command(const Invocation& invocation) {
  CommonOptions common;
  BalanceOptions balance;
  std::string name;
  po::options_description options = game_options(name);
  add_balance_options(options, balance);
  if (!parse_game_command(
          invocation,
          "balance GAME [--variant FILE] [--players N] [--agents mcts,greedy,...] [--games N] "
          "[--seed S] [--jobs N] [--precision P]",
          "Agents play games of the variant: every block of games is dealt from one seed with "
          "the agents moved one seat on in each game, so that a seat's advantage and an "
          "agent's strength are told apart. Every game is stored; the summary is printed and "
          "'grove report RUN' writes the full report (HTML, Markdown or JSON).",
          options, common)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(name);
  const Variant variant = build_variant(game, common.variant);
  const balance::BalanceSettings settings = balance_settings(game, variant, common, balance);
  Store store = Store::open(common.db);
  const StoredBalance run =
      play_and_store(store, settings, invocation.command_line, game.title + " balance");
  const balance::Summary summary = balance::summarize(run.info, run.games);
  std::cout << fmt::format(
      "{} games of {} ({}), {} players, agents {}: {} in {:.1f} s ({:.1f} games/s; storing them "
      "took {:.1f}% of that).\n",
      summary.games, game.title, variant.name(), summary.players, join(run.info.agents, ", "),
      run.info.stopped_by, run.info.seconds,
      static_cast<double>(summary.games) / std::max(run.info.seconds, 1e-9),
      100 * run.storing_seconds / std::max(run.info.seconds, 1e-9));
  for (const std::string& finding : balance::key_findings(summary)) {
    std::cout << "- " << finding << "\n";
  }
  std::cout << fmt::format(
      "\nStored as run {} in {}; 'grove report {} --db {}' writes the full report (HTML with "
      "charts; --format md or json).\n",
      run.info.run_id, store.path(), run.info.run_id, store.path());
  return run.interrupted ? kInterrupted : kSuccess;
}

}  // namespace grove::cli
