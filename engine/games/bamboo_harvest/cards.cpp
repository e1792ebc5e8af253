#include "engine/games/bamboo_harvest/cards.hpp"

#include <cctype>

#include "engine/core/errors.hpp"

namespace grove::bamboo_harvest {
namespace {

constexpr std::array<char, 4> kSuitLetters = {'C', 'D', 'H', 'S'};

}  // namespace

std::string rank_text(int rank) {
  switch (rank) {
    case 1:
      return "A";
    case 11:
      return "J";
    case 12:
      return "Q";
    case 13:
      return "K";
    default:
      return std::to_string(rank);
  }
}

std::string rank_name(int rank) {
  switch (rank) {
    case 1:
      return "Ace";
    case 11:
      return "Jack";
    case 12:
      return "Queen";
    case 13:
      return "King";
    default:
      return std::to_string(rank);
  }
}

std::optional<int> parse_rank(std::string_view text) {
  for (int rank = 1; rank <= 13; ++rank) {
    const std::string name = rank_text(rank);
    if (text.size() == name.size() &&
        std::equal(text.begin(), text.end(), name.begin(), [](char a, char b) {
          return std::toupper(static_cast<unsigned char>(a)) == b;
        })) {
      return rank;
    }
  }
  return std::nullopt;
}

std::string card_text(Card card) {
  if (card == kNoCard) return "-";
  if (is_wild(card)) return "wild" + rank_text(rank_of(card));
  std::string text = rank_text(rank_of(card));
  text += kSuitLetters[static_cast<std::size_t>(suit_of(card))];
  if (deck_of(card) == 1) text += 'g';
  return text;
}

std::optional<Card> parse_card(std::string_view text) {
  if (text.size() > 4 &&
      (text.substr(0, 4) == "wild" || text.substr(0, 4) == "WILD" || text.substr(0, 4) == "Wild")) {
    auto rank = parse_rank(text.substr(4));
    if (!rank || *rank < 11) return std::nullopt;
    return card_of(*rank, kDiamonds, 1);
  }
  int deck = 0;
  if (!text.empty() && (text.back() == 'g' || text.back() == 'G')) {
    deck = 1;
    text.remove_suffix(1);
  }
  if (text.size() < 2) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
  int suit = -1;
  for (std::size_t i = 0; i < kSuitLetters.size(); ++i) {
    if (kSuitLetters[i] == letter) suit = static_cast<int>(i);
  }
  auto rank = parse_rank(text.substr(0, text.size() - 1));
  if (suit < 0 || !rank) return std::nullopt;
  return card_of(*rank, suit, deck);
}

Card CardSet::nth(int n) const {
  const int in_low = std::popcount(bits_[0]);
  std::size_t word = 0;
  if (n >= in_low) {
    n -= in_low;
    word = 1;
  }
  std::uint64_t bits = bits_[word];
  for (int i = 0; i < n; ++i) bits &= bits - 1;
  return static_cast<Card>(static_cast<int>(word) * 64 + std::countr_zero(bits));
}

CardSet CardSet::all() {
  CardSet cards;
  for (int card = 0; card < kCards; ++card) cards.add(static_cast<Card>(card));
  return cards;
}

std::string cards_text(const CardSet& cards) {
  std::vector<std::string> names;
  cards.for_each([&](Card card) { names.push_back(card_text(card)); });
  return join(names, ", ");
}

}  // namespace grove::bamboo_harvest
