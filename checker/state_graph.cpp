#include "checker/state_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/align/aligned_allocator.hpp>
#include <cmath>
#include <deque>
#include <limits>
#include <stdexcept>
#include <utility>

#include "checker/graph_on_ranks.hpp"
#include "checker/probability_pool.hpp"
#include "checker/state_values.hpp"

namespace grove::checker {
namespace {

// Predecessors of every state (edges that failed are left out).
struct Reverse {
  std::vector<std::uint64_t> begin;
  std::vector<StateIndex> from;

  explicit Reverse(const Exploration& graph) {
    const auto n = static_cast<StateIndex>(graph.states());
    begin.assign(static_cast<std::size_t>(n) + 1, 0);
    for (std::size_t e = 0; e < static_cast<std::size_t>(graph.transitions()); ++e) {
      if (const StateIndex to = graph.edge_target(e); to != kNoState) ++begin[to + 1];
    }
    for (StateIndex v = 0; v < n; ++v) begin[v + 1] += begin[v];
    from.resize(begin[n]);
    std::vector<std::uint64_t> next(begin.begin(), begin.end() - 1);
    for (StateIndex v = 0; v < n; ++v) {
      for (std::size_t e = graph.edges_begin(v); e < graph.edges_end(v); ++e) {
        if (const StateIndex to = graph.edge_target(e); to != kNoState) from[next[to]++] = v;
      }
    }
  }
};

// Strongly connected components (Tarjan's algorithm without recursion), in
// reverse topological order: a component comes after every component it
// leads to. Only states `inside` accepts, and edges `follows` accepts.
struct Components {
  std::vector<StateIndex> states;    // grouped by component
  std::vector<std::uint64_t> begin;  // component c: states[begin[c] .. begin[c+1])
  std::vector<bool> cyclic;          // more than one state, or a move back to itself

  std::size_t count() const { return cyclic.size(); }

  // The component of each of n states (kNoState: not inside). Only the
  // search for an endless loop asks: kept through the analyses, the whole
  // graph's held 4 bytes a state through the solvers' peak.
  std::vector<std::uint32_t> of(std::size_t n) const {
    std::vector<std::uint32_t> out(n, kNoState);
    for (std::size_t c = 0; c < count(); ++c) {
      for (std::uint64_t i = begin[c]; i < begin[c + 1]; ++i) {
        out[states[i]] = static_cast<std::uint32_t>(c);
      }
    }
    return out;
  }
};

// Tarjan's word for each state: kNoState before it is visited, its number
// in the order visited (below kClosed) while its component is open, and
// kClosed or more once the component has closed. As no number is as large,
// an edge to a closed state lowers nothing, and no array of the states on
// the stack is read for every edge. What a closed state's word holds
// beyond kClosed is the caller's (strongly_connected's `close`).
constexpr StateIndex kClosed = 1U << 31;

// Components as above, `word` each state's word as it ends. When a
// component closes, close(first, size, cyclic, base) is called with its
// states [first, first + size) (their words still their numbers, none
// below base, the number of the first visited) and must give each a word
// of kClosed or more. Every edge out of the component then leads to a
// state closed before, whose word the call may read.
template <class Inside, class Follows, class Close>
Components strongly_connected(const Exploration& graph, Inside inside, Follows follows,
                              std::vector<StateIndex>& word, Close close) {
  const auto n = static_cast<StateIndex>(graph.states());
  if (n >= kClosed) {
    throw std::length_error(fmt::format(
        "{} states are too many to analyse in one process (at most {}): run under mpirun with "
        "--gather no",
        n, kClosed - 1));
  }
  Components out;
  out.begin.push_back(0);
  word.assign(n, kNoState);
  std::vector<StateIndex> stack;
  // A state left to visit one below it, with its next edge and the lowest
  // number it has reached so far.
  struct Frame {
    StateIndex state;
    StateIndex low;
    std::size_t edge;
  };
  std::vector<Frame> calls;
  // Room for every state up front: grown as they fill, these arrays were a
  // quarter of the time of finding the components (copies into fresh
  // pages). Pages never written are never resident.
  out.states.reserve(n);
  out.begin.reserve(static_cast<std::size_t>(n) + 1);
  out.cyclic.reserve(n);
  stack.reserve(n);
  calls.reserve(n);
  StateIndex counter = 0;
  for (StateIndex root = 0; root < n; ++root) {
    if (word[root] != kNoState || !inside(root)) continue;
    // The state being visited, its next edge and its lowest number reached
    // are kept here, not on `calls` or in an array by state: read and
    // written in memory for every edge, they made each edge wait on the
    // last one's store.
    StateIndex v = root;
    std::size_t e = graph.edges_begin(v);
    StateIndex low = word[v] = counter++;
    stack.push_back(v);
    for (;;) {
      bool descended = false;
      for (const std::size_t end = graph.edges_end(v); e < end; ++e) {
        const StateIndex w = graph.edge_target(e);
        if (w == kNoState || !inside(w) || !follows(v, e, w)) continue;
        if (word[w] == kNoState) {
          calls.push_back({v, low, e + 1});
          v = w;
          e = graph.edges_begin(v);
          low = word[v] = counter++;
          stack.push_back(v);
          descended = true;
          break;
        }
        low = std::min(low, word[w]);  // closed: no change
      }
      if (descended) continue;
      // Every edge of v followed: v closes a component if nothing below it
      // reached further up.
      if (low == word[v]) {
        const std::size_t first = out.states.size();
        StateIndex w;
        do {
          w = stack.back();
          stack.pop_back();
          out.states.push_back(w);
        } while (w != v);
        const std::size_t size = out.states.size() - first;
        bool cyclic = size > 1;
        for (std::size_t f = graph.edges_begin(v); !cyclic && f < graph.edges_end(v); ++f) {
          cyclic = graph.edge_target(f) == v && follows(v, f, v);
        }
        close(out.states.data() + first, size, cyclic, low);
        out.cyclic.push_back(cyclic);
        out.begin.push_back(out.states.size());
      }
      if (calls.empty()) break;
      const StateIndex below = low;
      v = calls.back().state;
      e = calls.back().edge;
      low = std::min(calls.back().low, below);
      calls.pop_back();
    }
  }
  return out;
}

// The components alone.
template <class Inside, class Follows>
Components strongly_connected(const Exploration& graph, Inside inside, Follows follows) {
  std::vector<StateIndex> word;
  return strongly_connected(graph, inside, follows, word,
                            [&](const StateIndex* first, std::size_t size, bool, StateIndex) {
                              for (std::size_t i = 0; i < size; ++i) word[first[i]] = kClosed;
                            });
}

bool playable(NodeClass node_class) {
  return node_class == NodeClass::Decision || node_class == NodeClass::Chance;
}

bool has_moves(const Exploration& graph, StateIndex v) {
  return playable(graph.node_class(v)) && graph.edges_end(v) > graph.edges_begin(v);
}

// What GraphShape::Parts finds of each state, found as each component
// closes in Tarjan's algorithm (so sinks first), from the state's edges
// alone: whether an end can be reached, whether a state from which none can
// be reached can, whether the players can keep it from every end, and the
// fewest moves to an end (by which each component with a cycle is put
// nearest an end first, for the solvers: nearest_within). A state whose
// component has no cycle has only successors already settled. Within a
// component with a cycle every state reaches every other, so the first two
// are the component's; the third is found by taking away, until none is
// left to take, the states that cannot stay among those that avoid every
// end (at a decision no move stays, at a chance node some outcome leaves),
// and the fourth back from where the component is left, both through the
// component's own edges turned round. Found by searching back through the
// whole graph turned round, these read their states from anywhere in
// memory, one per edge: Pass the Pandas 8 dice, GraphShape::Parts took
// 570-577 ms that way and 448-461 ms this way (perf, one core). What is
// found of a state is kept in its word of Tarjan's (strongly_connected), so
// a successor's is the word just read for the same edge; found in a pass
// after Tarjan's, over the components in their order, each edge's
// successor was read again from an array of its own, and each state's place
// in its component from another (Pass the Pandas 8 dice, the command took
// min 1.82 s that way and 1.70 s this way, 12 runs each).
class Settled {
 public:
  static constexpr std::uint32_t kFar = (1U << 27) - 1;  // no end

  // What is found of a state.
  struct Known {
    std::uint32_t to_end = kFar;  // moves to the nearest end, kFar where none
    bool can_end = false;
    bool may_not_end = false;
    bool can_avoid_end = false;

    // The state's word once its component has closed: to_end in bits 0-26,
    // the three in bits 27-29, and kClosed (bit 30 clear: never kNoState).
    StateIndex word() const {
      return kClosed | to_end | static_cast<std::uint32_t>(can_end) << 27U |
             static_cast<std::uint32_t>(may_not_end) << 28U |
             static_cast<std::uint32_t>(can_avoid_end) << 29U;
    }
    static Known of(StateIndex word) {
      return Known{word & kFar, ((word >> 27U) & 1U) != 0, ((word >> 28U) & 1U) != 0,
                   ((word >> 29U) & 1U) != 0};
    }
  };

  // One move further than `distance` from an end. Only the solvers' order
  // reads the distances, so one too far to count (a game more than a
  // hundred million moves long) counts as the farthest there can be, not
  // as none.
  static std::uint32_t further(std::uint32_t distance) { return std::min(distance + 1, kFar - 1); }

  Settled(const Exploration& graph, std::vector<StateIndex>& word) : graph_(graph), word_(word) {}

  // A component closing: strongly_connected's `close`.
  void operator()(StateIndex* first, std::size_t count, bool cyclic, StateIndex base) {
    if (!cyclic) {
      settle_alone(first[0]);
      return;
    }
    const auto size = static_cast<std::uint32_t>(count);
    // Each state's word its place in the component, from base on: numbers
    // no state outside it holds (the other open ones are below base, the
    // closed ones kClosed or more), so one read of a successor's word says
    // whether it is in the component, and where.
    for (std::uint32_t i = 0; i < size; ++i) word_[first[i]] = base + i;
    // One pass over the component's edges: what leaves it, what stays
    // among the states that avoid every end (all of the component's to
    // begin with), and the edges within it, turned round after.
    bool can = false, may = false;
    local_.assign(size, Known{});
    via_.resize(size);
    staying_.resize(size);  // decisions: successors still among those that avoid every end
    leaving_.clear();
    within_.clear();
    for (std::uint32_t i = 0; i < size; ++i) {
      const StateIndex v = first[i];
      bool all = true;
      std::uint32_t to_end = kFar, stay = 0;
      StateIndex nearest = kNoState;
      for (std::size_t e = graph_.edges_begin(v); e < graph_.edges_end(v); ++e) {
        const StateIndex w = graph_.edge_target(e);
        if (w == kNoState) {
          all = false;
          continue;
        }
        const StateIndex theirs = word_[w];
        if (theirs < kClosed) {  // in the component: its place
          within_.push_back({theirs - base, i});
          ++stay;
          continue;
        }
        const Known their = Known::of(theirs);
        can = can || their.can_end;
        may = may || their.may_not_end;
        if (their.to_end != kFar) {
          const std::uint32_t through = further(their.to_end);
          if (through < to_end || (through == to_end && w < nearest)) {
            to_end = through;
            nearest = w;
          }
        }
        if (their.can_avoid_end) {
          ++stay;
        } else {
          all = false;
        }
      }
      local_[i].to_end = to_end;
      via_[i] = nearest;
      staying_[i] = stay;
      if (graph_.node_class(v) == NodeClass::Chance ? !all : stay == 0) {
        leaving_.push_back(i);
      } else {
        local_[i].can_avoid_end = true;
      }
    }
    inward_.begin.assign(size + 1, 0);
    for (const auto& [to, from] : within_) ++inward_.begin[to + 1];
    for (std::uint32_t i = 0; i < size; ++i) inward_.begin[i + 1] += inward_.begin[i];
    inward_.from.resize(within_.size());
    {
      std::vector<std::uint32_t> next(inward_.begin.begin(), inward_.begin.end() - 1);
      for (const auto& [to, from] : within_) inward_.from[next[to]++] = from;
    }
    for (Known& known : local_) {
      known.can_end = can;
      known.may_not_end = !can || may;
    }
    avoid_within(first);
    nearest_within(first, size);
    for (std::uint32_t i = 0; i < size; ++i) word_[first[i]] = local_[i].word();
    std::copy(order_.begin(), order_.end(), first);
  }

 private:
  const Exploration& graph_;
  std::vector<StateIndex>& word_;
  // Of the component with a cycle being settled, by place in it (the
  // order Tarjan's algorithm gave it): what is found of each state, the
  // nearest state it leaves for, its successors still among those that
  // avoid every end, the states that cannot stay among them, and the
  // edges within the component (to, from), then turned round.
  std::vector<Known> local_;
  std::vector<StateIndex> via_;
  std::vector<std::uint32_t> staying_, leaving_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> within_;
  struct Inward {
    std::vector<std::uint32_t> begin, from;
  } inward_;
  std::vector<StateIndex> order_;  // nearest_within's

  // A state on no cycle, from its successors: each closed before it, as an
  // edge to a state still open would have put it on a cycle.
  void settle_alone(StateIndex v) {
    if (graph_.node_class(v) == NodeClass::Terminal) {
      word_[v] = Known{0, true, false, false}.word();
      return;
    }
    bool can = false, may = false, all_stay = true, some_stay = false;
    std::uint32_t to_end = kFar;
    for (std::size_t e = graph_.edges_begin(v); e < graph_.edges_end(v); ++e) {
      const StateIndex w = graph_.edge_target(e);
      if (w == kNoState) {
        all_stay = false;
        continue;
      }
      const Known their = Known::of(word_[w]);
      all_stay = all_stay && their.can_avoid_end;
      some_stay = some_stay || their.can_avoid_end;
      can = can || their.can_end;
      may = may || their.may_not_end;
      if (their.to_end != kFar) to_end = std::min(to_end, further(their.to_end));
    }
    word_[v] = Known{to_end, can, !can || may,
                     has_moves(graph_, v) &&
                         (graph_.node_class(v) == NodeClass::Chance ? all_stay : some_stay)}
                   .word();
  }

  // The states of the component with a cycle from which the players can
  // avoid every end: all of them to begin with (each has moves, as each has
  // an edge within the component), less those that cannot stay (leaving_,
  // staying_ counted from all of them), until none is left to take away.
  void avoid_within(const StateIndex* first) {
    while (!leaving_.empty()) {
      const std::uint32_t i = leaving_.back();
      leaving_.pop_back();
      for (std::uint32_t k = inward_.begin[i]; k < inward_.begin[i + 1]; ++k) {
        const std::uint32_t from = inward_.from[k];
        if (!local_[from].can_avoid_end) continue;
        if (graph_.node_class(first[from]) == NodeClass::Chance || --staying_[from] == 0) {
          local_[from].can_avoid_end = false;
          leaving_.push_back(from);
        }
      }
    }
  }

  // The fewest moves to an end of each state of the component [first,
  // first + size), from those of the states it leaves for (via_: the
  // nearest of them, the first by number): back from where it is left,
  // nearest first (the states it is left from, in order of their distance,
  // merged with those one move further, as a search back by levels would).
  // Each waiting state keeps the distance it waits with, so that both lists
  // stay in order; one whose distance has shrunk since waits again further
  // ahead. States left from as near an end are taken by the state they
  // leave for, so that those that read the same value outside lie together
  // in the solvers' order: taken by their own numbers, the solves took a
  // fifth longer (Pass the Pandas 8 dice, as many sweeps).
  //
  // order_ is then the component's states in the order this reached them,
  // those that cannot end last, the order they are put in. The solvers
  // sweep a component in its order (Gauss-Seidel), so a state then reads
  // this sweep's value of a successor nearer the end, and what the exits
  // settle reaches the whole component in fewer sweeps: Pass the Pandas 8
  // dice, the largest component's from 30 to 24, and the command 9% faster
  // than in Tarjan's order. Sorted by the order reached after the settling,
  // as they were, they took 31 ms more (min of 19 runs).
  void nearest_within(const StateIndex* first, std::uint32_t size) {
    using Waiting = std::pair<std::uint32_t, std::uint32_t>;  // distance, place
    std::vector<Waiting> exits, queue;
    for (std::uint32_t i = 0; i < size; ++i) {
      const std::uint32_t to_end = local_[i].to_end;
      if (to_end != kFar) exits.emplace_back(to_end, i);
    }
    std::sort(exits.begin(), exits.end(), [&](const Waiting& a, const Waiting& b) {
      return a.first != b.first                 ? a.first < b.first
             : via_[a.second] != via_[b.second] ? via_[a.second] < via_[b.second]
                                                : first[a.second] < first[b.second];
    });
    std::vector<bool> done(size, false);
    order_.clear();
    std::size_t next_exit = 0, head = 0;
    while (next_exit < exits.size() || head < queue.size()) {
      const bool exit = head == queue.size() ||
                        (next_exit < exits.size() && exits[next_exit].first <= queue[head].first);
      const auto [distance, i] = exit ? exits[next_exit++] : queue[head++];
      if (done[i] || distance != local_[i].to_end) continue;
      done[i] = true;
      order_.push_back(first[i]);
      const std::uint32_t through = further(distance);
      for (std::uint32_t k = inward_.begin[i]; k < inward_.begin[i + 1]; ++k) {
        const std::uint32_t from = inward_.from[k];
        if (through < local_[from].to_end) {
          local_[from].to_end = through;
          queue.emplace_back(through, from);
        }
      }
    }
    for (std::uint32_t i = 0; i < size; ++i) {
      if (!done[i]) order_.push_back(first[i]);
    }
  }
};

}  // namespace

struct GraphShape::Parts {
  std::vector<bool> can_end;        // an end of the game can be reached from the state
  std::vector<bool> may_not_end;    // it can reach a state from which no end can be reached
  std::vector<bool> can_avoid_end;  // the players can keep it from every end (analyse_endings)
  bool every_game_ends = false;     // whatever anyone does: no such state, and none stuck
  Components components;            // of the whole graph

  explicit Parts(const Exploration& graph) {
    {
      std::vector<StateIndex> word;
      Settled settled(graph, word);
      components = strongly_connected(
          graph, [](StateIndex) { return true; },
          [](StateIndex, std::size_t, StateIndex) { return true; }, word,
          [&settled](StateIndex* first, std::size_t size, bool cyclic, StateIndex base) {
            settled(first, size, cyclic, base);
          });
      const std::size_t n = word.size();
      can_end.resize(n);
      may_not_end.resize(n);
      can_avoid_end.resize(n);
      for (std::size_t v = 0; v < n; ++v) {
        const Settled::Known known = Settled::Known::of(word[v]);
        can_end[v] = known.can_end;
        may_not_end[v] = known.may_not_end;
        can_avoid_end[v] = known.can_avoid_end;
      }
    }
    // What the settling held goes back to the system before the solvers'
    // arrays are made, where they would not fit beside it.
    make_room(analyses_need(graph.states(), graph.transitions()), graph.memory_bound());
    every_game_ends = true;
    for (StateIndex v = 0; v < can_avoid_end.size() && every_game_ends; ++v) {
      every_game_ends =
          stops_whatever_anyone_does(graph.node_class(v), has_moves(graph, v), can_avoid_end[v]);
    }
  }
};

GraphShape::GraphShape(const Exploration& graph)
    : parts_(graph.analysed_on_ranks() != nullptr ? nullptr : std::make_unique<Parts>(graph)) {}

GraphShape::~GraphShape() = default;

namespace {

// The least deep state (then the lowest number) among those `shows`
// accepts, and how many there are.
template <class Shows>
Sighting first_of(const Exploration& graph, Shows shows) {
  Sighting sighting;
  for (StateIndex v = 0; v < static_cast<StateIndex>(graph.states()); ++v) {
    if (!shows(v)) continue;
    const int depth = graph.depth_of(v);
    if (sighting.count++ == 0 || depth < sighting.depth) {
      sighting.state = v;
      sighting.depth = depth;
    }
  }
  return sighting;
}

// The graph renumbered in the order its values are computed (places):
// components sinks first, each with a cycle nearest an end first. A sweep
// then finds most successors' values close by in memory; by the states'
// own numbers they lie anywhere, and the sweeps waited on memory. What the
// solvers read of each state is copied by place too; its edges are read
// from the graph, where it is updated once.
struct Ordered {
  const Exploration& graph;
  const std::vector<StateIndex>& state;  // by place: the components' own order
  std::vector<StateIndex> place;         // by state
  std::vector<NodeClass> node_class;     // by place, and so on
  std::vector<std::uint32_t> winners;
  std::vector<std::int8_t> actor;
  StateIndex initial = 0;

  Ordered(const Exploration& graph_, const Components& order)
      : graph(graph_), state(order.states), place(state.size()) {
    for (StateIndex i = 0; i < state.size(); ++i) place[state[i]] = i;
    initial = place[graph.initial()];
    node_class.reserve(state.size());
    winners.reserve(state.size());
    actor.reserve(state.size());
    for (const StateIndex v : state) {
      node_class.push_back(graph.node_class(v));
      winners.push_back(graph.winners(v));
      actor.push_back(static_cast<std::int8_t>(graph.actor(v)));
    }
  }

  // Calls add(probability, place) for each successor of the state at place
  // i: a chance outcome's probability, or 1/n for each of a decision's n
  // moves.
  template <class Add>
  void successors(StateIndex i, Add add) const {
    const StateIndex v = state[i];
    const std::size_t first = graph.edges_begin(v), last = graph.edges_end(v);
    const bool chance = node_class[i] == NodeClass::Chance;
    for (std::size_t e = first; e < last; ++e) {
      add(chance ? graph.edge_probability(e) : 1.0 / static_cast<double>(last - first),
          place[graph.edge_target(e)]);
    }
  }
};

// The edges of one component with a cycle, by place, copied for its
// sweeps: one component's at a time, not the whole graph's, is what the
// solvers hold beside the graph. Only the edges within the component are
// kept: what the edges out of it add to a state's value is final before
// the first sweep, so each solver reduces it once (Solver::outside) and
// reads it as one more successor. Pass the Pandas 8 dice, 27-47% of a
// component's edges stay within it, and the analyses took min 705 ms
// rather than 771 (18 runs each, with the values aligned below).
struct ComponentEdges {
  StateIndex first = 0;
  std::vector<std::size_t> begin;
  std::vector<StateIndex> to;
  std::vector<double> probability;
  std::vector<std::pair<double, StateIndex>> leaving;  // one state's, while it is read

  // Room for the largest component with a cycle, made once: grown as they
  // come, the component's arrays held the solvers' peak (they were 32 MB
  // beside 39 MB of values, Pass the Pandas 8 dice). Room for all its
  // edges, though only those within it are kept: pages never written are
  // never resident, and counting those alone took a pass through the
  // places of every edge of every cycle for no difference in peak memory.
  ComponentEdges(const Ordered& ordered, const Components& order) {
    std::size_t states = 0, edges = 0;
    for (std::size_t c = 0; c < order.count(); ++c) {
      if (!order.cyclic[c]) continue;
      std::size_t count = 0;
      for (std::size_t i = order.begin[c]; i < order.begin[c + 1]; ++i) {
        const StateIndex v = ordered.state[i];
        count += ordered.graph.edges_end(v) - ordered.graph.edges_begin(v);
      }
      states = std::max(states, order.begin[c + 1] - order.begin[c]);
      edges = std::max(edges, count);
    }
    begin.reserve(states + 1);
    to.reserve(edges);
    probability.reserve(edges);
  }

  // Reads the component of places [first_place, last_place): its edges
  // within it, and for each state leaves(i, leaving) with its edges out of
  // it, (probability, place) in the rules' order.
  template <class Leaves>
  void read(const Ordered& ordered, StateIndex first_place, StateIndex last_place, Leaves leaves) {
    first = first_place;
    begin.clear();
    to.clear();
    probability.clear();
    const StateIndex size = last_place - first_place;
    for (StateIndex i = first_place; i != last_place; ++i) {
      begin.push_back(to.size());
      leaving.clear();
      ordered.successors(i, [&](double p, StateIndex successor) {
        if (successor - first_place < size) {
          to.push_back(successor);
          probability.push_back(p);
        } else {
          leaving.emplace_back(p, successor);
        }
      });
      leaves(i, std::as_const(leaving));
    }
    begin.push_back(to.size());
  }

  // add(probability, place) for each edge of the state at place i within
  // the component.
  template <class Add>
  void within(StateIndex i, Add add) const {
    for (std::size_t e = begin[i - first]; e < begin[i - first + 1]; ++e) {
      add(probability[e], to[e]);
    }
  }
};

// One set of values that solve() computes, `width` a place in `values`:
// update(i, successors) sets the values at place i from its successors'
// (successors(add): add(probability, successor's values) for each) and
// says by how much they changed; reduce(i, leaving, part) sets the `width`
// values at part from what the state's edges out of its component give
// (leaving(add), alike); start(first, last) readies the values of the
// component [first, last) before its first sweep.
template <class Reduce, class Update, class Start>
struct Solver {
  double* values;
  std::size_t width;
  Reduce reduce;
  Update update;
  Start start;
  std::vector<double> outside{};  // what reduce gave, for the component being swept

  const double* at(StateIndex place) const { return values + width * place; }

  // The values of the component with a cycle in `edges`, swept until none
  // changes by more than the tolerance (or the sweeps run out); the
  // largest change of the last sweep.
  double sweep(const ComponentEdges& edges, StateIndex first, StateIndex last) {
    constexpr double kTolerance = 1e-15;
    constexpr int kMaxSweeps = 1'000'000;
    start(first, last);
    double change = 0;
    for (int round = 0; round < kMaxSweeps; ++round) {
      change = 0;
      for (StateIndex i = first; i != last; ++i) {
        change = std::max(change, update(i, [&](const auto& add) {
                            add(1.0, &outside[width * (i - first)]);
                            edges.within(i, [&](double p, StateIndex j) { add(p, at(j)); });
                          }));
      }
      if (change <= kTolerance) break;
    }
    return change;
  }
};
template <class Reduce, class Update, class Start>
Solver(double*, std::size_t, Reduce, Update, Start) -> Solver<Reduce, Update, Start>;

// The solvers' values for every place, component by component (so that
// successors outside a component are final), one solver after another in
// each. A component with a cycle is read into `edges` once for them all,
// each reducing what leaves it, then each swept in turn. Returns the
// largest change of the last sweeps.
template <class... Solvers>
double solve(const Ordered& ordered, const Components& order, ComponentEdges& edges,
             Solvers&... solvers) {
  double residual = 0;
  for (std::size_t c = 0; c < order.count(); ++c) {
    const auto first = static_cast<StateIndex>(order.begin[c]);
    const auto last = static_cast<StateIndex>(order.begin[c + 1]);
    if (!order.cyclic[c]) {
      const auto update = [&](auto& solver) {
        solver.update(first, [&](const auto& add) {
          ordered.successors(first, [&](double p, StateIndex j) { add(p, solver.at(j)); });
        });
      };
      (update(solvers), ...);
      continue;
    }
    (solvers.outside.resize(solvers.width * (last - first)), ...);
    edges.read(ordered, first, last, [&](StateIndex i, const auto& leaving) {
      const auto reduce = [&](auto& solver) {
        solver.reduce(
            i,
            [&](const auto& add) {
              for (const auto& [p, j] : leaving) add(p, solver.at(j));
            },
            &solver.outside[solver.width * (i - first)]);
      };
      (reduce(solvers), ...);
    });
    ((residual = std::max(residual, solvers.sweep(edges, first, last))), ...);
  }
  return residual;
}

// The solvers' values, on a cache line's boundary: malloc gives a large
// block 16 bytes past one, so half of Pass the Pandas' 32-byte rows of
// random-play values straddled two lines (the random-play solve, 8 dice:
// min 417 against 400 ms aligned, 6 runs each).
using AlignedValues = std::vector<double, boost::alignment::aligned_allocator<double, 64>>;

// Why the graph gives no exact outcomes, or "" when it does.
std::string why_no_outcomes(const Exploration& graph) {
  if (!graph.complete()) return "the search was not complete";
  if (!graph.analyses_skipped().empty()) return graph.analyses_skipped();
  if (graph.has_broken_edges()) {
    return "some moves failed or the rules threw, so the graph misses edges";
  }
  return "";
}

}  // namespace

EndingAnalysis analyse_endings(const Exploration& graph) {
  return analyse_endings(graph, GraphShape(graph));  // which builds nothing on ranks
}

EndingAnalysis analyse_endings(const Exploration& graph, const GraphShape& shape) {
  if (const AnalysesOnRanks* done = graph.analysed_on_ranks()) return done->endings;
  EndingAnalysis out;
  const auto n = static_cast<StateIndex>(graph.states());
  const std::vector<bool>& can_end = shape.parts().can_end;
  out.trap = first_of(graph, [&](StateIndex v) { return has_moves(graph, v) && !can_end[v]; });

  const std::vector<bool>& avoid = shape.parts().can_avoid_end;
  // Among the states that can avoid every end, the component of each.
  std::vector<std::uint32_t> loop_of;
  // Where every game ends, no state avoids every end: no loop to look for.
  if (!shape.parts().every_game_ends) {
    const Components loops = strongly_connected(
        graph, [&](StateIndex v) { return bool(avoid[v]); },
        [](StateIndex, std::size_t, StateIndex) { return true; });
    loop_of = loops.of(n);
    out.endless = first_of(
        graph, [&](StateIndex v) { return avoid[v] && can_end[v] && loops.cyclic[loop_of[v]]; });
  }
  if (out.endless.seen()) {
    // A shortest way from the state back to itself within its component.
    const StateIndex start = out.endless.state;
    const std::uint32_t component = loop_of[start];
    std::vector<std::size_t> via(n, std::numeric_limits<std::size_t>::max());
    std::deque<StateIndex> queue{start};
    std::size_t closing = std::numeric_limits<std::size_t>::max();
    StateIndex closing_from = kNoState;
    while (!queue.empty() && closing_from == kNoState) {
      const StateIndex v = queue.front();
      queue.pop_front();
      for (std::size_t e = graph.edges_begin(v); e < graph.edges_end(v); ++e) {
        const StateIndex w = graph.edge_target(e);
        if (w == kNoState || loop_of[w] != component) continue;
        if (w == start) {
          closing = e;
          closing_from = v;
          break;
        }
        if (via[w] == std::numeric_limits<std::size_t>::max()) {
          via[w] = e;
          queue.push_back(w);
        }
      }
    }
    // The edges of the loop, from the start round to it.
    const Reverse reverse(graph);
    std::vector<std::pair<StateIndex, std::size_t>> edges{{closing_from, closing}};
    for (StateIndex v = closing_from; v != start;) {
      const std::size_t e = via[v];
      StateIndex from = kNoState;
      // The edge's source: the state whose edge list holds it.
      for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
        const StateIndex u = reverse.from[i];
        if (e >= graph.edges_begin(u) && e < graph.edges_end(u)) from = u;
      }
      edges.emplace_back(from, e);
      v = from;
    }
    std::reverse(edges.begin(), edges.end());
    std::unique_ptr<State> at = graph.replay(graph.trace(start));
    for (const auto& [from, e] : edges) {
      const Move move = graph.nth_move(*at, e - graph.edges_begin(from));
      out.loop.push_back(move);
      if (!graph.rules().apply(*at, move, nullptr).is_legal()) break;
    }
  }
  const Components& all = shape.parts().components;
  for (std::size_t c = 0; c < all.count(); ++c) {
    if (all.cyclic[c]) out.on_cycles += static_cast<std::int64_t>(all.begin[c + 1] - all.begin[c]);
  }
  return out;
}

OutcomeProbabilities outcome_probabilities(const Exploration& graph, bool perfect_information) {
  if (const AnalysesOnRanks* done = graph.analysed_on_ranks()) return done->outcomes;
  OutcomeProbabilities out;
  out.why_not = why_no_outcomes(graph);
  if (!out.why_not.empty()) return out;
  return outcome_probabilities(graph, GraphShape(graph), perfect_information);
}

OutcomeProbabilities outcome_probabilities(const Exploration& graph, const GraphShape& shape,
                                           bool perfect_information) {
  OutcomeProbabilities out;
  if (const AnalysesOnRanks* done = graph.analysed_on_ranks()) {
    (void)perfect_information;  // the ranks knew it
    return done->outcomes;
  }
  out.why_not = why_no_outcomes(graph);
  if (!out.why_not.empty()) return out;
  const auto n = static_cast<StateIndex>(graph.states());
  const int seats = graph.rules().players();
  // Under random play every move has a chance, so a game that can get to a
  // state that never ends may never end, and its expected length is
  // infinite.
  const std::vector<bool>& may_not_end = shape.parts().may_not_end;
  const Components& order = shape.parts().components;

  // Random play: per state, the chance of each seat winning, of a shared
  // win, of an end, and the expected number of moves to the end.
  const RandomPlayValues random_play{
      seats, std::find(may_not_end.begin(), may_not_end.end(), true) != may_not_end.end()};
  const std::size_t width = random_play.width();
  const Ordered ordered(graph, order);
  // By place, as the solve reads it at every sweep; by state, it was read
  // from anywhere in memory.
  std::vector<std::uint8_t> may_not_end_at(n);
  for (StateIndex i = 0; i < n; ++i) may_not_end_at[i] = may_not_end[ordered.state[i]] ? 1 : 0;
  AlignedValues value(width * n, 0.0);
  std::vector<double> next(width);
  Solver random{
      value.data(), width,
      [&](StateIndex, const auto& leaving, double* part) { random_play.add_up(leaving, part); },
      [&](StateIndex i, const auto& successors) {
        random_play.compute(ordered.node_class[i], ordered.winners[i], may_not_end_at[i] != 0,
                            successors, next.data());
        return random_play.replace(&value[width * i], next.data());
      },
      [](StateIndex, StateIndex) {}};
  ComponentEdges component_edges(ordered, order);

  // The first seat's value under optimal play in `v`, iterated from what
  // start(first, last) puts in a component's values: `unsettled` is the
  // value where no move is left.
  const auto optimal = [&](AlignedValues& v, double unsettled, auto start) {
    return Solver{v.data(), 1,
                  // What a state's edges out of its component give: at a decision,
                  // the best of them for the actor, from worst_for(actor) where none
                  // leaves, as optimal_value starts its own.
                  [&](StateIndex i, const auto& leaving, double* part) {
                    *part = optimal_value(ordered.node_class[i], ordered.winners[i],
                                          ordered.actor[i], worst_for(ordered.actor[i]), leaving);
                  },
                  [&v, &ordered, unsettled](StateIndex i, const auto& successors) {
                    const double result = optimal_value(ordered.node_class[i], ordered.winners[i],
                                                        ordered.actor[i], unsettled, successors);
                    const double change = std::abs(result - v[i]);
                    v[i] = result;
                    return change;
                  },
                  start};
  };
  out.optimal_why_not = why_no_optimal_value(seats, perfect_information);
  // Where every game ends whatever anyone does, the Bellman operator of
  // the game has one fixed point. Why: no state is in can_avoid_end, and
  // each was left out of it (Settled) only once, at a decision, every move
  // led to a state left out before it, at a chance node some outcome did;
  // by induction on that order, from the r-th state an end comes within r
  // moves with a chance of at least p^r (p the least chance outcome), under
  // any strategies whatever (no state is stuck). So the game stops almost
  // surely under every pair of strategies (Condon 1992, stopping simple
  // stochastic games), and iterating from anywhere converges to that one
  // value: each component is started from what uniformly random play
  // scores there, which is close wherever the players' choices change
  // little. Pass the Pandas 8 dice, where they change nothing, the largest
  // component settles in 1 sweep instead of 24. Both are then solved
  // together, component by component, each component's edges read once for
  // both: at 8 dice, reading them again was most of the optimal solve.
  if (out.optimal_why_not.empty() && shape.parts().every_game_ends) {
    AlignedValues best(n);
    auto optimal_play = optimal(best, 0.0, [&](StateIndex first, StateIndex last) {
      for (StateIndex i = first; i != last; ++i) {
        best[i] = random_play.first_seat_score(&value[width * i]);
      }
    });
    out.residual = solve(ordered, order, component_edges, random, optimal_play);
    random_play.report(&value[width * ordered.initial], out);
    out.optimal_low = out.optimal_high = best[ordered.initial];
    out.optimal_defined = true;
    return out;
  }
  out.residual = solve(ordered, order, component_edges, random);
  random_play.report(&value[width * ordered.initial], out);
  if (!out.optimal_why_not.empty()) return out;
  // Otherwise from below (a game that never ends counts as a loss for the
  // first seat) and from above (as a win).
  AlignedValues().swap(value);  // not kept beside the optimal values
  const auto from = [&](double unsettled) {
    AlignedValues v(n, unsettled);
    auto optimal_play = optimal(v, unsettled, [](StateIndex, StateIndex) {});
    out.residual = std::max(out.residual, solve(ordered, order, component_edges, optimal_play));
    return v[ordered.initial];
  };
  out.optimal_low = from(0.0);
  out.optimal_high = from(1.0);
  out.optimal_defined = true;
  return out;
}

std::string why_no_optimal_value(int seats, bool perfect_information) {
  if (seats != 2) {
    return fmt::format("optimal play is only defined here for two players, not {}", seats);
  }
  if (!perfect_information) {
    return "the game hides information from the players, so optimal play is not a value of the "
           "positions alone";
  }
  return "";
}

std::optional<std::string> end_unreachable(const Rules& rules, const State& state) {
  constexpr std::int64_t kLimit = 1'000'000;
  ExploreOptions options;
  options.start = &state;
  options.limits.max_states = kLimit;
  options.compare_rulings = false;
  options.coverage = false;
  const Exploration graph = explore(rules, {}, {}, options);
  for (StateIndex v = 0; v < static_cast<StateIndex>(graph.states()); ++v) {
    if (graph.node_class(v) == NodeClass::Terminal) return std::nullopt;
  }
  if (graph.complete()) {
    return fmt::format("none of the {} states that can follow is an end of the game",
                       graph.states());
  }
  return fmt::format("no end among the first {} states that can follow (the search stops there)",
                     graph.states());
}

}  // namespace grove::checker
