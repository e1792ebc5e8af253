// The deck (forest_shuffle_rulebook.md, "Setup", "Winter Cards", "End of
// Game"): what its top card can be and with what probability, drawing it to
// a hand or into the clearing, and the winter cards, the last of which ends
// the game at once.

#include <fmt/format.h>

#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "engine/games/forest_shuffle/scoring.hpp"

namespace grove::forest_shuffle {
namespace {

// Who the front task's card goes to: a seat, or kNoSeat for the clearing.
Seat recipient(const Task& task) { return task.kind == TaskKind::Reveal ? kNoSeat : task.seat; }

// A winter card can come next only from the shuffled part of the bottom pile.
bool winter_may_come(const Position& position) {
  return position.deck_top == 0 && position.winter_on_top == 0 && position.winter_shuffled > 0;
}

}  // namespace

ForestShuffleRules::NextCard ForestShuffleRules::next_card(const Position& position) const {
  if (position.deck_top > 0) return NextCard::Chance;
  if (position.winter_on_top > 0) return NextCard::Winter;  // known to everyone: set-up, step 5
  if (position.deck_bottom == 0) {
    return position.winter_shuffled > 0 ? NextCard::Winter : NextCard::None;
  }
  return NextCard::Chance;
}

void ForestShuffleRules::chance_outcomes_at(const Position& position,
                                            std::vector<ChanceOutcome>& outcomes) const {
  outcomes.clear();
  if (node_at(position).kind != NodeKind::Chance) return;
  const Seat to = recipient(position.tasks.front());
  // Every unseen card is as likely as any other to be the next one, whether
  // the rest lie in the deck or in the box.
  const auto unseen = static_cast<unsigned>(position.unseen_total());
  unsigned not_winter = 1;
  unsigned pile = 1;
  if (winter_may_come(position)) {
    pile = static_cast<unsigned>(position.deck_bottom + position.winter_shuffled);
    not_winter = static_cast<unsigned>(position.deck_bottom);
    outcomes.push_back(
        ChanceOutcome{make_move(kWinter, to),
                      Probability(static_cast<unsigned>(position.winter_shuffled), pile)});
  }
  for (std::size_t card = 0; card < position.unseen.size(); ++card) {
    if (position.unseen[card] == 0) continue;
    const uint128 copies = static_cast<unsigned>(position.unseen[card]);
    outcomes.push_back(ChanceOutcome{make_move(kDeckCard, to, {static_cast<int>(card)}),
                                     Probability(copies * not_winter, uint128{unseen} * pile)});
  }
}

Move ForestShuffleRules::sample_chance_at(const Position& position, Rng& rng) const {
  const Seat to = recipient(position.tasks.front());
  // The same distribution as chance_outcomes(), in two steps.
  if (winter_may_come(position)) {
    const auto pile = static_cast<std::uint64_t>(position.deck_bottom + position.winter_shuffled);
    if (rng.below(pile) < static_cast<std::uint64_t>(position.winter_shuffled)) {
      return make_move(kWinter, to);
    }
  }
  std::uint64_t ticket = rng.below(static_cast<std::uint64_t>(position.unseen_total()));
  for (std::size_t card = 0; card < position.unseen.size(); ++card) {
    const auto copies = static_cast<std::uint64_t>(position.unseen[card]);
    if (ticket < copies) return make_move(kDeckCard, to, {static_cast<int>(card)});
    ticket -= copies;
  }
  throw std::logic_error("forest_shuffle: the unseen cards do not add up to their total");
}

void ForestShuffleRules::take_card(Position& position, CardId card, EventLog* log) const {
  --position.unseen[static_cast<std::size_t>(card)];
  if (position.deck_top > 0) {
    --position.deck_top;
  } else {
    --position.deck_bottom;
  }
  Task& task = position.tasks.front();
  if (task.kind == TaskKind::Reveal) {
    add_card(position.clearing, card);
    record(log, kClauseReveal, position.turn, [&] {
      return EventText{fmt::format("{} is turned face up into the clearing", card_text(card)),
                       {{"card", card_code(card)}}};
    });
    position.tasks.erase(position.tasks.begin());
    return;
  }
  add_card(position.player(task.seat).hand, card);
  --task.count;
  if (log) {
    const bool deal = task.kind == TaskKind::Deal;
    record(log, deal ? kClauseDeal : kClauseDraw, task.seat, [&] {
      return EventText{fmt::format("{} {} {}", seat_label(task.seat), deal ? "is dealt" : "draws",
                                   card_text(card)),
                       {{"card", card_code(card)}}};
    });
  }
}

void ForestShuffleRules::take_winter(Position& position, EventLog* log) const {
  if (position.deck_top == 0 && position.winter_on_top > 0) {
    --position.winter_on_top;
  } else {
    --position.winter_shuffled;
  }
  ++position.winter_revealed;
  const Task& task = position.tasks.front();
  const bool last = position.winter_revealed >= book().winter_cards;
  record(log, kClauseWinter, task.kind == TaskKind::Reveal ? kNoSeat : task.seat, [&] {
    const std::string who = task.kind == TaskKind::Reveal
                                ? std::string("the card turned into the clearing")
                                : seat_label(task.seat) + "'s card";
    return EventText{fmt::format("{} is winter card {} of {}: set aside next to the clearing{}",
                                 who, position.winter_revealed, book().winter_cards,
                                 last ? "" : ", and another card is drawn in its place"),
                     {{"winter", std::to_string(position.winter_revealed)}}};
  });
  // The last winter card ends the game at once, in the middle of whatever
  // was happening (End of Game).
  if (last) end_game(position, log);
}

void ForestShuffleRules::end_game(Position& position, EventLog* log) const {
  position.over = true;
  position.tasks.clear();
  position.deferred.clear();
  if (!log) return;
  const std::vector<ForestScore> sheets = score_forests(settings_, position, true);
  std::vector<std::string> totals;
  for (std::size_t seat = 0; seat < sheets.size(); ++seat) {
    const auto player = static_cast<Seat>(seat);
    totals.push_back(fmt::format("{} {}", seat_label(player), sheets[seat].total));
    for (const CardScore& entry : sheets[seat].cards) {
      const std::string what = entry.species == kNoSpecies ? std::string("sapling")
                                                           : book().species_of(entry.species).id;
      const Placement placement{entry.side, entry.tree};
      const std::string where =
          entry.side ? placement_text(placement) : fmt::format("tree {}", entry.tree + 1);
      record(log, kClauseScore, player, [&] {
        return EventText{
            fmt::format("{}: {} ({}) scores {}{}", seat_label(player),
                        entry.species == kNoSpecies ? "a sapling" : species_name(entry.species),
                        where, entry.points, entry.why.empty() ? "" : ": " + entry.why),
            {{"species", what},
             {"card", card_code(entry.card)},
             {"at", where},
             {"points", std::to_string(entry.points)}}};
      });
    }
    record(log, kClauseScore, player, [&] {
      return EventText{fmt::format("{}: {} cards under the cave score {}", seat_label(player),
                                   sheets[seat].cave, sheets[seat].cave),
                       {{"species", "cave"}, {"points", std::to_string(sheets[seat].cave)}}};
    });
  }
  record(log, kClauseGameOver, kNoSeat, [&] {
    return EventText{fmt::format("the last winter card ends the game: {}", join(totals, ", "))};
  });
}

}  // namespace grove::forest_shuffle
