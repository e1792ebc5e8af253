// The results store: schema upgrades keep old rows; interrupted and killed
// runs keep what they committed; a locked, read-only, corrupt or foreign file
// gets a clear error and is left exactly as it was.

#include "reports/store/store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/errors.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove {
namespace {

namespace fs = std::filesystem;

class StoreTest : public ::testing::Test {
 protected:
  static ScenarioResult result(const std::string& file, ScenarioResult::Status status) {
    ScenarioResult r;
    r.file = file;
    r.title = "title of " + file;
    r.game = "pass_the_pandas";
    r.status = status;
    r.message = status == ScenarioResult::Status::Passed ? "" : "went wrong";
    r.log = {"  1. roll P1 water=1", "  2. P1 keep dice"};
    r.moves = 2;
    return r;
  }

  static std::string error_of(const std::function<void()>& action) {
    return testing::message_of<StoreError>(action);
  }

  std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  void sql(const std::string& statement) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &error), SQLITE_OK)
        << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }

  testing::TempFolder folder_{"store"};
  std::string path_ = folder_ / "grove.db";
};

TEST_F(StoreTest, ANewFileGetsTheLatestSchemaInWalMode) {
  Store store = Store::open(path_);
  EXPECT_EQ(store.schema_version(), latest_schema_version());
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &statement, nullptr);
  ASSERT_EQ(sqlite3_step(statement), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)), "wal");
  sqlite3_finalize(statement);
  sqlite3_close(db);
}

TEST_F(StoreTest, RunsAndTheirResultsAreStoredAndReadBack) {
  Store store = Store::open(path_);
  const auto run = store.begin_run({"grove replay scenarios", "replay", "", "", "", std::nullopt});
  store.add_scenario_result(run, result("a.yaml", ScenarioResult::Status::Passed));
  store.add_scenario_result(run, result("b.yaml", ScenarioResult::Status::Failed));
  store.finish_run(run, "failed", "2 scenarios: 1 passed, 1 failed, 0 errors");

  const auto stored = store.run(run);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->command, "grove replay scenarios");
  EXPECT_EQ(stored->state(), "failed");
  EXPECT_FALSE(stored->ended_at.empty());
  EXPECT_EQ(stored->grove_version, grove_version());
  const auto rows = store.scenario_results(run);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].status, "fail");
  EXPECT_EQ(rows[1].message, "went wrong");
  EXPECT_EQ(rows[1].log, "  1. roll P1 water=1\n  2. P1 keep dice");
  EXPECT_EQ(store.runs(10).front().id, run);
}

TEST_F(StoreTest, ATunesTrialsComeBackInTheOrderPlayed) {
  Store store = Store::open(path_);
  const auto tune = store.begin_run({"grove tune x", "tune", "x", "default", "", 1});
  const auto trial = store.begin_run({"grove tune x", "balance", "x", "default", "", 2});
  const auto other = store.begin_run({"grove tune x", "balance", "x", "default", "", 3});
  store.add_tune(tune, R"({"budget": 100})");
  store.add_tune_trial(tune, TuneTrialRecord{0, 0, 7, trial});
  store.add_tune_trial(tune, TuneTrialRecord{1, 1, 3, other});
  EXPECT_EQ(store.tune(tune), R"({"budget": 100})");
  EXPECT_FALSE(store.tune(trial).has_value());
  const std::vector<TuneTrialRecord> trials = store.tune_trials(tune);
  ASSERT_EQ(trials.size(), 2u);
  EXPECT_EQ(trials[0].candidate, 7);
  EXPECT_EQ(trials[0].balance_run, trial);
  EXPECT_EQ(trials[1].stage, 1);
  EXPECT_EQ(trials[1].balance_run, other);
  // A trial is stored once: the same number twice is refused, not doubled.
  EXPECT_THROW(store.add_tune_trial(tune, TuneTrialRecord{1, 1, 4, other}), StoreError);
  EXPECT_EQ(store.tune_trials(tune).size(), 2u);
}

TEST_F(StoreTest, SeedsKeepAllTheirBits) {
  Store store = Store::open(path_);
  const std::uint64_t seed = 0xfedcba9876543210ULL;
  const auto run =
      store.begin_run({"grove play", "play", "pass_the_pandas", "default", "abc", seed});
  EXPECT_EQ(store.run(run)->seed, seed);
}

TEST_F(StoreTest, AnOldFileIsMigratedAndKeepsItsRows) {
  create_schema_at_version(path_, 1);
  sql("INSERT INTO runs (command, kind, grove_version, started_at, ended_at, status, summary) "
      "VALUES ('grove replay old', 'replay', '0.0.1', '2026-01-01T00:00:00.000Z', "
      "'2026-01-01T00:00:01.000Z', 'passed', 'old run');"
      "INSERT INTO scenario_results (run_id, file, status) VALUES (1, 'old.yaml', 'pass');");
  Store store = Store::open(path_);
  EXPECT_EQ(store.schema_version(), latest_schema_version());
  const auto old = store.run(1);
  ASSERT_TRUE(old);
  EXPECT_EQ(old->summary, "old run");
  EXPECT_EQ(old->state(), "passed");
  ASSERT_EQ(store.scenario_results(1).size(), 1u);
  EXPECT_EQ(store.scenario_results(1)[0].file, "old.yaml");
  // The upgraded file takes new rows with the new columns.
  const auto run = store.begin_run({"grove replay new", "replay", "", "", "", std::nullopt});
  store.add_scenario_result(run, result("new.yaml", ScenarioResult::Status::Passed));
  EXPECT_EQ(store.scenario_results(run)[0].log, "  1. roll P1 water=1\n  2. P1 keep dice");
}

// Schema 6 keeps each balance game's moves and rebuilds balance_games as a
// table with row ids: the games a file of schema 5 stored are all still
// there, as they were, with no moves; new games keep theirs.
TEST_F(StoreTest, BalanceGamesOfTheSchemaBeforeMovesAreKept) {
  create_schema_at_version(path_, 5);
  sql("INSERT INTO runs (command, kind, grove_version, started_at, status) VALUES ('grove "
      "balance pass_the_pandas', 'balance', '0.0.1', '2026-01-01T00:00:00.000Z', 'passed');"
      "INSERT INTO balance_runs (run_id, players, agents, games_planned, jobs, info) VALUES (1, 2, "
      "'[\"random\",\"random\"]', 2, 1, '{}');"
      "INSERT INTO balance_games VALUES (1, 0, -5, '[\"random\",\"random\"]', 1, '[0]', 12, "
      "0.5, '{\"old\": 0}'), (1, 1, -5, '[\"random\",\"random\"]', 0, '[]', 30, 0.25, "
      "'{\"old\": 1}');");
  Store store = Store::open(path_);
  EXPECT_EQ(store.schema_version(), latest_schema_version());
  const std::vector<BalanceGameRow> old = store.balance_games(1);
  ASSERT_EQ(old.size(), 2u);
  EXPECT_EQ(old[0].seed, static_cast<std::uint64_t>(-5));
  EXPECT_EQ(old[0].winners, "[0]");
  EXPECT_EQ(old[0].moves, 12);
  EXPECT_EQ(old[0].seconds, 0.5);
  EXPECT_EQ(old[1].record, "{\"old\": 1}");
  EXPECT_FALSE(old[1].ended);
  ASSERT_TRUE(store.balance_game(1, 1));
  EXPECT_FALSE(store.balance_game(1, 1)->move_list) << "stored before moves were kept";
  EXPECT_FALSE(store.balance_game(1, 2));
  EXPECT_EQ(store.balance_game_count(1), 2);

  // New games keep their moves, bytes as given (zero bytes too), and the
  // pair (run, game) stays unique.
  BalanceGameRow game;
  game.index = 2;
  game.agents = "[]";
  game.winners = "[]";
  game.record = "{}";
  game.move_list = std::string("\x00\x01\xff", 3);
  store.add_balance_games(1, {game});
  EXPECT_EQ(store.balance_game(1, 2)->move_list, std::string("\x00\x01\xff", 3));
  EXPECT_FALSE(store.balance_games(1)[2].move_list) << "the run's games are read without moves";
  EXPECT_THROW(store.add_balance_games(1, {game}), StoreError);
  EXPECT_EQ(store.balance_game_count(1), 3);
}

TEST_F(StoreTest, AKilledRunStaysIncompleteAndKeepsWhatItCommitted) {
  std::int64_t run = 0;
  {
    Store store = Store::open(path_);
    run = store.begin_run({"grove replay", "replay", "", "", "", std::nullopt});
  }
  // A child process records a result and dies without finishing the run.
  const pid_t child = fork();
  if (child == 0) {
    Store store = Store::open(path_);
    store.add_scenario_result(run, result("done.yaml", ScenarioResult::Status::Passed));
    sql("UPDATE runs SET pid = " + std::to_string(getpid()) + " WHERE id = " + std::to_string(run));
    _exit(0);  // no finish_run, no destructors: as if killed
  }
  int status = 0;
  waitpid(child, &status, 0);
  Store store = Store::open(path_);
  const auto stored = store.run(run);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->state(), "incomplete");
  EXPECT_TRUE(stored->ended_at.empty());
  ASSERT_EQ(store.scenario_results(run).size(), 1u);
}

TEST_F(StoreTest, AnInterruptedRunKeepsItsResults) {
  Store store = Store::open(path_);
  const auto run = store.begin_run({"grove replay", "replay", "", "", "", std::nullopt});
  store.add_scenario_result(run, result("a.yaml", ScenarioResult::Status::Passed));
  store.finish_run(run, "interrupted", "interrupted after 1 of 5 scenarios");
  EXPECT_EQ(store.run(run)->state(), "interrupted");
  EXPECT_EQ(store.scenario_results(run).size(), 1u);
}

TEST_F(StoreTest, ALockedFileIsReportedAndNothingIsLost) {
  {
    Store store = Store::open(path_);
    store.finish_run(store.begin_run({"grove replay first", "replay", "", "", "", std::nullopt}),
                     "passed", "first");
  }
  sqlite3* holder = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &holder), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(holder, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);

  Store::Options quick;
  quick.busy_timeout = std::chrono::milliseconds(100);
  Store store = Store::open(path_, quick);
  EXPECT_EQ(error_of([&] {
              store.begin_run({"grove replay second", "replay", "", "", "", std::nullopt});
            }),
            path_ +
                ": locked by another process (waited 100 ms while recording the start of a "
                "run); try again when it has finished, or use --db to write elsewhere");
  sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  EXPECT_EQ(store.runs(10).size(), 1u);
  EXPECT_EQ(store.runs(10)[0].summary, "first");
  // Once the lock is gone, writing works again.
  store.begin_run({"grove replay third", "replay", "", "", "", std::nullopt});
  EXPECT_EQ(store.runs(10).size(), 2u);
}

TEST_F(StoreTest, ReadOnlyFileIsRefusedForWritingButCanBeRead) {
  {
    Store store = Store::open(path_);
    store.finish_run(store.begin_run({"grove replay", "replay", "", "", "", std::nullopt}),
                     "passed", "kept");
  }
  fs::permissions(path_, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string before = bytes_of(path_);
  // Root ignores file permissions; check as an unprivileged user instead.
  int channel[2];
  ASSERT_EQ(pipe(channel), 0);
  const pid_t child = fork();
  if (child == 0) {
    close(channel[0]);
    if (geteuid() == 0 && setuid(65534) != 0) _exit(3);
    std::string report;
    try {
      Store::open(path_);
      report = "(opened for writing)";
    } catch (const StoreError& error) {
      report = error.what();
    }
    report += "\n";
    Store::Options reading;
    reading.reading = true;
    try {
      report += Store::open(path_, reading).runs(5).at(0).summary;
    } catch (const std::exception& error) {
      report += std::string("(cannot read) ") + error.what();
    }
    if (write(channel[1], report.data(), report.size()) < 0) _exit(4);
    _exit(0);
  }
  close(channel[1]);
  std::string report;
  char buffer[512];
  ssize_t got = 0;
  while ((got = read(channel[0], buffer, sizeof buffer)) > 0)
    report.append(buffer, static_cast<std::size_t>(got));
  close(channel[0]);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 0) << "could not drop privileges";
  EXPECT_EQ(report, path_ +
                        ": read-only; grove needs to record its results there. Make it "
                        "writable, or use --db to write elsewhere\nkept");
  EXPECT_EQ(bytes_of(path_), before);
}

TEST_F(StoreTest, AFileThatIsNotSqliteIsLeftUntouched) {
  std::ofstream(path_, std::ios::binary) << "These are my notes, not a database.\n"
                                         << std::string(4096, 'x');
  const std::string before = bytes_of(path_);
  EXPECT_EQ(error_of([&] { Store::open(path_); }),
            path_ +
                ": not an SQLite database, so not a grove results file; grove left it "
                "untouched. Move it aside or use --db to choose another file");
  EXPECT_EQ(bytes_of(path_), before);
}

TEST_F(StoreTest, ADamagedDatabaseIsReportedAndLeftUntouched) {
  {
    Store store = Store::open(path_);
    for (int i = 0; i < 200; ++i) {
      const auto run = store.begin_run(
          {"grove replay " + std::to_string(i), "replay", "", "", "", std::nullopt});
      store.add_scenario_result(run, result(std::string(200, 'f'), ScenarioResult::Status::Failed));
    }
  }
  // Scribble over the header of every page after the first, as a failing
  // disk would. (Scribbling over one spot in the middle was flaky: with
  // timestamps of varying length it sometimes hit only row payload, which
  // SQLite cannot tell from data.)
  {
    const auto size = static_cast<std::streamoff>(bytes_of(path_).size());
    std::fstream file(path_, std::ios::binary | std::ios::in | std::ios::out);
    for (std::streamoff page = 4096; page < size; page += 4096) {
      file.seekp(page);
      file << std::string(16, '\xff');
    }
  }
  const std::string before = bytes_of(path_);
  const std::string message = error_of([&] {
    Store store = Store::open(path_);
    for (const auto& run : store.runs(1000)) store.scenario_results(run.id);
  });
  EXPECT_NE(message.find("the database is damaged"), std::string::npos) << message;
  EXPECT_NE(message.find("grove left it untouched"), std::string::npos) << message;
  EXPECT_EQ(bytes_of(path_), before);
}

TEST_F(StoreTest, AnotherProgramsDatabaseIsRecognised) {
  sql("CREATE TABLE recipes (name TEXT)");
  EXPECT_EQ(error_of([&] { Store::open(path_); }),
            path_ +
                ": an SQLite database of another program, not a grove results file; grove "
                "left it untouched. Use --db to choose another file");
}

TEST_F(StoreTest, AFileFromANewerGroveIsRefused) {
  { Store store = Store::open(path_); }
  sql("PRAGMA user_version = 99");
  EXPECT_EQ(error_of([&] { Store::open(path_); }),
            path_ + ": written by a newer grove (schema 99; this grove knows up to " +
                std::to_string(latest_schema_version()) + "); upgrade grove or use --db");
}

TEST_F(StoreTest, AFolderIsNotADatabase) {
  EXPECT_EQ(error_of([&] { Store::open(folder_.path()); }),
            folder_.path() + ": is a folder; --db needs a database file");
}

TEST_F(StoreTest, ADamagedPageIsFoundOnOpenAndTheFileLeftAsItWas) {
  {
    Store store = Store::open(path_);
    for (int run = 0; run < 400; ++run) {
      store.begin_run({"grove replay " + std::string(200, 'x'), "replay", "", "", "", {}});
    }
    EXPECT_EQ(store.check(true), std::nullopt);
  }
  sql("PRAGMA wal_checkpoint(TRUNCATE)");
  // Bytes of one table page overwritten, as a failing disk might: SQLite
  // itself would go on using the file.
  {
    std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(4096 * 10);
    file << std::string(64, '\xff');
  }
  const auto bytes = [&] {
    std::ifstream file(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
  };
  const std::string damaged = bytes();
  for (const bool reading : {false, true}) {
    const std::string error = error_of([&] { Store::open(path_, {.reading = reading}); });
    EXPECT_EQ(error.rfind(path_ + ": the database is damaged (SQLite: ", 0), 0u) << error;
    EXPECT_NE(error.find("grove left it untouched"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_EQ(bytes(), damaged);
}

TEST_F(StoreTest, ASchemaChangedOutsideGroveIsSaidAsSuchAndKept) {
  // Were "database error while reading its schema: not an error" and, at
  // the first command that needed it, "no such table".
  { Store store = Store::open(path_); }
  sql("PRAGMA user_version = 1");
  EXPECT_EQ(
      error_of([&] { Store::open(path_); })
          .rfind(path_ + ": a grove results file changed outside grove: upgrading it to schema 2 "
                         "failed (",
                 0),
      0u);
  sql("PRAGMA user_version = " + std::to_string(latest_schema_version()));
  { Store store = Store::open(path_); }
  sql("DROP TABLE findings");
  EXPECT_EQ(error_of([&] { Store::open(path_); }),
            path_ +
                ": a grove results file changed outside grove: it lacks the table findings; "
                "grove left it as it was. Keep it for its data and use --db to write elsewhere");
}

TEST_F(StoreTest, AnEmptyNameIsNoDatabaseRatherThanATemporaryOne) {
  // SQLite would open a private temporary database and lose every result.
  for (const std::string name : {"", ":memory:"}) {
    const std::string error = error_of([&] { Store::open(name); });
    EXPECT_NE(error.find("that is no file"), std::string::npos) << error;
    EXPECT_NE(error.find("Name a database file"), std::string::npos) << error;
  }
}

TEST_F(StoreTest, ReadingAMissingFileDoesNotCreateIt) {
  Store::Options reading;
  reading.reading = true;
  EXPECT_EQ(error_of([&] { Store::open(path_, reading); }),
            path_ + ": no such results file (nothing has been stored there yet)");
  EXPECT_FALSE(fs::exists(path_));
}

}  // namespace
}  // namespace grove
