// Move notation (seats P1.., cells like "c4", cards like "7S", "10Hg", "wildQ"):
//   forest a1 7H                          chance: a forest card dealt to a cell
//   deal P1 7S                            chance: a deed dealt during set-up
//   draw P1 7S                            chance: a deed drawn during play
//   P1 discards 7S                        the setup discard, or down to the hand limit
//   P1 places c4                          a setup token
//   P1 builds c4 with 7S | P1 skips build
//   P1 swaps c4 a1 with 7S disturbing a1 | P1 skips swap
//                                         (c4 is the card the deed matches)
//   P1 token c3 harvests c4               (matching cards next to c3 come along)
//   P1 buys | P1 skips buy
//   P1 redraws 7S | P1 keeps drawn deeds
//   P1 reveals 7S | P1 ends turn
// Keywords are matched in any case.

#include "engine/core/notation.hpp"

#include <fmt/format.h>

#include "engine/games/bamboo_harvest/bh_rules.hpp"

namespace grove::bamboo_harvest {
namespace {

constexpr const char* kForms =
    "expected one of 'forest CELL CARD', 'deal P1 CARD', 'draw P1 CARD', 'P1 discards CARD', "
    "'P1 places CELL', 'P1 builds CELL with DEED', 'P1 skips build', 'P1 swaps CELL CELL with "
    "DEED disturbing CELL', 'P1 skips swap', 'P1 token CELL harvests CELL', 'P1 buys', 'P1 skips "
    "buy', 'P1 redraws CARD', 'P1 keeps drawn deeds', 'P1 reveals CARD', 'P1 ends turn'";

}  // namespace

std::string BhRules::move_text(const Move& move) const {
  const std::string who = seat_label(move.seat);
  const auto cell = [&](int index) {
    return grid().cell_text(move.args[static_cast<std::size_t>(index)]);
  };
  const auto card = [&](int index) {
    const int value = move.args[static_cast<std::size_t>(index)];
    return value >= 0 && value < kCards ? card_text(static_cast<Card>(value)) : "?";
  };
  switch (move.kind) {
    case kDealForest:
      return fmt::format("forest {} {}", cell(0), card(1));
    case kDeal:
      return fmt::format("deal {} {}", who, card(0));
    case kDraw:
      return fmt::format("draw {} {}", who, card(0));
    case kDiscard:
      return fmt::format("{} discards {}", who, card(0));
    case kPlace:
      return fmt::format("{} places {}", who, cell(0));
    case kBuild:
      return fmt::format("{} builds {} with {}", who, cell(0), card(1));
    case kSkipBuild:
      return who + " skips build";
    case kSwap:
      return fmt::format("{} swaps {} {} with {} disturbing {}", who, cell(0), cell(1), card(2),
                         cell(3));
    case kSkipSwap:
      return who + " skips swap";
    case kHarvest:
      return fmt::format("{} token {} harvests {}", who, cell(0), cell(1));
    case kBuy:
      return who + " buys";
    case kSkipBuy:
      return who + " skips buy";
    case kRedraw:
      return fmt::format("{} redraws {}", who, card(0));
    case kKeep:
      return who + " keeps drawn deeds";
    case kReveal:
      return fmt::format("{} reveals {}", who, card(0));
    case kEndTurn:
      return who + " ends turn";
    default:
      return fmt::format("{} unknown move {}", who, move.kind);
  }
}

MoveParse BhRules::parse_move(std::string_view text) const {
  // '@' a cell, '$' a card; they fill the move's arguments in order.
  NotationReader reader(text, players());
  reader.define('@', [this](const std::string& word, std::vector<int>& values) {
    const auto cell = grid().parse_cell(word);
    if (!cell) {
      return fmt::format("'{}' is not a card of the {}x{} forest (columns a-{}, rows 1-{})", word,
                         grid().rows, grid().columns, static_cast<char>('a' + grid().columns - 1),
                         grid().rows);
    }
    values.push_back(*cell);
    return std::string();
  });
  reader.define('$', [](const std::string& word, std::vector<int>& values) {
    const auto card = parse_card(word);
    if (!card) {
      return fmt::format(
          "'{}' is not a card (write rank and suit: 7S, 10H, QC; 7Sg for the "
          "green-backed deck; wildJ, wildQ, wildK)",
          word);
    }
    values.push_back(*card);
    return std::string();
  });

  if (reader.empty()) return reader.failure(kForms);
  if (reader.is({"forest", "@", "$"})) return reader.kind(kDealForest);
  if (reader.is({"deal", "#", "$"})) return reader.kind(kDeal);
  if (reader.is({"draw", "#", "$"})) return reader.kind(kDraw);
  if (reader.is({"#", "discards", "$"})) return reader.kind(kDiscard);
  if (reader.is({"#", "places", "@"})) return reader.kind(kPlace);
  if (reader.is({"#", "builds", "@", "with", "$"})) return reader.kind(kBuild);
  if (reader.is({"#", "skips", "build"})) return reader.kind(kSkipBuild);
  if (reader.is({"#", "swaps", "@", "@", "with", "$", "disturbing", "@"}))
    return reader.kind(kSwap);
  if (reader.is({"#", "skips", "swap"})) return reader.kind(kSkipSwap);
  if (reader.is({"#", "token", "@", "harvests", "@"})) return reader.kind(kHarvest);
  if (reader.is({"#", "buys"})) return reader.kind(kBuy);
  if (reader.is({"#", "skips", "buy"})) return reader.kind(kSkipBuy);
  if (reader.is({"#", "redraws", "$"})) return reader.kind(kRedraw);
  if (reader.is({"#", "keeps", "drawn", "deeds"})) return reader.kind(kKeep);
  if (reader.is({"#", "reveals", "$"})) return reader.kind(kReveal);
  if (reader.is({"#", "ends", "turn"})) return reader.kind(kEndTurn);
  return reader.failure(kForms);
}

}  // namespace grove::bamboo_harvest
