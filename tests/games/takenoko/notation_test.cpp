// The move notation: every kind of move prints and reads back to the same
// move, names are read in any case, and mistakes say what was wrong.

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

std::unique_ptr<Rules> two_players() {
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  return game.rules(variant, 2);
}

Move move_of(MoveKind kind, Seat seat, std::initializer_list<int> args = {}) {
  return make_move(kind, seat, args);
}

int objective(std::string_view name) { return parse_objective(name).value(); }
int tile(Colour colour, Improvement printed = Improvement::None) {
  return tile_of(colour, printed);
}
int weather(Weather face) { return static_cast<int>(face); }
int improvement(Improvement kind) { return static_cast<int>(kind); }

std::string error_of(const Rules& rules, const std::string& text) {
  const MoveParse parsed = rules.parse_move(text);
  return parsed.ok() ? "(no error)" : parsed.error;
}

TEST(TakenokoNotation, EveryKindOfMovePrintsAndParsesBack) {
  const auto rules = two_players();
  const std::vector<std::pair<std::string, Move>> cases = {
      {"deal P1 plot-green-line", move_of(kDeal, 0, {objective("plot-green-line")})},
      {"weather P2 rain", move_of(kRollWeather, 1, {weather(Weather::Rain)})},
      {"plot P1 green-watershed",
       move_of(kDrawPlot, 0, {tile(Colour::Green, Improvement::Watershed)})},
      {"objective P2 panda-2-green", move_of(kDrawObjective, 1, {objective("panda-2-green")})},
      {"P1 draws plots", move_of(kTakePlots, 0)},
      {"P2 takes channel", move_of(kTakeChannel, 1)},
      {"P1 moves gardener to 1,-1", move_of(kMoveGardener, 0, {1, -1})},
      {"P2 moves panda to -2,1", move_of(kMovePanda, 1, {-2, 1})},
      {"P1 draws objective gardener",
       move_of(kTakeObjective, 0, {static_cast<int>(Category::Gardener)})},
      {"P1 keeps green", move_of(kKeepPlot, 0, {tile(Colour::Green)})},
      {"P1 keeps yellow-fertilizer returning green",
       move_of(kKeepPlot, 0,
               {tile(Colour::Yellow, Improvement::Fertilizer), tile(Colour::Green) + 1})},
      {"P1 keeps pink returning green then yellow-enclosure",
       move_of(kKeepPlot, 0,
               {tile(Colour::Pink), tile(Colour::Green) + 1,
                tile(Colour::Yellow, Improvement::Enclosure) + 1})},
      // plots_drawn=5 leaves four tiles to put back.
      {"P1 keeps pink returning green then yellow then pink then green",
       move_of(kKeepPlot, 0,
               {tile(Colour::Pink), tile(Colour::Green) + 1, tile(Colour::Yellow) + 1,
                tile(Colour::Pink) + 1, tile(Colour::Green) + 1})},
      {"P1 places green-watershed at 1,-1",
       move_of(kPlacePlot, 0, {tile(Colour::Green, Improvement::Watershed), 1, -1})},
      {"P2 places pink at -1,0 with fertilizer",
       move_of(kPlacePlot, 1, {tile(Colour::Pink), -1, 0, improvement(Improvement::Fertilizer)})},
      {"P1 places channel between 0,1 and 1,0", move_of(kPlaceChannel, 0, {0, 1, 1, 0})},
      {"P1 places channel between -1,0 and -1,1", move_of(kPlaceChannel, 0, {-1, 0, -1, 1})},
      {"P2 places watershed on 1,-1",
       move_of(kPlaceImprovement, 1, {improvement(Improvement::Watershed), 1, -1})},
      {"P1 completes gardener-pink-4-watershed",
       move_of(kComplete, 0, {objective("gardener-pink-4-watershed")})},
      {"P2 ends turn", move_of(kEndTurn, 1)},
      {"P1 chooses clouds", move_of(kChooseWeather, 0, {weather(Weather::Clouds)})},
      {"P1 rain on 0,-1", move_of(kRain, 0, {0, -1})},
      {"P1 storm panda to -1,1", move_of(kStorm, 0, {-1, 1})},
      {"P1 takes enclosure", move_of(kTakeImprovement, 0, {improvement(Improvement::Enclosure)})},
      {"P1 moves fertilizer from 1,0 to 2,-1",
       move_of(kMoveImprovement, 0, {improvement(Improvement::Fertilizer), 1, 0, 2, -1})},
      {"P2 ignores weather", move_of(kIgnoreWeather, 1)},
  };
  for (const auto& [text, move] : cases) {
    const MoveParse parsed = rules->parse_move(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(parsed.move, move) << text << " read as " << rules->move_text(parsed.move);
    EXPECT_EQ(rules->move_text(move), text);
  }
}

TEST(TakenokoNotation, EveryNameReadsBack) {
  const auto rules = two_players();
  const auto round_trip = [&](const Move& move) {
    const std::string text = rules->move_text(move);
    const MoveParse parsed = rules->parse_move(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(parsed.move, move) << text;
  };
  for (int id = 0; id < kObjectiveKinds; ++id) round_trip(move_of(kComplete, 1, {id}));
  for (int kind = 0; kind < kTileKinds; ++kind) {
    round_trip(move_of(kDrawPlot, 0, {kind}));
    round_trip(move_of(kKeepPlot, 1, {kind, kind + 1, kTileKinds - kind}));
  }
  for (int face = 1; face <= 6; ++face) round_trip(move_of(kRollWeather, 0, {face}));
  for (int face = 1; face <= 5; ++face) round_trip(move_of(kChooseWeather, 0, {face}));
  for (int kind = 1; kind <= kImprovementKinds; ++kind) {
    round_trip(move_of(kTakeImprovement, 0, {kind}));
    round_trip(move_of(kPlacePlot, 0, {0, -3, 2, kind}));
  }
  for (int category = 0; category < kCategories; ++category) {
    round_trip(move_of(kTakeObjective, 0, {category}));
  }
}

TEST(TakenokoNotation, KeywordsAndNamesAreReadInAnyCase) {
  const auto rules = two_players();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"p1 PLACES Pink-Fertilizer AT (1,-1) With ENCLOSURE",
       "P1 places pink-fertilizer at 1,-1 with enclosure"},
      {"DEAL p2 Plot-Green-Yellow-Diamond", "deal P2 plot-green-yellow-diamond"},
      {"Weather P1 QUESTION", "weather P1 question"},
      {"P2 Draws Objective PANDA", "P2 draws objective panda"},
      {"P1 Moves Gardener To [-1,0]", "P1 moves gardener to -1,0"},
      {"P1 KEEPS Green RETURNING YELLOW Then pink", "P1 keeps green returning yellow then pink"},
      {"p1 chooses SUN", "P1 chooses sun"},
      {"P1 Ends Turn", "P1 ends turn"},
  };
  for (const auto& [text, printed] : cases) {
    const MoveParse parsed = rules->parse_move(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    EXPECT_EQ(rules->move_text(parsed.move), printed);
  }
}

TEST(TakenokoNotation, AChannelsCellsMayBeWrittenInEitherOrder) {
  const auto rules = two_players();
  const MoveParse one = rules->parse_move("P1 places channel between 1,0 and 0,1");
  const MoveParse other = rules->parse_move("P1 places channel between 0,1 and 1,0");
  ASSERT_TRUE(one.ok()) << one.error;
  ASSERT_TRUE(other.ok()) << other.error;
  EXPECT_EQ(one.move, other.move);
  const Edge edge = edge_between(Hex{1, 0}, Hex{0, 1});
  EXPECT_EQ(one.move, move_of(kPlaceChannel, 0, {edge.a.q, edge.a.r, edge.b.q, edge.b.r}));
  EXPECT_EQ(rules->move_text(one.move), "P1 places channel between 0,1 and 1,0");
}

TEST(TakenokoNotation, ChanceMovesCarryTheSeatTheyConcern) {
  const auto rules = two_players();
  EXPECT_EQ(rules->parse_move("weather P2 sun").move.seat, 1);
  EXPECT_EQ(rules->parse_move("deal P1 panda-3-colours").move.seat, 0);
  EXPECT_EQ(rules->parse_move("plot P2 pink").move.seat, 1);
  EXPECT_EQ(rules->parse_move("objective P2 gardener-green-3x4").move.seat, 1);
}

TEST(TakenokoNotation, MalformedMovesStillPrint) {
  const auto rules = two_players();
  EXPECT_EQ(rules->move_text(move_of(kDrawPlot, 0, {40})), "plot P1 ?");
  EXPECT_EQ(rules->move_text(move_of(kComplete, 0, {-1})), "P1 completes ?");
  EXPECT_EQ(rules->move_text(move_of(kRollWeather, 0, {9})), "weather P1 ?");
  EXPECT_EQ(rules->move_text(move_of(kTakeImprovement, 0, {7})), "P1 takes ?");
  EXPECT_EQ(rules->move_text(move_of(kTakeObjective, 0, {3})), "P1 draws objective ?");
  EXPECT_EQ(rules->move_text(move_of(kKeepPlot, 0, {0, 0, 2})),
            "P1 keeps green returning ? then green-enclosure");
  EXPECT_EQ(rules->move_text(move_of(static_cast<MoveKind>(99), 0)), "P1 unknown move 99");
}

TEST(TakenokoNotation, UnreadableMovesSayWhatWasWrong) {
  const auto rules = two_players();
  EXPECT_EQ(error_of(*rules, "P5 ends turn"),
            "cannot read move 'P5 ends turn': 'P5' is not a seat at this table (P1 to P2)");
  EXPECT_EQ(error_of(*rules, "deal P3 plot-green-line"),
            "cannot read move 'deal P3 plot-green-line': 'P3' is not a seat at this table (P1 to "
            "P2)");
  EXPECT_EQ(error_of(*rules, "plot P1 grene"),
            "cannot read move 'plot P1 grene': 'grene' is not a plot tile (green, yellow or pink, "
            "optionally with -enclosure, -fertilizer or -watershed)");
  EXPECT_EQ(error_of(*rules, "P1 keeps green returning Blue"),
            "cannot read move 'P1 keeps green returning Blue': 'Blue' is not a plot tile (green, "
            "yellow or pink, optionally with -enclosure, -fertilizer or -watershed)");
  EXPECT_EQ(error_of(*rules, "P1 places green-compost at 1,0"),
            "cannot read move 'P1 places green-compost at 1,0': 'green-compost' is not a plot "
            "tile (green, yellow or pink, optionally with -enclosure, -fertilizer or -watershed)");
  EXPECT_EQ(error_of(*rules, "P1 completes plot-green-lin"),
            "cannot read move 'P1 completes plot-green-lin': 'plot-green-lin' is not an objective "
            "card (did you mean 'plot-green-line'?)");
  EXPECT_EQ(error_of(*rules, "deal P1 seven-of-spades"),
            "cannot read move 'deal P1 seven-of-spades': 'seven-of-spades' is not an objective "
            "card (names like plot-green-line, gardener-pink-4-watershed, panda-2-green)");
  EXPECT_EQ(error_of(*rules, "P1 moves gardener to 1;2"),
            "cannot read move 'P1 moves gardener to 1;2': '1;2' is not a cell (write q,r like "
            "1,-2)");
  EXPECT_EQ(error_of(*rules, "P1 moves fertilizer from 1,0 to two"),
            "cannot read move 'P1 moves fertilizer from 1,0 to two': 'two' is not a cell (write "
            "q,r like 1,-2)");
  // Cells that are not neighbours make a readable move; the rules refuse it
  // (scenarios/takenoko/faq_channel_border_of_adjacent_plots.yaml).
  const MoveParse apart = rules->parse_move("P1 places channel between 3,0 and 1,0");
  ASSERT_TRUE(apart.ok()) << apart.error;
  EXPECT_EQ(rules->move_text(apart.move), "P1 places channel between 1,0 and 3,0");
  EXPECT_EQ(error_of(*rules, "weather P1 snow"),
            "cannot read move 'weather P1 snow': 'snow' is not a face of the weather die (sun, "
            "rain, wind, storm, clouds or question)");
  EXPECT_EQ(error_of(*rules, "weather P1 none"),
            "cannot read move 'weather P1 none': 'none' is not a face of the weather die (sun, "
            "rain, wind, storm, clouds or question)");
  EXPECT_EQ(error_of(*rules, "P1 chooses question"),
            "cannot read move 'P1 chooses question': 'question' is not a weather to choose (sun, "
            "rain, wind, storm or clouds)");
  EXPECT_EQ(error_of(*rules, "P1 takes compost"),
            "cannot read move 'P1 takes compost': 'compost' is not an improvement (enclosure, "
            "fertilizer or watershed)");
  EXPECT_EQ(error_of(*rules, "P1 places none on 1,0"),
            "cannot read move 'P1 places none on 1,0': 'none' is not an improvement (enclosure, "
            "fertilizer or watershed)");
  EXPECT_EQ(error_of(*rules, "P1 draws objective bamboo"),
            "cannot read move 'P1 draws objective bamboo': 'bamboo' is not an objective pile "
            "(plot, gardener or panda)");
  const std::string forms =
      "expected one of 'deal P1 OBJECTIVE', 'weather P1 FACE', 'plot P1 TILE', 'objective P1 "
      "OBJECTIVE', 'P1 draws plots', 'P1 takes channel', 'P1 moves gardener to CELL', 'P1 moves "
      "panda to CELL', 'P1 draws objective CATEGORY', 'P1 keeps TILE [returning TILE [then "
      "TILE ...]]', 'P1 places TILE at CELL [with IMPROVEMENT]', 'P1 places channel between CELL "
      "and "
      "CELL', 'P1 places IMPROVEMENT on CELL', 'P1 completes OBJECTIVE', 'P1 ends turn', 'P1 "
      "chooses WEATHER', 'P1 rain on CELL', 'P1 storm panda to CELL', 'P1 takes IMPROVEMENT', 'P1 "
      "moves IMPROVEMENT from CELL to CELL', 'P1 ignores weather'";
  // One word away from 'P1 places TILE at CELL': the slip is named first.
  EXPECT_EQ(error_of(*rules, "P1 plants green at 1,0"),
            "cannot read move 'P1 plants green at 1,0': 'plants' is not a word of this move (did "
            "you mean 'places'?); " +
                forms);
  EXPECT_EQ(error_of(*rules, "P1 grows green at 1,0"),
            "cannot read move 'P1 grows green at 1,0': " + forms);
  EXPECT_EQ(error_of(*rules, "P1 keeps green returning"),
            "cannot read move 'P1 keeps green returning': " + forms);
  EXPECT_EQ(error_of(*rules, ""), "cannot read move '': " + forms);
}

}  // namespace
}  // namespace grove::takenoko
