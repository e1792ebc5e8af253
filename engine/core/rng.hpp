#pragma once
// The only source of randomness in grove, and only agents and simulators use
// it: games never draw inside apply (chance is a node with listed outcomes).
//
// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014). It is splittable: derive(k) gives an independent
// child stream that depends only on this generator's seed and k, so game k of
// a run gets the same stream whether the run uses one job or eight.

#include <cstdint>

#include "engine/core/probability.hpp"

namespace grove {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t seed() const { return seed_; }
  std::uint64_t next();
  // Uniform in [0, bound); bound must be positive. Unbiased (rejection).
  std::uint64_t below(std::uint64_t bound);
  uint128 below(uint128 bound);

  // Child stream number `stream`, independent of how much this generator has
  // been used.
  Rng derive(std::uint64_t stream) const;

 private:
  std::uint64_t seed_;
  std::uint64_t state_;
};

}  // namespace grove
