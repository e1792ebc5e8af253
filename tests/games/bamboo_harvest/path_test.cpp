// The path finder against a brute-force search of every simple path, on
// small forests where that is affordable (bamboo_harvest.txt, "Goal").

#include "engine/games/bamboo_harvest/path.hpp"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <ostream>
#include <set>
#include <string>

namespace grove::bamboo_harvest {
namespace {

struct Board {
  Grid grid;
  Owners owners{};
};

// Every simple path from every cell of the start side; true when one of them
// ends on the far side within the limits.
class BruteForce {
 public:
  BruteForce(const Board& board, Seat seat, const PathLimits& limits)
      : board_(board), seat_(seat), limits_(limits) {}

  bool any() {
    const Grid& grid = board_.grid;
    for (int direction = 0; direction < 2; ++direction) {
      for (int cell = 0; cell < grid.cells(); ++cell) {
        const bool start = direction == 0 ? grid.row(cell) == 0 : grid.column(cell) == 0;
        if (start && built(cell) && walk(cell, direction)) return true;
      }
    }
    return false;
  }

 private:
  bool built(int cell) const { return board_.owners[static_cast<std::size_t>(cell)] != kNoSeat; }

  bool walk(int cell, int direction) {
    path_.push_back(cell);
    visited_ |= std::uint64_t{1} << cell;
    const Grid& grid = board_.grid;
    const bool at_end =
        direction == 0 ? grid.row(cell) == grid.rows - 1 : grid.column(cell) == grid.columns - 1;
    bool found = at_end && within_limits();
    grid.for_each_neighbour(cell, [&](int next) {
      if (!found && built(next) && ((visited_ >> next) & 1U) == 0) found = walk(next, direction);
    });
    path_.pop_back();
    visited_ &= ~(std::uint64_t{1} << cell);
    return found;
  }

  bool within_limits() const {
    std::array<int, 8> from{};
    int others = 0;
    int own = 0;
    for (int cell : path_) {
      const Seat owner = board_.owners[static_cast<std::size_t>(cell)];
      if (owner == seat_) {
        ++own;
      } else {
        ++from[static_cast<std::size_t>(owner)];
        ++others;
      }
    }
    for (int count : from) {
      if (count > limits_.max_from_one_other) return false;
    }
    return others >= limits_.min_others && others <= limits_.max_others &&
           (own > 0 || !limits_.own_token_required);
  }

  const Board& board_;
  Seat seat_;
  PathLimits limits_;
  std::vector<int> path_;
  std::uint64_t visited_ = 0;
};

// The path the finder returns must itself be a valid winning path.
std::string problem_with(const Board& board, const std::vector<int>& path, Seat seat,
                         const PathLimits& limits) {
  const Grid& grid = board.grid;
  if (path.empty()) return "empty path";
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const int cell = path[i];
    if (board.owners[static_cast<std::size_t>(cell)] == kNoSeat) return "a card without a token";
    if ((seen >> cell) & 1U) return "a card visited twice";
    seen |= std::uint64_t{1} << cell;
    if (i > 0 && !grid.adjacent(path[i - 1], cell)) return "two cards that are not adjacent";
  }
  const int first = path.front();
  const int last = path.back();
  const bool north_south = grid.row(first) == 0 && grid.row(last) == grid.rows - 1;
  const bool west_east = grid.column(first) == 0 && grid.column(last) == grid.columns - 1;
  if (!north_south && !west_east) return "does not join opposite sides";
  std::array<int, 8> from{};
  int others = 0;
  int own = 0;
  for (int cell : path) {
    const Seat owner = board.owners[static_cast<std::size_t>(cell)];
    if (owner == seat) {
      ++own;
    } else {
      ++others;
      if (++from[static_cast<std::size_t>(owner)] > limits.max_from_one_other) {
        return "too many tokens of one other player";
      }
    }
  }
  if (others < limits.min_others || others > limits.max_others) return "other tokens out of limits";
  if (own == 0 && limits.own_token_required) return "no own token";
  return {};
}

Board board_from(int rows, int columns, const std::vector<int>& cells) {
  Board board;
  board.grid = Grid{rows, columns};
  board.owners.fill(static_cast<std::int8_t>(kNoSeat));
  for (int cell = 0; cell < board.grid.cells(); ++cell) {
    // 0: not built; 1-3: a token of P1..P3; 4: P1 again (the player looking
    // for a path, so twice as likely as each other player).
    const int value = cells[static_cast<std::size_t>(cell)];
    board.owners[static_cast<std::size_t>(cell)] =
        static_cast<std::int8_t>(value == 0   ? kNoSeat
                                 : value >= 4 ? 0
                                              : value - 1);
  }
  return board;
}

// One case for the path finder: a forest of 2 to 4 rows and columns, a share
// of its cards built, and limits for the path.
struct Case {
  int rows = 0;
  int columns = 0;
  int fill = 0;            // percent of the cards built, 0 to 100
  std::vector<int> cells;  // as board_from reads them
  PathLimits limits;

  Board board() const { return board_from(rows, columns, cells); }
};

std::ostream& operator<<(std::ostream& out, const Case& c) {
  out << c.rows << "x" << c.columns << " forest, " << c.fill << "% built, limits: at least "
      << c.limits.min_others << " other, at most " << c.limits.max_from_one_other
      << " from one other, " << c.limits.max_others << " in all, own token "
      << (c.limits.own_token_required ? "required" : "not required") << "\n";
  for (int row = 0; row < c.rows; ++row) {
    for (int column = 0; column < c.columns; ++column) {
      const int value = c.cells[static_cast<std::size_t>(row * c.columns + column)];
      out << (value == 0 ? " ." : value >= 4 ? " 1" : " " + std::to_string(value));
    }
    out << "\n";
  }
  return out;
}

// Every board size, fill level and limit at every RapidCheck size: the
// picks are made at full size, because RapidCheck scales integer ranges
// with the size, which gave only 2x2 forests below size 50 and only empty
// ones below size 20.
rc::Gen<Case> cases() {
  return rc::gen::resize(
      100, rc::gen::exec([] {
        Case c;
        c.rows = *rc::gen::inRange(2, 5);
        c.columns = *rc::gen::inRange(2, 5);
        c.fill = *rc::gen::inRange(0, 101);
        const auto cards = static_cast<std::size_t>(c.rows * c.columns);
        const auto rolls = *rc::gen::container<std::vector<int>>(cards, rc::gen::inRange(0, 100));
        const auto owners = *rc::gen::container<std::vector<int>>(cards, rc::gen::inRange(1, 5));
        for (std::size_t i = 0; i < cards; ++i) {
          c.cells.push_back(rolls[i] < c.fill ? owners[i] : 0);
        }
        c.limits.min_others = *rc::gen::inRange(0, 3);
        c.limits.max_from_one_other = *rc::gen::inRange(0, 4);
        c.limits.max_others = *rc::gen::inRange(0, 5);
        c.limits.own_token_required = *rc::gen::arbitrary<bool>();
        return c;
      }));
}

// Empty when the finder agrees with the brute force (and returns a valid
// path when there is one); otherwise what went wrong.
std::string disagreement(const Case& c, bool& exists) {
  const Board board = c.board();
  const auto found = find_winning_path(board.grid, board.owners, 0, c.limits);
  exists = BruteForce(board, 0, c.limits).any();
  if (found.has_value() != exists) {
    return exists ? "the finder missed a valid path" : "the finder found a path where none is";
  }
  return found ? problem_with(board, *found, 0, c.limits) : "";
}

RC_GTEST_PROP(PathFinder, AgreesWithBruteForceOnSmallForests, ()) {
  const Case c = *cases();
  bool exists = false;
  const std::string problem = disagreement(c, exists);
  RC_CLASSIFY(exists, "a valid path exists");
  RC_TAG(std::to_string(c.rows) + "x" + std::to_string(c.columns));
  RC_ASSERT(problem == "");
}

// The generator, sampled at small and large RapidCheck sizes alike: every
// board size turns up at each, and both answers are common, so the
// comparison above is never between two "no path" answers on empty or
// tiny forests. The sampled cases are compared with the brute force too.
TEST(PathFinder, EveryBoardSizeAndBothAnswersAtEveryRapidCheckSize) {
  const rc::Gen<Case> gen = cases();
  for (const int size : {0, 1, 10, 25, 50, 75, 100}) {
    rc::Random random(static_cast<std::uint64_t>(2026 + size));
    std::set<std::pair<int, int>> shapes;
    int with_path = 0;
    int some_built = 0;
    constexpr int kCases = 400;
    for (int i = 0; i < kCases; ++i) {
      const Case c = gen(random.split(), size).value();
      shapes.insert({c.rows, c.columns});
      some_built +=
          std::any_of(c.cells.begin(), c.cells.end(), [](int v) { return v != 0; }) ? 1 : 0;
      bool exists = false;
      EXPECT_EQ(disagreement(c, exists), "") << "at size " << size << ":\n" << c;
      with_path += exists ? 1 : 0;
    }
    EXPECT_EQ(shapes.size(), 9U) << "at size " << size;
    EXPECT_GT(some_built, kCases * 3 / 4) << "at size " << size;
    EXPECT_GT(with_path, kCases / 5) << "at size " << size;
    EXPECT_LT(with_path, kCases * 4 / 5) << "at size " << size;
  }
}

TEST(PathFinder, NeedsAnotherPlayersTokenWhenTheRulesSayAtLeastOne) {
  // A straight column of P1's own tokens crosses the forest but has no token
  // of another player (Goal, rule 1); adding one of P2's next to the column
  // does not help, because it cannot be on a path without a detour back.
  Board board = board_from(3, 3,
                           {4, 0, 0,  //
                            4, 2, 0,  //
                            4, 0, 0});
  EXPECT_FALSE(find_winning_path(board.grid, board.owners, 0, PathLimits{}));
  // With P2's token in the column itself, the path is valid.
  board = board_from(3, 3,
                     {4, 0, 0,  //
                      2, 0, 0,  //
                      4, 0, 0});
  auto path = find_winning_path(board.grid, board.owners, 0, PathLimits{});
  ASSERT_TRUE(path);
  EXPECT_EQ(path->size(), 3U);
}

TEST(PathFinder, MayTurnAndRunAlongAnEdge) {
  // North to south down column a, east along row 3, with P3's token on the way.
  const Board board = board_from(3, 4,
                                 {4, 0, 0, 0,  //
                                  4, 0, 0, 0,  //
                                  4, 3, 4, 4});
  auto path = find_winning_path(board.grid, board.owners, 0, PathLimits{});
  ASSERT_TRUE(path);
  EXPECT_EQ(problem_with(board, *path, 0, PathLimits{}), "");
}

}  // namespace
}  // namespace grove::bamboo_harvest
