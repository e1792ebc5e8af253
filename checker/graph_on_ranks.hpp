#pragma once
// The analyses of state_graph.hpp on the graph of a distributed search
// left where it was found, for when the whole graph would not fit one
// rank: each rank keeps its own states with their successors (numbered
// as one process numbers them), and the ranks work together, message
// round by message round, as distributed model checkers do (DiVinE's
// OWCTY, PReach):
// - states that can reach an end (and how many moves from the nearest
//   end each is), and those that may never end: backward reachability,
//   each rank marking its own states and telling the owners of their
//   predecessors;
// - states the players can keep from ending, states on cycles and the
//   loop round them: the same fixpoint as one process, then strongly
//   connected components by trimming and colouring (Orzan's algorithm);
// - exact probabilities, expected length and optimal values: each rank
//   owning its states' values, computed component by component as one
//   process does, a component once every successor outside it is final
//   (a state on no cycle once, from final values: bit for bit what one
//   process computes; the states of a cycle swept in place, on all their
//   ranks together, nearest an end first and in stretches whose changed
//   values are exchanged before the next, until no value changes by more
//   than 1e-15, so that they agree with one process's to that tolerance).
// - the shortest trace to any state, by asking its owner for its parent,
//   level by level back to the start.

#include <cstdint>
#include <vector>

#include "checker/exchange.hpp"
#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"

namespace grove::checker {

// One rank's part of the graph.
struct GraphPart {
  int rank = 0;
  int ranks = 1;
  // On every rank: where each shard's states start in the whole graph's
  // numbering (one more entry at the end), and the state the search
  // started from.
  std::vector<StateIndex> shard_begin;
  StateIndex initial = 0;
  // Where each shard's levels start, and so each state's depth: on every rank.
  std::vector<std::vector<StateIndex>> level_begin;
  // This rank's states (those of the shards it owns, shard by shard), with
  // their place among them in the shard's first state's entry.
  std::vector<std::uint32_t> first_here;  // by shard
  std::vector<StateIndex> global;         // by place here
  std::vector<NodeClass> node_class;
  std::vector<std::int8_t> actor;
  std::vector<std::uint32_t> winners;
  std::vector<StateIndex> parent;  // in the whole graph's numbering
  std::vector<std::uint16_t> choice;
  std::vector<std::uint64_t> edge_begin;  // by place here, one more at the end
  std::vector<StateIndex> edge_target;    // in the whole graph's numbering
  std::vector<double> edge_probability;
  bool broken_edges = false;                  // anywhere
  std::vector<std::uint32_t> shard_at_block;  // by block of 2^block_bits states
  int block_bits = 0;

  // Sets shard_begin, and the index shard_of finds a state's shard by.
  void set_shards(std::vector<StateIndex> begin);
  // From the shard that holds the state's block's first state, forward:
  // a step or two, where a binary search over the shards was 14% of the
  // time of the analyses on the ranks.
  std::uint32_t shard_of(StateIndex state) const {
    std::uint32_t shard = shard_at_block[state >> block_bits];
    while (shard_begin[shard + 1] <= state) ++shard;
    return shard;
  }
  int owner(StateIndex state) const {
    return static_cast<int>(shard_of(state) % static_cast<std::uint32_t>(ranks));
  }
  // The place here of a state this rank owns.
  std::uint32_t here(StateIndex state) const {
    const std::uint32_t shard = shard_of(state);
    return first_here[shard] + (state - shard_begin[shard]);
  }
  std::uint32_t states_here() const { return static_cast<std::uint32_t>(global.size()); }
  int depth_of(StateIndex state) const;
};

// What the ranks computed together; every rank holds the same.
struct AnalysesOnRanks {
  EndingAnalysis endings;  // `loop` empty: see loop_choices
  // Round the endless loop from its first state: the index of each move
  // (or chance outcome) among those the rules list at its state.
  std::vector<std::uint16_t> loop_choices;
  OutcomeProbabilities outcomes;
};

// Every rank calls it with its part. The endings only when the search was
// complete; the probabilities say why not when it was not.
AnalysesOnRanks analyse_on_ranks(const GraphPart& part, Exchange& exchange, bool complete,
                                 int seats, bool perfect_information);

// The move indices of a shortest way from the start to each of `states`
// (as Exploration::trace takes them, each from its parent), on every rank.
// Every rank calls it with the same states.
std::vector<std::vector<std::uint16_t>> choices_to(const GraphPart& part, Exchange& exchange,
                                                   const std::vector<StateIndex>& states);

}  // namespace grove::checker
