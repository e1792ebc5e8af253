#pragma once
// Moves as a few bytes each, for storing every move of many games (balance
// runs keep each game's moves so that any game can be shown and replayed).
// Game-agnostic: the bytes say what the Move record holds, not what the
// game makes of it, so a stored game reads back whatever the game's rules
// became since; replaying it tells whether they still accept it.
//
// A move is written as varints (7 bits a byte, low bits first):
//   kind * 7 + n   where n is the number of arguments written: the args up
//                  to the last one that is not zero (games use the leading
//                  ones, so the rest are zero);
//   the seat       zigzag (kNoSeat, -1, is one byte);
//   n arguments    zigzag (coordinates can be negative).
// Each move has exactly one encoding (no overlong varint, no trailing zero
// argument), so damaged bytes are found rather than read as other moves.

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/move.hpp"

namespace grove {

// Bytes that are no encoding of moves: the message names the move and the
// byte where they stop making sense ("move 12 (byte 40): ...").
class MoveDecodeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Appends the encoding of `move` to `out`.
void encode_move(const Move& move, std::string& out);
std::string encode_moves(std::span<const Move> moves);

// The moves `bytes` encode, in order; throws MoveDecodeError when they are
// not a whole number of well-formed moves.
std::vector<Move> decode_moves(std::string_view bytes);

}  // namespace grove
