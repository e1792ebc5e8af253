// The score sheet of a Takenoko position, for `grove score` (Rules::
// score_sheet): every player's completed objectives, card by card, with the
// kind of objective, what the card asked and its points; the Emperor card's
// points for the player holding it; the total; and the places as the end of
// the game would give them.
//
// takenoko_rulebook.md, "End of the game": at the end each player adds up
// the points printed on the objectives they completed, cards still in hand
// count for nothing, and the player who set off the last round holds the
// Emperor card (its points: reference/takenoko components.yaml,
// emperor_card). The highest total wins; equal totals are decided by the
// points of panda objectives, and players still equal share the place.
// The totals and places here are the game's own: each card's points are
// those TakenokoRules::score adds up (objectives.cpp), and the places come
// from outcome_at (settings.cpp), not worked out again.

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>

#include "engine/core/words.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

// Wide enough for the longest card name (gardener-yellow-4-fertilizer).
constexpr int kNameWidth = 28;

std::string seats_text(const std::vector<Seat>& seats) {
  std::vector<std::string> labels;
  for (const Seat seat : seats) labels.push_back(seat_label(seat));
  if (labels.size() <= 1) return join(labels, "");
  const std::string last = labels.back();
  labels.pop_back();
  return join(labels, ", ") + " and " + last;
}

}  // namespace

std::optional<std::string> TakenokoRules::score_sheet_at(const Position& position) const {
  const auto players = static_cast<Seat>(position.players.size());
  const auto& cards = objective_cards();
  std::string text;
  // The tie-break's figure, as the outcome uses it.
  std::vector<int> panda;
  for (Seat seat = 0; seat < players; ++seat) panda.push_back(panda_points(position, seat));
  for (Seat seat = 0; seat < players; ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    std::string lines;
    int total = 0;
    // One line per completed card, in the order of the cards (plot,
    // gardener, panda); a kind completed twice shows twice.
    for (std::size_t id = 0; id < cards.size(); ++id) {
      const ObjectiveCard& card = cards[id];
      for (int copy = 0; copy < player.completed[id]; ++copy) {
        lines += fmt::format("  {:<9} {:<{}} {:>3}  {}\n", category_name(card.category), card.name,
                             kNameWidth, card.points, card.description);
        total += card.points;
      }
    }
    if (position.emperor == seat) {
      lines +=
          fmt::format("  {:<9} {:<{}} {:>3}  {}\n", "emperor", "the Emperor card", kNameWidth,
                      settings_.emperor_points, "taken by the player who set off the last round");
      total += settings_.emperor_points;
    }
    if (player.hand_size() > 0) {
      lines += fmt::format(
          "  {:<9} {:<{}} {:>3}  {}\n", "in hand",
          fmt::format("{} card{}", player.hand_size(), player.hand_size() == 1 ? "" : "s"),
          kNameWidth, 0, "objectives not completed score nothing");
    }
    text += fmt::format(
        "{}: {} points ({} objective{} completed; {} points from panda objectives)\n",
        seat_label(seat), total, player.completed_count(), player.completed_count() == 1 ? "" : "s",
        panda[static_cast<std::size_t>(seat)]);
    text += lines;
  }

  // The places as the game's outcome gives them.
  const Outcome outcome = outcome_at(position);
  text += position.step == Step::Over ? "places at the end of the game:\n"
                                      : "places if the game ended now:\n";
  std::vector<Seat> order;
  for (Seat seat = 0; seat < players; ++seat) order.push_back(seat);
  std::stable_sort(order.begin(), order.end(), [&](Seat a, Seat b) {
    return outcome.place[static_cast<std::size_t>(a)] < outcome.place[static_cast<std::size_t>(b)];
  });
  for (const Seat seat : order) {
    const auto at = static_cast<std::size_t>(seat);
    text += fmt::format("  {:<4} {}  {} points, {} from panda objectives\n",
                        ordinal(outcome.place[at]), seat_label(seat), outcome.score[at], panda[at]);
  }
  // Equal totals: say how the tie-break decided them (seats in seat order).
  std::map<std::int64_t, std::vector<Seat>, std::greater<>> by_total;
  for (Seat seat = 0; seat < players; ++seat)
    by_total[outcome.score[static_cast<std::size_t>(seat)]].push_back(seat);
  for (const auto& [total, seats] : by_total) {
    if (seats.size() < 2) continue;
    std::map<int, std::vector<Seat>, std::greater<>> by_panda;
    for (const Seat seat : seats) by_panda[panda[static_cast<std::size_t>(seat)]].push_back(seat);
    std::vector<std::string> parts;
    for (const auto& [points, tied] : by_panda) {
      parts.push_back(tied.size() == 1
                          ? fmt::format("{} {}", seat_label(tied.front()), points)
                          : fmt::format("{} {} each, sharing the place", seats_text(tied), points));
    }
    text += fmt::format("  {} have {} points each: the points of panda objectives decide ({})\n",
                        seats_text(seats), total, join(parts, "; "));
  }
  return text;
}

}  // namespace grove::takenoko
