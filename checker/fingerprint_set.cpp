#include "checker/fingerprint_set.hpp"

#include <stdexcept>

namespace grove::checker {
namespace {

constexpr std::size_t kInitialSlots = 64;

}  // namespace

FingerprintSet::FingerprintSet() : slots_(kInitialSlots) {}

std::uint32_t FingerprintSet::find(std::uint64_t fingerprint) const {
  const std::size_t capacity = slots_.size();
  for (std::size_t slot = home(fingerprint);; slot = slot + 1 == capacity ? 0 : slot + 1) {
    const Slot& at = slots_[slot];
    if (at.entry == 0) return kAbsent;
    if (at.fingerprint() == fingerprint) return at.entry - 1;
  }
}

std::pair<std::uint32_t, bool> FingerprintSet::insert(std::uint64_t fingerprint) {
  // At most 80% full, so that a probe ends soon; grown only for a new
  // fingerprint, so that the table's size depends on the fingerprints in
  // it and not on how often each was offered (a distributed search offers
  // the known ones again).
  if (5 * (static_cast<std::size_t>(size_) + 1) > 4 * slots_.size()) {
    if (const std::uint32_t known = find(fingerprint); known != kAbsent) return {known, false};
    grow();
  }
  const std::size_t capacity = slots_.size();
  std::size_t slot = home(fingerprint);
  for (;; slot = slot + 1 == capacity ? 0 : slot + 1) {
    const Slot& at = slots_[slot];
    if (at.entry == 0) break;
    if (at.fingerprint() == fingerprint) return {at.entry - 1, false};
  }
  if (size_ == kMaxSize) throw std::length_error("more states than one fingerprint set can number");
  const std::uint32_t index = size_++;
  slots_[slot] = Slot{index + 1, static_cast<std::uint32_t>(fingerprint),
                      static_cast<std::uint32_t>(fingerprint >> 32)};
  return {index, true};
}

// A quarter again as many slots: the table is then 64% full, so it stays
// between 64% and 80% full (15 to 18.75 bytes a fingerprint; cheap, as the
// slots hold the fingerprints to place them by).
void FingerprintSet::grow() {
  std::vector<Slot> old;
  old.swap(slots_);
  slots_.assign(old.size() + old.size() / 4, Slot{});
  const std::size_t capacity = slots_.size();
  for (const Slot& moved : old) {
    if (moved.entry == 0) continue;
    std::size_t slot = home(moved.fingerprint());
    while (slots_[slot].entry != 0) slot = slot + 1 == capacity ? 0 : slot + 1;
    slots_[slot] = moved;
  }
}

std::size_t FingerprintSet::bytes() const { return slots_.capacity() * sizeof(Slot); }

}  // namespace grove::checker
