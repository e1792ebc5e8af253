// grove explore's search, without the analyses of the finished graph:
// distinct states per second and bytes per state in the fingerprint set,
// on Pass the Pandas for two players with six dice each (151,013 states),
// with and without the extra work of rule coverage and of comparing the
// rulings' alternatives, and with one and two jobs.
//
//   build-release/tools/explore_bench

#include <benchmark/benchmark.h>

#include "checker/explorer.hpp"
#include "engine/games/builtin.hpp"

namespace grove::bench {
namespace {

void Explore(benchmark::State& benchmark_state, const char* game_name, const char* settings,
             int players) {
  const Game& game = builtin_games().get(game_name);
  Variant variant(game);
  variant.set_parameter_text(settings);
  const auto rules = game.rules(variant, players);
  checker::AlternativeRules others = checker::alternatives_of(*rules);
  std::vector<const Rules*> other_rules;
  for (const auto& other : others.rules) other_rules.push_back(other.get());
  checker::ExploreOptions options;
  options.jobs = static_cast<int>(benchmark_state.range(0));
  options.coverage = benchmark_state.range(1) != 0;
  options.compare_rulings = benchmark_state.range(2) != 0;
  std::int64_t states = 0;
  double bytes = 0;
  for (auto _ : benchmark_state) {
    const checker::Exploration exploration =
        checker::explore(*rules, other_rules, others.alternatives, options);
    states += exploration.states();
    bytes = static_cast<double>(exploration.fingerprint_bytes()) /
            static_cast<double>(exploration.states());
  }
  benchmark_state.counters["states_per_second"] =
      benchmark::Counter(static_cast<double>(states), benchmark::Counter::kIsRate);
  benchmark_state.counters["fingerprint_bytes_per_state"] = benchmark::Counter(bytes);
}

BENCHMARK_CAPTURE(Explore, pass_the_pandas_6_dice, "pass_the_pandas", "dice_per_player={2: 6}", 2)
    ->ArgNames({"jobs", "coverage", "rulings"})
    ->Args({1, 0, 0})
    ->Args({1, 1, 0})
    ->Args({1, 1, 1})
    ->Args({2, 0, 0})
    ->Args({2, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Explore, pass_the_pandas_8_dice, "pass_the_pandas", "dice_per_player={2: 8}", 2)
    ->ArgNames({"jobs", "coverage", "rulings"})
    ->Args({1, 0, 0})
    ->Args({2, 0, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace grove::bench

BENCHMARK_MAIN();
