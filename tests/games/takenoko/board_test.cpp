// The table as people see it: the plantation drawn as a honeycomb map with its
// channels, the players' boards, and what each player may see of the state.
// Positions are built directly as values, so these tests do not depend on the
// YAML form.

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/games/takenoko/takenoko.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

const Game& takenoko_game() {
  static const Game game = definition();
  return game;
}

const TakenokoRules& two_players() {
  static const std::unique_ptr<Rules> rules = takenoko_game().rules(Variant(takenoko_game()), 2);
  return dynamic_cast<const TakenokoRules&>(*rules);
}

// A plot from the tile pile, with its bamboo from the supply and an
// improvement token from the reserve, so that the table stays whole.
void place(Position& position, const Hex& at, Tile tile, int height, bool irrigated,
           Improvement token = Improvement::None) {
  --position.tiles.unseen[tile];
  Plot plot{at,        colour_of(tile), printed_of(tile), printed_of(tile) != Improvement::None,
            irrigated, height};
  if (token != Improvement::None) {
    --position.improvement_reserve[token_index(token)];
    plot.improvement = token;
    plot.printed = false;
  }
  position.bamboo[static_cast<std::size_t>(plot.colour)] -= height;
  position.add_plot(plot);
}

void channel(Position& position, const Hex& a, const Hex& b) {
  --position.channel_reserve;
  position.add_channel(edge_between(a, b));
}

ObjectiveId objective(const char* name) {
  const auto id = parse_objective(name);
  EXPECT_TRUE(id.has_value()) << name;
  return id.value_or(0);
}

// Moves an objective card from its pile to the player's hand.
void deal(Position& position, Seat seat, const char* name) {
  const ObjectiveId id = objective(name);
  --position.objectives[static_cast<std::size_t>(card_of(id).category)].unseen[id];
  ++position.players[static_cast<std::size_t>(seat)].hand[id];
}

// In the middle of P1's turn in round 2:
//
//   1,0  green, fertilizer printed, 3 sections, irrigated, the gardener on it
//   0,1  yellow with a fertilizer token, 1 section, irrigated
//   1,1  pink, 1 section, irrigated by the channels
//   channels 0,1|1,0 (from the pond's corner) and 0,1|1,1; the panda on the pond.
Position small_plantation() {
  Position position = two_players().fresh_position();
  place(position, Hex{1, 0}, tile_of(Colour::Green, Improvement::Fertilizer), 3, true);
  place(position, Hex{0, 1}, tile_of(Colour::Yellow, Improvement::None), 1, true,
        Improvement::Fertilizer);
  place(position, Hex{1, 1}, tile_of(Colour::Pink, Improvement::None), 1, true);
  channel(position, Hex{0, 1}, Hex{1, 0});
  channel(position, Hex{0, 1}, Hex{1, 1});
  position.gardener = Hex{1, 0};
  position.panda = kPond;
  deal(position, 0, "plot-green-line");
  deal(position, 0, "panda-2-yellow");
  deal(position, 1, "gardener-pink-4-watershed");
  position.dealt = 6;
  position.step = Step::Actions;
  position.turn = 0;
  position.round = 2;
  return position;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

struct Place {
  std::size_t line = 0;
  std::size_t column = 0;
};

std::optional<Place> find_token(const std::vector<std::string>& lines, const std::string& token) {
  for (std::size_t line = 0; line < lines.size(); ++line) {
    const auto column = lines[line].find(token);
    if (column != std::string::npos) return Place{line, column};
  }
  return std::nullopt;
}

char glyph_at(const std::vector<std::string>& lines, std::size_t line, std::size_t column) {
  if (line >= lines.size() || column >= lines[line].size()) return ' ';
  return lines[line][column];
}

std::string board_of(const Position& position) {
  return two_players().board(GameState<Position>(position));
}

TEST(TakenokoBoard, PlotsSitInAHoneycombAroundThePond) {
  const std::string board = board_of(small_plantation());
  const std::vector<std::string> lines = lines_of(board);
  const auto pond = find_token(lines, "PONDp");
  const auto green = find_token(lines, "G3F~g");
  const auto yellow = find_token(lines, "Y1f~");
  const auto pink = find_token(lines, "P1.~");
  ASSERT_TRUE(pond && green && yellow && pink) << board;
  // 1,0 is east of the pond: the same row, one cell (5 characters and a gap)
  // to the right.
  EXPECT_EQ(green->line, pond->line) << board;
  EXPECT_EQ(green->column, pond->column + 6) << board;
  // 0,1 is south-east of the pond: the next row of cells (after a row of
  // channel glyphs), half a cell to the right.
  EXPECT_EQ(yellow->line, pond->line + 2) << board;
  EXPECT_EQ(yellow->column, pond->column + 3) << board;
  // 1,1 is east of 0,1.
  EXPECT_EQ(pink->line, yellow->line) << board;
  EXPECT_EQ(pink->column, yellow->column + 6) << board;
  // -1,0, west of the pond, is empty and a plot may go there.
  EXPECT_EQ(lines[pond->line].substr(pond->column - 6, 6), "  +   ") << board;
  // 0,-1 (north-west of the pond) too, on the row above, half a cell left.
  EXPECT_EQ(lines[pond->line - 2].substr(pond->column - 3, 3), "  +") << board;
}

TEST(TakenokoBoard, ChannelsShowBetweenTheTwoCells) {
  const std::string board = board_of(small_plantation());
  const std::vector<std::string> lines = lines_of(board);
  const auto pond = find_token(lines, "PONDp");
  const auto green = find_token(lines, "G3F~g");
  const auto yellow = find_token(lines, "Y1f~");
  ASSERT_TRUE(pond && green && yellow) << board;
  // 0,1|1,0 is the south-west border of 1,0: '/' under the green plot's first
  // character, above the yellow plot.
  EXPECT_EQ(glyph_at(lines, green->line + 1, green->column), '/') << board;
  // No channel on the pond's south-east border.
  EXPECT_EQ(glyph_at(lines, pond->line + 1, pond->column + 4), ' ') << board;
  // 0,1|1,1 is an east-west border: '=' in the gap after the yellow plot.
  EXPECT_EQ(glyph_at(lines, yellow->line, yellow->column + 5), '=') << board;
  // No channel between the pond and 1,0.
  EXPECT_EQ(glyph_at(lines, pond->line, pond->column + 5), ' ') << board;
  // The channels and pieces are also written out.
  EXPECT_NE(board.find("channels (2): 0,1|1,0  0,1|1,1"), std::string::npos) << board;
  EXPECT_NE(board.find("gardener at 1,0; panda at 0,0 (the pond)"), std::string::npos) << board;
  // The legend comes once, apart from the board.
  EXPECT_EQ(board.find("G3F~g = green plot"), std::string::npos) << board;
  EXPECT_NE(two_players().board_legend().find("G3F~g = green plot"), std::string::npos);
}

TEST(TakenokoBoard, ASouthEastChannelShowsUnderTheUpperCell) {
  Position position = small_plantation();
  place(position, Hex{1, -1}, tile_of(Colour::Green, Improvement::None), 1, true);
  channel(position, Hex{1, -1}, Hex{1, 0});
  const std::string board = board_of(position);
  const std::vector<std::string> lines = lines_of(board);
  const auto upper = find_token(lines, "G1.~");
  const auto green = find_token(lines, "G3F~g");
  ASSERT_TRUE(upper && green) << board;
  EXPECT_EQ(green->line, upper->line + 2) << board;
  EXPECT_EQ(green->column, upper->column + 3) << board;
  EXPECT_EQ(glyph_at(lines, upper->line + 1, upper->column + 4), '\\') << board;
}

TEST(TakenokoBoard, PlayersLinesShowHandsCompletedObjectivesAndScores) {
  Position position = small_plantation();
  const ObjectiveId panda = objective("panda-2-green");
  --position.objectives[static_cast<std::size_t>(Category::Panda)].unseen[panda];
  ++position.players[1].completed[panda];
  position.players[1].eaten[static_cast<std::size_t>(Colour::Yellow)] = 1;
  ++position.players[0].channels;
  --position.channel_reserve;
  const std::string board = board_of(position);
  const std::vector<std::string> lines = lines_of(board);
  const auto p1 = find_token(lines, "P1: ");
  const auto p2 = find_token(lines, "P2: ");
  ASSERT_TRUE(p1 && p2) << board;
  const std::string& first = lines[p1->line];
  const std::string& second = lines[p2->line];
  EXPECT_NE(first.find("hand (2): plot-green-line, panda-2-yellow"), std::string::npos) << board;
  EXPECT_NE(first.find("score 0"), std::string::npos) << board;
  EXPECT_NE(first.find("kept: 1 channel"), std::string::npos) << board;
  EXPECT_NE(second.find("hand (1): gardener-pink-4-watershed"), std::string::npos) << board;
  EXPECT_NE(second.find("completed (1): panda-2-green (3)"), std::string::npos) << board;
  EXPECT_NE(second.find("score 3"), std::string::npos) << board;
  EXPECT_NE(second.find("eaten green 0, yellow 1, pink 0"), std::string::npos) << board;
  EXPECT_NE(board.find("turn: P1 to choose an action (round 2)"), std::string::npos) << board;
}

TEST(TakenokoBoard, TheSummaryNamesWhoIsToPlayAndTheScores) {
  Position position = small_plantation();
  position.weather = Weather::Rain;
  position.actions_used = 1 << static_cast<int>(Action::Gardener);
  position.actions_taken = 1;
  EXPECT_EQ(two_players().state_summary(GameState<Position>(position)),
            "P1 to choose an action (round 2, rain, actions taken: gardener); scores P1 0, P2 0");
}

TEST(TakenokoObservation, OthersHandsAreHiddenButOnesOwnIsSeen) {
  const TakenokoRules& rules = two_players();
  Position one = small_plantation();
  Position other = small_plantation();
  // P1 holds plot-green-line in one state and plot-yellow-line in the other.
  const ObjectiveId green = objective("plot-green-line");
  const ObjectiveId yellow = objective("plot-yellow-line");
  auto& pile = other.objectives[static_cast<std::size_t>(Category::Plot)].unseen;
  ++pile[green];
  --other.players[0].hand[green];
  --pile[yellow];
  ++other.players[0].hand[yellow];
  const GameState<Position> a(one);
  const GameState<Position> b(other);
  EXPECT_EQ(rules.observation(a, 1), rules.observation(b, 1));
  EXPECT_NE(rules.observation(a, 0), rules.observation(b, 0));
  EXPECT_NE(rules.observation(a, 0).find("plot-green-line"), std::string::npos);
  EXPECT_EQ(rules.observation(a, 1).find("plot-green-line"), std::string::npos);
  EXPECT_NE(rules.observation(a, 1).find("gardener-pink-4-watershed"), std::string::npos);
}

TEST(TakenokoObservation, DrawnPlotsAreSeenByTheirPlayerOnly) {
  const TakenokoRules& rules = two_players();
  auto drawing = [](Tile first, Tile second) {
    Position position = small_plantation();
    position.actions_used = 1 << static_cast<int>(Action::Plots);
    position.actions_taken = 1;
    position.step = Step::KeepPlot;
    for (Tile tile : {first, second}) {
      --position.tiles.unseen[tile];
      position.drawn.push_back(tile);
    }
    return position;
  };
  const GameState<Position> a(drawing(tile_of(Colour::Pink, Improvement::Watershed),
                                      tile_of(Colour::Green, Improvement::None)));
  const GameState<Position> b(drawing(tile_of(Colour::Yellow, Improvement::Enclosure),
                                      tile_of(Colour::Green, Improvement::None)));
  EXPECT_EQ(rules.observation(a, 1), rules.observation(b, 1));
  EXPECT_NE(rules.observation(a, 0), rules.observation(b, 0));
  EXPECT_NE(rules.observation(a, 0).find("pink-watershed"), std::string::npos);
  EXPECT_NE(rules.board(a).find("drawn plots: pink-watershed, green"), std::string::npos)
      << rules.board(a);
}

}  // namespace
}  // namespace grove::takenoko
