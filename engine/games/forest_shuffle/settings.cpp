// The variant's settings: the card data with the variant's numbers applied,
// the table rules and the rulings, read once.

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/params.hpp"

namespace grove::forest_shuffle {

bool has_points(const Species& species) {
  const ScoringKind kind = species.scoring.kind;
  return kind != ScoringKind::Set && kind != ScoringKind::ButterflySets;
}

bool has_otherwise(const Species& species) { return species.scoring.kind == ScoringKind::Majority; }

bool has_needs(const Species& species) {
  return species.scoring.kind == ScoringKind::If && species.scoring.needs > 0;
}

bool has_table(const Species& species) { return !species.scoring.table.empty(); }

std::string table_param(const Species& species) {
  if (species.scoring.kind == ScoringKind::ButterflySets) return kButterflyTableParam;
  return species.id + "_sets";
}

Settings read_settings(const Variant& variant, int players) {
  Settings s;
  s.book = base_card_book();
  for (auto& card : s.book.cards) {
    card.copies = static_cast<int>(variant.table(kCopiesParam).at(card.code));
  }
  const bool two_bat_kinds = variant.ruling_is("fs.bat_kinds", "two");
  for (auto& species : s.book.species) {
    species.cost = static_cast<int>(variant.table(kCostParam).at(species.id));
    Scoring& scoring = species.scoring;
    if (has_points(species))
      scoring.points = static_cast<int>(variant.table(kPointsParam).at(species.id));
    if (has_otherwise(species)) {
      scoring.otherwise = static_cast<int>(variant.table(kOtherwiseParam).at(species.id));
    }
    if (has_needs(species))
      scoring.needs = static_cast<int>(variant.table(kNeedsParam).at(species.id));
    if (two_bat_kinds && scoring.measure == Measure::SpeciesOfType && scoring.types == kBat) {
      scoring.needs = 2;
    }
    if (has_table(species)) {
      const IntegerTable& table = variant.table(table_param(species));
      for (std::size_t n = 0; n < scoring.table.size(); ++n) {
        scoring.table[n] = static_cast<int>(table.at(std::to_string(n + 1)));
      }
    }
  }
  for (SpeciesId tree = 0; tree < kTreeSpecies; ++tree) {
    s.book.species[static_cast<std::size_t>(tree)].copies = s.book.card(tree).copies;
  }
  s.removed = static_cast<int>(variant.integer_for_players("cards_removed", players));
  s.starting_hand = static_cast<int>(variant.integer("starting_hand"));
  s.hand_limit = static_cast<int>(variant.integer("hand_limit"));
  s.clearing_limit = static_cast<int>(variant.integer("clearing_limit"));
  s.piles = static_cast<int>(variant.integer("piles"));
  s.mulligan = variant.flag("mulligan");
  s.book.winter_cards = static_cast<int>(variant.integer("winter_cards"));

  s.sapling_reveals = variant.ruling_is("fs.sapling_reveal", "reveal");
  s.sapling_slots_count = variant.ruling_is("fs.sapling_slots", "count");
  s.chanterelle_saplings = variant.ruling_is("fs.chanterelle_sapling", "triggers");
  s.full_sapling_counts = variant.ruling_is("fs.full_sapling", "counts");
  s.bee_on_sapling_counts = variant.ruling_is("fs.bee_on_sapling", "counts");
  s.draw_stops_at_limit = variant.ruling_is("fs.draw_hand_limit", "stop");
  s.clearing_every_turn = variant.ruling_is("fs.clearing_extra_turn", "every_turn");
  s.bonus_needs_payment = variant.ruling_is("fs.bonus_unpaid", "no_bonus");
  s.free_plays_trigger = variant.ruling_is("fs.free_play_mushrooms", "triggers");
  s.mole_one_by_one = variant.ruling_is("fs.mole_order", "one_by_one");
  s.mole_saplings = variant.ruling_is("fs.mole_saplings", "allowed");

  const int deck = s.book.total_cards();
  if (s.removed > deck) {
    throw InputError("cards_removed is " + std::to_string(s.removed) + " for " +
                     std::to_string(players) + " players, but the deck has only " +
                     std::to_string(deck) + " cards (copies)");
  }
  if (s.starting_hand > s.hand_limit) {
    throw InputError("starting_hand (" + std::to_string(s.starting_hand) +
                     ") is larger than hand_limit (" + std::to_string(s.hand_limit) + ")");
  }
  return s;
}

ForestShuffleRules::ForestShuffleRules(const Game& game, const Variant& variant, int players)
    : TypedRules(game, variant, players), settings_(read_settings(variant, players)) {}

}  // namespace grove::forest_shuffle
