// grove explore --signature: every game's shipped small variants explored
// completely, one line each, as Stockfish's bench and perft counts pin a
// chess engine: the size of the state graph and the exact outcome
// probabilities under uniformly random play. tests/checker/signatures.txt
// holds the lines as they stand; ctest compares. A change meant to leave the
// rules alone (a refactor, a faster representation) must leave every line as
// it was, and a rule change shows exactly which variants it moved.
//
// The small variants are the files scenarios/GAME/variants/explore_*.yaml;
// where scenarios/GAME/STEM_start.yaml exists (a forest dealt by chance), the
// search starts where that scenario leaves the game (checker/small_variants.hpp
// finds them, for the tests too).

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include "checker/explorer.hpp"
#include "checker/small_variants.hpp"
#include "checker/state_graph.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/explore_start.hpp"
#include "tools/grove/explore_text.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

namespace fs = std::filesystem;

using checker::SmallVariant;

// The small variants to sign, or why there are none.
std::vector<SmallVariant> signature_variants(const fs::path& scenarios) {
  if (!fs::is_directory(scenarios)) {
    throw InputError({scenarios.string()}, "--signature",
                     "expected the scenarios folder (with GAME/variants/explore_*.yaml)");
  }
  std::vector<SmallVariant> found = checker::small_variants(scenarios);
  if (found.empty()) {
    throw InputError({scenarios.string()}, "--signature",
                     "no small variants (GAME/variants/explore_*.yaml) in this folder");
  }
  return found;
}

// "pass_the_pandas/explore_two_dice, 2 players: 96 states, ..."
std::string signature_line(const SmallVariant& small, const checker::Exploration& exploration,
                           const checker::OutcomeProbabilities& outcomes, int players) {
  std::string line =
      fmt::format("{}/{}{}, {} players: {} states, {} transitions, depth {}", small.game,
                  small.variant_file.stem().string(),
                  small.start_file.empty() ? "" : " from " + small.start_file.stem().string(),
                  players, exploration.states(), exploration.transitions(), exploration.depth());
  if (!exploration.complete()) {
    return line + "; INCOMPLETE: stopped by " + checker::stop_reason_text(exploration.stopped());
  }
  std::vector<std::string> wins;
  for (int seat = 0; seat < players; ++seat) {
    wins.push_back(seat_label(seat) + " " +
                   probability(outcomes.win[static_cast<std::size_t>(seat)]));
  }
  line += fmt::format("; random play: {}, shared {}, endless {}, length {}", join(wins, " "),
                      probability(outcomes.shared), probability(outcomes.never_ends),
                      outcomes.length_finite ? fmt::format("{:.9f}", outcomes.expected_length)
                                             : std::string("infinite"));
  if (outcomes.optimal_defined) {
    // A range only where the printed bounds differ (as grove explore says).
    const std::string low = probability(outcomes.optimal_low);
    const std::string high = probability(outcomes.optimal_high);
    line += "; optimal P1 " + low + (high == low ? "" : " to " + high);
  }
  return line;
}

}  // namespace

int explore_signature(const std::string& scenarios, int jobs) {
  watch_for_interrupt();
  std::int64_t states = 0;
  std::int64_t transitions = 0;
  double seconds = 0;
  const std::vector<SmallVariant> variants = signature_variants(scenarios);
  for (const SmallVariant& small : variants) {
    const Game& game = builtin_games().get(small.game);
    const ExploreStart from =
        explore_start(game, load_variant_file(game, small.variant_file.string()), std::nullopt,
                      small.start_file.string(), VariantOverrides{});
    const std::unique_ptr<Rules> rules = game.rules(from.variant, from.players);
    checker::ExploreOptions options;
    options.start = from.state.get();
    options.jobs = jobs;
    options.compare_rulings = false;
    options.stop = [] { return interrupted(); };
    const checker::Exploration exploration = checker::explore(*rules, {}, {}, options);
    if (exploration.stopped() == checker::StopReason::Interrupted) return kInterrupted;
    const checker::OutcomeProbabilities outcomes =
        checker::outcome_probabilities(exploration, game.perfect_information);
    std::cout << signature_line(small, exploration, outcomes, from.players) << std::endl;
    states += exploration.states();
    transitions += exploration.transitions();
    seconds += exploration.seconds();
  }
  std::cout << fmt::format("{} small variants: {} states, {} transitions", variants.size(), states,
                           transitions)
            << std::endl;
  // The speed varies from run to run, so it stays out of the signature.
  std::cerr << fmt::format("searched in {:.2f} s: {:.0f} states per second\n", seconds,
                           static_cast<double>(states) / std::max(seconds, 1e-9));
  return kSuccess;
}

}  // namespace grove::cli
