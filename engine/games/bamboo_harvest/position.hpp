#pragma once
// Everything on the table in a game of Bamboo Harvest.

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <string>

#include "engine/core/hash.hpp"
#include "engine/core/seat.hpp"
#include "engine/games/bamboo_harvest/cards.hpp"
#include "engine/games/bamboo_harvest/forest.hpp"

namespace grove::bamboo_harvest {

inline constexpr int kMaxPlayers = 4;

// Where the game stands. Steps that need nobody's decision (clearing the
// disturbance token, a harvest with one possible card, the end of a turn)
// happen by themselves; these are the points where somebody decides or a
// card is dealt or drawn.
// Listed in the order they happen within a game and a turn (code compares them).
enum class Step : std::uint8_t {
  DealForest,    // chance: the next forest card, in reading order
  DealDeeds,     // chance: the next deed card for the next player
  SetupDiscard,  // everyone chooses a discard at the same time (Set Up 6)
  PlaceTokens,   // the 1,2,3,3,2,1 placements (Set Up 7)
  Build,         // turn step 1
  Swap,          // turn step 2
  BuyBefore,     // the optional buy, when ruling bh.buy_timing says before the harvest
  Harvest,       // turn step 3: a token with a choice of cards
  Buy,           // the optional buy, after the harvest (the default)
  Redraw,        // ruling bh.redraw_timing=any_drawn_this_turn: redraw one card drawn this turn
  Discard,       // turn step 4: down to the hand limit
  Reveal,        // turn step 4: lay face-down deeds face up
  Over,
};

// How a step is called wherever it shows: the YAML form ("build"), reasons
// ("P1 is at the build step"), summaries ("P1 to build") and the moves that
// the step expects.
struct StepWords {
  Step step;
  const char* key;    // in the YAML form
  const char* name;   // in reasons
  const char* doing;  // after "P1 to", or what chance is doing
  const char* forms;  // the moves expected at the step
};
extern const std::array<StepWords, 13> kSteps;  // in the order of Step
inline const StepWords& words_for(Step step) { return kSteps[static_cast<std::size_t>(step)]; }

enum class CellState : std::uint8_t {
  Vacant,     // face up, no token
  Built,      // face down under its owner's token
  Disturbed,  // face up under a disturbance token (swapped recently)
};

struct Cell {
  Card card = kNoCard;  // kNoCard while the forest is being dealt
  CellState state = CellState::Vacant;
  std::int8_t who = kNoSeat;  // the token's owner (Built, Disturbed)

  bool vacant() const { return card != kNoCard && state == CellState::Vacant; }
  bool operator==(const Cell&) const = default;
};

struct Player {
  int reeds = 0;
  CardSet deeds;    // every deed in hand
  CardSet face_up;  // the ones laid face up (a subset of deeds)
  bool operator==(const Player&) const = default;
};

// How the game ended. Stalled: nobody had anything left to decide, so the
// position would repeat forever; the game is called a draw.
enum class WinKind : std::uint8_t { None, Path, Tokens, MostTokens, Stalled };

// What the player built in the current build step (the winning build must
// not be a wild one, "1. Build").
enum class BuildMade : std::uint8_t { None, Regular, Wild };

struct Position {
  std::array<Cell, kMaxCells> forest{};
  boost::container::static_vector<Player, kMaxPlayers> players;
  CardSet draw_pile;
  CardSet discard_pile;
  CardSet box;  // red cards the forest had no room for, out of the game

  Step step = Step::DealForest;
  Seat turn = 0;
  Seat starter = kNoSeat;
  int setup_moves = 0;     // deals, discards or placements done in this setup step
  CardSet setup_discards;  // chosen but not yet revealed (Set Up 6)
  std::array<std::uint8_t, 3> wild_swaps{};  // swaps made with wildJ, wildQ, wildK
  BuildMade built = BuildMade::None;

  // The turn's progress.
  std::uint64_t harvested = 0;  // token cells that have harvested this turn
  int pending_draws = 0;        // deed draws owed to the turn's player
  int redraws = 0;              // redraws used this turn
  int buys = 0;                 // optional buys made this turn
  Card redraw_offer = kNoCard;  // bh.redraw_timing=just_drawn: the card just drawn
  CardSet drawn;                // deeds drawn this turn (for bh.redraw_timing)

  WinKind won_by = WinKind::None;
  Seat winner = kNoSeat;

  bool operator==(const Position&) const = default;
  void hash_into(Hasher& hasher) const;

  int tokens_of(Seat seat, const Grid& grid) const;
  int disturbances_of(Seat seat, const Grid& grid) const;
};

// A cell as written in the YAML form and on the board: "7H" vacant, "KH:P1"
// built by P1, "9D!P2" under P2's disturbance token, "--" not dealt yet.
std::string cell_code(const Cell& cell);
// One row of the forest, the codes in columns 8 characters wide.
std::string forest_row(const Position& position, const Grid& grid, int row);

// Index of a wild deed in Position::wild_swaps.
inline int wild_index(Card card) { return rank_of(card) - 11; }

}  // namespace grove::bamboo_harvest
