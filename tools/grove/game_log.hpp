#pragma once
// A game printed as it is played, the way grove play and grove show print
// it: the table whenever another player is to decide, every move with its
// number and the rules that fired, and the table at the end.

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "engine/core/rules.hpp"

namespace grove::cli {

// A long game is cut: at most `limit` lines (0: no limit) are printed, the
// first third as they come and the rest from the end, with a line between
// saying how many were left out and how to see them all.
class GameLog {
 public:
  explicit GameLog(const Rules& rules, std::size_t limit = 0);

  const State& state() const { return *state_; }
  std::int64_t moves() const { return moves_; }
  bool over() const;

  // Prints the table when another player is to decide than last time,
  // then applies `move` and prints it with the events it fired. A refused
  // move is not printed and leaves the game as it was. Throws
  // std::logic_error when the move breaks the game's invariants: a bug in
  // the game.
  Verdict play(const Move& move);
  // The end of the log, then the table as the game stands: after the last
  // move.
  void print_board();
  // The end of the log, when the game stops before its end.
  void flush();

 private:
  void show_board();
  void emit(std::string line);

  const Rules& rules_;
  std::size_t head_ = 0;  // lines printed as they come
  std::size_t tail_ = 0;  // lines kept for the end
  std::size_t printed_ = 0;
  std::size_t left_out_ = 0;
  std::deque<std::string> kept_;
  std::unique_ptr<State> state_;
  std::int64_t moves_ = 0;
  Seat shown_for_ = kNoSeat;  // the seat the table was last shown to
  bool legend_shown_ = false;
};

}  // namespace grove::cli
