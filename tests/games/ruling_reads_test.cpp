// Every game reads each ruling through its Ruled setting where play needs
// it (RulingReads, engine/core/ruling.hpp), so the explorer compares another
// reading only at the states where the rules read its ruling. Over the first
// states of every game's default and small variants, comparing there finds
// what comparing at every state (--all-checks) finds: the same states where
// each reading parts from the variant's, and no ruling read unmarked.
// (The mechanism itself, on a game planted to read a ruling unmarked, is in
// checker/explorer_test.cpp.)

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checker/explorer.hpp"
#include "tests/support/small_tables.hpp"

namespace grove::checker {
namespace {

TEST(RulingReads, ComparingWhereTheRulesReadARulingFindsWhatComparingEverywhereFinds) {
  for (const testing::SmallTable& table : testing::small_tables()) {
    AlternativeRules others = alternatives_of(*table.rules);
    std::vector<const Rules*> other_rules;
    for (const auto& other : others.rules) other_rules.push_back(other.get());
    ExploreOptions options;
    options.start = table.start.get();
    options.limits.max_states = 4000;
    const Exploration where_read = explore(*table.rules, other_rules, others.alternatives, options);
    options.all_checks = true;
    const Exploration everywhere = explore(*table.rules, other_rules, others.alternatives, options);
    EXPECT_FALSE(everywhere.property().seen())
        << table.label << ": " << everywhere.property().detail;
    ASSERT_EQ(where_read.states(), everywhere.states()) << table.label;
    for (std::size_t a = 0; a < others.alternatives.size(); ++a) {
      const Sighting& found = where_read.alternatives()[a].differs;
      const Sighting& all = everywhere.alternatives()[a].differs;
      const std::string what = table.label + ", " + others.alternatives[a].label();
      EXPECT_EQ(found.count, all.count) << what;
      EXPECT_EQ(found.state, all.state) << what;
      EXPECT_EQ(found.move, all.move) << what;
    }
  }
}

}  // namespace
}  // namespace grove::checker
