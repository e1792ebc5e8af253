#pragma once
// What the graph of a complete exploration tells about the game as a whole:
// whether every game can end, whether the players can keep one going
// forever, and the exact chances of each outcome. These need every state
// and every move, so they are only computed when the search was complete.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/explorer.hpp"

namespace grove::checker {

// What both analyses below read of a complete graph's shape (which states
// can reach an end, which can reach a state that cannot, the strongly
// connected components), built once for both.
class GraphShape {
 public:
  explicit GraphShape(const Exploration& graph);
  ~GraphShape();
  GraphShape(const GraphShape&) = delete;
  GraphShape& operator=(const GraphShape&) = delete;

  struct Parts;  // in state_graph.cpp
  const Parts& parts() const { return *parts_; }

 private:
  std::unique_ptr<const Parts> parts_;
};

struct EndingAnalysis {
  // States from which no end can be reached, whatever anyone does or rolls
  // (stuck states and states where the rules threw are reported as such,
  // not here). The first is the least deep: its trace's last move enters
  // the trap.
  Sighting trap;
  // States from which the players, acting together, can keep the game from
  // ending forever whatever the chance outcomes, though an end can still
  // be reached: play that need never end. The first is the least deep state
  // on such a loop; `loop` is a shortest way round it.
  Sighting endless;
  std::vector<Move> loop;
  // States on some cycle of the graph (positions that can come back).
  std::int64_t on_cycles = 0;
};

EndingAnalysis analyse_endings(const Exploration& exploration, const GraphShape& shape);
EndingAnalysis analyse_endings(const Exploration& exploration);

struct OutcomeProbabilities {
  bool computed = false;
  std::string why_not;  // when not computed
  // Uniformly random play (every legal move alike, chance as the rules say).
  std::vector<double> win;  // per seat: the chance of being among the winners
  double shared = 0;        // more than one winner
  double never_ends = 0;    // the game goes on forever
  bool length_finite = true;
  double expected_length = 0;  // moves and chance outcomes, when finite
  // Optimal play, for two players who see everything: the first seat's
  // value (a win 1, a shared result or no winner 1/2, a loss 0), the first
  // seat maximising it and the second minimising it. A game that never
  // ends has no agreed value: `low` counts it as a loss for the first seat,
  // `high` as a win; they differ only when that matters.
  bool optimal_defined = false;
  std::string optimal_why_not;
  double optimal_low = 0;
  double optimal_high = 0;
  // Accuracy of the iterations on the cycles of the graph: the largest
  // change in their last sweep (0 for a graph without cycles).
  double residual = 0;
};

// `perfect_information`: whether every seat sees the whole state (the game
// says so); optimal play is only defined then.
OutcomeProbabilities outcome_probabilities(const Exploration& exploration, const GraphShape& shape,
                                           bool perfect_information);
OutcomeProbabilities outcome_probabilities(const Exploration& exploration,
                                           bool perfect_information);

// Why optimal play has no value here, or "" when it has one.
std::string why_no_optimal_value(int seats, bool perfect_information);

// Why no end of the game can be reached from `state`, or nothing when one
// can: a search from the state (up to a million states) for a terminal
// one. For scenarios' `expect: {end_reachable: true}`.
std::optional<std::string> end_unreachable(const Rules& rules, const State& state);

}  // namespace grove::checker
