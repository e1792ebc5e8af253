#pragma once
// Everything on the table in a game of Pass the Pandas.

#include <boost/container/static_vector.hpp>
#include <cstdint>

#include "engine/core/hash.hpp"
#include "engine/core/seat.hpp"

namespace grove::pass_the_pandas {

// Where the current turn stands. The water, the bamboo challenge and the end
// of the turn happen by themselves; only these steps wait for someone.
enum class Step : std::uint8_t {
  Roll,        // chance: the player rolls all their dice
  PassPandas,  // the player gives each panda die to another player
  Bamboozle,   // Bamboozled variant: exchange all dice with another player, or not
  Over,        // the game has ended
};

struct Faces {
  int water = 0;
  int panda = 0;
  int bamboo = 0;
  int blank = 0;

  int total() const { return water + panda + bamboo + blank; }
  bool operator==(const Faces&) const = default;
};

struct Player {
  int dice = 0;
  // Bamboo shown by this player's latest roll in this round; -1 before their
  // first roll. The next player's challenge is measured against it.
  int bamboo_rolled = -1;
  // Bamboo dice the previous player handed over in this player's latest
  // challenge (only the set_aside reading of the challenge counts them).
  int bamboo_received = 0;
  int place = 0;   // finishing place in this round; 0 while still playing
  int points = 0;  // Panda-monium points over all rounds

  bool still_in() const { return place == 0; }
  bool operator==(const Player&) const = default;
};

inline constexpr int kMaxPlayers = 5;

struct Position {
  // At most five players (the box holds 20 dice); held in place so that a
  // position is copied and created without touching the heap.
  boost::container::static_vector<Player, kMaxPlayers> players;
  Seat turn = 0;
  Seat starter = 0;         // who began this round
  Seat previous = kNoSeat;  // who took the turn before this one, this round
  Step step = Step::Roll;
  Faces roll;  // this turn's roll (all zero before it)
  int pandas_to_pass = 0;
  bool challenge_settled = false;
  int removed = 0;  // dice the water took out of this round
  int round = 1;    // Panda-monium rounds; 1 otherwise

  bool operator==(const Position&) const = default;
  void hash_into(Hasher& hasher) const;

  int players_still_in() const;
  int dice_in_play() const;
};

}  // namespace grove::pass_the_pandas
