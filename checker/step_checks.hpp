#pragma once
// The generic properties every game must satisfy at every state it reaches,
// checked through the core API only (the checker knows no game):
//   - the state equals its copy, with the same hash and view, and the hash is
//     stable;
//   - its YAML form, printed and parsed back, gives an equal state;
//   - the game's own invariants hold;
//   - a decision node has legal moves (otherwise: a stuck state), each prints
//     to text that parses back to it, and each applies;
//   - a chance node lists outcomes with probabilities in (0,1] summing to
//     exactly 1, each printable, parseable and applicable;
//   - moves near the legal ones that are not legal are rejected with a
//     reason and leave the state unchanged.

#include <optional>
#include <string>
#include <vector>

#include "engine/core/rules.hpp"

namespace grove::checker {

struct Violation {
  std::string property;  // "yaml-round-trip", "stuck-state", ...
  std::string detail;
  // The move the property is about, when it is about one: a listed move
  // that did not apply, a move that is not listed but was accepted.
  std::optional<Move> move;
};

std::vector<Violation> check_state(const Rules& rules, const State& state);
// The same as lines ("property: detail"), as a scenario replay reports them
// for `expect: {properties: hold}`.
std::vector<std::string> broken_properties(const Rules& rules, const State& state);

// Moves derived from the legal ones by changing the seat, the kind or one
// argument; used to probe that apply rejects what is not legal.
std::vector<Move> nearby_moves(const Rules& rules, const std::vector<Move>& legal);

}  // namespace grove::checker
