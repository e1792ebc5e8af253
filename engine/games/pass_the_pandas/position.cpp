#include "engine/games/pass_the_pandas/position.hpp"

namespace grove::pass_the_pandas {

namespace {

// Four small fields in one word (16 bits each; every field here is far
// below 65536, and -1 becomes 0): the explorer hashes every state it meets,
// and a third as many bytes hash a third faster.
std::uint64_t pack(int a, int b, int c, int d) {
  const auto lane = [](int value, int shift) {
    return static_cast<std::uint64_t>(static_cast<std::uint16_t>(value + 1)) << shift;
  };
  return lane(a, 0) | lane(b, 16) | lane(c, 32) | lane(d, 48);
}

}  // namespace

void Position::hash_into(Hasher& hasher) const {
  // Written into the hasher at once: the explorer hashes every successor.
  const auto word = [](int value) { return static_cast<std::uint64_t>(std::int64_t{value}); };
  hasher.add_words<4 + 2 * kMaxPlayers>([&](auto put) {
    put(word(static_cast<int>(players.size())));
    for (const Player& player : players) {
      put(pack(player.dice, player.bamboo_rolled, player.bamboo_received, player.place));
      put(word(player.points));
    }
    put(pack(turn, starter, previous, static_cast<int>(step)));
    put(pack(roll.water, roll.panda, roll.bamboo, roll.blank));
    put(pack(pandas_to_pass, challenge_settled ? 1 : 0, removed, round));
  });
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
