#pragma once
// The games of a balance run worth looking at one by one: the longest, the
// shortest, the one won by the largest margin and those cut at the step
// bound, each with the command that shows it move by move. Chosen here
// once, so that every report lists the same games.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/balance/game_record.hpp"

namespace grove::balance {

struct NotableGame {
  std::string why;  // "longest", "shortest", "largest winning margin", "cut at the step bound"
  std::int64_t index = 0;  // the game's number in the run, from 0
  std::int64_t moves = 0;
  std::optional<std::int64_t> margin;  // its winning margin, when it has one
  std::string command;                 // "grove show 12 7"
};

struct NotableGames {
  std::vector<NotableGame> games;
  // Games cut at the step bound beyond those listed.
  std::int64_t unfinished_not_listed = 0;
};

// Games cut at the step bound listed at most: a run where many are cut
// says so in its count, and a few of them show why.
inline constexpr std::size_t kUnfinishedListed = 10;

// Among ended games the first (by number) of the longest, of the shortest
// and of those with the largest winning margin; then the games cut at the
// step bound in order, at most `unfinished_listed` of them. `run_id` 0 (a
// run not stored) writes RUN in the commands.
NotableGames notable_games(const std::vector<GameRecord>& records, std::int64_t run_id,
                           std::size_t unfinished_listed = kUnfinishedListed);

// "grove show 12 7".
std::string show_game_command(std::int64_t run_id, std::int64_t index);

}  // namespace grove::balance
