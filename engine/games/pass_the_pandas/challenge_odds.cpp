#include "engine/games/pass_the_pandas/challenge_odds.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <cstddef>

namespace grove::pass_the_pandas {

ChallengeOdds::ChallengeOdds(int most_dice, double bamboo) : most_dice_(std::max(most_dice, 0)) {
  const auto size = static_cast<std::size_t>(most_dice_) + 1;
  // Row n: the chance of each number of bamboo among n dice.
  std::vector<std::vector<double>> bamboo_among(size);
  for (std::size_t dice = 0; dice < size; ++dice) {
    bamboo_among[dice].resize(dice + 1);
    const boost::math::binomial_distribution<double> roll(static_cast<double>(dice), bamboo);
    for (std::size_t shown = 0; shown <= dice; ++shown) {
      bamboo_among[dice][shown] = boost::math::pdf(roll, static_cast<double>(shown));
    }
  }
  shown_.assign(size * size, 0.0);
  for (std::size_t to_match = 0; to_match < size; ++to_match) {
    for (std::size_t dice = 0; dice < size; ++dice) {
      double expected = 0;
      for (std::size_t shown = 0; shown < to_match && shown <= dice; ++shown) {
        expected += bamboo_among[dice][shown] * static_cast<double>(to_match - shown);
      }
      shown_[to_match * size + dice] = expected;
    }
  }
  rolled_.assign(size * size, 0.0);
  for (std::size_t giver = 0; giver < size; ++giver) {
    for (std::size_t dice = 0; dice < size; ++dice) {
      double expected = 0;
      for (std::size_t to_match = 1; to_match <= giver; ++to_match) {
        expected += bamboo_among[giver][to_match] * shown_[to_match * size + dice];
      }
      rolled_[giver * size + dice] = expected;
    }
  }
}

namespace {

// Hands beyond the table (a variant's dice all in one hand is the most
// there can be) count as the largest.
std::size_t clamp_to(int value, int most) {
  return static_cast<std::size_t>(std::clamp(value, 0, most));
}

}  // namespace

double ChallengeOdds::against_shown(int to_match, int dice) const {
  const auto size = static_cast<std::size_t>(most_dice_) + 1;
  return shown_[clamp_to(to_match, most_dice_) * size + clamp_to(dice, most_dice_)];
}

double ChallengeOdds::against_roll(int giver_dice, int dice) const {
  const auto size = static_cast<std::size_t>(most_dice_) + 1;
  return rolled_[clamp_to(giver_dice, most_dice_) * size + clamp_to(dice, most_dice_)];
}

}  // namespace grove::pass_the_pandas
