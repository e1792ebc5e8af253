// The explorer's view of a position (Rules::view_hash, TLC's VIEW): what the
// rules can still read of it, for this variant and its rulings, so that
// positions that differ only in what no rule will ever look at again are
// one state of the explorer's graph. Two positions with the same view must
// have the same legal moves, chance outcomes and outcome, and successors
// with the same views (checker/checked_rules.hpp holds every search with
// --all-checks and every grove fuzz game to that). What is kept and dropped,
// and why, is in README.md, "The explorer's view".

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {

bool BhRules::reeds_are_read() const {
  // A player's reeds are only ever compared with a price, and only a payment
  // lowers them. When every price is 0 (no build cost, no swap costs
  // anything however far, no buy allowed or it is free), each comparison
  // holds whatever the reeds and nothing is ever paid: no rule reads them.
  const int farthest = grid().rows + grid().columns - 2;
  const bool buys_cost = settings_.buys_per_turn > 0 && settings_.buy_price > 0;
  return settings_.build_cost > 0 || swap_cost_over(farthest) > 0 || buys_cost;
}

bool BhRules::deeds_may_still_be_drawn(const Position& position) const {
  // A deed is drawn for a face card harvested (Turn, 3. Harvest), for the
  // optional buy, and for a redraw, which follows a draw of this turn. Once
  // none can come, none ever will: forest cards only move between vacant
  // cards (a swap) or go under a token for good (a build), so no face card
  // comes back to a vacant cell once none is left there.
  if (position.pending_draws > 0 || position.redraw_offer != kNoCard) return true;
  if (settings_.buys_per_turn > 0) return true;
  // bh.redraw_timing=any_drawn_this_turn: a card drawn this turn may still
  // be redrawn at the redraw step, not after it (the turn's drawn cards are
  // forgotten at its end). Asked only of what the view keeps, so that two
  // positions with one view agree on it.
  if (settings_.redraw_any_drawn && position.step <= Step::Redraw && !position.drawn.empty()) {
    return true;
  }
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    if (here.state != CellState::Built && is_face(here.card)) return true;
  }
  return false;
}

std::uint64_t BhRules::view_hash_at(const Position& position) const {
  Hasher hasher;
  hasher.add(static_cast<int>(position.step));
  if (position.step == Step::Over) {
    // The game is over: only the outcome is read (Goal). The board, the
    // hands, what was built in the last build step and how the game was won
    // make no difference to it.
    hasher.add_each(outcome_at(position).place);
    return hasher.finish();
  }
  if (position.step < Step::Build) {
    // Set-up (Set Up, steps 3-8) reads the cards still in the box, the
    // deal's count, the hidden discards and the starting player: everything.
    position.hash_into(hasher);
    return hasher.finish();
  }

  // The forest. After the deal no rule reads a forest card's suit or deck:
  // matching, harvesting (reeds per rank, face cards draw), the buy's face
  // card next to a token and the path all go by rank, state and owner (Terms;
  // Turn, 1-3; Goal). A card under a building token is never read again: it
  // is face down for good (Set Up, step 7; Turn, 1. Build), no token leaves
  // the board, and only vacant cards are built on, swapped or harvested.
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    const int rank = here.state == CellState::Built ? 0 : rank_of(here.card);
    hasher.add(static_cast<int>(here.state) | (here.who + 1) << 4 | rank << 8);
  }

  const bool reeds = reeds_are_read();
  for (const Player& player : position.players) {
    if (reeds) hasher.add(player.reeds);
    hasher.add(player.deeds.low()).add(player.deeds.high());
    hasher.add(player.face_up.low()).add(player.face_up.high());
  }
  // Which deeds the piles hold is read by a draw (the chance outcomes) and,
  // through the reshuffle, the discard pile's too; once no deed can ever be
  // drawn again, neither pile is read (cards are never dealt or drawn from
  // them again).
  if (deeds_may_still_be_drawn(position)) {
    for (const CardSet* pile : {&position.draw_pile, &position.discard_pile}) {
      hasher.add(pile->low()).add(pile->high());
    }
  }
  // The marks on the wild deeds (Turn, 2. Swap, wild cards).
  hasher.add_each(position.wild_swaps);

  hasher.add(position.turn)
      .add(position.pending_draws)
      .add(static_cast<int>(position.redraw_offer));
  // The turn's progress, each only while a later step of the turn reads it
  // (end_turn resets them all). The tokens that have harvested: only the
  // harvest step asks which token is next.
  if (position.step == Step::Harvest) hasher.add(position.harvested);
  // Buys made: only the optional buy asks whether another is allowed.
  if (position.step == Step::BuyBefore || position.step == Step::Buy) hasher.add(position.buys);
  // Redraws used: asked when a deed is drawn (a draw comes no later than
  // the redraw step) and at the redraw step.
  if (position.step <= Step::Redraw) hasher.add(position.redraws);
  // The deeds drawn this turn: only bh.redraw_timing=any_drawn_this_turn
  // reads them, at the redraw step.
  if (settings_.redraw_any_drawn && position.step <= Step::Redraw) {
    hasher.add(position.drawn.low()).add(position.drawn.high());
  }
  // Not hashed: `built` (it lives only within the build move, which ends the
  // build step at once), the set-up's fields (box, starter, setup_moves,
  // setup_discards: nothing after Set Up, step 8 reads them) and the
  // winner (none while the game is on).
  return hasher.finish();
}

}  // namespace grove::bamboo_harvest
