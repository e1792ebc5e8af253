#pragma once
// Final scoring (forest_shuffle_rulebook.md, "Scoring"; each species' rule
// from cards.yaml): the points of every visible card in a forest, plus one
// per card under the cave. The rules that compare forests (Linden, Great
// Spotted Woodpecker) look at every player's forest.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/position.hpp"
#include "engine/games/forest_shuffle/settings.hpp"

namespace grove::forest_shuffle {

// The points one visible card earns, and why.
struct CardScore {
  int tree = 0;              // the tree's index in the forest (for a dweller: its host's)
  std::optional<Side> side;  // none for the tree itself
  CardId card = kNoCard;
  SpeciesId species = kNoSpecies;  // kNoSpecies for a sapling
  int points = 0;
  std::string why;  // "4 Beeches, needs 4"; filled only when asked to explain
};

struct ForestScore {
  std::vector<CardScore> cards;  // every visible card, tree by tree, in forest order
  int cave = 0;                  // cards under the cave, a point each
  int total = 0;                 // the cards' points and the cave's

  // Points per species (saplings and the cave left out), for reports.
  std::vector<int> by_species(std::size_t species_count) const;
};

// Every player's score sheet. `explain` fills in the reasons (the score
// sheet people read); play and simulations score without words.
std::vector<ForestScore> score_forests(const Settings& settings, const Position& position,
                                       bool explain);
std::vector<int> final_scores(const Settings& settings, const Position& position);
// One forest's total without its sheet, for agents that rate many
// positions: `player` is `seat`'s forest (or a changed copy of it) and
// `own` its census; the rules that compare look at the other forests'
// censuses in `censuses` (every seat's, `seat`'s own left out).
int forest_points(const Settings& settings, const Player& player, const Census& own,
                  std::span<const Census* const> censuses, std::size_t seat);
// What a majority rule compares between forests: its trees, or its cards of
// a species.
int majority_measure(const Scoring& rule, const Census& census);

// The score sheets as text, a block per player with every card's points.
std::string score_sheet_text(const Settings& settings, const Position& position);

}  // namespace grove::forest_shuffle
