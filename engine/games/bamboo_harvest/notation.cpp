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

#include <fmt/format.h>

#include "engine/core/words.hpp"
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
  std::vector<std::string> words = words_of(text);
  for (std::string& word : words) word = lowercase(word);
  MoveParse result;
  Move& move = result.move;
  std::string problem;
  auto fail = [&](const std::string& why) {
    result.error = fmt::format("cannot read move '{}': {}", text, why);
    return result;
  };
  auto seat = [&](const std::string& word) {
    auto parsed = parse_seat_label(word);
    if (!parsed || *parsed >= players()) {
      problem = fmt::format("'{}' is not a seat at this table (P1 to P{})", word, players());
      return false;
    }
    move.seat = static_cast<std::int16_t>(*parsed);
    return true;
  };
  auto cell = [&](const std::string& word, int slot) {
    auto parsed = grid().parse_cell(word);
    if (!parsed) {
      problem = fmt::format("'{}' is not a card of the {}x{} forest (columns a-{}, rows 1-{})",
                            word, grid().rows, grid().columns,
                            static_cast<char>('a' + grid().columns - 1), grid().rows);
      return false;
    }
    move.args[static_cast<std::size_t>(slot)] = static_cast<std::int16_t>(*parsed);
    return true;
  };
  auto card = [&](const std::string& word, int slot) {
    auto parsed = parse_card(word);
    if (!parsed) {
      problem = fmt::format(
          "'{}' is not a card (write rank and suit: 7S, 10H, QC; 7Sg for the "
          "green-backed deck; wildJ, wildQ, wildK)",
          word);
      return false;
    }
    move.args[static_cast<std::size_t>(slot)] = static_cast<std::int16_t>(*parsed);
    return true;
  };
  // Matches the words against a pattern: '#' a seat, '@' a cell, '$' a card;
  // cells and cards fill the move's arguments in the order they are written.
  auto is = [&](std::initializer_list<const char*> pattern) {
    if (words.size() != pattern.size()) return false;
    std::size_t i = 0;
    for (const char* expected : pattern) {
      const std::string& word = words[i++];
      const std::string wanted = expected;
      if (wanted != "#" && wanted != "@" && wanted != "$" && word != wanted) return false;
    }
    move = Move{};
    i = 0;
    int slot = 0;
    for (const char* expected : pattern) {
      const std::string& word = words[i++];
      const std::string wanted = expected;
      if (wanted == "#" && !seat(word)) return false;
      if (wanted == "@" && !cell(word, slot++)) return false;
      if (wanted == "$" && !card(word, slot++)) return false;
    }
    return true;
  };
  auto kind = [&](MoveKind value) {
    move.kind = value;
    return result;
  };

  if (words.empty()) return fail(kForms);
  if (is({"forest", "@", "$"})) return kind(kDealForest);
  if (is({"deal", "#", "$"})) return kind(kDeal);
  if (is({"draw", "#", "$"})) return kind(kDraw);
  if (is({"#", "discards", "$"})) return kind(kDiscard);
  if (is({"#", "places", "@"})) return kind(kPlace);
  if (is({"#", "builds", "@", "with", "$"})) return kind(kBuild);
  if (is({"#", "skips", "build"})) return kind(kSkipBuild);
  if (is({"#", "swaps", "@", "@", "with", "$", "disturbing", "@"})) return kind(kSwap);
  if (is({"#", "skips", "swap"})) return kind(kSkipSwap);
  if (is({"#", "token", "@", "harvests", "@"})) return kind(kHarvest);
  if (is({"#", "buys"})) return kind(kBuy);
  if (is({"#", "skips", "buy"})) return kind(kSkipBuy);
  if (is({"#", "redraws", "$"})) return kind(kRedraw);
  if (is({"#", "keeps", "drawn", "deeds"})) return kind(kKeep);
  if (is({"#", "reveals", "$"})) return kind(kReveal);
  if (is({"#", "ends", "turn"})) return kind(kEndTurn);
  if (!problem.empty()) return fail(problem);
  return fail(kForms);
}

}  // namespace grove::bamboo_harvest
