#pragma once
// A second, independent scorer for Forest Shuffle, written for the tests
// from the rulebook and the card appendix species by species, with the type
// symbols spelled out by name instead of read from cards.yaml, and the
// default rulings (a sapling's slots and fullness count, every Violet
// Carpenter Bee adds a tree). The engine's data-driven scorer must agree
// with it on every forest.

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle::testing {

inline const std::set<std::string> kTrees = {"sycamore", "birch",          "beech",  "douglas_fir",
                                             "oak",      "horse_chestnut", "linden", "silver_fir"};
inline const std::set<std::string> kBats = {"barbastelle_bat", "bechsteins_bat",
                                            "brown_long_eared_bat", "greater_horseshoe_bat"};
inline const std::set<std::string> kButterflies = {"camberwell_beauty", "large_tortoiseshell",
                                                   "peacock_butterfly", "purple_emperor",
                                                   "silver_washed_fritillary"};
inline const std::set<std::string> kInsects = {"camberwell_beauty",
                                               "large_tortoiseshell",
                                               "peacock_butterfly",
                                               "purple_emperor",
                                               "silver_washed_fritillary",
                                               "fireflies",
                                               "gnat",
                                               "stag_beetle",
                                               "wood_ant",
                                               "violet_carpenter_bee"};
inline const std::set<std::string> kBirds = {
    "bullfinch", "chaffinch", "eurasian_jay", "goshawk", "great_spotted_woodpecker", "tawny_owl"};
inline const std::set<std::string> kPawed = {"beech_marten",
                                             "brown_bear",
                                             "european_badger",
                                             "european_fat_dormouse",
                                             "european_hare",
                                             "lynx",
                                             "raccoon",
                                             "red_fox",
                                             "wolf",
                                             "hedgehog",
                                             "mole",
                                             "red_squirrel"};
inline const std::set<std::string> kClovenHoofed = {"fallow_deer", "red_deer", "roe_deer",
                                                    "squeaker", "wild_boar"};
inline const std::set<std::string> kDeer = {"fallow_deer", "red_deer", "roe_deer"};
inline const std::set<std::string> kAmphibians = {"common_toad", "fire_salamander", "pond_turtle",
                                                  "tree_frog"};
inline const std::set<std::string> kPlants = {"blackberries", "moss", "tree_ferns",
                                              "wild_strawberries"};

// One forest as names: each tree's species ("" for a sapling) and the
// species in each of its slots.
struct NamedTree {
  std::string species;
  std::array<std::vector<std::string>, kSides> slots;
  std::array<std::vector<std::string>, kSides> symbols;
};

inline std::vector<NamedTree> named_forest(const CardBook& book, const Player& player) {
  std::vector<NamedTree> forest;
  for (const Tree& tree : player.forest) {
    NamedTree named;
    if (!tree.sapling) named.species = book.species_of(book.card(tree.card).halves[0].species).id;
    for (int s = 0; s < kSides; ++s) {
      for (CardId card : tree.slot(static_cast<Side>(s))) {
        const Half& half = book.card(card).halves[static_cast<std::size_t>(s)];
        named.slots[static_cast<std::size_t>(s)].push_back(book.species_of(half.species).id);
        named.symbols[static_cast<std::size_t>(s)].push_back(book.species_of(half.symbol).id);
      }
    }
    forest.push_back(named);
  }
  return forest;
}

struct Counts {
  std::vector<std::string> visible;  // every visible species, a card each
  int trees = 0;                     // trees and saplings
  int bees = 0;
  int count(const std::string& species) const {
    return static_cast<int>(std::count(visible.begin(), visible.end(), species));
  }
  int count_in(const std::set<std::string>& kinds) const {
    int total = 0;
    for (const std::string& species : visible) total += kinds.count(species) > 0 ? 1 : 0;
    return total;
  }
  int kinds_in(const std::set<std::string>& kinds) const {
    int total = 0;
    for (const std::string& kind : kinds) total += count(kind) > 0 ? 1 : 0;
    return total;
  }
};

inline Counts counts_of(const std::vector<NamedTree>& forest) {
  Counts counts;
  for (const NamedTree& tree : forest) {
    ++counts.trees;
    if (!tree.species.empty()) counts.visible.push_back(tree.species);
    for (const auto& slot : tree.slots) {
      for (const std::string& species : slot) {
        counts.visible.push_back(species);
        if (species == "violet_carpenter_bee") ++counts.bees;
      }
    }
  }
  return counts;
}

// Trees of a species with the bees at them.
inline int with_bees(const std::vector<NamedTree>& forest, const std::string& species) {
  int total = 0;
  for (const NamedTree& tree : forest) {
    if (tree.species != species) continue;
    ++total;
    for (const auto& slot : tree.slots) {
      total += static_cast<int>(std::count(slot.begin(), slot.end(), "violet_carpenter_bee"));
    }
  }
  return total;
}

inline std::vector<int> reference_scores(const CardBook& book, const Position& position) {
  std::vector<std::vector<NamedTree>> forests;
  std::vector<Counts> counts;
  for (const Player& player : position.players) {
    forests.push_back(named_forest(book, player));
    counts.push_back(counts_of(forests.back()));
  }
  std::vector<int> scores;
  for (std::size_t seat = 0; seat < forests.size(); ++seat) {
    const std::vector<NamedTree>& forest = forests[seat];
    const Counts& mine = counts[seat];
    int best_lindens = 0, best_trees = 0;
    for (std::size_t other = 0; other < forests.size(); ++other) {
      if (other == seat) continue;
      best_lindens = std::max(best_lindens, with_bees(forests[other], "linden"));
      best_trees = std::max(best_trees, counts[other].trees + counts[other].bees);
    }
    const int all_trees = mine.trees + mine.bees;
    const int species_of_trees = mine.kinds_in(kTrees);
    int full = 0;
    int below = 0;
    for (const NamedTree& tree : forest) {
      full += std::all_of(tree.slots.begin(), tree.slots.end(),
                          [](const auto& slot) { return !slot.empty(); })
                  ? 1
                  : 0;
      below += static_cast<int>(tree.slots[static_cast<std::size_t>(Side::Bottom)].size());
    }
    int score = static_cast<int>(position.players[seat].cave.size());
    const auto symbol_count = [&](const std::string& symbol) {
      int total = 0;
      for (const NamedTree& tree : forest) {
        total += tree.species == symbol ? 1 : 0;
        for (const auto& slot : tree.symbols) {
          total += static_cast<int>(std::count(slot.begin(), slot.end(), symbol));
        }
      }
      return total;
    };
    for (const NamedTree& tree : forest) {
      const std::string& t = tree.species;
      if (t == "sycamore") score += mine.trees;
      if (t == "birch") score += 1;
      if (t == "beech") score += with_bees(forest, "beech") >= 4 ? 5 : 0;
      if (t == "douglas_fir") score += 5;
      if (t == "oak") score += species_of_trees == 8 ? 10 : 0;
      if (t == "linden") score += with_bees(forest, "linden") >= best_lindens ? 3 : 1;
      if (t == "silver_fir") {
        for (const auto& slot : tree.slots) score += 2 * static_cast<int>(slot.size());
      }
      for (int s = 0; s < kSides; ++s) {
        const auto& slot = tree.slots[static_cast<std::size_t>(s)];
        for (std::size_t i = 0; i < slot.size(); ++i) {
          const std::string& d = slot[i];
          if (kBats.count(d) > 0) score += mine.kinds_in(kBats) >= 3 ? 5 : 0;
          if (d == "beech_marten") score += 5 * full;
          if (d == "european_badger") score += 2;
          if (d == "european_fat_dormouse") {
            const auto& across = tree.slots[static_cast<std::size_t>(s ^ 1)];
            score += std::any_of(across.begin(), across.end(),
                                 [](const std::string& x) { return kBats.count(x) > 0; })
                         ? 15
                         : 0;
          }
          if (d == "european_hare") score += mine.count("european_hare");
          if (d == "fallow_deer") score += 3 * mine.count_in(kClovenHoofed);
          if (d == "gnat") score += mine.count_in(kBats);
          if (d == "lynx") score += mine.count("roe_deer") > 0 ? 10 : 0;
          if (d == "red_deer") score += mine.trees + mine.count_in(kPlants);
          if (d == "red_fox") score += 2 * mine.count("european_hare");
          if (d == "roe_deer") {
            score += 3 * symbol_count(tree.symbols[static_cast<std::size_t>(s)][i]);
          }
          if (d == "squeaker") score += 1;
          if (d == "wild_boar") score += mine.count("squeaker") > 0 ? 10 : 0;
          if (d == "wolf") score += 5 * mine.count_in(kDeer);
          if (d == "blackberries") score += 2 * mine.count_in(kPlants);
          if (d == "bullfinch") score += 2 * mine.count_in(kInsects);
          if (d == "chaffinch") score += t == "beech" ? 5 : 0;
          if (d == "common_toad") {
            score += std::count(slot.begin(), slot.end(), "common_toad") == 2 ? 5 : 0;
          }
          if (d == "eurasian_jay") score += 3;
          if (d == "goshawk") score += 3 * mine.count_in(kBirds);
          if (d == "great_spotted_woodpecker") score += all_trees >= best_trees ? 10 : 0;
          if (d == "hedgehog") score += 2 * mine.count_in(kButterflies);
          if (d == "moss") score += all_trees >= 10 ? 10 : 0;
          if (d == "pond_turtle") score += 5;
          if (d == "red_squirrel") score += t == "oak" ? 5 : 0;
          if (d == "stag_beetle") score += mine.count_in(kPawed);
          if (d == "tawny_owl") score += 5;
          if (d == "tree_ferns") score += 6 * mine.count_in(kAmphibians);
          if (d == "tree_frog") score += 5 * mine.count("gnat");
          if (d == "wild_strawberries") score += species_of_trees == 8 ? 10 : 0;
          if (d == "wood_ant") score += 2 * below;
        }
      }
    }
    // The cards scored once for all their copies.
    const int chestnuts = std::min(with_bees(forest, "horse_chestnut"), 7);
    score += chestnuts * chestnuts;
    const std::array<int, 4> fireflies = {0, 10, 15, 20};
    if (mine.count("fireflies") > 0) score += fireflies[std::min(mine.count("fireflies"), 4) - 1];
    const std::array<int, 3> salamanders = {5, 15, 25};
    if (mine.count("fire_salamander") > 0) {
      score += salamanders[std::min(mine.count("fire_salamander"), 3) - 1];
    }
    // Butterflies: take one of each species still left as a set, again and
    // again.
    const std::array<int, 5> sets = {0, 3, 6, 12, 20};
    std::vector<int> left;
    for (const std::string& kind : kButterflies) left.push_back(mine.count(kind));
    for (;;) {
      int size = 0;
      for (int& copies : left) {
        if (copies > 0) {
          --copies;
          ++size;
        }
      }
      if (size == 0) break;
      score += sets[static_cast<std::size_t>(size - 1)];
    }
    scores.push_back(score);
  }
  return scores;
}

}  // namespace grove::forest_shuffle::testing
