// The move notation designers write and the YAML form of a position.

#include <gtest/gtest.h>

#include "tests/games/pass_the_pandas/table.hpp"

namespace grove::testing {
namespace {

TEST(PassThePandasNotation, EveryKindOfMovePrintsAndParsesBack) {
  Table table(4);
  for (const std::string text : {"roll P1 water=1 panda=2 bamboo=0 blank=3", "P2 pass panda to P4",
                                 "P3 exchange dice with P1", "P4 keep dice"}) {
    const MoveParse parsed = table.rules().parse_move(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(table.rules().move_text(parsed.move), text);
  }
}

TEST(PassThePandasNotation, RollsMayListFacesInAnyOrderAndOmitZeros) {
  Table table(2);
  const MoveParse parsed = table.rules().parse_move("Roll p1 blank=4 BAMBOO=2");
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(table.rules().move_text(parsed.move), "roll P1 water=0 panda=0 bamboo=2 blank=4");
}

TEST(PassThePandasNotation, UnreadableMovesSayWhatWasExpected) {
  Table table(2);
  EXPECT_EQ(table.rules().parse_move("roll P1 fire=2").error,
            "cannot read move 'roll P1 fire=2': 'fire=2' should be FACE=COUNT with FACE one of "
            "water, panda, bamboo, blank");
  EXPECT_EQ(table.rules().parse_move("roll P1 water=1 water=2").error,
            "cannot read move 'roll P1 water=1 water=2': water is given twice");
  EXPECT_EQ(table.rules().parse_move("P1 give panda to P2").error,
            "cannot read move 'P1 give panda to P2': expected 'roll P1 water=N panda=N bamboo=N "
            "blank=N', 'P1 pass panda to P2', 'P1 exchange dice with P2' or 'P1 keep dice'");
  EXPECT_EQ(table.rules().parse_move("P3 keep dice").error,
            "cannot read move 'P3 keep dice': 'P3' is not a seat at this table (P1 to P2)");
}

TEST(PassThePandasYaml, AHandWrittenPositionNeedsOnlyTheDice) {
  Table table(4);
  table.start_at("turn: P2\nplayers: {P1: 1, P2: 1, P3: {dice: 4, bamboo_rolled: 2}, P4: 3}\n");
  const YAML::Node yaml = table.yaml();
  EXPECT_EQ(yaml["turn"].as<std::string>(), "P2");
  EXPECT_EQ(yaml["removed"].as<int>(), 11);  // 20 dice, 9 held
  EXPECT_EQ(yaml["players"]["P3"]["bamboo_rolled"].as<int>(), 2);
  EXPECT_TRUE(yaml["players"]["P1"]["bamboo_rolled"].IsNull());
  EXPECT_EQ(yaml["step"].as<std::string>(), "roll");
}

TEST(PassThePandasYaml, PrintedPositionsParseBackEqual) {
  Table table(3, {"bamboozled=true"});
  table.play("roll P1 water=1 panda=2 bamboo=1 blank=2");
  table.play("P1 pass panda to P2");
  const std::string text = YAML::Dump(table.yaml());
  const auto parsed = table.rules().state_from_yaml(load_yaml_text(text, "printed"));
  EXPECT_TRUE(parsed->equals(table.state())) << text;
  EXPECT_EQ(parsed->hash(), table.state().hash());
}

std::string yaml_error(int players, const std::string& yaml) {
  Table table(players);
  try {
    table.start_at(yaml);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(PassThePandasYaml, BadPositionsAreExplained) {
  EXPECT_EQ(yaml_error(2, "players: {P1: 3}"),
            "line 1:10: 'players': P2 is missing; this table has 2 players");
  EXPECT_EQ(yaml_error(2, "players: {P1: 9, P2: 9}"),
            "line 1:10: 'players': the players hold 18 dice, but 2 players start with 6 each (12 "
            "in all)");
  EXPECT_EQ(yaml_error(2, "removed: 1\nplayers: {P1: 3, P2: 3}"),
            "line 1:10: 'removed': the dice do not add up: players hold 6 and 1 were removed, but "
            "the game has 12");
  EXPECT_EQ(yaml_error(2, "player: {P1: 3, P2: 3}"),
            "line 1:1: 'player': unknown key (did you mean 'players'?); expected one of: round, "
            "turn, step, starter, previous, roll, pandas_to_pass, challenge_settled, removed, "
            "players");
  EXPECT_EQ(yaml_error(2, "step: rolling\nplayers: {P1: 3, P2: 3}"),
            "line 1:7: 'step': expected one of roll, pass_pandas, bamboozle, over, got 'rolling'");
  EXPECT_EQ(yaml_error(2, "players: {P1: {dice: 3, bamboo: 1}, P2: 3}"),
            "line 1:25: 'bamboo': unknown key; expected one of: "
            "dice, bamboo_rolled, bamboo_received, place, points");
}

TEST(PassThePandasHash, EqualPositionsHashEqualAndChangesShow) {
  Table a(3), b(3);
  EXPECT_EQ(a.state().hash(), b.state().hash());
  a.play("roll P1 blank=6");
  EXPECT_NE(a.state().hash(), b.state().hash());
  b.play("roll P1 blank=6");
  EXPECT_EQ(a.state().hash(), b.state().hash());
  EXPECT_TRUE(a.state().equals(b.state()));
}

}  // namespace
}  // namespace grove::testing
