#pragma once
// A balance run from the command line: the options grove balance and grove
// compare share, the run played with a progress line, and every game
// stored as it is handed over.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reports/balance/game_record.hpp"
#include "reports/balance/run.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/command_line.hpp"

namespace grove::cli {

struct BalanceOptions {
  std::string agents = "greedy";
  std::int64_t games = 400;
  int jobs = 1;
  double precision = 0;
  std::int64_t max_steps = 0;
};

// --agents, --jobs and --max-steps: how games are played (grove tune).
void add_playing_options(po::options_description& options, BalanceOptions& balance);
// Those and --games and --precision: how many (balance, compare, sweep).
void add_balance_options(po::options_description& options, BalanceOptions& balance);

// The settings for a game and variant from the options (checked: agents,
// games, jobs, precision, players).
balance::BalanceSettings balance_settings(const Game& game, const Variant& variant,
                                          const CommonOptions& common,
                                          const BalanceOptions& balance);

struct StoredBalance {
  balance::RunInfo info;
  std::vector<balance::GameRecord> games;
  bool interrupted = false;
  double storing_seconds = 0;  // spent turning games into rows and storing them
};

// Where a run stands in a longer task (a sweep's points): its progress
// line then counts the whole task's games, and its time left is the
// whole task's.
struct TaskProgress {
  std::string step;               // "point 3/7", heading the line
  std::int64_t games_before = 0;  // of the task, played before this run
  std::int64_t games_total = 0;   // of the whole task
  double seconds_before = 0;
};

// Plays and stores one run (a run of kind "balance" with its games and,
// at the end, its summary). `label` heads the progress line.
StoredBalance play_and_store(Store& store, const balance::BalanceSettings& settings,
                             const std::string& command_line, const std::string& label,
                             const TaskProgress* task = nullptr);

// A task of several balance runs (a sweep's points, a tune's trials) under
// its own run `run`: `play` plays it. If that throws, the run is marked as
// stopped by an error after `so_far()` ("2 of 7 points") and the error goes
// on; if the store itself fails then, the first error is the one said.
void play_task(Store& store, std::int64_t run, const std::function<std::string()>& so_far,
               const std::function<void()>& play);
// A finished task's findings as a list, then where it is stored and the
// command that writes its report ("sweep", "HTML with charts").
void print_conclusion(const std::vector<std::string>& findings, const std::string& kind,
                      std::int64_t run, const Store& store, const std::string& html);

// A stored balance run, read back; throws InputError when there is none.
StoredBalance load_balance(const Store& store, std::int64_t run);
// Only its description (InputError when there is none).
balance::RunInfo load_balance_info(const Store& store, std::int64_t run);
// One stored game's record.
balance::GameRecord load_game_record(const Store& store, std::int64_t run,
                                     const BalanceGameRow& row);
// A stored part of run `run` (`what`: "the record of game 7") that cannot
// be read, in one line that says where and that nothing was changed.
StoreError damaged_in_run(const Store& store, std::int64_t run, const std::string& what,
                          const std::string& problem);

}  // namespace grove::cli
