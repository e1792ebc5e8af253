#include "checker/explorer.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>  // malloc_trim
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <thread>

#include "checker/checked_rules.hpp"
#include "checker/fingerprint_set.hpp"
#include "checker/graph_on_ranks.hpp"
#include "checker/remote_numbers.hpp"
#include "checker/step_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/state_codec.hpp"

namespace grove::checker {
namespace {

using Clock = std::chrono::steady_clock;

// A state during the search: its shard in the low bits, its number in the
// shard above them.
using Ref = std::uint32_t;
constexpr unsigned kShardBits = 9;
constexpr std::uint32_t kShards = 1U << kShardBits;
static_assert(kShards == kMostRanks);
constexpr std::uint32_t kMaxLocal = (1U << (32 - kShardBits)) - 2;
constexpr Ref kPending = 0xfffffffeU;  // an edge whose target's owner has not answered yet
// How many other ranks' numbers a rank remembers at most (RemoteNumbers): 6 MB.
constexpr std::size_t kRemoteNumbers = std::size_t{1} << 19;

std::uint32_t owner(std::uint64_t fingerprint) {
  return static_cast<std::uint32_t>(fingerprint & (kShards - 1));
}
Ref make_ref(std::uint32_t shard, std::uint32_t local) { return (local << kShardBits) | shard; }
std::uint32_t shard_of(Ref ref) { return ref & (kShards - 1); }
std::uint32_t local_of(Ref ref) { return ref >> kShardBits; }

// States as their encodings (Rules::encode), one after another in one
// block: a few dozen bytes a state, where a State object is an allocation
// of its own several times that size. A level finds each new state several
// times over (Pass the Pandas, 8 dice: 547,439 finds of 160,523 new states
// at one level), and every find waits until the level is done.
struct Encoded {
  std::string bytes;
  std::vector<std::uint32_t> sizes;

  std::size_t count() const { return sizes.size(); }
  void add(const Rules& rules, const State& state) {
    const std::size_t before = bytes.size();
    rules.encode(state, bytes);
    sizes.push_back(static_cast<std::uint32_t>(bytes.size() - before));
  }
  void add(std::string_view state) {
    bytes.append(state);
    sizes.push_back(static_cast<std::uint32_t>(state.size()));
  }
  void release() {
    std::string().swap(bytes);
    std::vector<std::uint32_t>().swap(sizes);
  }
  // Calls visit(k, bytes) for each state in order.
  template <class Visit>
  void each(Visit visit) const {
    std::size_t offset = 0;
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      visit(k, std::string_view(bytes).substr(offset, sizes[k]));
      offset += sizes[k];
    }
  }
};

// A successor whose fingerprint was not known when it was found; its owner
// numbers it (or finds that another state of the level got there first).
// The outbox keeps the state's bytes with it.
struct Discovery {
  std::uint64_t fingerprint = 0;
  std::size_t edge = 0;  // where its number goes in the expanding shard's edges
  Ref parent = 0;
  std::uint16_t choice = 0;
};

// What one shard found at a level for the shards that own the successors
// (or, for another rank's shard, what it found for this rank's), in one
// block: appended as found, then grouped by the shard each goes to, each
// group in the order found, and freed once every shard has taken its own.
// An outbox per pair of shards (shards² of them, a few successors each,
// made and freed at every level) spent a tenth of the search in malloc.
//
// Grouped, each successor is one record, its Discovery then its state's
// bytes, and a group's records lie together: the owner reads a group in one
// pass.
// Left where they were found and reached through an index by owner, every
// successor cost the owner several reads from anywhere in memory (its
// discovery, its size, its offset, its bytes), and copying its bytes out
// was a tenth of the search alone (Pass the Pandas 8 dice).
class Outbox {
 public:
  void add(const Discovery& discovery, const Rules& rules, const State& state) {
    found_.push_back(discovery);
    states_.add(rules, state);
  }
  void add(const Discovery& discovery, std::string_view state) {
    found_.push_back(discovery);
    states_.add(state);
  }
  // After the last add of a level: lays the successors out by their owner
  // (while what was just found is still in the cache), and frees the lists
  // they were found in.
  void group() {
    begin_.assign(kShards + 1, 0);
    for (std::size_t k = 0; k < found_.size(); ++k) {
      begin_[owner(found_[k].fingerprint) + 1] += kHeader + states_.sizes[k];
    }
    for (std::uint32_t t = 0; t < kShards; ++t) begin_[t + 1] += begin_[t];
    std::vector<std::size_t> next(begin_.begin(), begin_.end() - 1);
    grouped_.resize(begin_[kShards]);
    states_.each([&](std::size_t k, std::string_view bytes) {
      const Discovery& discovery = found_[k];
      char* at = grouped_.data() + next[owner(discovery.fingerprint)];
      const auto size = static_cast<std::uint32_t>(bytes.size());
      std::memcpy(at + kFingerprintAt, &discovery.fingerprint, 8);
      std::memcpy(at + kEdgeAt, &discovery.edge, 8);
      std::memcpy(at + kParentAt, &discovery.parent, 4);
      std::memcpy(at + kChoiceAt, &discovery.choice, 2);
      std::memcpy(at + kSizeAt, &size, 4);
      std::memcpy(at + kHeader, bytes.data(), size);
      next[owner(discovery.fingerprint)] += kHeader + size;
    });
    std::vector<Discovery>().swap(found_);
    states_.release();
  }
  // Calls take(discovery, state) for each successor grouped for shard t.
  template <class Take>
  void each_for(std::uint32_t t, Take take) const {
    if (begin_.empty()) return;
    for (std::size_t at = begin_[t]; at < begin_[t + 1];) {
      const char* record = grouped_.data() + at;
      Discovery discovery;
      std::uint32_t size = 0;
      std::memcpy(&discovery.fingerprint, record + kFingerprintAt, 8);
      std::memcpy(&discovery.edge, record + kEdgeAt, 8);
      std::memcpy(&discovery.parent, record + kParentAt, 4);
      std::memcpy(&discovery.choice, record + kChoiceAt, 2);
      std::memcpy(&size, record + kSizeAt, 4);
      take(discovery, std::string_view(record + kHeader, size));
      at += kHeader + size;
    }
  }
  void release() { *this = Outbox(); }

 private:
  // Where a record keeps its Discovery's fields and its state's size,
  // packed (26 bytes; the struct takes 24 with 2 of padding, the size
  // apart 4 more); its state's bytes follow.
  static constexpr std::size_t kFingerprintAt = 0, kEdgeAt = 8, kParentAt = 16, kChoiceAt = 20,
                               kSizeAt = 22, kHeader = 26;
  static_assert(sizeof(Discovery::fingerprint) == 8 && sizeof(Discovery::edge) == 8 &&
                sizeof(Discovery::parent) == 4 && sizeof(Discovery::choice) == 2);

  std::vector<Discovery> found_;    // as found, until grouped
  Encoded states_;                  // in the order of found_
  std::string grouped_;             // the records, grouped
  std::vector<std::size_t> begin_;  // by shard: where its group starts in grouped_
};

// The number another rank's shard gave a successor found here.
struct Answer {
  std::uint32_t shard = 0;  // the shard that found it
  std::size_t edge = 0;
  Ref target = 0;
};

// The first sighting in search order is one of least depth: levels are
// searched in order and, within a shard, states in the order found.
void sight(Sighting& sighting, Ref ref, int depth, int move,
           const std::function<std::string()>& detail) {
  if (sighting.count++ > 0) return;
  sighting.state = ref;
  sighting.depth = depth;
  sighting.move = move;
  sighting.detail = detail();
}

// A shard's states; their fingerprints are Search::seen_[shard], apart:
// there the 512 sets' headers lie together in 16 KB, where a successor's
// lookup waited to read its shard's (one of 512 structures some 1.5 KB
// apart) before it could ask for the table slot.
struct Shard {
  // Per state, by its number in the shard, in one record: numbering a new
  // state writes at one place in its shard, not at the ends of five arrays.
  struct Kept {
    Ref parent = kNoState;
    std::uint16_t choice = 0;
    NodeClass node_class = NodeClass::Unexpanded;
    std::int8_t actor = static_cast<std::int8_t>(kNoSeat);
    std::uint32_t winners = 0;
  };
  std::vector<Kept> kept;
  // The states expanded so far are a prefix of the shard's states.
  std::vector<std::uint64_t> edge_begin;
  std::vector<Ref> edge_target;
  std::vector<ProbabilityPool::Index> edge_probability;  // into `probabilities`
  ProbabilityPool probabilities;
  std::vector<std::uint32_t> level_begin;  // first state of each level
  Encoded frontier;                        // the level being expanded
  Encoded arrivals;                        // the next level, as it is numbered
  // The fingerprints of the frontier's and the arrivals' states, in the same
  // order (the fingerprint set keeps none by number), to check what each
  // state's bytes decode to.
  std::vector<std::uint64_t> frontier_fingerprints, arrival_fingerprints;
  Outbox outbox;
  std::vector<Answer> answers;        // for successors other ranks found, to send back
  std::size_t fingerprint_bytes = 0;  // another rank's shard, gathered to rank 0
  std::size_t states_elsewhere = 0;   // another rank's shard: how many states it has

  Sighting stuck, invariant, rejected, exception, property, view;
  std::vector<Sighting> differs;  // per alternative
  std::set<std::string, std::less<>> clauses;
  // Where clause ids already in `clauses` lie (a game's constants), by a
  // few bits of the address: most events are found in one look, without
  // comparing text or searching a list (a search of the list, with a branch
  // per id, was 8% of expanding a Pass the Pandas state).
  std::array<const char*, 64> clause_at{};
  bool broken_edges = false;

  void fired(std::string_view clause) {
    const char*& at = clause_at[(reinterpret_cast<std::uintptr_t>(clause.data()) >> 4) % 64];
    if (at == clause.data()) return;
    at = clause.data();  // two ids that share a slot take turns: both still counted
    if (clauses.find(clause) == clauses.end()) clauses.emplace(clause);
  }

  // What is kept of a new state, numbered `local`.
  void add(std::uint32_t local, Ref from, std::uint16_t by) {
    if (local > kMaxLocal) throw std::length_error("more states than the explorer can number");
    kept.push_back({.parent = from, .choice = by});
  }
};

// What one worker reuses from state to state.
struct Scratch {
  std::vector<std::unique_ptr<State>> next;  // one per successor of the state expanded
  std::vector<Move> moves, other_moves;
  std::vector<ChanceOutcome> outcomes, other_outcomes;
  // Per successor, while other readings are compared: how the variant's
  // reading ends the game there, if it does.
  std::vector<std::optional<Outcome>> ends;
  std::vector<std::uint64_t> successors;  // fingerprints; 0 where the move failed
  // The rulings the rules read at the state before any move was made (its
  // node and its moves), and per successor those they read making it (and
  // telling whether and how it ends the game).
  std::uint64_t state_reads = 0;
  std::vector<std::uint64_t> reads;
  EventLog log;
  // States this worker expanded; only it writes, the progress line reads.
  std::atomic<std::int64_t> expanded{0};

  // Rule coverage reads the clauses that fired, never the events' text.
  Scratch() { log.clauses_only = true; }
};

// What the rules read while one successor is made, kept apart (in `into`)
// and added back to the record of the whole state as the move is done with,
// however it ends.
class ReadsApart {
 public:
  explicit ReadsApart(std::uint64_t& into) : before_(RulingReads::read()), into_(into) {
    RulingReads::reset();
  }
  ~ReadsApart() {
    into_ = RulingReads::read();
    RulingReads::note(before_);
  }
  ReadsApart(const ReadsApart&) = delete;
  ReadsApart& operator=(const ReadsApart&) = delete;

 private:
  std::uint64_t before_;
  std::uint64_t& into_;
};

// Whether two lists hold the same things in any order. Two readings of the
// rules almost always list them in one order, and then nothing is copied
// or sorted: this runs for every alternative at every state.
template <class T, class Same, class Before>
bool same_in_any_order(const std::vector<T>& a, const std::vector<T>& b, Same same, Before before) {
  if (a.size() != b.size()) return false;
  if (std::equal(a.begin(), a.end(), b.begin(), same)) return true;
  std::vector<T> x = a, y = b;
  std::sort(x.begin(), x.end(), before);
  std::sort(y.begin(), y.end(), before);
  return std::equal(x.begin(), x.end(), y.begin(), same);
}

bool same_outcomes(const std::vector<ChanceOutcome>& a, const std::vector<ChanceOutcome>& b) {
  return same_in_any_order(
      a, b,
      [](const ChanceOutcome& x, const ChanceOutcome& y) {
        return x.move == y.move && x.probability == y.probability;
      },
      [](const ChanceOutcome& x, const ChanceOutcome& y) { return x.move < y.move; });
}

bool same_moves(const std::vector<Move>& a, const std::vector<Move>& b) {
  return same_in_any_order(a, b, std::equal_to<>(), std::less<>());
}

// What the graph's own arrays take (20 bytes a state, 6 an edge).
std::int64_t graph_need(std::int64_t states, std::int64_t edges) { return 20 * states + 6 * edges; }

std::uint32_t winner_bits(const Outcome& outcome) {
  std::uint32_t bits = 0;
  for (Seat seat : outcome.winners()) {
    if (seat >= 0 && seat < 32) bits |= 1U << seat;
  }
  return bits;
}

}  // namespace

std::string stop_reason_text(StopReason reason) {
  switch (reason) {
    case StopReason::None:
      return "complete";
    case StopReason::MaxStates:
      return "the --max-states bound";
    case StopReason::MaxDepth:
      return "the --max-depth bound";
    case StopReason::Memory:
      return "the --memory bound";
    case StopReason::Interrupted:
      return "an interrupt";
  }
  return "?";
}

void make_room(std::int64_t needed, std::int64_t bound) {
#ifdef __GLIBC__
  if (bound > 0 && resident_memory() + needed > bound) malloc_trim(0);
#else
  (void)needed;
  (void)bound;
#endif
}

std::int64_t resident_memory() {
  std::ifstream statm("/proc/self/statm");
  std::int64_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

// The search itself; explore() runs one and hands back its Exploration.
class Search {
 public:
  // `rules` is what the search expands through: `plain` itself, or a
  // CheckedRules around it.
  Search(const Rules& rules, const Rules& plain, const std::vector<const Rules*>& others,
         Exploration& result, const ExploreOptions& options)
      : rules_(rules),
        plain_(plain),
        others_(others),
        result_(result),
        options_(options),
        exchange_(options.exchange),
        rank_(exchange_ != nullptr ? exchange_->rank() : 0),
        ranks_(exchange_ != nullptr ? exchange_->size() : 1),
        shards_(kShards) {
    if (ranks_ > static_cast<int>(kShards)) {
      throw std::invalid_argument(
          fmt::format("a search over {} ranks: at most {}, one shard each", ranks_, kShards));
    }
    for (Shard& shard : shards_) shard.differs.resize(others_.size());
    result_.memory_bound_ = options_.limits.max_memory;
    if (ranks_ > 1) remote_ = RemoteNumbers(kRemoteNumbers);
    comparing_ = std::any_of(others_.begin(), others_.end(),
                             [](const Rules* other) { return other != nullptr; });
    const int jobs = std::max(1, options_.jobs);
    for (int j = 0; j < jobs; ++j) scratch_.push_back(std::make_unique<Scratch>());
    numbers_as_found_ = jobs == 1 && ranks_ == 1;
    if (options_.coverage) {
      for (const Clause& clause : rules.game().clauses) clause_ids_.insert(clause.id);
    }
  }

  void run() {
    started_ = Clock::now();
    result_.start_ = options_.start ? options_.start->clone() : rules_.initial_state();
    result_.from_initial_ = options_.start == nullptr;
    std::unique_ptr<State> start = result_.start_->clone();
    const std::uint64_t fingerprint = fingerprint_of(*start);
    initial_ = make_ref(owner(fingerprint), 0);
    for (Shard& shard : shards_) shard.level_begin.push_back(0);
    if (owns(owner(fingerprint))) {
      Shard& home = shards_[owner(fingerprint)];
      bool added = false;
      number(owner(fingerprint), fingerprint, kNoState, 0, &added);
      home.frontier.add(rules_, *start);
      home.frontier_fingerprints.push_back(fingerprint);
    }
    found_ = 1;

    for (depth_ = 0;; ++depth_) {
      std::int64_t level = 0;
      for (const Shard& shard : shards_) level += static_cast<std::int64_t>(shard.frontier.count());
      level = total(level);
      if (level == 0) break;
      if (options_.limits.max_depth > 0 && depth_ >= options_.limits.max_depth) {
        stopped_ = StopReason::MaxDepth;
        break;
      }
      if (options_.limits.max_states > 0 && found_ >= options_.limits.max_states) {
        stopped_ = StopReason::MaxStates;
        break;
      }
      queue_ = level;
      expanded_at_level_start_ = expanded();
      // The next level's states are numbered from here on: as they are
      // found (numbers_as_found_), or by take_inbox after this level.
      for (std::uint32_t t = 0; t < kShards; ++t) shards_[t].level_begin.push_back(seen_[t].size());
      in_parallel([this](std::uint32_t shard, Scratch& scratch) { expand_level(shard, scratch); });
      // A bound one rank reached (its memory, an interrupt) stops them all
      // at the same level.
      if (exchange_ != nullptr) {
        stopped_ = static_cast<StopReason>(exchange_->largest(static_cast<int>(stopped_)));
      }
      if (stopped_ != StopReason::None) break;
      if (!numbers_as_found_) {
        if (exchange_ != nullptr) send_discoveries();
        in_parallel([this](std::uint32_t shard, Scratch&) { take_inbox(shard); });
        for (Shard& shard : shards_) shard.outbox.release();
      }
      if (exchange_ != nullptr) send_answers();
      found_ = 0;
      std::int64_t arrived = 0;
      for (std::uint32_t t = 0; t < kShards; ++t) {
        Shard& shard = shards_[t];
        arrived += static_cast<std::int64_t>(shard.arrivals.count());
        shard.frontier = std::move(shard.arrivals);
        shard.arrivals = Encoded();
        shard.frontier_fingerprints = std::move(shard.arrival_fingerprints);
        shard.arrival_fingerprints = {};
        found_ += seen_[t].size();
      }
      found_ = total(found_);
      if (total(arrived) > 0) max_depth_reached_ = depth_ + 1;
      report(true);
      if (options_.level_done) options_.level_done(depth_, found_);
    }
    finish();
  }

 private:
  // Runs `work` for every shard, shared out over the jobs; the calling
  // thread is job 0 and the one that reports progress.
  template <class Work>
  void in_parallel(Work work) {
    next_shard_.store(0);
    const auto job = [&](Scratch& scratch) {
      for (std::uint32_t shard; (shard = next_shard_.fetch_add(1)) < kShards;) {
        if (owns(shard)) work(shard, scratch);
      }
    };
    std::vector<std::thread> threads;
    for (std::size_t j = 1; j < scratch_.size(); ++j) {
      threads.emplace_back([&, j] { job(*scratch_[j]); });
    }
    job(*scratch_[0]);
    for (std::thread& thread : threads) thread.join();
  }

  void expand_level(std::uint32_t s, Scratch& scratch) {
    Shard& shard = shards_[s];
    const std::uint32_t first = shard.level_begin[static_cast<std::size_t>(depth_)];
    shard.frontier.each([&](std::size_t k, std::string_view bytes) {
      if (aborted_.load(std::memory_order_relaxed)) return;
      const auto local = static_cast<std::uint32_t>(first + k);
      expand(shard, s, local, *read_back(shard, s, local, shard.frontier_fingerprints[k], bytes),
             scratch);
      const std::int64_t done = scratch.expanded.load(std::memory_order_relaxed) + 1;
      scratch.expanded.store(done, std::memory_order_relaxed);
      if ((done & 255) == 0 && &scratch == scratch_[0].get()) report(false);
    });
    shard.frontier.release();
    std::vector<std::uint64_t>().swap(shard.frontier_fingerprints);
    if (!numbers_as_found_) shard.outbox.group();
  }

  // A waiting state read back from its encoding. The search keeps waiting
  // states as their encodings, so it holds Rules::encode and decode to
  // their promise: where the bytes do not decode, or decode to a state of
  // another fingerprint, that is the generic property encoding-round-trip
  // broken (reported by the properties themselves under all_checks), and
  // the state is made again from the start by the moves that reached it.
  std::unique_ptr<State> read_back(Shard& shard, std::uint32_t s, std::uint32_t local,
                                   std::uint64_t fingerprint, std::string_view bytes) {
    std::string problem;
    try {
      std::unique_ptr<State> state = rules_.decode(bytes);
      if (plain_fingerprint(*state) == fingerprint) return state;
      problem = "decoding the state's bytes gives a state with another fingerprint";
    } catch (const StateDecodeError& error) {
      problem = std::string("the state's own bytes do not decode: ") + error.what();
    }
    const Ref ref = make_ref(s, local);
    if (!options_.all_checks) {
      sight(shard.property, ref, depth_, -1, [&] { return "encoding-round-trip: " + problem; });
    }
    return remade(ref, problem);
  }

  // The state `ref` names, by the moves from the start that first reached it.
  std::unique_ptr<State> remade(Ref ref, const std::string& problem) const {
    std::vector<std::uint16_t> choices;
    for (Ref at = ref;;) {
      if (!owns(shard_of(at))) {
        throw std::runtime_error(
            "a state does not read back from its encoding (" + problem +
            "), and its way from the start passes through another rank's states: explore this "
            "variant in one process to see it as a finding with the shortest way to it");
      }
      const Shard& holder = shards_[shard_of(at)];
      const Ref parent = holder.kept[local_of(at)].parent;
      if (parent == kNoState) break;
      choices.push_back(holder.kept[local_of(at)].choice);
      at = parent;
    }
    std::unique_ptr<State> state = result_.start_->clone();
    for (auto choice = choices.rbegin(); choice != choices.rend(); ++choice) {
      const Move move = result_.nth_move(*state, *choice);
      if (!plain_.apply(*state, move, nullptr).is_legal()) {
        throw std::logic_error("the moves that first reached a state no longer apply");
      }
    }
    return state;
  }

  void expand(Shard& shard, std::uint32_t s, std::uint32_t local, const State& state,
              Scratch& scratch) {
    const Ref ref = make_ref(s, local);
    shard.edge_begin.push_back(shard.edge_target.size());
    NodeClass node_class = NodeClass::Broken;
    std::size_t listed = 0;
    try {
      if (const auto problems = rules_.invariant_violations(state); !problems.empty()) {
        sight(shard.invariant, ref, depth_, -1, [&] { return join(problems, "; "); });
      }
      if (options_.all_checks) {
        // The properties probe refused moves themselves: through the plain
        // rules, so that each is reported under its own name.
        if (const auto broken = broken_properties(plain_, state); !broken.empty()) {
          sight(shard.property, ref, depth_, -1, [&] { return join(broken, "; "); });
        }
      }
      // From here on, which rulings the rules read tells which other
      // readings are compared at this state.
      RulingReads::reset();
      const Node node = rules_.node(state);
      shard.kept[local].actor = static_cast<std::int8_t>(node.actor);
      if (node.kind == NodeKind::Terminal) {
        const Outcome outcome = rules_.outcome(state);
        shard.kept[local].winners = winner_bits(outcome);
        shard.kept[local].node_class = NodeClass::Terminal;
        const std::uint64_t read = RulingReads::read();
        for (std::size_t a = 0; a < others_.size(); ++a) {
          if (!compared_here(a, read)) continue;
          const bool differs = !ends_alike(outcome, state, *others_[a]);
          if (differs) sight(shard.differs[a], ref, depth_, -1, [] { return ""; });
          check_reads(shard, ref, a, read, differs);
        }
        return;
      }
      if (node.kind == NodeKind::Decision) {
        rules_.legal_moves(state, scratch.moves);
        listed = scratch.moves.size();
        node_class = NodeClass::Decision;
      } else {
        rules_.chance_outcomes(state, scratch.outcomes);
        listed = scratch.outcomes.size();
        node_class = NodeClass::Chance;
      }
    } catch (const std::exception& error) {
      sight(shard.exception, ref, depth_, -1,
            [&] { return std::string("the rules threw: ") + error.what(); });
      shard.kept[local].node_class = NodeClass::Broken;
      shard.broken_edges = true;
      return;
    }
    shard.kept[local].node_class = node_class;
    if (listed == 0) {
      sight(shard.stuck, ref, depth_, -1, [&] {
        return node_class == NodeClass::Decision ? "no legal move" : "no chance outcome";
      });
      return;
    }
    if (listed > 0xffff) {
      throw std::length_error(
          fmt::format("a state with {} moves: more than the explorer can follow", listed));
    }
    const bool chance = node_class == NodeClass::Chance;
    // First every successor is made and hashed, and the table slots where
    // its fingerprint would be are requested from memory; then they are
    // looked up, most of them found by then.
    scratch.successors.assign(listed, 0);
    scratch.state_reads = RulingReads::read();
    scratch.reads.assign(listed, 0);
    if (comparing_) scratch.ends.assign(listed, std::nullopt);
    while (scratch.next.size() < listed) scratch.next.push_back(state.clone());
    const std::size_t first_edge = shard.edge_target.size();
    // The state's edges at once, rather than a push (and a check for room)
    // per edge.
    shard.edge_target.resize(first_edge + listed, kNoState);
    shard.edge_probability.resize(first_edge + listed);
    for (std::size_t j = 0; j < listed; ++j) {
      const Move& move = chance ? scratch.outcomes[j].move : scratch.moves[j];
      shard.edge_probability[first_edge + j] =
          shard.probabilities.index_of(chance ? scratch.outcomes[j].probability.to_double() : 0.0);
      State& next = *scratch.next[j];
      next.copy_from(state);
      const int index = static_cast<int>(j);
      std::uint64_t fingerprint = 0;
      const ReadsApart reads(scratch.reads[j]);
      try {
        EventLog* log = options_.coverage ? &scratch.log : nullptr;
        scratch.log.clauses.clear();
        const Verdict verdict = rules_.apply(next, move, log);
        if (!verdict.is_legal()) {
          sight(shard.rejected, ref, depth_, index, [&] {
            return fmt::format("'{}' is listed but rejected: {}", rules_.move_text(move),
                               verdict.reason());
          });
          shard.broken_edges = true;
          continue;
        }
        for (const std::string_view clause : scratch.log.clauses) shard.fired(clause);
        // A view the rules cannot give (or, through CheckedRules, one that
        // breaks its promise) is the rules throwing too. What the view reads
        // is no difference between readings (their successors are told
        // apart by this view alike), so it leaves no mark.
        const std::uint64_t read = RulingReads::read();
        fingerprint = fingerprint_of(next);
        RulingReads::reset(read);
        if (comparing_ && plain_.node(next).kind == NodeKind::Terminal) {
          scratch.ends[j] = plain_.outcome(next);  // once, rather than for every other reading
        }
      } catch (const ContractBroken& broken) {
        // Through CheckedRules: a listed move refused, or a view that
        // breaks its promise.
        sight(broken.promise == Promise::ListedApplies ? shard.rejected : shard.view, ref, depth_,
              index, [&] { return std::string(broken.what()); });
        shard.broken_edges = true;
        continue;
      } catch (const std::exception& error) {
        sight(shard.exception, ref, depth_, index, [&] {
          return fmt::format("applying '{}', the rules threw: {}", rules_.move_text(move),
                             error.what());
        });
        shard.broken_edges = true;
        continue;
      }
      // 0 marks a move that failed; a state hashing to 0 is told apart by
      // the edge, which stays kNoState only for failed moves.
      scratch.successors[j] = fingerprint;
      if (owns(owner(fingerprint))) {
        seen_[owner(fingerprint)].prefetch(fingerprint);
      } else {
        remote_.prefetch(fingerprint);
      }
      shard.edge_target[first_edge + j] = kPending;
    }
    for (std::size_t j = 0; j < listed; ++j) {
      const std::size_t edge = first_edge + j;
      if (shard.edge_target[edge] == kNoState) continue;
      const std::uint64_t fingerprint = scratch.successors[j];
      const std::uint32_t t = owner(fingerprint);
      if (numbers_as_found_) {
        shard.edge_target[edge] = number_here(t, fingerprint, ref, j, *scratch.next[j]);
        continue;
      }
      // Otherwise a successor the shard has not numbered before this level
      // goes to it through the outboxes. Another rank's shard alone knows
      // whether the state is new, unless it has numbered it for this rank
      // before.
      if (owns(t)) {
        const std::uint32_t known = seen_[t].find(fingerprint);
        if (known != FingerprintSet::kAbsent) {
          shard.edge_target[edge] = make_ref(t, known);
          continue;
        }
      } else if (const Ref known = remote_.find(fingerprint); known != RemoteNumbers::kUnknown) {
        shard.edge_target[edge] = known;
        continue;
      }
      shard.outbox.add(Discovery{fingerprint, edge, ref, static_cast<std::uint16_t>(j)}, rules_,
                       *scratch.next[j]);
    }
    const std::uint64_t read = RulingReads::read();
    for (std::size_t a = 0; a < others_.size(); ++a) {
      if (!compared_here(a, read)) continue;
      check_reads(shard, ref, a, read,
                  compare(shard, ref, state, *others_[a], a, node_class, scratch));
    }
  }

  // The number of a successor found by the state `from` with its move
  // `choice`, given by its owner shard t now: numbered in the order found,
  // the shards expanded one after another by one job, which is the order in
  // which take_inbox numbers them (by the shard that found them, then in
  // the order found), so the graph is the same. Sent through the outboxes
  // and numbered after the level, every new successor was encoded, copied
  // twice and read back from anywhere in memory, and one that the level
  // found again was sent again (about half of Pass the Pandas' at 8 dice).
  Ref number_here(std::uint32_t t, std::uint64_t fingerprint, Ref from, std::size_t choice,
                  const State& state) {
    bool added = false;
    const std::uint32_t local =
        number(t, fingerprint, from, static_cast<std::uint16_t>(choice), &added);
    if (added) {
      shards_[t].arrivals.add(rules_, state);
      shards_[t].arrival_fingerprints.push_back(fingerprint);
    }
    return make_ref(t, local);
  }

  // The number of `fingerprint` in shard t; a new one (*added) keeps the
  // state it was first found from and by which move. Inlined: called for
  // every successor, GCC kept it apart, and its call alone was 2% of the
  // instructions of a Pass the Pandas search (callgrind, 6 dice).
  [[gnu::always_inline]] std::uint32_t number(std::uint32_t t, std::uint64_t fingerprint, Ref from,
                                              std::uint16_t by, bool* added) {
    const auto [local, inserted] = seen_[t].insert(fingerprint);
    *added = inserted;
    if (inserted) shards_[t].add(local, from, by);
    return local;
  }

  // Whether the other reading `a` is compared at a state where the rules
  // read the rulings `read`: where they read none it changes, it cannot
  // part from the variant's reading there (all checks compare it anyway,
  // holding the game to that).
  bool compared_here(std::size_t a, std::uint64_t read) const {
    return others_[a] != nullptr &&
           (options_.all_checks || (read & result_.alternatives_[a].reads) != 0);
  }
  void check_reads(Shard& shard, Ref ref, std::size_t a, std::uint64_t read, bool differs) {
    if (!differs || (read & result_.alternatives_[a].reads) != 0) return;
    sight(shard.property, ref, depth_, -1, [&] {
      return fmt::format(
          "ruling-reads: under {} this state plays otherwise, but the rules did not read "
          "that ruling here (a ruling read other than through its Ruled setting?)",
          result_.alternatives_[a].label());
    });
  }

  // Whether the other reading of the rules gives other moves here, or
  // other successors for the same moves; sighted where it does. Where the
  // rules did not read its ruling before any move was made, the other
  // reading has the same node and moves, and where they did not read it
  // making a successor, it makes the same one: only the others are
  // compared (all checks compare them all, holding the game to its reads).
  // Takenoko explore_two_plots: the rulings' part of the command went from
  // 1.81 to 1.25 s.
  bool compare(Shard& shard, Ref ref, const State& state, const Rules& other, std::size_t a,
               NodeClass node_class, Scratch& scratch) {
    int differs_at = -2;  // -1: the state itself (node or move list); j: move j
    const std::uint64_t ruling = result_.alternatives_[a].reads;
    const bool everything = options_.all_checks || (scratch.state_reads & ruling) != 0;
    try {
      const bool chance = node_class == NodeClass::Chance;
      if (everything) {
        const Node node = other.node(state);
        const NodeKind kind = chance ? NodeKind::Chance : NodeKind::Decision;
        if (node.kind != kind || (!chance && node.actor != shard.kept[local_of(ref)].actor)) {
          differs_at = -1;
        } else if (chance) {
          other.chance_outcomes(state, scratch.other_outcomes);
          if (!same_outcomes(scratch.outcomes, scratch.other_outcomes)) differs_at = -1;
        } else {
          other.legal_moves(state, scratch.other_moves);
          if (!same_moves(scratch.moves, scratch.other_moves)) differs_at = -1;
        }
      }
      const std::size_t listed = scratch.successors.size();
      for (std::size_t j = 0; differs_at == -2 && j < listed; ++j) {
        if (!everything && (scratch.reads[j] & ruling) == 0) continue;
        const Move& move = chance ? scratch.outcomes[j].move : scratch.moves[j];
        State& next = *scratch.next[0];  // the successors are all looked up by now
        next.copy_from(state);
        bool differs = true;  // unless the other reading accepts the move and ...
        if (other.apply(next, move, nullptr).is_legal()) {
          if (const std::optional<Outcome>& ours = scratch.ends[j]) {
            // ... ends the game alike where the variant's ends it: one view
            // is no proof of that, as readings may score a position otherwise;
            differs = !ends_alike(*ours, next, other);
          } else {
            // ... else reaches the same view, and goes on. That view is no
            // promise of these rules to hold: asked of the plain rules.
            differs = plain_fingerprint(next) != scratch.successors[j] ||
                      other.node(next).kind == NodeKind::Terminal;
          }
        }
        if (differs) differs_at = static_cast<int>(j);
      }
    } catch (const std::exception&) {
      differs_at = -1;  // described, with the error, when the finding is written out
    }
    if (differs_at == -2) return false;
    sight(shard.differs[a], ref, depth_, differs_at, [] { return ""; });
    return true;
  }

  // Whether the other reading ends the game at `state` too, as `ours` does:
  // two ends every player sees alike (the same places and scores) are no
  // difference between the readings, whatever else their positions keep.
  static bool ends_alike(const Outcome& ours, const State& state, const Rules& other) {
    try {
      if (other.node(state).kind != NodeKind::Terminal) return false;
      const Outcome theirs = other.outcome(state);
      return ours.place == theirs.place && ours.score == theirs.score;
    } catch (const std::exception&) {
      return false;  // described, with the error, when the finding is written out
    }
  }

  // What tells states apart: the view (Rules::view_hash), which merges those
  // the rules can no longer tell apart, or with full_states the whole state.
  std::uint64_t fingerprint_of(const State& state) const {
    return options_.full_states ? state.hash() : rules_.view_hash(state);
  }
  // The same through the plain rules, for a state these rules did not make
  // (another reading's, or one read back), whose view is no promise of theirs.
  std::uint64_t plain_fingerprint(const State& state) const {
    return options_.full_states ? state.hash() : plain_.view_hash(state);
  }

  void take_inbox(std::uint32_t t) {
    Shard& shard = shards_[t];
    for (std::uint32_t s = 0; s < kShards; ++s) {
      shards_[s].outbox.each_for(t, [&](const Discovery& discovery, std::string_view state) {
        bool added = false;
        const std::uint32_t local =
            number(t, discovery.fingerprint, discovery.parent, discovery.choice, &added);
        if (added) {
          shard.arrivals.add(state);
          shard.arrival_fingerprints.push_back(discovery.fingerprint);
        }
        if (owns(s)) {
          shards_[s].edge_target[discovery.edge] = make_ref(t, local);
        } else {
          shard.answers.push_back(Answer{s, discovery.edge, make_ref(t, local)});
        }
      });
    }
  }

  bool owns(std::uint32_t shard) const {
    // One rank owns every shard (asked for every successor: no division).
    return ranks_ == 1 || static_cast<int>(shard % static_cast<std::uint32_t>(ranks_)) == rank_;
  }
  int rank_of(std::uint32_t shard) const {
    return static_cast<int>(shard % static_cast<std::uint32_t>(ranks_));
  }
  std::int64_t total(std::int64_t value) const {
    return exchange_ != nullptr ? exchange_->sum(value) : value;
  }

  // The successors found for other ranks' shards go to their owners, in
  // shard order; each owner's take_inbox numbers them as a single process
  // would, since it reads the inboxes in that order. A successor found
  // again at the level goes once, the first time in that order (the one
  // its owner would have read first), and its other edges wait for that
  // one's number.
  void send_discoveries() {
    std::vector<std::string> out(static_cast<std::size_t>(ranks_));
    FingerprintSet sent;
    for (std::uint32_t s = 0; s < kShards; ++s) {
      if (!owns(s)) continue;
      for (std::uint32_t t = 0; t < kShards; ++t) {
        if (owns(t)) continue;
        ByteWriter writer(out[static_cast<std::size_t>(rank_of(t))]);
        shards_[s].outbox.each_for(t, [&](const Discovery& discovery, std::string_view state) {
          const auto [first, inserted] = sent.insert(discovery.fingerprint);
          if (!inserted) {
            sent_again_.push_back(SentAgain{s, discovery.edge, first});
            return;
          }
          sent_.push_back(Sent{discovery.fingerprint, s, discovery.edge});
          writer.unsigned_int(s);
          writer.unsigned_int(t);
          writer.fixed64(discovery.fingerprint);
          writer.unsigned_int(discovery.edge);
          writer.unsigned_int(discovery.parent);
          writer.unsigned_int(discovery.choice);
          writer.text(state);
        });
      }
    }
    const std::vector<std::string> in = exchange_->all_to_all(out);
    for (int r = 0; r < ranks_; ++r) {
      if (r == rank_) continue;
      ByteReader reader(in[static_cast<std::size_t>(r)]);
      while (!reader.at_end()) {
        Discovery discovery;
        const auto s = static_cast<std::uint32_t>(reader.unsigned_int(kShards - 1, "shard"));
        const auto t = static_cast<std::uint32_t>(reader.unsigned_int(kShards - 1, "shard"));
        discovery.fingerprint = reader.fixed64("fingerprint");
        discovery.edge = reader.unsigned_int(UINT64_MAX, "edge");
        discovery.parent = static_cast<Ref>(reader.unsigned_int(UINT32_MAX, "parent"));
        discovery.choice = static_cast<std::uint16_t>(reader.unsigned_int(0xffff, "choice"));
        const std::string state = reader.text(SIZE_MAX, "state");
        if (!owns(t) || owns(s) || owner(discovery.fingerprint) != t) {
          throw std::logic_error("a successor sent to the wrong rank");
        }
        shards_[s].outbox.add(discovery, state);
      }
    }
    for (std::uint32_t s = 0; s < kShards; ++s) {
      if (!owns(s)) shards_[s].outbox.group();
    }
  }

  // The numbers the owners gave, back to the ranks whose edges wait for them.
  void send_answers() {
    std::vector<std::string> out(static_cast<std::size_t>(ranks_));
    for (std::uint32_t t = 0; t < kShards; ++t) {
      for (const Answer& answer : shards_[t].answers) {
        ByteWriter writer(out[static_cast<std::size_t>(rank_of(answer.shard))]);
        writer.unsigned_int(answer.shard);
        writer.unsigned_int(answer.edge);
        writer.unsigned_int(answer.target);
      }
      shards_[t].answers.clear();
    }
    const std::vector<std::string> in = exchange_->all_to_all(out);
    for (int r = 0; r < ranks_; ++r) {
      if (r == rank_) continue;
      ByteReader reader(in[static_cast<std::size_t>(r)]);
      while (!reader.at_end()) {
        const auto s = static_cast<std::uint32_t>(reader.unsigned_int(kShards - 1, "shard"));
        const auto edge = static_cast<std::size_t>(reader.unsigned_int(UINT64_MAX, "edge"));
        const auto target = static_cast<Ref>(reader.unsigned_int(UINT32_MAX, "target"));
        if (!owns(s) || edge >= shards_[s].edge_target.size()) {
          throw std::logic_error("an answer for an edge this rank does not have");
        }
        shards_[s].edge_target[edge] = target;
      }
    }
    for (const SentAgain& again : sent_again_) {
      const Sent& first = sent_[again.first];
      shards_[again.shard].edge_target[again.edge] = shards_[first.shard].edge_target[first.edge];
    }
    for (const Sent& first : sent_) {
      const Ref target = shards_[first.shard].edge_target[first.edge];
      if (target == kPending) throw std::logic_error("a successor sent, and no answer for it");
      remote_.remember(first.fingerprint, target);
    }
    sent_.clear();
    sent_again_.clear();
  }

  // On the calling thread, every few hundred states and after each level:
  // progress, the memory bound and interrupts.
  void report(bool level_done) {
    const auto now = Clock::now();
    if (now - last_report_ < std::chrono::milliseconds(level_done ? 100 : 250)) return;
    last_report_ = now;
    ExploreProgress progress;
    progress.states = found_;
    for (const Shard& shard : shards_) {
      progress.states += static_cast<std::int64_t>(shard.arrivals.count());
    }
    progress.depth = depth_;
    progress.queue = queue_ - (expanded() - expanded_at_level_start_);
    progress.seconds = std::chrono::duration<double>(now - started_).count();
    progress.memory = resident_memory();
    if (options_.progress) options_.progress(progress);
    if (options_.limits.max_memory > 0 && progress.memory > options_.limits.max_memory) {
      stop(StopReason::Memory);
    } else if (options_.stop && options_.stop()) {
      stop(StopReason::Interrupted);
    }
  }

  std::int64_t expanded() const {
    std::int64_t total = 0;
    for (const auto& scratch : scratch_) total += scratch->expanded.load(std::memory_order_relaxed);
    return total;
  }

  void stop(StopReason reason) {
    stopped_ = reason;
    aborted_.store(true);
  }

  static void write_sighting(ByteWriter& out, const Sighting& sighting) {
    out.signed_int(sighting.count);
    if (sighting.count == 0) return;
    out.unsigned_int(sighting.state);
    out.signed_int(sighting.depth);
    out.signed_int(sighting.move);
    out.text(sighting.detail);
  }
  static Sighting read_sighting(ByteReader& in) {
    Sighting sighting;
    sighting.count = in.signed_int(0, INT64_MAX, "sighting count");
    if (sighting.count == 0) return sighting;
    sighting.state = static_cast<StateIndex>(in.unsigned_int(UINT32_MAX, "sighting state"));
    sighting.depth = static_cast<int>(in.signed_int(0, INT32_MAX, "sighting depth"));
    sighting.move = static_cast<int>(in.signed_int(-1, INT32_MAX, "sighting move"));
    sighting.detail = in.text(SIZE_MAX, "sighting detail");
    return sighting;
  }

  // A shard's findings and, with `graph`, its part of the graph, for rank 0
  // (or, without, for every rank).
  void write_shard(ByteWriter& out, std::uint32_t t, bool graph) const {
    const Shard& shard = shards_[t];
    out.unsigned_int(t);
    out.unsigned_int(seen_[t].bytes());
    out.unsigned_int(shard.kept.size());
    out.flag(graph);
    for (std::size_t local = 0; graph && local < shard.kept.size(); ++local) {
      out.unsigned_int(shard.kept[local].parent);
      out.unsigned_int(shard.kept[local].choice);
      out.enumeration(shard.kept[local].node_class);
      out.signed_int(shard.kept[local].actor);
      out.unsigned_int(shard.kept[local].winners);
    }
    if (graph) {
      out.unsigned_int(shard.edge_begin.size());
      for (const std::uint64_t begin : shard.edge_begin) out.unsigned_int(begin);
      // The distinct probabilities once, then each edge's index: a byte
      // where the value would be eight.
      out.unsigned_int(shard.probabilities.size());
      for (std::size_t i = 0; i < shard.probabilities.size(); ++i) {
        out.float64(shard.probabilities[static_cast<ProbabilityPool::Index>(i)]);
      }
      out.unsigned_int(shard.edge_target.size());
      for (std::size_t edge = 0; edge < shard.edge_target.size(); ++edge) {
        out.unsigned_int(shard.edge_target[edge]);
        out.unsigned_int(shard.edge_probability[edge]);
      }
    }
    out.unsigned_int(shard.level_begin.size());
    for (const std::uint32_t begin : shard.level_begin) out.unsigned_int(begin);
    for (const Sighting* sighting : {&shard.stuck, &shard.invariant, &shard.rejected,
                                     &shard.exception, &shard.property, &shard.view}) {
      write_sighting(out, *sighting);
    }
    for (const Sighting& differs : shard.differs) write_sighting(out, differs);
    out.unsigned_int(shard.clauses.size());
    for (const std::string& clause : shard.clauses) out.text(clause);
    out.flag(shard.broken_edges);
  }

  void read_shard(ByteReader& in) {
    const auto t = static_cast<std::uint32_t>(in.unsigned_int(kShards - 1, "shard"));
    Shard& shard = shards_[t];
    shard.fingerprint_bytes = in.unsigned_int(SIZE_MAX, "fingerprint bytes");
    const std::size_t states = in.count(kMaxLocal + 1, "states");
    shard.states_elsewhere = states;
    const bool graph = in.flag("graph");
    for (std::size_t local = 0; graph && local < states; ++local) {
      Shard::Kept& kept = shard.kept.emplace_back();  // read field by field, in order
      kept.parent = static_cast<Ref>(in.unsigned_int(UINT32_MAX, "parent"));
      kept.choice = static_cast<std::uint16_t>(in.unsigned_int(0xffff, "choice"));
      kept.node_class = in.enumeration(NodeClass::Broken, "node class");
      kept.actor = static_cast<std::int8_t>(in.signed_int(-128, 127, "actor"));
      kept.winners = static_cast<std::uint32_t>(in.unsigned_int(UINT32_MAX, "winners"));
    }
    if (graph) {
      const std::size_t expanded = in.count(states, "expanded states");
      for (std::size_t local = 0; local < expanded; ++local) {
        shard.edge_begin.push_back(in.unsigned_int(UINT64_MAX, "edge begin"));
      }
      std::vector<ProbabilityPool::Index> pool(
          in.count(ProbabilityPool::kMaxValues, "probabilities"));
      for (ProbabilityPool::Index& index : pool) {
        index = shard.probabilities.index_of(in.float64("probability"));
      }
      const std::size_t edges = in.count(SIZE_MAX, "edges");
      for (std::size_t edge = 0; edge < edges; ++edge) {
        shard.edge_target.push_back(static_cast<Ref>(in.unsigned_int(UINT32_MAX, "edge target")));
        const std::size_t index = in.count(pool.size() - 1, "edge probability");
        shard.edge_probability.push_back(pool.at(index));
      }
    }
    const std::size_t levels = in.count(SIZE_MAX, "levels");
    shard.level_begin.clear();
    for (std::size_t level = 0; level < levels; ++level) {
      shard.level_begin.push_back(static_cast<std::uint32_t>(in.unsigned_int(UINT32_MAX, "level")));
    }
    for (Sighting* sighting : {&shard.stuck, &shard.invariant, &shard.rejected, &shard.exception,
                               &shard.property, &shard.view}) {
      *sighting = read_sighting(in);
    }
    for (Sighting& differs : shard.differs) differs = read_sighting(in);
    const std::size_t clauses = in.count(SIZE_MAX, "clauses");
    for (std::size_t c = 0; c < clauses; ++c) shard.clauses.insert(in.text(SIZE_MAX, "clause"));
    shard.broken_edges = in.flag("broken edges");
  }

  // A distributed search: the figures summed over the ranks (or the
  // largest rank's), on every rank.
  void add_up_figures() {
    Exploration& out = result_;
    out.ranks_ = ranks_;
    expanded_total_ = exchange_->sum(expanded());
    peak_memory_ = exchange_->largest(peak_memory());
  }
  static std::int64_t peak_memory() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;
  }

  // Whether the whole graph goes to rank 0 for the analyses: as
  // ExploreOptions::gather says, by default when rank 0 has room for it
  // under its --memory. Rank 0 decides, for every rank.
  bool gather_fits() {
    std::int64_t states = 0, edges = 0;
    for (std::uint32_t t = 0; t < kShards; ++t) {
      if (!owns(t)) continue;
      states += static_cast<std::int64_t>(shards_[t].kept.size());
      edges += static_cast<std::int64_t>(shards_[t].edge_target.size());
    }
    states = exchange_->sum(states);
    edges = exchange_->sum(edges);
    // The graph's arrays (graph_need), with room for what
    // the analyses need beside it (analyses_need), which is more than the gathered bytes
    // (about 10 a state and 3 an edge, read into the graph a shard at a
    // time): the components, the solvers' copy by place and the values
    // (about 70 a state at two players), the reverse edges where an endless
    // loop is traced back (8 bytes a state, 4 an edge), and the allocator's
    // slack. Pass the Pandas 8 dice, full states: 183 MB estimated; one
    // process holding that graph peaked at 170 MB resident in the analyses,
    // the search's leftovers and the program itself included.
    Exploration& out = result_;
    out.graph_estimate_ = graph_need(states, edges) + analyses_need(states, edges);
    make_room(out.graph_estimate_);
    out.room_on_rank_zero_ = room();
    bool gather = options_.gather != ExploreOptions::Gather::Never;
    if (options_.gather == ExploreOptions::Gather::IfItFits && out.room_on_rank_zero_ >= 0) {
      gather = out.graph_estimate_ <= out.room_on_rank_zero_;
    }
    return exchange_->largest(rank_ == 0 && gather ? 1 : 0) == 1;
  }

  // Every rank's shards to rank 0. False on the other ranks, which are done
  // then. Each rank's part starts with its shards' state counts, so that
  // rank 0 numbers the graph before it reads any shard, and then reads
  // each shard into the graph in turn (finish), never holding all the
  // other ranks' shards at once.
  bool gather_to_rank_zero() {
    std::string mine;  // rank 0 keeps its own shards where they are
    if (rank_ != 0) {
      ByteWriter writer(mine);
      for (std::uint32_t t = 0; t < kShards; ++t) {
        if (owns(t)) writer.unsigned_int(shards_[t].kept.size());
      }
      for (std::uint32_t t = 0; t < kShards; ++t) {
        if (owns(t)) write_shard(writer, t, true);
      }
    }
    const std::int64_t sent_in_search = exchange_->bytes_sent();
    gathered_ = exchange_->gather(mine);
    Exploration& out = result_;
    out.bytes_exchanged_ = exchange_->sum(sent_in_search);
    out.gathered_bytes_ = exchange_->sum(rank_ == 0 ? 0 : static_cast<std::int64_t>(mine.size()));
    add_up_figures();
    if (rank_ != 0) {
      out.stopped_ = stopped_;
      return false;
    }
    for (int r = 0; r < ranks_; ++r) {
      gathered_from_.emplace_back(r == 0 ? std::string_view()
                                         : gathered_[static_cast<std::size_t>(r)]);
    }
    reading_gathered(
        [&] {
          for (std::uint32_t t = 0; t < kShards; ++t) {
            if (owns(t)) continue;
            shards_[t].states_elsewhere =
                gathered_from_[static_cast<std::size_t>(rank_of(t))].count(kMaxLocal + 1, "states");
          }
        },
        -1);
    return true;
  }

  // Reads with `read`, saying which rank's part of the graph was damaged
  // (-1: one of them) when it is.
  template <class Read>
  static void reading_gathered(Read read, int rank) {
    try {
      read();
    } catch (const StateDecodeError& error) {
      throw std::logic_error(
          rank < 0 ? fmt::format("a rank's part of the graph: {}", error.what())
                   : fmt::format("rank {}'s part of the graph: {}", rank, error.what()));
    }
  }

  void read_shards(const std::string& bytes, int rank) {
    ByteReader reader(bytes);
    reading_gathered(
        [&] {
          while (!reader.at_end()) read_shard(reader);
        },
        rank);
  }

  // The graph's numbering: shard by shard, from the states' counts.
  void number_shards() {
    Exploration& out = result_;
    out.shard_begin_.assign(kShards + 1, 0);
    for (std::uint32_t t = 0; t < kShards; ++t) {
      const Shard& shard = shards_[t];
      const std::size_t states = shard.kept.empty() ? shard.states_elsewhere : shard.kept.size();
      out.shard_begin_[t + 1] = out.shard_begin_[t] + static_cast<StateIndex>(states);
    }
    out.states_ = out.shard_begin_[kShards];
  }
  StateIndex dense(Ref ref) const {
    if (ref == kNoState || ref == kPending) return kNoState;
    return result_.shard_begin_[shard_of(ref)] + local_of(ref);
  }

  // A shard's findings and levels into the Exploration; the first
  // sightings are those of least depth, then lowest number.
  void take_findings(std::uint32_t t) {
    Exploration& out = result_;
    Shard& shard = shards_[t];
    out.fingerprint_bytes_ += owns(t) ? seen_[t].bytes() : shard.fingerprint_bytes;
    std::vector<StateIndex> levels;
    for (const std::uint32_t begin : shard.level_begin)
      levels.push_back(out.shard_begin_[t] + begin);
    levels.push_back(out.shard_begin_[t + 1]);
    out.level_begin_.push_back(std::move(levels));
    const auto merge = [&](Sighting& into, const Sighting& from) {
      if (!from.seen()) return;
      Sighting found = from;
      found.state = dense(from.state);
      found.count += into.count;
      if (into.seen() &&
          std::make_pair(into.depth, into.state) < std::make_pair(found.depth, found.state)) {
        into.count = found.count;
        return;
      }
      into = found;
    };
    merge(out.stuck_, shard.stuck);
    merge(out.invariant_, shard.invariant);
    merge(out.rejected_move_, shard.rejected);
    merge(out.exception_, shard.exception);
    merge(out.property_, shard.property);
    merge(out.view_contract_, shard.view);
    for (std::size_t a = 0; a < others_.size(); ++a)
      merge(out.alternatives_[a].differs, shard.differs[a]);
    out.clauses_.insert(shard.clauses.begin(), shard.clauses.end());
    out.broken_edges_ = out.broken_edges_ || shard.broken_edges;
  }

  void take_figures() {
    Exploration& out = result_;
    out.expanded_ = exchange_ != nullptr ? expanded_total_ : expanded();
    out.max_depth_ = max_depth_reached_;
    out.seconds_ = std::chrono::duration<double>(Clock::now() - started_).count();
    // Rank 0's own after taking in the other ranks' parts counts too.
    out.peak_memory_ = std::max(peak_memory_, peak_memory());
    out.stopped_ = stopped_;
  }

  // Hands the graph over, numbered shard by shard, and the findings with
  // it; each shard's arrays are freed as soon as they are copied.
  void finish() {
    for (Shard& shard : shards_) shard.outbox.release();
    if (exchange_ != nullptr) {
      if (!gather_fits()) return keep_on_ranks();
      if (!gather_to_rank_zero()) return;
    }
    Exploration& out = result_;
    number_shards();
    std::size_t edges = 0;
    for (const Shard& shard : shards_) edges += shard.edge_target.size();
    const std::size_t states = out.shard_begin_[kShards];
    // What is left to copy: the graph's arrays are large blocks of their
    // own, not made of what the shards free as the copy goes on.
    auto states_left = static_cast<std::int64_t>(states);
    auto edges_left = static_cast<std::int64_t>(edges);
    make_room(graph_need(states_left, edges_left));
    out.node_class_.reserve(states);
    out.actor_.reserve(states);
    out.winners_.reserve(states);
    out.parent_.reserve(states);
    out.choice_.reserve(states);
    out.edge_begin_.reserve(states + 1);
    out.edge_target_.reserve(edges);
    out.edge_probability_.reserve(edges);
    for (std::uint32_t t = 0; t < kShards; ++t) {
      Shard& shard = shards_[t];
      if (!owns(t)) {  // gathered: read now, into the shard, to be copied and freed
        const int rank = rank_of(t);
        reading_gathered([&] { read_shard(gathered_from_[static_cast<std::size_t>(rank)]); }, rank);
        if (shard.kept.size() != shard.states_elsewhere) {
          throw std::logic_error(
              fmt::format("rank {}'s part of the graph: shard {} holds {} states, "
                          "not the {} it was announced with",
                          rank, t, shard.kept.size(), shard.states_elsewhere));
        }
      }
      const std::size_t edge_base = out.edge_target_.size();
      const auto count = static_cast<std::uint32_t>(shard.kept.size());
      for (std::uint32_t local = 0; local < count; ++local) {
        out.node_class_.push_back(shard.kept[local].node_class);
        out.actor_.push_back(shard.kept[local].actor);
        out.winners_.push_back(shard.kept[local].winners);
        out.parent_.push_back(dense(shard.kept[local].parent));
        out.choice_.push_back(shard.kept[local].choice);
        out.edge_begin_.push_back(edge_base + (local < shard.edge_begin.size()
                                                   ? shard.edge_begin[local]
                                                   : shard.edge_target.size()));
      }
      for (const Ref target : shard.edge_target) out.edge_target_.push_back(dense(target));
      // The shard's own pool, renumbered into the graph's.
      std::vector<ProbabilityPool::Index> index(shard.probabilities.size());
      for (std::size_t i = 0; i < index.size(); ++i) {
        index[i] = out.probabilities_.index_of(
            shard.probabilities[static_cast<ProbabilityPool::Index>(i)]);
      }
      for (const ProbabilityPool::Index i : shard.edge_probability) {
        out.edge_probability_.push_back(index[i]);
      }
      take_findings(t);
      states_left -= count;
      edges_left -= static_cast<std::int64_t>(shard.edge_target.size());
      shard = Shard();
      if ((t & 31) == 31) make_room(graph_need(states_left, edges_left));
    }
    for (const ByteReader& reader : gathered_from_) {
      if (!reader.at_end()) throw std::logic_error("a rank's part of the graph goes on past it");
    }
    gathered_from_.clear();
    std::vector<std::string>().swap(gathered_);
    out.edge_begin_.push_back(out.edge_target_.size());
    out.transitions_ = static_cast<std::int64_t>(out.edge_target_.size());
    out.initial_ = dense(initial_);
    take_figures();
    if (out.complete()) {
      make_room(analyses_need(out.states_, out.transitions_));
      out.analyses_skipped_ = analyses_room(out.states_, out.transitions_, room());
    }
  }

  void make_room(std::int64_t needed) const {
    checker::make_room(needed, options_.limits.max_memory);
  }

  // What --memory leaves this process now (-1: no bound).
  std::int64_t room() const {
    if (options_.limits.max_memory <= 0) return -1;
    return std::max<std::int64_t>(0, options_.limits.max_memory - resident_memory());
  }

  // A distributed search whose graph does not go to rank 0: every rank
  // keeps its own part, all ranks learn every rank's findings, the
  // analyses run on the ranks together, and so do the traces of what was
  // found. Every rank's Exploration then holds the same findings,
  // analyses and traces, but no graph.
  void keep_on_ranks() {
    Exploration& out = result_;
    const std::int64_t sent_in_search = exchange_->bytes_sent();
    std::string mine;
    ByteWriter writer(mine);
    for (std::uint32_t t = 0; t < kShards; ++t) {
      if (owns(t)) write_shard(writer, t, false);
    }
    const std::vector<std::string> all =
        exchange_->all_to_all(std::vector<std::string>(static_cast<std::size_t>(ranks_), mine));
    for (int r = 0; r < ranks_; ++r) {
      if (r != rank_) read_shards(all[static_cast<std::size_t>(r)], r);
    }
    number_shards();
    GraphPart part;
    part.rank = rank_;
    part.ranks = ranks_;
    part.set_shards(out.shard_begin_);
    part.initial = dense(initial_);
    part.first_here.assign(kShards, 0);
    std::int64_t edges = 0;
    for (std::uint32_t t = 0; t < kShards; ++t) {
      Shard& shard = shards_[t];
      take_findings(t);
      part.level_begin.push_back(out.level_begin_.back());
      if (!owns(t)) continue;
      edges += static_cast<std::int64_t>(shard.edge_target.size());
      part.first_here[t] = part.states_here();
      const std::uint64_t edge_base = part.edge_target.size();
      const auto count = static_cast<std::uint32_t>(shard.kept.size());
      for (std::uint32_t local = 0; local < count; ++local) {
        part.global.push_back(out.shard_begin_[t] + local);
        part.node_class.push_back(shard.kept[local].node_class);
        part.actor.push_back(shard.kept[local].actor);
        part.winners.push_back(shard.kept[local].winners);
        part.parent.push_back(dense(shard.kept[local].parent));
        part.choice.push_back(shard.kept[local].choice);
        part.edge_begin.push_back(edge_base + (local < shard.edge_begin.size()
                                                   ? shard.edge_begin[local]
                                                   : shard.edge_target.size()));
      }
      for (const Ref target : shard.edge_target) part.edge_target.push_back(dense(target));
      for (const ProbabilityPool::Index i : shard.edge_probability) {
        part.edge_probability.push_back(shard.probabilities[i]);
      }
      shard = Shard();
    }
    part.edge_begin.push_back(part.edge_target.size());
    part.broken_edges = out.broken_edges_;
    out.transitions_ = exchange_->sum(edges);
    out.initial_ = part.initial;
    add_up_figures();
    take_figures();
    out.bytes_exchanged_ = exchange_->sum(sent_in_search);

    // The analyses run on every rank or none: where one rank has no room
    // for them beside its part, all ranks say so. What the search freed
    // goes back first where it would be counted as used against them.
    const std::int64_t need = analyses_need_on_ranks(part.states_here(), edges);
    make_room(need);
    const std::int64_t here = room();
    const std::int64_t short_by =
        exchange_->largest(here < 0 ? std::numeric_limits<std::int64_t>::min() : need - here);
    auto analyses = std::make_shared<AnalysesOnRanks>();
    if (out.complete() && short_by > 0) {
      out.analyses_skipped_ = fmt::format(
          "on one of the ranks, the analyses of the whole graph would need about "
          "{:.1f} MB more than --memory leaves it (give more --memory, or more ranks, or gather "
          "the graph to rank 0 with --gather yes where it fits there)",
          static_cast<double>(short_by) / 1e6);
      analyses->outcomes.why_not = out.analyses_skipped_;
    } else {
      *analyses = analyse_on_ranks(part, *exchange_, out.complete(), plain_.players(),
                                   plain_.game().perfect_information);
    }
    std::vector<StateIndex> wanted;
    for (const Sighting* sighting :
         {&out.stuck_, &out.invariant_, &out.rejected_move_, &out.exception_, &out.property_,
          &out.view_contract_, &analyses->endings.trap, &analyses->endings.endless}) {
      if (sighting->seen()) wanted.push_back(sighting->state);
    }
    for (const Alternative& alternative : out.alternatives_) {
      if (alternative.differs.seen()) wanted.push_back(alternative.differs.state);
    }
    const std::vector<std::vector<std::uint16_t>> ways = choices_to(part, *exchange_, wanted);
    for (std::size_t i = 0; i < wanted.size(); ++i) out.ways_[wanted[i]] = ways[i];
    out.analysis_bytes_ = exchange_->sum(exchange_->bytes_sent()) - out.bytes_exchanged_;
    // The analyses' own memory on the ranks counts too.
    out.peak_memory_ = exchange_->largest(peak_memory());
    out.on_ranks_ = analyses;
    // The loop's moves, as one process names them.
    if (analyses->endings.endless.seen()) {
      std::unique_ptr<State> at = out.replay(out.trace(analyses->endings.endless.state));
      for (const std::uint16_t choice : analyses->loop_choices) {
        const Move move = out.nth_move(*at, choice);
        analyses->endings.loop.push_back(move);
        if (!plain_.apply(*at, move, nullptr).is_legal()) break;
      }
    }
  }

  const Rules& rules_;
  const Rules& plain_;
  const std::vector<const Rules*>& others_;
  bool comparing_ = false;  // some other reading is compared
  // One job in one process: a new successor is numbered where it is found
  // (number_here), not sent through an outbox to its owner's take_inbox.
  bool numbers_as_found_ = false;
  Exploration& result_;
  const ExploreOptions& options_;
  Exchange* exchange_;
  int rank_;
  int ranks_;
  std::vector<Shard> shards_;
  std::vector<std::unique_ptr<Scratch>> scratch_;
  std::vector<FingerprintSet> seen_ = std::vector<FingerprintSet>(kShards);  // by shard
  // Under several ranks: the numbers other ranks gave, and what this rank
  // sent them at the level (each successor once, and the edges that wait
  // for the same number).
  RemoteNumbers remote_;
  struct Sent {
    std::uint64_t fingerprint;
    std::uint32_t shard;
    std::size_t edge;
  };
  struct SentAgain {
    std::uint32_t shard;
    std::size_t edge;
    std::uint32_t first;  // in sent_
  };
  std::vector<Sent> sent_;
  std::vector<SentAgain> sent_again_;
  std::set<std::string, std::less<>> clause_ids_;
  Ref initial_ = 0;
  // On rank 0, the other ranks' parts of the graph as gathered, and where
  // each is read up to (gather_to_rank_zero).
  std::vector<std::string> gathered_;
  std::vector<ByteReader> gathered_from_;
  std::int64_t expanded_total_ = 0;  // over the ranks
  std::int64_t peak_memory_ = 0;     // the largest of one rank
  int depth_ = 0;
  int max_depth_reached_ = 0;
  std::int64_t found_ = 0;
  std::int64_t queue_ = 0;
  std::int64_t expanded_at_level_start_ = 0;
  std::atomic<std::uint32_t> next_shard_{0};
  std::atomic<bool> aborted_{false};
  StopReason stopped_ = StopReason::None;
  Clock::time_point started_;
  Clock::time_point last_report_{};
};

// --- Exploration ---------------------------------------------------------------

Exploration::Exploration(const Rules& rules, std::vector<Alternative> alternatives)
    : rules_(&rules), alternatives_(std::move(alternatives)) {}
Exploration::Exploration(Exploration&&) noexcept = default;
Exploration::~Exploration() = default;

std::size_t Exploration::graph_bytes() const {
  return node_class_.capacity() * sizeof(NodeClass) + actor_.capacity() * sizeof(std::int8_t) +
         winners_.capacity() * sizeof(std::uint32_t) + parent_.capacity() * sizeof(StateIndex) +
         choice_.capacity() * sizeof(std::uint16_t) +
         edge_begin_.capacity() * sizeof(std::uint64_t) +
         edge_target_.capacity() * sizeof(StateIndex) +
         edge_probability_.capacity() * sizeof(ProbabilityPool::Index) + probabilities_.bytes();
}

double Exploration::collision_probability() const {
  const double n = static_cast<double>(states());
  return n * (n - 1) / 2 * std::ldexp(1.0, -64);
}

int Exploration::depth_of(StateIndex state) const {
  const auto shard = static_cast<std::size_t>(
      std::upper_bound(shard_begin_.begin(), shard_begin_.end(), state) - shard_begin_.begin() - 1);
  const std::vector<StateIndex>& levels = level_begin_[shard];
  return static_cast<int>(std::upper_bound(levels.begin(), levels.end(), state) - levels.begin() -
                          1);
}

std::vector<Move> Exploration::trace(StateIndex state) const {
  std::vector<std::uint16_t> choices;
  if (on_ranks_ != nullptr) {
    const auto way = ways_.find(state);
    if (way == ways_.end()) {
      throw std::logic_error(
          fmt::format("state {} is on another rank, and no finding brought its trace", state));
    }
    choices = way->second;
  } else {
    for (StateIndex at = state; at != initial_; at = parent_[at]) choices.push_back(choice_[at]);
    std::reverse(choices.begin(), choices.end());
  }
  std::vector<Move> moves;
  std::unique_ptr<State> at = start_->clone();
  for (const std::uint16_t choice : choices) {
    const Move move = nth_move(*at, choice);
    if (!rules_->apply(*at, move, nullptr).is_legal()) {
      throw std::logic_error("replaying the explorer's trace, a move it had applied was refused");
    }
    moves.push_back(move);
  }
  return moves;
}

Move Exploration::nth_move(const State& state, std::size_t index) const {
  if (rules_->node(state).kind == NodeKind::Chance) {
    std::vector<ChanceOutcome> outcomes;
    rules_->chance_outcomes(state, outcomes);
    return outcomes.at(index).move;
  }
  std::vector<Move> legal;
  rules_->legal_moves(state, legal);
  return legal.at(index);
}

std::unique_ptr<State> Exploration::replay(const std::vector<Move>& moves) const {
  std::unique_ptr<State> state = start_->clone();
  for (const Move& move : moves) {
    if (!rules_->apply(*state, move, nullptr).is_legal()) {
      throw std::logic_error("replaying a trace, the move '" + rules_->move_text(move) +
                             "' was refused");
    }
  }
  return state;
}

Exploration explore(const Rules& rules, const std::vector<const Rules*>& alternative_rules,
                    std::vector<Alternative> alternatives, const ExploreOptions& options) {
  if (alternative_rules.size() != alternatives.size()) {
    throw std::invalid_argument("explore: one set of rules per alternative");
  }
  Exploration result(rules, std::move(alternatives));
  std::vector<const Rules*> compared = alternative_rules;
  if (!options.compare_rulings) std::fill(compared.begin(), compared.end(), nullptr);
  // All checks: the search expands through CheckedRules, so that a move
  // listed and refused, or a view (Rules::view_hash) taken by states that
  // behave differently, is a finding with its shortest trace.
  std::optional<CheckedRules> checked;
  if (options.all_checks) checked.emplace(rules);
  {
    Search search(checked ? static_cast<const Rules&>(*checked) : rules, rules, compared, result,
                  options);
    search.run();
  }
  // What the search freed goes back to the system before the analyses make
  // their arrays where they would not fit beside it.
  if (result.complete() && result.analysed_on_ranks() == nullptr) {
    make_room(analyses_need(result.states(), result.transitions()), options.limits.max_memory);
  }
  return result;
}

std::int64_t analyses_need(std::int64_t states, std::int64_t edges) {
  return 90 * states + 6 * edges;
}

std::int64_t analyses_need_on_ranks(std::int64_t states, std::int64_t edges) {
  // Measured: Pass the Pandas 6 and 8 dice, full states, 2 ranks, each
  // rank's peak in the analyses less its peak in the search: 55 and 59
  // bytes an edge of its part.
  return 90 * states + 70 * edges;
}

std::string analyses_room(std::int64_t states, std::int64_t edges, std::int64_t room) {
  const std::int64_t need = analyses_need(states, edges);
  if (room < 0 || need <= room) return "";
  // Worded as on the ranks (keep_on_ranks), with what this process knows.
  return fmt::format(
      "the analyses of the whole graph would need about {:.1f} MB beside it, {:.1f} MB more "
      "than --memory leaves (which is {:.1f} MB; give more --memory, or spread the search over "
      "more ranks with --gather no)",
      static_cast<double>(need) / 1e6, static_cast<double>(need - room) / 1e6,
      static_cast<double>(room) / 1e6);
}

std::string Alternative::label() const {
  return is_order() ? std::string("simultaneous resolutions reversed") : ruling + "=" + alternative;
}

AlternativeRules alternatives_of(const Rules& rules) {
  AlternativeRules out;
  const Game& game = rules.game();
  for (const Ruling& ruling : game.rulings) {
    const std::string& current = rules.variant().ruling(ruling.id);
    for (const RulingAlternative& alternative : ruling.alternatives) {
      if (alternative.id == current) continue;
      Alternative entry;
      entry.ruling = ruling.id;
      entry.alternative = alternative.id;
      Variant variant = rules.variant();
      variant.set_ruling_text(ruling.id + "=" + alternative.id);
      try {
        // Rules that read the ruling while they are built may have it in
        // anything they made of it: compared at every state.
        RulingReads::reset();
        out.rules.push_back(game.rules(variant, rules.players()));
        const std::uint64_t mark = variant.ruling_mark(ruling.id);
        entry.reads = (RulingReads::read() & mark) != 0 ? RulingReads::kAll : mark;
      } catch (const InputError& error) {
        out.rules.push_back(nullptr);
        entry.unavailable = error.what();
      }
      out.alternatives.push_back(std::move(entry));
    }
  }
  if (!game.simultaneous.empty()) {
    Alternative entry;
    entry.ruling = Alternative::kOrder;
    entry.alternative = "reversed";
    entry.reads = RulingReads::kOrder;
    out.rules.push_back(game.rules(rules.variant(), rules.players()));
    out.rules.back()->reverse_simultaneous_order();
    out.alternatives.push_back(std::move(entry));
  }
  return out;
}

}  // namespace grove::checker
