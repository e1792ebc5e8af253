// A Bamboo Harvest position as bytes (Rules::encode; state_codec.hpp), in the
// order of position.hpp:
//
//   forest      per cell of the variant's grid, reading order: the card + 1
//               (0: not dealt yet), then the token on it: 0 none, else
//               1 + 2 * owner + 1 if it is a disturbance token
//   players     per seat: reeds, the deeds in hand (a card set), then which
//               of them lie face up, as a bit per deed in card order
//   discard_pile, step, turn, starter + 1, setup_moves, setup_discards,
//   wild_swaps (three, no length), built, harvested (a bit per cell), pending_draws,
//   redraws, buys, redraw_offer + 1, drawn, won_by, winner + 1
//
// A card set is its size, then the cards in ascending order while it holds
// fewer than 15, else the 104 cards as fifteen 7-bit groups: a card id
// takes a byte, so a list is the smaller form up to 14 cards and the
// groups past that (a discard pile late in the game).
//
// Not written, because every card is in exactly one place (check_position,
// which the decoded position must pass like a hand-written one): the box
// (the forest cards not in the forest) and the draw pile (the deeds nobody
// holds and nobody discarded; up to 16 bytes). Nor the cells outside the
// variant's grid, never dealt, nor the owner of a vacant cell, which has
// none. Passing check_position also means that damage which moves a card is
// refused (a card in two places or in none) rather than read as another
// state.

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

// Fifteen 7-bit groups, a byte each, hold the 104 cards.
constexpr int kGroups = (kCards + 6) / 7;

void write_cards(ByteWriter& out, const CardSet& cards) {
  const int size = cards.size();
  out.unsigned_int(static_cast<std::uint64_t>(size));
  if (size < kGroups) {
    cards.for_each([&](Card card) { out.unsigned_int(card); });
    return;
  }
  for (int group = 0; group < kGroups; ++group) {
    std::uint64_t bits = 0;
    for (int bit = 0; bit < 7 && group * 7 + bit < kCards; ++bit) {
      if (cards.has(static_cast<Card>(group * 7 + bit))) bits |= std::uint64_t{1} << bit;
    }
    out.unsigned_int(bits);
  }
}

// Every set written is one of deeds (hands, piles, markers).
CardSet read_deeds(ByteReader& in, const char* what) {
  CardSet cards;
  const std::size_t size = in.count(kCards, what);
  const auto take = [&](Card card) {
    if (is_forest_card(card)) {
      in.fail(fmt::format("{} holds {}, a forest card", what, card_text(card)));
    }
    cards.add(card);
  };
  if (size < static_cast<std::size_t>(kGroups)) {
    int last = -1;
    for (std::size_t i = 0; i < size; ++i) {
      const auto card = static_cast<Card>(in.unsigned_int(kCards - 1, what));
      // One order, so that a set has one encoding.
      if (card <= last) in.fail(fmt::format("{} lists {} out of order", what, card_text(card)));
      last = card;
      take(card);
    }
    return cards;
  }
  for (int group = 0; group < kGroups; ++group) {
    const int width = std::min(7, kCards - group * 7);
    const std::uint64_t bits = in.unsigned_int((std::uint64_t{1} << width) - 1, what);
    for (int bit = 0; bit < width; ++bit) {
      if ((bits >> bit) & 1U) take(static_cast<Card>(group * 7 + bit));
    }
  }
  if (static_cast<std::size_t>(cards.size()) != size) {
    in.fail(fmt::format("{} holds {} cards, not the {} its size says", what, cards.size(), size));
  }
  return cards;
}

// A seat, or kNoSeat written as 0.
void write_seat_or_none(ByteWriter& out, Seat seat) {
  out.unsigned_int(static_cast<std::uint64_t>(seat + 1));
}
Seat read_seat_or_none(ByteReader& in, int players, const char* what) {
  return static_cast<Seat>(in.unsigned_int(static_cast<std::uint64_t>(players), what)) - 1;
}

}  // namespace

void BhRules::encode_position(const Position& position, ByteWriter& out) const {
  for (int cell = 0; cell < grid().cells(); ++cell) {
    const Cell& here = position.forest[static_cast<std::size_t>(cell)];
    out.unsigned_int(here.card == kNoCard ? 0U : here.card + 1U);
    out.unsigned_int(here.state == CellState::Vacant
                         ? 0U
                         : 1U + 2U * static_cast<unsigned>(here.who) +
                               (here.state == CellState::Disturbed ? 1U : 0U));
  }
  for (const Player& player : position.players) {
    out.unsigned_int(static_cast<std::uint64_t>(player.reeds));
    write_cards(out, player.deeds);
    std::uint64_t up = 0;
    int index = 0;
    player.deeds.for_each([&](Card card) {
      if (player.face_up.has(card)) up |= std::uint64_t{1} << index;
      ++index;
    });
    out.unsigned_int(up);
  }
  write_cards(out, position.discard_pile);
  out.enumeration(position.step);
  out.unsigned_int(static_cast<std::uint64_t>(position.turn));
  write_seat_or_none(out, position.starter);
  out.unsigned_int(static_cast<std::uint64_t>(position.setup_moves));
  write_cards(out, position.setup_discards);
  for (std::uint8_t uses : position.wild_swaps) out.unsigned_int(uses);
  out.enumeration(position.built);
  out.unsigned_int(position.harvested);
  out.unsigned_int(static_cast<std::uint64_t>(position.pending_draws));
  out.unsigned_int(static_cast<std::uint64_t>(position.redraws));
  out.unsigned_int(static_cast<std::uint64_t>(position.buys));
  out.unsigned_int(position.redraw_offer == kNoCard ? 0U : position.redraw_offer + 1U);
  write_cards(out, position.drawn);
  out.enumeration(position.won_by);
  write_seat_or_none(out, position.winner);
}

Position BhRules::decode_position(ByteReader& in) const {
  const int n = players();
  Position position;
  CardSet placed;  // every card read so far, for the derived box and draw pile
  for (int cell = 0; cell < grid().cells(); ++cell) {
    Cell& here = position.forest[static_cast<std::size_t>(cell)];
    const auto card = in.unsigned_int(kCards, "a forest card");
    if (card > 0) {
      here.card = static_cast<Card>(card - 1);
      if (!is_forest_card(here.card)) {
        in.fail(fmt::format("the forest card at {} is {}, a deed", grid().cell_text(cell),
                            card_text(here.card)));
      }
      placed.add(here.card);
    }
    const auto token = in.unsigned_int(2U * static_cast<unsigned>(n), "a forest token");
    if (token > 0) {
      here.state = token % 2 == 0 ? CellState::Disturbed : CellState::Built;
      here.who = static_cast<std::int8_t>((token - 1) / 2);
    }
  }
  for (Seat seat = 0; seat < n; ++seat) {
    Player& player = position.players.emplace_back();
    // The bound the YAML form reads reeds with: play never comes near it.
    player.reeds = static_cast<int>(in.unsigned_int(100000, "a player's reeds"));
    player.deeds = read_deeds(in, "a player's deeds");
    // A bit per deed in hand: at most 55, the deeds of the two decks.
    const std::uint64_t up =
        in.unsigned_int((std::uint64_t{1} << player.deeds.size()) - 1, "a player's face-up deeds");
    int index = 0;
    player.deeds.for_each([&](Card card) {
      if ((up >> index) & 1U) player.face_up.add(card);
      ++index;
    });
    placed |= player.deeds;
  }
  position.discard_pile = read_deeds(in, "the discard pile");
  placed |= position.discard_pile;
  for (int card = 0; card < kCards; ++card) {
    const auto c = static_cast<Card>(card);
    if (placed.has(c)) continue;
    if (is_forest_card(c)) {
      position.box.add(c);
    } else {
      position.draw_pile.add(c);
    }
  }
  position.step = in.enumeration(Step::Over, "the step");
  position.turn = static_cast<Seat>(in.unsigned_int(static_cast<std::uint64_t>(n - 1), "the turn"));
  position.starter = read_seat_or_none(in, n, "the starting player");
  position.setup_moves = static_cast<int>(in.unsigned_int(
      static_cast<std::uint64_t>(std::max(grid().cells(), settings_.deeds_dealt * n)),
      "the setup moves"));
  position.setup_discards = read_deeds(in, "the setup discards");
  for (std::uint8_t& uses : position.wild_swaps) {
    uses = static_cast<std::uint8_t>(
        in.unsigned_int(static_cast<std::uint64_t>(settings_.wild_swap_uses), "a wild swap count"));
  }
  position.built = in.enumeration(BuildMade::Wild, "the build made");
  position.harvested =
      in.unsigned_int((std::uint64_t{1} << grid().cells()) - 1, "the cells that harvested");
  // Each token harvests at most four face cards a turn; buys and redraws
  // add one draw each.
  position.pending_draws = static_cast<int>(
      in.unsigned_int(static_cast<std::uint64_t>(4 * grid().cells() + settings_.buys_per_turn +
                                                 settings_.redraws_per_turn),
                      "the pending draws"));
  position.redraws = static_cast<int>(in.unsigned_int(
      static_cast<std::uint64_t>(settings_.redraws_per_turn), "the redraws used this turn"));
  position.buys = static_cast<int>(in.unsigned_int(
      static_cast<std::uint64_t>(settings_.buys_per_turn), "the buys made this turn"));
  if (const auto offer = in.unsigned_int(kCards, "the redraw offer"); offer > 0) {
    position.redraw_offer = static_cast<Card>(offer - 1);
    if (is_forest_card(position.redraw_offer)) {
      in.fail(
          fmt::format("the redraw offer is {}, a forest card", card_text(position.redraw_offer)));
    }
  }
  position.drawn = read_deeds(in, "the deeds drawn this turn");
  position.won_by = in.enumeration(WinKind::Stalled, "how the game was won");
  position.winner = read_seat_or_none(in, n, "the winner");
  if (const auto problems = check_position(position); !problems.empty()) {
    in.fail("the position breaks the rules: " + join(problems, "; "));
  }
  return position;
}

}  // namespace grove::bamboo_harvest
