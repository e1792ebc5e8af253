// Random games of Bamboo Harvest per second through the generic engine API,
// with 2, 3 and 4 players, and the share of that time spent generating legal
// moves: LegalMovesOnly calls legal_moves() on every decision state of the
// very same games (recorded beforehand), so its time per game divided by
// RandomGame's is that share.
//
//   build/tools/bamboo_harvest_bench

#include <benchmark/benchmark.h>

#include "engine/core/agent.hpp"
#include "engine/games/builtin.hpp"

namespace grove::bench {
namespace {

constexpr std::uint64_t kGames = 20;  // the benchmarks cycle over these seeds

std::unique_ptr<Rules> rules_for(int players) {
  const Game& game = builtin_games().get("bamboo_harvest");
  return game.rules(Variant(game), players);
}

// Plays game `seed` to the end; calls visit(state) before each decision.
template <class Visit>
std::int64_t play(const Rules& rules, std::uint64_t seed, Visit&& visit) {
  Rng rng = Rng(2026).derive(seed);
  RandomAgent agent;
  auto state = rules.initial_state();
  std::int64_t moves = 0;
  for (Node node = rules.node(*state); node.kind != NodeKind::Terminal; node = rules.node(*state)) {
    if (node.kind == NodeKind::Decision) visit(*state);
    const Move move = node.kind == NodeKind::Chance ? rules.sample_chance(*state, rng)
                                                    : agent.choose(rules, *state, rng);
    const Verdict verdict = rules.apply(*state, move, nullptr);
    benchmark::DoNotOptimize(verdict);
    ++moves;
  }
  return moves;
}

void RandomGame(benchmark::State& benchmark_state) {
  const auto rules = rules_for(static_cast<int>(benchmark_state.range(0)));
  std::int64_t games = 0, moves = 0;
  for (auto _ : benchmark_state) {
    moves += play(*rules, static_cast<std::uint64_t>(games) % kGames, [](const State&) {});
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
  benchmark_state.counters["moves_per_game"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(games));
}
BENCHMARK(RandomGame)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMicrosecond);

void LegalMovesOnly(benchmark::State& benchmark_state) {
  const auto rules = rules_for(static_cast<int>(benchmark_state.range(0)));
  std::vector<std::vector<std::unique_ptr<State>>> decisions(kGames);
  for (std::uint64_t seed = 0; seed < kGames; ++seed) {
    play(*rules, seed, [&](const State& state) { decisions[seed].push_back(state.clone()); });
  }
  std::vector<Move> moves;
  std::int64_t games = 0;
  for (auto _ : benchmark_state) {
    for (const auto& state : decisions[static_cast<std::size_t>(games) % kGames]) {
      rules->legal_moves(*state, moves);
      benchmark::DoNotOptimize(moves.data());
    }
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
}
BENCHMARK(LegalMovesOnly)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace grove::bench

BENCHMARK_MAIN();
