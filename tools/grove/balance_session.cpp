#include "tools/grove/balance_session.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/agents/agents.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/move_codec.hpp"
#include "reports/balance/summary.hpp"
#include "reports/render/report.hpp"
#include "tools/grove/interrupt.hpp"
#include "tools/grove/remote_games.hpp"

namespace grove::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::string duration_text(double seconds) {
  if (seconds < 90) return fmt::format("{:.0f}s", seconds);
  const auto whole = static_cast<long>(seconds);
  if (seconds < 5400) return fmt::format("{}m{:02}s", whole / 60, whole % 60);
  return fmt::format("{}h{:02}m", whole / 3600, whole / 60 % 60);
}

}  // namespace

void add_playing_options(po::options_description& options, BalanceOptions& balance) {
  add_agents_option(options, balance.agents);
  options.add_options()("jobs",
                        po::value(&balance.jobs)->value_name("N")->default_value(balance.jobs),
                        "threads to play in (on each rank, under mpirun)")(
      "max-steps", po::value(&balance.max_steps)->value_name("N"),
      "cut a game after N moves as unfinished (default: the variant's step bound)");
}

void add_balance_options(po::options_description& options, BalanceOptions& balance) {
  add_playing_options(options, balance);
  options.add_options()("games",
                        po::value(&balance.games)->value_name("N")->default_value(balance.games),
                        "games to play at most (rounded up to whole rotations of the seats)")(
      "precision", po::value(&balance.precision)->value_name("P"),
      "stop early once every win rate's 95% interval is within +/- P (0.02 = 2 points)");
}

balance::BalanceSettings balance_settings(const Game& game, const Variant& variant,
                                          const CommonOptions& common,
                                          const BalanceOptions& balance) {
  if (balance.games < 1 || balance.games > 100'000'000) {
    throw InputError({}, "--games", "expected 1 to 100000000 games");
  }
  if (balance.jobs < 1 || balance.jobs > 256) {
    throw InputError({}, "--jobs", "expected 1 to 256 threads");
  }
  if (!(balance.precision >= 0 && balance.precision < 0.5)) {
    throw InputError({}, "--precision",
                     "expected a half-width below 0.5 (0.02 = +/- 2 points; 0: no early stop)");
  }
  if (balance.max_steps < 0) throw InputError({}, "--max-steps", "expected a number of moves");
  balance::BalanceSettings settings(game, variant);
  settings.players = common.players.value_or(game.min_players);
  if (settings.players < game.min_players || settings.players > game.max_players) {
    throw InputError(
        {}, "--players",
        fmt::format("{} is for {} to {} players", game.title, game.min_players, game.max_players));
  }
  // A variant the game refuses at this table (a die with no faces) is an
  // input error said now, before a run is stored, not a failed game.
  game.rules(variant, settings.players);
  settings.agents = agents_option(balance.agents, settings.players);
  settings.seed = seed_or_random(common.seed);
  settings.games = balance.games;
  settings.jobs = balance.jobs;
  settings.max_steps = balance.max_steps;
  settings.precision = balance.precision;
  return settings;
}

StoredBalance play_and_store(Store& store, const balance::BalanceSettings& base,
                             const std::string& command_line, const std::string& label,
                             const TaskProgress* task) {
  balance::BalanceSettings settings = base;
  const Game& game = *settings.game;
  StoredBalance result;
  balance::RunInfo& info = result.info;
  info.game = game.name;
  info.game_title = game.title;
  info.variant = settings.variant.name();
  info.variant_hash = settings.variant.hash_hex();
  info.variant_settings = settings.variant.differences();
  info.players = settings.players;
  info.agents = balance::seat_agents(settings, 0);
  info.seed = settings.seed;
  info.games_planned =
      (settings.games + settings.players - 1) / settings.players * settings.players;
  info.jobs = settings.jobs;
  const Cluster* cluster = Cluster::current();
  info.ranks = cluster != nullptr ? cluster->size() : 1;
  info.precision = settings.precision;
  info.command = command_line;
  info.run_id = start_run(store, RunStart{command_line, "balance", game.name, info.variant,
                                          info.variant_hash, settings.seed});
  if (const auto run = store.run(info.run_id)) info.started_at = run->started_at;
  BalanceRunRecord stored;
  stored.run_id = info.run_id;
  stored.players = info.players;
  stored.agents = nlohmann::json(info.agents).dump();
  stored.games_planned = info.games_planned;
  stored.precision = info.precision;
  stored.jobs = info.jobs;
  stored.info = nlohmann::json(info).dump();
  store.add_balance_run(stored);
  std::cerr << fmt::format(
      "{}: run {}, seed {}, {} games at most, {} job{}{}\n", label, info.run_id, settings.seed,
      info.games_planned, settings.jobs, settings.jobs == 1 ? "" : "s",
      info.ranks > 1 ? fmt::format(" on each of {} MPI ranks", info.ranks) : "");

  // Games are stored in batches: one transaction per game would cost more
  // than a random game takes to play.
  std::vector<BalanceGameRow> batch;
  auto flushed = Clock::now();
  const auto flush = [&] {
    const auto started = Clock::now();
    store.add_balance_games(info.run_id, batch);
    batch.clear();
    flushed = Clock::now();
    result.storing_seconds += std::chrono::duration<double>(flushed - started).count();
  };
  const bool live = isatty(STDERR_FILENO) != 0;
  bool drawn = false;
  double shown = -100;
  balance::BalanceCallbacks callbacks;
  callbacks.prepare = [](const balance::GameRecord& record, std::span<const Move> moves) {
    return std::any(row_from_record(record, moves));
  };
  callbacks.on_game = [&](const balance::GameRecord&, std::any& row) {
    const auto started = Clock::now();
    batch.push_back(std::move(std::any_cast<BalanceGameRow&>(row)));
    result.storing_seconds += std::chrono::duration<double>(Clock::now() - started).count();
    if (batch.size() >= 1000 || Clock::now() - flushed > std::chrono::milliseconds(500)) flush();
  };
  callbacks.on_progress = [&](const balance::BalanceProgress& run_progress) {
    if (!live && run_progress.seconds - shown < 10 && run_progress.done < run_progress.planned) {
      return;
    }
    shown = run_progress.seconds;
    // Within a task the counts and the time left are the whole task's.
    balance::BalanceProgress progress = run_progress;
    if (task != nullptr) {
      progress.done += task->games_before;
      progress.planned = task->games_total;
      progress.seconds += task->seconds_before;
    }
    const double rate = static_cast<double>(progress.done) / std::max(progress.seconds, 1e-9);
    const std::string left =
        progress.done > 0 && progress.done < progress.planned
            ? ", about " +
                  duration_text(static_cast<double>(progress.planned - progress.done) / rate) +
                  " left" + (settings.precision > 0 ? " (less if --precision is met)" : "")
            : "";
    const std::string line = fmt::format(
        "{}games {}/{}, {:.1f} games/s, {:.0f} moves/s{}", task ? task->step + ", " : "",
        progress.done, progress.planned, rate,
        static_cast<double>(run_progress.moves) / std::max(run_progress.seconds, 1e-9), left);
    std::cerr << (live ? "\r" + line + "   " : line + "\n") << std::flush;
    drawn = live;
  };
  callbacks.interrupted = [] { return interrupted(); };
  if (info.ranks > 1) {
    callbacks.elsewhere = [cluster, &settings](balance::GamesElsewhere& run) {
      play_on_other_ranks(*cluster, settings, run);
    };
  }
  balance::BalanceOutcome outcome;
  try {
    outcome = balance::run_balance(settings, callbacks);
  } catch (...) {
    // Keep what was played, then report the first failure, not a later
    // one from a store that may be the very problem.
    if (drawn) std::cerr << "\n";
    try {
      flush();
      store.finish_run(info.run_id, "error", "stopped by an error");
    } catch (...) {
    }
    throw;
  }
  if (drawn) std::cerr << "\n";
  flush();
  info.stopped_by = outcome.stopped_by;
  info.seconds = outcome.seconds;
  result.games = std::move(outcome.games);
  result.interrupted = outcome.stopped_by == "interrupted";
  const balance::Summary summary = balance::summarize(info, result.games);
  store.finish_balance_run(info.run_id, info.stopped_by, info.seconds,
                           render::render_json(summary, info));
  store.finish_run(info.run_id, result.interrupted ? "interrupted" : "passed",
                   fmt::format("{} games, {}", result.games.size(), info.stopped_by));
  return result;
}

void play_task(Store& store, std::int64_t run, const std::function<std::string()>& so_far,
               const std::function<void()>& play) {
  try {
    play();
  } catch (...) {
    try {
      store.finish_run(run, "error", "stopped by an error after " + so_far());
    } catch (...) {
    }
    throw;
  }
}

void print_conclusion(const std::vector<std::string>& findings, const std::string& kind,
                      std::int64_t run, const Store& store, const std::string& html) {
  for (const std::string& finding : findings) std::cout << "- " << finding << "\n";
  std::cout << fmt::format(
      "\nStored as {} {} in {}; 'grove report {} --db {}' writes its report ({}; --format md or "
      "json).\n",
      kind, run, store.path(), run, store.path(), html);
}

StoreError damaged_in_run(const Store& store, std::int64_t run, const std::string& what,
                          const std::string& problem) {
  return StoreError(fmt::format(
      "{}: run {}: {} is damaged and cannot be read ({}); nothing was changed. The run's other "
      "records may be intact: 'grove results show {}' lists it",
      store.path(), run, what, problem, run));
}

balance::RunInfo load_balance_info(const Store& store, std::int64_t run) {
  const std::optional<BalanceRunRecord> stored = store.balance_run(run);
  if (!stored) {
    const std::optional<RunRecord> any = store.run(run);
    throw InputError({}, "RUN",
                     fmt::format("{} ('grove results list' shows the runs)",
                                 any ? fmt::format("run {} in {} is not a balance run but a {} run",
                                                   run, store.path(), any->kind)
                                     : fmt::format("there is no run {} in {}", run, store.path())));
  }
  // A record SQLite keeps intact may still have been damaged by hand or by
  // a disk: said as such, with where, rather than as a parser's exception.
  balance::RunInfo info;
  try {
    info = nlohmann::json::parse(stored->info).get<balance::RunInfo>();
  } catch (const nlohmann::json::exception& error) {
    throw damaged_in_run(store, run, "the run's description", error.what());
  }
  info.stopped_by = stored->stopped_by.empty() ? "not finished" : stored->stopped_by;
  info.seconds = stored->seconds;
  return info;
}

balance::GameRecord load_game_record(const Store& store, std::int64_t run,
                                     const BalanceGameRow& row) {
  try {
    return nlohmann::json::parse(row.record).get<balance::GameRecord>();
  } catch (const nlohmann::json::exception& error) {
    throw damaged_in_run(store, run, fmt::format("the record of game {}", row.index), error.what());
  }
}

StoredBalance load_balance(const Store& store, std::int64_t run) {
  StoredBalance result;
  result.info = load_balance_info(store, run);
  for (const BalanceGameRow& row : store.balance_games(run)) {
    result.games.push_back(load_game_record(store, run, row));
  }
  return result;
}

}  // namespace grove::cli
