#pragma once
// What grove explore says as it starts: what the variant is at the chosen
// player count, and a first look at how large its graph is, so that a
// variant small at one player count is not explored at another without a
// word (explore_three_dice is small for two players; for three it is the
// whole game).

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace grove::cli {

// The per-player-count parameters the variant changes for other player
// counts but not for `players`, said as warnings: "dice_per_player: the
// variant changes it for 2 players only; with 3 it is the game's 6".
std::vector<std::string> unchanged_at_players(const Variant& variant, int players);

// How many states a first look takes at most.
inline constexpr std::int64_t kFirstLookStates = 50'000;

// A short search (at most `seconds` and 50,000 states, no rulings compared,
// no coverage) from `start` (null: the game's start), through the game's
// view or on whole states as the search will be: "2886 states in all" when
// it finishes, or what it found and how fast the levels grow when it does
// not. For a search bounded below that (--max-states, --max-depth), whose
// own first levels would say less.
std::string first_look(const Rules& rules, const State* start, bool full_states, double seconds);

// The same look taken from the search itself as its levels are expanded
// (ExploreOptions::level_done), rather than from a search of its own that
// the search then does again (a tenth of a Takenoko or Forest Shuffle small
// variant's command): due once the search has run `seconds` or found
// 50,000 states with more to come, or else when it ends.
class LevelsLook {
 public:
  explicit LevelsLook(double seconds) : seconds_(seconds) {}
  // Takes in the level just expanded, `seconds` into the search; true when
  // the look is due and has not been said.
  bool level_done(int depth, std::int64_t found, double seconds);
  // "more than 70976 states: the first 19 moves deep, level 18 holds ...",
  // from the levels taken in so far.
  std::string text() const;

 private:
  double seconds_;
  std::vector<std::int64_t> through_{1};  // states found through each level
  bool said_ = false;
};

// The memory grove explore may use by default: half the machine's, but no
// more than leaves a quarter of it free of what was available at the start;
// shared by the ranks of an MPI run on this machine. In megabytes.
std::int64_t default_explore_memory(int ranks_here);

}  // namespace grove::cli
