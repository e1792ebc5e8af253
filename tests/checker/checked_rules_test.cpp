// The checking wrapper: it finds each promise of the Rules interface broken
// in a game planted to break it, and every game keeps them over the states
// the explorer reaches first and over its small variants.

#include "checker/checked_rules.hpp"

#include <gtest/gtest.h>

#include "checker/explorer.hpp"
#include "engine/core/errors.hpp"
#include "tests/checker/planted_game.hpp"
#include "tests/support/small_tables.hpp"

namespace grove::checker {
namespace {

using testing::PlantedBug;

// The message of the ContractBroken `play` throws, or "" when none.
template <class Play>
std::string broken(Play play) {
  try {
    play();
  } catch (const ContractBroken& error) {
    return error.what();
  }
  return "";
}

TEST(CheckedRules, AnUnlistedMoveThatIsAcceptedIsABrokenPromise) {
  const Game game = testing::planted_game(PlantedBug::AcceptsIllegal);
  const auto rules = game.rules(Variant(game), 2);
  const CheckedRules checked(*rules);
  auto state = checked.initial_state();
  ASSERT_TRUE(checked.apply_text(*state, "P1 adds 2", nullptr).is_legal());
  EXPECT_EQ(broken([&] { (void)checked.apply_text(*state, "P1 adds 3", nullptr); }), "");
  ASSERT_TRUE(checked.apply_text(*state, "coin tails", nullptr).is_legal());
  EXPECT_EQ(broken([&] { (void)checked.apply_text(*state, "P2 adds 3", nullptr); }),
            "'P2 adds 3' is not listed but was accepted (at: counter 2, P2 to add)");
}

TEST(CheckedRules, AListedMoveThatIsRefusedIsABrokenPromise) {
  const Game game = testing::planted_game(PlantedBug::ListsRefused);
  const auto rules = game.rules(Variant(game), 2);
  const CheckedRules checked(*rules);
  auto state = checked.initial_state();
  EXPECT_EQ(broken([&] { (void)checked.apply_text(*state, "P1 adds 3", nullptr); }),
            "'P1 adds 3' is listed but was refused: only the player to move adds 1 or 2 (at: "
            "counter 0, P1 to add)");
  // The moves the rules list and accept play as the rules say, and a
  // refusal of a move nobody lists is what the rules promise.
  state = checked.initial_state();
  for (const char* move : {"P1 adds 2", "coin heads", "P2 adds 1"}) {
    ASSERT_TRUE(checked.apply_text(*state, move, nullptr).is_legal()) << move;
  }
  EXPECT_FALSE(checked.apply_text(*state, "P1 adds 1", nullptr).is_legal());
  EXPECT_EQ(checked.state_summary(*state), "counter 4, P2 to toss");
}

TEST(CheckedRules, AViewThatHidesWhatTheRulesReadIsFoundByTheExplorer) {
  for (const PlantedBug bug : {PlantedBug::None, PlantedBug::ViewIgnoresCoin}) {
    const Game game = testing::planted_game(bug);
    const auto rules = game.rules(Variant(game), 2);
    const CheckedRules checked(*rules);
    const Exploration exploration = explore(checked, {}, {}, ExploreOptions{});
    if (bug == PlantedBug::None) {
      EXPECT_TRUE(exploration.complete());
      EXPECT_FALSE(exploration.exception().seen()) << exploration.exception().detail;
      EXPECT_FALSE(exploration.view_contract().seen()) << exploration.view_contract().detail;
    } else {
      ASSERT_TRUE(exploration.view_contract().seen());
      EXPECT_NE(exploration.view_contract().detail.find("two states with the same view behave "
                                                        "differently"),
                std::string::npos)
          << exploration.view_contract().detail;
    }
  }
}

// Every game, through the wrapper, over the first states of its default
// variant and of each of its small variants (those Bamboo Harvest deals
// from a position start there): every move the explorer applies is checked
// against the listing, and every state's view against the others with it.
TEST(CheckedRules, EveryGameKeepsItsPromisesOnItsSmallVariants) {
  const std::vector<testing::SmallTable> tables = testing::small_tables();
  for (const testing::SmallTable& table : tables) {
    const CheckedRules checked(*table.rules);
    ExploreOptions options;
    options.start = table.start.get();
    options.limits.max_states = 4000;
    const Exploration exploration = explore(checked, {}, {}, options);
    // A hundred states, or every state of a variant with fewer (Pass the
    // Pandas's view makes explore_two_dice 96).
    EXPECT_TRUE(exploration.expanded() > 100 || exploration.complete())
        << table.label << ": " << exploration.expanded() << " expanded";
    EXPECT_FALSE(exploration.exception().seen())
        << table.label << ": " << exploration.exception().detail;
  }
  EXPECT_GE(tables.size(), 10U);  // four defaults and six small variants
}

}  // namespace
}  // namespace grove::checker
