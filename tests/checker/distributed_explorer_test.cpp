// The explorer split over ranks (ExploreOptions::exchange) finds what one
// process finds: the same states numbered the same, the same edges, the
// same first sightings with the same shortest traces, the same rulings
// that matter and the same exact probabilities. The ranks here are
// threads joined by an Exchange of barriers, so the search's distribution
// is tested without MPI; tests/cluster/ runs the same over mpirun.

#include <gtest/gtest.h>

#include <barrier>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "checker/explorer.hpp"
#include "checker/remote_numbers.hpp"
#include "checker/state_graph.hpp"
#include "engine/games/builtin.hpp"
#include "tests/checker/planted_game.hpp"

namespace grove {
namespace {

using checker::Exploration;
using checker::ExploreOptions;
using testing::PlantedBug;

// What the ranks share: a box from each rank to each, and one value each.
struct Meeting {
  explicit Meeting(int ranks)
      : size(ranks),
        sync(ranks),
        boxes(static_cast<std::size_t>(ranks), std::vector<std::string>(ranks)),
        values(static_cast<std::size_t>(ranks)),
        gathered(static_cast<std::size_t>(ranks)) {}
  int size;
  std::barrier<> sync;
  std::vector<std::vector<std::string>> boxes;  // [from][to]
  std::vector<std::int64_t> values;
  std::vector<std::string> gathered;
};

class ThreadExchange final : public checker::Exchange {
 public:
  ThreadExchange(Meeting& meeting, int rank) : meeting_(meeting), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return meeting_.size; }
  std::vector<std::string> all_to_all(const std::vector<std::string>& outgoing) override {
    for (int to = 0; to < size(); ++to) {
      meeting_.boxes[at(rank_)][at(to)] = outgoing[at(to)];
      if (to != rank_) sent_ += static_cast<std::int64_t>(outgoing[at(to)].size());
    }
    meeting_.sync.arrive_and_wait();
    std::vector<std::string> incoming(at(size()));
    for (int from = 0; from < size(); ++from)
      incoming[at(from)] = meeting_.boxes[at(from)][at(rank_)];
    meeting_.sync.arrive_and_wait();
    return incoming;
  }
  std::int64_t sum(std::int64_t value) override {
    return reduce(value, [](std::int64_t a, std::int64_t b) { return a + b; });
  }
  std::int64_t largest(std::int64_t value) override {
    return reduce(value, [](std::int64_t a, std::int64_t b) { return std::max(a, b); });
  }
  std::vector<std::string> gather(const std::string& bytes) override {
    meeting_.gathered[at(rank_)] = bytes;
    meeting_.sync.arrive_and_wait();
    std::vector<std::string> all = rank_ == 0 ? meeting_.gathered : std::vector<std::string>{};
    meeting_.sync.arrive_and_wait();
    return all;
  }
  std::int64_t bytes_sent() const override { return sent_; }

 private:
  static std::size_t at(int index) { return static_cast<std::size_t>(index); }
  std::int64_t reduce(std::int64_t value,
                      const std::function<std::int64_t(std::int64_t, std::int64_t)>& combine) {
    meeting_.values[at(rank_)] = value;
    meeting_.sync.arrive_and_wait();
    std::int64_t result = meeting_.values[0];
    for (int r = 1; r < size(); ++r) result = combine(result, meeting_.values[at(r)]);
    meeting_.sync.arrive_and_wait();
    return result;
  }

  Meeting& meeting_;
  int rank_;
  std::int64_t sent_ = 0;
};

// One search of the game's rules made by `make_rules`, with every ruling
// compared; on `ranks` threads when more than one. Each rank builds its
// own rules, as each MPI process does.
struct Explored {
  std::unique_ptr<Rules> rules;
  checker::AlternativeRules others;
  std::unique_ptr<Exploration> exploration;
};

using Gather = ExploreOptions::Gather;

Explored explore_on(int ranks, const std::function<std::unique_ptr<Rules>()>& make_rules,
                    Gather gather = Gather::IfItFits) {
  const auto search = [&](checker::Exchange* exchange) {
    Explored run{make_rules(), {}, nullptr};
    run.others = checker::alternatives_of(*run.rules);
    std::vector<const Rules*> other_rules;
    for (const auto& other : run.others.rules) other_rules.push_back(other.get());
    ExploreOptions options;
    options.exchange = exchange;
    options.gather = gather;
    run.exploration = std::make_unique<Exploration>(
        checker::explore(*run.rules, other_rules, run.others.alternatives, options));
    return run;
  };
  if (ranks == 1) return search(nullptr);
  Meeting meeting(ranks);
  std::vector<Explored> runs(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int rank = 0; rank < ranks; ++rank) {
    threads.emplace_back([&, rank] {
      ThreadExchange exchange(meeting, rank);
      runs[static_cast<std::size_t>(rank)] = search(&exchange);
    });
  }
  for (std::thread& thread : threads) thread.join();
  return std::move(runs[0]);
}

void expect_same_sighting(const checker::Sighting& a, const checker::Sighting& b,
                          const char* what) {
  EXPECT_EQ(a.count, b.count) << what;
  EXPECT_EQ(a.state, b.state) << what;
  EXPECT_EQ(a.depth, b.depth) << what;
  EXPECT_EQ(a.move, b.move) << what;
  EXPECT_EQ(a.detail, b.detail) << what;
}

// Everything a report is made of, compared.
void expect_same_exploration(const Exploration& one, const Exploration& split, int ranks) {
  EXPECT_EQ(split.ranks(), ranks);
  ASSERT_EQ(one.states(), split.states());
  ASSERT_EQ(one.transitions(), split.transitions());
  EXPECT_EQ(one.expanded(), split.expanded());
  EXPECT_EQ(one.depth(), split.depth());
  EXPECT_EQ(one.initial(), split.initial());
  EXPECT_EQ(one.fingerprint_bytes(), split.fingerprint_bytes());
  for (checker::StateIndex v = 0; v < one.states(); ++v) {
    ASSERT_EQ(one.depth_of(v), split.depth_of(v)) << "state " << v;
  }
  // A graph left on the ranks is not here to compare, only what was found on it.
  if (split.analysed_on_ranks() == nullptr) {
    for (checker::StateIndex v = 0; v < one.states(); ++v) {
      ASSERT_EQ(one.node_class(v), split.node_class(v)) << "state " << v;
      ASSERT_EQ(one.parent(v), split.parent(v)) << "state " << v;
      ASSERT_EQ(one.depth_of(v), split.depth_of(v)) << "state " << v;
      ASSERT_EQ(one.winners(v), split.winners(v)) << "state " << v;
      ASSERT_EQ(one.edges_begin(v), split.edges_begin(v)) << "state " << v;
    }
    for (std::size_t e = 0; e < static_cast<std::size_t>(one.transitions()); ++e) {
      ASSERT_EQ(one.edge_target(e), split.edge_target(e)) << "edge " << e;
      ASSERT_EQ(one.edge_probability(e), split.edge_probability(e)) << "edge " << e;
    }
  }
  expect_same_sighting(one.stuck(), split.stuck(), "stuck");
  expect_same_sighting(one.invariant(), split.invariant(), "invariant");
  expect_same_sighting(one.rejected_move(), split.rejected_move(), "rejected move");
  expect_same_sighting(one.exception(), split.exception(), "exception");
  ASSERT_EQ(one.alternatives().size(), split.alternatives().size());
  for (std::size_t a = 0; a < one.alternatives().size(); ++a) {
    expect_same_sighting(one.alternatives()[a].differs, split.alternatives()[a].differs,
                         one.alternatives()[a].label().c_str());
  }
  EXPECT_EQ(one.clauses(), split.clauses());
  EXPECT_EQ(one.has_broken_edges(), split.has_broken_edges());
}

std::unique_ptr<Rules> planted_rules(const Game& game) { return game.rules(Variant(game), 2); }

// What a rank remembers of other ranks' numbers: what it was told, until
// a fingerprint that wants the same slot replaces it (then it is sent
// again), and never more than its bound, however many it is told.
TEST(RemoteNumbers, RemembersWhatItWasToldUpToItsBound) {
  using checker::RemoteNumbers;
  RemoteNumbers none;  // one process
  none.remember(5, 7);
  EXPECT_EQ(none.find(5), RemoteNumbers::kUnknown);

  RemoteNumbers numbers(4096);
  // Fingerprints whose high bits give each its own slot, at any size from
  // 1,024 slots: all are kept while the slots double.
  const auto spread = [](std::uint64_t i) { return i << 54 | 3; };
  for (std::uint32_t i = 0; i < 1024; ++i) numbers.remember(spread(i), 10 * i);
  for (std::uint32_t i = 0; i < 1024; ++i) ASSERT_EQ(numbers.find(spread(i)), 10 * i) << i;
  EXPECT_EQ(numbers.find(spread(0) + 8), RemoteNumbers::kUnknown);
  numbers.remember(spread(0) + 8, 99);  // the same slot as spread(0)
  EXPECT_EQ(numbers.find(spread(0) + 8), 99U);
  EXPECT_EQ(numbers.find(spread(0)), RemoteNumbers::kUnknown);

  std::mt19937_64 random(5);
  std::vector<std::uint64_t> told(100'000);
  for (std::uint64_t& fingerprint : told) {
    fingerprint = random();
    numbers.remember(fingerprint, 1);
  }
  std::size_t kept = 0;
  for (const std::uint64_t fingerprint : told) kept += numbers.find(fingerprint) == 1 ? 1 : 0;
  EXPECT_LE(kept, 4096U);
  EXPECT_EQ(numbers.find(told.back()), 1U);  // the newest is always kept
}

TEST(DistributedExplorer, FindsThePlantedStuckStateWithTheSameShortestTrace) {
  const Game game = testing::planted_game(PlantedBug::Stuck);
  const Explored one = explore_on(1, [&] { return planted_rules(game); });
  ASSERT_TRUE(one.exploration->stuck().seen());
  for (const int ranks : {2, 3}) {
    const Explored split = explore_on(ranks, [&] { return planted_rules(game); });
    expect_same_exploration(*one.exploration, *split.exploration, ranks);
    EXPECT_GT(split.exploration->bytes_exchanged(), 0) << "nothing crossed between the ranks";
    EXPECT_EQ(one.exploration->trace(one.exploration->stuck().state),
              split.exploration->trace(split.exploration->stuck().state));
  }
}

TEST(DistributedExplorer, FindsTheSameRulingsAndOrdersThatMatter) {
  for (const PlantedBug bug : {PlantedBug::RulingAtThree, PlantedBug::BonusesInOrder,
                               PlantedBug::TrapAtEight, PlantedBug::Endless}) {
    const Game game = testing::planted_game(bug);
    const Explored one = explore_on(1, [&] { return planted_rules(game); });
    const Explored split = explore_on(3, [&] { return planted_rules(game); });
    expect_same_exploration(*one.exploration, *split.exploration, 3);
    const checker::EndingAnalysis a = checker::analyse_endings(*one.exploration);
    const checker::EndingAnalysis b = checker::analyse_endings(*split.exploration);
    expect_same_sighting(a.trap, b.trap, "no end reachable");
    expect_same_sighting(a.endless, b.endless, "endless play");
  }
}

// The exact probabilities come from the gathered graph: equal, not close.
// Pass the Pandas, explore_three_dice, two players: a game with chance and
// cycles, small enough to compare state by state.
std::unique_ptr<Rules> pass_the_pandas_three_dice() {
  const Game& game = builtin_games().get("pass_the_pandas");
  return game.rules(
      load_variant_file(game, std::string(GROVE_SOURCE_DIR) +
                                  "/scenarios/pass_the_pandas/variants/explore_three_dice.yaml"),
      2);
}

TEST(DistributedExplorer, PassThePandasProbabilitiesAreExactlyTheSingleProcessOnes) {
  const auto make = pass_the_pandas_three_dice;
  const Explored one = explore_on(1, make);
  const auto exact = checker::outcome_probabilities(*one.exploration, true);
  ASSERT_TRUE(exact.computed);
  for (const int ranks : {2, 3}) {
    const Explored split = explore_on(ranks, make);
    expect_same_exploration(*one.exploration, *split.exploration, ranks);
    const auto spread = checker::outcome_probabilities(*split.exploration, true);
    EXPECT_EQ(exact.win, spread.win);
    EXPECT_EQ(exact.shared, spread.shared);
    EXPECT_EQ(exact.expected_length, spread.expected_length);
    EXPECT_EQ(exact.optimal_low, spread.optimal_low);
  }
}

// --- The graph left on the ranks, the analyses run there ------------------------

void expect_same_endings(const checker::EndingAnalysis& a, const checker::EndingAnalysis& b) {
  expect_same_sighting(a.trap, b.trap, "no end reachable");
  expect_same_sighting(a.endless, b.endless, "endless play");
  EXPECT_EQ(a.loop, b.loop) << "the loop round the endless play";
  EXPECT_EQ(a.on_cycles, b.on_cycles) << "states on cycles";
}

TEST(GraphOnRanks, TracesAndEndingsAreTheSingleProcessOnes) {
  for (const PlantedBug bug :
       {PlantedBug::Stuck, PlantedBug::RulingAtThree, PlantedBug::BonusesInOrder,
        PlantedBug::TrapAtEight, PlantedBug::Endless, PlantedBug::PassAtSix}) {
    const Game game = testing::planted_game(bug);
    const Explored one = explore_on(1, [&] { return planted_rules(game); });
    const checker::EndingAnalysis a = checker::analyse_endings(*one.exploration);
    if (bug == PlantedBug::PassAtSix) {
      ASSERT_TRUE(a.endless.seen()) << "the planted passes are no endless play";
      ASSERT_FALSE(a.loop.empty());
    }
    for (const int ranks : {2, 3}) {
      SCOPED_TRACE(::testing::Message()
                   << ranks << " ranks, planted bug " << static_cast<int>(bug));
      const Explored split = explore_on(
          ranks, [&] { return planted_rules(game); }, Gather::Never);
      ASSERT_NE(split.exploration->analysed_on_ranks(), nullptr) << "the graph was gathered";
      EXPECT_EQ(split.exploration->gathered_bytes(), 0);
      EXPECT_GT(split.exploration->analysis_bytes(), 0) << "the analyses sent nothing";
      expect_same_exploration(*one.exploration, *split.exploration, ranks);
      EXPECT_EQ(one.exploration->transitions(), split.exploration->transitions());
      EXPECT_EQ(one.exploration->depth(), split.exploration->depth());
      const checker::EndingAnalysis b = checker::analyse_endings(*split.exploration);
      expect_same_endings(a, b);
      // Every finding's shortest trace, rebuilt across the ranks.
      for (const checker::Sighting* sighting : {&one.exploration->stuck(), &a.trap, &a.endless}) {
        if (sighting->seen()) {
          EXPECT_EQ(one.exploration->trace(sighting->state),
                    split.exploration->trace(sighting->state));
        }
      }
      for (std::size_t k = 0; k < one.exploration->alternatives().size(); ++k) {
        const checker::Sighting& differs = one.exploration->alternatives()[k].differs;
        if (differs.seen()) {
          EXPECT_EQ(one.exploration->trace(differs.state), split.exploration->trace(differs.state));
        }
      }
    }
  }
}

// Value iteration on the ranks: the values one process computes, to the
// iterations' tolerance.
void expect_close_outcomes(const checker::OutcomeProbabilities& exact,
                           const checker::OutcomeProbabilities& spread) {
  ASSERT_TRUE(spread.computed) << spread.why_not;
  ASSERT_EQ(exact.win.size(), spread.win.size());
  for (std::size_t s = 0; s < exact.win.size(); ++s)
    EXPECT_NEAR(exact.win[s], spread.win[s], 1e-12);
  EXPECT_NEAR(exact.shared, spread.shared, 1e-12);
  EXPECT_NEAR(exact.never_ends, spread.never_ends, 1e-12);
  EXPECT_EQ(exact.length_finite, spread.length_finite);
  if (exact.length_finite) {
    EXPECT_NEAR(exact.expected_length, spread.expected_length, 1e-12 * exact.expected_length);
  }
  EXPECT_EQ(exact.optimal_defined, spread.optimal_defined);
  EXPECT_EQ(exact.optimal_why_not, spread.optimal_why_not);
  EXPECT_NEAR(exact.optimal_low, spread.optimal_low, 1e-12);
  EXPECT_NEAR(exact.optimal_high, spread.optimal_high, 1e-12);
}

TEST(GraphOnRanks, PassThePandasProbabilitiesAreTheSingleProcessOnesTo1e12) {
  const auto make = pass_the_pandas_three_dice;
  const Explored one = explore_on(1, make);
  const auto exact = checker::outcome_probabilities(*one.exploration, true);
  ASSERT_TRUE(exact.computed);
  const checker::EndingAnalysis endings = checker::analyse_endings(*one.exploration);
  for (const int ranks : {2, 3}) {
    const Explored split = explore_on(ranks, make, Gather::Never);
    ASSERT_NE(split.exploration->analysed_on_ranks(), nullptr);
    expect_same_exploration(*one.exploration, *split.exploration, ranks);
    expect_close_outcomes(exact, checker::outcome_probabilities(*split.exploration, true));
    expect_same_endings(endings, checker::analyse_endings(*split.exploration));
  }
}

// Games with cycles: one that never ends (its chance of that), one whose
// every game ends (optimal play solved once, from random play's score),
// one the players can keep going (solved from below and above).
TEST(GraphOnRanks, PlantedGamesWithCyclesHaveTheSingleProcessOutcomes) {
  for (const PlantedBug bug :
       {PlantedBug::Endless, PlantedBug::SlipOnTails, PlantedBug::PassAtSix}) {
    SCOPED_TRACE(::testing::Message() << "planted bug " << static_cast<int>(bug));
    const Game game = testing::planted_game(bug);
    const Explored one = explore_on(1, [&] { return planted_rules(game); });
    const auto exact = checker::outcome_probabilities(*one.exploration, true);
    ASSERT_TRUE(exact.computed) << exact.why_not;
    const Explored split = explore_on(
        2, [&] { return planted_rules(game); }, Gather::Never);
    expect_close_outcomes(exact, checker::outcome_probabilities(*split.exploration, true));
  }
}

// By default the graph is gathered when rank 0 has room for it.
TEST(GraphOnRanks, TheGraphIsGatheredWhenItFits) {
  const Game game = testing::planted_game(PlantedBug::Stuck);
  const Explored split = explore_on(2, [&] { return planted_rules(game); });
  EXPECT_EQ(split.exploration->analysed_on_ranks(), nullptr);
  EXPECT_GT(split.exploration->gathered_bytes(), 0);
}

}  // namespace
}  // namespace grove
