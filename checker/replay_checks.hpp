#pragma once
// What a replay of a finding checks at `expect: {properties: hold}`: the
// generic properties (step_checks.hpp) and, through one CheckedRules kept
// for the whole replay, the view promise around each state checked. A
// view-contract finding's scenario checks every state it passes, so its
// replay meets both states with the view and fails until the view is fixed.
// Header-only: the engine's replay (grove_scenario) is not the checker's to
// link.

#include <memory>
#include <string>
#include <vector>

#include "checker/checked_rules.hpp"
#include "checker/state_graph.hpp"
#include "checker/step_checks.hpp"
#include "engine/scenario/replay.hpp"

namespace grove::checker {

// One per replay: the views seen are those of the states it checked.
inline ReplayChecks finding_replay_checks() {
  struct Views {
    const Rules* rules = nullptr;
    std::unique_ptr<CheckedRules> checked;
  };
  auto views = std::make_shared<Views>();
  ReplayChecks checks{broken_properties, end_unreachable};
  checks.properties = [views](const Rules& rules, const State& state) {
    std::vector<std::string> broken = broken_properties(rules, state);
    if (views->rules != &rules) {
      views->rules = &rules;
      views->checked = std::make_unique<CheckedRules>(rules);
    }
    try {
      views->checked->check_views_around(state);
    } catch (const ContractBroken& error) {
      broken.push_back(std::string(promise_property(error.promise)) + ": " + error.what());
    }
    return broken;
  };
  return checks;
}

}  // namespace grove::checker
