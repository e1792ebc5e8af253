#pragma once
// What happened when a move was applied, one event per rule clause that
// fired. Events feed the game log, scenario expectations and rule coverage.
// Games only build events when a log is attached, so simulations that do not
// read them pay nothing.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/seat.hpp"

namespace grove {

struct Event {
  std::string clause;   // a Clause id: "ptp.challenge.transfer"
  Seat seat = kNoSeat;  // the player it concerns most, if any
  std::string text;     // for the log: "P1 gives P2 1 bamboo die"
  // Details a scenario can match on: {"from", "P1"}, {"dice", "1"}.
  std::vector<std::pair<std::string, std::string>> fields;

  const std::string* field(const std::string& name) const;
};

using EventLog = std::vector<Event>;

// Appends an event when a log is attached; games call it as they apply rules.
void record(EventLog* log, std::string_view clause, Seat seat, std::string text,
            std::vector<std::pair<std::string, std::string>> fields = {});

}  // namespace grove
