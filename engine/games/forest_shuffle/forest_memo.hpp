#pragma once
// What agents rate over and over: a forest's census and its points. An
// agent rates hundreds of thousands of positions a game, and a move changes
// at most one forest, so nearly every forest it rates it has rated just
// before. Each thread remembers the last censuses and points it worked
// out, by a fingerprint of what they depend on; a fingerprint collision
// (about one in 2^64) would only misrate a position, never break a rule.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/position.hpp"
#include "engine/games/forest_shuffle/settings.hpp"

namespace grove::forest_shuffle {

// A card about to be placed in a forest: at `tree`'s slot on `side`, or as
// a new tree when there is no side.
struct Pending {
  CardId card = kNoCard;
  std::optional<Side> side;
  int tree = 0;
};

// The fingerprint of `player`'s forest, with the `pending` card placed if
// there is one.
inline std::uint64_t forest_print(const Player& player, const Pending* pending) {
  if (pending == nullptr) return player.print;
  const std::size_t index =
      pending->side ? static_cast<std::size_t>(pending->tree) : player.forest.size();
  return player.print + placement_print(index, pending->side, pending->card);
}

// The results remembered for one rules object (its rulings change them).
class ForestMemo {
 public:
  // `rules_id`: the rules' instance_id().
  ForestMemo(const Settings& settings, std::uint64_t rules_id);

  // The census of `player`'s forest, with the `pending` card placed if
  // there is one; `print` is that forest's fingerprint. `region` (at most
  // kMaxPlayers) keeps censuses in use together apart: the one returned
  // stays put until the next census of the same region on this thread.
  const Census& census(std::size_t region, const Player& player, const Pending* pending,
                       std::uint64_t print) const;
  // forest_points for `seat`'s forest (`player`'s, with the `pending` card
  // placed), whose fingerprint is `print` and census `own`; `censuses` are
  // every seat's.
  int points(const Player& player, const Pending* pending, std::uint64_t print, const Census& own,
             std::span<const Census* const> censuses, std::size_t seat) const;

 private:
  const Settings& settings_;
  std::uint64_t key_;                     // tells this object's results from others'
  std::vector<const Scoring*> majority_;  // the rules that compare forests
};

}  // namespace grove::forest_shuffle
