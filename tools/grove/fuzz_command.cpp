// grove fuzz: property-based testing of a game. RapidCheck draws games
// (variants, players, choices), every property is checked at every state,
// and the first failure is shrunk and written as a scenario. Findings are
// stored, and the next fuzz of the game replays them first. --jobs N plays
// in N processes that take the run's games one at a time (RapidCheck keeps
// global state, so threads would not do); a game's draw depends only on the
// run's seed and its number, so the jobs change the speed, not the games.

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "checker/fuzz.hpp"
#include "checker/replay_checks.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/replay.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/findings_writer.hpp"
#include "tools/grove/fuzz_games.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The totals of a run, and what the user sees of it while it goes.
class Tally {
 public:
  Tally(std::int64_t games, bool live) : games_(games), live_(live) {}

  void add(const GameDone& done) {
    ++played_;
    steps_ += done.steps;
    ended_ += done.ended ? 1 : 0;
    unplayable_ += done.playable ? 0 : 1;
    clauses_.insert(done.clauses.begin(), done.clauses.end());
    if (done.found()) ++findings_;
    show(false);
  }

  void show(bool last) {
    const auto now = Clock::now();
    if (!last && now - shown_ < std::chrono::milliseconds(live_ ? 250 : 10000)) return;
    shown_ = now;
    const std::string line = fmt::format(
        "games {}/{}, {} states checked, {:.0f} per second, {} finding{}", played_, games_, steps_,
        steps_ / std::max(seconds(), 1e-9), findings_, findings_ == 1 ? "" : "s");
    std::cerr << (live_ ? "\r" + line + "   " : line + "\n") << std::flush;
    if (live_ && last) std::cerr << "\n";
  }

  double seconds() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

  std::int64_t played_ = 0, steps_ = 0, ended_ = 0, unplayable_ = 0, findings_ = 0;
  std::set<std::string> clauses_;

 private:
  std::int64_t games_;
  bool live_;
  Clock::time_point started_ = Clock::now();
  Clock::time_point shown_{};
};

// --jobs N: N processes, each taking the next game's number from a counter
// they share (so that long games do not leave a job idle) and writing a
// JSON line per game to its pipe. Returns at the first finding (the other
// jobs are stopped) or when all end.
void play_in_processes(const FuzzJob& job, int jobs, Tally& tally,
                       const std::function<void(const GameDone&)>& found) {
  void* shared = mmap(nullptr, sizeof(std::atomic<std::int64_t>), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw std::runtime_error("cannot share the game counter with the jobs");
  auto* counter = new (shared) std::atomic<std::int64_t>(0);
  struct Worker {
    pid_t pid;
    int fd;
    std::string buffer;
  };
  std::vector<Worker> workers;
  std::cout.flush();
  std::cerr.flush();
  const pid_t parent = getpid();
  for (int job_number = 0; job_number < jobs; ++job_number) {
    int ends[2];
    if (pipe(ends) != 0) throw std::runtime_error("cannot create a pipe for a job");
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("cannot start a job process");
    if (pid == 0) {
      // A job ends with its parent, even one killed outright: nobody would
      // read what it plays.
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(0);
      close(ends[0]);
      play_fuzz_games(
          job, [counter] { return counter->fetch_add(1); },
          [&](const GameDone& done) {
            const std::string line = nlohmann::json(done).dump() + "\n";
            for (std::size_t written = 0; written < line.size();) {
              const ssize_t n = write(ends[1], line.data() + written, line.size() - written);
              if (n <= 0) _exit(3);
              written += static_cast<std::size_t>(n);
            }
            return !done.found();
          });
      // Nothing of the parent's (its database above all) may be closed here.
      _exit(0);
    }
    close(ends[1]);
    workers.push_back({pid, ends[0], {}});
  }
  std::vector<pollfd> polled;
  bool passed_on = false;
  while (!workers.empty()) {
    // Ctrl-C reaches the jobs with their parent, but a SIGINT or SIGTERM
    // sent to the parent alone (a scheduler ending it) must stop them too.
    if (interrupted() && !passed_on) {
      for (const Worker& worker : workers) kill(worker.pid, SIGINT);
      passed_on = true;
    }
    polled.clear();
    for (const Worker& worker : workers) polled.push_back({worker.fd, POLLIN, 0});
    if (poll(polled.data(), polled.size(), 250) < 0 && errno != EINTR) {
      for (const Worker& worker : workers) kill(worker.pid, SIGKILL);
      for (const Worker& worker : workers) waitpid(worker.pid, nullptr, 0);
      munmap(shared, sizeof(std::atomic<std::int64_t>));
      throw std::runtime_error("lost track of the jobs");
    }
    tally.show(false);
    for (std::size_t i = 0; i < workers.size();) {
      Worker& worker = workers[i];
      if ((polled[i].revents & (POLLIN | POLLHUP)) == 0) {
        ++i;
        continue;
      }
      char chunk[65536];
      const ssize_t n = read(worker.fd, chunk, sizeof chunk);
      if (n > 0) {
        worker.buffer.append(chunk, static_cast<std::size_t>(n));
        for (std::size_t end; (end = worker.buffer.find('\n')) != std::string::npos;) {
          const GameDone done = nlohmann::json::parse(worker.buffer.substr(0, end)).get<GameDone>();
          worker.buffer.erase(0, end + 1);
          tally.add(done);
          if (!done.found()) continue;
          found(done);
          // No job starts another game; each ends the one it is playing.
          counter->store(job.games);
        }
        ++i;
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      close(worker.fd);
      int status = 0;
      waitpid(worker.pid, &status, 0);
      workers.erase(workers.begin() + static_cast<long>(i));
      polled.erase(polled.begin() + static_cast<long>(i));
    }
  }
  munmap(shared, sizeof(std::atomic<std::int64_t>));
}

// Under mpirun: this process plays games one at a time, as one job does,
// and the other ranks play blocks of them. The first finding anywhere
// stops the run, and the games in play elsewhere are abandoned (their
// shrinking could take minutes); a block handed back at the same time may
// bring a finding of its own.
void play_on_ranks(const Cluster& cluster, const FuzzJob& run_job, Tally& tally,
                   const std::function<void(const GameDone&)>& found) {
  std::mutex mutex;  // the tally and the findings, taken from both threads
  std::atomic<std::int64_t> next{0};
  std::atomic<bool> finished{false};  // a finding, or a rank failed
  FuzzJob job = run_job;
  job.settings.stop = [&] { return finished.load() || interrupted(); };
  std::string rank_failure;
  const auto take = [&](const GameDone& done) {
    const std::lock_guard<std::mutex> lock(mutex);
    tally.add(done);
    if (!done.found()) return;
    found(done);
    finished = true;
    next = job.games;
  };
  std::exception_ptr failure;
  std::thread farmer([&] {
    try {
      Farm farm;
      farm.order = fuzz_order(job);
      farm.claim = [&](std::int64_t count) -> std::optional<BlockOfWork> {
        const std::int64_t first = finished ? job.games : next.fetch_add(count);
        if (first >= job.games) return std::nullopt;
        return BlockOfWork{first, std::min(job.games, first + count)};
      };
      farm.take = [&](const nlohmann::json& played) {
        for (const nlohmann::json& done : played) take(done.get<GameDone>());
      };
      farm.fail = [&](const std::string& error) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (rank_failure.empty()) rank_failure = error;
        finished = true;
        next = job.games;
      };
      farm.stopped = [&] { return finished.load(); };
      farm_out(cluster, farm);
    } catch (...) {
      failure = std::current_exception();
      finished = true;
      next = job.games;
    }
  });
  play_fuzz_games(
      job, [&] { return next.fetch_add(1); },
      [&](const GameDone& done) {
        take(done);
        return !done.found();
      });
  farmer.join();
  if (failure) std::rethrow_exception(failure);
  if (!rank_failure.empty()) throw std::runtime_error(rank_failure);
}

// The stored findings of the game, replayed before anything new is tried.
int recheck_findings(Store& store, std::int64_t run, const Game& game) {
  int still_failing = 0;
  for (const FindingRecord& finding : store.findings(game.name, "open", "fuzz")) {
    ScenarioResult result;
    try {
      result = replay_scenario(
          load_scenario_text(finding.scenario, fmt::format("finding {}", finding.id),
                             builtin_games()),
          checker::finding_replay_checks());
    } catch (const InputError& error) {
      result.status = ScenarioResult::Status::Error;
      result.message = error.what();
    }
    const bool fixed = result.passed();
    still_failing += fixed ? 0 : 1;
    store.recheck_finding(finding.id, run, fixed ? "fixed" : "open");
    std::cout << fmt::format(
        "finding {} ({}, found by run {}): {}\n", finding.id, finding.kind, finding.run_id,
        fixed ? "its scenario passes now: fixed" : "still fails: " + result.message);
  }
  return still_failing;
}

std::string file_name_part(std::string text) {
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '-';
  }
  return text;
}

}  // namespace

int fuzz_command(const Invocation& invocation) {
  CommonOptions common;
  std::string name;
  std::int64_t games = 100;
  std::int64_t max_steps = 0;
  int jobs = 1;
  std::string findings_dir = "findings";
  po::options_description options = game_options(name);
  options.add_options()("games", po::value(&games)->value_name("N")->default_value(games),
                        "games to play")(
      "max-steps", po::value(&max_steps)->value_name("N"),
      "moves per game before it counts as possibly infinite (default: the variant's bound)")(
      "jobs", po::value(&jobs)->value_name("N")->default_value(jobs),
      "processes to play in (under mpirun: one per rank; start a rank per core)");
  add_findings_option(options, findings_dir);
  if (!parse_game_command(
          invocation,
          "fuzz GAME [--variant FILE] [--games N] [--seed S] [--max-steps N] [--jobs N]",
          "Property-based testing: plays games drawn by RapidCheck (a variant within each "
          "parameter's range and each ruling's alternatives unless --variant/--set/--ruling "
          "fix it, a player count unless --players does, the first moves, a seed for the "
          "rest) and checks every property at every state: legal moves apply, others are "
          "refused with a reason and change nothing, chance sums to 1, moves and states read "
          "back from their text, hashes are stable, replays are identical, nothing is stuck, "
          "the game's invariants hold, the game ends, and (through CheckedRules) every move "
          "applied is listed and states with the same view behave alike. The first failure is "
          "shrunk to the "
          "shortest game that still fails and written to --findings as a scenario that "
          "'grove replay' reproduces. Stored findings of the game are replayed first. Exits "
          "with 1 if anything fails.",
          options, common)) {
    return kSuccess;
  }
  if (games < 1) throw InputError({}, "--games", "expected at least 1 game");
  if (jobs < 1 || jobs > 256) throw InputError({}, "--jobs", "expected 1 to 256 jobs");
  if (max_steps < 0) throw InputError({}, "--max-steps", "expected a positive number of moves");
  const Cluster* cluster = Cluster::current();
  const bool spread = cluster != nullptr && cluster->distributed();
  if (spread && jobs > 1) {
    // Job processes forked from an MPI process are not safe with every
    // interconnect; ranks are processes already.
    throw InputError({}, "--jobs",
                     "under mpirun every rank plays one game at a time: start a rank per core "
                     "(mpirun -np N) instead of --jobs");
  }
  const Game& game = builtin_games().get(name);
  const Variant base = build_variant(game, common.variant);
  if (common.players) game.rules(base, *common.players);  // an impossible count is bad input
  FuzzJob job{game, base, {}, games};
  job.settings.seed = seed_or_random(common.seed);
  job.settings.max_steps = max_steps;
  job.settings.players = common.players;
  job.settings.draw_variant = common.variant.empty();
  // Asked between moves, so Ctrl-C stops a long game (and its shrinking) at
  // once rather than after it.
  job.settings.stop = [] { return interrupted(); };

  const OutputFolder findings_folder(findings_dir, "--findings");
  Store store = Store::open(common.db);
  const std::int64_t run =
      start_run(store, RunStart{invocation.command_line, "fuzz", game.name, base.name(),
                                base.hash_hex(), job.settings.seed});
  const int still_failing = recheck_findings(store, run, game);
  std::cout << fmt::format("{}: fuzzing {} games, seed {}, {}{}\n", game.title, games,
                           job.settings.seed,
                           spread ? fmt::format("{} MPI ranks", cluster->size())
                                  : fmt::format("{} job{}", jobs, jobs == 1 ? "" : "s"),
                           job.settings.draw_variant ? "" : ", variant " + base.described());

  Tally tally(games, isatty(STDERR_FILENO) != 0);
  // Each job stops at its first finding; the others are stopped then, but
  // may have found one of their own meanwhile.
  std::vector<GameDone> findings;
  const auto found = [&](const GameDone& done) { findings.push_back(done); };
  if (spread) {
    play_on_ranks(*cluster, job, tally, found);
  } else if (jobs == 1) {
    std::int64_t next = 0;
    play_fuzz_games(
        job, [&next] { return next++; },
        [&](const GameDone& done) {
          tally.add(done);
          if (done.found()) found(done);
          return !done.found();
        });
  } else {
    play_in_processes(job, jobs, tally, found);
  }
  tally.show(true);

  std::string summary = fmt::format(
      "{} games, {} states checked in {:.1f} s ({:.0f} per second), {} ended, {} finding{}",
      tally.played_, tally.steps_, tally.seconds(), tally.steps_ / std::max(tally.seconds(), 1e-9),
      tally.ended_, tally.findings_, tally.findings_ == 1 ? "" : "s");
  FindingsWriter writer(store, findings_dir, run, base);
  for (const GameDone& finding : findings) {
    FindingRecord record =
        writer.record(finding.kind, finding.detail, finding.moves, finding.scenario);
    record.seed = job.settings.seed;
    record.game_index = static_cast<std::int64_t>(finding.index);
    const std::string file =
        writer.write(fmt::format("{}-{}-run{}-game{}.yaml", game.name, file_name_part(finding.kind),
                                 run, finding.index),
                     record);
    std::cout << fmt::format(
        "\nFINDING in game {}: {}\n  {}\n  shrunk to {} move{} before the failure (in {} "
        "steps); written to {}:\n\n{}\n",
        finding.index, finding.kind, finding.detail, finding.moves, finding.moves == 1 ? "" : "s",
        finding.shrinks, file, finding.scenario);
  }
  std::vector<std::string> never;
  for (const Clause& clause : game.clauses) {
    if (tally.clauses_.count(clause.id) == 0) never.push_back(clause.id);
  }
  const std::string coverage = fmt::format("rule coverage: {} of {} clauses fired",
                                           game.clauses.size() - never.size(), game.clauses.size());
  std::cout << coverage << (never.empty() ? "" : "; never: " + join(never, ", ")) << "\n";
  if (tally.unplayable_ > 0) {
    std::cout << fmt::format("{} games drew no table the game accepts\n", tally.unplayable_);
  }
  summary += "; " + coverage;
  if (interrupted()) {
    store.finish_run(run, "interrupted", "interrupted: " + summary);
    std::cout << "interrupted: " << summary << "\n";
    return kInterrupted;
  }
  const bool failed = !findings.empty() || still_failing > 0;
  store.finish_run(run, failed ? "failed" : "passed", summary);
  std::cout << fmt::format("{}. Stored as run {} in {}.\n", summary, run, store.path());
  return failed ? kChecksFailed : kSuccess;
}

}  // namespace grove::cli
