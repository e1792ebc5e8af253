// The invariants a Forest Shuffle position keeps: every card of the variant
// is in exactly one place (the deck or the box unseen, a hand, a forest, a
// cave, the clearing, the box, or being paid for) and every winter card too;
// hands within the limit; a card in a slot shows a half on that side, and a
// slot holds one card unless its species shares slots; the deck's parts add
// up. Hand-written positions are checked with the same list.

#include <fmt/format.h>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {

std::vector<std::string> ForestShuffleRules::check_position(const Position& position) const {
  std::vector<std::string> problems;
  const CardBook& cards = book();
  if (static_cast<int>(position.players.size()) != players()) {
    problems.push_back("the position does not have one entry per player");
    return problems;
  }
  if (position.unseen.size() != cards.cards.size()) {
    problems.push_back("the unseen cards are not listed per card design");
    return problems;
  }
  // Card numbers first: everything below looks cards up.
  const auto valid = [&](CardId card) {
    return card >= 0 && card < static_cast<CardId>(cards.cards.size());
  };
  bool numbers_valid = true;
  const auto check_ids = [&](const std::vector<CardId>& list) {
    for (CardId card : list) numbers_valid = numbers_valid && valid(card);
  };
  check_ids(position.clearing);
  check_ids(position.box);
  for (const Player& player : position.players) {
    check_ids(player.hand);
    check_ids(player.cave);
    check_ids(player.mulliganed);
    for (const Tree& tree : player.forest) {
      numbers_valid = numbers_valid && valid(tree.card);
      for (const auto& slot : tree.slots) check_ids(slot);
    }
  }
  for (const Task& task : position.tasks) {
    if (task.kind == TaskKind::Pay) numbers_valid = numbers_valid && valid(task.card);
  }
  if (!numbers_valid) {
    problems.push_back("a card number is out of range");
    return problems;
  }

  if (position.turn < 0 || position.turn >= players()) {
    problems.push_back("the turn is not a seat at the table");
  }
  // Every card in one place.
  const std::vector<int> seen = cards_in_view(position, cards.cards.size());
  int unseen = 0;
  for (std::size_t id = 0; id < cards.cards.size(); ++id) {
    unseen += position.unseen[id];
    if (position.unseen[id] < 0 || seen[id] + position.unseen[id] != cards.cards[id].copies) {
      problems.push_back(
          fmt::format("cards not conserved: {} {} in view and {} unseen, the variant has {}",
                      seen[id], cards.cards[id].code, position.unseen[id], cards.cards[id].copies));
    }
  }
  if (position.deck_top < 0 || position.deck_bottom < 0 || position.box_unseen < 0 ||
      position.winter_on_top < 0 || position.winter_shuffled < 0) {
    problems.push_back("a part of the deck holds fewer than 0 cards");
  }
  if (position.deck_top + position.deck_bottom + position.box_unseen != unseen) {
    problems.push_back(
        fmt::format("the deck ({} + {}) and the box ({} unseen) do not hold the {} unseen cards",
                    position.deck_top, position.deck_bottom, position.box_unseen, unseen));
  }
  const int winter = position.winter_revealed + position.winter_on_top + position.winter_shuffled;
  if (winter != cards.winter_cards) {
    problems.push_back(
        fmt::format("winter cards not conserved: {} revealed and {} in the deck, "
                    "the variant has {}",
                    position.winter_revealed, position.winter_on_top + position.winter_shuffled,
                    cards.winter_cards));
  }
  if (!position.over && position.winter_revealed >= cards.winter_cards) {
    problems.push_back("every winter card is revealed but the game is not over");
  }
  if (position.over != position.tasks.empty()) {
    problems.push_back(position.over ? "the game is over but tasks are left"
                                     : "the game is not over but nothing is left to do");
  }

  for (Seat seat = 0; seat < players(); ++seat) {
    const Player& player = position.player(seat);
    const std::string who = seat_label(seat);
    if (settings_.draw_stops_at_limit &&
        static_cast<int>(player.hand.size()) > settings_.hand_limit) {
      problems.push_back(fmt::format("{} holds {} cards, over the hand limit of {}", who,
                                     player.hand.size(), settings_.hand_limit));
    }
    for (std::size_t index = 0; index < player.forest.size(); ++index) {
      const Tree& tree = player.forest[index];
      if (!tree.sapling && !cards.card(tree.card).tree) {
        problems.push_back(fmt::format("{}'s tree {} is the split card {} face up", who, index + 1,
                                       cards.card(tree.card).code));
      }
      for (int s = 0; s < kSides; ++s) {
        const Side side = static_cast<Side>(s);
        const std::vector<CardId>& slot = tree.slot(side);
        for (std::size_t i = 0; i < slot.size(); ++i) {
          const Card& card = cards.card(slot[i]);
          if (!card.has_side(side)) {
            problems.push_back(fmt::format("{} in the {} slot of {}'s tree {} has no {} half",
                                           card.code, side_name(side), who, index + 1,
                                           side_name(side)));
            continue;
          }
          // Each card must be allowed in next to the ones before it.
          const std::vector<CardId> before(slot.begin(), slot.begin() + static_cast<long>(i));
          if (!slot_takes(cards, before, side, card.half(side).species)) {
            problems.push_back(
                fmt::format("the {} slot of {}'s tree {} holds {} cards that may "
                            "not share it",
                            side_name(side), who, index + 1, slot.size()));
            break;
          }
        }
      }
    }
    const Census census = take_census(settings_, player);
    for (SpeciesId species : player.dormant) {
      const auto dormant = std::count(player.dormant.begin(), player.dormant.end(), species);
      if (dormant > census.species[static_cast<std::size_t>(species)]) {
        problems.push_back(
            fmt::format("{} has more dormant {} than in the forest", who, species_name(species)));
        break;
      }
    }
  }
  for (const Task& task : position.tasks) {
    const bool seated = task.kind == TaskKind::Reveal ? task.seat == kNoSeat
                                                      : task.seat >= 0 && task.seat < players();
    if (!seated) problems.push_back("a task names a seat that is not at the table");
  }
  return problems;
}

std::vector<std::string> ForestShuffleRules::invariant_violations(const State& state) const {
  return check_position(position_of<Position>(state));
}

}  // namespace grove::forest_shuffle
