#include "engine/games/pass_the_pandas/position.hpp"

namespace grove::pass_the_pandas {

void Position::hash_into(Hasher& hasher) const {
  hasher.add(static_cast<int>(players.size()));
  for (const Player& player : players) {
    hasher.add(player.dice).add(player.bamboo_rolled).add(player.bamboo_received);
    hasher.add(player.place).add(player.points);
  }
  hasher.add(turn).add(starter).add(previous).add(static_cast<int>(step));
  hasher.add(roll.water).add(roll.panda).add(roll.bamboo).add(roll.blank);
  hasher.add(pandas_to_pass).add(challenge_settled).add(removed).add(round);
}

int Position::players_still_in() const {
  int count = 0;
  for (const Player& player : players) count += player.still_in() ? 1 : 0;
  return count;
}

int Position::dice_in_play() const {
  int count = 0;
  for (const Player& player : players) count += player.dice;
  return count;
}

}  // namespace grove::pass_the_pandas
