// grove explore: every reachable state of a small variant, breadth first,
// with the checks at every state, the analyses of the whole state graph,
// findings written as scenarios and everything stored with the run.

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "checker/explore_findings.hpp"
#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/cluster.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/explore_preview.hpp"
#include "tools/grove/explore_start.hpp"
#include "tools/grove/explore_text.hpp"
#include "tools/grove/findings_writer.hpp"
#include "tools/grove/interrupt.hpp"
#include "tools/grove/remote_explore.hpp"

namespace grove::cli {
namespace {

using checker::Exploration;
using checker::Sighting;

std::string megabytes(double bytes) { return fmt::format("{:.1f} MB", bytes / 1e6); }

std::string depth_text(int depth) {
  return depth == 0 ? "at the start" : fmt::format("after {} move{}", depth, depth == 1 ? "" : "s");
}

// One line of the check list: "none" or how many states and where the
// first is.
std::string sighting_text(const Sighting& sighting, const std::string& none) {
  if (!sighting.seen()) return none;
  return fmt::format("{} state{} (the first {})", sighting.count, sighting.count == 1 ? "" : "s",
                     depth_text(sighting.depth));
}

// The progress line: on a terminal rewritten in place, elsewhere every ten
// seconds.
class ProgressLine {
 public:
  explicit ProgressLine(bool live) : live_(live) {}

  void show(const checker::ExploreProgress& progress) {
    if (!live_ && progress.seconds - shown_ < 10) return;
    shown_ = progress.seconds;
    const std::string line = fmt::format(
        "states {}, queue {}, depth {}, {:.0f} states/s, memory {}", progress.states,
        progress.queue, progress.depth, progress.states / std::max(progress.seconds, 1e-9),
        megabytes(static_cast<double>(progress.memory)));
    std::cerr << (live_ ? "\r" + line + "   " : line + "\n") << std::flush;
    drawn_ = live_;
  }

  void close() {
    if (drawn_) std::cerr << "\n";
    drawn_ = false;
  }

 private:
  bool live_;
  bool drawn_ = false;
  double shown_ = -100;
};

nlohmann::json sighting_json(const Sighting& sighting) {
  if (!sighting.seen()) return {{"states", 0}};
  return {{"states", sighting.count}, {"first_depth", sighting.depth}};
}

}  // namespace

int explore_command(const Invocation& invocation) {
  CommonOptions common;
  std::string name;
  checker::ExploreOptions explore;
  const Cluster* here = Cluster::current();
  std::int64_t memory_mb = default_explore_memory(here != nullptr ? here->ranks_here() : 1);
  std::string findings_dir = "findings";
  bool no_rulings = false;
  std::string start_file;
  std::string gather = "auto";
  // Not game_options(): with --signature there is no GAME.
  po::options_description options("options");
  std::string signature;
  options.add_options()("game", po::value(&name)->value_name("GAME"), "the game")(
      "max-states", po::value(&explore.limits.max_states)->value_name("N"),
      "stop after the level in which N states have been found")(
      "max-depth", po::value(&explore.limits.max_depth)->value_name("D"),
      "expand no state more than D moves from the start (0: no limit)")(
      "memory", po::value(&memory_mb)->value_name("MB")->default_value(memory_mb),
      "stop when the process uses more (default: half the machine's memory, but no more than "
      "leaves a quarter of it free of what was available; under mpirun, shared by the ranks on "
      "each machine)")("jobs", po::value(&explore.jobs)->value_name("N")->default_value(1),
                       "threads to search with")(
      "start", po::value(&start_file)->value_name("SCENARIO"),
      "search from where this scenario's steps leave the game (its variant and players, with "
      "--variant/--set/--ruling applied over them) instead of the game's start")(
      "gather", po::value(&gather)->value_name("auto|yes|no")->default_value(gather),
      "under mpirun: whether the state graph goes to rank 0 for the analyses of the whole graph "
      "(auto: when it fits what rank 0 has left under --memory; no: they run on the ranks "
      "together, in rounds of messages, so that no rank holds the whole graph)")(
      "full-states", po::bool_switch(&explore.full_states),
      "tell states apart by their whole state, not by the game's view (which merges states the "
      "rules can no longer tell apart): the full graph, as a model checker without the game's "
      "knowledge searches it")("no-rulings", po::bool_switch(&no_rulings),
                               "do not compare the rulings' other alternatives (faster)")(
      "all-checks", po::bool_switch(&explore.all_checks),
      "also check at every state every generic property grove fuzz checks (YAML and notation "
      "round trips, nearby moves refused, chance sums, ...), and search through CheckedRules so "
      "that states with one view (Rules::view_hash) that behave differently are found: several "
      "times slower")(
      "signature", po::value(&signature)->implicit_value("scenarios")->value_name("DIR"),
      "explore every game's small variants (DIR/GAME/variants/explore_*.yaml, DIR by default "
      "'scenarios') and print one line each: states, transitions, depth and exact outcome "
      "probabilities, to compare with tests/checker/signatures.txt");
  add_findings_option(options, findings_dir);
  add_players_option(options, common);
  add_variant_options(options, common);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map values;
  if (!parse(invocation,
             "explore GAME --variant FILE [--max-states N] [--max-depth D] [--memory MB] "
             "[--jobs N]\n       grove explore --signature [DIR]",
             "Explores every reachable state of a (small) variant: every decision of every player "
             "and every chance outcome, breadth first, remembering 64-bit fingerprints. Reports "
             "stuck states, broken invariants, moves the rules list but refuse, states from which "
             "the game can never end, play the players can keep going forever, for each ruling "
             "the states where its other readings change the game, rule clauses never reached, "
             "and exact outcome probabilities and game length. Findings are written to --findings "
             "as scenarios with the shortest way there. Exits with 1 if a defect is found.",
             options, positional, values)) {
    return kSuccess;
  }
  if (explore.jobs < 1 || explore.jobs > 64)
    throw InputError({}, "--jobs", "expected 1 to 64 threads");
  if (values.count("signature")) {
    if (!name.empty()) throw InputError({}, "--signature", "explores every game: give no GAME");
    return explore_signature(signature, explore.jobs);
  }
  if (name.empty()) throw InputError({}, "GAME", "expected the game to explore; see 'grove games'");
  if (explore.limits.max_states < 0)
    throw InputError({}, "--max-states", "expected a number of states (0: no limit)");
  if (explore.limits.max_depth < 0)
    throw InputError({}, "--max-depth", "expected a number of moves (0: no limit)");
  if (memory_mb < 0) throw InputError({}, "--memory", "expected megabytes (0: no limit)");
  explore.limits.max_memory = memory_mb * 1024 * 1024;
  explore.compare_rulings = !no_rulings;
  if (gather == "auto") {
    explore.gather = checker::ExploreOptions::Gather::IfItFits;
  } else if (gather == "yes") {
    explore.gather = checker::ExploreOptions::Gather::Always;
  } else if (gather == "no") {
    explore.gather = checker::ExploreOptions::Gather::Never;
  } else {
    throw InputError({}, "--gather", "expected auto, yes or no, not '" + gather + "'");
  }

  if (const Cluster* cluster = Cluster::current();
      cluster != nullptr && cluster->size() > checker::kMostRanks) {
    throw InputError({}, "mpirun -np",
                     fmt::format("grove explore spreads over at most {} ranks (one shard of "
                                 "states each); this run has {}",
                                 checker::kMostRanks, cluster->size()));
  }
  const Game& game = builtin_games().get(name);
  const ExploreStart from = explore_start(game, build_variant(game, common.variant), common.players,
                                          start_file, common.variant);
  const Variant& variant = from.variant;
  const int players = from.players;
  const std::shared_ptr<const State>& start = from.state;
  explore.start = start.get();
  const std::unique_ptr<Rules> rules = game.rules(variant, players);
  checker::AlternativeRules others = checker::alternatives_of(*rules);
  std::vector<const Rules*> other_rules;
  for (const auto& other : others.rules) other_rules.push_back(other.get());

  const OutputFolder findings_folder(findings_dir, "--findings");
  Store store = Store::open(common.db);
  const std::int64_t run = start_run(
      store,
      RunStart{
          invocation.command_line, "explore", game.name, variant.name(), variant.hash_hex(), {}});
  std::cout << fmt::format(
      "{}: exploring variant {}, {} players{}, {} job{}{}{}\n", game.title, variant.described(),
      players, start ? ", from the end of " + start_file : "", explore.jobs,
      explore.jobs == 1 ? "" : "s",
      Cluster::current() != nullptr && Cluster::current()->distributed()
          ? fmt::format(" on each of {} MPI ranks", Cluster::current()->size())
          : "",
      explore.compare_rulings ? fmt::format(", comparing {} other readings of {} rulings",
                                            others.alternatives.size(), game.rulings.size())
                              : "");

  // Said before the search: a variant small at one player count may be
  // the whole game at another.
  for (const std::string& warning : unchanged_at_players(variant, players)) {
    std::cout << "WARNING: " << warning << "\n";
  }
  const auto say_look = [memory_mb](const std::string& how, const std::string& look) {
    std::cout << fmt::format("A first look ({}): {}. The search stops at {} MB (--memory).\n", how,
                             look, memory_mb)
              << std::flush;
  };
  // A search bounded below the look's states would say less of the size
  // than a look of its own; any other search says it of itself.
  const bool bounded =
      (explore.limits.max_states > 0 && explore.limits.max_states < kFirstLookStates) ||
      explore.limits.max_depth > 0;
  if (bounded) {
    say_look("1 s and 50,000 states at most, rulings not compared",
             first_look(*rules, start.get(), explore.full_states, 1.0));
  }
  constexpr const char* kInSearch = "the search's first second or first 50,000 states";

  ProgressLine progress(isatty(STDERR_FILENO) != 0);
  explore.progress = [&progress](const checker::ExploreProgress& p) { progress.show(p); };
  explore.stop = [] { return interrupted(); };
  LevelsLook look(1.0);
  bool looked = bounded;
  const auto search_started = std::chrono::steady_clock::now();
  if (!bounded) {
    explore.level_done = [&](int depth, std::int64_t found) {
      const std::chrono::duration<double> seconds =
          std::chrono::steady_clock::now() - search_started;
      if (!look.level_done(depth, found, seconds.count())) return;
      progress.close();
      say_look(kInSearch, look.text());
      looked = true;
    };
  }
  const Cluster* cluster = Cluster::current();
  const Exploration exploration =
      cluster != nullptr && cluster->distributed()
          ? explore_on_ranks(*cluster, *rules, other_rules, others.alternatives, explore)
          : checker::explore(*rules, other_rules, others.alternatives, explore);
  progress.close();
  if (!looked) {
    say_look(kInSearch, exploration.complete()
                            ? fmt::format("{} states in all, {} moves deep", exploration.states(),
                                          exploration.depth())
                            : look.text());
  }

  // --- The figures -----------------------------------------------------------
  const double per_second =
      static_cast<double>(exploration.states()) / std::max(exploration.seconds(), 1e-9);
  std::cout << fmt::format(
      "Explored {} states ({} expanded) and {} transitions, {} moves deep, in {:.2f} s: {:.0f} "
      "states per second; peak memory {}.\n",
      exploration.states(), exploration.expanded(), exploration.transitions(), exploration.depth(),
      exploration.seconds(), per_second, megabytes(static_cast<double>(exploration.peak_memory())));
  if (exploration.complete()) {
    std::cout << "The search is complete: every reachable state was expanded.\n";
  } else {
    std::cout << fmt::format(
        "The search was STOPPED by {}: {} of the {} states found were not expanded. Nothing is "
        "claimed about them or what lies beyond: the checks below cover the expanded states "
        "only, and the analyses of the whole graph are not made.\n",
        checker::stop_reason_text(exploration.stopped()),
        exploration.states() - exploration.expanded(), exploration.states());
  }
  if (exploration.ranks() > 1) {
    const std::int64_t in_search = exploration.bytes_exchanged();  // counted before any gather
    std::cout << fmt::format(
        "Spread over {} ranks (each owning the states whose fingerprint falls in its shards): {} "
        "sent between them in the search ({:.1f} bytes per state); peak memory is the largest "
        "rank's.\n",
        exploration.ranks(), megabytes(static_cast<double>(in_search)),
        static_cast<double>(in_search) /
            static_cast<double>(std::max<std::int64_t>(exploration.states(), 1)));
    const std::string room = exploration.room_on_rank_zero() < 0
                                 ? std::string("no --memory bound")
                                 : megabytes(static_cast<double>(exploration.room_on_rank_zero())) +
                                       " left under --memory";
    if (exploration.analysed_on_ranks() == nullptr) {
      std::cout << fmt::format(
          "The graph and findings of the other ranks, {}, were gathered to rank 0 for the "
          "analyses below (the graph needs about {} there; rank 0 had {}).\n",
          megabytes(static_cast<double>(exploration.gathered_bytes())),
          megabytes(static_cast<double>(exploration.graph_estimate())), room);
    } else {
      const std::string analyses =
          exploration.analyses_skipped().empty()
              ? fmt::format("the analyses below ran on the ranks together and sent {} more",
                            megabytes(static_cast<double>(exploration.analysis_bytes())))
              : std::string("the analyses of the whole graph did not run (below)");
      std::cout << fmt::format(
          "The graph stayed on the ranks ({}: it would need about {} on rank 0, which had {}): "
          "{}.\n",
          gather == "no" ? "--gather no" : "too large to gather",
          megabytes(static_cast<double>(exploration.graph_estimate())), room, analyses);
    }
  }
  std::cout << fmt::format(
      "Fingerprints: 64-bit, {:.1f} bytes per state ({}). Had two states shared one, the second "
      "would have been taken for the first and its moves never followed; the chance of that is "
      "at most {:.1e}.\n",
      static_cast<double>(exploration.fingerprint_bytes()) /
          static_cast<double>(exploration.states()),
      megabytes(static_cast<double>(exploration.fingerprint_bytes())),
      exploration.collision_probability());

  // --- The checks and analyses ------------------------------------------------
  std::cout << "\nAt every expanded state:\n";
  std::cout << "  stuck (not over, nothing to do):  " << sighting_text(exploration.stuck(), "none")
            << "\n";
  std::cout << "  invariants broken:                "
            << sighting_text(exploration.invariant(), "none") << "\n";
  std::cout << "  listed moves the rules refuse:    "
            << sighting_text(exploration.rejected_move(), "none") << "\n";
  std::cout << "  the rules throwing:               "
            << sighting_text(exploration.exception(), "never") << "\n";
  // Without --all-checks, the one property checked is that every waiting
  // state reads back from its encoding, as the search keeps them so.
  if (explore.all_checks || exploration.property().seen()) {
    std::cout << "  generic properties broken:        "
              << sighting_text(exploration.property(), "none") << "\n";
  }
  if (explore.all_checks) {
    std::cout << "  one view, different behaviour:    "
              << sighting_text(exploration.view_contract(), "none") << "\n";
  }

  checker::EndingAnalysis endings;
  checker::OutcomeProbabilities outcomes;
  nlohmann::json report;
  std::optional<checker::GraphShape> shape;  // one for both analyses
  if (exploration.complete() && !exploration.analyses_skipped().empty()) {
    std::cout << "On the whole state graph: not analysed: " << exploration.analyses_skipped()
              << "\n";
    report["endings"] = {{"not_analysed", exploration.analyses_skipped()}};
  } else if (exploration.complete()) {
    shape.emplace(exploration);
    endings = checker::analyse_endings(exploration, *shape);
    std::cout << "On the whole state graph:\n";
    std::cout << "  states from which no end can be reached:  "
              << sighting_text(endings.trap, "none") << "\n";
    std::cout << "  play the players can keep going forever:  "
              << sighting_text(endings.endless, "none") << "\n";
    std::cout << fmt::format("  states on cycles (positions that can come back): {}\n",
                             endings.on_cycles);
    report["endings"] = {{"no_end_reachable", sighting_json(endings.trap)},
                         {"endless_play", sighting_json(endings.endless)},
                         {"states_on_cycles", endings.on_cycles}};
  }

  if (explore.compare_rulings) {
    std::cout << "Rulings (each other alternative against the variant's, at every expanded state "
                 "where the rules read the ruling)"
              << (game.simultaneous.empty() ? "" : ", and the order of what happens at once")
              << ":\n";
    nlohmann::json list = nlohmann::json::array();
    for (const checker::Alternative& alternative : exploration.alternatives()) {
      const std::string label = alternative.label();
      std::string verdict;
      if (!alternative.unavailable.empty()) {
        verdict = "not compared: " + alternative.unavailable;
      } else if (alternative.differs.seen()) {
        verdict = "matters in " + sighting_text(alternative.differs, "");
      } else {
        verdict = exploration.complete() ? "never matters in this variant"
                                         : "does not matter in the states expanded";
      }
      std::cout << fmt::format("  {:<44} {}\n", label, verdict);
      list.push_back({{"ruling", alternative.ruling},
                      {"alternative", alternative.alternative},
                      {"differs", sighting_json(alternative.differs)},
                      {"unavailable", alternative.unavailable}});
    }
    report["rulings"] = list;
  }

  std::vector<std::string> never;
  for (const Clause& clause : game.clauses) {
    if (exploration.clauses().count(clause.id) == 0) never.push_back(clause.id);
  }
  // With a view, each merged state's moves are applied from the first
  // found alone: a clause only another of them fires would not be seen.
  std::string never_text;
  if (!never.empty()) {
    never_text = !exploration.complete() ? "; not reached: "
                 : explore.full_states   ? "; never reachable: "
                                         : "; never fired: ";
    never_text += join(never, ", ");
    if (exploration.complete() && !explore.full_states) {
      never_text +=
          " (the moves of the states one view merges are applied from the first found; "
          "--full-states applies them from all)";
    }
  }
  std::cout << fmt::format("Rule clauses: {} of {} reached{}\n", game.clauses.size() - never.size(),
                           game.clauses.size(), never_text);
  report["clauses_not_reached"] = never;

  outcomes = shape ? checker::outcome_probabilities(exploration, *shape, game.perfect_information)
                   : checker::outcome_probabilities(exploration, game.perfect_information);
  if (outcomes.computed) {
    std::cout << "Outcomes, exactly, on the state graph:\n";
    std::vector<std::string> wins;
    for (int seat = 0; seat < players; ++seat) {
      wins.push_back(fmt::format("{} wins {}", seat_label(seat),
                                 probability(outcomes.win[static_cast<std::size_t>(seat)])));
    }
    std::cout << "  uniformly random play: " << join(wins, ", ") << "\n";
    std::cout << fmt::format("    shared victories {}, the game never ends {}\n",
                             probability(outcomes.shared), probability(outcomes.never_ends));
    std::cout << "    expected length: "
              << (outcomes.length_finite
                      ? fmt::format("{:.9f} moves (decisions and chance outcomes)",
                                    outcomes.expected_length)
                      : std::string("infinite (some games never end)"))
              << "\n";
    if (outcomes.optimal_defined) {
      if (outcomes.optimal_high - outcomes.optimal_low < 1e-9) {
        std::cout << fmt::format(
            "  optimal play (P1 maximises their chance, P2 minimises it; a shared win counts "
            "1/2): P1's value {}, P2's {}\n",
            probability(outcomes.optimal_low), probability(1 - outcomes.optimal_low));
      } else {
        std::cout << fmt::format(
            "  optimal play: P1's value lies between {} and {}, depending on how a game that "
            "never ends is counted\n",
            probability(outcomes.optimal_low), probability(outcomes.optimal_high));
      }
    } else {
      std::cout << "  optimal play: not defined: " << outcomes.optimal_why_not << "\n";
    }
    std::cout << fmt::format(
        "  accuracy: on cycles the values are iterated until no value changes by more than 1e-15 "
        "in a sweep (largest change in the last sweeps: {:.1e})\n",
        outcomes.residual);
    report["outcomes"] = {
        {"win", outcomes.win},
        {"shared", outcomes.shared},
        {"never_ends", outcomes.never_ends},
        {"expected_length", outcomes.length_finite ? nlohmann::json(outcomes.expected_length)
                                                   : nlohmann::json("infinite")},
        {"residual", outcomes.residual}};
    if (outcomes.optimal_defined) {
      report["outcomes"]["optimal_low"] = outcomes.optimal_low;
      report["outcomes"]["optimal_high"] = outcomes.optimal_high;
    }
  } else {
    std::cout << "Outcome probabilities: not computed: " << outcomes.why_not << "\n";
  }

  // --- Findings ----------------------------------------------------------------
  const std::vector<checker::ExploreFinding> findings =
      checker::explore_findings(exploration, endings, other_rules, invocation.command_line);
  FindingsWriter writer(store, findings_dir, run, variant);
  int defects = 0;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const checker::ExploreFinding& finding = findings[i];
    defects += finding.defect ? 1 : 0;
    FindingRecord record =
        writer.record(finding.kind, finding.detail, static_cast<std::int64_t>(finding.trace.size()),
                      finding.scenario);
    record.status = finding.defect ? "open" : "noted";
    const std::string file = writer.write(
        fmt::format("{}-run{}-{}-{}.yaml", game.name, run, i + 1, finding.kind), record);
    std::cout << fmt::format("\n{} {}: {}\n  {} move{} from the start; written to {}\n",
                             finding.defect ? "FINDING" : "NOTE", finding.kind, finding.detail,
                             finding.trace.size(), finding.trace.size() == 1 ? "" : "s", file);
  }

  ExplorationRecord record;
  record.run_id = run;
  record.players = players;
  record.complete = exploration.complete();
  record.stopped_by =
      exploration.complete() ? "" : checker::stop_reason_text(exploration.stopped());
  record.states = exploration.states();
  record.transitions = exploration.transitions();
  record.expanded = exploration.expanded();
  record.depth = exploration.depth();
  record.seconds = exploration.seconds();
  record.states_per_second = per_second;
  record.peak_memory = exploration.peak_memory();
  record.fingerprint_bytes = static_cast<std::int64_t>(exploration.fingerprint_bytes());
  record.collision_probability = exploration.collision_probability();
  report["checks"] = {{"stuck", sighting_json(exploration.stuck())},
                      {"invariant", sighting_json(exploration.invariant())},
                      {"rejected_move", sighting_json(exploration.rejected_move())},
                      {"exception", sighting_json(exploration.exception())}};
  if (explore.all_checks) {
    report["checks"]["property"] = sighting_json(exploration.property());
    report["checks"]["view_contract"] = sighting_json(exploration.view_contract());
  }
  record.report = report.dump();
  store.add_exploration(record);

  const std::string summary = fmt::format(
      "{} states, {} transitions, depth {}{}; {} defect{}, {} note{}", exploration.states(),
      exploration.transitions(), exploration.depth(),
      exploration.complete() ? ", complete"
                             : ", stopped by " + checker::stop_reason_text(exploration.stopped()),
      defects, defects == 1 ? "" : "s", findings.size() - static_cast<std::size_t>(defects),
      findings.size() - static_cast<std::size_t>(defects) == 1 ? "" : "s");
  if (exploration.stopped() == checker::StopReason::Interrupted) {
    store.finish_run(run, "interrupted", "interrupted: " + summary);
    std::cout << "\ninterrupted: " << summary << "\n";
    return kInterrupted;
  }
  store.finish_run(run, defects > 0 ? "failed" : "passed", summary);
  std::cout << fmt::format("\n{}. Stored as run {} in {}.\n", summary, run, store.path());
  return defects > 0 ? kChecksFailed : kSuccess;
}

}  // namespace grove::cli
