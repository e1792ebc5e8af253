#include "engine/games/forest_shuffle/scoring.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "engine/games/forest_shuffle/forest.hpp"

namespace grove::forest_shuffle {
namespace {

// Cards of a species, counting the Violet Carpenter Bees at trees of it.
int count_of(const Census& census, SpeciesId species) {
  if (species < kTreeSpecies) return census.trees_with_bees[static_cast<std::size_t>(species)];
  return census.species[static_cast<std::size_t>(species)];
}

// Scores the cards of one forest; the census of every forest is at hand for
// the rules that compare.
class ForestScorer {
 public:
  // `own` is the census of the forest scored, `seat`'s (or a changed copy of
  // it); the comparisons look at the others in `censuses`.
  ForestScorer(const Settings& settings, const Census& own, std::span<const Census* const> censuses,
               std::size_t seat)
      : book_(settings.book), settings_(settings), censuses_(censuses), census_(own), seat_(seat) {}

  ForestScore score(const Player& player, bool explain) {
    ForestScore sheet;
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const Tree& tree = player.forest[index];
      CardScore entry;
      entry.tree = static_cast<int>(index);
      entry.card = tree.card;
      entry.species = tree_species(book_, tree);
      if (entry.species != kNoSpecies) {
        entry.points =
            points(entry.species, tree.card, std::nullopt, tree, explain ? &entry.why : nullptr);
      }
      sheet.cards.push_back(entry);
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        for (CardId card : tree.slot(side)) {
          CardScore dweller;
          dweller.tree = static_cast<int>(index);
          dweller.side = side;
          dweller.card = card;
          dweller.species = shown_species(book_, card, side);
          dweller.points =
              points(dweller.species, card, side, tree, explain ? &dweller.why : nullptr);
          sheet.cards.push_back(dweller);
        }
      }
    }
    sheet.cave = static_cast<int>(player.cave.size());
    sheet.total = sheet.cave;
    for (const CardScore& entry : sheet.cards) sheet.total += entry.points;
    return sheet;
  }

  // The sheet's total alone, card by card as score() adds it up, with no
  // sheet to fill: agents score forests by the million.
  int total(const Player& player) {
    int total = static_cast<int>(player.cave.size());
    for (const Tree& tree : player.forest) {
      const SpeciesId host = tree_species(book_, tree);
      if (host != kNoSpecies) total += points(host, tree.card, std::nullopt, tree, nullptr);
      tree.each_dweller([&](Side side, CardId card) {
        total += points(shown_species(book_, card, side), card, side, tree, nullptr);
      });
    }
    return total;
  }

 private:
  const std::string& name_of(SpeciesId species) const { return book_.species_of(species).name; }

  // The points of a visible card of `species` (`card` on `side` of `host`,
  // no side for the tree itself); the reason goes to `why` when asked.
  int points(SpeciesId species, CardId card, std::optional<Side> side, const Tree& host,
             std::string* why) {
    const Scoring& rule = book_.species_of(species).scoring;
    switch (rule.kind) {
      case ScoringKind::Flat:
        return rule.points;
      case ScoringKind::PerType: {
        const int count = census_.showing(book_, rule.types);
        if (why) *why = fmt::format("{} x {} ({})", count, rule.points, types_text(rule.types));
        return rule.points * count;
      }
      case ScoringKind::PerSpecies: {
        const int count = census_.species[static_cast<std::size_t>(rule.species)];
        if (why) *why = fmt::format("{} x {} ({})", count, rule.points, name_of(rule.species));
        return rule.points * count;
      }
      case ScoringKind::If:
        return condition_points(species, side, host, why);
      case ScoringKind::Set:
        return set_points(species, why);
      case ScoringKind::ButterflySets:
        return butterfly_points(rule, why);
      case ScoringKind::Majority:
        return majority_points(rule, why);
      case ScoringKind::PerCardOnTree: {
        const int count = host.dwellers();
        if (why) *why = fmt::format("{} x {} (cards at this tree)", count, rule.points);
        return rule.points * count;
      }
      case ScoringKind::PerFullTree:
        if (why)
          *why = fmt::format("{} x {} (fully occupied trees)", census_.fully_occupied, rule.points);
        return rule.points * census_.fully_occupied;
      case ScoringKind::PerOwnSymbol: {
        const SpeciesId symbol =
            side ? shown_symbol(book_, card, *side) : book_.card(card).halves[0].symbol;
        const int count = census_.symbols[static_cast<std::size_t>(symbol)];
        if (why)
          *why = fmt::format("{} x {} (cards with the {} symbol)", count, rule.points,
                             name_of(symbol));
        return rule.points * count;
      }
      case ScoringKind::PerCardInSlot: {
        const int count = census_.in_slots[static_cast<std::size_t>(rule.side)];
        if (why)
          *why = fmt::format("{} x {} (cards {} trees)", count, rule.points,
                             rule.side == Side::Bottom ? "below"
                             : rule.side == Side::Top
                                 ? "on top of"
                                 : std::string("at the ") + side_name(rule.side) + " of");
        return rule.points * count;
      }
    }
    return 0;
  }

  int condition_points(SpeciesId species, std::optional<Side> side, const Tree& host,
                       std::string* why) {
    const Scoring& rule = book_.species_of(species).scoring;
    bool met = false;
    switch (rule.measure) {
      case Measure::SpeciesCount: {
        const int count = count_of(census_, rule.species);
        met = count >= rule.needs;
        if (why) *why = fmt::format("{}: {}, needs {}", name_of(rule.species), count, rule.needs);
        break;
      }
      case Measure::TreeSpecies:
        met = census_.tree_species >= rule.needs;
        if (why) *why = fmt::format("{} tree species, needs {}", census_.tree_species, rule.needs);
        break;
      case Measure::SpeciesOfType: {
        const int kinds = census_.kinds_showing(book_, rule.types);
        met = kinds >= rule.needs;
        if (why)
          *why = fmt::format("{} different {} species, needs {}", kinds, types_text(rule.types),
                             rule.needs);
        break;
      }
      case Measure::OppositeSlot: {
        const bool counts = !host.sapling || settings_.sapling_slots_count;
        if (side && counts) {
          const Side across = opposite(*side);
          for (CardId card : host.slot(across)) {
            const SpeciesId there = shown_species(book_, card, across);
            met = met || (book_.species_of(there).types & rule.types) != 0;
          }
        }
        if (why) {
          *why = fmt::format("{} {} on the same tree", met ? "a" : "no", types_text(rule.types));
          if (!counts) *why += " (a sapling: ruling fs.sapling_slots)";
        }
        break;
      }
      case Measure::HostTree: {
        const SpeciesId on = tree_species(book_, host);
        met = on == rule.species;
        if (why)
          *why =
              on == kNoSpecies ? std::string("on a sapling") : fmt::format("on: {}", name_of(on));
        break;
      }
      case Measure::SharedSlot: {
        int same = 0;
        if (side) {
          for (CardId card : host.slot(*side)) same += shown_species(book_, card, *side) == species;
        }
        met = same >= 2;
        if (why) *why = met ? "shares its slot" : "alone in its slot";
        break;
      }
      case Measure::Trees:
        met = census_.all_trees_with_bees >= rule.needs;
        if (why) *why = fmt::format("{} trees, needs {}", census_.all_trees_with_bees, rule.needs);
        break;
    }
    return met ? rule.points : 0;
  }

  // Every copy together scores once, on the first card of the species.
  int set_points(SpeciesId species, std::string* why) {
    const Scoring& rule = book_.species_of(species).scoring;
    if (!first_of_kind(species)) {
      if (why) *why = "counted in its set";
      return 0;
    }
    const int count = count_of(census_, species);
    const int scored = std::min(count, static_cast<int>(rule.table.size()));
    const int points = scored > 0 ? rule.table[static_cast<std::size_t>(scored - 1)] : 0;
    if (why) *why = fmt::format("all {} together: {}", count, points);
    return points;
  }

  // Butterflies in sets of different species, each card in one set; laying
  // the sets down one layer at a time makes them as large as they can be.
  // All of them score together, on the first butterfly.
  int butterfly_points(const Scoring& rule, std::string* why) {
    if (!first_of_kind(kNoSpecies)) {
      if (why) *why = "counted in the butterfly sets";
      return 0;
    }
    boost::container::small_vector<int, 16> copies;
    for (std::size_t id = 0; id < book_.species.size(); ++id) {
      if (book_.species[id].scoring.kind == ScoringKind::ButterflySets && census_.species[id] > 0) {
        copies.push_back(census_.species[id]);
      }
    }
    int points = 0;
    std::vector<std::string> sets;
    for (int layer = 0;; ++layer) {
      int size = 0;
      for (int count : copies) size += count > layer ? 1 : 0;
      if (size == 0) break;
      const int capped = std::min(size, static_cast<int>(rule.table.size()));
      const int layer_points = rule.table[static_cast<std::size_t>(capped - 1)];
      points += layer_points;
      if (why) sets.push_back(fmt::format("{} ({})", size, layer_points));
    }
    if (why) *why = "sets of " + join(sets, ", ");
    return points;
  }

  int majority_points(const Scoring& rule, std::string* why) const {
    const int mine = majority_measure(rule, census_);
    int best_other = 0;
    for (std::size_t other = 0; other < censuses_.size(); ++other) {
      if (other != seat_)
        best_other = std::max(best_other, majority_measure(rule, *censuses_[other]));
    }
    const bool most = mine >= best_other;
    if (why)
      *why = fmt::format("{}: {}, {} (others at most {})",
                         rule.measure == Measure::Trees ? "trees" : name_of(rule.species), mine,
                         mine > best_other    ? "the most"
                         : mine == best_other ? "tied for the most"
                                              : "beaten",
                         best_other);
    return most ? rule.points : rule.otherwise;
  }

  // Whether this is the first card of a kind scored together (a species, or
  // kNoSpecies for all butterflies); marks the kind as scored.
  bool first_of_kind(SpeciesId kind) {
    if (std::find(scored_kinds_.begin(), scored_kinds_.end(), kind) != scored_kinds_.end()) {
      return false;
    }
    scored_kinds_.push_back(kind);
    return true;
  }

  const CardBook& book_;
  const Settings& settings_;
  std::span<const Census* const> censuses_;
  const Census& census_;
  std::size_t seat_;
  // The kinds scored so far; a forest has a handful, kept in place.
  boost::container::small_vector<SpeciesId, 16> scored_kinds_;
};

std::string card_label(const CardBook& book, const CardScore& entry) {
  if (entry.species == kNoSpecies) return "sapling";
  return book.species_of(entry.species).name;
}

}  // namespace

int majority_measure(const Scoring& rule, const Census& census) {
  return rule.measure == Measure::Trees ? census.all_trees_with_bees
                                        : count_of(census, rule.species);
}

std::vector<int> ForestScore::by_species(std::size_t species_count) const {
  std::vector<int> points(species_count, 0);
  for (const CardScore& entry : cards) {
    if (entry.species != kNoSpecies)
      points[static_cast<std::size_t>(entry.species)] += entry.points;
  }
  return points;
}

std::vector<ForestScore> score_forests(const Settings& settings, const Position& position,
                                       bool explain) {
  Censuses censuses;
  for (const Player& player : position.players) censuses.push_back(take_census(settings, player));
  CensusRefs all;
  for (const Census& census : censuses) all.push_back(&census);
  std::vector<ForestScore> sheets;
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    ForestScorer scorer(settings, censuses[seat], {all.data(), all.size()}, seat);
    sheets.push_back(scorer.score(position.players[seat], explain));
  }
  return sheets;
}

std::vector<int> final_scores(const Settings& settings, const Position& position) {
  std::vector<int> totals;
  for (const ForestScore& sheet : score_forests(settings, position, false)) {
    totals.push_back(sheet.total);
  }
  return totals;
}

int forest_points(const Settings& settings, const Player& player, const Census& own,
                  std::span<const Census* const> censuses, std::size_t seat) {
  return ForestScorer(settings, own, censuses, seat).total(player);
}

std::string score_sheet_text(const Settings& settings, const Position& position) {
  const CardBook& book = settings.book;
  const std::vector<ForestScore> sheets = score_forests(settings, position, true);
  std::string text;
  for (std::size_t seat = 0; seat < sheets.size(); ++seat) {
    const ForestScore& sheet = sheets[seat];
    text += fmt::format("{}: {} points\n", seat_label(static_cast<Seat>(seat)), sheet.total);
    for (const CardScore& entry : sheet.cards) {
      const std::string where = entry.side ? fmt::format("   {:<6}", side_name(*entry.side))
                                           : fmt::format("tree {:<4}", entry.tree + 1);
      text += fmt::format("  {} {:<26} {:>3}{}\n", where, card_label(book, entry), entry.points,
                          entry.why.empty() ? "" : "  " + entry.why);
    }
    text += fmt::format("  cave      {:<26} {:>3}\n", cards_word(sheet.cave), sheet.cave);
  }
  return text;
}

}  // namespace grove::forest_shuffle
