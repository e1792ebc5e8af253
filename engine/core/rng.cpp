#include "engine/core/rng.hpp"

#include <stdexcept>

#include "engine/core/hash.hpp"

namespace grove {
namespace {

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

}  // namespace

Rng::Rng(std::uint64_t seed) : seed_(seed), state_(seed) {}

std::uint64_t Rng::next() {
  state_ += kGolden;
  return mix64(state_);
}

std::uint64_t Rng::below(std::uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("Rng::below(0)");
  // Lemire's multiply-and-reject: unbiased, usually one draw.
  uint128 product = static_cast<uint128>(next()) * bound;
  auto low = static_cast<std::uint64_t>(product);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      product = static_cast<uint128>(next()) * bound;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

uint128 Rng::below(uint128 bound) {
  if (bound == 0) throw std::invalid_argument("Rng::below(0)");
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
