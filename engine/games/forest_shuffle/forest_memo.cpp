#include "engine/games/forest_shuffle/forest_memo.hpp"

#include <algorithm>
#include <vector>

#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::forest_shuffle {
namespace {

std::uint64_t combine(std::uint64_t seed, std::uint64_t value) {
  return mix64(seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

// The last results worked out on this thread, one per slot of a table
// indexed by the key's low bits.
template <class Value, std::size_t kSlots>
struct Remembered {
  struct Entry {
    std::uint64_t key = 0;
    bool used = false;
    Value value{};
  };
  std::vector<Entry> entries = std::vector<Entry>(kSlots);

  Entry& at(std::uint64_t key) { return entries[key & (kSlots - 1)]; }
};

// `player` with the pending card placed, built only where a result is not
// remembered, in a copy kept per thread that reuses its storage; it holds
// only what scoring reads, the forest and the cave.
const Player& placed(const Player& player, const Pending* pending) {
  if (pending == nullptr) return player;
  thread_local Player copy;
  copy.forest = player.forest;
  copy.cave = player.cave;
  if (pending->side) {
    copy.place(static_cast<std::size_t>(pending->tree), *pending->side, pending->card);
  } else {
    copy.plant(Tree{.card = pending->card, .sapling = false, .dwelling = {}, .ends = {}});
  }
  return copy;
}

}  // namespace

ForestMemo::ForestMemo(const Settings& settings, std::uint64_t rules_id)
    : settings_(settings), key_(mix64(rules_id)) {
  for (const Species& species : settings.book.species) {
    if (species.scoring.kind == ScoringKind::Majority) majority_.push_back(&species.scoring);
  }
}

const Census& ForestMemo::census(std::size_t region, const Player& player, const Pending* pending,
                                 std::uint64_t print) const {
  constexpr std::size_t kRegionSlots = 256;
  thread_local Remembered<Census, kRegionSlots*(kMaxPlayers + 1)> remembered;
  const std::uint64_t key = combine(key_, print);
  auto& entry = remembered.entries[region * kRegionSlots + (key & (kRegionSlots - 1))];
  if (!entry.used || entry.key != key) {
    entry.key = key;
    entry.used = true;
    entry.value = take_census(settings_, placed(player, pending));
  }
  return entry.value;
}

int ForestMemo::points(const Player& player, const Pending* pending, std::uint64_t print,
                       const Census& own, std::span<const Census* const> censuses,
                       std::size_t seat) const {
  thread_local Remembered<int, 4096> remembered;
  // The points depend on the forest, the cave's size and, through the
  // rules that compare forests, on the best of the other forests' measures.
  std::uint64_t key = combine(combine(key_, print), player.cave.size());
  for (const Scoring* rule : majority_) {
    int best_other = 0;
    for (std::size_t other = 0; other < censuses.size(); ++other) {
      if (other != seat)
        best_other = std::max(best_other, majority_measure(*rule, *censuses[other]));
    }
    key = combine(key, static_cast<std::uint64_t>(best_other));
  }
  auto& entry = remembered.at(key);
  if (!entry.used || entry.key != key) {
    entry.key = key;
    entry.used = true;
    entry.value = forest_points(settings_, placed(player, pending), own, censuses, seat);
  }
  return entry.value;
}

}  // namespace grove::forest_shuffle
