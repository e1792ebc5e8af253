// Whole random games of Takenoko: the game's invariants (every component
// conserved, heights within range, bamboo only where a plot was irrigated,
// channels on the network, hands within the limit) hold after every step,
// under random rulings and player counts; and the games that random play
// cannot finish are the dead end the rules leave: every tile placed and
// every hand full, so nobody can draw an objective again.

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

// One table: a ruling alternative for every ruling, the advanced objectives
// or not, a bamboo supply and a player count.
struct Table {
  std::vector<std::string> rulings;  // ID=ALTERNATIVE
  bool advanced_objectives = false;
  int green_sections = 0;
  int players = 0;
};

std::ostream& operator<<(std::ostream& out, const Table& table) {
  out << table.players << " players, " << table.green_sections << " green sections, advanced "
      << (table.advanced_objectives ? "on" : "off");
  for (const std::string& ruling : table.rulings) out << ", " << ruling;
  return out;
}

// Every player count at every RapidCheck size: the counts are picked from a
// list (which RapidCheck does not scale), and the supply at full size
// (RapidCheck scales integer ranges with the size: below size 50 the
// player count was always 2 and the supply 1 green section).
rc::Gen<Table> tables() {
  return rc::gen::exec([] {
    const Game& game = builtin_games().get("takenoko");
    Table table;
    for (const Ruling& ruling : game.rulings) {
      table.rulings.push_back(ruling.id + "=" + *rc::gen::elementOf(ruling.alternative_ids()));
    }
    table.advanced_objectives = *rc::gen::arbitrary<bool>();
    // A small supply makes the supply rulings matter.
    table.green_sections = *rc::gen::resize(100, rc::gen::inRange(1, 29));
    table.players = *rc::gen::element(2, 3, 4);
    return table;
  });
}

RC_GTEST_PROP(TakenokoGames, InvariantsHoldAfterEveryStepOfWholeGames, ()) {
  const Table table = *tables();
  RC_TAG(table.players);
  const Game& game = builtin_games().get("takenoko");
  Variant variant(game);
  for (const std::string& ruling : table.rulings) variant.set_ruling_text(ruling);
  variant.set_parameter_text(std::string("advanced_objectives=") +
                             (table.advanced_objectives ? "true" : "false"));
  variant.set_parameter_text("bamboo_sections={green: " + std::to_string(table.green_sections) +
                             "}");
  const auto rules = game.rules(variant, table.players);
  Rng rng(*rc::gen::arbitrary<std::uint64_t>());
  RandomAgent agent;
  auto state = rules->initial_state();
  for (std::int64_t step = 0; step < 1500 && rules->node(*state).kind != NodeKind::Terminal;
       ++step) {
    const Move move = next_move(*rules, *state, agent, rng);
    RC_ASSERT(rules->apply(*state, move, nullptr).is_legal());
    const auto problems = rules->invariant_violations(*state);
    if (!problems.empty()) RC_FAIL("after '" + rules->move_text(move) + "': " + problems.front());
  }
}

// The tables above, sampled at small and large RapidCheck sizes alike:
// every player count, small and large supplies turn up at each.
TEST(TakenokoGames, TheGamesAbovePlayEveryPlayerCountAtEveryRapidCheckSize) {
  const rc::Gen<Table> gen = tables();
  for (const int size : {0, 1, 10, 25, 50, 75, 100}) {
    rc::Random random(static_cast<std::uint64_t>(2026 + size));
    std::map<int, int> players;
    int small_supply = 0;
    constexpr int kTables = 300;
    for (int i = 0; i < kTables; ++i) {
      const Table table = gen(random.split(), size).value();
      ++players[table.players];
      small_supply += table.green_sections <= 10 ? 1 : 0;
    }
    EXPECT_EQ(players.size(), 3U) << "at size " << size;
    for (const auto& [count, tables] : players) {
      EXPECT_GT(tables, kTables / 5) << count << " players at size " << size;
    }
    EXPECT_GT(small_supply, kTables / 5) << "at size " << size;
    EXPECT_LT(small_supply, kTables * 4 / 5) << "at size " << size;
  }
}

TEST(TakenokoGames, RandomGamesThatDoNotEndAreStuckWithFullHandsAndNoTileLeft) {
  const Game& game = builtin_games().get("takenoko");
  for (int players = 2; players <= 4; ++players) {
    const auto rules = game.rules(Variant(game), players);
    int cut = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      Rng rng(seed);
      RandomAgent agent;
      auto state = rules->initial_state();
      std::int64_t steps = 0;
      for (; rules->node(*state).kind != NodeKind::Terminal && steps < rules->step_bound();
           ++steps) {
        ASSERT_TRUE(
            rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
      }
      if (rules->node(*state).kind == NodeKind::Terminal) continue;
      ++cut;
      const Position& position = position_of<Position>(*state);
      EXPECT_EQ(position.tiles.size(), 0) << players << " players, seed " << seed;
      for (const Player& player : position.players) {
        EXPECT_EQ(player.hand_size(), rules->variant().integer("hand_limit"))
            << players << " players, seed " << seed;
      }
    }
    // Random play of two players gets stuck in most games; the claim is
    // about those games, so some must have been cut.
    if (players == 2) {
      EXPECT_GT(cut, 0);
    }
  }
}

// An action's move is refused unless the rules list it exactly: the same
// move with an argument the action does not use set, or an objective pile
// that does not exist, is refused at every actions step of random games,
// though the move as listed is legal there.
TEST(TakenokoGames, AnActionMoveUnlikeEveryListedOneIsRefused) {
  const Game& game = builtin_games().get("takenoko");
  const auto rules = game.rules(Variant(game), 2);
  std::map<std::uint16_t, int> checked;  // by kind
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    Rng rng(seed);
    RandomAgent agent;
    auto state = rules->initial_state();
    std::vector<Move> legal;
    for (int step = 0; step < 300 && rules->node(*state).kind != NodeKind::Terminal; ++step) {
      if (rules->node(*state).kind == NodeKind::Decision &&
          position_of<Position>(*state).step == Step::Actions) {
        rules->legal_moves(*state, legal);
        for (const Move& move : legal) {
          const bool moves_a_piece = move.kind == kMoveGardener || move.kind == kMovePanda;
          const int used = moves_a_piece ? 2 : move.kind == kTakeObjective ? 1 : 0;
          const bool action = moves_a_piece || move.kind == kTakeObjective ||
                              move.kind == kTakePlots || move.kind == kTakeChannel ||
                              move.kind == kEndTurn;
          if (!action) continue;
          std::vector<Move> unlike;
          Move stray = move;
          stray.args[static_cast<std::size_t>(used)] = 1;
          unlike.push_back(stray);
          if (move.kind == kTakeObjective) {
            for (const int pile : {-1, kCategories}) {
              Move other = move;
              other.args[0] = static_cast<std::int16_t>(pile);
              unlike.push_back(other);
            }
          }
          for (const Move& refused : unlike) {
            auto copy = state->clone();
            EXPECT_FALSE(rules->apply(*copy, refused, nullptr).is_legal())
                << "'" << rules->move_text(move) << "' with arguments changed, seed " << seed;
            ++checked[move.kind];
          }
          auto copy = state->clone();
          EXPECT_TRUE(rules->apply(*copy, move, nullptr).is_legal()) << rules->move_text(move);
        }
      }
      ASSERT_TRUE(rules->apply(*state, next_move(*rules, *state, agent, rng), nullptr).is_legal());
    }
  }
  for (const std::uint16_t kind :
       {kMoveGardener, kMovePanda, kTakeObjective, kTakePlots, kTakeChannel, kEndTurn}) {
    EXPECT_GT(checked[kind], 0) << "no move of kind " << kind << " came up";
  }
}

}  // namespace
}  // namespace grove::takenoko
