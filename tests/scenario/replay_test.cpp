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
  const std::string xml = junit_xml({passed, failed});
  EXPECT_NE(xml.find("<testsuite name=\"pass_the_pandas\" tests=\"2\" failures=\"1\" errors=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("name=\"broken &lt;case&gt;\""), std::string::npos);
  EXPECT_NE(xml.find("<failure message=\"expected &quot;x&quot; &amp; y\">"), std::string::npos);
}

}  // namespace
}  // namespace grove::testing
