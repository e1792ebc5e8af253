#pragma once
// Balance games played on the other ranks of an MPI run (block_farm.hpp).
// Rank 0 runs the command (balance, compare, sweep, tune) and stores every
// game; each other rank plays blocks of game numbers with its own --jobs
// threads and sends back each game's stored row. A game depends only on
// the run's seed and its number, so the stored games are the ones a single
// process would store, whatever the ranks and jobs. A rank is sent the
// run's settings (game, variant as its differences from the defaults,
// seed, agents) and refuses them if the variant hashes otherwise there.

#include <span>

#include "reports/balance/run.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/block_farm.hpp"

namespace grove::cli {

// A game's row as it is stored: made by the job that played it, since
// encoding a record as JSON takes longer than a random game of Pass the
// Pandas takes to play.
BalanceGameRow row_from_record(const balance::GameRecord& record, std::span<const Move> moves);

// Rank 0: plays the run's games on every other rank too (the run's
// `elsewhere` helper); their rows come with their records.
void play_on_other_ranks(const Cluster& cluster, const balance::BalanceSettings& settings,
                         balance::GamesElsewhere& run);

// The other ranks: a block of a balance run (an order of kind "balance"),
// each game's row as JSON.
nlohmann::json play_balance_block(const Cluster&, const nlohmann::json& order, BlockOfWork block,
                                  const std::function<bool()>& stop);

}  // namespace grove::cli
