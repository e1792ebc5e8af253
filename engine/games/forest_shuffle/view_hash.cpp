// The explorer's view of a position (Rules::view_hash, TLC's VIEW): what the
// rules can still read of it, for this variant and its rulings, so that
// positions that differ only in what no rule will ever look at again are
// one state of the explorer's graph. Two positions with the same view must
// have the same legal moves, chance outcomes and outcome, and successors
// with the same views (checker/checked_rules.hpp holds every search with
// --all-checks and every grove fuzz game to that). What is kept and dropped,
// and why, is in README.md, "The explorer's view".

#include <algorithm>

#include "engine/games/forest_shuffle/forest.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"

namespace grove::forest_shuffle {
namespace {

void hash_cards(Hasher& hasher, std::span<const CardId> cards) {
  hasher.add(static_cast<std::uint64_t>(cards.size()));
  hasher.add_each(cards);
}

// What a visible forest card shows: its species and its tree symbol, all
// that the census, scoring, the slots' rules and the mushrooms read of it.
int shown(const Half& half) { return static_cast<int>(half.species) << 16 | half.symbol; }

}  // namespace

std::uint64_t ForestShuffleRules::view_hash_at(const Position& position) const {
  Hasher hasher;
  hasher.add(position.over);
  if (position.over) {
    // The game is over: only the outcome is read (End of Game; Scoring). The
    // forests, caves, hands and the rest of the table make no difference to it.
    const Outcome outcome = outcome_at(position);
    hasher.add_each(outcome.place);
    hasher.add_each(outcome.score);
    return hasher.finish();
  }

  // The deck, as chance draws it: which designs are unseen and how many,
  // while a card can still come off it. Once the deck holds no card but
  // winter cards (nothing ever goes back into it), every draw is a winter
  // card or nothing (Winter Cards), and no rule reads the unseen cards or
  // the box's unseen share again. How it is stacked is always read: what
  // can come next, the deck's size for the drawing effects.
  if (position.deck_top + position.deck_bottom > 0) {
    hasher.add(static_cast<std::uint64_t>(position.unseen.size()));
    hasher.add_each(position.unseen);
    hasher.add(position.box_unseen);
  }
  hasher.add(position.deck_top).add(position.winter_on_top).add(position.deck_bottom);
  hasher.add(position.winter_shuffled).add(position.winter_revealed);
  // The clearing, card by card: a card is taken from it by name (A) Drawing
  // Two Cards), its size is checked at the end of a turn (Checking the
  // Clearing), and the Brown Bear's effect moves it under the cave. Not hashed: the box's seen
  // cards (emptied clearings, Checking the Clearing; mulligans, Setup step 7): no card ever comes
  // back out of the box, and no rule counts them.
  hash_cards(hasher, position.clearing);

  hasher.add(static_cast<std::uint64_t>(position.players.size()));
  for (const Player& player : position.players) {
    // The hand, card by card: moves name its cards.
    hash_cards(hasher, player.hand);
    // The forest as it shows. A tree card shows its species and symbol; a
    // sapling shows neither and is face down for good (Tree Sapling), so
    // its card is not read again. A card in a slot shows the half on that
    // side (Animals, Plants, and Mushrooms): effects, scoring and the slots'
    // rules read only that half's species and tree symbol, never which card
    // it is, and moves name trees by number and slots by side. Each slot's
    // halves are sorted, so that slots showing the same are one.
    hasher.add(static_cast<std::uint64_t>(player.forest.size()));
    std::vector<int> halves;
    for (const Tree& tree : player.forest) {
      hasher.add(tree.sapling);
      if (!tree.sapling) hasher.add(shown(book().card(tree.card).halves[0]));
      for (int s = 0; s < kSides; ++s) {
        const auto side = static_cast<Side>(s);
        halves.clear();
        for (CardId card : tree.slot(side)) halves.push_back(shown(book().card(card).half(side)));
        std::sort(halves.begin(), halves.end());
        hasher.add(static_cast<std::uint64_t>(halves.size()));
        hasher.add_each(halves);
      }
    }
    // The cave scores by its count alone (Scoring), and no rule takes a card
    // out of it or looks at its cards.
    hasher.add(static_cast<std::uint64_t>(player.cave.size()));
    // The mushrooms placed this turn, read for the mushrooms' draws until
    // the turn ends (Effects, Mushrooms).
    hasher.add(static_cast<std::uint64_t>(player.dormant.size()));
    hasher.add_each(player.dormant);
    // Not hashed: the cards this player gave back at a mulligan (Setup,
    // step 7): they are in the box and no rule reads them again.
  }

  // What the game has to do next, and the Mole's deferred offers: every
  // task's fields that its kind does not use keep their defaults.
  for (const std::vector<Task>* list : {&position.tasks, &position.deferred}) {
    hasher.add(static_cast<std::uint64_t>(list->size()));
    for (const Task& task : *list) {
      hasher.add(static_cast<int>(task.kind)).add(task.seat).add(static_cast<int>(task.source));
      hasher.add(static_cast<int>(task.species)).add(static_cast<int>(task.count));
      hasher.add(static_cast<int>(task.types)).add(static_cast<int>(task.card));
      hasher.add(static_cast<int>(task.side)).add(static_cast<int>(task.tree)).add(task.via_mole);
    }
  }
  // The extra turns still owed (Effects): read when the turn ends. Not
  // hashed: `turn`, read only by the record of a card revealed into the
  // clearing and by the checks; who acts is the tasks' seat.
  hasher.add(position.extra_turns);
  return hasher.finish();
}

}  // namespace grove::forest_shuffle
