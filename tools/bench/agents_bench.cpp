// Whole games between two copies of one agent, for every game grove has and
// the agents balance runs use: games per second (items_per_second), moves
// per second, the moves of a game and the share of games cut at the
// variant's step bound (`cut`, which should be 0). One iteration is one
// game, dealt from its own seed as `grove play --seed N` deals it, so the
// figures are those of `grove balance --jobs 1`; games differ in length,
// so give slow agents time for a few dozen of them:
//
//   build/tools/agents_bench --benchmark_filter=mcts --benchmark_min_time=60
//
// Benchmarks are named AGENT/GAME/PLAYERS, e.g. greedy/takenoko/2.

#include <benchmark/benchmark.h>

#include <string>

#include "engine/agents/agents.hpp"
#include "engine/games/builtin.hpp"

namespace grove::bench {
namespace {

void PlayGames(benchmark::State& benchmark_state, const std::string& game_name,
               const std::string& agent, int players) {
  const Game& game = builtin_games().get(game_name);
  const auto rules = game.rules(Variant(game), players);
  const std::vector<std::string> agents(static_cast<std::size_t>(players), agent);
  std::int64_t games = 0, moves = 0, cut = 0;
  for (auto _ : benchmark_state) {
    Table table(static_cast<std::uint64_t>(games), agents);
    auto state = rules->initial_state();
    std::int64_t played = 0;
    while (rules->node(*state).kind != NodeKind::Terminal) {
      if (played == rules->step_bound()) {
        ++cut;
        break;
      }
      const Verdict verdict = rules->apply(*state, table.next_move(*rules, *state), nullptr);
      benchmark::DoNotOptimize(verdict);
      ++played;
    }
    moves += played;
    ++games;
  }
  benchmark_state.SetItemsProcessed(games);
  benchmark_state.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  benchmark_state.counters["moves_per_game"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(games));
  benchmark_state.counters["cut"] =
      benchmark::Counter(static_cast<double>(cut) / static_cast<double>(games));
}

}  // namespace
}  // namespace grove::bench

// Every game at two players, with greedy and with MCTS at its default
// budget. Registered in main: the games are built from tables that static
// initialization may not have reached yet.
int main(int argc, char** argv) {
  for (const std::string agent : {"greedy", "mcts"}) {
    for (const std::string& game : grove::builtin_games().names()) {
      benchmark::RegisterBenchmark((agent + "/" + game + "/2").c_str(), grove::bench::PlayGames,
                                   game, agent, 2)
          ->Unit(benchmark::kMillisecond)
          ->MinTime(agent == "mcts" ? 20.0 : 2.0);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
