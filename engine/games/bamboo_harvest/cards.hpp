#pragma once
// The 104 cards of the two-standard-decks edition of Bamboo Harvest
// (bamboo_harvest.txt, "Set Up" steps 1-3 and the note on standard decks).
//
// A card is a number 0..103: deck * 52 + suit * 13 + (rank - 1), with suits
// in the order clubs, diamonds, hearts, spades. Deck 0 has black backs and
// deck 1 green backs; the back only breaks ties between equal setup discards.
// The red cards are the forest, except the Jack, Queen and King of diamonds
// of the green-backed deck: those are the three wild deeds.
//
// Written as rank and suit, "7H", "10S", "QC", with a trailing "g" for the
// green-backed copy ("7Hg"); the wild deeds are written "wildJ", "wildQ",
// "wildK".

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grove::bamboo_harvest {

using Card = std::uint8_t;
inline constexpr Card kNoCard = 255;
inline constexpr int kCards = 104;

enum Suit : int { kClubs = 0, kDiamonds = 1, kHearts = 2, kSpades = 3 };

inline constexpr int rank_of(Card card) { return card % 13 + 1; }  // 1 = Ace .. 13 = King
inline constexpr int suit_of(Card card) { return (card / 13) % 4; }
inline constexpr int deck_of(Card card) { return card / 52; }  // 0 black back, 1 green back
inline constexpr bool is_red(Card card) {
  return suit_of(card) == kDiamonds || suit_of(card) == kHearts;
}
inline constexpr Card card_of(int rank, int suit, int deck) {
  return static_cast<Card>(deck * 52 + suit * 13 + rank - 1);
}
inline constexpr bool is_wild(Card card) {
  return deck_of(card) == 1 && suit_of(card) == kDiamonds && rank_of(card) >= 11;
}
inline constexpr bool is_face(Card card) { return rank_of(card) >= 11; }
// Forest cards are the red ones that are not wild deeds; deeds are the rest.
inline constexpr bool is_forest_card(Card card) { return is_red(card) && !is_wild(card); }

// "A", "2" .. "10", "J", "Q", "K".
std::string rank_text(int rank);
// As the rules name it, for reports: "Ace", "2" .. "10", "Jack", "Queen",
// "King".
std::string rank_name(int rank);
std::optional<int> parse_rank(std::string_view text);
std::string card_text(Card card);
std::optional<Card> parse_card(std::string_view text);

// A set of cards, as 104 bits: piles, hands and markers are sets because a
// face-down pile has no order anyone may know (a draw is a chance node over
// the cards it holds).
class CardSet {
 public:
  CardSet() = default;
  static CardSet all();

  bool has(Card card) const { return (bits_[card / 64] >> (card % 64)) & 1U; }
  void add(Card card) { bits_[card / 64] |= std::uint64_t{1} << (card % 64); }
  void remove(Card card) { bits_[card / 64] &= ~(std::uint64_t{1} << (card % 64)); }
  int size() const { return std::popcount(bits_[0]) + std::popcount(bits_[1]); }
  bool empty() const { return (bits_[0] | bits_[1]) == 0; }
  void clear() { bits_ = {}; }

  // The n-th card (0-based) in card order.
  Card nth(int n) const;

  CardSet operator|(const CardSet& other) const {
    return CardSet({bits_[0] | other.bits_[0], bits_[1] | other.bits_[1]});
  }
  CardSet operator&(const CardSet& other) const {
    return CardSet({bits_[0] & other.bits_[0], bits_[1] & other.bits_[1]});
  }
  CardSet without(const CardSet& other) const {
    return CardSet({bits_[0] & ~other.bits_[0], bits_[1] & ~other.bits_[1]});
  }
  CardSet& operator|=(const CardSet& other) { return *this = *this | other; }
  bool operator==(const CardSet&) const = default;

  std::uint64_t low() const { return bits_[0]; }
  std::uint64_t high() const { return bits_[1]; }

  // Calls f(card) for each card, in card order.
  template <class F>
  void for_each(F&& f) const {
    for (int word = 0; word < 2; ++word) {
      std::uint64_t bits = bits_[static_cast<std::size_t>(word)];
      while (bits != 0) {
        f(static_cast<Card>(word * 64 + std::countr_zero(bits)));
        bits &= bits - 1;
      }
    }
  }

  explicit CardSet(std::array<std::uint64_t, 2> bits) : bits_(bits) {}

 private:
  std::array<std::uint64_t, 2> bits_{};
};

std::string cards_text(const CardSet& cards);  // "7S, 10C, wildQ"

}  // namespace grove::bamboo_harvest
