#pragma once
// What a rank of a distributed search remembers of the numbers other ranks
// gave their states. Only a state's owner knows whether it is new, so every
// successor owned elsewhere used to travel to its owner, bytes and all, and
// come back as a number, though most had been numbered at an earlier level
// (Pass the Pandas 8 dice, 2 ranks: of the 1.6 M successors each rank
// received, 0.92 M had been numbered at an earlier level, 0.44 M were sent
// again within a level, and 0.24 M were new). The successor of a
// remembered fingerprint takes its number here; one sent again within a
// level is sent once (the explorer's send_discoveries).
//
// A cache, not a second fingerprint table: each fingerprint in the one
// slot its high bits pick, a newer one replacing an older, and at most a
// fixed number of slots, so that a rank's memory stays bounded however
// many states the others hold (PReach, Bingham et al. 2010, drops recently
// sent states the same way). What is forgotten is sent again, and
// answered alike. The slots double as numbers come, up to that bound, so
// that a small search holds a small cache.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grove::checker {

class RemoteNumbers {
  __extension__ typedef unsigned __int128 Product;

 public:
  static constexpr std::uint32_t kUnknown = 0xffffffffU;

  // No slots: remembers nothing (one process has no other rank).
  RemoteNumbers() = default;
  explicit RemoteNumbers(std::size_t most) : most_(most), slots_(std::min(most, kFirstSlots)) {}

  // The number remembered for `fingerprint`, or kUnknown. Safe to call from
  // several threads while nobody remembers.
  std::uint32_t find(std::uint64_t fingerprint) const {
    if (slots_.empty()) return kUnknown;
    const Slot& slot = slots_[home(fingerprint)];
    return slot.low == static_cast<std::uint32_t>(fingerprint) &&
                   slot.high == static_cast<std::uint32_t>(fingerprint >> 32)
               ? slot.number
               : kUnknown;
  }
  void prefetch(std::uint64_t fingerprint) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[home(fingerprint)]);
  }
  // Not while anyone finds.
  void remember(std::uint64_t fingerprint, std::uint32_t number) {
    if (slots_.empty()) return;
    if (4 * ++remembered_ > slots_.size() && slots_.size() < most_) grow();
    slots_[home(fingerprint)] = Slot{static_cast<std::uint32_t>(fingerprint),
                                     static_cast<std::uint32_t>(fingerprint >> 32), number};
  }

 private:
  // The high bits of fingerprint × slots: the low bits pick the owner,
  // and are alike for every state of a shard.
  std::size_t home(std::uint64_t fingerprint) const {
    return static_cast<std::size_t>((static_cast<Product>(fingerprint) * slots_.size()) >> 64);
  }

  void grow() {
    std::vector<Slot> old(std::min(most_, 2 * slots_.size()));
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.number == kUnknown) continue;
      const std::uint64_t fingerprint = std::uint64_t{slot.high} << 32 | slot.low;
      slots_[home(fingerprint)] = slot;
    }
  }

  static constexpr std::size_t kFirstSlots = 1024;

  // An empty slot holds fingerprint 0 and kUnknown, so a successor hashing
  // to 0 is only sent again. Three 4-byte words: 12 bytes, not 16.
  struct Slot {
    std::uint32_t low = 0;
    std::uint32_t high = 0;
    std::uint32_t number = kUnknown;
  };
  std::size_t most_ = 0;
  std::size_t remembered_ = 0;  // remember() calls, old numbers overwritten included
  std::vector<Slot> slots_;
};

}  // namespace grove::checker
