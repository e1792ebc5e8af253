#include "reports/balance/run.hpp"

#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "engine/agents/agents.hpp"
#include "reports/balance/summary.hpp"

namespace grove::balance {
namespace {

using Clock = std::chrono::steady_clock;

// How often a job wakes the calling thread to hand games over. Waking it
// for every game (a futex call and two context switches) cost more than a
// random game of Pass the Pandas takes to play; a game that takes longer
// than this still wakes it at once, and it looks by itself every quarter
// second.
constexpr auto kWakeEvery = std::chrono::milliseconds(5);

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Who leads, by the game's heuristic: the one seat strictly ahead of all
// the others, or nobody.
Seat sole_leader(const Rules& rules, const State& state) {
  // Every seat's figure in one call: a game may work them out together.
  std::vector<double> values;
  rules.heuristics(state, values);
  Seat leader = kNoSeat;
  double best = 0;
  bool tied = false;
  for (Seat seat = 0; seat < rules.players(); ++seat) {
    const double value = values[static_cast<std::size_t>(seat)];
    if (leader == kNoSeat || value > best) {
      leader = seat;
      best = value;
      tied = false;
    } else if (value == best) {
      tied = true;
    }
  }
  return tied ? kNoSeat : leader;
}

// Follows the lead over a game: checked at every change of the deciding
// seat and at the end.
class LeadTracker {
 public:
  void observe(Seat leader, std::int64_t turn) {
    if (leader == current_) return;
    if (leader != kNoSeat && last_sole_ != kNoSeat && leader != last_sole_) ++changes_;
    if (leader != kNoSeat) last_sole_ = leader;
    current_ = leader;
    since_ = turn;
  }
  std::int64_t changes() const { return changes_; }
  // From which turn on `winner` has led without a break, or -1.
  std::int64_t leads_from(Seat winner) const {
    return winner != kNoSeat && current_ == winner ? since_ : -1;
  }

 private:
  Seat current_ = kNoSeat;
  Seat last_sole_ = kNoSeat;
  std::int64_t since_ = 0;
  std::int64_t changes_ = 0;
};

// The stream every game of `block` is dealt from.
Rng block_stream(const BalanceSettings& settings, std::int64_t block) {
  return Rng(settings.seed).derive(static_cast<std::uint64_t>(block));
}

}  // namespace

std::string game_failure(const BalanceSettings& settings, std::int64_t index,
                         const std::string& error) {
  return fmt::format(
      "game {} of the run (block seed {}): {}", index,
      block_stream(settings, std::max<std::int64_t>(index, 0) / settings.players).seed(), error);
}

std::vector<std::string> seat_agents(const BalanceSettings& settings, std::int64_t index) {
  const int players = settings.players;
  const auto rotation = static_cast<int>(index % players);
  std::vector<std::string> agents(static_cast<std::size_t>(players));
  const auto listed = static_cast<int>(settings.agents.size());
  for (int seat = 0; seat < players; ++seat) {
    // Rotation r moves every agent r seats on.
    const int position = ((seat - rotation) % players + players) % players;
    agents[static_cast<std::size_t>(seat)] =
        settings.agents[static_cast<std::size_t>(position % listed)];
  }
  return agents;
}

std::optional<GameRecord> play_balance_game(const Rules& rules, const BalanceSettings& settings,
                                            std::int64_t index, const std::atomic<bool>* stop,
                                            std::vector<Move>* moves) {
  const auto started = Clock::now();
  if (moves != nullptr) moves->clear();
  const int players = settings.players;
  GameRecord record;
  record.index = index;
  record.block = index / players;
  record.rotation = static_cast<int>(index % players);
  record.seed = block_stream(settings, record.block).seed();
  record.agents = seat_agents(settings, index);
  record.actions.resize(static_cast<std::size_t>(players));
  record.items.resize(static_cast<std::size_t>(players));

  Table table(record.seed, record.agents);
  const std::int64_t bound = settings.max_steps > 0 ? settings.max_steps : rules.step_bound();
  std::unique_ptr<State> state = rules.initial_state();
  EventLog log;
  LeadTracker lead;
  Seat last_actor = kNoSeat;
  for (;;) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return std::nullopt;
    const Node node = rules.node(*state);
    if (node.kind == NodeKind::Terminal) break;
    if (record.moves >= bound) break;
    if (node.kind == NodeKind::Decision && node.actor != last_actor) {
      lead.observe(sole_leader(rules, *state), record.turns);
      ++record.turns;
      last_actor = node.actor;
    }
    const Move move = table.next_move(rules, *state);
    if (node.kind == NodeKind::Decision) {
      const auto seat = static_cast<std::size_t>(node.actor);
      const MoveUse use = rules.move_use(*state, move);
      ++record.actions[seat][use.action];
      if (!use.item.empty()) ++record.items[seat][use.item];
      ++record.decisions;
    }
    const Verdict verdict = rules.apply(*state, move, &log);
    if (!verdict.is_legal()) {
      throw std::logic_error(
          fmt::format("{} was refused: {}", rules.move_text(move), verdict.reason()));
    }
    if (moves != nullptr) moves->push_back(move);
    ++record.moves;
  }
  record.ended = rules.node(*state).kind == NodeKind::Terminal;
  if (record.ended) {
    const Outcome outcome = rules.outcome(*state);
    record.places = outcome.place;
    record.scores = outcome.score;
    lead.observe(sole_leader(rules, *state), record.turns);
    const std::vector<Seat> winners = record.winners();
    record.winner_leads_from = lead.leads_from(winners.size() == 1 ? winners[0] : kNoSeat);
    record.metrics = rules.game_metrics(*state, log);
  }
  record.lead_changes = lead.changes();
  record.seconds = seconds_since(started);
  return record;
}

namespace {

struct Played {
  GameRecord record;
  std::any prepared;
};

// What the jobs, a helper playing elsewhere and the calling thread share.
struct Shared {
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::int64_t, Played> finished;  // waiting to be handed over in order
  std::string failure;
  int working = 0;
  std::atomic<std::int64_t> next{0};
  std::int64_t end = 0;
  std::atomic<bool> stop{false};

  void fail(const std::string& error) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (failure.empty()) failure = error;
    stop.store(true);
  }
  void done() {
    const std::lock_guard<std::mutex> lock(mutex);
    --working;
    changed.notify_one();
  }
};

class Elsewhere final : public GamesElsewhere {
 public:
  explicit Elsewhere(Shared& shared) : shared_(shared) {}

  std::optional<BalanceSettings::GameRange> claim(std::int64_t count) override {
    if (shared_.stop.load()) return std::nullopt;
    const std::int64_t games = std::max<std::int64_t>(1, count);
    const std::int64_t first = shared_.next.fetch_add(games);
    if (first >= shared_.end) return std::nullopt;
    return BalanceSettings::GameRange{first, std::min(shared_.end, first + games)};
  }
  void hand_over(GameRecord record, std::any prepared) override {
    const std::lock_guard<std::mutex> lock(shared_.mutex);
    const std::int64_t index = record.index;
    shared_.finished.emplace(index, Played{std::move(record), std::move(prepared)});
    shared_.changed.notify_one();
  }
  bool stopped() const override { return shared_.stop.load(); }
  void fail(const std::string& error) override { shared_.fail(error); }

 private:
  Shared& shared_;
};

}  // namespace

BalanceOutcome run_balance(const BalanceSettings& settings, const BalanceCallbacks& callbacks) {
  if (settings.agents.empty()) throw std::invalid_argument("a balance run needs agents");
  const auto started = Clock::now();
  const std::int64_t players = settings.players;
  const BalanceSettings::GameRange range = settings.range.value_or(
      BalanceSettings::GameRange{0, (settings.games + players - 1) / players * players});
  const int jobs = std::max(1, settings.jobs);

  Shared shared;
  shared.working = jobs + (callbacks.elsewhere ? 1 : 0);
  shared.next = range.first;
  shared.end = range.end;

  std::vector<std::thread> threads;
  for (int job = 0; job < jobs; ++job) {
    threads.emplace_back([&] {
      std::int64_t index = -1;
      try {
        // Each job its own rules: a game may keep caches in its rules.
        const std::unique_ptr<Rules> rules =
            settings.game->rules(settings.variant, settings.players);
        std::vector<Move> moves;  // each game's, reused
        auto woken = Clock::now() - kWakeEvery;
        while (!shared.stop.load() && (index = shared.next.fetch_add(1)) < range.end) {
          std::optional<GameRecord> record = play_balance_game(
              *rules, settings, index, &shared.stop, callbacks.prepare ? &moves : nullptr);
          if (!record) break;
          std::any prepared = callbacks.prepare ? callbacks.prepare(*record, moves) : std::any();
          const auto now = Clock::now();
          const std::lock_guard<std::mutex> lock(shared.mutex);
          shared.finished.emplace(index, Played{std::move(*record), std::move(prepared)});
          if (now - woken >= kWakeEvery) {
            shared.changed.notify_one();
            woken = now;
          }
        }
      } catch (const std::exception& error) {
        shared.fail(game_failure(settings, index, error.what()));
      }
      shared.done();
    });
  }
  if (callbacks.elsewhere) {
    threads.emplace_back([&] {
      try {
        Elsewhere elsewhere(shared);
        callbacks.elsewhere(elsewhere);
      } catch (const std::exception& error) {
        shared.fail(error.what());
      }
      shared.done();
    });
  }

  // However this function leaves (a callback may throw: a full disk), the
  // jobs are stopped and joined first.
  struct JoinJobs {
    std::vector<std::thread>& threads;
    std::atomic<bool>& stop;
    ~JoinJobs() {
      stop.store(true);
      for (std::thread& thread : threads) {
        if (thread.joinable()) thread.join();
      }
    }
  } join_jobs{threads, shared.stop};

  RunInfo info;  // what the precision check needs to know of the run
  info.game = settings.game->name;
  info.players = settings.players;
  info.agents = seat_agents(settings, 0);

  BalanceOutcome outcome;
  BalanceProgress progress;
  progress.planned = range.end - range.first;
  std::int64_t next_check = settings.min_blocks;
  auto shown = Clock::now();
  std::unique_lock<std::mutex> lock(shared.mutex);
  for (;;) {
    shared.changed.wait_for(lock, std::chrono::milliseconds(250));
    // Hand over what is next in order; the callbacks run without the lock.
    std::vector<Played> ready;
    const auto expected = range.first + static_cast<std::int64_t>(outcome.games.size());
    for (auto at = shared.finished.begin();
         at != shared.finished.end() && !shared.stop.load() &&
         at->first == expected + static_cast<std::int64_t>(ready.size());
         at = shared.finished.erase(at)) {
      ready.push_back(std::move(at->second));
    }
    const bool all_done = shared.working == 0;
    lock.unlock();
    for (Played& played : ready) {
      if (shared.stop.load()) break;
      progress.moves += played.record.moves;
      if (callbacks.on_game) callbacks.on_game(played.record, played.prepared);
      outcome.games.push_back(std::move(played.record));
      const auto handed = static_cast<std::int64_t>(outcome.games.size());
      if (handed % players == 0 && settings.precision > 0 && handed / players >= next_check) {
        // Asked after a growing number of blocks, so that the check costs
        // little however long the run is; the same blocks whatever the jobs.
        next_check = std::max(handed / players + 1, handed / players * 21 / 20);
        if (widest_interval(summarize(info, outcome.games)) < settings.precision) {
          outcome.stopped_by = "precision reached";
          shared.stop.store(true);
        }
      }
    }
    if (outcome.stopped_by.empty() && callbacks.interrupted && callbacks.interrupted()) {
      outcome.stopped_by = "interrupted";
      shared.stop.store(true);
    }
    progress.done = static_cast<std::int64_t>(outcome.games.size());
    progress.seconds = seconds_since(started);
    if (callbacks.on_progress &&
        (all_done || Clock::now() - shown >= std::chrono::milliseconds(250))) {
      callbacks.on_progress(progress);
      shown = Clock::now();
    }
    lock.lock();
    if (all_done && (shared.finished.empty() || shared.stop.load())) break;
  }
  lock.unlock();
  for (std::thread& thread : threads) thread.join();
  lock.lock();
  if (!shared.failure.empty()) throw std::runtime_error(shared.failure);
  if (outcome.stopped_by.empty()) outcome.stopped_by = "all games played";
  outcome.seconds = seconds_since(started);
  return outcome;
}

}  // namespace grove::balance
