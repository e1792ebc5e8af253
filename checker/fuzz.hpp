#pragma once
// grove fuzz's engine, for any registered game: RapidCheck draws a game (a
// variant within each parameter's range and each ruling's alternatives, a
// player count, choices for the first moves, a seed for the rest), plays
// it checking every property at every state, and on a failure shrinks the
// input to the smallest one that fails the same way. The finding comes out
// as a scenario that `grove replay` reproduces exactly and that fails until
// the bug is fixed.

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>

#include "checker/lasso.hpp"
#include "checker/playthrough.hpp"

namespace grove::checker {

struct FuzzSettings {
  std::uint64_t seed = 0;
  std::int64_t max_steps = 0;   // per game; 0: the variant's step bound
  std::optional<int> players;   // drawn from the game's range when not given
  bool draw_variant = true;     // false: play the base variant as it is
  int max_choices = 200;        // the longest list of chosen first moves
  std::int64_t stop_after = 0;  // see PlayOptions
  // Asked between moves (of the game and of its shrinking): true ends the
  // game at once, with GameRun::stopped set and no finding claimed.
  std::function<bool()> stop;
};

struct Finding {
  GameInput input;  // shrunk
  Failure failure;
  int shrinks = 0;  // smaller inputs RapidCheck found failing on the way
  // A possible-infinite-game whose game came back to a position: the way
  // there and the loop, which the scenario shows instead of the game's
  // thousands of moves. Found in the shrunk game, once.
  std::optional<Lasso> lasso;
};

struct GameRun {
  std::int64_t steps = 0;  // states checked in the game as drawn (shrinking not counted)
  bool ended = false;
  bool stopped = false;  // FuzzSettings::stop cut it short: it counts as not played
  bool playable = true;  // false when no table RapidCheck drew could be played
  std::set<std::string> clauses;
  std::optional<Finding> finding;
};

// Game `index` of a run: drawn from the run's seed and the index alone, so
// the same game comes out whatever the number of jobs.
GameRun fuzz_game(const Game& game, const Variant& base, const FuzzSettings& settings,
                  std::uint64_t index);

// A scenario reproducing the finding: the variant, the moves up to the
// failure (the chosen ones written out, the random rest as `random: N` from
// the same seed), and the check that fails until the bug is fixed. A game
// that never ends and has a lasso is written as the lasso instead: its
// moves, the check that the loop comes back to where it began, and that the
// game must be over.
std::string finding_scenario(const Game& game, const Variant& base, const Finding& finding,
                             const std::string& source);

// A shorter failing input is one with fewer moves before the failure; a
// lasso's length is its prefix and one round of its loop.
std::size_t trace_length(const Finding& finding);

// --- Generators, shared with the tests ---------------------------------------
// A setting of the parameter: its default half of the time, otherwise a value
// within its range (a table: one of its entries).
rc::Gen<std::string> gen_setting(const ParamSpec& spec);
rc::Gen<std::string> gen_ruling(const Ruling& ruling);

}  // namespace grove::checker
