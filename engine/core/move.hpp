#pragma once
// A move is a small value: what a player decided, or which chance outcome
// happened. Every game encodes its moves in the same fixed-size record so that
// move lists need no allocation per move and the checker can store, compare
// and hash moves without knowing the game. The game gives `kind` and `args`
// their meaning and provides the readable notation (Rules::move_text).

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>

#include "engine/core/seat.hpp"

namespace grove {

struct Move {
  static constexpr int kMaxArgs = 6;

  std::uint16_t kind = 0;
  // The seat that makes the move (for a chance outcome: the seat it concerns,
  // or kNoSeat). A move by the wrong seat is rejected as out of turn.
  std::int16_t seat = kNoSeat;
  std::array<std::int16_t, kMaxArgs> args{};

  // True when every argument from `used` on is zero. Games reject moves
  // with stray values in arguments their kind does not use, so that each
  // move has exactly one encoding (the one its text parses back to).
  // Every argument is looked at, so that the loop has no branch on `used`
  // (which follows the move kind, random in a simulated game).
  bool uses_only(int used) const {
    int stray = 0;
    for (int i = 0; i < kMaxArgs; ++i) stray |= i >= used ? args[static_cast<std::size_t>(i)] : 0;
    return stray == 0;
  }

  friend auto operator<=>(const Move&, const Move&) = default;
};

// A move of `kind` by `seat` with the given leading arguments (the rest 0).
inline Move make_move(std::uint16_t kind, Seat seat, std::initializer_list<int> args = {}) {
  Move move;
  move.kind = kind;
  move.seat = static_cast<std::int16_t>(seat);
  std::size_t i = 0;
  for (int arg : args) move.args[i++] = static_cast<std::int16_t>(arg);
  return move;
}

// A move of `kind` by `seat` whose first four arguments are the 16-bit
// fields of `args`, lowest first (the rest 0). It is built as two 64-bit
// words because a Move is returned in two registers: built field by field,
// GCC 12 stores it unaligned and piecemeal, the two loads that fill the
// registers cannot be forwarded from those stores, and every call stalls on
// its return (a Pass the Pandas roll: over a third of the sampling's time).
inline Move make_move_of_fields(std::uint16_t kind, Seat seat, std::uint64_t args) {
  static_assert(std::is_trivially_copyable_v<Move> && std::endian::native == std::endian::little &&
                sizeof(Move) == 16 && offsetof(Move, args) == 4);
  const std::array<std::uint64_t, 2> words = {
      kind | std::uint64_t{static_cast<std::uint16_t>(seat)} << 16 | args << 32, args >> 32};
  Move move;
  std::memcpy(static_cast<void*>(&move), words.data(), sizeof move);  // trivially copyable
  return move;
}

}  // namespace grove
