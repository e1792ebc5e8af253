#pragma once
// What grove explore found, as findings a designer can read and replay:
// each with the shortest way to the first state that shows it, and a
// scenario that reproduces it.

#include <string>
#include <vector>

#include "checker/explorer.hpp"
#include "checker/state_graph.hpp"

namespace grove::checker {

struct ExploreFinding {
  // stuck-state, invariant, legal-move-applies, property, view-contract,
  // exception, no-end-reachable: defects, whose scenario fails until they are fixed. endless-play,
  // ruling-matters: what a designer should know, whose scenario shows it.
  std::string kind;
  bool defect = true;
  std::string detail;
  std::int64_t states = 0;  // how many states show it
  std::vector<Move> trace;  // from the start to the first of them
  std::string scenario;
};

// `alternative_rules` as given to explore(); `source` says where the
// finding came from (the command line), for the scenario.
std::vector<ExploreFinding> explore_findings(const Exploration& exploration,
                                             const EndingAnalysis& endings,
                                             const std::vector<const Rules*>& alternative_rules,
                                             const std::string& source);

}  // namespace grove::checker
