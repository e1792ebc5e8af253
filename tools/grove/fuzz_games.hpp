#pragma once
// The games of a grove fuzz run, wherever they are played: in the command's
// own process, in its --jobs processes, or on the other ranks of an MPI
// run (block_farm.hpp), which are sent the run as an order of kind "fuzz"
// and play blocks of its game numbers. A game's draw depends only on the
// run's seed and its number, so where it is played changes nothing.

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checker/fuzz.hpp"
#include "engine/core/game.hpp"
#include "tools/grove/block_farm.hpp"

namespace grove::cli {

// What is known about one game once played.
struct GameDone {
  std::uint64_t index = 0;
  std::int64_t steps = 0;
  bool ended = false;
  bool playable = true;
  std::vector<std::string> clauses;
  // A finding, shrunk.
  std::string kind;
  std::string detail;
  std::int64_t moves = 0;
  int shrinks = 0;
  std::string scenario;

  bool found() const { return !kind.empty(); }
};

// As the ranks and job processes send it.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GameDone, index, steps, ended, playable, clauses, kind, detail,
                                   moves, shrinks, scenario)

struct FuzzJob {
  const Game& game;
  const Variant& base;
  checker::FuzzSettings settings;
  std::int64_t games = 0;
};

// Plays the games whose numbers `next` hands out (until one is past the
// run's last), telling `report` about each; stops when `report` returns
// false, or on an interrupt or the settings' stop.
void play_fuzz_games(const FuzzJob& job, const std::function<std::int64_t()>& next,
                     const std::function<bool(const GameDone&)>& report);

// The run as an order for the other ranks (kind "fuzz").
nlohmann::json fuzz_order(const FuzzJob& job);
// The other ranks: a block of the ordered run, each game played as a
// GameDone; a block ends at its first finding.
nlohmann::json play_fuzz_block(const Cluster&, const nlohmann::json& order, BlockOfWork block,
                               const std::function<bool()>& stop);

}  // namespace grove::cli
