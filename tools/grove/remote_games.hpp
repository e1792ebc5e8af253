#pragma once
// Balance games played on the other ranks of an MPI run. Rank 0 runs the
// command (balance, compare, sweep, tune) and stores every game; each
// other rank is handed blocks of game numbers, plays them with its own
// --jobs threads and sends back each game's stored row. A game depends
// only on the run's seed and its number, so the stored games are the ones
// a single process would store, whatever the ranks and jobs.
//
// Blocks are sized from the rank's own speed to take about a quarter of a
// second, so a slow rank or a long game holds no one up, and a rank is
// sent the run's settings (game, variant as its differences from the
// defaults, seed, agents) with every block: it needs the grove binary and
// nothing else.

#include <span>

#include "reports/balance/run.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/cluster.hpp"

namespace grove::cli {

// A game's row as it is stored: made by the job that played it, since
// encoding a record as JSON takes longer than a random game of Pass the
// Pandas takes to play.
BalanceGameRow row_from_record(const balance::GameRecord& record, std::span<const Move> moves);

// Rank 0: plays the run's games on every other rank (the run's `elsewhere`
// helper). `prepared` holds each game's row, as the run's prepare makes it.
void play_on_other_ranks(const Cluster& cluster, const balance::BalanceSettings& settings,
                         balance::GamesElsewhere& run);

// Every other rank: plays what rank 0 hands it until rank 0 says quit;
// the exit code.
int serve_rank_zero(const Cluster& cluster);

}  // namespace grove::cli
