#pragma once
// The results store: one SQLite file (default grove.db) in WAL mode that every
// checking or simulating command writes to. A run is recorded when it starts
// and marked finished only when it ends, so a run that was killed stays
// visibly incomplete, while every row committed before is kept. The schema is
// versioned (PRAGMA user_version) and upgraded by migrations; see schema.cpp.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/scenario/replay.hpp"

struct sqlite3;

namespace grove {

// A problem with the database file, explained in one line: locked, read-only,
// not a grove database, damaged, from a newer grove.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunStart {
  std::string command;  // the command line as typed
  std::string kind;     // replay, play, fuzz, explore, balance
  std::string game;     // empty when the run covers several games
  std::string variant;
  std::string variant_hash;
  std::optional<std::uint64_t> seed;
};

struct RunRecord {
  std::int64_t id = 0;
  std::string command;
  std::string kind;
  std::string game;
  std::string variant;
  std::string variant_hash;
  std::optional<std::uint64_t> seed;
  std::string grove_version;
  std::string started_at;  // ISO 8601, UTC
  std::string ended_at;    // empty if the run never finished
  std::string status;      // running, passed, failed, error, interrupted
  std::string summary;
  std::string host;
  std::int64_t pid = 0;

  // "incomplete" for a run that stopped without recording its end (killed,
  // crashed, power cut); "running" if its process is still alive here.
  std::string state() const;
};

struct StoredScenarioResult {
  std::string file;
  std::string title;
  std::string game;
  std::string variant;
  std::string variant_hash;
  std::string status;  // pass, fail, error
  int line = 0;
  std::string message;
  std::string expected;
  std::string actual;
  std::string log;
  int moves = 0;
  double seconds = 0;
};

struct FindingRecord {
  std::int64_t id = 0;
  std::int64_t run_id = 0;
  std::string game;
  std::string variant;
  std::string variant_hash;
  std::string kind;  // the property broken
  std::string detail;
  std::optional<std::uint64_t> seed;
  std::int64_t game_index = 0;
  std::int64_t moves = 0;
  std::string scenario;  // YAML
  std::string file;
  std::string found_at;
  std::string status = "open";  // open, fixed
  std::optional<std::int64_t> checked_run;
  std::string checked_at;
};

struct ExplorationRecord {
  std::int64_t run_id = 0;
  int players = 0;
  bool complete = false;
  std::string stopped_by;  // empty when complete
  std::int64_t states = 0;
  std::int64_t transitions = 0;
  std::int64_t expanded = 0;
  int depth = 0;
  double seconds = 0;
  double states_per_second = 0;
  std::int64_t peak_memory = 0;
  std::int64_t fingerprint_bytes = 0;
  double collision_probability = 0;
  std::string report;  // JSON
};

// A balance run's settings and, once it ended, its summary (both JSON, as
// the reports library writes them).
struct BalanceRunRecord {
  std::int64_t run_id = 0;
  int players = 0;
  std::string agents;  // JSON list
  std::int64_t games_planned = 0;
  double precision = 0;  // 0: none
  int jobs = 1;
  std::string stopped_by;
  double seconds = 0;
  std::string info;     // JSON
  std::string summary;  // JSON; empty until the run ended
};

// One game of a balance run: the columns a person may want to query, the
// whole record as JSON, and the moves that replay it.
struct BalanceGameRow {
  std::int64_t index = 0;
  std::uint64_t seed = 0;
  std::string agents;  // JSON list, by seat
  bool ended = false;
  std::string winners;  // JSON list of seats
  std::int64_t moves = 0;
  double seconds = 0;
  std::string record;  // JSON
  // The moves, encoded (engine/core/move_codec.hpp); nothing for a game
  // stored before grove kept them, and when read with the run's games.
  std::optional<std::string> move_list;
};

// A sweep: its own run, the grid it plays (JSON, as grove sweep writes it)
// and its points, each a balance run linked once it finished.
struct SweepRecord {
  std::int64_t run_id = 0;
  std::int64_t points_planned = 0;
  std::string axes;      // JSON
  std::string settings;  // JSON
};

struct SweepPointRecord {
  std::int64_t index = 0;
  std::string setting;  // JSON object: axis name -> value
  std::int64_t balance_run = 0;
};

// A tune: its own run and settings (JSON, as grove tune writes them), and
// its trials, each a balance run linked once it finished.
struct TuneTrialRecord {
  std::int64_t trial = 0;  // in the order played
  int stage = 0;
  std::int64_t candidate = 0;
  std::int64_t balance_run = 0;
};

class Store {
 public:
  struct Options {
    std::chrono::milliseconds busy_timeout{5000};
    // For commands that only read (grove results): an existing file that is
    // not writable is opened read-only instead of being refused, and a
    // missing file is an error rather than created.
    bool reading = false;
  };

  // Opens (creating it if needed) and upgrades the schema. Throws
  // StoreError; never deletes or rewrites an existing file it cannot use.
  // A file up to 256 MB is checked page by page first (SQLite's quick
  // check), so that a damaged one is said at once, not used.
  static Store open(const std::string& path, Options options);
  static Store open(const std::string& path) { return open(path, Options{}); }

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const std::string& path() const { return path_; }
  int schema_version() const;
  // The first damage SQLite finds in the file, or nothing: its quick check
  // (every page and index entry is well formed), or with `full` its
  // integrity check (indexes also match their tables).
  std::optional<std::string> check(bool full) const;

  std::int64_t begin_run(const RunStart& start);
  // For runs that learn what they played as they go (a replay of one game's
  // scenarios): records the game and, if all used one, the variant.
  void describe_run(std::int64_t run, const std::string& game, const std::string& variant,
                    const std::string& variant_hash);
  void finish_run(std::int64_t run, const std::string& status, const std::string& summary);
  // Each result is committed on its own: an interrupted run keeps them.
  void add_scenario_result(std::int64_t run, const ScenarioResult& result);

  // A finding, committed at once; returns its id.
  std::int64_t add_finding(const FindingRecord& finding);
  // The findings of a game, oldest first; `status` empty: all of them;
  // `run_kind` (fuzz, explore) non-empty: only those runs of that kind made.
  std::vector<FindingRecord> findings(const std::string& game, const std::string& status,
                                      const std::string& run_kind = "") const;
  // The findings a run made.
  std::vector<FindingRecord> run_findings(std::int64_t run) const;
  // A replay of the finding's scenario by run `run`: still open, or fixed.
  void recheck_finding(std::int64_t id, std::int64_t run, const std::string& status);

  // The figures and results of an explore run, committed at once.
  void add_exploration(const ExplorationRecord& exploration);
  std::optional<ExplorationRecord> exploration(std::int64_t run) const;

  // A balance run: its settings when it starts, its games in batches as
  // they finish (each batch one transaction: an interrupted run keeps
  // every batch it wrote), its end.
  void add_balance_run(const BalanceRunRecord& run);
  void add_balance_games(std::int64_t run, const std::vector<BalanceGameRow>& games);
  void finish_balance_run(std::int64_t run, const std::string& stopped_by, double seconds,
                          const std::string& summary);
  std::optional<BalanceRunRecord> balance_run(std::int64_t run) const;
  // The run's games in order, without their moves (a report reads many).
  std::vector<BalanceGameRow> balance_games(std::int64_t run) const;
  // One game of the run with its moves, if the run has a game `index`.
  std::optional<BalanceGameRow> balance_game(std::int64_t run, std::int64_t index) const;
  std::int64_t balance_game_count(std::int64_t run) const;

  // A sweep when it starts, and each point once its balance run finished
  // (each committed at once: an interrupted sweep keeps its points).
  void add_sweep(const SweepRecord& sweep);
  void add_sweep_point(std::int64_t sweep, const SweepPointRecord& point);
  std::optional<SweepRecord> sweep(std::int64_t run) const;
  // Its finished points, in grid order.
  std::vector<SweepPointRecord> sweep_points(std::int64_t sweep) const;

  // A tune when it starts, and each trial once its balance run finished
  // (each committed at once: an interrupted tune keeps its trials).
  void add_tune(std::int64_t run, const std::string& settings);
  void add_tune_trial(std::int64_t tune, const TuneTrialRecord& trial);
  // Its settings; nothing when run `run` is not a tune.
  std::optional<std::string> tune(std::int64_t run) const;
  // Its finished trials, in the order played.
  std::vector<TuneTrialRecord> tune_trials(std::int64_t tune) const;

  std::vector<RunRecord> runs(int limit) const;
  std::optional<RunRecord> run(std::int64_t id) const;
  std::vector<StoredScenarioResult> scenario_results(std::int64_t run) const;

 private:
  Store(std::string path, sqlite3* db, Options options);
  [[noreturn]] void fail(int code, const std::string& doing) const;
  // What `work` returns; a failure of SQLite in it is said by fail(),
  // naming `doing`.
  template <class Work>
  auto guarded(const std::string& doing, Work work) const;
  // One statement with `values` bound in order, guarded: write() runs it
  // and returns the row id of the last insert; rows() reads every row it
  // selects, row() the first if there is one, each with `read`.
  template <class... Values>
  std::int64_t write(const std::string& doing, const std::string& sql, const Values&... values);
  template <class Read, class... Values>
  auto rows(const std::string& doing, const std::string& sql, Read read,
            const Values&... values) const;
  template <class Read, class... Values>
  auto row(const std::string& doing, const std::string& sql, Read read,
           const Values&... values) const;
  [[noreturn]] void say_damaged(const std::string& problem, const std::string& doing) const;
  [[noreturn]] void say_changed(const std::string& what) const;
  void execute(const std::string& sql, const std::string& doing);

  std::string path_;
  sqlite3* db_ = nullptr;
  Options options_;
};

// The newest schema this grove knows, and a way to build an older one (for
// migration tests and for reading files written by an older grove).
int latest_schema_version();
void create_schema_at_version(const std::string& path, int version);

std::string grove_version();

}  // namespace grove
