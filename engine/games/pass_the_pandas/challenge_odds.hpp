#pragma once
// What a bamboo challenge is expected to hand over (pass_the_pandas.txt,
// "Bamboo Challenge"): the roller is handed the bamboo they fall short of
// the previous player's. The heuristic weighs a player's neighbours by it.

#include <vector>

namespace grove::pass_the_pandas {

class ChallengeOdds {
 public:
  // For hands of up to `most_dice` dice, each die showing bamboo with
  // chance `bamboo`.
  ChallengeOdds(int most_dice, double bamboo);

  // Expected dice handed to a roller of `dice` dice by a previous player
  // who showed `to_match` bamboo.
  double against_shown(int to_match, int dice) const;
  // ... by a previous player who has yet to roll their `giver_dice` dice.
  double against_roll(int giver_dice, int dice) const;

 private:
  int most_dice_;
  std::vector<double> shown_;   // (most_dice_ + 1)^2, by to_match then dice
  std::vector<double> rolled_;  // (most_dice_ + 1)^2, by giver_dice then dice
};

}  // namespace grove::pass_the_pandas
