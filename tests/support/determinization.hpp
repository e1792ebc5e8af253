#pragma once
// The contract of Rules::determinize at one state, for the games' own
// determinization tests (which add what is particular to the game: what
// must be dealt afresh, that a drawing plays on).

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/core/rng.hpp"
#include "engine/core/rules.hpp"

namespace grove::testing {

// `lookalike` is a state `seat` cannot tell from `state` (a drawing of it):
// it looks the same to the seat and breaks no invariant, and drawing from
// it with `stream` gives what drawing from `state` with `stream` gives.
inline ::testing::AssertionResult drawn_alike(const Rules& rules, const State& state, Seat seat,
                                              const State& lookalike, const Rng& stream) {
  if (rules.observation(lookalike, seat) != rules.observation(state, seat)) {
    return ::testing::AssertionFailure() << "the drawing looks different to seat " << seat << ":\n"
                                         << rules.observation(lookalike, seat) << "\nnot\n"
                                         << rules.observation(state, seat);
  }
  const std::vector<std::string> problems = rules.invariant_violations(lookalike);
  if (!problems.empty()) return ::testing::AssertionFailure() << problems.front();
  Rng from_state = stream;
  Rng from_lookalike = stream;
  if (!rules.determinize(state, seat, from_state)
           ->equals(*rules.determinize(lookalike, seat, from_lookalike))) {
    return ::testing::AssertionFailure()
           << "two states seat " << seat << " cannot tell apart drew differently";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace grove::testing
