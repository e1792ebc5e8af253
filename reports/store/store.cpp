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

RunRecord read_run(const Statement& row) {
  RunRecord run;
  run.id = row.integer(0);
  run.command = row.text(1);
  run.kind = row.text(2);
  run.game = row.text(3);
  run.variant = row.text(4);
  run.variant_hash = row.text(5);
  if (!row.is_null(6)) run.seed = static_cast<std::uint64_t>(row.integer(6));
  run.grove_version = row.text(7);
  run.started_at = row.text(8);
  run.ended_at = row.text(9);
  run.status = row.text(10);
  run.summary = row.text(11);
  run.host = row.text(12);
  run.pid = row.integer(13);
  return run;
}

constexpr const char* kRunColumns =
    "id, command, kind, game, variant, variant_hash, seed, grove_version, started_at, ended_at, "
    "status, summary, host, pid";

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
      found.bind(1, table);
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
  try {
    return pragma_integer(db_, "user_version");
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading the schema version");
  }
}

std::int64_t Store::begin_run(const RunStart& start) {
  try {
    Statement insert(db_,
                     "INSERT INTO runs (command, kind, game, variant, variant_hash, seed, "
                     "grove_version, started_at, status, host, pid) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?)");
    insert.bind(1, start.command).bind(2, start.kind).bind_or_null(3, start.game);
    insert.bind_or_null(4, start.variant).bind_or_null(5, start.variant_hash).bind(6, start.seed);
    insert.bind(7, grove_version()).bind(8, now_utc()).bind(9, host_name());
    insert.bind(10, static_cast<std::int64_t>(getpid()));
    insert.step();
    return sqlite3_last_insert_rowid(db_);
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "recording the start of a run");
  }
}

void Store::describe_run(std::int64_t run, const std::string& game, const std::string& variant,
                         const std::string& variant_hash) {
  try {
    Statement update(db_, "UPDATE runs SET game = ?, variant = ?, variant_hash = ? WHERE id = ?");
    update.bind_or_null(1, game).bind_or_null(2, variant).bind_or_null(3, variant_hash);
    update.bind(4, run).step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "describing a run");
  }
}

void Store::finish_run(std::int64_t run, const std::string& status, const std::string& summary) {
  try {
    Statement update(db_, "UPDATE runs SET ended_at = ?, status = ?, summary = ? WHERE id = ?");
    update.bind(1, now_utc()).bind(2, status).bind(3, summary).bind(4, run);
    update.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "recording the end of a run");
  }
}

void Store::add_scenario_result(std::int64_t run, const ScenarioResult& result) {
  try {
    Statement insert(db_,
                     "INSERT INTO scenario_results (run_id, file, title, game, variant, "
                     "variant_hash, status, line, message, expected, actual, moves, seconds, log) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, run).bind(2, result.file).bind(3, result.title).bind_or_null(4, result.game);
    insert.bind_or_null(5, result.variant).bind_or_null(6, result.variant_hash);
    insert.bind(7, status_name(result.status)).bind(8, std::int64_t{result.line});
    insert.bind_or_null(9, result.message).bind_or_null(10, result.expected);
    insert.bind_or_null(11, result.actual).bind(12, std::int64_t{result.moves});
    insert.bind(13, result.seconds).bind(14, join(result.log, "\n"));
    insert.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a scenario result");
  }
}

namespace {

constexpr const char* kFindingColumns =
    "id, run_id, game, variant, variant_hash, kind, detail, seed, game_index, moves, scenario, "
    "file, found_at, status, checked_run, checked_at";

FindingRecord read_finding(const Statement& row) {
  FindingRecord finding;
  finding.id = row.integer(0);
  finding.run_id = row.integer(1);
  finding.game = row.text(2);
  finding.variant = row.text(3);
  finding.variant_hash = row.text(4);
  finding.kind = row.text(5);
  finding.detail = row.text(6);
  if (!row.is_null(7)) finding.seed = static_cast<std::uint64_t>(row.integer(7));
  finding.game_index = row.integer(8);
  finding.moves = row.integer(9);
  finding.scenario = row.text(10);
  finding.file = row.text(11);
  finding.found_at = row.text(12);
  finding.status = row.text(13);
  if (!row.is_null(14)) finding.checked_run = row.integer(14);
  finding.checked_at = row.text(15);
  return finding;
}

}  // namespace

std::int64_t Store::add_finding(const FindingRecord& finding) {
  try {
    Statement insert(db_,
                     "INSERT INTO findings (run_id, game, variant, variant_hash, kind, detail, "
                     "seed, game_index, moves, scenario, file, found_at, status) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, finding.run_id).bind(2, finding.game).bind_or_null(3, finding.variant);
    insert.bind_or_null(4, finding.variant_hash).bind(5, finding.kind);
    insert.bind_or_null(6, finding.detail).bind(7, finding.seed).bind(8, finding.game_index);
    insert.bind(9, finding.moves).bind(10, finding.scenario).bind_or_null(11, finding.file);
    insert.bind(12, now_utc()).bind(13, finding.status);
    insert.step();
    return sqlite3_last_insert_rowid(db_);
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a finding");
  }
}

std::vector<FindingRecord> Store::findings(const std::string& game, const std::string& status,
                                           const std::string& run_kind) const {
  try {
    Statement select(
        db_, fmt::format("SELECT {} FROM findings WHERE game = ? AND (? = '' OR status = ?) AND "
                         "(? = '' OR run_id IN (SELECT id FROM runs WHERE kind = ?)) ORDER BY id",
                         kFindingColumns));
    select.bind(1, game).bind(2, status).bind(3, status).bind(4, run_kind).bind(5, run_kind);
    std::vector<FindingRecord> list;
    while (select.step()) list.push_back(read_finding(select));
    return list;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading findings");
  }
}

std::vector<FindingRecord> Store::run_findings(std::int64_t run) const {
  try {
    Statement select(
        db_, fmt::format("SELECT {} FROM findings WHERE run_id = ? ORDER BY id", kFindingColumns));
    select.bind(1, run);
    std::vector<FindingRecord> list;
    while (select.step()) list.push_back(read_finding(select));
    return list;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a run's findings");
  }
}

void Store::recheck_finding(std::int64_t id, std::int64_t run, const std::string& status) {
  try {
    Statement update(
        db_, "UPDATE findings SET status = ?, checked_run = ?, checked_at = ? WHERE id = ?");
    update.bind(1, status).bind(2, run).bind(3, now_utc()).bind(4, id);
    update.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "recording a finding's replay");
  }
}

void Store::add_exploration(const ExplorationRecord& row) {
  try {
    Statement insert(db_,
                     "INSERT INTO explorations (run_id, players, complete, stopped_by, states, "
                     "transitions, expanded, depth, seconds, states_per_second, peak_memory, "
                     "fingerprint_bytes, collision_probability, report) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, row.run_id).bind(2, std::int64_t{row.players});
    insert.bind(3, std::int64_t{row.complete ? 1 : 0}).bind_or_null(4, row.stopped_by);
    insert.bind(5, row.states).bind(6, row.transitions).bind(7, row.expanded);
    insert.bind(8, std::int64_t{row.depth}).bind(9, row.seconds).bind(10, row.states_per_second);
    insert.bind(11, row.peak_memory).bind(12, row.fingerprint_bytes);
    insert.bind(13, row.collision_probability).bind(14, row.report);
    insert.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing an exploration");
  }
}

std::optional<ExplorationRecord> Store::exploration(std::int64_t run) const {
  try {
    Statement select(db_,
                     "SELECT run_id, players, complete, stopped_by, states, transitions, expanded, "
                     "depth, seconds, states_per_second, peak_memory, fingerprint_bytes, "
                     "collision_probability, report FROM explorations WHERE run_id = ?");
    select.bind(1, run);
    if (!select.step()) return std::nullopt;
    ExplorationRecord row;
    row.run_id = select.integer(0);
    row.players = static_cast<int>(select.integer(1));
    row.complete = select.integer(2) != 0;
    row.stopped_by = select.text(3);
    row.states = select.integer(4);
    row.transitions = select.integer(5);
    row.expanded = select.integer(6);
    row.depth = static_cast<int>(select.integer(7));
    row.seconds = select.real(8);
    row.states_per_second = select.real(9);
    row.peak_memory = select.integer(10);
    row.fingerprint_bytes = select.integer(11);
    row.collision_probability = select.real(12);
    row.report = select.text(13);
    return row;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading an exploration");
  }
}

void Store::add_balance_run(const BalanceRunRecord& row) {
  try {
    Statement insert(db_,
                     "INSERT INTO balance_runs (run_id, players, agents, games_planned, precision, "
                     "jobs, info) VALUES (?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, row.run_id).bind(2, std::int64_t{row.players}).bind(3, row.agents);
    insert.bind(4, row.games_planned);
    if (row.precision > 0) insert.bind(5, row.precision);
    insert.bind(6, std::int64_t{row.jobs}).bind(7, row.info);
    insert.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a balance run");
  }
}

void Store::add_balance_games(std::int64_t run, const std::vector<BalanceGameRow>& games) {
  if (games.empty()) return;
  execute("BEGIN IMMEDIATE", "storing balance games");
  try {
    Statement insert(db_,
                     "INSERT INTO balance_games (run_id, game_index, seed, agents, ended, winners, "
                     "moves, seconds, record, move_list) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const BalanceGameRow& game : games) {
      insert.reset();
      insert.bind(1, run).bind(2, game.index).bind(3, std::optional<std::uint64_t>(game.seed));
      insert.bind(4, game.agents).bind(5, std::int64_t{game.ended ? 1 : 0}).bind(6, game.winners);
      insert.bind(7, game.moves).bind(8, game.seconds).bind(9, game.record);
      insert.bind_blob_or_null(10, game.move_list);
      insert.step();
    }
    execute("COMMIT", "storing balance games");
  } catch (const SqliteFailure& failure) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    fail(failure.code, "storing balance games");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void Store::finish_balance_run(std::int64_t run, const std::string& stopped_by, double seconds,
                               const std::string& summary) {
  try {
    Statement update(db_,
                     "UPDATE balance_runs SET stopped_by = ?, seconds = ?, summary = ? "
                     "WHERE run_id = ?");
    update.bind(1, stopped_by).bind(2, seconds).bind_or_null(3, summary).bind(4, run);
    update.step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "finishing a balance run");
  }
}

std::optional<BalanceRunRecord> Store::balance_run(std::int64_t run) const {
  try {
    Statement select(db_,
                     "SELECT run_id, players, agents, games_planned, precision, jobs, stopped_by, "
                     "seconds, info, summary FROM balance_runs WHERE run_id = ?");
    select.bind(1, run);
    if (!select.step()) return std::nullopt;
    BalanceRunRecord row;
    row.run_id = select.integer(0);
    row.players = static_cast<int>(select.integer(1));
    row.agents = select.text(2);
    row.games_planned = select.integer(3);
    row.precision = select.real(4);
    row.jobs = static_cast<int>(select.integer(5));
    row.stopped_by = select.text(6);
    row.seconds = select.real(7);
    row.info = select.text(8);
    row.summary = select.text(9);
    return row;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a balance run");
  }
}

namespace {

constexpr const char* kBalanceGameColumns =
    "game_index, seed, agents, ended, winners, moves, seconds, record";

BalanceGameRow read_balance_game(const Statement& row) {
  BalanceGameRow game;
  game.index = row.integer(0);
  game.seed = static_cast<std::uint64_t>(row.integer(1));
  game.agents = row.text(2);
  game.ended = row.integer(3) != 0;
  game.winners = row.text(4);
  game.moves = row.integer(5);
  game.seconds = row.real(6);
  game.record = row.text(7);
  return game;
}

}  // namespace

std::vector<BalanceGameRow> Store::balance_games(std::int64_t run) const {
  try {
    Statement select(db_, fmt::format("SELECT {} FROM balance_games WHERE run_id = ? "
                                      "ORDER BY game_index",
                                      kBalanceGameColumns));
    select.bind(1, run);
    std::vector<BalanceGameRow> list;
    while (select.step()) list.push_back(read_balance_game(select));
    return list;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading balance games");
  }
}

std::optional<BalanceGameRow> Store::balance_game(std::int64_t run, std::int64_t index) const {
  try {
    Statement select(db_, fmt::format("SELECT {}, move_list FROM balance_games WHERE run_id = ? "
                                      "AND game_index = ?",
                                      kBalanceGameColumns));
    select.bind(1, run).bind(2, index);
    if (!select.step()) return std::nullopt;
    BalanceGameRow game = read_balance_game(select);
    game.move_list = select.blob(8);
    return game;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a balance game");
  }
}

std::int64_t Store::balance_game_count(std::int64_t run) const {
  try {
    Statement count(db_, "SELECT count(*) FROM balance_games WHERE run_id = ?");
    count.bind(1, run);
    return count.step() ? count.integer(0) : 0;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "counting balance games");
  }
}

void Store::add_sweep(const SweepRecord& sweep) {
  try {
    Statement insert(
        db_, "INSERT INTO sweeps (run_id, points_planned, axes, settings) VALUES (?, ?, ?, ?)");
    insert.bind(1, sweep.run_id).bind(2, sweep.points_planned).bind(3, sweep.axes);
    insert.bind(4, sweep.settings).step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a sweep");
  }
}

void Store::add_sweep_point(std::int64_t sweep, const SweepPointRecord& point) {
  try {
    Statement insert(db_,
                     "INSERT INTO sweep_points (sweep_run_id, point_index, setting, "
                     "balance_run_id) VALUES (?, ?, ?, ?)");
    insert.bind(1, sweep).bind(2, point.index).bind(3, point.setting);
    insert.bind(4, point.balance_run).step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a sweep's point");
  }
}

std::optional<SweepRecord> Store::sweep(std::int64_t run) const {
  try {
    Statement select(db_,
                     "SELECT run_id, points_planned, axes, settings FROM sweeps WHERE run_id = ?");
    select.bind(1, run);
    if (!select.step()) return std::nullopt;
    return SweepRecord{select.integer(0), select.integer(1), select.text(2), select.text(3)};
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a sweep");
  }
}

std::vector<SweepPointRecord> Store::sweep_points(std::int64_t sweep) const {
  try {
    Statement select(db_,
                     "SELECT point_index, setting, balance_run_id FROM sweep_points "
                     "WHERE sweep_run_id = ? ORDER BY point_index");
    select.bind(1, sweep);
    std::vector<SweepPointRecord> points;
    while (select.step()) {
      points.push_back({select.integer(0), select.text(1), select.integer(2)});
    }
    return points;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a sweep's points");
  }
}

void Store::add_tune(std::int64_t run, const std::string& settings) {
  try {
    Statement insert(db_, "INSERT INTO tunes (run_id, settings) VALUES (?, ?)");
    insert.bind(1, run).bind(2, settings).step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a tune");
  }
}

void Store::add_tune_trial(std::int64_t tune, const TuneTrialRecord& trial) {
  try {
    Statement insert(db_,
                     "INSERT INTO tune_trials (tune_run_id, trial, stage, candidate, "
                     "balance_run_id) VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, tune).bind(2, trial.trial).bind(3, std::int64_t{trial.stage});
    insert.bind(4, trial.candidate).bind(5, trial.balance_run).step();
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "storing a tune's trial");
  }
}

std::optional<std::string> Store::tune(std::int64_t run) const {
  try {
    Statement select(db_, "SELECT settings FROM tunes WHERE run_id = ?");
    select.bind(1, run);
    if (!select.step()) return std::nullopt;
    return select.text(0);
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a tune");
  }
}

std::vector<TuneTrialRecord> Store::tune_trials(std::int64_t tune) const {
  try {
    Statement select(db_,
                     "SELECT trial, stage, candidate, balance_run_id FROM tune_trials "
                     "WHERE tune_run_id = ? ORDER BY trial");
    select.bind(1, tune);
    std::vector<TuneTrialRecord> trials;
    while (select.step()) {
      trials.push_back({select.integer(0), static_cast<int>(select.integer(1)), select.integer(2),
                        select.integer(3)});
    }
    return trials;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a tune's trials");
  }
}

std::vector<RunRecord> Store::runs(int limit) const {
  try {
    Statement select(db_, fmt::format("SELECT {} FROM runs ORDER BY id DESC LIMIT ?", kRunColumns));
    select.bind(1, std::int64_t{limit});
    std::vector<RunRecord> list;
    while (select.step()) list.push_back(read_run(select));
    return list;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "listing runs");
  }
}

std::optional<RunRecord> Store::run(std::int64_t id) const {
  try {
    Statement select(db_, fmt::format("SELECT {} FROM runs WHERE id = ?", kRunColumns));
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    return read_run(select);
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading a run");
  }
}

std::vector<StoredScenarioResult> Store::scenario_results(std::int64_t run) const {
  try {
    Statement select(db_,
                     "SELECT file, title, game, variant, variant_hash, status, line, message, "
                     "expected, actual, log, moves, seconds FROM scenario_results "
                     "WHERE run_id = ? ORDER BY id");
    select.bind(1, run);
    std::vector<StoredScenarioResult> list;
    while (select.step()) {
      StoredScenarioResult row;
      row.file = select.text(0);
      row.title = select.text(1);
      row.game = select.text(2);
      row.variant = select.text(3);
      row.variant_hash = select.text(4);
      row.status = select.text(5);
      row.line = static_cast<int>(select.integer(6));
      row.message = select.text(7);
      row.expected = select.text(8);
      row.actual = select.text(9);
      row.log = select.text(10);
      row.moves = static_cast<int>(select.integer(11));
      row.seconds = select.real(12);
      list.push_back(std::move(row));
    }
    return list;
  } catch (const SqliteFailure& failure) {
    fail(failure.code, "reading scenario results");
  }
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
