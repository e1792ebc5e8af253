#pragma once
// The explorer's memory of the states it has seen: 64-bit fingerprints (the
// states' hashes), as explicit-state model checkers such as TLC keep them,
// instead of the states themselves. Each fingerprint gets a number, its
// index, in the order of insertion; the parent links, the state graph and
// every analysis use the index.
//
// Layout: an open-addressing table, probed linearly and kept between 64%
// and 80% full, whose 12-byte slots hold a fingerprint and its index, so that
// a probe compares in the slot it reads (one memory read; a slot holding only
// an index into the fingerprints kept in insertion order took a second read
// for the fingerprint it numbers). That is 15 to 18.75 bytes per state; whoever
// needs the fingerprint of an index keeps it (the explorer does for the level
// it expands).

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace grove::checker {

class FingerprintSet {
  __extension__ typedef unsigned __int128 Product;

 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffU;
  // The most fingerprints one set can number (the table keeps index + 1).
  static constexpr std::uint32_t kMaxSize = 0xfffffffeU;

  FingerprintSet();

  // The index of `fingerprint` and true if it was added now (with the next
  // index), false if it was there already. Throws std::length_error past
  // kMaxSize.
  std::pair<std::uint32_t, bool> insert(std::uint64_t fingerprint);
  // The index of `fingerprint`, or kAbsent. Safe to call from several
  // threads while nobody inserts.
  std::uint32_t find(std::uint64_t fingerprint) const;

  // Starts loading the table slot where a search for `fingerprint` begins,
  // so that several searches can wait for memory at once.
  void prefetch(std::uint64_t fingerprint) const { __builtin_prefetch(&slots_[home(fingerprint)]); }

  std::uint32_t size() const { return size_; }
  // Memory held: the table.
  std::size_t bytes() const;

 private:
  // The table slot where the search for `fingerprint` starts: the high bits
  // of fingerprint × capacity (Lemire's multiply-shift), so the capacity
  // need not be a power of two and the low bits stay free for choosing the
  // shard that owns a state.
  std::size_t home(std::uint64_t fingerprint) const {
    return static_cast<std::size_t>((static_cast<Product>(fingerprint) * slots_.size()) >> 64);
  }
  void grow();

  // Three 4-byte words, not an 8-byte and a 4-byte field: 12 bytes, not 16.
  struct Slot {
    std::uint32_t entry = 0;  // 0: empty; otherwise index + 1
    std::uint32_t low = 0;
    std::uint32_t high = 0;

    std::uint64_t fingerprint() const { return std::uint64_t{high} << 32 | low; }
  };

  std::vector<Slot> slots_;
  std::uint32_t size_ = 0;
};

}  // namespace grove::checker
