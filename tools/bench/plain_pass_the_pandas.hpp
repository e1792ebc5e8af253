#pragma once
// Pass the Pandas (basic rules) written as a plain loop, without the engine:
// the baseline the engine's generic path is measured against. It draws from
// the RNG in exactly the order the engine path does (one draw per die, one
// per panda recipient), so for the same seed both play the same game; a test
// checks that, so the benchmark compares equal work.

#include <array>
#include <cstdint>

#include "engine/core/rng.hpp"
#include "engine/core/seat.hpp"

namespace grove::bench {

struct PlainResult {
  int winner = -1;
  int turns = 0;
};

// Written to be as fast as a hand-written loop gets while drawing the same
// numbers: the generator is a local (kept in a register), the faces are
// counted without a branch on a random value, and only the two seats that can
// have lost dice this turn are checked for a win.
inline PlainResult play_plain_pass_the_pandas(int players, int dice_per_player, Rng& rng) {
  Rng local = rng;
  std::array<int, 5> dice{};
  std::array<int, 5> bamboo_rolled{};
  for (int seat = 0; seat < players; ++seat) {
    dice[static_cast<std::size_t>(seat)] = dice_per_player;
    bamboo_rolled[static_cast<std::size_t>(seat)] = -1;
  }
  PlainResult result;
  for (Seat turn = 0;; turn = next_seat(turn, players)) {
    ++result.turns;
    const auto me = static_cast<std::size_t>(turn);
    // Faces in the engine's order: water, panda, bamboo, then blanks. Each
    // face adds one to its own 8-bit field (far fewer than 256 dice in play).
    std::uint64_t faces = 0;
    for (int die = 0; die < dice[me]; ++die)
      faces += std::uint64_t{1} << (8 * local.below(std::uint64_t{6}));
    const auto water = static_cast<int>(faces & 0xff);
    const auto pandas = static_cast<int>((faces >> 8) & 0xff);
    const auto bamboo = static_cast<int>((faces >> 16) & 0xff);
    dice[me] -= water + pandas;
    for (int panda = 0; panda < pandas; ++panda) {
      const auto pick = static_cast<int>(local.below(static_cast<std::uint64_t>(players - 1)));
      ++dice[static_cast<std::size_t>(pick >= turn ? pick + 1 : pick)];
    }
    const auto previous = static_cast<std::size_t>(previous_seat(turn, players));
    if (bamboo_rolled[previous] > bamboo) {
      const int given = bamboo_rolled[previous] - bamboo;
      dice[previous] -= given;
      dice[me] += given;
    }
    bamboo_rolled[me] = bamboo;
    // Only the roller and the one who gave bamboo lost dice, and they cannot
    // both be out: bamboo given leaves the roller with some.
    if (dice[me] == 0 || dice[previous] == 0) {
      result.winner = dice[me] == 0 ? turn : static_cast<int>(previous);
      rng = local;
      return result;
    }
  }
}

}  // namespace grove::bench
