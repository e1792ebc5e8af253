// The card data compiled into grove (engine/games/forest_shuffle/cards.yaml)
// against the facts of the rulebook and the reference material
// (shared/reference/forest_shuffle): counts, costs, the halves of every
// species by side, and the tree symbols; a variant changing a card; and the
// errors a designer gets for a malformed card file.

#include <gtest/gtest.h>

#include <array>
#include <map>

#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "engine/games/forest_shuffle/fs_rules.hpp"
#include "tests/support/errors.hpp"

namespace grove::forest_shuffle {
namespace {

struct Halves {
  const char* species;
  int cost;
  int top, bottom, left, right;  // halves of the species on each side
};

// From the reference's species table (positions and costs).
constexpr std::array<Halves, 49> kReferenceHalves = {{
    {"barbastelle_bat", 1, 0, 0, 2, 1},
    {"bechsteins_bat", 1, 0, 0, 2, 1},
    {"brown_long_eared_bat", 1, 0, 0, 2, 1},
    {"greater_horseshoe_bat", 1, 0, 0, 1, 2},
    {"beech_marten", 1, 0, 0, 2, 3},
    {"brown_bear", 3, 0, 0, 1, 2},
    {"european_badger", 1, 0, 0, 2, 2},
    {"european_fat_dormouse", 1, 0, 0, 2, 2},
    {"european_hare", 0, 0, 0, 6, 5},
    {"fallow_deer", 2, 0, 0, 2, 2},
    {"gnat", 0, 0, 0, 1, 2},
    {"lynx", 1, 0, 0, 3, 3},
    {"raccoon", 1, 0, 0, 2, 2},
    {"red_deer", 2, 0, 0, 2, 3},
    {"red_fox", 2, 0, 0, 3, 2},
    {"roe_deer", 2, 0, 0, 2, 3},
    {"squeaker", 0, 0, 0, 2, 2},
    {"violet_carpenter_bee", 1, 0, 0, 2, 2},
    {"wild_boar", 2, 0, 0, 3, 2},
    {"wolf", 3, 0, 0, 2, 2},
    {"blackberries", 0, 0, 3, 0, 0},
    {"bullfinch", 1, 4, 0, 0, 0},
    {"camberwell_beauty", 0, 4, 0, 0, 0},
    {"chaffinch", 1, 4, 0, 0, 0},
    {"chanterelle", 2, 0, 2, 0, 0},
    {"common_toad", 0, 0, 6, 0, 0},
    {"eurasian_jay", 1, 4, 0, 0, 0},
    {"fire_salamander", 1, 0, 3, 0, 0},
    {"fireflies", 0, 0, 4, 0, 0},
    {"fly_agaric", 2, 0, 2, 0, 0},
    {"goshawk", 2, 4, 0, 0, 0},
    {"great_spotted_woodpecker", 1, 4, 0, 0, 0},
    {"hedgehog", 1, 0, 3, 0, 0},
    {"large_tortoiseshell", 0, 4, 0, 0, 0},
    {"mole", 2, 0, 2, 0, 0},
    {"moss", 0, 0, 3, 0, 0},
    {"parasol_mushroom", 2, 0, 2, 0, 0},
    {"peacock_butterfly", 0, 4, 0, 0, 0},
    {"penny_bun", 2, 0, 2, 0, 0},
    {"pond_turtle", 2, 0, 2, 0, 0},
    {"purple_emperor", 0, 4, 0, 0, 0},
    {"red_squirrel", 0, 4, 0, 0, 0},
    {"silver_washed_fritillary", 0, 4, 0, 0, 0},
    {"stag_beetle", 2, 0, 2, 0, 0},
    {"tawny_owl", 2, 4, 0, 0, 0},
    {"tree_ferns", 1, 0, 3, 0, 0},
    {"tree_frog", 0, 0, 3, 0, 0},
    {"wild_strawberries", 0, 0, 3, 0, 0},
    {"wood_ant", 1, 0, 3, 0, 0},
}};

const CardBook& book() { return base_card_book(); }

TEST(ForestShuffleCards, TheDeckHasTheRulebooksCards) {
  // Components: 66 trees, 48 cards split top and bottom, 44 split left and
  // right, 3 winter cards.
  int trees = 0, top_bottom = 0, left_right = 0;
  for (const Card& card : book().cards) {
    if (card.tree) {
      trees += card.copies;
    } else if (card.has_side(Side::Top)) {
      top_bottom += card.copies;
    } else {
      left_right += card.copies;
    }
  }
  EXPECT_EQ(trees, 66);
  EXPECT_EQ(top_bottom, 48);
  EXPECT_EQ(left_right, 44);
  EXPECT_EQ(book().winter_cards, 3);
  EXPECT_EQ(book().total_cards() + book().winter_cards, 161);
  EXPECT_EQ(book().species.size(), 8U + 49U);
}

TEST(ForestShuffleCards, TreeSpeciesHaveTheirCountsAndCosts) {
  const std::map<std::string, std::pair<int, int>> expected = {
      {"sycamore", {6, 2}},    {"birch", {10, 0}},    {"beech", {10, 1}},
      {"douglas_fir", {7, 2}}, {"oak", {7, 2}},       {"horse_chestnut", {11, 1}},
      {"linden", {9, 1}},      {"silver_fir", {6, 2}}};
  for (const auto& [id, count_cost] : expected) {
    const SpeciesId species = book().find_species(id);
    ASSERT_NE(species, kNoSpecies) << id;
    EXPECT_LT(species, kTreeSpecies) << id;
    EXPECT_EQ(book().species_of(species).copies, count_cost.first) << id;
    EXPECT_EQ(book().species_of(species).cost, count_cost.second) << id;
  }
}

TEST(ForestShuffleCards, EveryDwellerHasItsHalvesOnItsSidesAndItsCost) {
  for (const Halves& expected : kReferenceHalves) {
    const SpeciesId species = book().find_species(expected.species);
    ASSERT_NE(species, kNoSpecies) << expected.species;
    EXPECT_EQ(book().species_of(species).cost, expected.cost) << expected.species;
    std::array<int, kSides> halves{};
    for (const Card& card : book().cards) {
      for (int s = 0; s < kSides && !card.tree; ++s) {
        if (card.halves[static_cast<std::size_t>(s)].species == species) {
          halves[static_cast<std::size_t>(s)] += card.copies;
        }
      }
    }
    EXPECT_EQ(halves, (std::array<int, kSides>{expected.top, expected.bottom, expected.left,
                                               expected.right}))
        << expected.species;
  }
}

TEST(ForestShuffleCards, TreeSymbolsAreOnEachHalfAndNeverTwiceOnACard) {
  // The reference's count of the cards that show each symbol (either half
  // of a split card, or the tree itself).
  const std::map<std::string, int> showing = {
      {"beech", 32},  {"birch", 31}, {"douglas_fir", 31}, {"horse_chestnut", 34},
      {"linden", 32}, {"oak", 30},   {"silver_fir", 30},  {"sycamore", 30}};
  for (const auto& [id, expected] : showing) {
    const SpeciesId symbol = book().find_species(id);
    int cards = 0;
    for (const Card& card : book().cards) cards += card.shows_symbol(symbol) ? card.copies : 0;
    EXPECT_EQ(cards, expected) << id;
  }
  for (const Card& card : book().cards) {
    if (card.tree) continue;
    std::vector<SpeciesId> symbols;
    for (const Half& half : card.halves) {
      if (half.species != kNoSpecies) symbols.push_back(half.symbol);
    }
    ASSERT_EQ(symbols.size(), 2U) << card.code;
    EXPECT_NE(symbols[0], symbols[1]) << card.code;
  }
}

TEST(ForestShuffleCards, AVariantChangesACardsCopiesCostAndPoints) {
  const Game& game = builtin_games().get("forest_shuffle");
  Variant variant(game);
  variant.set_parameter_text("copies={LR01: 0, linden: 12}");
  variant.set_parameter_text("cost={brown_bear: 1}");
  variant.set_parameter_text("points={goshawk: 4}");
  variant.set_parameter_text("needs={beech: 3}");
  variant.set_parameter_text("butterfly_sets={5: 30}");
  const Settings settings = read_settings(variant, 2);
  const CardBook& changed = settings.book;
  EXPECT_EQ(changed.card(changed.find_card("LR01")).copies, 0);
  EXPECT_EQ(changed.species_of(changed.find_species("linden")).copies, 12);
  EXPECT_EQ(changed.total_cards(), 158 - 1 + 3);
  EXPECT_EQ(changed.species_of(changed.find_species("brown_bear")).cost, 1);
  EXPECT_EQ(changed.species_of(changed.find_species("goshawk")).scoring.points, 4);
  EXPECT_EQ(changed.species_of(changed.find_species("beech")).scoring.needs, 3);
  EXPECT_EQ(changed.species_of(changed.find_species("peacock_butterfly")).scoring.table.back(), 30);
}

TEST(ForestShuffleCards, AVariantThatRemovesMoreCardsThanTheDeckHasIsRefused) {
  const Game& game = builtin_games().get("forest_shuffle");
  Variant variant(game);
  variant.set_parameter_text("cards_removed={2: 150}");
  variant.set_parameter_text("copies={birch: 0, beech: 0}");
  EXPECT_EQ(testing::message_of<InputError>([&] { game.rules(variant, 2); }),
            "cards_removed is 150 for 2 players, but the deck has only 138 cards (copies)");
}

// --- A card file written by hand -------------------------------------------

std::string error_of(const std::string& text) {
  return testing::message_of<InputError>([&] { parse_card_book(text, "my_cards.yaml"); });
}

std::string eight_trees() {
  std::string text = "species:\n";
  for (const char* tree : {"sycamore", "birch", "beech", "douglas_fir", "oak", "horse_chestnut",
                           "linden", "silver_fir"}) {
    text += std::string("  - {id: ") + tree + ", name: T, kind: tree, copies: 1, cost: 1, " +
            "types: [tree], scoring: {kind: flat, points: 1}}\n";
  }
  return text;
}

TEST(ForestShuffleCards, AMalformedCardFileNamesTheLineAndTheKey) {
  EXPECT_EQ(error_of("species: [\n"),
            "my_cards.yaml:2:1: malformed YAML: end of sequence flow not found");
  EXPECT_EQ(error_of("species: []\ncards: []\ncolour: red\n"),
            "my_cards.yaml:3:1: 'colour': unknown key; expected one of: winter_cards, species, "
            "cards");
  const std::string hare =
      "  - {id: european_hare, name: Hare, sides: [left, right], cost: 0, types: [pawed_animal], "
      "scoring: {kind: flat, points: 1}}\n";
  EXPECT_EQ(error_of(eight_trees() + hare +
                     "cards:\n  - {id: X1, top: european_hare@oak, bottom: "
                     "european_hare@birch}\n"),
            "my_cards.yaml:12:19: 'top': Hare is not played to the top");
  EXPECT_EQ(error_of(eight_trees() + hare +
                     "cards:\n  - {id: X1, left: european_hare@oak, right: "
                     "european_hair@birch}\n"),
            "my_cards.yaml:12:46: 'right': expected a split-card species@tree_symbol, got "
            "'european_hair@birch'");
  // A rule or an ability missing what it counts or does.
  EXPECT_EQ(error_of(eight_trees() +
                     "  - {id: fox, name: Fox, sides: [left], cost: 0, types: [pawed_animal], "
                     "scoring: {kind: per_species, points: 2}}\ncards: []\n"),
            "my_cards.yaml:10:82: 'scoring': a per_species rule needs a species");
  EXPECT_EQ(error_of(eight_trees() +
                     "  - {id: owl, name: Owl, sides: [top], cost: 0, types: [bird], effect: "
                     "{kind: draw}, scoring: {kind: flat, points: 1}}\ncards: []\n"),
            "my_cards.yaml:10:72: 'effect': a draw ability needs a count");
  EXPECT_EQ(error_of(eight_trees() +
                     "  - {id: hare, name: Hare, sides: [left], cost: 0, types: [pawed], scoring: "
                     "{kind: flat}}\ncards: []\n"),
            "my_cards.yaml:10:60: 'types': expected a type symbol (tree, bird, bat, butterfly, "
            "insect, pawed_animal, cloven_hoofed_animal, deer, amphibian, plant, mushroom), got "
            "'pawed'");
}

}  // namespace
}  // namespace grove::forest_shuffle
