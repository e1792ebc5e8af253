#pragma once
// Plays a scenario through the rules and checks every expectation. The first
// failing step stops the replay; the result says what was expected, what
// happened, and carries the game log up to that point.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/scenario/scenario.hpp"

namespace grove {

struct ScenarioResult {
  enum class Status { Passed, Failed, Error };

  std::string file;
  std::string title;
  std::string game;
  std::string variant;
  std::string variant_hash;
  Status status = Status::Passed;
  int line = 0;                  // the step (or key) that failed
  std::string message;           // one line: what went wrong
  std::string expected;          // may be empty
  std::string actual;            // may be empty
  std::vector<std::string> log;  // the game log up to the failure or the end
  std::string board;             // the table where it failed (Rules::board)
  int moves = 0;                 // moves and chance outcomes applied
  double seconds = 0;
  // The state where the replay ended (at the failure, or after the last
  // step); null when the scenario could not start. grove explore --start
  // searches from it.
  std::shared_ptr<const State> end_state;

  bool passed() const { return status == Status::Passed; }
};

std::string status_name(ScenarioResult::Status status);  // "pass", "fail", "error"

// What a replay can check beyond the rules themselves. The generic
// properties of a game live in the checker, which the engine does not know,
// so the command that replays hands them in.
struct ReplayChecks {
  // The broken properties of a state; for `expect: {properties: hold}`.
  std::function<std::vector<std::string>(const Rules&, const State&)> properties;
  // Why no end of the game can be reached from the state, or nothing when
  // one can; for `expect: {end_reachable: true}`.
  std::function<std::optional<std::string>(const Rules&, const State&)> end_unreachable;
};

// What a replay shows as it goes, for a command that draws the game step by
// step (grove view): the start, every move played (by a step or at random)
// with the events it fired, and every check with whether it held. The
// failing check is the last one reported; the result says why it failed.
class ReplayWatcher {
 public:
  virtual ~ReplayWatcher() = default;
  virtual void started(const Rules& rules, const State& state) = 0;
  virtual void moved(const Rules& rules, const State& after, const Move& move,
                     const EventLog& events) = 0;
  // `step` is an expect, illegal or legal step; `end` the scenario's end.
  virtual void checked(const ScenarioStep& step, bool held) = 0;
  virtual void checked_end(const EndExpectation& end, bool held) = 0;
};

ScenarioResult replay_scenario(const Scenario& scenario, const ReplayChecks& checks = {},
                               ReplayWatcher* watcher = nullptr);

// Loads and replays; a scenario that cannot be loaded is an Error result with
// the located message, so one bad file does not stop a directory run.
ScenarioResult replay_file(const std::string& path, const Registry& games,
                           const VariantOverrides& overrides = {}, const ReplayChecks& checks = {});

}  // namespace grove
