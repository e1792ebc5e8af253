#pragma once
// grove explore's search: every state of a small variant reachable through
// every decision of every player and every chance outcome, breadth first,
// remembering 64-bit fingerprints rather than states (as TLC and SPIN do)
// and a parent link per state, so the shortest way to any state can be
// replayed. Each state is checked once, when it is expanded: is it stuck,
// do the game's invariants hold, does every listed move apply, and, for
// each alternative of each ruling, would that reading give other moves or
// other successors here. The search keeps the state graph (the successors
// of each state with their chance probabilities) for the analyses in
// state_graph.hpp: states that can never end, play that can go on forever,
// exact outcome probabilities.
//
// Shape: the fingerprints are split into shards by their low bits, and
// each shard owns its states (their numbers, parent links and successor
// lists). The search goes level by level: first the states of the level
// are expanded (any worker, any shard), each successor whose fingerprint
// is not known yet going into the owning shard's inbox; then each shard
// takes in its inbox, in a fixed order, numbering the states that are new.
// A state's number therefore does not depend on the number of workers, and
// the two phases are the compute and message steps a distributed search
// (one MPI rank per set of shards) would take.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checker/exchange.hpp"
#include "checker/probability_pool.hpp"
#include "engine/core/game.hpp"

namespace grove::checker {

struct ExploreLimits {
  std::int64_t max_states = 0;  // 0: no limit
  int max_depth = 0;            // 0: no limit
  std::int64_t max_memory = 0;  // bytes the process may use; 0: no limit
};

struct ExploreProgress {
  std::int64_t states = 0;  // found so far
  std::int64_t queue = 0;   // found but not yet expanded
  int depth = 0;            // the level being expanded
  double seconds = 0;
  std::int64_t memory = 0;  // bytes the process uses
};

struct ExploreOptions {
  // Where the search starts; null: the rules' initial state.
  const State* start = nullptr;
  ExploreLimits limits;
  int jobs = 1;
  // Compare every ruling's other alternatives with the variant's at every
  // state (costs one more expansion per alternative).
  bool compare_rulings = true;
  // Record the rule clauses that fire (every move is applied with a log).
  bool coverage = true;
  // Also check every generic property grove fuzz checks (step_checks.hpp:
  // copies, hashes, the YAML and notation round trips, the refusal of
  // nearby moves, the chance sums) at every state: the same list as fuzz,
  // several times slower than the search's own checks. And expand through
  // CheckedRules (checked_rules.hpp): every view taken is held against the
  // other states with it (Exploration::view_contract).
  bool all_checks = false;
  // Tell states apart by their whole state (State::hash) rather than by
  // their view (Rules::view_hash), which merges states the rules can no
  // longer tell apart: the full graph, as a model checker without the
  // game's knowledge would search it (to compare with one, or to check
  // that a view hides nothing). The view contract is then not checked.
  bool full_states = false;
  // The other processes of a distributed search (exchange.hpp), or null.
  // Every rank calls explore() with the same rules and options; each owns
  // the shards whose number modulo the ranks is its own, sends each
  // successor it finds for another rank's shard there as its encoding
  // (Rules::encode), level by level, and at the end the whole graph is
  // gathered to rank 0, whose Exploration is the one a single process
  // would make (the others' hold only their figures).
  Exchange* exchange = nullptr;
  // Whether a distributed search gathers its graph to rank 0 for the
  // analyses (state_graph.hpp), or leaves it on the ranks and runs them
  // there (graph_on_ranks.hpp): by default, gathered when it fits the
  // memory rank 0 has left under its --memory.
  enum class Gather { IfItFits, Always, Never };
  Gather gather = Gather::IfItFits;
  // Called from the calling thread a few times a second.
  std::function<void(const ExploreProgress&)> progress;
  // Polled with the progress; true stops the search as a bound would.
  std::function<bool()> stop;
  // Called from the calling thread as each level has been expanded, with
  // how many states the search has found in all (every rank's, on every
  // rank): the next level's are all among them.
  std::function<void(int depth, std::int64_t found)> level_done;
};

// The most ranks a distributed search can use: the states are split into
// this many shards by fingerprint, and a rank owns whole shards.
inline constexpr int kMostRanks = 512;

// Why a search ended before it had expanded every state.
enum class StopReason { None, MaxStates, MaxDepth, Memory, Interrupted };
std::string stop_reason_text(StopReason reason);

// A state is named by its number in the graph (0 .. states-1).
using StateIndex = std::uint32_t;
inline constexpr StateIndex kNoState = 0xffffffffU;

// One kind of finding: the first state that shows it (least depth, so its
// trace is a shortest one) and how many states show it.
struct Sighting {
  StateIndex state = kNoState;
  int depth = 0;
  int move = -1;  // the move (or chance outcome) it is about, by index; -1: the state itself
  std::string detail;
  std::int64_t count = 0;

  bool seen() const { return count > 0; }
};

// Another reading of the rules compared at every state: a ruling's other
// alternative, or the reverse order of the game's simultaneous resolutions.
struct Alternative {
  std::string ruling;       // the ruling's id; kOrder for the reverse order
  std::string alternative;  // the alternative compared with the variant's
  Sighting differs;         // states where the two readings part
  std::string unavailable;  // why it could not be compared (the game refused the variant)
  // The RulingReads bits of what this reading changes: it is compared only
  // at states where the rules read one of them (at every state where the
  // rules read it while they were built, or under all_checks).
  std::uint64_t reads = RulingReads::kAll;

  static constexpr const char* kOrder = "order";
  bool is_order() const { return ruling == kOrder; }
  // "tk.bamboo_supply=limits_growth", or "simultaneous resolutions reversed".
  std::string label() const;
};

enum class NodeClass : std::uint8_t { Decision, Chance, Terminal, Unexpanded, Broken };

struct AnalysesOnRanks;  // graph_on_ranks.hpp

class Exploration {
 public:
  Exploration(const Rules& rules, std::vector<Alternative> alternatives);
  Exploration(Exploration&&) noexcept;
  ~Exploration();

  const Rules& rules() const { return *rules_; }
  // Where the search started, and whether that was the game's own start.
  const State& start() const { return *start_; }
  bool from_initial_state() const { return from_initial_; }

  // --- The search's figures --------------------------------------------------
  std::int64_t states() const { return states_; }
  std::int64_t transitions() const { return transitions_; }
  std::int64_t expanded() const { return expanded_; }
  int depth() const { return max_depth_; }
  double seconds() const { return seconds_; }
  std::int64_t peak_memory() const { return peak_memory_; }
  std::size_t fingerprint_bytes() const { return fingerprint_bytes_; }
  std::size_t graph_bytes() const;
  // A distributed search: its ranks, the bytes they sent each other in the
  // search (the successors and the answers naming them), and those of the
  // graph gathered to rank 0 at the end. Its peak memory is the largest
  // rank's.
  int ranks() const { return ranks_; }
  std::int64_t bytes_exchanged() const { return bytes_exchanged_; }
  std::int64_t gathered_bytes() const { return gathered_bytes_; }
  // Whether the graph was gathered: what it would need on rank 0 (an
  // estimate, with the analyses) and the room rank 0 had under its
  // --memory (-1: no bound).
  std::int64_t graph_estimate() const { return graph_estimate_; }
  std::int64_t room_on_rank_zero() const { return room_on_rank_zero_; }
  // A graph left on the ranks (ExploreOptions::gather): the analyses the
  // ranks ran together (analyse_endings and outcome_probabilities hand
  // them out), and the bytes they sent each other for them. Null when the
  // graph is here.
  const AnalysesOnRanks* analysed_on_ranks() const { return on_ranks_.get(); }
  std::int64_t analysis_bytes() const { return analysis_bytes_; }
  // Why the analyses of the whole graph (analyse_endings,
  // outcome_probabilities) were not run, though the search was complete:
  // they had no room under --memory (analyses_room). Empty when they ran.
  const std::string& analyses_skipped() const { return analyses_skipped_; }
  StopReason stopped() const { return stopped_; }
  bool complete() const { return stopped_ == StopReason::None; }
  // The --memory bound the search ran under (bytes; 0: none), which the
  // analyses keep to as well (make_room).
  std::int64_t memory_bound() const { return memory_bound_; }
  // The chance that two of the states found share a fingerprint, so that
  // one of them was taken for the other and its moves never explored:
  // n(n-1)/2 pairs, each alike with chance 2^-64.
  double collision_probability() const;

  // --- Findings of the search --------------------------------------------------
  const Sighting& stuck() const { return stuck_; }
  const Sighting& invariant() const { return invariant_; }
  const Sighting& rejected_move() const { return rejected_move_; }  // listed, then refused
  const Sighting& exception() const { return exception_; }
  // A generic property broken (ExploreOptions::all_checks only).
  const Sighting& property() const { return property_; }
  // Two states with one view (Rules::view_hash) that behave differently:
  // the state whose move led to the second (searching through CheckedRules,
  // as ExploreOptions::all_checks does).
  const Sighting& view_contract() const { return view_contract_; }
  const std::vector<Alternative>& alternatives() const { return alternatives_; }
  const std::set<std::string>& clauses() const { return clauses_; }

  // --- The state graph -----------------------------------------------------------
  // Not here when it was left on the ranks: then only initial(), depth_of()
  // and the traces of the findings and the analyses' sightings.
  // States are numbered shard by shard, each shard's in the order found.
  StateIndex initial() const { return initial_; }
  NodeClass node_class(StateIndex state) const { return node_class_[state]; }
  Seat actor(StateIndex state) const { return actor_[state]; }  // decisions only
  // Terminal states: bit s set when seat s is among the winners.
  std::uint32_t winners(StateIndex state) const { return winners_[state]; }
  int depth_of(StateIndex state) const;
  StateIndex parent(StateIndex state) const { return parent_[state]; }
  // The successors of an expanded state, one per legal move or chance
  // outcome in the order the rules list them; kNoState where the move
  // failed. Probabilities for chance outcomes, 0 for decisions.
  std::size_t edges_begin(StateIndex state) const { return edge_begin_[state]; }
  std::size_t edges_end(StateIndex state) const { return edge_begin_[state + 1]; }
  StateIndex edge_target(std::size_t edge) const { return edge_target_[edge]; }
  double edge_probability(std::size_t edge) const {
    return probabilities_[edge_probability_[edge]];
  }
  // True when a move failed or the rules threw somewhere: the graph misses
  // those edges.
  bool has_broken_edges() const { return broken_edges_; }

  // The moves (decisions and chance outcomes) of a shortest way from the
  // start to `state`, and the state that moves from the start reach.
  std::vector<Move> trace(StateIndex state) const;
  std::unique_ptr<State> replay(const std::vector<Move>& moves) const;
  // The move (or chance outcome) an edge stands for: the index-th the rules
  // list at `state`.
  Move nth_move(const State& state, std::size_t index) const;

 private:
  friend class Search;

  const Rules* rules_;
  std::unique_ptr<State> start_;
  bool from_initial_ = true;
  std::vector<Alternative> alternatives_;
  Sighting stuck_, invariant_, rejected_move_, exception_, property_, view_contract_;
  std::set<std::string> clauses_;
  std::int64_t expanded_ = 0;
  int max_depth_ = 0;
  double seconds_ = 0;
  std::int64_t peak_memory_ = 0;
  std::size_t fingerprint_bytes_ = 0;
  StopReason stopped_ = StopReason::None;
  bool broken_edges_ = false;
  int ranks_ = 1;
  std::int64_t bytes_exchanged_ = 0;
  std::int64_t gathered_bytes_ = 0;
  std::int64_t graph_estimate_ = 0;
  std::int64_t room_on_rank_zero_ = -1;
  std::int64_t memory_bound_ = 0;
  std::int64_t analysis_bytes_ = 0;
  std::string analyses_skipped_;
  std::shared_ptr<AnalysesOnRanks> on_ranks_;
  // A graph left on the ranks: the way from the start to each state a
  // finding or an analysis names, as the moves' indices.
  std::map<StateIndex, std::vector<std::uint16_t>> ways_;
  std::int64_t states_ = 0;
  std::int64_t transitions_ = 0;

  std::vector<NodeClass> node_class_;
  std::vector<std::int8_t> actor_;
  std::vector<std::uint32_t> winners_;
  StateIndex initial_ = 0;
  // Shard by shard: the first state of each shard, and of each of its levels.
  std::vector<StateIndex> shard_begin_;
  std::vector<std::vector<StateIndex>> level_begin_;
  std::vector<StateIndex> parent_;
  std::vector<std::uint16_t> choice_;  // index of the move from the parent
  std::vector<std::uint64_t> edge_begin_;
  std::vector<StateIndex> edge_target_;
  std::vector<ProbabilityPool::Index> edge_probability_;  // into probabilities_
  ProbabilityPool probabilities_;
};

// Explores from the rules' initial state. `alternatives` are the readings
// compared (see alternatives_of); their rules must have been built for the
// same game and player count.
Exploration explore(const Rules& rules, const std::vector<const Rules*>& alternative_rules,
                    std::vector<Alternative> alternatives, const ExploreOptions& options);

// The rules of every other alternative of every ruling of the variant, and
// of the reverse order of its simultaneous resolutions if the game has any,
// with their descriptions, for explore().
// What the analyses of a whole graph of `states` and `edges` (or a rank's
// part of one) need beside it: its components, the solvers' copy by place
// and the values, and the reverse edges where an endless loop is traced
// back (see also the gather's estimate in explorer.cpp).
std::int64_t analyses_need(std::int64_t states, std::int64_t edges);
// The same for a rank's part of a graph left on the ranks, whose analyses
// also hold the values of the successors on other ranks and the messages
// of every sweep (graph_on_ranks.cpp): far more an edge.
std::int64_t analyses_need_on_ranks(std::int64_t states, std::int64_t edges);
// "" where that fits in `room` bytes (-1: no bound), else why the analyses
// are not run.
std::string analyses_room(std::int64_t states, std::int64_t edges, std::int64_t room);

struct AlternativeRules {
  std::vector<std::unique_ptr<Rules>> rules;  // null where the game refused the variant
  std::vector<Alternative> alternatives;
};
AlternativeRules alternatives_of(const Rules& rules);

// The process's resident memory now, in bytes (0 where it cannot be read).
std::int64_t resident_memory();
// Makes room for `needed` more bytes under a --memory bound of `bound`
// bytes for the whole process (0: none): where the memory it holds now and
// `needed` would pass the bound, what it has freed goes back to the system
// (as far as the allocator can give it). Otherwise the freed memory stays
// with the allocator, resident and counted in the peak, to be handed out
// again: giving it back took a system call per free range (18,000 at the
// end of one search) and broke the 2 MB pages around each into 4 KB ones,
// which the analyses then read through. Pass the Pandas 8 dice, full
// states: the whole command 17% faster for keeping it, its peak 222 MB
// rather than 148 (checker/README.md).
void make_room(std::int64_t needed, std::int64_t bound);

}  // namespace grove::checker
