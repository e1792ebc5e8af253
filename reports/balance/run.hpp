#pragma once
// Balance runs: agents play many games of one variant, seats rotated over
// the same seeds, in parallel, with every game recorded.
//
// Game i is rotation i % players of block i / players. Every game of a
// block is dealt from the block's seed (the chance outcomes and each
// seat's agent draw from streams of it), and rotation r moves every agent
// r seats on, so that over a block each agent sits in each seat once: a
// seat's advantage then shows in the seat win rates and cancels out of
// the agents'. A game depends only on the run's seed and its number, so
// the jobs change the speed, never the games, and a run can be split by
// game ranges (machines, later MPI ranks) and its records merged.

#include <any>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "reports/balance/game_record.hpp"

namespace grove::balance {

struct BalanceSettings {
  BalanceSettings(const Game& played, Variant rules) : game(&played), variant(std::move(rules)) {}

  const Game* game;
  Variant variant;
  int players = 2;
  // The agents by seat in rotation 0; a shorter list repeats ("mcts,random"
  // at 4 seats is mcts, random, mcts, random).
  std::vector<std::string> agents;
  std::uint64_t seed = 0;
  std::int64_t games = 0;  // at most this many (rounded up to whole blocks)
  int jobs = 1;
  // Moves after which a game is cut as unfinished; 0: the variant's step
  // bound.
  std::int64_t max_steps = 0;
  // Stop early once every win rate's 95% interval (widest_interval) is
  // narrower than +/- precision, checked after whole blocks in order; 0:
  // play every game.
  double precision = 0;
  // Whole blocks to play before the precision is checked.
  std::int64_t min_blocks = 10;
  // Only games [first, end) of the run: a part of it handed to another
  // process, played and handed over in order like a whole run. None: the
  // whole run (games rounded up to whole blocks).
  struct GameRange {
    std::int64_t first = 0;
    std::int64_t end = 0;
  };
  std::optional<GameRange> range;
};

// The agents of every seat in game `index`.
std::vector<std::string> seat_agents(const BalanceSettings& settings, std::int64_t index);

// Plays game `index` of the run on `rules` (built for the settings'
// variant and players). Returns nothing when `stop` became true before the
// game ended (an abandoned game is not a result). `moves`, when given,
// gets the game's moves and chance outcomes in order: what replays it.
std::optional<GameRecord> play_balance_game(const Rules& rules, const BalanceSettings& settings,
                                            std::int64_t index,
                                            const std::atomic<bool>* stop = nullptr,
                                            std::vector<Move>* moves = nullptr);

// How a game that failed is said: its number, its block's seed, the error.
std::string game_failure(const BalanceSettings& settings, std::int64_t index,
                         const std::string& error);

struct BalanceProgress {
  std::int64_t done = 0;     // games finished and handed over, in order
  std::int64_t planned = 0;  // games the run would play without an early stop
  double seconds = 0;
  std::int64_t moves = 0;
};

struct BalanceOutcome {
  std::vector<GameRecord> games;  // in order, as handed to on_game
  std::string stopped_by;         // all games played, precision reached, interrupted
  double seconds = 0;
};

// What a helper playing games elsewhere (the other processes of an MPI
// run) does with the run: it claims games in blocks beside the run's own
// jobs and hands back each game it was given. Every method may be called
// from the helper's thread while the jobs play.
class GamesElsewhere {
 public:
  virtual ~GamesElsewhere() = default;
  // The next up to `count` games nobody has taken yet, or nothing once
  // every game is taken or the run stopped.
  virtual std::optional<BalanceSettings::GameRange> claim(std::int64_t count) = 0;
  // A claimed game, played, with what prepare would have made of it.
  virtual void hand_over(GameRecord record, std::any prepared) = 0;
  // True once the run stops early (interrupted, precision reached, a game
  // failed): games still out are no longer wanted.
  virtual bool stopped() const = 0;
  // A claimed game that failed: the run stops with this error.
  virtual void fail(const std::string& error) = 0;
};

struct BalanceCallbacks {
  // Each game as soon as it is played, with its moves and chance outcomes
  // in order, from the job that played it (so from several threads at
  // once): work on a game that need not wait for its turn, such as
  // encoding it for storage, is spread over the jobs rather than queued on
  // the calling thread. What it returns (of any type: the run does not
  // look at it) comes with the record to on_game. The moves are kept only
  // for this call: a run of many games could not hold them all.
  std::function<std::any(const GameRecord&, std::span<const Move> moves)> prepare;
  // Each game, in order of its number, from the calling thread, with what
  // prepare made of it (empty without prepare), to be taken as it is.
  std::function<void(const GameRecord&, std::any& prepared)> on_game;
  // Now and then (at most every quarter second), from the calling thread.
  std::function<void(const BalanceProgress&)> on_progress;
  // Polled; true stops the run, keeping the games handed over so far.
  std::function<bool()> interrupted;
  // When given, run on a thread of its own beside the jobs: it claims
  // games and plays them elsewhere, and returns once it has handed back
  // every game it claimed, or the run stopped.
  std::function<void(GamesElsewhere&)> elsewhere;
};

// Plays the run with settings.jobs threads. Games are handed over in
// order, so what is stored and summarized does not depend on the jobs: a
// game that finished after the run stopped at an earlier point is
// dropped. Throws std::runtime_error naming the game and its seed when the
// rules fail during a game (a bug in the game: 'grove fuzz' will shrink
// it).
BalanceOutcome run_balance(const BalanceSettings& settings, const BalanceCallbacks& callbacks);

}  // namespace grove::balance
