#pragma once
// The distinct probabilities on a state graph's edges, each kept once, so
// that an edge holds a 2-byte index instead of an 8-byte double: a game's
// chance outcomes take few distinct values (a few hundred for Pass the
// Pandas' rolls of up to eight dice) on millions of edges.

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace grove::checker {

class ProbabilityPool {
 public:
  using Index = std::uint16_t;
  static constexpr std::size_t kMaxValues = 0x10000;

  // The index of `value`, added if it is new.
  Index index_of(double value) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    // Most calls ask for the value the last one did (a decision's edges
    // all hold 0, a state's chance outcomes often share one).
    if (bits == last_bits_ && !values_.empty()) return last_index_;
    last_index_ = find_or_add(value, bits);
    last_bits_ = bits;
    return last_index_;
  }

  double operator[](Index index) const { return values_[index]; }
  std::size_t size() const { return values_.size(); }
  std::size_t bytes() const {
    return values_.capacity() * sizeof(double) + slots_.capacity() * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::uint32_t kEmpty = UINT32_MAX;

  Index find_or_add(double value, std::uint64_t bits) {
    if (slots_.empty()) slots_.assign(64, kEmpty);
    for (std::size_t slot = hash(bits);; slot = (slot + 1) & (slots_.size() - 1)) {
      const std::uint32_t held = slots_[slot];
      if (held == kEmpty) break;
      if (std::bit_cast<std::uint64_t>(values_[held]) == bits) return static_cast<Index>(held);
    }
    if (values_.size() == kMaxValues) {
      throw std::length_error(
          "more than 65,536 distinct chance probabilities: more than the explorer can hold");
    }
    values_.push_back(value);
    if (2 * values_.size() > slots_.size()) {
      rehash(2 * slots_.size());
    } else {
      place(values_.size() - 1);
    }
    return static_cast<Index>(values_.size() - 1);
  }

  // The product's top bits (Fibonacci hashing). Its bits from 32 up,
  // masked to the table, clustered Pass the Pandas' roll probabilities: a
  // lookup probed about three slots.
  std::size_t hash(std::uint64_t bits) const {
    return static_cast<std::size_t>((bits * 0x9e3779b97f4a7c15ULL) >>
                                    (64 - std::countr_zero(slots_.size())));
  }
  void place(std::size_t index) {
    std::size_t slot = hash(std::bit_cast<std::uint64_t>(values_[index]));
    while (slots_[slot] != kEmpty) slot = (slot + 1) & (slots_.size() - 1);
    slots_[slot] = static_cast<std::uint32_t>(index);
  }
  void rehash(std::size_t size) {
    slots_.assign(size, kEmpty);
    for (std::size_t index = 0; index < values_.size(); ++index) place(index);
  }

  std::vector<double> values_;
  std::vector<std::uint32_t> slots_;  // open addressing: indices into values_
  std::uint64_t last_bits_ = 0;       // the last value asked for, and its index
  Index last_index_ = 0;
};

}  // namespace grove::checker
