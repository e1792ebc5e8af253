// The results store's schema, as an ordered list of migrations. A file's
// PRAGMA user_version is the last migration applied to it; opening a file
// applies the ones it lacks, each in its own transaction. Never edit a
// migration that has shipped: add the next one.

#include "reports/store/schema.hpp"

namespace grove {

// Stored in PRAGMA application_id so that grove can tell its own files from
// other SQLite databases ('grov').
extern const int kGroveApplicationId = 0x67726f76;

const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = {
      {1, "runs and scenario results",
       R"sql(
CREATE TABLE runs (
  id            INTEGER PRIMARY KEY,
  command       TEXT NOT NULL,     -- the command line as typed
  kind          TEXT NOT NULL,     -- replay, play, fuzz, explore, balance
  game          TEXT,              -- NULL when the run covers several games
  variant       TEXT,
  variant_hash  TEXT,
  seed          INTEGER,
  grove_version TEXT NOT NULL,
  started_at    TEXT NOT NULL,     -- ISO 8601, UTC
  ended_at      TEXT,              -- NULL until the run finishes
  status        TEXT NOT NULL,     -- running, passed, failed, error, interrupted
  summary       TEXT
);
CREATE TABLE scenario_results (
  id            INTEGER PRIMARY KEY,
  run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  file          TEXT NOT NULL,
  title         TEXT,
  game          TEXT,
  variant       TEXT,
  variant_hash  TEXT,
  status        TEXT NOT NULL,     -- pass, fail, error
  line          INTEGER,
  message       TEXT,
  expected      TEXT,
  actual        TEXT,
  moves         INTEGER,
  seconds       REAL
);
CREATE INDEX scenario_results_by_run ON scenario_results(run_id);
)sql"},
      {2, "where a run ran, and the game log of each scenario result",
       R"sql(
ALTER TABLE runs ADD COLUMN host TEXT;
ALTER TABLE runs ADD COLUMN pid INTEGER;
ALTER TABLE scenario_results ADD COLUMN log TEXT;
)sql"},
      {3, "findings of grove fuzz and explore, each with the scenario that reproduces it",
       R"sql(
CREATE TABLE findings (
  id            INTEGER PRIMARY KEY,
  run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,  -- the run that found it
  game          TEXT NOT NULL,
  variant       TEXT,
  variant_hash  TEXT,
  kind          TEXT NOT NULL,     -- the property broken: invariant, stuck-state, ...
  detail        TEXT,
  seed          INTEGER,           -- the run's seed
  game_index    INTEGER,           -- which game of the run found it
  moves         INTEGER,           -- moves before the failure, once shrunk
  scenario      TEXT NOT NULL,     -- a scenario (YAML) that reproduces it
  file          TEXT,              -- where the scenario was written
  found_at      TEXT NOT NULL,     -- ISO 8601, UTC
  status        TEXT NOT NULL,     -- open (still fails), fixed (its scenario passes now)
  checked_run   INTEGER,           -- the last run that replayed it
  checked_at    TEXT
);
CREATE INDEX findings_by_game ON findings(game, status);
)sql"},
      {4, "the statistics and results of grove explore runs",
       R"sql(
CREATE TABLE explorations (
  run_id                INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  players               INTEGER NOT NULL,
  complete              INTEGER NOT NULL,  -- 1 when every reachable state was expanded
  stopped_by            TEXT,              -- the bound or interrupt that stopped it, if one did
  states                INTEGER NOT NULL,  -- distinct states found
  transitions           INTEGER NOT NULL,  -- moves and chance outcomes followed
  expanded              INTEGER NOT NULL,  -- states whose moves were followed
  depth                 INTEGER NOT NULL,  -- moves to the deepest state found
  seconds               REAL NOT NULL,
  states_per_second     REAL NOT NULL,
  peak_memory           INTEGER NOT NULL,  -- bytes, the process's peak
  fingerprint_bytes     INTEGER NOT NULL,  -- bytes of the fingerprint set
  collision_probability REAL NOT NULL,     -- that two states shared a fingerprint
  report                TEXT NOT NULL      -- the results as JSON (rulings, clauses, outcomes)
);
)sql"},
      {5, "balance runs: every game played, and the run's settings and summary",
       R"sql(
CREATE TABLE balance_runs (
  run_id        INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  players       INTEGER NOT NULL,
  agents        TEXT NOT NULL,     -- the agents by seat in the first game of each block (JSON)
  games_planned INTEGER NOT NULL,
  precision     REAL,              -- stop once every interval is narrower (NULL: no early stop)
  jobs          INTEGER NOT NULL,
  stopped_by    TEXT,              -- all games played, precision reached, interrupted
  seconds       REAL,
  info          TEXT NOT NULL,     -- the run as the reports see it (JSON)
  summary       TEXT               -- the statistics of its games (JSON), once it ended
);
CREATE TABLE balance_games (
  run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  game_index    INTEGER NOT NULL,  -- game i is rotation i % players of block i / players
  seed          INTEGER NOT NULL,  -- the block's seed: every rotation of a block is dealt from it
  agents        TEXT NOT NULL,     -- by seat (JSON)
  ended         INTEGER NOT NULL,  -- 0: cut at the step bound
  winners       TEXT NOT NULL,     -- seats in first place (JSON; empty when not ended)
  moves         INTEGER NOT NULL,
  seconds       REAL NOT NULL,
  record        TEXT NOT NULL,     -- the whole game record (JSON): places, scores, uses, metrics
  PRIMARY KEY (run_id, game_index)
) WITHOUT ROWID;
)sql"},
      {6, "each balance game's moves; balance_games as a table with row ids",
       R"sql(
-- As a WITHOUT ROWID table, balance_games kept whole rows in its index
-- pages, which hold at most about 1,000 bytes of a row: a game's record
-- (about a kilobyte of JSON) spilled into an overflow page of its own, so
-- every game wrote more than 4 KB. A table with row ids keeps rows up to
-- about 4 KB in place, several to a page.
CREATE TABLE balance_games_6 (
  run_id        INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  game_index    INTEGER NOT NULL,  -- game i is rotation i % players of block i / players
  seed          INTEGER NOT NULL,  -- the block's seed: every rotation of a block is dealt from it
  agents        TEXT NOT NULL,     -- by seat (JSON)
  ended         INTEGER NOT NULL,  -- 0: cut at the step bound
  winners       TEXT NOT NULL,     -- seats in first place (JSON; empty when not ended)
  moves         INTEGER NOT NULL,
  seconds       REAL NOT NULL,
  record        TEXT NOT NULL,     -- the whole game record (JSON): places, scores, uses, metrics
  move_list     BLOB,              -- the moves in order (engine/core/move_codec.hpp); NULL when
                                   -- stored by a grove that did not keep them
  PRIMARY KEY (run_id, game_index)
);
INSERT INTO balance_games_6 (run_id, game_index, seed, agents, ended, winners, moves, seconds,
                             record)
  SELECT run_id, game_index, seed, agents, ended, winners, moves, seconds, record
  FROM balance_games ORDER BY run_id, game_index;
DROP TABLE balance_games;
ALTER TABLE balance_games_6 RENAME TO balance_games;
)sql"},
      {7, "sweeps: one balance run per point of a grid of parameter values",
       R"sql(
-- A sweep is a run of its own (kind 'sweep': its status says whether every
-- point was played, or it was interrupted or killed); each point is a
-- balance run of its own, linked here once it finished.
CREATE TABLE sweeps (
  run_id         INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  points_planned INTEGER NOT NULL,
  axes           TEXT NOT NULL,     -- the swept parameters and rulings with their values (JSON)
  settings       TEXT NOT NULL      -- players, agents, games, seed, fixed settings (JSON)
);
CREATE TABLE sweep_points (
  sweep_run_id   INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  point_index    INTEGER NOT NULL,  -- in grid order: the first axis varies slowest
  setting        TEXT NOT NULL,     -- the point's value of every axis (JSON object)
  balance_run_id INTEGER NOT NULL REFERENCES runs(id),
  PRIMARY KEY (sweep_run_id, point_index)
);
)sql"},
      {8, "tunes: a search of parameter ranges, each trial a balance run",
       R"sql(
-- A tune is a run of its own (kind 'tune'); each trial (a candidate's games
-- in one stage of the search) is a balance run of its own, linked here once
-- it finished, in the order the tune played them: read back in that order,
-- the trials decide the tune again exactly as it was played.
CREATE TABLE tunes (
  run_id         INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
  settings       TEXT NOT NULL      -- candidates, targets, budget, plan, players, agents (JSON)
);
CREATE TABLE tune_trials (
  tune_run_id    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  trial          INTEGER NOT NULL,  -- 0, 1, ... in the order played
  stage          INTEGER NOT NULL,  -- search rounds from 0, then the confirmation
  candidate      INTEGER NOT NULL,  -- the grid point (the first axis varies slowest)
  balance_run_id INTEGER NOT NULL REFERENCES runs(id),
  PRIMARY KEY (tune_run_id, trial)
);
)sql"},
  };
  return list;
}

}  // namespace grove
