// Replaying scenarios: what a designer sees when a case passes or fails.

#include "engine/scenario/replay.hpp"

#include <gtest/gtest.h>

#include "engine/games/builtin.hpp"
#include "engine/scenario/junit.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove::testing {
namespace {

ScenarioResult replay_text(const std::string& steps, const std::string& extra = "") {
  TempFolder folder("scenarios");
  const std::string file = folder.write(
      "case.yaml", "game: pass_the_pandas\ntitle: case\nplayers: [John, Susan]\n" + extra + steps);
  return replay_file(file, builtin_games());
}

TEST(ScenarioReplay, APassingScenario) {
  const auto result = replay_text(
      "start: {players: {P1: 1, P2: 1}}\n"
      "steps:\n"
      "  - roll P1 bamboo=1\n"
      "  - roll P2 water=1\n"
      "  - expect:\n"
      "      events: [ptp.water.removed, {clause: ptp.challenge.transfer, from: P1, to: P2, dice: "
      "'1'}]\n"
      "      no_events: [ptp.challenge.met]\n"
      "      state: {step: over, players: {P1: {dice: 0}}}\n"
      "end: {winner: John}\n");
  EXPECT_TRUE(result.passed()) << result.message << " | " << result.expected << " | "
                               << result.actual;
  EXPECT_EQ(result.moves, 2);
}

TEST(ScenarioReplay, AWrongStateSaysWhatWasExpectedAndWhatHappened) {
  const auto result = replay_text(
      "steps:\n"
      "  - roll P1 water=2 blank=4\n"
      "  - expect: {state: {players: {P1: {dice: 5}}, removed: 2}}\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.line, 6);
  EXPECT_EQ(result.message, "the state is not as expected");
  EXPECT_EQ(result.expected, "players.P1.dice = 5");
  EXPECT_EQ(result.actual, "players.P1.dice = 4");
  ASSERT_GE(result.log.size(), 2u);
  EXPECT_EQ(result.log[0], "players: P1 (John), P2 (Susan)");
  EXPECT_EQ(result.log[1], "  1. roll P1 water=2 panda=0 bamboo=0 blank=4");
}

TEST(ScenarioReplay, AnIllegalMoveStopsTheReplayWithItsReason) {
  const auto result = replay_text(
      "steps:\n"
      "  - roll P1 panda=1 blank=5\n"
      "  - P1 pass panda to P1\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.line, 6);
  EXPECT_EQ(result.message,
            "'P1 pass panda to P1' was rejected: P1 cannot pass a panda to themselves");
}

TEST(ScenarioReplay, AnExpectedRejectionThatIsAcceptedFails) {
  const auto result = replay_text(
      "steps:\n"
      "  - illegal: roll P1 blank=6\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.message, "'roll P1 blank=6' was accepted, but the rules must reject it");
}

TEST(ScenarioReplay, ARejectionForAnotherReasonFails) {
  const auto result = replay_text(
      "steps:\n"
      "  - illegal: roll P2 blank=6\n"
      "    reason: P2 may not roll\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.expected, "P2 may not roll");
  EXPECT_EQ(result.actual, "it is P1's turn to roll, not P2's");
}

// A reason in the designer's own words: the words must be in the rules'
// reason, in any case.
TEST(ScenarioReplay, AReasonCanBeGivenByWordsItContains) {
  const auto passed = replay_text(
      "steps:\n"
      "  - illegal: roll P2 blank=6\n"
      "    reason_contains: P1's TURN\n");
  EXPECT_TRUE(passed.passed()) << passed.message << " | " << passed.actual;
  const auto failed = replay_text(
      "steps:\n"
      "  - illegal: roll P2 blank=6\n"
      "    reason_contains: out of the game\n");
  EXPECT_EQ(failed.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(failed.message, "'roll P2 blank=6' was rejected for another reason");
  EXPECT_EQ(failed.expected, "a reason containing 'out of the game'");
  EXPECT_EQ(failed.actual, "it is P1's turn to roll, not P2's");
  const auto both = replay_text(
      "steps:\n"
      "  - illegal: roll P2 blank=6\n"
      "    reason: x\n"
      "    reason_contains: y\n");
  EXPECT_EQ(both.status, ScenarioResult::Status::Error);
  EXPECT_NE(both.message.find("'reason_contains': give either the exact reason or words it "
                              "contains, not both"),
            std::string::npos)
      << both.message;
}

// `legal:` shows a move allowed without playing it: play goes on from the
// same state, and a refused move fails with the rules' reason.
TEST(ScenarioReplay, ALegalStepChecksAMoveWithoutPlayingIt) {
  const auto passed = replay_text(
      "steps:\n"
      "  - roll P1 panda=2 blank=4\n"
      "  - legal: P1 pass panda to P2\n"
      "  - expect: {state: {step: pass_pandas, pandas_to_pass: 2}}\n"
      "  - P1 pass panda to P2\n"
      "  - expect: {state: {pandas_to_pass: 1}}\n");
  EXPECT_TRUE(passed.passed()) << passed.message << " | " << passed.expected << " | "
                               << passed.actual;
  EXPECT_EQ(passed.moves, 2);
  const auto failed = replay_text(
      "steps:\n"
      "  - roll P1 panda=2 blank=4\n"
      "  - legal: P1 pass panda to P1\n");
  EXPECT_EQ(failed.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(failed.line, 6);
  EXPECT_EQ(failed.message, "'P1 pass panda to P1' was rejected, but the rules must allow it");
  EXPECT_EQ(failed.actual, "rejected: P1 cannot pass a panda to themselves");
  const auto unreadable = replay_text("steps:\n  - legal: P1 pas panda to P2\n");
  EXPECT_EQ(unreadable.status, ScenarioResult::Status::Failed);
  EXPECT_NE(unreadable.message.find("did you mean 'pass'?"), std::string::npos)
      << unreadable.message;
}

// Some legal moves named, others excluded, without listing every one.
TEST(ScenarioReplay, LegalMovesCanBeIncludedAndExcludedOneByOne) {
  const std::string roll = "steps:\n  - roll P1 panda=2 blank=4\n";
  const auto passed =
      replay_text(roll +
                  "  - expect:\n"
                  "      legal_moves_include: [P1 pass panda to P2]\n"
                  "      legal_moves_exclude: [P1 pass panda to P1, P1 keep dice]\n");
  EXPECT_TRUE(passed.passed()) << passed.message << " | " << passed.actual;
  const auto missing =
      replay_text(roll + "  - expect: {legal_moves_include: [P1 pass panda to P1]}\n");
  EXPECT_EQ(missing.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(missing.message, "'P1 pass panda to P1' is not among the legal moves");
  EXPECT_EQ(missing.expected, "a legal move");
  EXPECT_EQ(missing.actual, "P1 pass panda to P2");
  const auto present =
      replay_text(roll + "  - expect: {legal_moves_exclude: [P1 pass panda to P2]}\n");
  EXPECT_EQ(present.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(present.message, "'P1 pass panda to P2' is among the legal moves");
  EXPECT_EQ(present.expected, "not a legal move");
}

// A Takenoko game 20 moves in (the dealing and plots written out, so no
// seed decides it): P1 has rolled rain, let it pass, and chooses actions.
ScenarioResult replay_takenoko(const std::string& checks) {
  TempFolder folder("scenarios");
  const std::string file = folder.write(
      "case.yaml",
      "game: takenoko\nplayers: 2\nsteps:\n"
      "  - deal P1 plot-yellow-diamond\n  - deal P1 gardener-yellow-4-none\n"
      "  - deal P1 panda-2-green\n  - deal P2 plot-yellow-line\n"
      "  - deal P2 gardener-green-4-enclosure\n  - deal P2 panda-2-green\n"
      "  - P1 draws objective gardener\n  - objective P1 gardener-green-4-fertilizer\n"
      "  - P1 takes channel\n  - P2 draws objective gardener\n"
      "  - objective P2 gardener-yellow-3x3\n  - P2 draws plots\n  - plot P2 green-enclosure\n"
      "  - plot P2 yellow\n  - plot P2 yellow\n"
      "  - P2 keeps yellow returning yellow then green-enclosure\n  - P2 places yellow at 1,0\n"
      "  - weather P1 question\n  - P1 chooses rain\n  - P1 ignores weather\n" +
          checks);
  return replay_file(file, builtin_games());
}

// The legal moves of one kind, without the hundreds of the others.
TEST(ScenarioReplay, LegalMovesOfOneKind) {
  const auto passed = replay_takenoko(
      "  - expect: {legal_moves: {kind: takes, moves: [P1 takes channel]}}\n"
      "  - expect: {legal_moves: {kind: completes, moves: []}}\n");
  EXPECT_TRUE(passed.passed()) << passed.message << " | " << passed.actual;

  const auto missing = replay_takenoko("  - expect: {legal_moves: {kind: takes, moves: []}}\n");
  EXPECT_EQ(missing.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(missing.message, "the legal 'takes' moves are not as expected");
  EXPECT_EQ(missing.expected, "(none)");
  EXPECT_EQ(missing.actual, "P1 takes channel");

  // A kind no legal move has: the kinds there are.
  const auto unknown =
      replay_takenoko("  - expect: {legal_moves: {kind: take, moves: [P1 takes channel]}}\n");
  EXPECT_EQ(unknown.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(unknown.message,
            "legal_moves: 'P1 takes channel' is not a 'take' move: its kind is 'takes'");
  const auto none =
      replay_takenoko("  - expect: {legal_moves: {kind: plays, moves: [P1 ends turn]}}\n");
  EXPECT_NE(none.message.find("'P1 ends turn' is not a 'plays' move"), std::string::npos);

  const auto kinds =
      replay_takenoko("  - expect: {legal_moves: {kind: ends, moves: [P1 ends turn]}}\n");
  EXPECT_EQ(kinds.status, ScenarioResult::Status::Failed);
  EXPECT_NE(kinds.actual.find("(no 'ends' move; the legal moves' kinds are: draws, moves, takes)"),
            std::string::npos)
      << kinds.actual;
}

// A list in the state checked in part, its elements found by what they
// hold rather than by where grove sorts them.
TEST(ScenarioReplay, ListsCanBeCheckedInPart) {
  const std::string start =
      "start:\n  plantation:\n"
      "    - {at: [-1, 1], colour: pink, height: 1}\n"
      "    - {at: [0, 1], colour: pink, height: 2}\n"
      "    - {at: [-1, 2], colour: pink, improvement: watershed, printed: true, height: 1}\n";
  auto replay = [&](const std::string& plantation) {
    TempFolder folder("scenarios");
    return replay_file(folder.write("case.yaml", "game: takenoko\nplayers: 2\n" + start +
                                                     "steps:\n  - expect:\n      state:\n"
                                                     "        plantation: " +
                                                     plantation + "\n"),
                       builtin_games());
  };
  const auto passed = replay(
      "{count: 3, includes: [{at: [-1, 2], improvement: watershed}, {at: [0, 1], height: 2}], "
      "excludes: [{height: 3}, {colour: green}]}");
  EXPECT_TRUE(passed.passed()) << passed.message << " | " << passed.actual;

  const auto count = replay("{count: 4}");
  EXPECT_EQ(count.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(count.expected, "plantation.count = 4");
  EXPECT_EQ(count.actual, "plantation.count = 3");

  const auto absent = replay("{includes: [{at: [0, 1], height: 1}]}");
  EXPECT_EQ(absent.status, ScenarioResult::Status::Failed);
  EXPECT_NE(absent.actual.find("none; nearest: {at: [0, 1]"), std::string::npos) << absent.actual;
  EXPECT_NE(absent.actual.find("(height = 2)"), std::string::npos) << absent.actual;

  const auto present = replay("{excludes: [{improvement: watershed}]}");
  EXPECT_EQ(present.status, ScenarioResult::Status::Failed);
  EXPECT_NE(present.actual.find("at: [-1, 2]"), std::string::npos) << present.actual;

  const auto not_a_list = replay("{includes: {at: [0, 1]}}");
  EXPECT_EQ(not_a_list.status, ScenarioResult::Status::Failed);
  EXPECT_NE(not_a_list.expected.find("plantation.includes = a list of elements"),
            std::string::npos);

  // A map where the state has a list says how to check part of a list.
  const auto map = replay("{at: [0, 1]}");
  EXPECT_EQ(map.status, ScenarioResult::Status::Failed);
  EXPECT_NE(map.actual.find("{includes: [...], excludes: [...], count: N}"), std::string::npos);
}

TEST(ScenarioReplay, MissingEventsListWhatDidFire) {
  const auto result = replay_text(
      "steps:\n"
      "  - roll P1 blank=6\n"
      "  - expect: {events: [ptp.water.removed]}\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.message, "an expected event did not happen");
  EXPECT_EQ(result.expected, "ptp.water.removed");
  EXPECT_NE(result.actual.find("ptp.turn.roll (P1 rolls 6 dice"), std::string::npos)
      << result.actual;
}

TEST(ScenarioReplay, TheEndIsChecked) {
  auto result = replay_text("steps: [roll P1 blank=6]\nend: {winner: P1}\n");
  EXPECT_EQ(result.message, "the game should be over");
  result = replay_text(
      "start: {players: {P1: 1, P2: 1}}\nsteps: [roll P1 water=1]\nend: {winner: Susan}\n");
  EXPECT_EQ(result.message, "a different winner");
  EXPECT_EQ(result.expected, "P2 (Susan)");
  EXPECT_EQ(result.actual, "P1 (John)");
}

TEST(ScenarioReplay, ABadStartingPositionIsAnErrorWithItsLine) {
  const auto result = replay_text("start: {players: {P1: 1}}\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Error);
  EXPECT_EQ(result.line, 4);
  // As the loader says any other mistake: the file, line and column first.
  EXPECT_EQ(result.message.substr(result.message.find("case.yaml")),
            "case.yaml:4:18: 'players': P2 is missing; this table has 2 players");
}

// A loop shown by a scenario: rolling all blanks, turn after turn, comes
// back to the position two rolls earlier, but not to the one one roll
// earlier (the other player is to roll there).
TEST(ScenarioReplay, APositionCanBeCheckedToBeAnEarlierOne) {
  const std::string rolls =
      "steps:\n"
      "  - roll P1 blank=6\n"
      "  - roll P2 blank=6\n"
      "  - roll P1 blank=6\n"
      "  - roll P2 blank=6\n";
  const auto round = replay_text(rolls + "  - expect: {same_position_as_move: 2}\n");
  EXPECT_TRUE(round.passed()) << round.message << " | " << round.expected << " | " << round.actual;
  const auto not_round = replay_text(rolls + "  - expect: {same_position_as_move: 3}\n");
  EXPECT_EQ(not_round.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(not_round.line, 9);
  EXPECT_EQ(not_round.message, "the position is not the one after move 3");
  // What differs, in the state's YAML form.
  EXPECT_NE(not_round.expected.find("turn = P2"), std::string::npos) << not_round.expected;
  EXPECT_NE(not_round.actual.find("turn = P1"), std::string::npos) << not_round.actual;
}

// After `random: end` the loader cannot count the moves: the replay says
// that the move is not an earlier one, as the loader would.
TEST(ScenarioReplay, APositionAfterMovesNotYetPlayedIsAnError) {
  const auto result = replay_text(
      "seed: 5\nsteps:\n  - random: end\n  - expect: {same_position_as_move: 100000}\n");
  EXPECT_EQ(result.status, ScenarioResult::Status::Error);
  EXPECT_EQ(result.line, 7);
  EXPECT_EQ(result.message.substr(result.message.find("case.yaml")),
            "case.yaml:7: 'same_position_as_move': 100000 is not an earlier move: " +
                std::to_string(result.moves) +
                " moves and chance outcomes played before this step");
}

TEST(ScenarioReplay, RandomStepsAreReproducibleFromTheSeed) {
  const auto first = replay_text("seed: 5\nsteps: [{random: end}]\n");
  const auto second = replay_text("seed: 5\nsteps: [{random: end}]\n");
  EXPECT_TRUE(first.passed()) << first.message;
  EXPECT_EQ(first.log, second.log);
  const auto other = replay_text("seed: 6\nsteps: [{random: end}]\n");
  EXPECT_NE(first.log, other.log);
}

TEST(ScenarioReplay, LegalMovesAreComparedAsASet) {
  TempFolder folder("scenarios");
  const std::string file =
      folder.write("c.yaml",
                   "game: pass_the_pandas\nplayers: 3\nsteps:\n"
                   "  - roll P1 panda=1 blank=5\n"
                   "  - expect: {legal_moves: [P1 pass panda to P3, P1 pass panda to P2]}\n"
                   "  - expect: {legal_moves: [P1 pass panda to P2]}\n");
  const auto result = replay_file(file, builtin_games());
  EXPECT_EQ(result.status, ScenarioResult::Status::Failed);
  EXPECT_EQ(result.line, 6);
  EXPECT_EQ(result.actual, "P1 pass panda to P2; P1 pass panda to P3");
}

TEST(ScenarioReplay, JunitXmlReportsFailuresAndEscapesText) {
  ScenarioResult passed;
  passed.file = "a.yaml";
  passed.title = "fine";
  passed.game = "pass_the_pandas";
  ScenarioResult failed = passed;
  failed.title = "broken <case>";
  failed.status = ScenarioResult::Status::Failed;
  failed.line = 3;
  failed.message = "expected \"x\" & y";
  const std::string xml = junit_xml({passed, failed}, JunitRun{"2026-11-25T23:17:40", "table"});
  EXPECT_NE(xml.find("<testsuites name=\"grove replay\" tests=\"2\" failures=\"1\" errors=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testsuite name=\"pass_the_pandas\" id=\"0\" package=\"grove\" "
                     "timestamp=\"2026-11-25T23:17:40\" hostname=\"table\" tests=\"2\" "
                     "failures=\"1\" errors=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("name=\"broken &lt;case&gt;\""), std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"expected &quot;x&quot; &amp; y\" type=\"failure\">"),
            std::string::npos);
}

}  // namespace
}  // namespace grove::testing
