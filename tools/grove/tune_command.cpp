// grove tune: a search of a game's parameter ranges and ruling
// alternatives for the variants that meet stated targets, by successive
// halving with a confirmation on fresh games (reports/balance/tune.hpp).
// Every trial is stored as a balance run, linked to the tune as it
// finishes; `grove report TUNE` writes the tune's report.

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/balance/sweep_grid.hpp"
#include "reports/balance/tune.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

// --vary takes NAME[,NAME...] and may be repeated.
std::vector<std::string> vary_list(const std::vector<std::string>& given) {
  std::vector<std::string> names;
  for (const std::string& entry : given) {
    for (std::string& name : split(entry, ',')) {
      if (!name.empty()) names.push_back(std::move(name));
    }
  }
  return names;
}

void print_finalists(const balance::TuneSummary& tune) {
  std::size_t width = 7;
  for (const balance::TuneCandidate& c : tune.candidates) width = std::max(width, c.label.size());
  std::cout << fmt::format("\n{:<{}}  {:>6}", "variant", width, "games");
  for (const balance::TuneTarget& target : tune.info.targets) {
    std::cout << fmt::format("  {:<34}", target.text);
  }
  std::cout << "  verdict\n";
  for (const balance::TuneCandidate& c : tune.candidates) {
    if (!c.overall) continue;
    std::cout << fmt::format("{:<{}}  {:>6}", c.label, width, c.confirmation_games);
    for (std::size_t t = 0; t < tune.info.targets.size(); ++t) {
      const balance::SweepFigure& figure =
          balance::figure_named(tune.figures, tune.info.targets[t].key);
      const auto value = balance::figure_value(*c.confirmation_simultaneous, figure.key);
      std::cout << fmt::format("  {:<34}", (value ? balance::figure_text(figure, *value) : "n/a") +
                                               " (" + balance::verdict_text(c.verdicts[t]) + ")");
    }
    std::cout << "  " << balance::verdict_text(*c.overall) << "\n";
  }
  std::cout << fmt::format(
      "(fresh games only; {}% simultaneous intervals over every finalist and target)\n",
      stats::number(tune.simultaneous_confidence * 100, 4));
}

}  // namespace

int tune_command(const Invocation& invocation) {
  CommonOptions common;
  BalanceOptions playing;
  std::string name;
  std::vector<std::string> vary;
  std::vector<std::string> targets;
  std::int64_t budget = 2000;
  po::options_description options = game_options(name);
  options.add_options()(
      "vary", po::value(&vary)->value_name("NAME[,NAME...]")->composing(),
      "parameters to vary over their declared range (NAME=FROM:TO[:STEP]: part of it), or "
      "rulings to vary over their alternatives (repeatable)")(
      "target", po::value(&targets)->value_name("NAME=VALUE|NAME=LOW:HIGH")->composing(),
      "what a good variant reaches: first_player_advantage, length, margin, seatN (seat N's win "
      "rate) or one of the game's metrics, at a value or within a band; shares as 0.25 "
      "(repeatable)")("budget", po::value(&budget)->value_name("GAMES")->default_value(budget),
                      "games to play in all");
  add_playing_options(options, playing);
  if (!parse_game_command(
          invocation,
          "tune GAME --vary NAME[,NAME...] --target NAME=VALUE|NAME=LOW:HIGH [--target ...] "
          "[--budget GAMES] [--set NAME=VALUE] [--agents ...]",
          "Searches the varied parameters' declared ranges (and rulings' alternatives) for the "
          "variants that meet the targets: successive halving plays every candidate a few "
          "games, keeps the better half, plays those more, and so on until three remain, "
          "which then play fresh games on which alone their figures and verdicts rest. A "
          "quarter of the budget goes to those fresh games. Every trial is stored as a "
          "balance run; 'grove report TUNE' writes the tune's report.",
          options, common)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(name);
  if (targets.empty()) {
    throw InputError({}, "--target",
                     "a tune needs at least one target, as NAME=VALUE or NAME=LOW:HIGH "
                     "(first_player_advantage=0, length=40:60)");
  }
  if (budget < 1 || budget > 100'000'000) {
    throw InputError({}, "--budget", "expected 1 to 100000000 games");
  }
  const balance::SweepGrid grid = balance::parse_candidates(
      game, vary_list(vary), common.variant.parameters, common.variant.rulings);
  VariantOverrides fixed = common.variant;
  fixed.parameters = grid.fixed_parameters;
  fixed.rulings = grid.fixed_rulings;
  const Variant base = build_variant(game, fixed);
  common.seed = seed_or_random(common.seed);

  balance::TuneInfo info;
  info.game = game.name;
  info.game_title = game.title;
  info.variant = base.name();
  info.fixed = base.differences();
  info.axes = grid.axes;
  info.seed = *common.seed;
  info.budget = budget;
  info.command = invocation.command_line;
  for (const std::string& target : targets) {
    info.targets.push_back(balance::parse_tune_target(target));
  }
  // Settings for every candidate to be tried, checked (a variant the game
  // refuses at this table) before anything is played or stored.
  const balance::BalanceSettings first =
      balance_settings(game, grid.variant(base, 0), common, playing);
  info.players = first.players;
  info.agents = balance::seat_agents(first, 0);
  balance::plan_tune(info);
  std::map<std::int64_t, balance::BalanceSettings> settings;
  for (std::int64_t candidate : info.tried) {
    settings.emplace(candidate,
                     balance_settings(game, grid.variant(base, static_cast<std::size_t>(candidate)),
                                      common, playing));
  }

  Store store = Store::open(common.db);
  info.run_id = start_run(store, RunStart{invocation.command_line, "tune", game.name, base.name(),
                                          base.hash_hex(), info.seed});
  store.add_tune(info.run_id, nlohmann::json(info).dump());
  std::cerr << fmt::format(
      "{} tune: run {}, {} of {} candidates, {} search round{} and a confirmation, budget {} "
      "games, seed {}\n",
      game.title, info.run_id, info.tried.size(), info.candidates, info.search_rounds,
      info.search_rounds == 1 ? "" : "s", info.budget, info.seed);

  balance::Tune tune(info);
  TaskProgress task;
  task.games_total = info.budget;
  std::int64_t trials = 0;
  bool stopped = false;
  play_task(
      store, info.run_id, [&] { return fmt::format("{} trials", trials); },
      [&] {
        while (!tune.pending().empty() && !stopped) {
          const balance::TuneTrial trial = tune.pending().front();
          const balance::TuneStage& stage = tune.stages().back();
          task.step = trial.confirmation
                          ? fmt::format("confirmation {}/{}", stage.played + 1, stage.candidates)
                          : fmt::format("round {}/{}, candidate {}/{}", trial.stage + 1,
                                        info.search_rounds, stage.played + 1, stage.candidates);
          balance::BalanceSettings played = settings.at(trial.candidate);
          played.seed = trial.seed;
          played.games = trial.games;
          const StoredBalance run = play_and_store(
              store, played, invocation.command_line,
              fmt::format(
                  "{} tune, {} ({})", game.title, task.step,
                  balance::point_label(info.axes, static_cast<std::size_t>(trial.candidate))),
              &task);
          task.games_before += static_cast<std::int64_t>(run.games.size());
          task.seconds_before += run.info.seconds;
          if (run.interrupted) {
            // A trial cut short is not a trial of the tune: its games stay
            // stored as a balance run of their own.
            stopped = true;
            break;
          }
          store.add_tune_trial(info.run_id, TuneTrialRecord{trials++, trial.stage, trial.candidate,
                                                            run.info.run_id});
          tune.add(trial, run.games, run.info.run_id);
          // A misspelled metric in --target is said after the first trial (the
          // metrics a game reports are known once it was played), not at the end.
          if (trials == 1) tune.summary();
        }
      });
  store.finish_run(info.run_id, stopped ? "interrupted" : "passed",
                   fmt::format("{} trials, {} games{}", trials, task.games_before,
                               stopped ? ", interrupted" : ""));

  // The tune as played holds every trial's games: the same summary as
  // grove report reads back from the store, without reading it all again.
  balance::TuneSummary summary = tune.summary();
  summary.info.status = stopped ? "interrupted" : "passed";
  print_finalists(summary);
  print_conclusion(balance::tune_findings(summary), "tune", info.run_id, store, "HTML");
  return stopped ? kInterrupted : kSuccess;
}

}  // namespace grove::cli
