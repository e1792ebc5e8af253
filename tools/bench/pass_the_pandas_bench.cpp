// Random 2-player games of Pass the Pandas per second: through the generic
// engine API (the path the checker and simulators use) and as a plain
// hand-written loop. The target is the engine at least a third of the loop.
//
//   build/tools/pass_the_pandas_bench --benchmark_min_time=2   (after tools/run.sh)

#include <benchmark/benchmark.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "tools/bench/plain_pass_the_pandas.hpp"

namespace grove::bench {
namespace {

void EngineGenericPath(benchmark::State& benchmark_state) {
  const Game& game = builtin_games().get("pass_the_pandas");
  const auto rules = game.rules(Variant(game), 2);
  RandomAgent agent;
  Rng rng(1);
  std::int64_t games = 0, moves = 0;
  for (auto _ : benchmark_state) {
    auto state = rules->initial_state();
    for (Node node = rules->node(*state); node.kind != NodeKind::Terminal;
         node = rules->node(*state)) {
      const Move move = node.kind == NodeKind::Chance ? rules->sample_chance(*state, rng)
                                                      : agent.choose(*rules, *state, rng);
      const Verdict verdict = rules->apply(*state, move, nullptr);
      benchmark::DoNotOptimize(verdict);
      ++moves;
    }
    benchmark::DoNotOptimize(state);
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
  benchmark_state.counters["moves_per_game"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(games));
}
BENCHMARK(EngineGenericPath);

void PlainLoop(benchmark::State& benchmark_state) {
  Rng rng(1);
  std::int64_t games = 0;
  for (auto _ : benchmark_state) {
    PlainResult result = play_plain_pass_the_pandas(2, 6, rng);
    benchmark::DoNotOptimize(result);
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
}
BENCHMARK(PlainLoop);

}  // namespace
}  // namespace grove::bench

BENCHMARK_MAIN();
