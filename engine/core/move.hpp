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
#include <stdexcept>
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

// The makers below build a move as the two 64-bit words it occupies. A
// Move is returned in two registers and copied as 16 bytes: built field by
// field, GCC 12 stores it unaligned and piecemeal, the loads that read it
// back cannot be forwarded from those stores, and each one stalls (a Pass
// the Pandas roll: over a third of its sampling's time; pushing a legal
// move: two thirds of listing them). As words, stores and loads match.
namespace move_words {
inline std::uint64_t field(int value, int at) {
  return std::uint64_t{static_cast<std::uint16_t>(value)} << (16 * at);
}
inline std::uint64_t head(std::uint16_t kind, Seat seat) { return field(kind, 0) | field(seat, 1); }
inline Move move_of(const std::array<std::uint64_t, 2>& words) {
  static_assert(std::is_trivially_copyable_v<Move> && std::endian::native == std::endian::little &&
                sizeof(Move) == 16 && offsetof(Move, args) == 4);
  Move move;
  std::memcpy(static_cast<void*>(&move), words.data(), sizeof move);  // trivially copyable
  return move;
}
}  // namespace move_words

// A move of `kind` by `seat` with the given leading arguments (at most
// kMaxArgs; the rest 0).
inline Move make_move(std::uint16_t kind, Seat seat, std::initializer_list<int> args = {}) {
  if (args.size() > Move::kMaxArgs) throw std::logic_error("a move has at most six arguments");
  std::array<std::uint64_t, 2> words = {move_words::head(kind, seat), 0};
  int at = 2;  // kind and seat are the first two fields
  for (int arg : args) {
    words[static_cast<std::size_t>(at / 4)] |= move_words::field(arg, at % 4);
    ++at;
  }
  return move_words::move_of(words);
}

// A move of `kind` by `seat` whose first four arguments are the 16-bit
// fields of `args`, lowest first (the rest 0): a game that counts in packed
// fields hands them over as they are.
inline Move make_move_of_fields(std::uint16_t kind, Seat seat, std::uint64_t args) {
  return move_words::move_of({move_words::head(kind, seat) | args << 32, args >> 32});
}

}  // namespace grove
