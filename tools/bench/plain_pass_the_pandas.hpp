#pragma once
// Pass the Pandas (basic rules) written as a plain loop, without the engine:
// the baseline the engine's generic path is measured against. It draws from
// the RNG in exactly the order the engine path does (one draw per die, one
// per panda recipient), so for the same seed both play the same game; a test
// checks that, so the benchmark compares equal work.

#include <array>
#include <cstdint>

#include "engine/core/rng.hpp"

namespace grove::bench {

struct PlainResult {
  int winner = -1;
  int turns = 0;
};

// Faces in the engine's order: water, panda, bamboo, then blanks.
inline PlainResult play_plain_pass_the_pandas(int players, int dice_per_player, Rng& rng) {
  std::array<int, 5> dice{};
  std::array<int, 5> bamboo_rolled{};
  for (int seat = 0; seat < players; ++seat) {
    dice[static_cast<std::size_t>(seat)] = dice_per_player;
    bamboo_rolled[static_cast<std::size_t>(seat)] = -1;
  }
  PlainResult result;
  for (int turn = 0;; turn = (turn + 1) % players) {
    ++result.turns;
    const auto me = static_cast<std::size_t>(turn);
    int water = 0, pandas = 0, bamboo = 0;
    for (int die = 0; die < dice[me]; ++die) {
      const auto face = rng.below(std::uint64_t{6});
      water += face == 0 ? 1 : 0;
      pandas += face == 1 ? 1 : 0;
      bamboo += face == 2 ? 1 : 0;
    }
    dice[me] -= water;
    for (int panda = 0; panda < pandas; ++panda) {
      auto pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(players - 1)));
      const int to = pick >= turn ? pick + 1 : pick;
      --dice[me];
      ++dice[static_cast<std::size_t>(to)];
    }
    const auto previous = static_cast<std::size_t>((turn + players - 1) % players);
    if (bamboo_rolled[previous] > bamboo) {
      const int given = bamboo_rolled[previous] - bamboo;
      dice[previous] -= given;
      dice[me] += given;
    }
    bamboo_rolled[me] = bamboo;
    for (int seat = 0; seat < players; ++seat) {
      if (dice[static_cast<std::size_t>(seat)] == 0) {
        result.winner = seat;
        return result;
      }
    }
  }
}

}  // namespace grove::bench
