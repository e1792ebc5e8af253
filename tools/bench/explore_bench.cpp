// grove explore's search, without the analyses of the finished graph:
// distinct states per second, and bytes per state in the fingerprint set
// and in the finished graph; and, apart, those analyses (Analyses/...: the
// graph's shape, the endings, the exact outcomes of random and optimal
// play) on a graph searched once, states per second.
// Pass the Pandas for two players with six dice each (151,013 states) and
// eight (965,556) on full states (--full-states: the graph a model checker
// that knows nothing of the game searches, as SPIN does on the Promela
// model in ../shared/anchors/spin), with and without the extra work of rule
// coverage and of comparing the rulings' alternatives, with one and two
// jobs; and the small variant of every game that grove ships for
// exploring, through the game's view.
//
//   build/tools/explore_bench   (after tools/run.sh)

#include <benchmark/benchmark.h>

#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "tools/grove/huge_pages.hpp"

namespace grove::bench {
namespace {

// The table to explore: a variant, and the position a start scenario
// reaches when there is one.
struct Table {
  std::unique_ptr<Rules> rules;
  std::shared_ptr<const State> start;
  bool full_states = false;
};

Table table_of(const std::string& game_name, const std::string& file) {
  const std::string path = std::string(GROVE_SOURCE_DIR) + "/" + file;
  if (file.find("/variants/") == std::string::npos) {
    const Scenario scenario = load_scenario(path, builtin_games());
    const ScenarioResult replayed = replay_scenario(scenario);
    return {scenario.game->rules(scenario.variant, scenario.players), replayed.end_state};
  }
  const Game& game = builtin_games().get(game_name);
  return {game.rules(load_variant_file(game, path), 2), nullptr};
}

Table pandas_with(const char* dice) {
  const Game& game = builtin_games().get("pass_the_pandas");
  Variant variant(game);
  variant.set_parameter_text(std::string("dice_per_player=") + dice);
  return {game.rules(variant, 2), nullptr, true};
}

void run(benchmark::State& benchmark_state, const Table& table) {
  checker::AlternativeRules others = checker::alternatives_of(*table.rules);
  std::vector<const Rules*> other_rules;
  for (const auto& other : others.rules) other_rules.push_back(other.get());
  checker::ExploreOptions options;
  options.start = table.start.get();
  options.full_states = table.full_states;
  options.jobs = static_cast<int>(benchmark_state.range(0));
  options.coverage = benchmark_state.range(1) != 0;
  options.compare_rulings = benchmark_state.range(2) != 0;
  std::int64_t states = 0;
  double bytes = 0, graph_bytes = 0;
  double search_seconds = 0;
  for (auto _ : benchmark_state) {
    const checker::Exploration exploration =
        checker::explore(*table.rules, other_rules, others.alternatives, options);
    states += exploration.states();
    search_seconds += exploration.seconds();
    bytes = static_cast<double>(exploration.fingerprint_bytes()) /
            static_cast<double>(exploration.states());
    graph_bytes =
        static_cast<double>(exploration.graph_bytes()) / static_cast<double>(exploration.states());
  }
  benchmark_state.counters["states"] = benchmark::Counter(
      static_cast<double>(states) / static_cast<double>(benchmark_state.iterations()));
  // Wall time, including freeing the states at the end.
  benchmark_state.counters["states_per_second"] =
      benchmark::Counter(static_cast<double>(states), benchmark::Counter::kIsRate);
  // The search alone, as grove explore reports it.
  benchmark_state.counters["search_states_per_second"] =
      benchmark::Counter(static_cast<double>(states) / search_seconds);
  benchmark_state.counters["fingerprint_bytes_per_state"] = benchmark::Counter(bytes);
  // The finished graph the analyses read (states, edges, probabilities).
  benchmark_state.counters["graph_bytes_per_state"] = benchmark::Counter(graph_bytes);
}

void PassThePandas(benchmark::State& state, const char* dice) { run(state, pandas_with(dice)); }

// What grove explore does after the search, timed alone on one graph: its
// time beside the search's is what the default command adds to it.
void Analyses(benchmark::State& benchmark_state, const char* dice) {
  const Table table = pandas_with(dice);
  checker::ExploreOptions options;
  options.full_states = table.full_states;
  options.coverage = false;
  options.compare_rulings = false;
  const checker::Exploration exploration = checker::explore(*table.rules, {}, {}, options);
  double probability = 0;
  for (auto _ : benchmark_state) {
    const checker::GraphShape shape(exploration);
    const checker::EndingAnalysis endings = checker::analyse_endings(exploration, shape);
    const checker::OutcomeProbabilities outcomes =
        checker::outcome_probabilities(exploration, shape, true);
    benchmark::DoNotOptimize(endings);
    probability = outcomes.win.empty() ? -1 : outcomes.win[0];
  }
  benchmark_state.counters["states"] =
      benchmark::Counter(static_cast<double>(exploration.states()));
  benchmark_state.counters["states_per_second"] = benchmark::Counter(
      static_cast<double>(exploration.states()) * static_cast<double>(benchmark_state.iterations()),
      benchmark::Counter::kIsRate);
  benchmark_state.counters["first_seat_wins"] = benchmark::Counter(probability);
}

void SmallVariant(benchmark::State& state, const char* game, const char* file) {
  run(state, table_of(game, file));
}

BENCHMARK_CAPTURE(PassThePandas, 6_dice, "{2: 6}")
    ->ArgNames({"jobs", "coverage", "rulings"})
    ->Args({1, 0, 0})
    ->Args({1, 1, 0})
    ->Args({1, 1, 1})
    ->Args({2, 0, 0})
    ->Args({2, 1, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(PassThePandas, 8_dice, "{2: 8}")
    ->ArgNames({"jobs", "coverage", "rulings"})
    ->Args({1, 0, 0})
    ->Args({2, 0, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_CAPTURE(Analyses, 6_dice, "{2: 6}")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(Analyses, 8_dice, "{2: 8}")->Unit(benchmark::kMillisecond)->UseRealTime();

#define GROVE_SMALL_VARIANT(name, game, file)       \
  BENCHMARK_CAPTURE(SmallVariant, name, game, file) \
      ->ArgNames({"jobs", "coverage", "rulings"})   \
      ->Args({1, 0, 0})                             \
      ->Args({1, 1, 1})                             \
      ->Args({2, 0, 0})                             \
      ->Args({2, 1, 1})                             \
      ->Iterations(1)                               \
      ->Unit(benchmark::kMillisecond)               \
      ->UseRealTime()

GROVE_SMALL_VARIANT(bamboo_harvest_3x3, "bamboo_harvest",
                    "scenarios/bamboo_harvest/explore_3x3_start.yaml");
GROVE_SMALL_VARIANT(takenoko_two_plots, "takenoko",
                    "scenarios/takenoko/variants/explore_two_plots.yaml");
GROVE_SMALL_VARIANT(forest_shuffle_eight_cards, "forest_shuffle",
                    "scenarios/forest_shuffle/variants/explore_eight_cards.yaml");

}  // namespace
}  // namespace grove::bench

// On the heap grove explore runs on: started again on 2 MB pages where the
// command would be (tools/grove/huge_pages.hpp).
int main(int argc, char** argv) {
  grove::cli::restart_on_huge_pages(argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
