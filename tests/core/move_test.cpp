#include "engine/core/move.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace grove {
namespace {

// Four 16-bit fields, lowest first, as a game packs them.
std::uint64_t fields(int a, int b, int c, int d) {
  auto field = [](int value, int at) {
    return std::uint64_t{static_cast<std::uint16_t>(value)} << (16 * at);
  };
  return field(a, 0) | field(b, 1) | field(c, 2) | field(d, 3);
}

TEST(Move, MakeMoveSetsTheKindTheSeatAndTheLeadingArguments) {
  const Move move = make_move(7, 2, {-1, 3});
  EXPECT_EQ(move.kind, 7);
  EXPECT_EQ(move.seat, 2);
  EXPECT_EQ(move.args, (std::array<std::int16_t, Move::kMaxArgs>{-1, 3, 0, 0, 0, 0}));
  const Move full = make_move(65535, kNoSeat, {1, -2, 3, -4, 5, -32768});
  EXPECT_EQ(full.kind, 65535);
  EXPECT_EQ(full.seat, kNoSeat);
  EXPECT_EQ(full.args, (std::array<std::int16_t, Move::kMaxArgs>{1, -2, 3, -4, 5, -32768}));
  EXPECT_EQ(make_move(0, 0), (Move{.kind = 0, .seat = 0, .args = {}}));
  EXPECT_THROW(make_move(1, 0, {1, 2, 3, 4, 5, 6, 7}), std::logic_error);
}

TEST(Move, BuiltFromPackedFieldsEqualsTheSameMoveBuiltArgumentByArgument) {
  EXPECT_EQ(make_move_of_fields(1, 0, fields(2, 0, 3, 1)), make_move(1, 0, {2, 0, 3, 1}));
  EXPECT_EQ(make_move_of_fields(7, 4, fields(0, 0, 0, 0)), make_move(7, 4));
  // Negative seats and arguments keep their sign (kNoSeat for a chance
  // outcome that concerns nobody).
  EXPECT_EQ(make_move_of_fields(65535, kNoSeat, fields(-1, 32767, -32768, 5)),
            make_move(65535, kNoSeat, {-1, 32767, -32768, 5}));
  const Move move = make_move_of_fields(3, 2, fields(9, 8, 7, 6));
  EXPECT_TRUE(move.uses_only(4));
  EXPECT_FALSE(move.uses_only(3));
}

}  // namespace
}  // namespace grove
