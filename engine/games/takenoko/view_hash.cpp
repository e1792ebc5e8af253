// The explorer's view of a position (Rules::view_hash, TLC's VIEW): what the
// rules can still read of it, for this variant and its rulings, so that
// positions that differ only in what no rule will ever look at again are
// one state of the explorer's graph. Two positions with the same view must
// have the same legal moves, chance outcomes and outcome, and successors
// with the same views (checker/checked_rules.hpp holds every search with
// --all-checks and every grove fuzz game to that). What is kept and dropped,
// and why, is in README.md, "The explorer's view".

#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

void hash_hex(Hasher& hasher, const Hex& hex) { hasher.add(hex.q).add(hex.r); }

template <int Kinds>
void hash_pile(Hasher& hasher, const Pile<Kinds>& pile) {
  // The unseen kinds are what a draw's chance outcomes are made of; the
  // cards put back under the pile come out in their order (advance()).
  hasher.add_each(pile.unseen);
  hasher.add(static_cast<int>(pile.bottom.size()));
  hasher.add_each(pile.bottom);
}

bool holds_panda_card(const Player& player) {
  for (std::size_t id = 0; id < kObjectiveKinds; ++id) {
    if (player.hand[id] > 0 && objective_cards()[id].category == Category::Panda) return true;
  }
  return false;
}

}  // namespace

std::uint64_t TakenokoRules::view_hash_at(const Position& position) const {
  Hasher hasher;
  hasher.add(static_cast<int>(position.step));
  if (position.step == Step::Over) {
    // The game is over: only the outcome is read (End of the game: the
    // points of the completed objectives and the Emperor card, ties broken
    // by the panda objectives' points). The plantation, the hands (worth
    // nothing), the piles and the last turn's records make no difference.
    const Outcome outcome = outcome_at(position);
    hasher.add_each(outcome.place);
    hasher.add_each(outcome.score);
    return hasher.finish();
  }
  if (position.step == Step::Deal) {
    // The deal (Preparation) reads the piles and how many cards are dealt:
    // the whole position, which is small then.
    position.hash_into(hasher);
    return hasher.finish();
  }

  // Whether a plot or a channel may still be placed: while one may, the
  // channels already placed are read (a new plot is irrigated by a channel
  // on its border under tk.channel_beside_empty=one_plot; a new channel
  // must touch the network and not lie on another: Irrigation). Once
  // neither can, a plot's being irrigated is all that is ever read of them
  // (rain, growth and the plot objectives ask the plot, which remembers it:
  // Irrigation; Plots objectives), and nothing takes a channel away.
  const int seats = players();
  // A seat that has played its last turn: the Emperor's holder once their
  // turn is over, and each other seat after its final turn (End of the
  // game). Only their completed objectives are read again (the score).
  const auto finished = [&](Seat seat) {
    if (position.emperor == kNoSeat || seat == position.turn) return false;
    return (seat - position.emperor + seats) % seats <
           (position.turn - position.emperor + seats) % seats;
  };
  const bool plot_may_come = position.tiles.size() > 0 || position.step == Step::DrawPlots ||
                             position.step == Step::KeepPlot || position.step == Step::PlacePlot;
  bool channel_may_come = position.channel_reserve > 0;
  for (Seat seat = 0; seat < seats; ++seat) {
    if (!finished(seat) && position.players[static_cast<std::size_t>(seat)].channels > 0) {
      channel_may_come = true;
    }
  }

  // The plantation: every plot whole (position, colour, improvement and
  // whether printed, irrigated, height: moves, growth, the panda, the
  // clouds and the objectives read them all), the gardener and the panda.
  hasher.add(static_cast<int>(position.plots.size()));
  for (const Plot& plot : position.plots) {
    hash_hex(hasher, plot.at);
    hasher.add(static_cast<int>(plot.colour) | static_cast<int>(plot.improvement) << 4 |
               (plot.printed ? 1 : 0) << 8 | (plot.irrigated ? 1 : 0) << 9 | plot.height << 12);
  }
  if (plot_may_come || channel_may_come) {
    hasher.add(static_cast<int>(position.channels.size()));
    for (const Edge& edge : position.channels) {
      hash_hex(hasher, edge.a);
      hash_hex(hasher, edge.b);
    }
  } else {
    hasher.add(-1);
  }
  hash_hex(hasher, position.gardener);
  hash_hex(hasher, position.panda);

  // Piles and reserves: draws, growth, the irrigation action and the clouds
  // read them.
  hash_pile(hasher, position.tiles);
  for (const ObjectivePile& pile : position.objectives) hash_pile(hasher, pile);
  hasher.add_each(position.bamboo);
  hasher.add(position.channel_reserve);
  hasher.add_each(position.improvement_reserve);

  const bool panda_cards_left =
      position.objectives[static_cast<std::size_t>(Category::Panda)].size() > 0;
  for (Seat seat = 0; seat < seats; ++seat) {
    const Player& player = position.players[static_cast<std::size_t>(seat)];
    // Of the completed objectives, the end of the game reads only their
    // points and the panda objectives' points (the tie-break), and, until
    // somebody takes the Emperor card, how many there are (End of the
    // game). Which cards they are is never read again: a completed card
    // cannot be lost (Objective validation) nor go back to a pile.
    hasher.add(player.completed_points()).add(player.completed_panda_points());
    if (position.emperor == kNoSeat) hasher.add(player.completed_count());
    if (finished(seat)) {
      // Their hand is worth nothing (End of the game) and they never draw,
      // complete, eat or place anything again.
      hasher.add(-1);
      continue;
    }
    hasher.add_each(player.hand);
    // The sections on a player's board are read only by a panda objective
    // in their hand (Panda objectives), and in the advanced variant by one
    // just drawn from the panda pile: once they hold none and the pile is
    // empty, nothing reads them (they only go back to the reserve when a
    // panda objective is completed: FAQ, Panda Objective).
    if (panda_cards_left || holds_panda_card(player)) {
      hasher.add_each(player.eaten);
    } else {
      hasher.add(-1);
    }
    hasher.add(player.channels);
    hasher.add_each(player.improvements);
  }

  hasher.add(static_cast<int>(position.turn)).add(static_cast<int>(position.emperor));
  // The round is read only when a turn starts, to ask whether the weather
  // die is in play yet (Determine weather conditions: from the second
  // round); without the die, never.
  hasher.add(settings_.weather_die ? std::min(position.round, 2) : 0);

  // The turn's progress (start_turn resets it all). The weather: the face
  // itself while the player uses it; after that the actions only ask
  // whether it is the sun (a third action) or the wind (the actions may be
  // the same): Sun; Wind.
  if (position.step == Step::ApplyWeather) {
    hasher.add(static_cast<int>(position.weather));
  } else {
    hasher.add(position.weather == Weather::Sun ? 1 : position.weather == Weather::Wind ? 2 : 0);
  }
  // The actions taken: once the turn's last one is taken no other is
  // allowed and the turn may end, so which they were and how many is not
  // read; under the wind, which they were is not read (Perform actions and
  // meet objectives, Note; Wind).
  const int limit = settings_.actions_per_turn + (position.weather == Weather::Sun ? 1 : 0);
  if (position.actions_taken >= limit) {
    hasher.add(-1);
  } else {
    hasher.add(position.actions_taken);
    hasher.add(position.weather == Weather::Wind ? -1 : static_cast<int>(position.actions_used));
  }
  // The plot action's tiles: keeping one lists the kinds drawn in sorted
  // order, so the order they came in is not read (Plots).
  std::array<int, kTileKinds> drawn{};
  for (Tile tile : position.drawn) ++drawn[static_cast<std::size_t>(tile)];
  hasher.add_each(drawn);
  hasher.add(position.plots_to_draw).add(static_cast<int>(position.kept));
  // The pile an objective is drawn from, and the cards put back in this
  // action (advanced variant), are read only while drawing; both are left
  // as they were after the draw.
  if (position.step == Step::DrawObjective || position.step == Step::RedrawObjective) {
    hasher.add(static_cast<int>(position.drawing));
    hasher.add_each(position.redrawn);
  }
  // Not hashed: `dealt` (read only by the deal).
  return hasher.finish();
}

}  // namespace grove::takenoko
