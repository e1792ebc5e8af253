// Takenoko's score sheet (grove score): a hand-written table lists every
// completed objective with its points, the Emperor card and the totals,
// and ranks the players as the end of the game does (equal totals decided
// by panda objectives); and along random games every player's total on
// the sheet, and the sum of its lines, is the score the game's outcome
// uses, with the outcome's places.

#include <gtest/gtest.h>

#include <cstdint>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

std::unique_ptr<Rules> rules_for(int players) {
  const Game& game = builtin_games().get("takenoko");
  return game.rules(Variant(game), players);
}

// P1 set off the last round (nine objectives, two of them the same panda
// card) and holds the Emperor card: 39 + 2 = 41 points, 12 of them from
// panda objectives. P2 has 41 too, 14 from panda objectives, so P2 is
// first. P3 completed nothing.
const char* kTable =
    "step: actions\n"
    "turn: P2\n"
    "round: 12\n"
    "emperor: P1\n"
    "players:\n"
    "  P1:\n"
    "    hand: [plot-pink-curve]\n"
    "    completed: [plot-green-line, plot-yellow-curve, plot-pink-triangle,\n"
    "                plot-green-yellow-diamond, gardener-pink-4-none, gardener-green-3x4,\n"
    "                panda-2-green, panda-2-green, panda-3-colours]\n"
    "  P2:\n"
    "    completed: [plot-pink-line, plot-pink-diamond, plot-pink-yellow-diamond,\n"
    "                gardener-pink-4-watershed, gardener-yellow-3x3, panda-2-yellow,\n"
    "                panda-2-pink, panda-2-pink]\n"
    "  P3:\n"
    "    hand: [panda-2-green, plot-yellow-line]\n";

TEST(TakenokoScoreSheet, ListsEachCompletedObjectiveTheEmperorAndTheTotals) {
  const auto rules = rules_for(3);
  const auto state = rules->state_from_yaml(load_yaml_text(kTable, "start"));
  const std::optional<std::string> sheet = rules->score_sheet(*state);
  ASSERT_TRUE(sheet.has_value());
  EXPECT_EQ(*sheet,
            "P1: 41 points (9 objectives completed; 12 points from panda objectives)\n"
            "  plot      plot-green-line                2  three green plots in a straight line\n"
            "  plot      plot-yellow-curve              3  three yellow plots in a bent line (120 "
            "degrees at the middle)\n"
            "  plot      plot-pink-triangle             4  three mutually adjacent pink plots\n"
            "  plot      plot-green-yellow-diamond      3  a diamond whose top tip and right-hand "
            "middle plot are green and whose left-hand middle plot and bottom tip are yellow, as "
            "on the card\n"
            "  gardener  gardener-pink-4-none           7  a pink bamboo of 4 sections on a plot "
            "with no improvement\n"
            "  gardener  gardener-green-3x4             8  4 green bamboos of 3 sections each, "
            "improvements do not matter\n"
            "  panda     panda-2-green                  3  2 green bamboo section(s) on the "
            "player's board\n"
            "  panda     panda-2-green                  3  2 green bamboo section(s) on the "
            "player's board\n"
            "  panda     panda-3-colours                6  1 green, 1 yellow, 1 pink bamboo "
            "section(s) on the player's board\n"
            "  emperor   the Emperor card               2  taken by the player who set off the "
            "last round\n"
            "  in hand   1 card                         0  objectives not completed score nothing\n"
            "P2: 41 points (8 objectives completed; 14 points from panda objectives)\n"
            "  plot      plot-pink-line                 4  three pink plots in a straight line\n"
            "  plot      plot-pink-diamond              5  four pink plots forming a diamond\n"
            "  plot      plot-pink-yellow-diamond       5  a diamond whose top tip and right-hand "
            "middle plot are pink and whose left-hand middle plot and bottom tip are yellow, as "
            "on the card\n"
            "  gardener  gardener-pink-4-watershed      6  a pink bamboo of 4 sections on a plot "
            "with a watershed\n"
            "  gardener  gardener-yellow-3x3            7  3 yellow bamboos of 3 sections each, "
            "improvements do not matter\n"
            "  panda     panda-2-yellow                 4  2 yellow bamboo section(s) on the "
            "player's board\n"
            "  panda     panda-2-pink                   5  2 pink bamboo section(s) on the "
            "player's board\n"
            "  panda     panda-2-pink                   5  2 pink bamboo section(s) on the "
            "player's board\n"
            "P3: 0 points (0 objectives completed; 0 points from panda objectives)\n"
            "  in hand   2 cards                        0  objectives not completed score nothing\n"
            "places if the game ended now:\n"
            "  1st  P2  41 points, 14 from panda objectives\n"
            "  2nd  P1  41 points, 12 from panda objectives\n"
            "  3rd  P3  0 points, 0 from panda objectives\n"
            "  P1 and P2 have 41 points each: the points of panda objectives decide (P2 14; P1 "
            "12)\n");
  // The game's own scores and places.
  const Outcome outcome = rules->outcome(*state);
  EXPECT_EQ(outcome.score, (std::vector<std::int64_t>{41, 41, 0}));
  EXPECT_EQ(outcome.place, (std::vector<int>{2, 1, 3}));
}

TEST(TakenokoScoreSheet, PlayersStillEqualAfterTheTieBreakShareThePlace) {
  const auto rules = rules_for(2);
  const auto state = rules->state_from_yaml(
      load_yaml_text("players:\n"
                     "  P1: {completed: [plot-green-line, panda-2-green]}\n"
                     "  P2: {completed: [plot-green-curve, panda-2-green]}\n",
                     "start"));
  const std::string sheet = rules->score_sheet(*state).value();
  EXPECT_NE(sheet.find("places if the game ended now:\n"
                       "  1st  P1  5 points, 3 from panda objectives\n"
                       "  1st  P2  5 points, 3 from panda objectives\n"
                       "  P1 and P2 have 5 points each: the points of panda objectives decide (P1 "
                       "and P2 3 each, sharing the place)\n"),
            std::string::npos)
      << sheet;
}

// What a sheet says of each player: the total its heading gives, the sum
// of its lines' points, and the place.
struct Read {
  std::vector<std::int64_t> heading;
  std::vector<std::int64_t> summed;
  std::vector<int> place;
};

Read read_sheet(const std::string& sheet, int players) {
  const auto n = static_cast<std::size_t>(players);
  Read read{std::vector<std::int64_t>(n, -1), std::vector<std::int64_t>(n, 0),
            std::vector<int>(n, -1)};
  static const std::regex heading(R"(P(\d): (-?\d+) points \(.*\))");
  static const std::regex line(R"(  (?:plot|gardener|panda|emperor|in hand) +.+? +(-?\d+)  .+)");
  static const std::regex place(R"(  (\d+)(?:st|nd|rd|th) +P(\d)  (-?\d+) points, .*)");
  std::istringstream lines(sheet);
  std::size_t seat = n;
  bool places = false;
  for (std::string text; std::getline(lines, text);) {
    std::smatch m;
    if (text.starts_with("places ")) {
      places = true;
    } else if (!places && std::regex_match(text, m, heading)) {
      seat = std::stoul(m[1]) - 1;
      read.heading.at(seat) = std::stoi(m[2]);
    } else if (!places && seat < n && std::regex_match(text, m, line)) {
      read.summed[seat] += std::stoi(m[1]);
    } else if (places && std::regex_match(text, m, place)) {
      read.place.at(std::stoul(m[2]) - 1) = std::stoi(m[1]);
    }
  }
  return read;
}

TEST(TakenokoScoreSheet, TotalsAndPlacesAreTheOutcomesAlongRandomGames) {
  int positions = 0;
  int ended = 0;
  int with_emperor = 0;
  for (int players = 2; players <= 4; ++players) {
    const auto rules = rules_for(players);
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      Rng rng = Rng(31).derive(seed * 8 + static_cast<std::uint64_t>(players));
      RandomAgent agent;
      auto state = rules->initial_state();
      for (std::int64_t step = 0;; ++step) {
        const bool over = rules->node(*state).kind == NodeKind::Terminal;
        if (over || step % 80 == 0) {
          const Position& position = position_of<Position>(*state);
          const Outcome outcome = rules->outcome(*state);
          const std::string sheet = rules->score_sheet(*state).value();
          const Read read = read_sheet(sheet, players);
          ASSERT_EQ(read.heading, outcome.score) << sheet;
          ASSERT_EQ(read.summed, outcome.score) << sheet;
          ASSERT_EQ(read.place, outcome.place) << sheet;
          ++positions;
          ended += over ? 1 : 0;
          with_emperor += position.emperor != kNoSeat ? 1 : 0;
        }
        if (over || step >= rules->step_bound()) break;
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
    }
  }
  EXPECT_GE(positions, 300);
  // Some games end (12 of these 24), so final positions are among them.
  EXPECT_GE(ended, 5);
  EXPECT_GT(with_emperor, 0);
}

}  // namespace
}  // namespace grove::takenoko
