#pragma once
// Everything on the table in a game of Forest Shuffle: the deck (known only
// as what is still unseen and how it is stacked), the clearing, the winter
// cards, the box, every player's hand, forest and cave, and what the current
// turn still has to do.

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/seat.hpp"
#include "engine/games/forest_shuffle/cards.hpp"

namespace grove::forest_shuffle {

inline constexpr int kMaxPlayers = 5;

// A tree or a sapling (a card played face down) and the cards in its four
// slots. A slot holds one card, except that species which share slots
// (Common Toad, European Hare) may stack there; the half of a split card that
// shows is the half on the slot's side.
struct Tree {
  CardId card = kNoCard;
  bool sapling = false;
  // The four slots' cards in one list, slot after slot in side order, each
  // slot sorted; `ends` marks where each side's run ends. One list rather
  // than four, because agents copy forests by the million.
  std::vector<CardId> dwelling;
  std::array<std::uint16_t, kSides> ends{};

  std::span<const CardId> slot(Side side) const {
    const auto s = static_cast<std::size_t>(side);
    const std::size_t begin = s == 0 ? 0 : ends[s - 1];
    return {dwelling.data() + begin, ends[s] - begin};
  }
  // Calls visit(side, card) for each card in the slots, in side order:
  // one pass over the list, nothing at all for a tree with no dwellers.
  template <class Visit>
  void each_dweller(Visit visit) const {
    std::size_t s = 0;
    for (std::size_t at = 0; at < dwelling.size(); ++at) {
      while (at >= ends[s]) ++s;
      visit(static_cast<Side>(s), dwelling[at]);
    }
  }
  // Puts `dweller` into the slot on `side`, keeping the slot sorted.
  void add(Side side, CardId dweller);
  // A card on each of the four sides (forest_shuffle_rulebook.md, "Trees"):
  // each side's run is longer than the one before it ends.
  bool fully_occupied() const {
    return ends[0] > 0 && ends[1] > ends[0] && ends[2] > ends[1] && ends[3] > ends[2];
  }
  int dwellers() const { return static_cast<int>(dwelling.size()); }  // stacked ones each
  bool operator==(const Tree&) const = default;
};

struct Player {
  std::vector<CardId> hand;  // sorted
  std::vector<Tree> forest;  // in the order played: tree 1, tree 2, ...
  std::vector<CardId> cave;  // sorted
  std::vector<CardId>
      mulliganed;  // sorted; returned to the box at set-up, seen only by this player
  // Mushrooms placed during this turn: their permanent effects start with the
  // player's next turn (forest_shuffle_rulebook.md, "Effects").
  std::vector<SpeciesId> dormant;  // sorted
  // The forest's fingerprint (forest_print), kept up as cards are placed:
  // agents rate forests by the hundred thousand and remember the ones they
  // rated before by it (forest_memo.hpp).
  std::uint64_t print = 0;

  // Places a tree card or a sapling (with no dwellers yet) after the last.
  void plant(const Tree& tree);
  // Places `card` into the slot on `side` of tree `index`.
  void place(std::size_t index, Side side, CardId card);

  bool operator==(const Player&) const = default;
};

// A fingerprint of a forest: the sum of one term per card in it, by where
// it lies and which card shows there (a sapling's card shows nothing, so
// it is left out). A card placed adds its term.
std::uint64_t forest_print(std::span<const Tree> forest);
// The term of `card` placed at tree `index`: on `side`, or as the tree
// card itself (not a sapling) when there is no side.
std::uint64_t placement_print(std::size_t index, std::optional<Side> side, CardId card);

// What the game has to do next, front first. Chance and the players act on
// the front task; a task with nothing to decide passes by itself.
enum class TaskKind : std::uint8_t {
  Deal,        // chance: `count` starting cards still to go to `seat`
  Mulligan,    // `seat` may return a starting hand without a tree and draw a new one
  Turn,        // `seat` draws two cards or plays one
  SecondDraw,  // the draw action's second card
  Draw,        // chance: `count` cards still to draw from the deck for `seat`
  Reveal,      // chance: the deck's top card goes face up into the clearing
  Pay,         // `seat` pays for `card`, played to `side` of tree `tree` (side none: a tree)
  Offer,       // `seat` may use `species`' `source` (its effect, bonus, or a mushroom's draw)
  FreePlay,    // `seat` may place `count` more cards showing `types` for free (0: any number)
  Tuck,        // `seat` puts hand cards under the cave; `count` so far (the Raccoon)
  Mole,        // `seat` may play more hand cards, paying for each (the Mole)
  EndTurn,     // the clearing check, then the next turn (or an extra one)
};
inline constexpr int kTaskKinds = 12;

// What an offer lets a player use: the played card's effect or bonus, or an
// active mushroom's draw (written "draw").
enum class Source : std::uint8_t { Effect, Bonus, Mushroom };
inline constexpr std::array<const char*, 3> kSourceNames = {"effect", "bonus", "draw"};
inline const char* source_name(Source source) {
  return kSourceNames[static_cast<std::size_t>(source)];
}

// A slot side in a task or a move: a Side, or none for a tree card.
inline constexpr std::int8_t kNoSide = -1;

struct Task {
  TaskKind kind = TaskKind::Turn;
  Seat seat = kNoSeat;
  Source source = Source::Effect;  // Offer
  SpeciesId species = kNoSpecies;  // Offer: whose ability
  std::int16_t count = 0;          // Deal, Draw, FreePlay, Tuck
  Types types = 0;                 // FreePlay
  CardId card = kNoCard;           // Pay: the card being played
  std::int8_t side = kNoSide;      // Pay
  std::int16_t tree = 0;           // Pay: index of the host in the forest
  bool via_mole = false;           // Pay: played through the Mole's effect

  bool operator==(const Task&) const = default;
};

struct Position {
  // The deck, kept lazily: `unseen` counts the copies of each card design
  // nobody has seen, in the deck or set aside unseen at set-up (`box_unseen`
  // of them), which are all alike to everyone. From the top, the deck is
  // `deck_top` cards (the upper piles), then the bottom pile: `winter_on_top`
  // winter cards on it, then `deck_bottom` cards shuffled with
  // `winter_shuffled` winter cards.
  std::vector<std::int16_t> unseen;
  int deck_top = 0;
  int winter_on_top = 0;
  int deck_bottom = 0;
  int winter_shuffled = 0;
  int box_unseen = 0;
  int winter_revealed = 0;       // set aside next to the clearing
  std::vector<CardId> box;       // seen and returned to the box (emptied clearings); sorted
  std::vector<CardId> clearing;  // sorted

  boost::container::static_vector<Player, kMaxPlayers> players;
  std::vector<Task> tasks;  // front = next
  // The offers of cards played through the Mole, taken up in the order the
  // cards were placed once its plays are done (ruling fs.mole_order).
  std::vector<Task> deferred;
  Seat turn = 0;        // whose turn it is
  int extra_turns = 0;  // extra turns the turn's player has still to take
  bool over = false;

  int unseen_total() const { return deck_top + deck_bottom + box_unseen; }
  int deck_size() const { return deck_top + winter_on_top + deck_bottom + winter_shuffled; }
  Player& player(Seat seat) { return players[static_cast<std::size_t>(seat)]; }
  const Player& player(Seat seat) const { return players[static_cast<std::size_t>(seat)]; }

  bool operator==(const Position&) const = default;
  void hash_into(Hasher& hasher) const;
};

// Copies of each of `designs` card designs somewhere in view: in hands,
// forests, caves, the clearing, the box, or being paid for.
std::vector<int> cards_in_view(const Position& position, std::size_t designs);

// Sorted multisets of card designs (hands, the clearing, the box, caves).
void add_card(std::vector<CardId>& cards, CardId card);
// False (and nothing changed) when the card is not there.
bool remove_card(std::vector<CardId>& cards, CardId card);
int count_card(const std::vector<CardId>& cards, CardId card);

}  // namespace grove::forest_shuffle
