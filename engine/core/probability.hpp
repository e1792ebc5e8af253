#pragma once
// Exact probabilities of chance outcomes, as reduced fractions. A roll of n
// dice has denominator faces^n, which outgrows 64 bits quickly (6^30), so the
// fraction is held in 128 bits; games check at set-up that their largest
// chance node fits (see fits_power).

#include <cstdint>
#include <string>

namespace grove {

__extension__ typedef unsigned __int128 uint128;

class Probability {
 public:
  constexpr Probability() = default;  // zero
  // numerator/denominator, reduced. Throws std::invalid_argument when the
  // denominator is zero or the fraction exceeds 1.
  Probability(uint128 numerator, uint128 denominator);

  static Probability one() { return Probability(1, 1); }

  uint128 numerator() const { return numerator_; }
  uint128 denominator() const { return denominator_; }
  double to_double() const;
  bool is_zero() const { return numerator_ == 0; }
  bool is_one() const { return numerator_ != 0 && numerator_ == denominator_; }

  // Exact sum; throws std::overflow_error if the common denominator does not
  // fit in 128 bits (never for the outcomes of one chance node, whose
  // denominators all divide the node's own).
  Probability operator+(const Probability& other) const;
  friend bool operator==(const Probability&, const Probability&) = default;

  std::string to_string() const;  // "3/16"

 private:
  uint128 numerator_ = 0;
  uint128 denominator_ = 1;
};

std::string to_string(uint128 value);

// True when base^exponent fits in 127 bits, so fractions with that
// denominator can be multiplied by small factors without overflow.
bool fits_power(std::uint64_t base, int exponent);

}  // namespace grove
