#include "engine/core/move_codec.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "engine/core/agent.hpp"
#include "engine/core/game.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/errors.hpp"

namespace grove {
namespace {

const auto error_of = testing::message_of<MoveDecodeError>;

// Every move and chance outcome of a few random games of `game` at each
// table size, in order.
std::vector<Move> random_moves(const Game& game, int games_per_table) {
  std::vector<Move> moves;
  RandomAgent agent;
  for (int players = game.min_players; players <= game.max_players; ++players) {
    const std::unique_ptr<Rules> rules = game.rules(Variant(game), players);
    for (int i = 0; i < games_per_table; ++i) {
      Rng rng(static_cast<std::uint64_t>(players * 100 + i));
      std::unique_ptr<State> state = rules->initial_state();
      for (std::int64_t step = 0;
           rules->node(*state).kind != NodeKind::Terminal && step < rules->step_bound(); ++step) {
        const Move move = next_move(*rules, *state, agent, rng);
        EXPECT_TRUE(rules->apply(*state, move, nullptr).is_legal());
        moves.push_back(move);
      }
    }
  }
  return moves;
}

TEST(MoveCodec, EveryMoveOfEveryGameReadsBackTheSame) {
  for (const auto& game : builtin_games().games()) {
    const std::vector<Move> moves = random_moves(*game, 3);
    ASSERT_FALSE(moves.empty()) << game->name;
    const std::string bytes = encode_moves(moves);
    EXPECT_EQ(decode_moves(bytes), moves) << game->name;
    // One move at a time too: a move's bytes do not depend on its
    // neighbours.
    for (const Move& move : moves) {
      std::string one;
      encode_move(move, one);
      ASSERT_EQ(decode_moves(one), std::vector<Move>{move}) << game->name;
    }
  }
}

// The point of the encoding: a few bytes a move where the record takes 16.
// The bound is on the average over random games of each game; the figures
// themselves are printed (README gives them for balance runs).
TEST(MoveCodec, AMoveTakesAFewBytesOnAverage) {
  constexpr double kMostBytesPerMove = 6;
  for (const auto& game : builtin_games().games()) {
    const std::vector<Move> moves = random_moves(*game, 2);
    const double per_move =
        static_cast<double>(encode_moves(moves).size()) / static_cast<double>(moves.size());
    std::cout << game->name << ": " << per_move << " bytes a move over " << moves.size()
              << " random moves\n";
    EXPECT_LE(per_move, kMostBytesPerMove) << game->name;
  }
}

TEST(MoveCodec, ExtremeValuesReadBack) {
  Move move;
  move.kind = 0xffff;
  move.seat = -32768;
  move.args = {32767, -32768, -1, 0, 1, -2};
  Move bare;
  bare.kind = 0;
  bare.seat = kNoSeat;
  const std::vector<Move> moves = {move, bare, make_move(3, 1, {0, 0, 5})};
  EXPECT_EQ(decode_moves(encode_moves(moves)), moves);
  // A seat of kNoSeat and no argument: two bytes.
  EXPECT_EQ(encode_moves(std::vector<Move>{bare}).size(), 2u);
  EXPECT_TRUE(decode_moves("").empty());
}

TEST(MoveCodec, MalformedBytesAreRefusedSayingWhere) {
  std::string two = encode_moves(std::vector<Move>{make_move(1, 0, {4}), make_move(2, 1, {9, 3})});
  // Cut inside the second move (which starts at byte 3).
  EXPECT_EQ(error_of([&] { decode_moves(two.substr(0, two.size() - 1)); }),
            "move 2 (byte 3 of 6): the bytes end inside its argument");
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\x81", 1)); }),
            "move 1 (byte 0 of 1): the bytes end inside its kind");
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\x07", 1)); }),
            "move 1 (byte 0 of 1): the bytes end inside its seat");
  // Overlong and oversized varints are not moves.
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\x80\x00\x00", 3)); }),
            "move 1 (byte 0 of 3): its kind is written with a needless zero byte");
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\xff\xff\xff\x01", 4)); }),
            "move 1 (byte 0 of 4): its kind runs over 3 bytes");
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\x00\xff\xff\x7f", 4)); }),
            "move 1 (byte 0 of 4): its seat is 2097151, above 65535");
  // Kind 0 with one argument, which is zero: never written that way.
  EXPECT_EQ(error_of([&] { decode_moves(std::string("\x01\x00\x00", 3)); }),
            "move 1 (byte 0 of 3): its last argument written (of 1) is zero");
}

}  // namespace
}  // namespace grove
