#include "checker/graph_on_ranks.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "checker/state_values.hpp"
#include "engine/core/state_codec.hpp"

namespace grove::checker {

void GraphPart::set_shards(std::vector<StateIndex> begin) {
  shard_begin = std::move(begin);
  const std::uint64_t states = shard_begin.back();
  // About four blocks a shard, so that a block spans few shards.
  const std::uint64_t blocks = 4 * (shard_begin.size() - 1);
  block_bits = 0;
  while ((states >> block_bits) > blocks) ++block_bits;
  shard_at_block.assign(static_cast<std::size_t>((states >> block_bits) + 1), 0);
  std::uint32_t shard = 0;
  for (std::size_t b = 0; b < shard_at_block.size(); ++b) {
    const std::uint64_t first = static_cast<std::uint64_t>(b) << block_bits;
    while (shard + 2 < shard_begin.size() && shard_begin[shard + 1] <= first) ++shard;
    shard_at_block[b] = shard;
  }
}

int GraphPart::depth_of(StateIndex state) const {
  const std::vector<StateIndex>& levels = level_begin[shard_of(state)];
  return static_cast<int>(std::upper_bound(levels.begin(), levels.end(), state) - levels.begin() -
                          1);
}

namespace {

std::size_t at(int rank) { return static_cast<std::size_t>(rank); }

// --- Messages -------------------------------------------------------------------

// Each rank's items for each other rank, in one all-to-all; what arrived,
// by sender. The ranks run one binary, so items go as their bytes.
template <class Item>
std::vector<std::vector<Item>> deliver(Exchange& exchange, std::vector<std::vector<Item>>& outbox) {
  static_assert(std::is_trivially_copyable_v<Item>);
  std::vector<std::string> out(outbox.size());
  for (std::size_t r = 0; r < outbox.size(); ++r) {
    out[r].assign(reinterpret_cast<const char*>(outbox[r].data()), outbox[r].size() * sizeof(Item));
    outbox[r].clear();
  }
  const std::vector<std::string> in = exchange.all_to_all(out);
  std::vector<std::vector<Item>> arrived(in.size());
  for (std::size_t r = 0; r < in.size(); ++r) {
    arrived[r].resize(in[r].size() / sizeof(Item));
    if (!arrived[r].empty()) std::memcpy(arrived[r].data(), in[r].data(), in[r].size());
  }
  return arrived;
}

// Rounds of messages until no rank has any left to send: `take` handles
// each item that arrives, and may put more in the outbox.
template <class Item, class Take>
void until_quiet(Exchange& exchange, std::vector<std::vector<Item>>& outbox, Take take) {
  for (;;) {
    std::int64_t waiting = 0;
    for (const std::vector<Item>& box : outbox) waiting += static_cast<std::int64_t>(box.size());
    if (exchange.sum(waiting) == 0) return;
    for (const std::vector<Item>& from : deliver(exchange, outbox)) {
      for (const Item& item : from) take(item);
    }
  }
}

// Every rank's `mine`, by rank, on every rank.
std::vector<std::string> everyone(Exchange& exchange, const std::string& mine) {
  return exchange.all_to_all(std::vector<std::string>(at(exchange.size()), mine));
}

// --- The graph's other directions --------------------------------------------------

// The predecessors of this rank's states, in the whole graph's numbering,
// one per edge (failed moves left out).
struct Reverse {
  std::vector<std::uint64_t> begin;  // by place here
  std::vector<StateIndex> from;

  Reverse(const GraphPart& part, Exchange& exchange) {
    struct Edge {
      StateIndex to, from;
    };
    std::vector<std::vector<Edge>> outbox(at(part.ranks));
    for (std::uint32_t v = 0; v < part.states_here(); ++v) {
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        const StateIndex to = part.edge_target[e];
        if (to != kNoState) outbox[at(part.owner(to))].push_back({to, part.global[v]});
      }
    }
    const std::vector<std::vector<Edge>> arrived = deliver(exchange, outbox);
    begin.assign(part.states_here() + 1, 0);
    for (const auto& edges : arrived) {
      for (const Edge& edge : edges) ++begin[part.here(edge.to) + 1];
    }
    for (std::uint32_t v = 0; v < part.states_here(); ++v) begin[v + 1] += begin[v];
    from.resize(begin.back());
    std::vector<std::uint64_t> next(begin.begin(), begin.end() - 1);
    for (const auto& edges : arrived) {
      for (const Edge& edge : edges) from[next[part.here(edge.to)]++] = edge.from;
    }
  }
};

// What the edges here need of the states they lead to on other ranks:
// asked for once, then sent whenever the values change.
class Successors {
 public:
  Successors(const GraphPart& part, Exchange& exchange)
      : part_(part), exchange_(exchange), rank_of_(part.edge_target.size(), kHere) {
    // Each successor on another rank is asked for once, however many
    // moves here lead to it: asked once a move, the values of every sweep
    // crossed as often (Pass the Pandas 8 dice, 2 ranks: 5.9 GB sent, and
    // each rank's analyses held about 140 bytes an edge).
    std::vector<std::vector<std::pair<StateIndex, std::uint64_t>>> remote(at(part.ranks));
    slot_.resize(part.edge_target.size());
    for (std::uint32_t v = 0; v < part.states_here(); ++v) {
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        const StateIndex to = part.edge_target[e];
        if (to == kNoState) {
          rank_of_[e] = kNone;
          continue;
        }
        const int owner = part.owner(to);
        if (owner == part.rank) {
          slot_[e] = part.here(to);
        } else {
          rank_of_[e] = owner;
          remote[at(owner)].emplace_back(to, e);
        }
      }
    }
    std::vector<std::vector<StateIndex>> asking(at(part.ranks));
    for (std::size_t r = 0; r < remote.size(); ++r) {
      std::sort(remote[r].begin(), remote[r].end());
      for (std::size_t i = 0; i < remote[r].size(); ++i) {
        const auto [to, e] = remote[r][i];
        if (i == 0 || remote[r][i - 1].first != to) asking[r].push_back(to);
        slot_[e] = static_cast<std::uint32_t>(asking[r].size() - 1);
      }
      std::vector<std::pair<StateIndex, std::uint64_t>>().swap(remote[r]);
    }
    asked_ = deliver(exchange, asking);
    for (auto& states : asked_) {
      for (StateIndex& state : states) state = part.here(state);
    }
  }

  // Each other rank's values (`width` per state) of the states it asked
  // for, in the order asked; call value() with it.
  template <class T>
  std::vector<std::vector<T>> fetch(const std::vector<T>& values, std::size_t width) const {
    std::vector<std::vector<T>> replies(asked_.size());
    for (std::size_t r = 0; r < asked_.size(); ++r) {
      for (const StateIndex place : asked_[r]) {
        replies[r].insert(replies[r].end(),
                          values.begin() + static_cast<std::ptrdiff_t>(place * width),
                          values.begin() + static_cast<std::ptrdiff_t>((place + 1) * width));
      }
    }
    return deliver(exchange_, replies);
  }

  // The values of edge e's successor; null where its move failed.
  template <class T>
  const T* value(std::size_t e, const std::vector<T>& here,
                 const std::vector<std::vector<T>>& there, std::size_t width) const {
    if (rank_of_[e] == kNone) return nullptr;
    if (rank_of_[e] == kHere) return &here[slot_[e] * width];
    return &there[at(rank_of_[e])][slot_[e] * width];
  }

  // Each rank's requests for the states `group` puts in one of `groups`
  // groups (by place here; `groups` or more: in none), group by group,
  // for refresh() where only one group's states can have changed.
  std::vector<std::vector<std::vector<std::uint32_t>>> asked_by_group(
      const std::vector<std::uint32_t>& group, std::uint32_t groups) const {
    std::vector<std::vector<std::vector<std::uint32_t>>> requests(
        groups, std::vector<std::vector<std::uint32_t>>(asked_.size()));
    for (std::size_t r = 0; r < asked_.size(); ++r) {
      for (std::uint32_t i = 0; i < asked_[r].size(); ++i) {
        if (const std::uint32_t g = group[asked_[r][i]]; g < groups) requests[g][r].push_back(i);
      }
    }
    return requests;
  }

  // Brings `there` (as fetch() makes it) up to date with `values`, sending
  // only those of the states marked `changed`: among all requests, or
  // among `requests` (one group's of asked_by_group()) where given.
  void refresh(const std::vector<double>& values, const std::vector<bool>& changed,
               std::size_t width, std::vector<std::vector<double>>& there,
               const std::vector<std::vector<std::uint32_t>>* requests = nullptr) const {
    std::vector<std::string> out(asked_.size());
    const auto send = [&](std::size_t r, std::size_t i, ByteWriter& writer) {
      const StateIndex place = asked_[r][i];
      if (!changed[place]) return;
      writer.unsigned_int(i);
      for (std::size_t k = 0; k < width; ++k) writer.float64(values[place * width + k]);
    };
    for (std::size_t r = 0; r < asked_.size(); ++r) {
      ByteWriter writer(out[r]);
      if (requests != nullptr) {
        for (const std::uint32_t i : (*requests)[r]) send(r, i, writer);
      } else {
        for (std::size_t i = 0; i < asked_[r].size(); ++i) send(r, i, writer);
      }
    }
    const std::vector<std::string> in = exchange_.all_to_all(out);
    for (std::size_t r = 0; r < in.size(); ++r) {
      if (static_cast<int>(r) == part_.rank) continue;
      ByteReader reader(in[r]);
      std::vector<double>& mine = there[r];
      while (!reader.at_end()) {
        const std::size_t i = reader.count(mine.size() / width - 1, "value index");
        for (std::size_t k = 0; k < width; ++k) mine[i * width + k] = reader.float64("value");
      }
    }
  }

  // The place here of edge e's successor, or kNoState where it is on
  // another rank or its move failed.
  std::uint32_t place_here(std::size_t e) const {
    return rank_of_[e] == kHere ? slot_[e] : kNoState;
  }

  // One value per successor: `values` of each edge's target.
  template <class T>
  std::vector<T> at_targets(const std::vector<T>& values, T missing) const {
    const std::vector<std::vector<T>> there = fetch(values, 1);
    std::vector<T> out(slot_.size(), missing);
    for (std::size_t e = 0; e < slot_.size(); ++e) {
      if (const T* value_at = value(e, values, there, 1)) out[e] = *value_at;
    }
    return out;
  }

 private:
  static constexpr int kHere = -1;
  static constexpr int kNone = -2;
  const GraphPart& part_;
  Exchange& exchange_;
  std::vector<int> rank_of_;         // by edge: the target's owner, kHere or kNone
  std::vector<std::uint32_t> slot_;  // by edge: the target's place here or in its owner's reply
  std::vector<std::vector<StateIndex>> asked_;  // by rank: the places here it asked for
};

bool playable(NodeClass node_class) {
  return node_class == NodeClass::Decision || node_class == NodeClass::Chance;
}

// Marks every state here from which some marked state (on any rank) can
// be reached, working backwards from them: `leave(v)` says whether a
// state told that a successor was marked is marked itself now.
template <class Leave>
void backwards(const GraphPart& part, Exchange& exchange, const Reverse& reverse,
               std::vector<std::uint32_t> work, Leave leave) {
  std::vector<std::vector<StateIndex>> outbox(at(part.ranks));
  const auto drain = [&] {
    while (!work.empty()) {
      const std::uint32_t v = work.back();
      work.pop_back();
      for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
        const StateIndex u = reverse.from[i];
        if (part.owner(u) != part.rank) {
          outbox[at(part.owner(u))].push_back(u);
        } else if (leave(part.here(u))) {
          work.push_back(part.here(u));
        }
      }
    }
  };
  drain();
  until_quiet(exchange, outbox, [&](StateIndex u) {
    if (leave(part.here(u))) work.push_back(part.here(u));
    drain();
  });
}

std::vector<bool> reaching(const GraphPart& part, Exchange& exchange, const Reverse& reverse,
                           std::vector<bool> marked) {
  std::vector<std::uint32_t> work;
  for (std::uint32_t v = 0; v < part.states_here(); ++v) {
    if (marked[v]) work.push_back(v);
  }
  backwards(part, exchange, reverse, std::move(work), [&](std::uint32_t u) {
    if (marked[u]) return false;
    marked[u] = true;
    return true;
  });
  return marked;
}

// How many moves each state here is from the nearest end of the game
// (kNoState where no end can be reached), found backwards from the ends
// a level at a time over every rank.
std::vector<std::uint32_t> moves_to_end(const GraphPart& part, Exchange& exchange,
                                        const Reverse& reverse) {
  const std::uint32_t n = part.states_here();
  std::vector<std::uint32_t> moves(n, kNoState);
  std::vector<std::uint32_t> level;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (part.node_class[v] == NodeClass::Terminal) {
      moves[v] = 0;
      level.push_back(v);
    }
  }
  std::vector<std::vector<StateIndex>> outbox(at(part.ranks));
  for (std::uint32_t d = 1;; ++d) {
    std::vector<std::uint32_t> next;
    const auto reach = [&](std::uint32_t u) {
      if (moves[u] != kNoState) return;
      moves[u] = d;
      next.push_back(u);
    };
    for (const std::uint32_t v : level) {
      for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
        const StateIndex u = reverse.from[i];
        if (part.owner(u) == part.rank) {
          reach(part.here(u));
        } else {
          outbox[at(part.owner(u))].push_back(u);
        }
      }
    }
    for (const auto& from : deliver(exchange, outbox)) {
      for (const StateIndex u : from) reach(part.here(u));
    }
    if (exchange.sum(static_cast<std::int64_t>(next.size())) == 0) return moves;
    level.swap(next);
  }
}

// The least deep state (then the lowest number) among those here `shows`
// accepts, and how many there are, over every rank.
template <class Shows>
Sighting first_of(const GraphPart& part, Exchange& exchange, Shows shows) {
  std::int64_t count = 0, depth = 0, state = kNoState;
  for (std::uint32_t v = 0; v < part.states_here(); ++v) {
    if (!shows(v)) continue;
    const int d = part.depth_of(part.global[v]);
    using Key = std::pair<std::int64_t, std::int64_t>;
    if (count++ == 0 || Key(d, part.global[v]) < Key(depth, state)) {
      depth = d;
      state = part.global[v];
    }
  }
  std::string mine;
  ByteWriter out(mine);
  out.signed_int(count);
  out.signed_int(depth);
  out.signed_int(state);
  Sighting sighting;
  for (const std::string& theirs : everyone(exchange, mine)) {
    ByteReader in(theirs);
    const std::int64_t c = in.signed_int(0, INT64_MAX, "count");
    const auto d = static_cast<int>(in.signed_int(0, INT32_MAX, "depth"));
    const auto s = static_cast<StateIndex>(in.signed_int(0, kNoState, "state"));
    if (c == 0) continue;
    if (sighting.count == 0 ||
        std::make_pair(d, s) < std::make_pair(sighting.depth, sighting.state)) {
      sighting.depth = d;
      sighting.state = s;
    }
    sighting.count += c;
  }
  return sighting;
}

// The strongly connected components of the states `inside` (and the edges
// between them), as far as cycles go: trimming takes away, round by round,
// the states no edge enters or leaves among those left (they lie on no
// cycle); colouring then gives each state left the largest number that
// reaches it, and the states of each colour that reach back to the state
// of that number are its component. Repeated on what is left until
// nothing is, each round within the last round's colours (regions: the
// states of a cycle reach each other, so they share a colour), its edges
// from one region to another left out of the trimming and the colouring
// (Orzan's refinement). Pass the Pandas 8 dice on 2 ranks: 11 rounds
// became 8 (its components with cycles lie in a chain, and a round still
// takes one of them).
struct Cycles {
  std::vector<StateIndex> component;  // by place here: its largest state; kNoState when alone
  std::vector<bool> cyclic;           // by place here: on a cycle among those inside
};

Cycles cycles_within(const GraphPart& part, Exchange& exchange, const Reverse& reverse,
                     const Successors& successors, std::vector<bool> active) {
  const std::uint32_t n = part.states_here();
  Cycles out{std::vector<StateIndex>(n, kNoState), std::vector<bool>(n, false)};
  struct Nudge {
    StateIndex state;
    std::uint32_t value;
  };
  std::vector<std::vector<Nudge>> outbox(at(part.ranks));
  const auto send = [&](StateIndex state, std::uint32_t value) {
    outbox[at(part.owner(state))].push_back({state, value});
  };
  // By place here: the colour the state had in the last round, its region.
  std::vector<StateIndex> region(n, 0);
  // An in-degree's nudge; an out-degree's carries the region it comes from.
  constexpr std::uint32_t kInward = kNoState;
  for (;;) {
    // Trimming. In- and out-degrees count the edges between active states
    // of one region (`within`).
    std::vector<StateIndex> keys(n, kNoState);
    for (std::uint32_t v = 0; v < n; ++v) keys[v] = active[v] ? region[v] : kNoState;
    const std::vector<StateIndex> target_key = successors.at_targets(keys, kNoState);
    std::vector<StateIndex>().swap(keys);
    const auto within = [&](std::uint32_t v, std::uint64_t e) {
      return target_key[e] == region[v];
    };
    std::vector<std::uint32_t> in_degree(n, 0), out_degree(n, 0);
    for (std::uint32_t v = 0; v < n; ++v) {
      if (!active[v]) continue;
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        if (!within(v, e)) continue;
        ++out_degree[v];
        const StateIndex to = part.edge_target[e];
        if (part.owner(to) == part.rank) {
          ++in_degree[part.here(to)];
        } else {
          send(to, kInward);
        }
      }
    }
    until_quiet(exchange, outbox, [&](const Nudge& nudge) { ++in_degree[part.here(nudge.state)]; });
    std::vector<std::uint32_t> work;
    const auto trim = [&](std::uint32_t v) {
      if (active[v] && (in_degree[v] == 0 || out_degree[v] == 0)) {
        active[v] = false;
        work.push_back(v);
      }
    };
    // `from`: kInward, or the region of the successor whose edge is gone.
    const auto nudge = [&](StateIndex state, std::uint32_t from) {
      if (part.owner(state) != part.rank) return send(state, from);
      const std::uint32_t v = part.here(state);
      if (!active[v]) return;
      if (from == kInward) {
        --in_degree[v];
      } else if (from == region[v]) {
        --out_degree[v];
      } else {
        return;  // an edge out of the region, never counted
      }
      trim(v);
    };
    const auto drain = [&] {
      while (!work.empty()) {
        const std::uint32_t v = work.back();
        work.pop_back();
        for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
          if (within(v, e)) nudge(part.edge_target[e], kInward);
        }
        for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
          nudge(reverse.from[i], region[v]);
        }
      }
    };
    for (std::uint32_t v = 0; v < n; ++v) trim(v);
    drain();
    until_quiet(exchange, outbox, [&](const Nudge& arrived) {
      nudge(arrived.state, arrived.value);
      drain();
    });
    std::int64_t left = 0;
    for (std::uint32_t v = 0; v < n; ++v) left += active[v] ? 1 : 0;
    if (exchange.sum(left) == 0) return out;

    // Colouring: the largest number that reaches each state.
    std::vector<StateIndex> colour(n, 0);
    for (std::uint32_t v = 0; v < n; ++v) {
      if (!active[v]) continue;
      colour[v] = part.global[v];
      work.push_back(v);
    }
    const auto offer = [&](StateIndex state, StateIndex c) {
      if (part.owner(state) != part.rank) return send(state, c);
      const std::uint32_t v = part.here(state);
      if (active[v] && c > colour[v]) {
        colour[v] = c;
        work.push_back(v);
      }
    };
    const auto spread = [&] {
      while (!work.empty()) {
        const std::uint32_t v = work.back();
        work.pop_back();
        for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
          if (within(v, e)) offer(part.edge_target[e], colour[v]);
        }
      }
    };
    spread();
    until_quiet(exchange, outbox, [&](const Nudge& arrived) {
      offer(arrived.state, arrived.value);
      spread();
    });

    // Each colour's component: the states of that colour that reach its state.
    for (std::uint32_t v = 0; v < n; ++v) {
      if (active[v] && colour[v] == part.global[v]) {
        out.component[v] = colour[v];
        work.push_back(v);
      }
    }
    const auto claim = [&](StateIndex state, StateIndex c) {
      if (part.owner(state) != part.rank) return send(state, c);
      const std::uint32_t v = part.here(state);
      if (active[v] && out.component[v] == kNoState && colour[v] == c) {
        out.component[v] = c;
        work.push_back(v);
      }
    };
    const auto claim_predecessors = [&] {
      while (!work.empty()) {
        const std::uint32_t v = work.back();
        work.pop_back();
        for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
          claim(reverse.from[i], colour[v]);
        }
      }
    };
    claim_predecessors();
    until_quiet(exchange, outbox, [&](const Nudge& arrived) {
      claim(arrived.state, arrived.value);
      claim_predecessors();
    });
    // A component is on a cycle when it has a second state, or a move
    // back to itself.
    const auto join = [&](StateIndex root) {
      if (part.owner(root) != part.rank) return send(root, 0);
      out.cyclic[part.here(root)] = true;
    };
    for (std::uint32_t v = 0; v < n; ++v) {
      if (!active[v] || out.component[v] == kNoState) continue;
      if (out.component[v] != part.global[v]) {
        out.cyclic[v] = true;
        join(out.component[v]);
      }
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        if (part.edge_target[e] == part.global[v]) out.cyclic[v] = true;
      }
    }
    until_quiet(exchange, outbox, [&](const Nudge& arrived) { join(arrived.state); });
    for (std::uint32_t v = 0; v < n; ++v) {
      if (out.component[v] != kNoState) active[v] = false;
      region[v] = colour[v];
    }
  }
}

// A shortest way round from `start` back to it within its component, as
// the moves' indices, found breadth first in the order one process finds
// it: a level's states in the order of their ways from the start, each
// state reached by the first of them.
std::vector<std::uint16_t> loop_from(const GraphPart& part, Exchange& exchange,
                                     const Successors& successors, const Cycles& loops,
                                     StateIndex start) {
  const std::vector<StateIndex> component = successors.at_targets(loops.component, kNoState);
  StateIndex home = kNoState;
  if (part.owner(start) == part.rank) home = loops.component[part.here(start)];
  home = static_cast<StateIndex>(
      exchange.largest(home == kNoState ? std::int64_t{-1} : std::int64_t{home}));
  using Way = std::vector<std::uint16_t>;
  std::vector<bool> reached(part.states_here(), false);
  std::vector<std::pair<Way, std::uint32_t>> level;  // sorted by way
  if (part.owner(start) == part.rank) level.push_back({{}, part.here(start)});
  for (;;) {
    // The first state of the level, in that order, with a move back to
    // the start closes the loop.
    std::string mine;
    for (const auto& [way, v] : level) {
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        if (part.edge_target[e] != start) continue;
        ByteWriter out(mine);
        out.unsigned_int(way.size() + 1);
        for (const std::uint16_t step : way) out.unsigned_int(step);
        out.unsigned_int(e - part.edge_begin[v]);
        break;
      }
      if (!mine.empty()) break;
    }
    std::optional<Way> closing;
    std::int64_t waiting = 0;
    for (const std::string& theirs : everyone(exchange, mine)) {
      if (theirs.empty()) continue;
      ByteReader in(theirs);
      Way way(in.count(0xffff, "loop length"));
      for (std::uint16_t& step : way)
        step = static_cast<std::uint16_t>(in.unsigned_int(0xffff, "step"));
      if (!closing || way < *closing) closing = std::move(way);
    }
    if (closing) return *closing;
    waiting = exchange.sum(static_cast<std::int64_t>(level.size()));
    if (waiting == 0) return {};
    // The next level: each state by the first way to it.
    std::vector<std::string> outbox(at(part.ranks));
    for (const auto& [way, v] : level) {
      for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
        const StateIndex to = part.edge_target[e];
        if (to == kNoState || to == start || component[e] != home) continue;
        ByteWriter out(outbox[at(part.owner(to))]);
        out.unsigned_int(to);
        out.unsigned_int(way.size() + 1);
        for (const std::uint16_t step : way) out.unsigned_int(step);
        out.unsigned_int(e - part.edge_begin[v]);
      }
    }
    std::vector<std::pair<Way, std::uint32_t>> next;
    for (const std::string& from : exchange.all_to_all(outbox)) {
      ByteReader in(from);
      while (!in.at_end()) {
        const auto to = static_cast<StateIndex>(in.unsigned_int(kNoState, "state"));
        Way way(in.count(0xffff, "way length"));
        for (std::uint16_t& step : way)
          step = static_cast<std::uint16_t>(in.unsigned_int(0xffff, "step"));
        next.push_back({std::move(way), part.here(to)});
      }
    }
    std::sort(next.begin(), next.end());
    level.clear();
    for (auto& [way, v] : next) {
      if (reached[v]) continue;
      reached[v] = true;
      level.push_back({std::move(way), v});
    }
  }
}

// What the solvers read of a state besides its successors' values.
struct StateFacts {
  NodeClass node_class;
  std::int8_t actor;
  bool may_not_end;  // under random play: some of its games never end
  std::uint32_t winners;
};

// Values for every state, as one process computes them: component by
// component of the graph, a component once every successor outside it is
// final, so that the states upstream of a cycle are computed once, after
// it has settled, not swept while it settles. `update(facts, successors,
// mine, fresh)` computes a state's `width` values into `fresh` from what
// it is (`facts`, as facts_of(v) gives them) and its successors' values
// (successors(add) calls add(chance, values) for each, a decision's moves
// 1/n each, in the rules' order), and says by how much they differ from
// `mine`. A state on no cycle is computed once, from final values: the
// arithmetic of one process, bit for bit. The states of the components
// that became ready together are swept (each rank its own) until no value
// changes by more than the tolerance. Each round ends with the final
// values sent to the ranks that need them and the owners of their
// predecessors told. Returns the largest change of the last sweeps.
template <class FactsOf, class Update>
double solve_by_components(const GraphPart& part, Exchange& exchange, const Reverse& reverse,
                           const Successors& successors, const Cycles& components,
                           const std::vector<std::uint32_t>& to_end, std::vector<double>& values,
                           std::size_t width, FactsOf facts_of, Update update) {
  constexpr double kTolerance = 1e-15;
  constexpr int kMaxSweeps = 1'000'000;
  const std::uint32_t n = part.states_here();
  const auto inside = [&](std::uint32_t v, StateIndex component) {
    return components.cyclic[v] && components.component[v] == component;
  };
  // Per state on no cycle, and per component at its first state's owner:
  // the moves out of it whose successors are not final yet.
  const std::vector<StateIndex> target_component =
      successors.at_targets(components.component, kNoState);
  std::vector<std::int64_t> waiting(n, 0);
  struct Told {
    StateIndex state;      // a state (or a component's first state) waiting less
    StateIndex component;  // the component of the successor now final
  };
  std::vector<std::vector<Told>> outbox(at(part.ranks));
  std::vector<std::uint32_t> ready;
  // One successor of `state` (or of a member of the component it heads)
  // is final now.
  const auto wait_less = [&](StateIndex state, StateIndex component) {
    if (part.owner(state) != part.rank) {
      outbox[at(part.owner(state))].push_back({state, component});
      return;
    }
    const std::uint32_t v = part.here(state);
    if (--waiting[v] == 0) ready.push_back(v);
  };
  std::vector<std::int64_t> external(n, 0);
  for (std::uint32_t v = 0; v < n; ++v) {
    for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
      if (part.edge_target[e] != kNoState && !inside(v, target_component[e])) ++external[v];
    }
  }
  // A component's count is gathered at its first state: counted up from
  // below zero, then the members' moves out taken away as they settle.
  for (std::uint32_t v = 0; v < n; ++v) {
    if (!components.cyclic[v]) {
      waiting[v] += external[v];
      if (waiting[v] == 0) ready.push_back(v);
    }
  }
  {
    struct Count {
      StateIndex component;
      std::uint32_t moves;
    };
    std::vector<std::vector<Count>> counts(at(part.ranks));
    for (std::uint32_t v = 0; v < n; ++v) {
      if (components.cyclic[v]) {
        counts[at(part.owner(components.component[v]))].push_back(
            {components.component[v], static_cast<std::uint32_t>(external[v])});
      }
    }
    std::vector<StateIndex> counted;
    for (const auto& from : deliver(exchange, counts)) {
      for (const Count& count : from) {
        const std::uint32_t root = part.here(count.component);
        waiting[root] += count.moves;
        counted.push_back(root);
      }
    }
    std::sort(counted.begin(), counted.end());
    counted.erase(std::unique(counted.begin(), counted.end()), counted.end());
    for (const std::uint32_t root : counted) {
      if (waiting[root] == 0) ready.push_back(root);
    }
  }
  // The members of each component here, by its first state's number.
  std::vector<std::pair<StateIndex, std::uint32_t>> members;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (components.cyclic[v]) members.push_back({components.component[v], v});
  }
  std::sort(members.begin(), members.end());

  std::vector<bool> changed(n, false);
  std::vector<std::vector<double>> there = successors.fetch(values, width);
  std::vector<double> fresh(width);
  const auto each_successor = [&](std::uint32_t v, const auto& add) {
    const std::uint64_t first = part.edge_begin[v], last = part.edge_begin[v + 1];
    const bool chance = part.node_class[v] == NodeClass::Chance;
    for (std::uint64_t e = first; e < last; ++e) {
      add(chance ? part.edge_probability[e] : 1.0 / static_cast<double>(last - first),
          successors.value(e, values, there, width));
    }
  };
  // The swept states' values and facts, by their place in the sweep
  // (`in_sweep`, by place here). Swept in place in `values`, a sweep read
  // each state's values and facts, and its successors' values here, from
  // anywhere in memory: Pass the Pandas 8 dice on 2 ranks, about 200 ns a
  // state swept, against one process's 34 (which lays its states out by
  // place too, state_graph.cpp's Ordered); laid out so, about 115. Each
  // stretch's values go back to `values` before they are sent.
  std::vector<double> swept_values;
  std::vector<decltype(facts_of(0))> swept_facts;
  std::vector<std::uint32_t> in_sweep(n, kNoState);
  // The swept states' successors, found once a round: the chance of each
  // and where its values are (in swept_values where it is swept too), by
  // the swept states' order.
  std::vector<std::size_t> first_successor;
  std::vector<std::pair<double, const double*>> swept_successors;
  // A sweep goes in stretches of the swept states, each followed by an
  // exchange of what changed in it: a state then reads this sweep's
  // values of the other ranks' states in earlier stretches, as one
  // process reads this sweep's values of every state swept before it.
  // Swept once and exchanged once a sweep, a successor on another rank
  // was a sweep old: Pass the Pandas 8 dice on 2 ranks, the largest
  // components took 65-67 sweeps (one process: 24); in stretches 47, and
  // nearest an end first as well 28-30. Stretches of at least kStretch
  // states (all ranks sweep as many stretches, the largest rank's count),
  // at most kMostStretches of them.
  constexpr std::size_t kStretch = 2048;
  constexpr std::size_t kMostStretches = 32;
  std::vector<std::uint32_t> stretch_of(n, kNoState);
  double residual = 0;
  const auto settle = [&](std::uint32_t v) {
    const StateIndex component = components.cyclic[v] ? components.component[v] : part.global[v];
    changed[v] = true;
    for (std::uint64_t i = reverse.begin[v]; i < reverse.begin[v + 1]; ++i) {
      const StateIndex u = reverse.from[i];
      if (part.owner(u) == part.rank) {
        const std::uint32_t w = part.here(u);
        if (inside(w, component)) continue;
        wait_less(components.cyclic[w] ? components.component[w] : u, component);
      } else {
        outbox[at(part.owner(u))].push_back({u, component});
      }
    }
  };
  for (;;) {
    // The states on no cycle whose successors are all final, and the
    // components that became ready, here.
    std::vector<StateIndex> sweeping;  // components, by their first state
    while (!ready.empty()) {
      const std::uint32_t v = ready.back();
      ready.pop_back();
      if (components.cyclic[v]) {
        sweeping.push_back(part.global[v]);
        continue;
      }
      double* mine = &values[v * width];
      update(
          facts_of(v), [&](const auto& add) { each_successor(v, add); }, mine, fresh.data());
      std::copy(fresh.begin(), fresh.end(), mine);
      settle(v);
    }
    // Each component's first state's owner tells the members' owners.
    std::vector<std::vector<StateIndex>> starting(at(part.ranks));
    for (const StateIndex component : sweeping) {
      for (int r = 0; r < part.ranks; ++r) starting[at(r)].push_back(component);
    }
    std::vector<std::uint32_t> swept;
    for (const auto& from : deliver(exchange, starting)) {
      for (const StateIndex component : from) {
        auto member = std::lower_bound(members.begin(), members.end(),
                                       std::make_pair(component, std::uint32_t{0}));
        for (; member != members.end() && member->first == component; ++member)
          swept.push_back(member->second);
      }
    }
    // In place, nearest an end first (as one process sweeps, state_graph.cpp
    // says why), and of those the deepest first.
    std::sort(swept.begin(), swept.end(), [&](std::uint32_t a, std::uint32_t b) {
      return to_end[a] != to_end[b] ? to_end[a] < to_end[b] : a > b;
    });
    const auto most = static_cast<std::size_t>(
        exchange.largest(static_cast<std::int64_t>(swept.size())));  // on any rank
    if (most > 0) {
      swept_values.resize(swept.size() * width);
      swept_facts.clear();
      for (std::size_t j = 0; j < swept.size(); ++j) {
        in_sweep[swept[j]] = static_cast<std::uint32_t>(j);
        swept_facts.push_back(facts_of(swept[j]));
        std::copy_n(&values[swept[j] * width], width, &swept_values[j * width]);
      }
      first_successor.clear();
      swept_successors.clear();
      for (const std::uint32_t v : swept) {
        first_successor.push_back(swept_successors.size());
        std::uint64_t e = part.edge_begin[v];  // each_successor's, in turn
        each_successor(v, [&](double p, const double* theirs) {
          const std::uint32_t place = successors.place_here(e++);
          if (place != kNoState && in_sweep[place] != kNoState) {
            theirs = &swept_values[in_sweep[place] * width];
          }
          swept_successors.emplace_back(p, theirs);
        });
      }
      first_successor.push_back(swept_successors.size());
      const auto stretches =
          static_cast<std::uint32_t>(std::clamp<std::size_t>(most / kStretch, 1, kMostStretches));
      // Stretch k: swept[stretch_begin[k] .. stretch_begin[k + 1]).
      std::vector<std::size_t> stretch_begin;
      for (std::uint32_t k = 0; k <= stretches; ++k)
        stretch_begin.push_back(swept.size() * k / stretches);
      for (std::uint32_t k = 0; k < stretches; ++k) {
        for (std::size_t j = stretch_begin[k]; j < stretch_begin[k + 1]; ++j)
          stretch_of[swept[j]] = k;
      }
      const auto requests = successors.asked_by_group(stretch_of, stretches);
      for (const std::uint32_t v : swept) stretch_of[v] = kNoState;
      double change = 0;
      for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
        change = 0;
        for (std::uint32_t k = 0; k < stretches; ++k) {
          for (std::size_t j = stretch_begin[k]; j < stretch_begin[k + 1]; ++j) {
            const std::uint32_t v = swept[j];
            double* mine = &swept_values[j * width];
            const auto each = [&](const auto& add) {
              for (std::size_t i = first_successor[j]; i < first_successor[j + 1]; ++i)
                add(swept_successors[i].first, swept_successors[i].second);
            };
            change = std::max(change, update(swept_facts[j], each, mine, fresh.data()));
            changed[v] = changed[v] || !std::equal(mine, mine + width, fresh.begin());
            std::copy(fresh.begin(), fresh.end(), mine);
          }
          for (std::size_t j = stretch_begin[k]; j < stretch_begin[k + 1]; ++j)
            std::copy_n(&swept_values[j * width], width, &values[swept[j] * width]);
          // The states settled before the sweeps stay marked, for the
          // round's end.
          successors.refresh(values, changed, width, there, &requests[k]);
          for (std::size_t j = stretch_begin[k]; j < stretch_begin[k + 1]; ++j)
            changed[swept[j]] = false;
        }
        // Non-negative doubles order as their bits do.
        change = std::bit_cast<double>(exchange.largest(std::bit_cast<std::int64_t>(change)));
        if (change <= kTolerance) break;
      }
      residual = std::max(residual, change);
      for (const std::uint32_t v : swept) {
        in_sweep[v] = kNoState;
        settle(v);
      }
    }
    // The values settled this round to where they are needed, then the word.
    successors.refresh(values, changed, width, there);
    std::fill(changed.begin(), changed.end(), false);
    std::int64_t left = static_cast<std::int64_t>(ready.size());
    for (const auto& box : outbox) left += static_cast<std::int64_t>(box.size());
    if (exchange.sum(left) == 0) break;
    for (const auto& from : deliver(exchange, outbox)) {
      for (const Told& word : from) {
        const std::uint32_t u = part.here(word.state);
        if (components.cyclic[u] && part.global[u] != components.component[u]) {
          // A member: its component's count is kept at its first state.
          if (components.component[u] != word.component) {
            wait_less(components.component[u], word.component);
          }
        } else if (!inside(u, word.component)) {
          wait_less(word.state, word.component);
        }
      }
    }
  }
  return residual;
}

// The start's values, from its owner, on every rank.
std::vector<double> at_start(const GraphPart& part, Exchange& exchange,
                             const std::vector<double>& values, std::size_t width) {
  std::string mine;
  if (part.owner(part.initial) == part.rank) {
    ByteWriter out(mine);
    for (std::size_t k = 0; k < width; ++k)
      out.float64(values[part.here(part.initial) * width + k]);
  }
  std::vector<double> start;
  for (const std::string& theirs : everyone(exchange, mine)) {
    ByteReader in(theirs);
    while (!in.at_end()) start.push_back(in.float64("value"));
  }
  return start;
}

EndingAnalysis endings_on_ranks(const GraphPart& part, Exchange& exchange, const Reverse& reverse,
                                const Successors& successors, const std::vector<bool>& can_end,
                                const Cycles& components, std::vector<std::uint16_t>& loop_choices,
                                bool& every_game_ends) {
  EndingAnalysis out;
  const std::uint32_t n = part.states_here();
  const auto has_moves = [&](std::uint32_t v) {
    return playable(part.node_class[v]) && part.edge_begin[v + 1] > part.edge_begin[v];
  };
  out.trap = first_of(part, exchange, [&](std::uint32_t v) { return has_moves(v) && !can_end[v]; });

  // As one process does: the states from which the players can avoid every
  // end, taking away those that cannot stay until none is left to take.
  std::vector<bool> avoid(n, false);
  std::vector<std::uint8_t> flags(n, 0);
  for (std::uint32_t v = 0; v < n; ++v) {
    avoid[v] = has_moves(v);
    flags[v] = avoid[v] ? 1 : 0;
  }
  const std::vector<std::uint8_t> target_avoid = successors.at_targets(flags, std::uint8_t{0});
  std::vector<std::uint32_t> staying(n, 0);
  std::vector<std::uint32_t> leaving;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (!avoid[v]) continue;
    bool all = true;
    for (std::uint64_t e = part.edge_begin[v]; e < part.edge_begin[v + 1]; ++e) {
      staying[v] += target_avoid[e];
      all = all && target_avoid[e] != 0;
    }
    const bool chance = part.node_class[v] == NodeClass::Chance;
    if (chance ? !all : staying[v] == 0) leaving.push_back(v);
  }
  for (const std::uint32_t v : leaving) avoid[v] = false;
  backwards(part, exchange, reverse, std::move(leaving), [&](std::uint32_t u) {
    if (!avoid[u]) return false;
    if (part.node_class[u] == NodeClass::Chance || --staying[u] == 0) {
      avoid[u] = false;
      return true;
    }
    return false;
  });
  std::int64_t may_not_stop = 0;
  for (std::uint32_t v = 0; v < n; ++v) {
    may_not_stop += stops_whatever_anyone_does(part.node_class[v], has_moves(v), avoid[v]) ? 0 : 1;
  }
  every_game_ends = exchange.sum(may_not_stop) == 0;
  const Cycles loops = cycles_within(part, exchange, reverse, successors, avoid);
  out.endless = first_of(
      part, exchange, [&](std::uint32_t v) { return avoid[v] && can_end[v] && loops.cyclic[v]; });
  if (out.endless.seen()) {
    loop_choices = loop_from(part, exchange, successors, loops, out.endless.state);
  }
  std::int64_t on_cycles = 0;
  for (std::uint32_t v = 0; v < n; ++v) on_cycles += components.cyclic[v] ? 1 : 0;
  out.on_cycles = exchange.sum(on_cycles);
  return out;
}

OutcomeProbabilities outcomes_on_ranks(const GraphPart& part, Exchange& exchange,
                                       const Reverse& reverse, const Successors& successors,
                                       const Cycles& components,
                                       const std::vector<std::uint32_t>& to_end,
                                       bool every_game_ends, int seats, bool perfect_information) {
  OutcomeProbabilities out;
  const std::uint32_t n = part.states_here();
  std::vector<bool> traps(n);
  for (std::uint32_t v = 0; v < n; ++v) traps[v] = to_end[v] == kNoState;
  const std::vector<bool> may_not_end = reaching(part, exchange, reverse, traps);

  const auto facts_of = [&](std::uint32_t v) {
    return StateFacts{part.node_class[v], part.actor[v], may_not_end[v], part.winners[v]};
  };
  const std::int64_t here_may_not_end = std::count(may_not_end.begin(), may_not_end.end(), true);
  const RandomPlayValues random_play{seats, exchange.sum(here_may_not_end) > 0};
  const std::size_t width = random_play.width();
  std::vector<double> values(width * n, 0.0);
  out.residual = solve_by_components(
      part, exchange, reverse, successors, components, to_end, values, width, facts_of,
      [&](const StateFacts& state, const auto& each, const double* mine, double* next) {
        random_play.compute(state.node_class, state.winners, state.may_not_end, each, next);
        return random_play.change(mine, next);
      });
  random_play.report(at_start(part, exchange, values, width).data(), out);

  out.optimal_why_not = why_no_optimal_value(seats, perfect_information);
  if (!out.optimal_why_not.empty()) return out;
  const auto optimal = [&](std::vector<double> v, double unsettled) {
    const double residual = solve_by_components(
        part, exchange, reverse, successors, components, to_end, v, 1, facts_of,
        [&](const StateFacts& state, const auto& each, const double* mine, double* next) {
          const double result =
              optimal_value(state.node_class, state.winners, state.actor, unsettled, each);
          *next = result;
          return std::abs(result - *mine);
        });
    out.residual = std::max(out.residual, residual);
    return at_start(part, exchange, v, 1).at(0);
  };
  // Where every game ends whatever anyone does, from what random play
  // scores; otherwise from below and from above (as one process reasons
  // it, state_graph.cpp).
  if (every_game_ends) {
    out.optimal_low = out.optimal_high =
        optimal(random_play.first_seat_scores(std::move(values)), 0.0);
  } else {
    std::vector<double>().swap(values);
    out.optimal_low = optimal(std::vector<double>(n, 0.0), 0.0);
    out.optimal_high = optimal(std::vector<double>(n, 1.0), 1.0);
  }
  out.optimal_defined = true;
  return out;
}

}  // namespace

AnalysesOnRanks analyse_on_ranks(const GraphPart& part, Exchange& exchange, bool complete,
                                 int seats, bool perfect_information) {
  AnalysesOnRanks out;
  if (!complete) {
    out.outcomes.why_not = "the search was not complete";
    return out;
  }
  const Reverse reverse(part, exchange);
  const Successors successors(part, exchange);
  const std::vector<std::uint32_t> to_end = moves_to_end(part, exchange, reverse);
  std::vector<bool> can_end(part.states_here());
  for (std::uint32_t v = 0; v < part.states_here(); ++v) can_end[v] = to_end[v] != kNoState;
  // The components of the whole graph: the states on cycles, and the
  // order in which values are computed.
  const Cycles components = cycles_within(part, exchange, reverse, successors,
                                          std::vector<bool>(part.states_here(), true));
  bool every_game_ends = false;
  out.endings = endings_on_ranks(part, exchange, reverse, successors, can_end, components,
                                 out.loop_choices, every_game_ends);
  if (part.broken_edges) {
    out.outcomes.why_not = "some moves failed or the rules threw, so the graph misses edges";
  } else {
    out.outcomes = outcomes_on_ranks(part, exchange, reverse, successors, components, to_end,
                                     every_game_ends, seats, perfect_information);
  }
  return out;
}

std::vector<std::vector<std::uint16_t>> choices_to(const GraphPart& part, Exchange& exchange,
                                                   const std::vector<StateIndex>& states) {
  std::vector<std::vector<std::uint16_t>> choices(states.size());
  std::vector<StateIndex> at_state = states;
  for (;;) {
    // The owner of each state still short of the start says its parent and
    // the move from there, one level back at a time.
    std::string mine;
    ByteWriter out(mine);
    bool waiting = false;
    for (std::size_t i = 0; i < at_state.size(); ++i) {
      if (at_state[i] == part.initial) continue;
      waiting = true;
      if (part.owner(at_state[i]) != part.rank) continue;
      const std::uint32_t v = part.here(at_state[i]);
      out.unsigned_int(i);
      out.unsigned_int(part.parent[v]);
      out.unsigned_int(part.choice[v]);
    }
    if (!waiting) break;  // the same on every rank: they all hold at_state
    for (const std::string& theirs : everyone(exchange, mine)) {
      ByteReader in(theirs);
      while (!in.at_end()) {
        const std::size_t i = in.count(at_state.size() - 1, "trace");
        at_state[i] = static_cast<StateIndex>(in.unsigned_int(kNoState, "parent"));
        choices[i].push_back(static_cast<std::uint16_t>(in.unsigned_int(0xffff, "choice")));
      }
    }
  }
  for (std::vector<std::uint16_t>& way : choices) std::reverse(way.begin(), way.end());
  return choices;
}

}  // namespace grove::checker
