// The grid of grove sweep: ranges, lists of alternatives, fixed settings,
// the points in order, and every mistake as one line naming the flag and
// the parameter.

#include "reports/balance/sweep_grid.hpp"

#include <gtest/gtest.h>

#include "engine/core/game.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/errors.hpp"

namespace grove::balance {
namespace {

const Game& pandas() { return builtin_games().get("pass_the_pandas"); }

std::string error_of(const std::vector<std::string>& sets,
                     const std::vector<std::string>& rulings = {}) {
  return testing::message_of<InputError>([&] { parse_grid(pandas(), sets, rulings); });
}

TEST(SweepGrid, RangesStepsListsAndFixedSettings) {
  const SweepGrid grid =
      parse_grid(pandas(), {"dice_per_player=2:6:2", "water_faces=2"},
                 {"ptp.challenge_basis=rolled,set_aside", "ptp.pandamonium_end=immediately"});
  ASSERT_EQ(grid.axes.size(), 2u);
  EXPECT_EQ(grid.axes[0].values, (std::vector<std::string>{"2", "4", "6"}));
  EXPECT_EQ(grid.axes[0].numbers, (std::vector<double>{2, 4, 6}));
  EXPECT_FALSE(grid.axes[0].ruling);
  EXPECT_TRUE(grid.axes[1].ruling);
  EXPECT_EQ(grid.axes[1].values, (std::vector<std::string>{"rolled", "set_aside"}));
  EXPECT_EQ(grid.fixed_parameters, (std::vector<std::string>{"water_faces=2"}));
  EXPECT_EQ(grid.fixed_rulings, (std::vector<std::string>{"ptp.pandamonium_end=immediately"}));
  // The cartesian product, the first axis varying slowest.
  ASSERT_EQ(grid.size(), 6u);
  EXPECT_EQ(grid.label(0), "dice_per_player=2, ptp.challenge_basis=rolled");
  EXPECT_EQ(grid.label(1), "dice_per_player=2, ptp.challenge_basis=set_aside");
  EXPECT_EQ(grid.label(5), "dice_per_player=6, ptp.challenge_basis=set_aside");
  EXPECT_EQ(grid.coordinates(3), (std::vector<std::size_t>{1, 1}));
  const Variant point = grid.variant(Variant(pandas()), 3);
  EXPECT_EQ(point.integer_for_players("dice_per_player", 4), 4);
  EXPECT_EQ(point.ruling("ptp.challenge_basis"), "set_aside");
  EXPECT_EQ(point.name(), "default dice_per_player=4, ptp.challenge_basis=set_aside");
}

TEST(SweepGrid, TheStepIsOneByDefaultAndTheLastValueMayFallShort) {
  EXPECT_EQ(parse_grid(pandas(), {"dice_per_player=1:3"}, {}).axes[0].values,
            (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(parse_grid(pandas(), {"dice_per_player=1:6:2"}, {}).axes[0].values,
            (std::vector<std::string>{"1", "3", "5"}));
  EXPECT_EQ(parse_grid(pandas(), {"pandamonium_target= 5 : 5 "}, {}).size(), 1u);
}

TEST(SweepGrid, BadInputIsOneLineNamingTheParameter) {
  EXPECT_EQ(error_of({"dice_per_player=5:3"}),
            "--set: 'dice_per_player': FROM 5 is above TO 3 in '5:3'");
  EXPECT_EQ(error_of({"dice_per_player=1:5:0"}),
            "--set: 'dice_per_player': the step must be at least 1, got 0 in '1:5:0'");
  EXPECT_EQ(error_of({"dice_per_player=1:5:-1"}),
            "--set: 'dice_per_player': the step must be at least 1, got -1 in '1:5:-1'");
  EXPECT_EQ(error_of({"dice_per_player=0:4"}),
            "--set: 'dice_per_player': '0:4' leaves the parameter's range 1..10; see 'grove rules "
            "pass_the_pandas'");
  EXPECT_EQ(error_of({"dice_per_player=1.5:4"}),
            "--set: 'dice_per_player': expected whole numbers FROM:TO[:STEP] (dice_per_player is "
            "integer 1..10, or a map players -> integer), got '1.5:4'");
  EXPECT_EQ(error_of({"dice_per_playr=1:4"}),
            "--set: 'dice_per_playr': unknown parameter of pass_the_pandas (did you mean "
            "'dice_per_player'?); see 'grove rules pass_the_pandas'");
  EXPECT_EQ(error_of({"bamboozled=1:2"}),
            "--set: 'bamboozled': a range FROM:TO[:STEP] needs a numeric parameter; bamboozled "
            "is true/false");
  EXPECT_EQ(error_of({"pandamonium_target=1:1000"}),
            "--set: 'pandamonium_target': '1:1000' has 1000 values; a sweep has at most 200 "
            "points");
  EXPECT_EQ(error_of({"pandamonium_target=1:100", "dice_per_player=1:3"}),
            "--set: 'dice_per_player': the grid has 300 points; a sweep has at most 200");
  EXPECT_EQ(error_of({"dice_per_player=1:2", "dice_per_player=3:4"}),
            "--set: 'dice_per_player': varied twice; give one range or list per name");
  EXPECT_EQ(error_of({"water_faces=2"}),
            "'--set': nothing to sweep: give a parameter's values as --set NAME=FROM:TO[:STEP] "
            "or a ruling's alternatives as --ruling ID=A,B");
  EXPECT_EQ(error_of({"dice_per_player=1:2"}, {"ptp.challenge_basis=rolled,set_asid"}),
            "--ruling: 'ptp.challenge_basis': expected one of rolled, set_aside, got 'set_asid' "
            "(did you mean 'set_aside'?)");
  EXPECT_EQ(error_of({"dice_per_player"}),
            "'--set': expected NAME=VALUE or NAME=FROM:TO[:STEP], got 'dice_per_player'");
}

}  // namespace
}  // namespace grove::balance
