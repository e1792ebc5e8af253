// Random games of Takenoko per second through the generic engine API, with
// 2, 3 and 4 players. Random play often reaches a table where nobody can
// complete another objective (every tile placed, hands full of plot
// objectives the plantation can never show) and the rules offer no way out;
// such a game is cut at the variant's step bound, as `grove play` and the
// checkers cut it. The `ended` counter is the share of games that reached
// the end, `moves_per_game` counts the cut ones at the bound.
//
//   build/tools/takenoko_bench

#include <benchmark/benchmark.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"

namespace grove::bench {
namespace {

constexpr std::uint64_t kGames = 20;  // the benchmark cycles over these seeds

void RandomGame(benchmark::State& benchmark_state) {
  const Game& game = builtin_games().get("takenoko");
  const auto rules = game.rules(Variant(game), static_cast<int>(benchmark_state.range(0)));
  std::int64_t games = 0, moves = 0, ended = 0;
  for (auto _ : benchmark_state) {
    Rng rng = Rng(2026).derive(static_cast<std::uint64_t>(games) % kGames);
    RandomAgent agent;
    auto state = rules->initial_state();
    std::int64_t played = 0;
    Node node = rules->node(*state);
    for (; node.kind != NodeKind::Terminal && played < rules->step_bound();
         node = rules->node(*state)) {
      const Move move = node.kind == NodeKind::Chance ? rules->sample_chance(*state, rng)
                                                      : agent.choose(*rules, *state, rng);
      const Verdict verdict = rules->apply(*state, move, nullptr);
      benchmark::DoNotOptimize(verdict);
      ++played;
    }
    ended += node.kind == NodeKind::Terminal ? 1 : 0;
    moves += played;
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
  benchmark_state.counters["moves_per_game"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(games));
  benchmark_state.counters["ended"] =
      benchmark::Counter(static_cast<double>(ended) / static_cast<double>(games));
  benchmark_state.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(RandomGame)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace grove::bench

BENCHMARK_MAIN();
