#include "engine/core/probability.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace grove {
namespace {

uint128 gcd(uint128 a, uint128 b) {
  while (b != 0) {
    uint128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

constexpr uint128 kMax = ~uint128{0};

bool mul_overflows(uint128 a, uint128 b) { return a != 0 && b > kMax / a; }

}  // namespace

Probability::Probability(uint128 numerator, uint128 denominator) {
  if (denominator == 0) throw std::invalid_argument("probability with a zero denominator");
  if (numerator > denominator) throw std::invalid_argument("probability above 1");
  if (numerator == 0) {
    numerator_ = 0;
    denominator_ = 1;
    return;
  }
  uint128 divisor = gcd(numerator, denominator);
  numerator_ = numerator / divisor;
  denominator_ = denominator / divisor;
}

double Probability::to_double() const {
  // The same roundings either way; the 64-bit conversion is one instruction
  // where the 128-bit one is a library call (the explorer converts every
  // chance edge's probability).
  if (denominator_ >> 64 == 0) {
    return static_cast<double>(static_cast<std::uint64_t>(numerator_)) /
           static_cast<double>(static_cast<std::uint64_t>(denominator_));
  }
  return static_cast<double>(numerator_) / static_cast<double>(denominator_);
}

Probability Probability::operator+(const Probability& other) const {
  uint128 divisor = gcd(denominator_, other.denominator_);
  uint128 scale_this = other.denominator_ / divisor;
  uint128 scale_other = denominator_ / divisor;
  if (mul_overflows(denominator_, scale_this) || mul_overflows(numerator_, scale_this) ||
      mul_overflows(other.numerator_, scale_other)) {
    throw std::overflow_error("probability sum does not fit in 128 bits");
  }
  uint128 left = numerator_ * scale_this;
  uint128 right = other.numerator_ * scale_other;
  if (left > kMax - right) throw std::overflow_error("probability sum does not fit in 128 bits");
  uint128 denominator = denominator_ * scale_this;
  uint128 numerator = left + right;
  if (numerator > denominator) throw std::invalid_argument("probabilities sum to more than 1");
  return Probability(numerator, denominator);
}

std::string Probability::to_string() const {
  return grove::to_string(numerator_) + "/" + grove::to_string(denominator_);
}

std::string to_string(uint128 value) {
  if (value == 0) return "0";
  std::string digits;
  while (value != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

bool fits_power(std::uint64_t base, int exponent) {
  const uint128 limit = kMax >> 1;
  uint128 value = 1;
  for (int i = 0; i < exponent; ++i) {
    if (base != 0 && value > limit / base) return false;
    value *= base;
  }
  return true;
}

}  // namespace grove
