#include "engine/games/forest_shuffle/scoring.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/games/forest_shuffle/forest.hpp"

namespace grove::forest_shuffle {
namespace {

// Scores the cards of one forest; the census of every forest is at hand for
// the rules that compare.
class ForestScorer {
 public:
  ForestScorer(const Settings& settings, const std::vector<Census>& censuses, std::size_t seat,
               bool explain)
      : book_(settings.book),
        settings_(settings),
        censuses_(censuses),
        census_(censuses[seat]),
        explain_(explain) {}

  ForestScore score(const Player& player) {
    ForestScore sheet;
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const Tree& tree = player.forest[index];
      CardScore entry;
      entry.tree = static_cast<int>(index);
      entry.card = tree.card;
      entry.species = tree_species(book_, tree);
      if (entry.species != kNoSpecies) score_card(entry, tree, nullptr);
      sheet.cards.push_back(entry);
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        for (CardId card : tree.slot(side)) {
          CardScore dweller;
          dweller.tree = static_cast<int>(index);
          dweller.side = side;
          dweller.card = card;
          dweller.species = shown_species(book_, card, side);
          score_card(dweller, tree, &tree.slot(side));
          sheet.cards.push_back(dweller);
        }
      }
    }
    sheet.cave = static_cast<int>(player.cave.size());
    sheet.total = sheet.cave;
    for (const CardScore& entry : sheet.cards) sheet.total += entry.points;
    return sheet;
  }

 private:
  const std::string& name_of(SpeciesId species) const { return book_.species_of(species).name; }

  // Cards of a species, counting the Violet Carpenter Bees at trees of it.
  static int count_of(const Census& census, SpeciesId species) {
    if (species < kTreeSpecies) return census.trees_with_bees[static_cast<std::size_t>(species)];
    return census.species[static_cast<std::size_t>(species)];
  }

  void score_card(CardScore& entry, const Tree& host, const std::vector<CardId>* slot) {
    const Species& species = book_.species_of(entry.species);
    const Scoring& rule = species.scoring;
    switch (rule.kind) {
      case ScoringKind::Flat:
        entry.points = rule.points;
        return;
      case ScoringKind::PerType: {
        const int count = census_.showing(book_, rule.types);
        entry.points = rule.points * count;
        if (explain_)
          entry.why = fmt::format("{} x {} ({})", count, rule.points, types_text(rule.types));
        return;
      }
      case ScoringKind::PerSpecies: {
        const int count = census_.species[static_cast<std::size_t>(rule.species)];
        entry.points = rule.points * count;
        if (explain_)
          entry.why = fmt::format("{} x {} ({})", count, rule.points, name_of(rule.species));
        return;
      }
      case ScoringKind::If:
        score_condition(entry, host, slot);
        return;
      case ScoringKind::Set:
        score_set(entry);
        return;
      case ScoringKind::ButterflySets:
        score_butterflies(entry);
        return;
      case ScoringKind::Majority:
        score_majority(entry);
        return;
      case ScoringKind::PerCardOnTree: {
        const int count = host.dwellers();
        entry.points = rule.points * count;
        if (explain_) entry.why = fmt::format("{} x {} (cards at this tree)", count, rule.points);
        return;
      }
      case ScoringKind::PerFullTree:
        entry.points = rule.points * census_.fully_occupied;
        if (explain_)
          entry.why =
              fmt::format("{} x {} (fully occupied trees)", census_.fully_occupied, rule.points);
        return;
      case ScoringKind::PerOwnSymbol: {
        const SpeciesId symbol = entry.side ? shown_symbol(book_, entry.card, *entry.side)
                                            : book_.card(entry.card).halves[0].symbol;
        const int count = census_.symbols[static_cast<std::size_t>(symbol)];
        entry.points = rule.points * count;
        if (explain_)
          entry.why = fmt::format("{} x {} (cards with the {} symbol)", count, rule.points,
                                  name_of(symbol));
        return;
      }
      case ScoringKind::PerCardInSlot: {
        const int count = census_.in_slots[static_cast<std::size_t>(rule.side)];
        entry.points = rule.points * count;
        if (explain_)
          entry.why = fmt::format("{} x {} (cards {} trees)", count, rule.points,
                                  rule.side == Side::Bottom ? "below"
                                  : rule.side == Side::Top
                                      ? "on top of"
                                      : std::string("at the ") + side_name(rule.side) + " of");
        return;
      }
    }
  }

  void score_condition(CardScore& entry, const Tree& host, const std::vector<CardId>* slot) {
    const Scoring& rule = book_.species_of(entry.species).scoring;
    bool met = false;
    std::string why;
    switch (rule.measure) {
      case Measure::SpeciesCount: {
        const int count = count_of(census_, rule.species);
        met = count >= rule.needs;
        if (explain_)
          why = fmt::format("{}: {}, needs {}", name_of(rule.species), count, rule.needs);
        break;
      }
      case Measure::TreeSpecies:
        met = census_.tree_species >= rule.needs;
        if (explain_)
          why = fmt::format("{} tree species, needs {}", census_.tree_species, rule.needs);
        break;
      case Measure::SpeciesOfType: {
        const int kinds = census_.kinds_showing(book_, rule.types);
        met = kinds >= rule.needs;
        if (explain_)
          why = fmt::format("{} different {} species, needs {}", kinds, types_text(rule.types),
                            rule.needs);
        break;
      }
      case Measure::OppositeSlot: {
        const bool counts = !host.sapling || settings_.sapling_slots_count;
        if (entry.side && counts) {
          const Side across = opposite(*entry.side);
          for (CardId card : host.slot(across)) {
            const SpeciesId there = shown_species(book_, card, across);
            met = met || (book_.species_of(there).types & rule.types) != 0;
          }
        }
        if (explain_)
          why = fmt::format("{} {} on the same tree", met ? "a" : "no", types_text(rule.types));
        if (explain_ && !counts) why += " (a sapling: ruling fs.sapling_slots)";
        break;
      }
      case Measure::HostTree: {
        const SpeciesId on = tree_species(book_, host);
        met = on == rule.species;
        if (explain_)
          why = on == kNoSpecies ? std::string("on a sapling") : fmt::format("on: {}", name_of(on));
        break;
      }
      case Measure::SharedSlot: {
        int same = 0;
        if (slot != nullptr && entry.side) {
          for (CardId card : *slot)
            same += shown_species(book_, card, *entry.side) == entry.species;
        }
        met = same >= 2;
        if (explain_) why = met ? "shares its slot" : "alone in its slot";
        break;
      }
      case Measure::Trees:
        met = census_.all_trees_with_bees >= rule.needs;
        if (explain_)
          why = fmt::format("{} trees, needs {}", census_.all_trees_with_bees, rule.needs);
        break;
    }
    entry.points = met ? rule.points : 0;
    entry.why = std::move(why);
  }

  // Every copy together scores once, on the first card of the species.
  void score_set(CardScore& entry) {
    const Scoring& rule = book_.species_of(entry.species).scoring;
    if (!first_of_kind(entry.species)) {
      if (explain_) entry.why = "counted in its set";
      return;
    }
    const int count = count_of(census_, entry.species);
    const int scored = std::min(count, static_cast<int>(rule.table.size()));
    entry.points = scored > 0 ? rule.table[static_cast<std::size_t>(scored - 1)] : 0;
    if (explain_) entry.why = fmt::format("all {} together: {}", count, entry.points);
  }

  // Butterflies in sets of different species, each card in one set; laying
  // the sets down one layer at a time makes them as large as they can be.
  // All of them score together, on the first butterfly.
  void score_butterflies(CardScore& entry) {
    const Scoring& rule = book_.species_of(entry.species).scoring;
    if (!first_of_kind(kNoSpecies)) {
      if (explain_) entry.why = "counted in the butterfly sets";
      return;
    }
    std::vector<int> copies;
    for (std::size_t id = 0; id < book_.species.size(); ++id) {
      if (book_.species[id].scoring.kind == ScoringKind::ButterflySets && census_.species[id] > 0) {
        copies.push_back(census_.species[id]);
      }
    }
    std::vector<std::string> sets;
    for (int layer = 0;; ++layer) {
      int size = 0;
      for (int count : copies) size += count > layer ? 1 : 0;
      if (size == 0) break;
      const int capped = std::min(size, static_cast<int>(rule.table.size()));
      const int points = rule.table[static_cast<std::size_t>(capped - 1)];
      entry.points += points;
      if (explain_) sets.push_back(fmt::format("{} ({})", size, points));
    }
    if (explain_) entry.why = "sets of " + join(sets, ", ");
  }

  void score_majority(CardScore& entry) {
    const Scoring& rule = book_.species_of(entry.species).scoring;
    auto measure = [&](const Census& census) {
      return rule.measure == Measure::Trees ? census.all_trees_with_bees
                                            : count_of(census, rule.species);
    };
    const int mine = measure(census_);
    int best_other = 0;
    for (const Census& other : censuses_) {
      if (&other != &census_) best_other = std::max(best_other, measure(other));
    }
    const bool most = mine >= best_other;
    entry.points = most ? rule.points : rule.otherwise;
    if (explain_)
      entry.why =
          fmt::format("{}: {}, {} (others at most {})",
                      rule.measure == Measure::Trees ? "trees" : name_of(rule.species), mine,
                      mine > best_other    ? "the most"
                      : mine == best_other ? "tied for the most"
                                           : "beaten",
                      best_other);
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
  const std::vector<Census>& censuses_;
  const Census& census_;
  bool explain_;
  std::vector<SpeciesId> scored_kinds_;
};

std::string card_label(const CardBook& book, const CardScore& entry) {
  if (entry.species == kNoSpecies) return "sapling";
  return book.species_of(entry.species).name;
}

}  // namespace

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
  std::vector<Census> censuses;
  for (const Player& player : position.players) censuses.push_back(take_census(settings, player));
  std::vector<ForestScore> sheets;
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    ForestScorer scorer(settings, censuses, seat, explain);
    sheets.push_back(scorer.score(position.players[seat]));
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

int forest_points(const Settings& settings, const std::vector<const Player*>& players,
                  std::size_t seat) {
  std::vector<Census> censuses;
  censuses.reserve(players.size());
  for (const Player* player : players) censuses.push_back(take_census(settings, *player));
  ForestScorer scorer(settings, censuses, seat, false);
  return scorer.score(*players[seat]).total;
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
