#pragma once
// grove explore over the ranks of an MPI run. Rank 0 sends every other
// rank the exploration (game, variant as its differences, players, the
// start as its encoding, bounds and options); each rebuilds the rules and
// says it is ready, or why not, before any rank enters the search's
// collective steps, so that a rank that cannot take part is an error
// rather than a hang. Then all search together (checker/explorer.hpp with
// an Exchange over MPI) and rank 0 gets the whole graph.

#include <nlohmann/json.hpp>

#include "checker/explorer.hpp"
#include "tools/grove/block_farm.hpp"

namespace grove::cli {

// Rank 0: explore() over every rank. `options.exchange` is set here.
checker::Exploration explore_on_ranks(const Cluster& cluster, const Rules& rules,
                                      const std::vector<const Rules*>& alternative_rules,
                                      std::vector<checker::Alternative> alternatives,
                                      checker::ExploreOptions options);

// The other ranks: an order of kind "explore".
nlohmann::json play_explore_order(const Cluster& cluster, const nlohmann::json& order,
                                  BlockOfWork block, const std::function<bool()>& stop);

}  // namespace grove::cli
