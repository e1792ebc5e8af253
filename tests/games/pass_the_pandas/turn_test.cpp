// The turn of Pass the Pandas as the rule text describes it.

#include <gtest/gtest.h>

#include "tests/games/pass_the_pandas/table.hpp"

namespace grove::testing {
namespace {

TEST(PassThePandasSetup, StartingDiceFollowThePublishedTable) {
  EXPECT_EQ(Table(2).dice("P1"), 6);
  EXPECT_EQ(Table(3).dice("P3"), 6);
  EXPECT_EQ(Table(4).dice("P4"), 5);
  EXPECT_EQ(Table(5).dice("P5"), 4);
  EXPECT_EQ(Table(4, {"dice_per_player=3"}).dice("P2"), 3);
}

TEST(PassThePandasTurn, WaterLeavesTheGameAndPandasGoToOthers) {
  Table table(3);
  auto events = table.play("roll P1 water=2 panda=1 bamboo=1 blank=2");
  EXPECT_TRUE(fired(events, "ptp.water.removed"));
  EXPECT_EQ(table.dice("P1"), 4);
  EXPECT_EQ(table.yaml()["removed"].as<int>(), 2);
  EXPECT_EQ(table.step(), "pass_pandas");
  EXPECT_EQ(table.legal(),
            (std::vector<std::string>{"P1 pass panda to P2", "P1 pass panda to P3"}));
  table.play("P1 pass panda to P3");
  EXPECT_EQ(table.dice("P1"), 3);
  EXPECT_EQ(table.dice("P3"), 7);
  EXPECT_EQ(table.yaml()["turn"].as<std::string>(), "P2");
}

TEST(PassThePandasTurn, IllegalMovesAreRejectedWithAReason) {
  Table table(3);
  EXPECT_EQ(table.rejection("roll P2 blank=6"), "it is P1's turn to roll, not P2's");
  EXPECT_EQ(table.rejection("roll P1 blank=5"), "P1 rolls 6 dice, but this roll shows 5 dice");
  EXPECT_EQ(table.rejection("P1 pass panda to P2"), "P1 has no panda to pass");
  table.play("roll P1 panda=2 blank=4");
  EXPECT_EQ(table.rejection("P1 pass panda to P1"), "P1 cannot pass a panda to themselves");
  EXPECT_EQ(table.rejection("P2 pass panda to P3"), "it is P1's turn, not P2's");
  EXPECT_EQ(table.rejection("P1 pass panda to P4"),
            "cannot read move 'P1 pass panda to P4': 'P4' is not a seat at this table (P1 to P3)");
  EXPECT_EQ(table.rejection("roll P1 blank=6"), "P1 has already rolled this turn");
  EXPECT_EQ(table.rejection("P1 exchange dice with P2"),
            "P1 may only exchange dice right after rolling all blanks with at least 4 dice "
            "(Bamboozled)");
}

TEST(PassThePandasChallenge, PreviousPlayerGivesTheDifference) {
  Table table(2);
  table.play("roll P1 bamboo=3 blank=3");
  auto events = table.play("roll P2 bamboo=1 blank=5");
  EXPECT_TRUE(fired(events, "ptp.challenge.transfer"));
  EXPECT_EQ(table.dice("P1"), 4);
  EXPECT_EQ(table.dice("P2"), 8);
}

TEST(PassThePandasChallenge, MatchingTheRollMeetsTheChallenge) {
  Table table(2);
  table.play("roll P1 bamboo=2 blank=4");
  auto events = table.play("roll P2 bamboo=2 blank=4");
  EXPECT_TRUE(fired(events, "ptp.challenge.met"));
  EXPECT_EQ(table.dice("P1"), 6);
}

TEST(PassThePandasChallenge, TheFirstTurnHasNothingToMatch) {
  Table table(2);
  auto events = table.play("roll P1 blank=6");
  EXPECT_TRUE(fired(events, "ptp.challenge.none"));
}

// Example 1 of the rule text: Susan rolled 1 bamboo and was handed 1 more by
// John; Bill then rolls none. Susan gives 1 (what she rolled), not 2.
TEST(PassThePandasChallenge, OnlyRolledBambooCountsByDefault) {
  for (const auto& [basis, given] : {std::pair<std::string, int>{"rolled", 1}, {"set_aside", 2}}) {
    Table table(4, {}, {"ptp.challenge_basis=" + basis});
    table.play("roll P1 water=1 panda=1 bamboo=2 blank=1");
    table.play("P1 pass panda to P3");
    table.play("roll P2 panda=2 bamboo=1 blank=2");
    table.play("P2 pass panda to P1");
    table.play("P2 pass panda to P4");
    EXPECT_EQ(table.dice("P2"), 4);
    table.play("roll P3 water=3 blank=3");
    EXPECT_EQ(table.dice("P3"), 3 + given) << basis;
    EXPECT_EQ(table.dice("P2"), 4 - given) << basis;
  }
}

TEST(PassThePandasEnd, NoDiceAtTheEndOfAnotherPlayersTurnWins) {
  Table table(2);
  table.start_at("players: {P1: 1, P2: 1}");
  table.play("roll P1 bamboo=1");
  EXPECT_FALSE(table.over());
  table.play("roll P2 water=1");
  ASSERT_TRUE(table.over());
  EXPECT_EQ(table.rules().outcome(table.state()).winners(), std::vector<Seat>{0});
}

TEST(PassThePandasEnd, NoDiceMidTurnIsNotAWin) {
  Table table(2);
  table.start_at("players: {P1: 1, P2: 1}");
  table.play("roll P1 bamboo=1");
  table.play("roll P2 panda=1");
  EXPECT_EQ(table.dice("P2"), 1);
  table.play("P2 pass panda to P1");
  // P2 held no dice for a moment, then took P1's bamboo in the challenge.
  EXPECT_FALSE(table.over());
  EXPECT_EQ(table.dice("P1"), 1);
  EXPECT_EQ(table.dice("P2"), 1);
}

TEST(PassThePandasBamboozled, AllBlanksWithFourDiceOfferTheExchange) {
  Table table(3, {"bamboozled=true"});
  table.start_at("players: {P1: 4, P2: 2, P3: 6}");
  table.play("roll P1 blank=4");
  EXPECT_EQ(table.step(), "bamboozle");
  EXPECT_EQ(table.legal(), (std::vector<std::string>{"P1 keep dice", "P1 exchange dice with P2",
                                                     "P1 exchange dice with P3"}));
  auto events = table.play("P1 exchange dice with P2");
  EXPECT_TRUE(fired(events, "ptp.bamboozled.exchange"));
  EXPECT_EQ(table.dice("P1"), 2);
  EXPECT_EQ(table.dice("P2"), 4);
}

TEST(PassThePandasBamboozled, ThreeBlankDiceAreNotEnough) {
  Table table(3, {"bamboozled=true"});
  table.start_at("players: {P1: 3, P2: 2, P3: 6}");
  table.play("roll P1 blank=3");
  EXPECT_EQ(table.step(), "roll");
  EXPECT_EQ(table.yaml()["turn"].as<std::string>(), "P2");
}

TEST(PassThePandasBamboozled, TimingDecidesWhoEndsUpWithTheChallengeDice) {
  // P3 rolled 2 bamboo last; P1 rolls 4 blanks and exchanges with P2 (1 die).
  const std::string start =
      "turn: P1\nprevious: P3\nplayers:\n  P1: 4\n  P2: 1\n  P3: {dice: 5, bamboo_rolled: 2}\n";
  Table after(3, {"bamboozled=true"});
  after.start_at(start);
  after.play("roll P1 blank=4");
  EXPECT_EQ(after.dice("P1"), 6);  // the challenge came first
  after.play("P1 exchange dice with P2");
  EXPECT_EQ(after.dice("P1"), 1);
  EXPECT_EQ(after.dice("P2"), 6);

  Table before(3, {"bamboozled=true"}, {"ptp.bamboozled_timing=before_challenge"});
  before.start_at(start);
  before.play("roll P1 blank=4");
  EXPECT_EQ(before.dice("P1"), 4);
  before.play("P1 exchange dice with P2");
  EXPECT_EQ(before.dice("P1"), 3);  // 1 from P2, then 2 from P3
  EXPECT_EQ(before.dice("P2"), 4);
}

TEST(PassThePandasPlaces, PlayContinuesUntilOnePlayerIsLeft) {
  Table table(3, {"play_for_places=true"});
  table.start_at("players: {P1: 1, P2: 1, P3: 3}");
  table.play("roll P1 water=1");
  EXPECT_FALSE(table.over());
  EXPECT_EQ(table.yaml()["players"]["P1"]["place"].as<int>(), 1);
  EXPECT_EQ(table.yaml()["turn"].as<std::string>(), "P2");
  table.play("roll P2 water=1");
  ASSERT_TRUE(table.over());
  const Outcome outcome = table.rules().outcome(table.state());
  EXPECT_EQ(outcome.place, (std::vector<int>{1, 2, 3}));
}

TEST(PassThePandasPlaces, OutPlayersCannotReceivePandas) {
  Table table(3, {"play_for_places=true"});
  table.start_at("turn: P2\nplayers: {P1: {dice: 0, place: 1}, P2: 2, P3: 3}");
  table.play("roll P2 panda=1 blank=1");
  EXPECT_EQ(table.legal(), std::vector<std::string>{"P2 pass panda to P3"});
  EXPECT_EQ(table.rejection("P2 pass panda to P1"), "P1 is out of the game");
}

TEST(PassThePandasPandamonium, GoingOutScoresTheDiceStillInPlay) {
  Table table(3, {"pandamonium=true", "pandamonium_target=100"});
  table.start_at("players: {P1: 1, P2: 4, P3: 3}");
  auto events = table.play("roll P1 water=1");
  EXPECT_TRUE(fired(events, "ptp.pandamonium.points"));
  EXPECT_EQ(table.field("P1", "points"), 7);
}

TEST(PassThePandasPandamonium, ANewRoundDealsFreshDice) {
  Table table(2, {"pandamonium=true", "pandamonium_target=100"});
  table.start_at("players: {P1: 1, P2: 4}");
  auto events = table.play("roll P1 water=1");
  EXPECT_TRUE(fired(events, "ptp.pandamonium.round"));
  EXPECT_EQ(table.yaml()["round"].as<int>(), 2);
  EXPECT_EQ(table.dice("P1"), 6);
  EXPECT_EQ(table.dice("P2"), 6);
  EXPECT_EQ(table.field("P1", "points"), 4);
  EXPECT_EQ(table.yaml()["turn"].as<std::string>(), "P2");  // rotate: the next seat starts
}

TEST(PassThePandasPandamonium, TheMatchEndsWhenARoundFinishesAtTheTarget) {
  Table table(2, {"pandamonium=true", "pandamonium_target=4"});
  table.start_at("players: {P1: 1, P2: 4}");
  table.play("roll P1 water=1");
  ASSERT_TRUE(table.over());
  const Outcome outcome = table.rules().outcome(table.state());
  EXPECT_EQ(outcome.score, (std::vector<std::int64_t>{4, 0}));
  EXPECT_EQ(outcome.winners(), std::vector<Seat>{0});
}

TEST(PassThePandasVariant, TooManyDiceForExactProbabilitiesIsAClearError) {
  try {
    Table table(5, {"dice_per_player=10"});
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.key(), "dice_per_player");
    EXPECT_NE(error.message().find("50 dice of 6 faces"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace grove::testing
