// Forest Shuffle through the generic engine API: random games per second
// with 2 to 5 players, and scoring throughput, forests scored per second on
// the final positions of random games (every player's forest, with the
// majorities that compare them).
//
//   build/tools/forest_shuffle_bench

#include <benchmark/benchmark.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::bench {
namespace {

constexpr std::uint64_t kGames = 20;  // the benchmarks cycle over these seeds

std::unique_ptr<Rules> rules_for(int players) {
  const Game& game = builtin_games().get("forest_shuffle");
  return game.rules(Variant(game), players);
}

// Plays game `index` to its end; returns the moves played.
std::int64_t play(const Rules& rules, State& state, std::uint64_t index) {
  Rng rng = Rng(2026).derive(index);
  RandomAgent agent;
  std::int64_t played = 0;
  for (Node node = rules.node(state); node.kind != NodeKind::Terminal; node = rules.node(state)) {
    const Move move = node.kind == NodeKind::Chance ? rules.sample_chance(state, rng)
                                                    : agent.choose(rules, state, rng);
    const Verdict verdict = rules.apply(state, move, nullptr);
    benchmark::DoNotOptimize(verdict);
    ++played;
  }
  return played;
}

void RandomGame(benchmark::State& benchmark_state) {
  const auto rules = rules_for(static_cast<int>(benchmark_state.range(0)));
  std::int64_t games = 0, moves = 0;
  for (auto _ : benchmark_state) {
    auto state = rules->initial_state();
    moves += play(*rules, *state, static_cast<std::uint64_t>(games) % kGames);
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
  benchmark_state.counters["moves_per_game"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(games));
  benchmark_state.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(RandomGame)->DenseRange(2, 5)->Unit(benchmark::kMillisecond);

void ScoreForests(benchmark::State& benchmark_state) {
  const int players = static_cast<int>(benchmark_state.range(0));
  const auto rules = rules_for(players);
  const auto& settings = dynamic_cast<const forest_shuffle::ForestShuffleRules&>(*rules).settings();
  std::vector<forest_shuffle::Position> finals;
  for (std::uint64_t index = 0; index < kGames; ++index) {
    auto state = rules->initial_state();
    play(*rules, *state, index);
    finals.push_back(position_of<forest_shuffle::Position>(*state));
  }
  std::int64_t tables = 0;
  for (auto _ : benchmark_state) {
    const auto scores = forest_shuffle::final_scores(
        settings, finals[static_cast<std::size_t>(tables) % finals.size()]);
    benchmark::DoNotOptimize(scores.data());
    ++tables;
  }
  benchmark_state.counters["forests_per_second"] =
      benchmark::Counter(static_cast<double>(tables * players), benchmark::Counter::kIsRate);
}
BENCHMARK(ScoreForests)->DenseRange(2, 5);

}  // namespace
}  // namespace grove::bench

BENCHMARK_MAIN();
