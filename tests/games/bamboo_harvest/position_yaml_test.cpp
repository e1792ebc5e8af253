// The hand-written position form: mistakes are reported with the line, the
// key and what was expected; what is printed reads back to the same state.

#include <gtest/gtest.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "tests/support/errors.hpp"

namespace grove {
namespace {

std::unique_ptr<Rules> small_forest() {
  const Game& game = builtin_games().get("bamboo_harvest");
  Variant variant(game);
  variant.set_parameter_text("forest_rows=2");
  variant.set_parameter_text("forest_columns=3");
  variant.set_parameter_text("setup_tokens=1");
  return game.rules(variant, 2);
}

std::string error_of(const std::string& yaml) {
  const auto rules = small_forest();
  return testing::message_of<InputError>(
      [&] { rules->state_from_yaml(load_yaml_text(yaml, "start")); });
}

const char* kForest =
    "forest:\n"
    "  - 7H  3D:P1  KH\n"
    "  - 9D  9H     2Dg:P2\n";

TEST(BambooHarvestYaml, AHandWrittenPositionReadsAndPrintsBack) {
  const auto rules = small_forest();
  const std::string yaml = std::string(kForest) +
                           "players:\n"
                           "  P1: {reeds: 40, up: [7S, wildQ], down: [9C]}\n"
                           "  P2: {reeds: 3, up: [2S]}\n";
  auto state = rules->state_from_yaml(load_yaml_text(yaml, "start"));
  EXPECT_EQ(rules->state_summary(*state).substr(0, 11), "P1 to build");
  auto again = rules->state_from_yaml(rules->state_to_yaml(*state));
  EXPECT_TRUE(again->equals(*state));
  const std::string board = rules->board(*state);
  EXPECT_NE(board.find("3D:P1"), std::string::npos) << board;
  EXPECT_NE(board.find("P1: 40 reeds, 1/10 tokens, deeds 7S, wildQ + 1 face down (9C)"),
            std::string::npos)
      << board;
}

TEST(BambooHarvestYaml, MistakesNameTheLineTheKeyAndWhatWasExpected) {
  EXPECT_EQ(error_of("forest:\n  - 7H 3D KH\n  - 9D 9H\n"),
            "line 3:5: 'forest row 2': expected 3 cards (forest_columns), got 2");
  EXPECT_EQ(error_of("forest:\n  - 7H 3D KX\n  - 9D 9H 2D\n"),
            "line 2:5: 'forest c1': 'KX' is not a card (7H, 10D, QH, 7Hg for the green-backed "
            "deck; ':P1' after it for P1's token, '!P1' for P1's disturbance token)");
  EXPECT_EQ(error_of("forest:\n  - 7H 3D 7H\n  - 9D 9H 2D\n"),
            "line 2:5: 'forest c1': 7H appears twice: in forest a1 and in forest c1 (each card "
            "of the two decks exists once; the green-backed copy is written with a g, like 7Hg)");
  EXPECT_EQ(error_of("forest:\n  - 7H 3D 7S\n  - 9D 9H 2D\n"),
            "line 2:5: 'forest c1': 7S is a deed card; the forest holds the red cards");
  EXPECT_EQ(error_of("forest:\n  - 7H 3D:P3 KH\n  - 9D 9H 2D\n"),
            "line 2:5: 'forest b1': '3D:P3': after ':' comes the seat of the token's owner (P1 "
            "to P2)");
  EXPECT_EQ(error_of(std::string(kForest) + "players:\n  P1: {reeds: 4, up: [7H]}\n"),
            "line 5:23: 'P1.up': 7H is a forest card; deeds are the black cards and the wild "
            "deeds");
  EXPECT_EQ(error_of(std::string(kForest) + "players:\n  P1: {reeds: 4, coins: 3}\n"),
            "line 5:18: 'coins': unknown key; expected one of: reeds, tokens, up, down");
  EXPECT_EQ(error_of(std::string(kForest) + "players:\n  P1: {tokens: 2}\n"),
            "line 5:16: 'P1.tokens': the forest shows 1 of P1's tokens, not 2 (tokens are counted "
            "from the forest; this field is only a check)");
  EXPECT_EQ(error_of(std::string(kForest) + "step: harvset\n"),
            "line 4:7: 'step': expected one of deal_forest, deal_deeds, setup_discard, "
            "place_tokens, build, swap, buy_before, harvest, buy, redraw, discard, reveal, over, "
            "got 'harvset' (did you mean 'harvest'?)");
  const std::string missing = error_of(std::string(kForest) + "draw_pile: [AC]\n");
  EXPECT_NE(missing.find("these deeds are nowhere: 2C, 3C"), std::string::npos) << missing;
  EXPECT_NE(missing.find("or write draw_pile: rest"), std::string::npos) << missing;
}

}  // namespace
}  // namespace grove
