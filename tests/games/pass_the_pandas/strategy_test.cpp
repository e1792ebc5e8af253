// The game's heuristic (what a bamboo challenge is expected to hand over
// included), move uses and metrics.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/agents/greedy.hpp"
#include "engine/games/pass_the_pandas/challenge_odds.hpp"
#include "tests/games/pass_the_pandas/table.hpp"

namespace grove::testing {
namespace {

using pass_the_pandas::ChallengeOdds;

// Every way `dice` six-sided dice can fall, one bamboo face each: the
// number of rolls showing each count of bamboo (out of 6^dice).
std::vector<double> bamboo_counts(int dice) {
  std::vector<double> counts(static_cast<std::size_t>(dice) + 1, 0);
  int rolls = 1;
  for (int i = 0; i < dice; ++i) rolls *= 6;
  for (int roll = 0; roll < rolls; ++roll) {
    int bamboo = 0;
    for (int die = 0, rest = roll; die < dice; ++die, rest /= 6) bamboo += rest % 6 == 0 ? 1 : 0;
    counts[static_cast<std::size_t>(bamboo)] += 1.0 / rolls;
  }
  return counts;
}

TEST(PassThePandasChallengeOdds, AgreeWithEveryRollOfTheDice) {
  const ChallengeOdds odds(6, 1.0 / 6);
  for (int giver = 0; giver <= 3; ++giver) {
    for (int dice = 0; dice <= 3; ++dice) {
      const std::vector<double> shown = bamboo_counts(giver);
      const std::vector<double> rolled = bamboo_counts(dice);
      double against_roll = 0;
      for (int to_match = 0; to_match <= giver; ++to_match) {
        double against_shown = 0;
        for (int bamboo = 0; bamboo < to_match && bamboo <= dice; ++bamboo) {
          against_shown += rolled[static_cast<std::size_t>(bamboo)] * (to_match - bamboo);
        }
        EXPECT_NEAR(odds.against_shown(to_match, dice), against_shown, 1e-12)
            << to_match << " shown, " << dice << " dice";
        against_roll += shown[static_cast<std::size_t>(to_match)] * against_shown;
      }
      EXPECT_NEAR(odds.against_roll(giver, dice), against_roll, 1e-12)
          << giver << " dice to roll, " << dice << " dice";
    }
  }
  // One bamboo shown against one die: handed it unless the die shows
  // bamboo too.
  EXPECT_NEAR(odds.against_shown(1, 1), 5.0 / 6, 1e-12);
  EXPECT_EQ(odds.against_shown(0, 4), 0);
}

TEST(PassThePandasHeuristic, FewerDiceIsBetterAndBeingOutIsBest) {
  Table table(3, {"play_for_places=true"});
  table.start_at(R"(
    turn: P1
    step: roll
    players:
      P1: {dice: 2}
      P2: {dice: 4}
      P3: {dice: 0, place: 1}
  )");
  const Rules& rules = table.rules();
  EXPECT_GT(rules.heuristic(table.state(), 0), rules.heuristic(table.state(), 1));
  EXPECT_GT(rules.heuristic(table.state(), 2), rules.heuristic(table.state(), 0));
}

// Four players holding three dice each; P1 has rolled a panda and a bamboo.
Table panda_to_pass() {
  Table table(4);
  table.start_at(R"(
    turn: P1
    step: roll
    players:
      P1: {dice: 3}
      P2: {dice: 3}
      P3: {dice: 3}
      P4: {dice: 3}
  )");
  table.play("roll P1 panda=1 bamboo=1 blank=1");
  return table;
}

TEST(PassThePandasHeuristic, APandaBestGoesToThePlayerWhoSitsApart) {
  // Everyone holds as many dice, so the dice alone do not choose. A panda
  // to P2 helps P2 match P1's bamboo next turn; one to P4 makes P4 roll
  // more bamboo for P1 to match in the round after. P3 sits next to
  // neither side of P1. (The greedy agent compares the moves by this lead.)
  std::vector<double> leads;
  for (const std::string to : {"P2", "P3", "P4"}) {
    Table table = panda_to_pass();
    table.play("P1 pass panda to " + to);
    leads.push_back(lookahead_value(table.rules(), table.state(), 0));
  }
  EXPECT_GT(leads[1], leads[0]) << "P3 over P2";
  EXPECT_GT(leads[1], leads[2]) << "P3 over P4";
}

// How P1 rates a position in which P1 holds two dice and showed `bamboo`,
// and P2, about to roll against it, holds `p2_dice`.
double p1_rating(int bamboo, int p2_dice) {
  Table table(4);
  table.start_at(R"(
    turn: P2
    step: roll
    previous: P1
    players:
      P1: {dice: 2, bamboo_rolled: )" +
                 std::to_string(bamboo) + R"(}
      P2: {dice: )" +
                 std::to_string(p2_dice) + R"(}
      P3: {dice: 4}
      P4: {dice: 3}
  )");
  return table.rules().heuristic(table.state(), 0);
}

TEST(PassThePandasHeuristic, TheBambooToMatchIsCountedOnceItIsShown) {
  // P1 expects to hand P2 a die unless P2's dice show a bamboo, which is
  // likelier the more dice P2 holds.
  EXPECT_GT(p1_rating(1, 3), p1_rating(1, 5));
  // With no bamboo shown there is nothing to hand over, whatever P2 holds.
  EXPECT_DOUBLE_EQ(p1_rating(0, 3), p1_rating(0, 5));
}

TEST(PassThePandasStrategy, MovesAndMetricsSayWhereTheDiceWent) {
  Table table(3);
  EventLog log;
  auto play = [&](const std::string& move) {
    const EventLog events = table.play(move);
    log.insert(log.end(), events.begin(), events.end());
  };
  play("roll P1 water=2 panda=1 bamboo=1 blank=2");
  EXPECT_EQ(table.rules()
                .move_use(table.state(), table.rules().parse_move("P1 pass panda to P3").move)
                .action,
            "pass panda");
  play("P1 pass panda to P3");
  play("roll P2 blank=6");  // misses P1's bamboo: P1 hands over one die
  EXPECT_EQ(table.dice("P1"), 2);
  EXPECT_EQ(table.dice("P2"), 7);
  const std::vector<GameMetric> metrics = table.rules().game_metrics(table.state(), log);
  auto metric = [&](const std::string& name, Seat seat) {
    for (const GameMetric& found : metrics) {
      if (found.name == name && found.seat == seat) return found.value;
    }
    ADD_FAILURE() << "no metric " << name << " for seat " << seat;
    return -1.0;
  };
  EXPECT_EQ(metric("dice removed by water", 0), 2);
  EXPECT_EQ(metric("pandas passed", 0), 1);
  EXPECT_EQ(metric("dice given in challenges", 0), 1);
  EXPECT_EQ(metric("dice removed by water", 1), 0);
  EXPECT_EQ(metric("dice given in challenges", 1), 0);
}

}  // namespace
}  // namespace grove::testing
