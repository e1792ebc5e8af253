// Forest Shuffle's move notation and hand-written positions: every kind of
// move prints and reads back, other spellings of a move read as it, and a
// position written by hand reads (cards written by species take cards
// nobody else uses), prints and reads back; every mistake names its line,
// key and what was expected.

#include <gtest/gtest.h>

#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "tests/support/errors.hpp"

namespace grove::forest_shuffle {
namespace {

std::unique_ptr<Rules> two_players() {
  const Game& game = builtin_games().get("forest_shuffle");
  return game.rules(Variant(game), 2);
}

std::string read_back(const Rules& rules, const std::string& text) {
  const MoveParse parsed = rules.parse_move(text);
  if (!parsed.ok()) return parsed.error;
  return rules.move_text(parsed.move);
}

TEST(ForestShuffleNotation, EveryKindOfMovePrintsAndReadsBack) {
  const auto rules = two_players();
  for (const char* text : {"draw P1 LR07",
                           "draw P2 linden",
                           "draw P1 winter",
                           "reveal TB12",
                           "reveal winter",
                           "P1 takes mulligan",
                           "P2 keeps hand",
                           "P1 draws from deck",
                           "P1 takes horse_chestnut from clearing",
                           "P1 plays linden",
                           "P1 plays LR07 as sapling",
                           "P1 plays linden as sapling",
                           "P1 plays LR07 raccoon left of tree 2",
                           "P2 plays TB12 common_toad bottom of tree 11",
                           "P1 pays linden",
                           "P1 pays linden linden LR01 TB48",
                           "P1 uses tawny_owl effect",
                           "P1 declines roe_deer bonus",
                           "P1 uses parasol_mushroom draw",
                           "P1 places LR12 red_deer left of tree 1",
                           "P1 tucks LR07",
                           "P1 stops placing",
                           "P1 stops tucking",
                           "P1 stops playing"}) {
    EXPECT_EQ(read_back(*rules, text), text);
  }
}

TEST(ForestShuffleNotation, OtherSpellingsReadAsTheSameMove) {
  const auto rules = two_players();
  EXPECT_EQ(read_back(*rules, "p1 PLAYS lr07 LEFT of tree 2"),
            "P1 plays LR07 raccoon left of tree 2");
  EXPECT_EQ(read_back(*rules, "P1 plays LR07 roe_deer on tree 3"),
            "P1 plays LR07 roe_deer right of tree 3");
  EXPECT_EQ(read_back(*rules, "P1 pays TB48 LR01 linden"), "P1 pays linden LR01 TB48");
  EXPECT_EQ(read_back(*rules, "Reveal Winter"), "reveal winter");
}

TEST(ForestShuffleNotation, AMoveThatCannotBeReadSaysWhy) {
  const auto rules = two_players();
  EXPECT_EQ(read_back(*rules, "P1 plays LR07 badger left of tree 2"),
            "cannot read move 'P1 plays LR07 badger left of tree 2': 'badger' is not a half of "
            "LR07 (raccoon or roe_deer)");
  EXPECT_EQ(read_back(*rules, "P1 plays LR07 raccoon right of tree 2"),
            "cannot read move 'P1 plays LR07 raccoon right of tree 2': 'right' is not the side of "
            "that half (left)");
  EXPECT_EQ(read_back(*rules, "P3 draws from deck"),
            "cannot read move 'P3 draws from deck': 'P3' is not a seat at this table (P1 to P2)");
  EXPECT_EQ(read_back(*rules, "P1 plays LR07 left of tree 0"),
            "cannot read move 'P1 plays LR07 left of tree 0': '0' is not a tree number (1 for the "
            "first tree of the forest)");
  EXPECT_EQ(read_back(*rules, "P1 uses tawny_owl power"),
            "cannot read move 'P1 uses tawny_owl power': 'power' is not effect, bonus or draw");
  EXPECT_EQ(read_back(*rules, "P1 pays lindn"),
            "cannot read move 'P1 pays lindn': 'lindn' is not a card (tree cards by species like "
            "linden, split cards by id like LR07 or TB12) (did you mean 'linden'?)");
  EXPECT_EQ(read_back(*rules, "P1 plays linden roe_deer on tree 1"),
            "cannot read move 'P1 plays linden roe_deer on tree 1': linden is a tree card, "
            "planted on its own");
  EXPECT_NE(read_back(*rules, "P1 waters the forest").find("expected one of 'draw P1 CARD'"),
            std::string::npos);
}

// --- Positions written by hand ----------------------------------------------

std::unique_ptr<State> read(const Rules& rules, const std::string& yaml) {
  return rules.state_from_yaml(load_yaml_text(yaml, "start"));
}

std::string error_of(const std::string& yaml) {
  const auto rules = two_players();
  return testing::message_of<InputError>([&] { read(*rules, yaml); });
}

std::string printed(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

const char* kMidTurn =
    "turn: P2\n"
    "tasks: [offer P2 tawny_owl bonus, end_turn P2]\n"
    "extra_turns: 1\n"
    "winter: 1\n"
    "clearing: [linden, TB05]\n"
    "box: [LR30]\n"
    "players:\n"
    "  P1:\n"
    "    hand: [oak, LR07]\n"
    "    forest:\n"
    "      - {tree: birch, bottom: [common_toad, common_toad], left: [LR01, LR02]}\n"
    "      - {sapling: LR44, top: TB20 peacock_butterfly}\n"
    "    cave: 3\n"
    "    mulliganed: [TB40, TB41, TB42, TB43, TB44, TB45]\n"
    "  P2:\n"
    "    hand: [beech]\n"
    "    forest: [{tree: beech, top: TB14 tawny_owl, bottom: TB37 parasol_mushroom}]\n"
    "    dormant: [parasol_mushroom]\n";

TEST(ForestShuffleYaml, AHandWrittenPositionReadsPrintsAndReadsBack) {
  const auto rules = two_players();
  const auto state = read(*rules, kMidTurn);
  const std::string text = printed(rules->state_to_yaml(*state));
  const auto again = read(*rules, text);
  EXPECT_TRUE(again->equals(*state)) << text;
  EXPECT_EQ(again->hash(), state->hash());
  // Toads written by species take toad cards nobody else uses; stacked cards
  // print as a list, each with the species it shows.
  EXPECT_NE(text.find("bottom: [TB12 common_toad, TB21 common_toad]"), std::string::npos) << text;
  EXPECT_NE(text.find("left: [LR01 european_hare, LR02 european_hare]"), std::string::npos) << text;
  EXPECT_NE(text.find("tasks: [offer P2 tawny_owl bonus, end_turn P2]"), std::string::npos) << text;
  const Position& position = position_of<Position>(*state);
  EXPECT_EQ(position.player(0).cave.size(), 3U);
  EXPECT_EQ(position.winter_on_top + position.winter_shuffled, 2);
  EXPECT_EQ(position.unseen_total(), 158 - 25);
  EXPECT_EQ(rules->node(*state).actor, 1);
}

TEST(ForestShuffleYaml, MistakesNameTheLineTheKeyAndWhatWasExpected) {
  EXPECT_EQ(error_of("winters: 2\n"),
            "line 1:1: 'winters': unknown key (did you mean 'winter'?); expected one of: turn, "
            "tasks, extra_turns, over, winter, clearing, box, players, unseen, box_unseen, deck, "
            "deferred");
  EXPECT_EQ(error_of("players: {P1: {hand: [lindn]}}\n"),
            "line 1:23: 'P1.hand': 'lindn' is not a card (tree cards by species like linden, "
            "split cards by id like LR07) (did you mean 'linden'?)");
  EXPECT_EQ(error_of("players: {P1: {hand: [oak, oak, oak, oak, oak, oak], forest: [{tree: oak}, "
                     "{tree: oak}]}}\n"),
            "line 1:1: the position uses 8 oak cards, the variant has 7");
  EXPECT_EQ(error_of("players:\n  P1:\n    forest: [{tree: LR01}]\n"),
            "line 3:21: 'P1.forest.tree': LR01 is a split card: write it as a sapling (sapling: "
            "LR01), or name a tree species");
  EXPECT_EQ(error_of("players:\n  P1:\n    forest: [{tree: oak, top: LR01}]\n"),
            "line 3:31: 'P1.forest.top': LR01 has no top half");
  EXPECT_EQ(error_of("players:\n  P1:\n    forest: [{tree: oak, top: european_hare}]\n"),
            "line 3:31: 'P1.forest.top': the European Hare is not played to the top of a tree");
  EXPECT_EQ(error_of("players:\n  P1:\n    forest: [{tree: oak, left: LR01 red_fox}]\n"),
            "line 3:32: 'P1.forest.left': the left half of LR01 is european_hare, not 'red_fox'");
  EXPECT_EQ(error_of("players:\n  P1:\n    forest: [{tree: oak, left: [LR01, LR09]}]\n"),
            "line 1:1: this position breaks the rules: the left slot of P1's tree 1 holds 2 cards "
            "that may not share it");
  EXPECT_EQ(error_of("players:\n  P1: {hand: [oak, oak, oak, oak, oak, oak, linden, linden, "
                     "linden, linden, linden]}\n"),
            "line 1:1: this position breaks the rules: P1 holds 11 cards, over the hand limit of "
            "10");
  EXPECT_EQ(error_of("tasks: [fly P1]\n"),
            "line 1:9: 'tasks': cannot read task 'fly P1': expected one of deal, mulligan, turn, "
            "second_draw, draw, reveal, pay, offer, free_play, tuck, mole, end_turn");
  EXPECT_EQ(error_of("deck: {top: 1, bottom: 1}\nbox_unseen: 0\n"),
            "line 1:7: 'deck': the deck (1 + 1 cards) and the box (0 unseen) must hold the 158 "
            "unseen cards");
  // A task that pays for a card must have somewhere to put it.
  EXPECT_EQ(error_of("tasks: [pay P1 LR01 left of tree 9, end_turn P1]\n"
                     "players: {P1: {forest: [{tree: oak}]}}\n"),
            "line 1:1: this position breaks the rules: the card being paid for goes to tree 9, "
            "which P1 does not have");
  EXPECT_EQ(error_of("tasks: [pay P1 LR10 left of tree 1, end_turn P1]\n"
                     "players: {P1: {forest: [{tree: oak, left: LR01}]}}\n"),
            "line 1:1: this position breaks the rules: the card being paid for goes to the taken "
            "left slot of tree 1");
  EXPECT_EQ(error_of("tasks: [pay P1 linden top of tree 1, end_turn P1]\n"
                     "players: {P1: {forest: [{tree: oak}]}}\n"),
            "line 1:9: 'tasks': cannot read task 'pay P1 linden top of tree 1': linden has no top "
            "half");
  EXPECT_EQ(error_of("tasks: [pay P1 birch, end_turn P1]\n"),
            "line 1:1: this position breaks the rules: Birch costs nothing: there is nothing to "
            "pay");
  // The first winter card lies on the bottom pile until it comes out.
  EXPECT_EQ(error_of("winter: 1\ndeck: {top: 100, winter_on_top: 1, bottom: 57}\n"),
            "line 1:1: this position breaks the rules: 1 winter card(s) on top of the bottom pile "
            "with 1 revealed: the first winter card lies there until it comes out");
  EXPECT_EQ(error_of("players: {P1: {hand: [oak]}\n"),
            "start:2:1: malformed YAML: end of map flow not found");
}

}  // namespace
}  // namespace grove::forest_shuffle
