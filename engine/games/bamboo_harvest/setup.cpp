// Set-up (bamboo_harvest.txt, "Set Up" steps 3-8): the forest is dealt, each
// player is dealt deeds and discards one at the same time as the others, the
// highest discard starts, and tokens are placed in snake order.

#include <fmt/format.h>

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

// A setup discard's strength: higher wins. Rank first (aces low), then the
// suit (spades over clubs; a red wild deed per bh.setup_wild_discard), then
// the back (black-backed over green-backed).
int discard_strength(Card card, Settings::SetupWild setup_wild) {
  const bool wild = is_wild(card);
  int suit = 0;
  switch (suit_of(card)) {
    case kSpades:
      suit = 2;
      break;
    case kClubs:
      suit = 1;
      break;
    default:  // red: only the wild deeds
      suit = setup_wild == Settings::SetupWild::RankWinsTies ? 3 : 0;
      break;
  }
  const int tier = wild && setup_wild == Settings::SetupWild::Highest ? 1 : 0;
  return ((tier * 16 + rank_of(card)) * 4 + suit) * 2 + (1 - deck_of(card));
}

}  // namespace

Seat BhRules::starting_player(const Position& position) const {
  Seat best_seat = 0;
  int best = -1;
  for (Seat seat = 0; seat < players(); ++seat) {
    const CardSet discards =
        position.players[static_cast<std::size_t>(seat)].deeds & position.setup_discards;
    discards.for_each([&](Card card) {
      const int strength = discard_strength(card, settings_.setup_wild);
      if (strength > best) {
        best = strength;
        best_seat = seat;
      }
    });
  }
  return best_seat;
}

void BhRules::apply_setup(Position& position, const Move& move, EventLog* log) const {
  switch (move.kind) {
    case kDealForest: {
      const auto card = static_cast<Card>(move.args[1]);
      position.forest[static_cast<std::size_t>(move.args[0])].card = card;
      position.box.remove(card);
      ++position.setup_moves;
      record(log, kClauseDealForest, kNoSeat, [&] {
        return EventText{
            fmt::format("{} is dealt to {}", card_text(card), grid().cell_text(move.args[0])),
            {{"cell", grid().cell_text(move.args[0])}, {"card", card_text(card)}}};
      });
      return;
    }
    case kDeal: {
      const auto card = static_cast<Card>(move.args[0]);
      position.draw_pile.remove(card);
      position.players[static_cast<std::size_t>(move.seat)].deeds.add(card);
      ++position.setup_moves;
      record(log, kClauseDealDeeds, move.seat, [&] {
        return EventText{fmt::format("{} is dealt {}", seat_label(move.seat), card_text(card)),
                         {{"card", card_text(card)}}};
      });
      return;
    }
    case kDiscard:
      // Hidden until everyone has chosen (advance() reveals them together).
      position.setup_discards.add(static_cast<Card>(move.args[0]));
      return;
    case kPlace: {
      Cell& cell = position.forest[static_cast<std::size_t>(move.args[0])];
      cell.state = CellState::Built;
      cell.who = static_cast<std::int8_t>(move.seat);
      ++position.setup_moves;
      record(log, kClausePlace, move.seat, [&] {
        return EventText{
            fmt::format("{} places a token on {} ({}) and flips it", seat_label(move.seat),
                        grid().cell_text(move.args[0]), card_text(cell.card)),
            {{"cell", grid().cell_text(move.args[0])}, {"card", card_text(cell.card)}}};
      });
      if (settings_.token_win_immediately) wins_by_tokens(position, move.seat, log);
      return;
    }
    default:
      return;
  }
}

void BhRules::reveal_setup_discards(Position& position, EventLog* log) const {
  position.starter = starting_player(position);
  record(log, kClauseSetupDiscard, kNoSeat, [&] {
    std::vector<std::string> shown;
    for (Seat seat = 0; seat < players(); ++seat) {
      const CardSet discards =
          position.players[static_cast<std::size_t>(seat)].deeds & position.setup_discards;
      shown.push_back(seat_label(seat) + " " + cards_text(discards));
    }
    return EventText{"everyone reveals their discard: " + join(shown, ", ")};
  });
  record(log, kClauseStarter, position.starter, [&] {
    return EventText{seat_label(position.starter) + " has the highest discard and starts",
                     {{"starter", seat_label(position.starter)}}};
  });
  for (Player& player : position.players) {
    player.deeds = player.deeds.without(position.setup_discards);
  }
  position.setup_discards.for_each([&](Card card) { discard(position, card); });
  position.setup_discards.clear();
  position.step = Step::PlaceTokens;
  position.setup_moves = 0;
}

void BhRules::lay_deeds_face_up(Position& position, EventLog* log) const {
  for (Player& player : position.players) player.face_up = player.deeds;
  record(log, kClauseLayFaceUp, kNoSeat,
         [&] { return EventText{"everyone lays their deeds face up"}; });
  position.step = Step::Build;
  position.turn = position.starter;
}

}  // namespace grove::bamboo_harvest
