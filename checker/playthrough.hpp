#pragma once
// One game played to check it: the first moves follow a list of choices
// (indices into the legal moves or the chance outcomes, as RapidCheck draws
// and shrinks them), then random play from a seed takes over, exactly as a
// scenario's `random: end` step would. Every generic property is checked at
// every state; the first one broken ends the game as a failure, with the
// moves that led there.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace grove::checker {

// A game to check: the table and the choices.
struct GameInput {
  std::vector<std::string> settings;  // NAME=VALUE, over the base variant
  std::vector<std::string> rulings;   // ID=ALTERNATIVE
  int players = 0;
  std::vector<std::uint16_t> choices;  // the first moves
  std::uint64_t seed = 0;              // random play after them
};

// The rules for the input over a base variant; throws InputError when the
// game refuses the combination of settings.
std::unique_ptr<Rules> rules_for(const Game& game, const Variant& base, const GameInput& input);

struct Failure {
  std::string property;  // "invariant", "illegal-move-rejected", "possible-infinite-game", ...
  std::string detail;
  std::vector<Move> moves;   // applied from the start to where it failed
  std::size_t chosen = 0;    // how many of them the choices made; the rest were random play
  std::optional<Move> move;  // the move the broken property is about, if any
  bool applying = false;     // the failure came while applying the move after `moves`
};

struct Playthrough {
  std::int64_t steps = 0;  // states checked
  bool ended = false;
  bool stopped = false;  // PlayOptions::stop said so before the game was done
  std::optional<Failure> failure;
  std::set<std::string> clauses;  // rule clauses that fired
};

struct PlayOptions {
  std::int64_t max_steps = 0;    // 0: the variant's step bound
  bool endless_allowed = false;  // the game declares that its rules allow endless games
  // Stop checking after this many moves, claiming nothing about the end (a
  // small budget for the test suite); 0: play to the end or the bound.
  std::int64_t stop_after = 0;
  // False: only play (to the end or the bound), checking no property; for
  // shrinking a game that does not end, where only that matters.
  bool check_properties = true;
  // Also play through CheckedRules (with check_properties): every move
  // applied (the chosen, the random and the sampled chance outcomes) is held
  // against the listing, and the view promise (Rules::view_hash) is checked
  // around every state of the game: its view and its neighbours' against
  // every other state seen with the same view. A broken promise is a
  // failure under promise_property's name.
  bool check_contract = true;
  // Asked before each move; true stops the game where it is, claiming
  // nothing (Ctrl-C: a long game must not hold the run for seconds).
  std::function<bool()> stop;
};

// Plays and checks. Exceptions from the rules are failures ("exception"),
// broken promises (checked_rules.hpp) failures of their own.
Playthrough play_and_check(const Rules& rules, const GameInput& input, const PlayOptions& options);

}  // namespace grove::checker
