#include "reports/store/store.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

#include "engine/core/errors.hpp"
#include "reports/store/schema.hpp"
#include "reports/store/sqlite_statement.hpp"

namespace grove {
namespace fs = std::filesystem;
using sqlite::as_blob;
using sqlite::null_if_empty;
using sqlite::SqliteFailure;
using sqlite::Statement;

namespace {

std::string now_utc() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &utc);
  return fmt::format("{}.{:03d}Z", buffer, static_cast<int>(millis));
}

std::string host_name() {
  char buffer[256] = {};
  if (gethostname(buffer, sizeof buffer - 1) != 0) return "";
  return buffer;
}

int pragma_integer(sqlite3* db, const char* pragma) {
  Statement statement(db, std::string("PRAGMA ") + pragma);
  return statement.step() ? static_cast<int>(statement.integer(0)) : 0;
}

// Files up to this size are checked page by page on every open: SQLite's
// quick check reads about a gigabyte a second, so a results file of a few
// hundred megabytes costs a fraction of a second. Larger ones are checked
// on request ('grove results check').
constexpr std::int64_t kCheckedOnOpen = std::int64_t{256} << 20;

// The first problem SQLite's quick check (or, `full`, its integrity check)
// finds, or nothing.
std::optional<std::string> damage(sqlite3* db, bool full) {
  Statement check(db, full ? "PRAGMA integrity_check(1)" : "PRAGMA quick_check(1)");
  if (!check.step()) return std::nullopt;
  std::string found = check.text(0);
  if (found == "ok") return std::nullopt;
  // One line: SQLite heads its report with the schema's name.
  const std::string heading = "*** in database main ***";
  if (found.rfind(heading, 0) == 0) found.erase(0, heading.size());
  std::replace(found.begin(), found.end(), '\n', ' ');
  found.erase(0, found.find_first_not_of(' '));
  return found;
}

// The rows the store reads: each column into the field in the same place.

std::int64_t read_integer(const Statement& row) { return row.integer(0); }

std::string read_text(const Statement& row) { return row.text(0); }

constexpr const char* kRunColumns =
    "id, command, kind, game, variant, variant_hash, seed, grove_version, started_at, ended_at, "
    "status, summary, host, pid";
constexpr auto read_run =
    sqlite::row_reader(&RunRecord::id, &RunRecord::command, &RunRecord::kind, &RunRecord::game,
                       &RunRecord::variant, &RunRecord::variant_hash, &RunRecord::seed,
                       &RunRecord::grove_version, &RunRecord::started_at, &RunRecord::ended_at,
                       &RunRecord::status, &RunRecord::summary, &RunRecord::host, &RunRecord::pid);

constexpr const char* kFindingColumns =
    "id, run_id, game, variant, variant_hash, kind, detail, seed, game_index, moves, scenario, "
    "file, found_at, status, checked_run, checked_at";
constexpr auto read_finding = sqlite::row_reader(
    &FindingRecord::id, &FindingRecord::run_id, &FindingRecord::game, &FindingRecord::variant,
    &FindingRecord::variant_hash, &FindingRecord::kind, &FindingRecord::detail,
    &FindingRecord::seed, &FindingRecord::game_index, &FindingRecord::moves,
    &FindingRecord::scenario, &FindingRecord::file, &FindingRecord::found_at,
    &FindingRecord::status, &FindingRecord::checked_run, &FindingRecord::checked_at);

constexpr const char* kExplorationColumns =
    "run_id, players, complete, stopped_by, states, transitions, expanded, depth, seconds, "
    "states_per_second, peak_memory, fingerprint_bytes, collision_probability, report";
constexpr auto read_exploration = sqlite::row_reader(
    &ExplorationRecord::run_id, &ExplorationRecord::players, &ExplorationRecord::complete,
    &ExplorationRecord::stopped_by, &ExplorationRecord::states, &ExplorationRecord::transitions,
    &ExplorationRecord::expanded, &ExplorationRecord::depth, &ExplorationRecord::seconds,
    &ExplorationRecord::states_per_second, &ExplorationRecord::peak_memory,
    &ExplorationRecord::fingerprint_bytes, &ExplorationRecord::collision_probability,
    &ExplorationRecord::report);

constexpr const char* kBalanceRunColumns =
    "run_id, players, agents, games_planned, precision, jobs, stopped_by, seconds, info, summary";
constexpr auto read_balance_run = sqlite::row_reader(
    &BalanceRunRecord::run_id, &BalanceRunRecord::players, &BalanceRunRecord::agents,
    &BalanceRunRecord::games_planned, &BalanceRunRecord::precision, &BalanceRunRecord::jobs,
    &BalanceRunRecord::stopped_by, &BalanceRunRecord::seconds, &BalanceRunRecord::info,
    &BalanceRunRecord::summary);

constexpr const char* kBalanceGameColumns =
    "game_index, seed, agents, ended, winners, moves, seconds, record";
constexpr auto read_balance_game =
    sqlite::row_reader(&BalanceGameRow::index, &BalanceGameRow::seed, &BalanceGameRow::agents,
                       &BalanceGameRow::ended, &BalanceGameRow::winners, &BalanceGameRow::moves,
                       &BalanceGameRow::seconds, &BalanceGameRow::record);

constexpr auto read_sweep = sqlite::row_reader(&SweepRecord::run_id, &SweepRecord::points_planned,
                                               &SweepRecord::axes, &SweepRecord::settings);

constexpr auto read_sweep_point = sqlite::row_reader(
    &SweepPointRecord::index, &SweepPointRecord::setting, &SweepPointRecord::balance_run);

constexpr auto read_tune_trial =
    sqlite::row_reader(&TuneTrialRecord::trial, &TuneTrialRecord::stage,
                       &TuneTrialRecord::candidate, &TuneTrialRecord::balance_run);

constexpr auto read_scenario_result = sqlite::row_reader(
    &StoredScenarioResult::file, &StoredScenarioResult::title, &StoredScenarioResult::game,
    &StoredScenarioResult::variant, &StoredScenarioResult::variant_hash,
    &StoredScenarioResult::status, &StoredScenarioResult::line, &StoredScenarioResult::message,
    &StoredScenarioResult::expected, &StoredScenarioResult::actual, &StoredScenarioResult::log,
    &StoredScenarioResult::moves, &StoredScenarioResult::seconds);

// A migration SQLite refused: in a file grove wrote, only a schema changed
// by something else (a lowered version, a dropped table) does that.
struct MigrationFailure {
  int version;
  std::string message;
};

void apply_migrations(sqlite3* db, int from, int to) {
  for (const Migration& migration : migrations()) {
    if (migration.version <= from || migration.version > to) continue;
    char* error = nullptr;
    std::string sql =
        "BEGIN IMMEDIATE;\n" + migration.sql +
        fmt::format("\nPRAGMA application_id = {};\nPRAGMA user_version = {};\nCOMMIT;",
                    kGroveApplicationId, migration.version);
    int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error != nullptr ? error : sqlite3_errstr(code);
    sqlite3_free(error);
    if (code != SQLITE_OK) {
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      throw MigrationFailure{migration.version, message};
    }
  }
}

// The tables the migrations make, found once by applying them to a
// database in memory, so there is no second list to keep.
const std::vector<std::string>& schema_tables() {
  static const std::vector<std::string> tables = [] {
    sqlite3* memory = nullptr;
    sqlite3_open(":memory:", &memory);
    apply_migrations(memory, 0, migrations().back().version);
    std::vector<std::string> names;
    {
      Statement list(memory, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      while (list.step()) names.push_back(list.text(0));
    }
    sqlite3_close(memory);
    return names;
  }();
  return tables;
}

}  // namespace

std::string grove_version() { return GROVE_VERSION; }

int latest_schema_version() { return migrations().back().version; }

std::string RunRecord::state() const {
  if (!ended_at.empty()) return status;
  if (pid > 0 && host == host_name() && kill(static_cast<pid_t>(pid), 0) == 0) return "running";
  return "incomplete";
}

Store::Store(std::string path, sqlite3* db, Options options)
    : path_(std::move(path)), db_(db), options_(options) {}

Store::Store(Store&& other) noexcept
    : path_(std::move(other.path_)), db_(other.db_), options_(other.options_) {
  other.db_ = nullptr;
}

Store& Store::operator=(Store&& other) noexcept {
  if (this != &other) {
    sqlite3_close(db_);
    path_ = std::move(other.path_);
    db_ = other.db_;
    options_ = other.options_;
    other.db_ = nullptr;
  }
  return *this;
}

Store::~Store() { sqlite3_close(db_); }

void Store::fail(int code, const std::string& doing) const {
  const int primary = code & 0xff;
  const std::string detail = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
  switch (primary) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw StoreError(fmt::format(
          "{}: locked by another process (waited {} ms while {}); try again when it has "
          "finished, or use --db to write elsewhere",
          path_, options_.busy_timeout.count(), doing));
    case SQLITE_READONLY:
      throw StoreError(fmt::format(
          "{}: read-only (SQLite: {}) while {}; make the file and its folder writable, or use "
          "--db to write elsewhere",
          path_, detail, doing));
    case SQLITE_NOTADB:
      throw StoreError(fmt::format(
          "{}: not an SQLite database, so not a grove results file; grove left it untouched. "
          "Move it aside or use --db to choose another file",
          path_));
    case SQLITE_CORRUPT:
      say_damaged(detail, doing);
    case SQLITE_FULL:
      throw StoreError(fmt::format("{}: the disk is full while {}", path_, doing));
    case SQLITE_CANTOPEN:
      throw StoreError(fmt::format("{}: cannot open the file ({})", path_, detail));
    default:
      break;
  }
  throw StoreError(fmt::format("{}: database error while {}: {}", path_, doing, detail));
}

template <class Work>
auto Store::guarded(const std::string& doing, Work work) const {
  try {
    return work();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, doing);
  }
}

template <class... Values>
std::int64_t Store::write(const std::string& doing, const std::string& sql,
                          const Values&... values) {
  return guarded(doing, [&] {
    Statement(db_, sql).bind_all(values...).step();
    return sqlite3_last_insert_rowid(db_);
  });
}

template <class Read, class... Values>
auto Store::rows(const std::string& doing, const std::string& sql, Read read,
                 const Values&... values) const {
  return guarded(doing, [&] { return Statement(db_, sql).bind_all(values...).all(read); });
}

template <class Read, class... Values>
auto Store::row(const std::string& doing, const std::string& sql, Read read,
                const Values&... values) const {
  return guarded(doing, [&] { return Statement(db_, sql).bind_all(values...).first(read); });
}

void Store::execute(const std::string& sql, const std::string& doing) {
  char* error = nullptr;
  int code = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
  sqlite3_free(error);
  if (code != SQLITE_OK) fail(code, doing);
}

Store Store::open(const std::string& path, Options options) {
  // SQLite reads an empty name (and ":memory:") as a private database that
  // vanishes when it closes: every result stored there would be lost.
  if (path.empty() || path == ":memory:") {
    throw StoreError("--db '" + path +
                     "': that is no file; SQLite would keep the results in a temporary "
                     "database and lose them. Name a database file (the default is grove.db)");
  }
  const bool exists = fs::exists(path);
  if (exists && fs::is_directory(path)) {
    throw StoreError(path + ": is a folder; --db needs a database file");
  }
  if (!exists && options.reading) {
    throw StoreError(path + ": no such results file (nothing has been stored there yet)");
  }
  const bool writable = exists ? access(path.c_str(), W_OK) == 0 : true;
  const std::string folder = fs::path(path).parent_path().empty()
                                 ? std::string(".")
                                 : fs::path(path).parent_path().string();
  if (!options.reading && !writable) {
    throw StoreError(path +
                     ": read-only; grove needs to record its results there. Make it "
                     "writable, or use --db to write elsewhere");
  }
  if (!exists && !fs::is_directory(folder)) {
    throw StoreError(path + ": cannot create the file: there is no folder " + folder);
  }
  if (!exists && access(folder.c_str(), W_OK) != 0) {
    throw StoreError(path + ": cannot create the file: the folder " + folder + " is not writable");
  }
  const bool read_only = options.reading && !writable;
  const int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;

  sqlite3* db = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  Store store(path, db, options);  // owns db from here, even on failure
  if (opened != SQLITE_OK) store.fail(opened, "opening it");
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, static_cast<int>(options.busy_timeout.count()));

  try {
    // The first read of the header: a file that is not SQLite fails here.
    const int version = pragma_integer(db, "user_version");
    const int application = pragma_integer(db, "application_id");
    const bool empty = pragma_integer(db, "page_count") == 0 || [&] {
      Statement tables(db, "SELECT count(*) FROM sqlite_master");
      return tables.step() && tables.integer(0) == 0;
    }();
    if (application != kGroveApplicationId && !(application == 0 && empty)) {
      throw StoreError(path +
                       ": an SQLite database of another program, not a grove results "
                       "file; grove left it untouched. Use --db to choose another file");
    }
    // A damaged page is found now, before anything is read from or written
    // next to it (SQLite would otherwise use the file without a word).
    const std::int64_t bytes =
        std::int64_t{pragma_integer(db, "page_count")} * pragma_integer(db, "page_size");
    if (bytes <= kCheckedOnOpen) {
      if (const auto problem = damage(db, false)) store.say_damaged(*problem, "opening it");
    }
    if (version > latest_schema_version()) {
      throw StoreError(fmt::format(
          "{}: written by a newer grove (schema {}; this grove knows up to {}); upgrade grove or "
          "use --db",
          path, version, latest_schema_version()));
    }
    if (read_only) {
      if (version < latest_schema_version()) {
        throw StoreError(fmt::format(
            "{}: written by an older grove (schema {}) and read-only, so it cannot be upgraded "
            "to schema {}; make it writable",
            path, version, latest_schema_version()));
      }
      return store;
    }
    store.execute("PRAGMA journal_mode = WAL", "switching to write-ahead logging");
    store.execute("PRAGMA foreign_keys = ON", "enabling foreign keys");
    store.execute("PRAGMA synchronous = NORMAL", "setting the sync mode");
    if (version < latest_schema_version()) apply_migrations(db, version, latest_schema_version());
    // Every table the schema has: a table dropped by hand is said here, not
    // at the first command that needs it.
    std::vector<std::string> missing;
    for (const std::string& table : schema_tables()) {
      Statement found(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
      found.bind_all(table);
      if (found.step() && found.integer(0) == 0) missing.push_back(table);
    }
    if (!missing.empty())
      store.say_changed(fmt::format("it lacks the table{} {}", missing.size() == 1 ? "" : "s",
                                    join(missing, ", ")));
  } catch (const MigrationFailure& failure) {
    store.say_changed(
        fmt::format("upgrading it to schema {} failed ({}), so its schema is not the one its "
                    "version says",
                    failure.version, failure.message));
  } catch (const SqliteFailure& failure) {
    store.fail(failure.code, "reading its schema");
  }
  return store;
}

void Store::say_changed(const std::string& what) const {
  throw StoreError(fmt::format(
      "{}: a grove results file changed outside grove: {}; grove left it as it was. Keep it "
      "for its data and use --db to write elsewhere",
      path_, what));
}

void Store::say_damaged(const std::string& problem, const std::string& doing) const {
  throw StoreError(fmt::format(
      "{}: the database is damaged (SQLite: {}) while {}; grove left it untouched. Keep a "
      "copy, try 'sqlite3 {} .recover', or use --db to write elsewhere",
      path_, problem, doing, path_));
}

std::optional<std::string> Store::check(bool full) const {
  try {
    return damage(db_, full);
  } catch (const SqliteFailure& failure) {
    if ((failure.code & 0xff) == SQLITE_CORRUPT || (failure.code & 0xff) == SQLITE_NOTADB) {
      return std::string(sqlite3_errstr(failure.code));
    }
    fail(failure.code, "checking it");
  }
}

int Store::schema_version() const {
  return guarded("reading the schema version", [&] { return pragma_integer(db_, "user_version"); });
}

std::int64_t Store::begin_run(const RunStart& start) {
  return write("recording the start of a run",
               "INSERT INTO runs (command, kind, game, variant, variant_hash, seed, "
               "grove_version, started_at, status, host, pid) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?)",
               start.command, start.kind, null_if_empty(start.game), null_if_empty(start.variant),
               null_if_empty(start.variant_hash), start.seed, grove_version(), now_utc(),
               host_name(), getpid());
}

void Store::describe_run(std::int64_t run, const std::string& game, const std::string& variant,
                         const std::string& variant_hash) {
  write("describing a run", "UPDATE runs SET game = ?, variant = ?, variant_hash = ? WHERE id = ?",
        null_if_empty(game), null_if_empty(variant), null_if_empty(variant_hash), run);
}

void Store::finish_run(std::int64_t run, const std::string& status, const std::string& summary) {
  write("recording the end of a run",
        "UPDATE runs SET ended_at = ?, status = ?, summary = ? WHERE id = ?", now_utc(), status,
        summary, run);
}

void Store::add_scenario_result(std::int64_t run, const ScenarioResult& result) {
  write("storing a scenario result",
        "INSERT INTO scenario_results (run_id, file, title, game, variant, variant_hash, status, "
        "line, message, expected, actual, moves, seconds, log) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        run, result.file, result.title, null_if_empty(result.game), null_if_empty(result.variant),
        null_if_empty(result.variant_hash), status_name(result.status), result.line,
        null_if_empty(result.message), null_if_empty(result.expected), null_if_empty(result.actual),
        result.moves, result.seconds, join(result.log, "\n"));
}

std::int64_t Store::add_finding(const FindingRecord& finding) {
  return write("storing a finding",
               "INSERT INTO findings (run_id, game, variant, variant_hash, kind, detail, seed, "
               "game_index, moves, scenario, file, found_at, status) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               finding.run_id, finding.game, null_if_empty(finding.variant),
               null_if_empty(finding.variant_hash), finding.kind, null_if_empty(finding.detail),
               finding.seed, finding.game_index, finding.moves, finding.scenario,
               null_if_empty(finding.file), now_utc(), finding.status);
}

std::vector<FindingRecord> Store::findings(const std::string& game, const std::string& status,
                                           const std::string& run_kind) const {
  return rows("reading findings",
              fmt::format("SELECT {} FROM findings WHERE game = ? AND (? = '' OR status = ?) AND "
                          "(? = '' OR run_id IN (SELECT id FROM runs WHERE kind = ?)) ORDER BY id",
                          kFindingColumns),
              read_finding, game, status, status, run_kind, run_kind);
}

std::vector<FindingRecord> Store::run_findings(std::int64_t run) const {
  return rows("reading a run's findings",
              fmt::format("SELECT {} FROM findings WHERE run_id = ? ORDER BY id", kFindingColumns),
              read_finding, run);
}

void Store::recheck_finding(std::int64_t id, std::int64_t run, const std::string& status) {
  write("recording a finding's replay",
        "UPDATE findings SET status = ?, checked_run = ?, checked_at = ? WHERE id = ?", status, run,
        now_utc(), id);
}

void Store::add_exploration(const ExplorationRecord& row) {
  write("storing an exploration",
        fmt::format("INSERT INTO explorations ({}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    kExplorationColumns),
        row.run_id, row.players, row.complete, null_if_empty(row.stopped_by), row.states,
        row.transitions, row.expanded, row.depth, row.seconds, row.states_per_second,
        row.peak_memory, row.fingerprint_bytes, row.collision_probability, row.report);
}

std::optional<ExplorationRecord> Store::exploration(std::int64_t run) const {
  return row("reading an exploration",
             fmt::format("SELECT {} FROM explorations WHERE run_id = ?", kExplorationColumns),
             read_exploration, run);
}

void Store::add_balance_run(const BalanceRunRecord& row) {
  write("storing a balance run",
        "INSERT INTO balance_runs (run_id, players, agents, games_planned, precision, jobs, info) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        row.run_id, row.players, row.agents, row.games_planned,
        row.precision > 0 ? std::optional<double>(row.precision) : std::nullopt, row.jobs,
        row.info);
}

void Store::add_balance_games(std::int64_t run, const std::vector<BalanceGameRow>& games) {
  if (games.empty()) return;
  const std::string doing = "storing balance games";
  execute("BEGIN IMMEDIATE", doing);
  try {
    guarded(doing, [&] {
      Statement insert(db_,
                       "INSERT INTO balance_games (run_id, game_index, seed, agents, ended, "
                       "winners, moves, seconds, record, move_list) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      for (const BalanceGameRow& game : games) {
        insert.reset();
        insert
            .bind_all(run, game.index, game.seed, game.agents, game.ended, game.winners, game.moves,
                      game.seconds, game.record, as_blob(game.move_list))
            .step();
      }
    });
    execute("COMMIT", doing);
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void Store::finish_balance_run(std::int64_t run, const std::string& stopped_by, double seconds,
                               const std::string& summary) {
  write("finishing a balance run",
        "UPDATE balance_runs SET stopped_by = ?, seconds = ?, summary = ? WHERE run_id = ?",
        stopped_by, seconds, null_if_empty(summary), run);
}

std::optional<BalanceRunRecord> Store::balance_run(std::int64_t run) const {
  return row("reading a balance run",
             fmt::format("SELECT {} FROM balance_runs WHERE run_id = ?", kBalanceRunColumns),
             read_balance_run, run);
}

std::vector<BalanceGameRow> Store::balance_games(std::int64_t run) const {
  return rows("reading balance games",
              fmt::format("SELECT {} FROM balance_games WHERE run_id = ? ORDER BY game_index",
                          kBalanceGameColumns),
              read_balance_game, run);
}

std::optional<BalanceGameRow> Store::balance_game(std::int64_t run, std::int64_t index) const {
  return row(
      "reading a balance game",
      fmt::format("SELECT {}, move_list FROM balance_games WHERE run_id = ? AND game_index = ?",
                  kBalanceGameColumns),
      [](const Statement& selected) {
        BalanceGameRow game = read_balance_game(selected);
        game.move_list = selected.blob(8);
        return game;
      },
      run, index);
}

std::int64_t Store::balance_game_count(std::int64_t run) const {
  return row("counting balance games", "SELECT count(*) FROM balance_games WHERE run_id = ?",
             read_integer, run)
      .value_or(0);
}

void Store::add_sweep(const SweepRecord& sweep) {
  write("storing a sweep",
        "INSERT INTO sweeps (run_id, points_planned, axes, settings) VALUES (?, ?, ?, ?)",
        sweep.run_id, sweep.points_planned, sweep.axes, sweep.settings);
}

void Store::add_sweep_point(std::int64_t sweep, const SweepPointRecord& point) {
  write("storing a sweep's point",
        "INSERT INTO sweep_points (sweep_run_id, point_index, setting, balance_run_id) "
        "VALUES (?, ?, ?, ?)",
        sweep, point.index, point.setting, point.balance_run);
}

std::optional<SweepRecord> Store::sweep(std::int64_t run) const {
  return row("reading a sweep",
             "SELECT run_id, points_planned, axes, settings FROM sweeps WHERE run_id = ?",
             read_sweep, run);
}

std::vector<SweepPointRecord> Store::sweep_points(std::int64_t sweep) const {
  return rows("reading a sweep's points",
              "SELECT point_index, setting, balance_run_id FROM sweep_points "
              "WHERE sweep_run_id = ? ORDER BY point_index",
              read_sweep_point, sweep);
}

void Store::add_tune(std::int64_t run, const std::string& settings) {
  write("storing a tune", "INSERT INTO tunes (run_id, settings) VALUES (?, ?)", run, settings);
}

void Store::add_tune_trial(std::int64_t tune, const TuneTrialRecord& trial) {
  write("storing a tune's trial",
        "INSERT INTO tune_trials (tune_run_id, trial, stage, candidate, balance_run_id) "
        "VALUES (?, ?, ?, ?, ?)",
        tune, trial.trial, trial.stage, trial.candidate, trial.balance_run);
}

std::optional<std::string> Store::tune(std::int64_t run) const {
  return row("reading a tune", "SELECT settings FROM tunes WHERE run_id = ?", read_text, run);
}

std::vector<TuneTrialRecord> Store::tune_trials(std::int64_t tune) const {
  return rows("reading a tune's trials",
              "SELECT trial, stage, candidate, balance_run_id FROM tune_trials "
              "WHERE tune_run_id = ? ORDER BY trial",
              read_tune_trial, tune);
}

std::vector<RunRecord> Store::runs(int limit) const {
  return rows("listing runs",
              fmt::format("SELECT {} FROM runs ORDER BY id DESC LIMIT ?", kRunColumns), read_run,
              limit);
}

std::optional<RunRecord> Store::run(std::int64_t id) const {
  return row("reading a run", fmt::format("SELECT {} FROM runs WHERE id = ?", kRunColumns),
             read_run, id);
}

std::vector<StoredScenarioResult> Store::scenario_results(std::int64_t run) const {
  return rows("reading scenario results",
              "SELECT file, title, game, variant, variant_hash, status, line, message, expected, "
              "actual, log, moves, seconds FROM scenario_results WHERE run_id = ? ORDER BY id",
              read_scenario_result, run);
}

void create_schema_at_version(const std::string& path, int version) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    throw StoreError(path + ": cannot create");
  }
  try {
    apply_migrations(db, 0, version);
  } catch (const MigrationFailure& failure) {
    sqlite3_close(db);
    throw StoreError(path + ": cannot create the schema: " + failure.message);
  }
  sqlite3_close(db);
}

}  // namespace grove
