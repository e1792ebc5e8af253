#pragma once
// What happened when a move was applied, one event per rule clause that
// fired. Events feed the game log, scenario expectations and rule coverage.
// Games only build events when a log is attached, so simulations that do not
// read them pay nothing, and only build their text when the log keeps it, so
// rule coverage, which reads the clauses alone, pays little.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/seat.hpp"

namespace grove {

// What an event says: the line for the log, "P1 gives P2 1 bamboo die", and
// details a scenario can match on: {"from", "P1"}, {"dice", "1"}.
struct EventText {
  using Fields = std::vector<std::pair<std::string, std::string>>;
  // Implicit, so that a describe lambda may return the line alone.
  EventText(std::string said, Fields details = {})
      : text(std::move(said)), fields(std::move(details)) {}
  std::string text;
  Fields fields;
};

struct Event {
  // A Clause id, "ptp.challenge.transfer": one of the game's constants,
  // which outlive every log.
  std::string_view clause;
  Seat seat = kNoSeat;  // the player it concerns most, if any
  std::string text;
  std::vector<std::pair<std::string, std::string>> fields;

  const std::string* field(const std::string& name) const;
};

// The events of one or more moves. With clauses_only (rule coverage) only
// their clauses are kept, in order, in `clauses`: no event is built (an
// Event's empty text and fields, made and destroyed for every event, were
// 3% of an exhaustive exploration).
struct EventLog : std::vector<Event> {
  bool clauses_only = false;
  std::vector<std::string_view> clauses;  // with clauses_only
};

// Appends the event of `clause` when a log is attached; games call it as they
// apply rules. `describe` () -> EventText is called only when the log keeps
// the text, right away, so it may capture the moment's values by reference.
template <class Describe>
void record(EventLog* log, std::string_view clause, Seat seat, Describe&& describe) {
  if (log == nullptr) return;
  if (log->clauses_only) {
    log->clauses.push_back(clause);
    return;
  }
  EventText said = std::forward<Describe>(describe)();
  log->push_back(Event{clause, seat, std::move(said.text), std::move(said.fields)});
}

}  // namespace grove
