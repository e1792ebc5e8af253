// grove sweep: one balance run per point of a grid of parameter values
// and ruling alternatives, every point dealt from the same seed (so the
// points are paired), stored as one sweep; `grove report SWEEP` charts
// each figure against the swept values.

#include <fmt/format.h>

#include <iostream>
#include <numeric>

#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/balance/sweep.hpp"
#include "reports/balance/sweep_grid.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/interrupt.hpp"
#include "tools/grove/sweep_session.hpp"

namespace grove::cli {
namespace {

// A table cell: a point's figure with its interval, or "-".
std::string cell(const balance::SweepSummary& sweep, const balance::SweepPoint& point,
                 const std::string& key) {
  const auto value = balance::figure_value(point.summary, key);
  if (!value) return "-";
  const balance::SweepFigure* figure = balance::find_figure(sweep.figures, key);
  return figure ? balance::figure_text(*figure, *value) : stats::number(value->estimate);
}

void print_table(const balance::SweepSummary& sweep) {
  std::size_t width = 5;
  for (const auto& point : sweep.points) width = std::max(width, point.label.size());
  std::cout << fmt::format("\n{:<{}}  {:<22}  {:<26}  {:<20}  {}\n", "point", width, "seat 1 wins",
                           "first-player advantage", "length (moves)", "margin");
  for (const auto& point : sweep.points) {
    std::cout << fmt::format("{:<{}}  {:<22}  {:<26}  {:<20}  {}\n", point.label, width,
                             cell(sweep, point, "seat1"),
                             cell(sweep, point, "first_player_advantage"),
                             cell(sweep, point, "length"), cell(sweep, point, "margin"));
  }
  std::cout << fmt::format("({}% intervals, each point alone)\n",
                           stats::number(sweep.confidence * 100));
}

}  // namespace

int sweep_command(const Invocation& invocation) {
  CommonOptions common;
  BalanceOptions balance;
  std::string name;
  std::vector<std::string> targets;
  po::options_description options = game_options(name);
  options.add_options()(
      "target", po::value(&targets)->value_name("NAME=VALUE")->composing(),
      "the points closest to a value of a figure: first_player_advantage, length, margin, "
      "seatN (seat N's win rate) or one of the game's metrics; shares as 0.25 (repeatable)");
  add_balance_options(options, balance);
  if (!parse_game_command(
          invocation,
          "sweep GAME --set NAME=FROM:TO[:STEP] [--set ...] [--ruling ID=A,B] "
          "[--target NAME=VALUE] [balance options]",
          "One balance run per point of a grid: each --set NAME=FROM:TO[:STEP] sweeps a "
          "parameter (step 1 by default), each --ruling ID=A,B a ruling's alternatives; "
          "--set NAME=VALUE and --ruling ID=A fix a setting at every point. Every point is "
          "dealt from the same seed, so the points are paired. Stored as one sweep; "
          "'grove report SWEEP' charts every figure against the swept values.",
          options, common)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(name);
  const balance::SweepGrid grid =
      balance::parse_grid(game, common.variant.parameters, common.variant.rulings);
  VariantOverrides fixed = common.variant;
  fixed.parameters = grid.fixed_parameters;
  fixed.rulings = grid.fixed_rulings;
  const Variant base = build_variant(game, fixed);
  // One seed for every point: what makes them paired.
  common.seed = seed_or_random(common.seed);
  // Every point checked (a variant the game refuses at this table) before
  // anything is played or stored.
  std::vector<balance::BalanceSettings> points;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    points.push_back(balance_settings(game, grid.variant(base, i), common, balance));
  }

  balance::SweepInfo info;
  info.game = game.name;
  info.game_title = game.title;
  info.variant = base.name();
  info.fixed = base.differences();
  info.axes = grid.axes;
  info.players = points.front().players;
  info.agents = balance::seat_agents(points.front(), 0);
  info.seed = *common.seed;
  info.games_per_point = (balance.games + info.players - 1) / info.players * info.players;
  info.points_planned = static_cast<std::int64_t>(grid.size());
  info.command = invocation.command_line;
  info.targets = targets;

  Store store = Store::open(common.db);
  info.run_id = start_run(store, RunStart{invocation.command_line, "sweep", game.name, base.name(),
                                          base.hash_hex(), info.seed});
  store.add_sweep(SweepRecord{info.run_id, info.points_planned, nlohmann::json(info.axes).dump(),
                              nlohmann::json(info).dump()});
  std::cerr << fmt::format("{} sweep: run {}, {} points of {} games, seed {}\n", game.title,
                           info.run_id, grid.size(), info.games_per_point, info.seed);

  TaskProgress task;
  task.games_total = info.games_per_point * info.points_planned;
  std::size_t played = 0;
  bool stopped = false;
  play_task(
      store, info.run_id, [&] { return fmt::format("{} of {} points", played, grid.size()); },
      [&] {
        for (std::size_t i = 0; i < grid.size() && !stopped; ++i) {
          task.step = fmt::format("point {}/{}", i + 1, grid.size());
          const StoredBalance run =
              play_and_store(store, points[i], invocation.command_line,
                             fmt::format("{} sweep, point {}/{} ({})", game.title, i + 1,
                                         grid.size(), grid.label(i)),
                             &task);
          // An early stop (--precision) plays fewer games than planned: the
          // rest of the sweep's count stays right.
          task.games_total -= info.games_per_point - static_cast<std::int64_t>(run.games.size());
          task.games_before += static_cast<std::int64_t>(run.games.size());
          task.seconds_before += run.info.seconds;
          if (run.interrupted) {
            // A point cut short is not a point of the sweep: its games stay
            // stored as a balance run of their own.
            stopped = true;
            break;
          }
          store.add_sweep_point(
              info.run_id,
              SweepPointRecord{static_cast<std::int64_t>(i),
                               balance::point_setting(grid.axes, i).dump(), run.info.run_id});
          ++played;
          // A misspelled metric in --target is said after the first point (the
          // metrics a game reports are known once it was played), not at the end.
          if (i == 0 && !targets.empty()) load_sweep(store, info.run_id, targets);
        }
      });
  store.finish_run(
      info.run_id, stopped ? "interrupted" : "passed",
      fmt::format("{} of {} points{}", played, grid.size(), stopped ? ", interrupted" : ""));

  const balance::SweepSummary sweep = load_sweep(store, info.run_id, targets);
  print_table(sweep);
  print_conclusion(balance::sweep_findings(sweep), "sweep", info.run_id, store, "HTML with charts");
  return stopped ? kInterrupted : kSuccess;
}

}  // namespace grove::cli
