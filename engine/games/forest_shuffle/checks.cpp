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
      check_ids(tree.dwelling);
    }
  }
  for (const std::vector<Task>* list : {&position.tasks, &position.deferred}) {
    for (const Task& task : *list) {
      if (task.kind == TaskKind::Pay) numbers_valid = numbers_valid && valid(task.card);
    }
  }
  if (!numbers_valid) {
    problems.push_back("a card number is out of range");
    return problems;
  }

  if (position.turn < 0 || position.turn >= players()) {
    problems.push_back("the turn is not a seat at the table");
  }
  for (std::size_t seat = 0; seat < position.players.size(); ++seat) {
    const Player& player = position.players[seat];
    if (player.print != forest_print(player.forest)) {
      problems.push_back(fmt::format("{}'s forest fingerprint is not that of its cards",
                                     seat_label(static_cast<Seat>(seat))));
    }
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
  // The first winter card lies on the bottom pile and comes out first.
  const int on_top = position.winter_revealed == 0 && cards.winter_cards > 0 ? 1 : 0;
  if (position.winter_on_top != on_top) {
    problems.push_back(
        fmt::format("{} winter card(s) on top of the bottom pile with {} revealed: "
                    "the first winter card lies there until it comes out",
                    position.winter_on_top, position.winter_revealed));
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
        const std::span<const CardId> slot = tree.slot(side);
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
  for (const std::vector<Task>* list : {&position.tasks, &position.deferred}) {
    for (const Task& task : *list) {
      const bool seated = task.kind == TaskKind::Reveal ? task.seat == kNoSeat
                                                        : task.seat >= 0 && task.seat < players();
      if (!seated) {
        problems.push_back("a task names a seat that is not at the table");
      } else if (task.kind == TaskKind::Pay) {
        if (auto problem = payment_task_problem(position, task)) problems.push_back(*problem);
      }
    }
  }
  for (const Task& task : position.deferred) {
    if (task.kind != TaskKind::Offer) {
      problems.push_back("only offers wait for the Mole's plays to end");
      break;
    }
  }
  return problems;
}

std::optional<std::string> ForestShuffleRules::payment_task_problem(const Position& position,
                                                                    const Task& task) const {
  const Card& card = book().card(task.card);
  const Placement placement = placement_of(task);
  if (card.tree != !placement.side) {
    return fmt::format("the card being paid for, {}, {}", card_text(task.card),
                       card.tree ? "is a tree, planted on its own" : "needs a side and a tree");
  }
  if (placement.side) {
    const Player& player = position.player(task.seat);
    if (!card.has_side(*placement.side)) {
      return fmt::format("the card being paid for, {}, has no {} half", card_text(task.card),
                         side_name(*placement.side));
    }
    if (placement.tree < 0 || placement.tree >= static_cast<int>(player.forest.size())) {
      return fmt::format("the card being paid for goes to tree {}, which {} does not have",
                         placement.tree + 1, seat_label(task.seat));
    }
    const std::span<const CardId> slot =
        player.forest[static_cast<std::size_t>(placement.tree)].slot(*placement.side);
    if (!slot_takes(book(), slot, *placement.side, card.half(*placement.side).species)) {
      return fmt::format("the card being paid for goes to the taken {} slot of tree {}",
                         side_name(*placement.side), placement.tree + 1);
    }
  }
  if (cost_of(task.card, placement) == 0) {
    return fmt::format("{} costs nothing: there is nothing to pay", card_text(task.card));
  }
  return std::nullopt;
}

std::vector<std::string> ForestShuffleRules::invariant_violations_at(
    const Position& position) const {
  return check_position(position);
}

}  // namespace grove::forest_shuffle
