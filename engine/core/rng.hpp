#pragma once
// The only source of randomness in grove, and only agents and simulators use
// it: games never draw inside apply (chance is a node with listed outcomes).
//
// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014). It is splittable: derive(k) gives an independent
// child stream that depends only on this generator's seed and k, so game k of
// a run gets the same stream whether the run uses one job or eight.

#include <cstdint>

#include "engine/core/hash.hpp"
#include "engine/core/probability.hpp"

namespace grove {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t seed() const { return seed_; }
  // Inline: every die, card and agent's pick draws here, and a call per draw
  // cost about a seventh of a plain random game's time (the benchmark's
  // plain Pass the Pandas loop: 448 -> 384 ns a game).
  std::uint64_t next() {
    state_ += kGolden;
    return mix64(state_);
  }
  // Uniform in [0, bound); bound must be positive. Unbiased: Lemire's
  // multiply-and-reject, almost always one draw.
  std::uint64_t below(std::uint64_t bound) {
    if (bound == 0) throw_zero_bound();
    uint128 product = static_cast<uint128>(next()) * bound;
    if (static_cast<std::uint64_t>(product) < bound) product = reject_below(bound, product);
    return static_cast<std::uint64_t>(product >> 64);
  }
  uint128 below(uint128 bound);

  // Child stream number `stream`, independent of how much this generator has
  // been used.
  Rng derive(std::uint64_t stream) const;

 private:
  static constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

  [[noreturn]] static void throw_zero_bound();
  // below's rare second look: draws again while the product's low half falls
  // in the biased range.
  uint128 reject_below(std::uint64_t bound, uint128 product);

  std::uint64_t seed_;
  std::uint64_t state_;
};

}  // namespace grove
