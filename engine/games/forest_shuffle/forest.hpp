#pragma once
// What a player's forest shows, counted the way effects and scoring rules
// count it (forest_shuffle_rulebook.md, "Trees", "Tree Sapling", "Animals,
// Plants, and Mushrooms"): only visible halves count; a sapling shows the
// tree type symbol but belongs to no tree species and shows no tree symbol.

#include <array>
#include <boost/container/small_vector.hpp>
#include <boost/container/static_vector.hpp>
#include <vector>

#include "engine/games/forest_shuffle/position.hpp"
#include "engine/games/forest_shuffle/settings.hpp"

namespace grove::forest_shuffle {

// The species a forest card shows: a tree's species, or a split card's half
// on the slot's side. A sapling shows none.
inline SpeciesId tree_species(const CardBook& book, const Tree& tree) {
  return tree.sapling ? kNoSpecies : book.card(tree.card).halves[0].species;
}
inline SpeciesId shown_species(const CardBook& book, CardId card, Side side) {
  return book.card(card).half(side).species;
}
inline SpeciesId shown_symbol(const CardBook& book, CardId card, Side side) {
  return book.card(card).half(side).symbol;
}

// Everything the scoring rules and the drawing effects count, gathered in
// one pass over a forest.
struct Census {
  // Visible cards per species. Agents take a census of every forest at
  // every position they rate, so the base game's species fit in place.
  boost::container::small_vector<int, 64> species;
  int saplings = 0;
  int trees = 0;  // tree cards and saplings
  // Tree counts that Violet Carpenter Bees raise: per tree species, and all
  // trees (fs.bee_on_sapling decides a bee at a sapling).
  std::array<int, kTreeSpecies> trees_with_bees{};
  int all_trees_with_bees = 0;
  int tree_species = 0;                         // different tree species
  std::array<int, kTreeSpecies> symbols{};      // visible cards showing each tree symbol
  int fully_occupied = 0;                       // trees with a card on each side (fs.full_sapling)
  std::array<int, kSides> in_slots{};           // cards on each side of a tree (fs.sapling_slots)
  int empty_slots = 0;                          // slots with no card, saplings' too (for agents)
  std::array<int, kTypeCount> by_type{};        // visible cards showing each type symbol
  std::array<int, kTypeCount> kinds_by_type{};  // different species showing each type symbol

  // Visible cards showing any of `types` (a card with two of them counts
  // once); saplings show the tree symbol.
  int showing(const CardBook& book, Types types) const;
  // Different species showing any of `types`.
  int kinds_showing(const CardBook& book, Types types) const;
};

Census take_census(const Settings& settings, const Player& player);
// Every forest's census, by seat.
using Censuses = boost::container::static_vector<Census, kMaxPlayers>;
// Every forest's census by seat, held elsewhere.
using CensusRefs = boost::container::static_vector<const Census*, kMaxPlayers>;

// Whether a card of `species` may go into that slot now: an empty one, or
// one holding only its own species when the species shares slots, up to its
// limit (Common Toad 2, European Hare any number).
bool slot_takes(const CardBook& book, std::span<const CardId> slot, Side side, SpeciesId species);

}  // namespace grove::forest_shuffle
