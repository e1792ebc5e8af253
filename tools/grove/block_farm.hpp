#pragma once
// Work farmed out in blocks to the other ranks of an MPI run: games of a
// balance run, fuzz games. Rank 0 hands each rank a block of numbers with
// an order (what to play, as JSON: everything a rank needs, so it needs
// only the grove binary) and takes back the block's results; the other
// ranks play what they are handed until rank 0 says quit.
//
// A block is sized from the rank's own speed to take about a quarter of a
// second: long enough that the round trip is lost in it, short enough
// that a slow rank or a long game holds no one up and the last blocks end
// close together.

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/core/variant.hpp"
#include "tools/grove/cluster.hpp"

namespace grove::cli {

struct BlockOfWork {
  std::int64_t first = 0;
  std::int64_t end = 0;
};

// The game and variant of an order: the game's name, the variant as its
// differences from the game's defaults (so a rank needs no variant file),
// its name and its hash. Read back on another rank, a variant that hashes
// otherwise there means another grove, whose games would not be the run's:
// it is refused.
nlohmann::json game_order(const Variant& variant);
Variant variant_of_order(const nlohmann::json& order);

// Rank 0's side of one task.
struct Farm {
  nlohmann::json order;         // sent with every block; its "kind" picks the player
  std::int64_t smallest = 1;    // games in a block at least (a rank's first block)
  std::int64_t largest = 4096;  // and at most (a message stays a few MB)
  // The next up to `count` numbers nobody has taken, or nothing when none
  // are left or the task stopped.
  std::function<std::optional<BlockOfWork>(std::int64_t count)> claim;
  // A block's results, as its player returned them (not an error).
  std::function<void(const nlohmann::json& results)> take;
  // A block that failed on its rank.
  std::function<void(const std::string& error)> fail;
  // True once the task stopped early: the blocks out are asked back.
  std::function<bool()> stopped;
};

// Plays the task's blocks on every other rank until none are left and
// every rank answered, or the run is interrupted (then at once).
void farm_out(const Cluster& cluster, const Farm& farm);

// Plays one block on a rank other than 0: `stop()` turns true when rank 0
// asks the block back. Returns the results, to be sent back whole. (A
// player may talk to rank 0 itself in between, as the explorer's does.)
using BlockPlayer =
    std::function<nlohmann::json(const Cluster& cluster, const nlohmann::json& order,
                                 BlockOfWork block, const std::function<bool()>& stop)>;

// Every other rank: plays what rank 0 hands it, by the order's kind,
// until rank 0 says quit; the exit code.
int serve_rank_zero(const Cluster& cluster, const std::map<std::string, BlockPlayer>& players);

}  // namespace grove::cli
