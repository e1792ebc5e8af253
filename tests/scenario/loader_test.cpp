// Loading scenario files: every mistake a designer can make is reported with
// the file, line, column and key, and what would have been valid.

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/games/builtin.hpp"
#include "engine/scenario/scenario.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove::testing {
namespace {

std::string load_error(const TempFolder& folder, const std::string& text) {
  const std::string file = folder.write("case.yaml", text);
  try {
    load_scenario(file, builtin_games());
  } catch (const InputError& error) {
    std::string message = error.what();
    // Report relative to the folder so the expectations stay readable.
    return message.substr(message.find("case.yaml"));
  }
  return "(no error)";
}

TEST(ScenarioLoader, ReadsAWellFormedScenario) {
  TempFolder folder("scenarios");
  folder.write("variants/dry.yaml",
               "game: pass_the_pandas\nparameters: {water_faces: 0, blank_faces: 4}\n");
  const std::string file =
      folder.write("case.yaml",
                   "game: pass_the_pandas\n"
                   "title: A case\n"
                   "variant: dry\n"
                   "rulings: {ptp.challenge_basis: set_aside}\n"
                   "players: [John, Susan]\n"
                   "seed: 9\n"
                   "steps:\n"
                   "  - roll P1 blank=6\n"
                   "  - expect: {state: {turn: P2}, events: [ptp.challenge.none]}\n"
                   "  - illegal: P1 keep dice\n"
                   "    reason: it is P2's turn, not P1's\n"
                   "  - random: 3\n"
                   "end: {winner: Susan}\n");
  const Scenario scenario = load_scenario(file, builtin_games());
  EXPECT_EQ(scenario.title, "A case");
  EXPECT_EQ(scenario.variant.name(), "dry");
  EXPECT_EQ(scenario.variant.integer("water_faces"), 0);
  EXPECT_EQ(scenario.variant.ruling("ptp.challenge_basis"), "set_aside");
  EXPECT_EQ(scenario.players, 2);
  EXPECT_EQ(scenario.player_name(1), "P2 (Susan)");
  EXPECT_EQ(scenario.seed, 9u);
  ASSERT_EQ(scenario.steps.size(), 4u);
  EXPECT_EQ(scenario.steps[0].line, 8);
  EXPECT_EQ(scenario.steps[1].kind, ScenarioStep::Kind::Expect);
  EXPECT_EQ(scenario.steps[2].reason, "it is P2's turn, not P1's");
  EXPECT_EQ(scenario.steps[3].random_steps, 3);
  EXPECT_EQ(scenario.end->winners, std::vector<Seat>{1});
}

TEST(ScenarioLoader, MistakesAreLocated) {
  TempFolder folder("scenarios");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\nplayers: [a, b\n"),
            "case.yaml:3:1: malformed YAML: end of sequence flow not found");
  EXPECT_EQ(load_error(folder, "game: pass_the_panda\nplayers: 2\n"),
            "case.yaml:1:7: 'game': unknown game 'pass_the_panda' (did you mean "
            "'pass_the_pandas'?); known games: pass_the_pandas, bamboo_harvest, takenoko, "
            "forest_shuffle");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\nplayers: 2\nstep: []\n"),
            "case.yaml:3:1: 'step': unknown key (did you mean 'steps'?); expected one of: game, "
            "title, source, description, variant, parameters, rulings, players, seed, start, "
            "steps, end");
  // legal_moves of one kind: both keys, each mistake where it was made.
  EXPECT_EQ(load_error(folder,
                       "game: pass_the_pandas\nplayers: 2\nsteps:\n"
                       "  - expect: {legal_moves: {kind: pass}}\n"),
            "case.yaml:4:27: 'legal_moves': expected 'moves:', the legal moves of that kind ([] "
            "for none)");
  EXPECT_EQ(load_error(folder,
                       "game: pass_the_pandas\nplayers: 2\nsteps:\n"
                       "  - expect: {legal_moves: {kind: pass, moves: pass}}\n"),
            "case.yaml:4:47: 'legal_moves': expected moves in the game's notation (a list), got "
            "'pass'");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\nplayers: 7\n"),
            "case.yaml:2:10: 'players': Pass the Pandas is for 2 to 5 players, not 7");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\n"),
            "case.yaml:1:1: 'players': missing: the number of players, or a list of their names");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\nplayers: 2\nparameters: {water_face: 1}\n"),
            "case.yaml:3:14: 'water_face': unknown parameter of pass_the_pandas (did you mean "
            "'water_faces'?); see 'grove rules pass_the_pandas'");
  EXPECT_EQ(
      load_error(
          folder,
          "game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {events: [ptp.water.remove]}\n"),
      "case.yaml:4:23: 'events': 'ptp.water.remove' is not a rule clause of pass_the_pandas "
      "(did you mean 'ptp.water.removed'?)");
  EXPECT_EQ(
      load_error(folder,
                 "game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {state: {}, event: []}\n"),
      "case.yaml:4:25: 'event': unknown key (did you mean 'events'?); expected one of: state, "
      "events, no_events, legal_moves, legal_moves_include, legal_moves_exclude, properties, "
      "end_reachable, same_position_as_move");
  EXPECT_EQ(
      load_error(folder,
                 "game: pass_the_pandas\nplayers: 2\nsteps:\n  - expect: {end_reachable: no}\n"),
      "case.yaml:4:29: 'end_reachable': expected 'true' (some way of playing on from here "
      "ends the game)");
  // A position to come back to: a number of moves, and an earlier one
  // than the step's, counted through `random: N`.
  EXPECT_EQ(load_error(folder,
                       "game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P1 blank=6\n"
                       "  - expect: {same_position_as_move: first}\n"),
            "case.yaml:5:37: 'same_position_as_move': expected a whole number, got 'first'");
  EXPECT_EQ(load_error(folder,
                       "game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P1 blank=6\n"
                       "  - random: 2\n  - expect: {same_position_as_move: 3}\n"),
            "case.yaml:6:37: 'same_position_as_move': 3 is not an earlier move: 3 moves and "
            "chance outcomes played before this step, so 0 (the start) to 2");
  EXPECT_EQ(load_error(folder,
                       "game: pass_the_pandas\nplayers: 2\nsteps:\n"
                       "  - expect: {same_position_as_move: 0}\n"),
            "case.yaml:4:37: 'same_position_as_move': 0 is not an earlier move: no move is "
            "played before this step");
  EXPECT_EQ(
      load_error(
          folder,
          "game: pass_the_pandas\nplayers: 2\nsteps:\n  - {illegal: P1 keep dice, because: x}\n"),
      "case.yaml:4:29: 'because': unknown key; expected one of: illegal, reason, "
      "reason_contains");
  EXPECT_EQ(load_error(folder, "game: pass_the_pandas\nplayers: 2\nend: {winner: P3}\n"),
            "case.yaml:3:15: 'winner': expected a seat from P1 to P2, got 'P3'");
}

TEST(ScenarioLoader, AMissingVariantFileListsWhereItLooked) {
  TempFolder folder("scenarios");
  const std::string message =
      load_error(folder, "game: pass_the_pandas\nplayers: 2\nvariant: wet\n");
  EXPECT_EQ(message.substr(0, 50), "case.yaml:3:10: 'variant': no variant file 'wet'; ");
  // In full: a scenario copied out of scenarios/ shows where it looked.
  EXPECT_NE(message.find(folder.path() + "/variants/wet.yaml"), std::string::npos) << message;
  // A name the system cannot take is said at the key, not as a library
  // exception.
  const std::string too_long = load_error(
      folder, "game: pass_the_pandas\nplayers: 2\nvariant: " + std::string(300, 'w') + ".yaml\n");
  EXPECT_EQ(too_long.substr(0, 27), "case.yaml:3:10: 'variant': ") << too_long;
  EXPECT_NE(too_long.find("File name too long"), std::string::npos) << too_long;
}

// A scenario copied out of scenarios/ still finds a shipped variant by name
// when grove runs from the source folder.
TEST(ScenarioLoader, ABareVariantNameFallsBackToTheGamesShippedVariants) {
  TempFolder folder("scenarios");
  const std::string file =
      folder.write("case.yaml", "game: pass_the_pandas\nplayers: 2\nvariant: places\n");
  const std::filesystem::path was = std::filesystem::current_path();
  std::filesystem::current_path(GROVE_SOURCE_DIR);
  std::string loaded;
  try {
    loaded = load_scenario(file, builtin_games()).variant.name();
  } catch (const InputError& error) {
    loaded = error.what();
  }
  EXPECT_EQ(loaded, "places");
  // Run from elsewhere it is not found, and the error lists that place too,
  // in full.
  std::filesystem::current_path(folder.path());
  const std::string message =
      load_error(folder, "game: pass_the_pandas\nplayers: 2\nvariant: places\n");
  std::filesystem::current_path(was);
  EXPECT_NE(message.find(folder.path() + "/scenarios/pass_the_pandas/variants/places.yaml"),
            std::string::npos)
      << message;
}

TEST(ScenarioLoader, FindsScenarioFilesButNotVariants) {
  TempFolder folder("scenarios");
  folder.write("b.yaml", "");
  folder.write("sub/a.yaml", "");
  folder.write("variants/v.yaml", "");
  folder.write("notes.txt", "");
  const auto files = find_scenario_files({folder.path()});
  ASSERT_EQ(files.size(), 2u);
  EXPECT_NE(files[0].find("b.yaml"), std::string::npos);
  EXPECT_NE(files[1].find("sub/a.yaml"), std::string::npos);
  EXPECT_THROW(find_scenario_files({folder.path() + "/missing"}), InputError);
}

}  // namespace
}  // namespace grove::testing
