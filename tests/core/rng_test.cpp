#include "engine/core/rng.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>

namespace grove {
namespace {

TEST(Rng, SameSeedSameStream) {
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
}

TEST(Rng, DerivedStreamsDependOnlyOnSeedAndStreamNumber) {
  Rng parent(7);
  Rng first = parent.derive(3);
  for (int i = 0; i < 50; ++i) parent.next();
  Rng again = parent.derive(3);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(first.next(), again.next());
  EXPECT_NE(Rng(7).derive(3).next(), Rng(7).derive(4).next());
  EXPECT_NE(Rng(7).derive(0).next(), Rng(7).next());
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(1);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) {
    auto face = rng.below(std::uint64_t{6});
    ASSERT_LT(face, 6u);
    ++counts[face];
  }
  // Each face near 10000; 5 standard deviations is about 460.
  for (int count : counts) EXPECT_NEAR(count, 10000, 500);
}

TEST(Rng, BelowWorksBeyondSixtyFourBits) {
  Rng rng(9);
  const uint128 bound = (static_cast<uint128>(1) << 100) + 12345;
  std::set<bool> high_bits_seen;
  for (int i = 0; i < 200; ++i) {
    uint128 value = rng.below(bound);
    ASSERT_LT(value, bound);
    high_bits_seen.insert((value >> 64) != 0);
  }
  EXPECT_EQ(high_bits_seen.count(true), 1u);
}

}  // namespace
}  // namespace grove
