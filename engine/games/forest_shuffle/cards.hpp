#pragma once
// Forest Shuffle's cards as data (forest_shuffle_rulebook.md, "Components",
// "Playing a Card", "Effect and Bonus", "Scoring"). The species and the split
// cards come from cards.yaml, compiled in; the engine knows the *kinds* of
// effects and scoring rules, never a species by name, so a variant or an
// edited file can change any card's numbers.
//
// Cards are handled by design, not by physical copy: the eight tree species
// are designs 0..7 (a Linden is a Linden), and each of the 92 split cards is
// its own design (no two show the same halves with the same tree symbols).
// Piles and hands are multisets of designs.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grove::forest_shuffle {

// Where a split card's half sits on a tree.
enum class Side : std::uint8_t { Top, Bottom, Left, Right };
inline constexpr int kSides = 4;
inline constexpr std::array<const char*, kSides> kSideNames = {"top", "bottom", "left", "right"};
inline const char* side_name(Side side) { return kSideNames[static_cast<std::size_t>(side)]; }
inline Side opposite(Side side) {
  return static_cast<Side>(static_cast<int>(side) ^ 1);  // top<->bottom, left<->right
}
std::optional<Side> parse_side(std::string_view text);

// Type symbols, as a bit set.
using Types = std::uint16_t;
enum TypeBit : Types {
  kTree = 1 << 0,
  kBird = 1 << 1,
  kBat = 1 << 2,
  kButterfly = 1 << 3,
  kInsect = 1 << 4,
  kPawedAnimal = 1 << 5,
  kClovenHoofedAnimal = 1 << 6,
  kDeer = 1 << 7,
  kAmphibian = 1 << 8,
  kPlant = 1 << 9,
  kMushroom = 1 << 10,
};
inline constexpr int kTypeCount = 11;
inline constexpr std::array<const char*, kTypeCount> kTypeNames = {
    "tree", "bird",      "bat",   "butterfly", "insect", "pawed_animal", "cloven_hoofed_animal",
    "deer", "amphibian", "plant", "mushroom"};
std::string types_text(Types types);  // "cloven_hoofed_animal, deer"
std::string cards_word(int count);    // "1 card", "3 cards"

// Species 0..7 are the tree species, in the order of cards.yaml; the tree
// symbol on a card is a tree species.
using SpeciesId = std::int16_t;
inline constexpr SpeciesId kNoSpecies = -1;
inline constexpr int kTreeSpecies = 8;

// A card design: 0..7 the tree cards of species 0..7, then the split cards in
// the order of cards.yaml.
using CardId = std::int16_t;
inline constexpr CardId kNoCard = -1;

// Effects, bonuses and the permanent rules of a few species.
enum class AbilityKind : std::uint8_t {
  Draw,            // draw `count` cards from the deck
  DrawPer,         // draw one per card of `species` (or showing `types`) in the forest
  ExtraTurn,       // take another turn after this one
  PlayFree,        // place up to `count` (0: any number) cards showing `types` for free
  ClearingToCave,  // every card in the clearing goes under the cave
  HandToCave,      // any hand cards under the cave, then draw as many
  PlayPaying,      // play any number of hand cards, paying their cost
  ShareSlot,       // permanent: `count` (0: any number) of this species share a slot
  CountsAsTree,    // permanent: counts as one more tree of its host's species
  DrawWhenPlayed,  // mushroom: draw 1 whenever you play a card showing `types`
  DrawWhenPlaced,  // mushroom: draw 1 whenever you place a card on `side` of a tree
};

struct Ability {
  AbilityKind kind = AbilityKind::Draw;
  int count = 0;
  Types types = 0;
  SpeciesId species = kNoSpecies;
  Side side = Side::Top;

  bool permanent() const;
};

enum class ScoringKind : std::uint8_t {
  Flat,           // `points`
  PerType,        // `points` per forest card showing any of `types`
  PerSpecies,     // `points` per forest card of `species`
  If,             // `points` when `condition` holds, else 0
  Set,            // all copies together: table[n - 1] (n capped at the table's size)
  ButterflySets,  // the forest's butterflies in sets of different species: table[size - 1] each
  Majority,       // `points` when no other forest has more of `measure`, else `otherwise`
  PerCardOnTree,  // `points` per card in the slots of its own tree
  PerFullTree,    // `points` per tree with a card on each side
  PerOwnSymbol,   // `points` per forest card showing this half's tree symbol
  PerCardInSlot,  // `points` per card on `side` of any tree
};

// What an If rule or a Majority compares.
enum class Measure : std::uint8_t {
  SpeciesCount,   // cards of `species` (Violet Carpenter Bees at that tree species count too)
  TreeSpecies,    // different tree species
  SpeciesOfType,  // different species showing `types`
  OppositeSlot,   // a card showing `types` in the opposite slot of the same tree
  HostTree,       // the host tree is of `species`
  SharedSlot,     // another card of its own species shares its slot
  Trees,          // trees, saplings included (and Violet Carpenter Bees)
};

struct Scoring {
  ScoringKind kind = ScoringKind::Flat;
  int points = 0;
  int otherwise = 0;  // Majority
  Types types = 0;
  SpeciesId species = kNoSpecies;
  Measure measure = Measure::SpeciesCount;
  int needs = 0;  // If: the measure must reach this
  Side side = Side::Top;
  std::vector<int> table;  // Set, ButterflySets
};

struct Species {
  std::string id;    // "european_hare"
  std::string name;  // "European Hare"
  bool tree = false;
  std::uint8_t sides = 0;  // split species: bit per Side it can be played to
  int copies = 0;          // tree species: tree cards in the game
  int cost = 0;
  Types types = 0;
  std::vector<Ability> effect;  // instant effect, or the permanent rule
  std::vector<Ability> bonus;
  Scoring scoring;

  bool on_side(Side side) const { return (sides >> static_cast<int>(side) & 1) != 0; }
  // Inline: the forest's census asks it of every card it counts.
  const Ability* permanent(AbilityKind kind) const {
    for (const auto& ability : effect) {
      if (ability.kind == kind) return &ability;
    }
    return nullptr;
  }
};

// One half of a split card (or the whole of a tree card, on no side).
struct Half {
  SpeciesId species = kNoSpecies;
  SpeciesId symbol = kNoSpecies;  // the tree symbol it shows
};

struct Card {
  std::string code;  // "LR01", or the tree species' id for a tree card
  bool tree = false;
  std::array<Half, kSides> halves{};  // trees: halves[0] holds the species and symbol, on no side
  int copies = 1;

  const Half& half(Side side) const { return halves[static_cast<std::size_t>(side)]; }
  bool has_side(Side side) const { return !tree && half(side).species != kNoSpecies; }
  // Whether any half (a tree: the card) shows the tree symbol.
  bool shows_symbol(SpeciesId symbol) const;
};

class CardBook {
 public:
  std::vector<Species> species;
  std::vector<Card> cards;
  int winter_cards = 3;

  const Species& species_of(SpeciesId id) const { return species[static_cast<std::size_t>(id)]; }
  const Card& card(CardId id) const { return cards[static_cast<std::size_t>(id)]; }
  SpeciesId find_species(std::string_view id) const;  // kNoSpecies when unknown
  CardId find_card(std::string_view code) const;      // kNoCard when unknown
  // The species shown when the card is played as a tree or on `side`.
  SpeciesId species_played(CardId card, std::optional<Side> side) const;
  // "LR01 (European Hare | European Badger)", "Linden".
  std::string card_name(CardId card) const;
  int total_cards() const;  // copies of every design (no winter cards)
};

// The book compiled into grove from cards.yaml.
const CardBook& base_card_book();
// Reads a card file's text; throws InputError naming `label`, the line and
// the key for anything malformed.
CardBook parse_card_book(const std::string& text, const std::string& label);

}  // namespace grove::forest_shuffle
