#include "engine/core/probability.hpp"

#include <gtest/gtest.h>

namespace grove {
namespace {

TEST(Probability, ReducesFractions) {
  Probability half(3, 6);
  EXPECT_EQ(half.numerator(), 1);
  EXPECT_EQ(half.denominator(), 2);
  EXPECT_EQ(half.to_string(), "1/2");
  EXPECT_DOUBLE_EQ(half.to_double(), 0.5);
}

// The double is the nearest to each part, then their quotient, whether the
// parts fit in 64 bits or not (the explorer stores every edge's).
TEST(Probability, ConvertsToTheDoubleOfItsParts) {
  EXPECT_EQ(Probability(1, 3).to_double(), 1.0 / 3.0);
  const std::uint64_t large = (std::uint64_t{1} << 60) + 12345;  // not a double exactly
  EXPECT_EQ(Probability(large - 2, large).to_double(),
            static_cast<double>(large - 2) / static_cast<double>(large));
  const uint128 beyond = (uint128{1} << 100) + 7;
  EXPECT_EQ(Probability(beyond - 4, beyond).to_double(),
            static_cast<double>(beyond - 4) / static_cast<double>(beyond));
}

TEST(Probability, SumsExactly) {
  Probability sum = Probability(1, 6) + Probability(1, 3) + Probability(1, 2);
  EXPECT_TRUE(sum.is_one());
}

TEST(Probability, RejectsImpossibleFractions) {
  EXPECT_THROW(Probability(1, 0), std::invalid_argument);
  EXPECT_THROW(Probability(3, 2), std::invalid_argument);
  EXPECT_THROW(Probability(2, 3) + Probability(2, 3), std::invalid_argument);
}

TEST(Probability, HoldsDenominatorsBeyondSixtyFourBits) {
  // 6^30 does not fit in 64 bits; a roll of 30 dice needs it.
  uint128 denominator = 1;
  for (int i = 0; i < 30; ++i) denominator *= 6;
  Probability tiny(1, denominator);
  EXPECT_EQ(to_string(tiny.denominator()), "221073919720733357899776");
  EXPECT_TRUE(fits_power(6, 49));
  EXPECT_FALSE(fits_power(6, 50));
}

}  // namespace
}  // namespace grove
