#include "engine/games/forest_shuffle/forest.hpp"

#include <bit>

namespace grove::forest_shuffle {

int Census::showing(const CardBook& book, Types types) const {
  // One symbol (nearly every rule asks for one) was counted as the forest
  // was taken in.
  if ((types & (types - 1)) == 0 && types != 0) {
    return by_type[static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(types)))];
  }
  int total = (types & kTree) != 0 ? saplings : 0;
  for (std::size_t id = 0; id < species.size(); ++id) {
    if ((book.species[id].types & types) != 0) total += species[id];
  }
  return total;
}

int Census::kinds_showing(const CardBook& book, Types types) const {
  // One symbol (the bats' rule asks for one) was counted as the forest was
  // taken in.
  if ((types & (types - 1)) == 0 && types != 0) {
    return kinds_by_type[static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(types)))];
  }
  int kinds = 0;
  for (std::size_t id = 0; id < species.size(); ++id) {
    if ((book.species[id].types & types) != 0 && species[id] > 0) ++kinds;
  }
  return kinds;
}

Census take_census(const Settings& settings, const Player& player) {
  const CardBook& book = settings.book;
  Census census;
  census.species.assign(book.species.size(), 0);
  // A visible card counts for its species and for each type symbol it
  // shows, counted as it is met: agents take censuses by the million.
  const auto show = [&](SpeciesId id) {
    const bool first = census.species[static_cast<std::size_t>(id)]++ == 0;
    constexpr unsigned kKnownTypes = (1U << kTypeCount) - 1;
    for (unsigned types = book.species_of(id).types & kKnownTypes; types != 0; types &= types - 1) {
      const auto type = static_cast<std::size_t>(std::countr_zero(types));
      ++census.by_type[type];
      if (first) ++census.kinds_by_type[type];
    }
  };
  for (const Tree& tree : player.forest) {
    ++census.trees;
    const SpeciesId host = tree_species(book, tree);
    if (host == kNoSpecies) {
      ++census.saplings;
      ++census.by_type[0];  // a sapling shows the tree symbol
    } else {
      show(host);
      ++census.trees_with_bees[static_cast<std::size_t>(host)];
      ++census.symbols[static_cast<std::size_t>(host)];
    }
    // A sapling's slots and fullness count where the rulings say so.
    const bool slots_count = !tree.sapling || settings.sapling_slots_count;
    tree.each_dweller([&](Side side, CardId card) {
      const SpeciesId shown = shown_species(book, card, side);
      show(shown);
      ++census.symbols[static_cast<std::size_t>(shown_symbol(book, card, side))];
      if (slots_count) ++census.in_slots[static_cast<std::size_t>(side)];
      // A Violet Carpenter Bee makes its tree count once more.
      if (book.species_of(shown).permanent(AbilityKind::CountsAsTree) == nullptr) return;
      if (host != kNoSpecies) {
        ++census.trees_with_bees[static_cast<std::size_t>(host)];
        ++census.all_trees_with_bees;
      } else if (settings.bee_on_sapling_counts) {
        ++census.all_trees_with_bees;
      }
    });
    for (int s = 0; s < kSides; ++s) {
      census.empty_slots += tree.slot(static_cast<Side>(s)).empty() ? 1 : 0;
    }
    if (tree.fully_occupied() && (!tree.sapling || settings.full_sapling_counts)) {
      ++census.fully_occupied;
    }
  }
  census.all_trees_with_bees += census.trees;
  for (int tree = 0; tree < kTreeSpecies; ++tree) {
    if (census.species[static_cast<std::size_t>(tree)] > 0) ++census.tree_species;
  }
  return census;
}

bool slot_takes(const CardBook& book, std::span<const CardId> slot, Side side, SpeciesId species) {
  if (slot.empty()) return true;
  const Ability* sharing = book.species_of(species).permanent(AbilityKind::ShareSlot);
  if (sharing == nullptr) return false;
  if (sharing->count != 0 && static_cast<int>(slot.size()) >= sharing->count) return false;
  for (CardId card : slot) {
    if (shown_species(book, card, side) != species) return false;
  }
  return true;
}

}  // namespace grove::forest_shuffle
