#include "engine/core/rng.hpp"

#include <stdexcept>

#include "engine/core/hash.hpp"

namespace grove {

Rng::Rng(std::uint64_t seed) : seed_(seed), state_(seed) {}

void Rng::throw_zero_bound() { throw std::invalid_argument("Rng::below(0)"); }

uint128 Rng::reject_below(std::uint64_t bound, uint128 product) {
  const std::uint64_t threshold = (0 - bound) % bound;
  while (static_cast<std::uint64_t>(product) < threshold) {
    product = static_cast<uint128>(next()) * bound;
  }
  return product;
}

uint128 Rng::below(uint128 bound) {
  if (bound == 0) throw_zero_bound();
  if (bound <= UINT64_MAX) return below(static_cast<std::uint64_t>(bound));
  // Rejection sampling on the smallest all-ones mask covering bound - 1.
  uint128 mask = bound - 1;
  for (int shift = 1; shift < 128; shift <<= 1) mask |= mask >> shift;
  while (true) {
    uint128 value = (static_cast<uint128>(next()) << 64) | next();
    value &= mask;
    if (value < bound) return value;
  }
}

Rng Rng::derive(std::uint64_t stream) const {
  return Rng(mix64(seed_ ^ mix64(stream * kGolden + 0x632be59bd9b4e019ULL)));
}

}  // namespace grove
