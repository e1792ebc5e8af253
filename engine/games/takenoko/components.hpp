#pragma once
// Takenoko's components (takenoko_rulebook.md, "Game material" and
// "Elements of the game"; card and tile facts from reference/takenoko):
// plot tiles, improvements, bamboo colours, the weather die and the 45
// objective cards.
//
// Tiles and objective cards are handled by kind, not by physical copy: two
// green plots with a printed watershed cannot be told apart, and neither can
// two "two green sections" panda cards. Piles and hands are counts per kind.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/games/takenoko/hex.hpp"

namespace grove::takenoko {

enum class Colour : std::uint8_t { Green, Yellow, Pink };
inline constexpr int kColours = 3;
inline constexpr std::array<const char*, kColours> kColourNames = {"green", "yellow", "pink"};

// Improvement::None is "no improvement"; the three kinds index token arrays
// as improvement - 1.
enum class Improvement : std::uint8_t { None, Enclosure, Fertilizer, Watershed };
inline constexpr int kImprovementKinds = 3;
inline constexpr std::array<const char*, 4> kImprovementNames = {"none", "enclosure", "fertilizer",
                                                                 "watershed"};
inline std::size_t token_index(Improvement improvement) {
  return static_cast<std::size_t>(improvement) - 1;
}

std::optional<Colour> parse_colour(std::string_view text);
// One of the three kinds (not "none").
std::optional<Improvement> parse_improvement(std::string_view text);
inline const char* colour_name(Colour colour) {
  return kColourNames[static_cast<std::size_t>(colour)];
}
inline const char* improvement_name(Improvement improvement) {
  return kImprovementNames[static_cast<std::size_t>(improvement)];
}

// A plot tile kind: its colour and printed improvement, 0..11 as colour * 4 +
// improvement. Written "green", "green-watershed", "pink-fertilizer".
using Tile = std::uint8_t;
inline constexpr int kTileKinds = 12;
inline constexpr Tile kNoTile = 255;
inline constexpr Tile tile_of(Colour colour, Improvement printed) {
  return static_cast<Tile>(static_cast<int>(colour) * 4 + static_cast<int>(printed));
}
inline constexpr Colour colour_of(Tile tile) { return static_cast<Colour>(tile / 4); }
inline constexpr Improvement printed_of(Tile tile) { return static_cast<Improvement>(tile % 4); }
std::string tile_text(Tile tile);
// The tile in a designer's words, for reports: "green plot tile with
// enclosure".
std::string tile_label(Tile tile);
std::optional<Tile> parse_tile(std::string_view text);

enum class Weather : std::uint8_t { None, Sun, Rain, Wind, Storm, Clouds, Question };
inline constexpr std::array<const char*, 7> kWeatherNames = {"none",  "sun",    "rain",    "wind",
                                                             "storm", "clouds", "question"};
inline const char* weather_name(Weather weather) {
  return kWeatherNames[static_cast<std::size_t>(weather)];
}
// A face of the die (not "none").
std::optional<Weather> parse_weather(std::string_view text);

enum class Category : std::uint8_t { Plot, Gardener, Panda };
inline constexpr int kCategories = 3;
inline constexpr std::array<const char*, kCategories> kCategoryNames = {"plot", "gardener",
                                                                        "panda"};
inline const char* category_name(Category category) {
  return kCategoryNames[static_cast<std::size_t>(category)];
}
std::optional<Category> parse_category(std::string_view text);

// What a gardener objective asks of the improvement on its plot(s): any
// (no improvement shown), none (crossed-out improvements) or one kind.
enum class ImprovementNeed : std::uint8_t { Any, None, Enclosure, Fertilizer, Watershed };

struct PlotCell {
  Hex at;
  Colour colour;
};

// One kind of objective card. Plot cards: `cells` as the card shows them held
// upright (reference components.yaml, plot_pattern_shapes). Gardener cards:
// `count` plots of `colour` with bamboo `height` and the improvement `need`.
// Panda cards: `sections` per colour on the player's board.
struct ObjectiveCard {
  std::string name;  // "plot-green-line", "gardener-pink-4-watershed", "panda-2-green"
  // The card in a designer's words, for reports: "green line (plot, 2
  // points)", "pink bamboo of 4 with watershed (gardener, 6 points)".
  std::string label;
  Category category = Category::Plot;
  int points = 0;
  int copies = 1;  // in the box
  std::string description;
  std::vector<PlotCell> cells;
  Colour colour = Colour::Green;
  int height = 0;
  int count = 0;
  ImprovementNeed need = ImprovementNeed::Any;
  std::array<int, kColours> sections{};
};

using ObjectiveId = std::uint8_t;
inline constexpr int kObjectiveKinds = 34;  // 15 plot, 15 gardener, 4 panda
const std::array<ObjectiveCard, kObjectiveKinds>& objective_cards();
inline const ObjectiveCard& card_of(ObjectiveId id) { return objective_cards()[id]; }
std::optional<ObjectiveId> parse_objective(std::string_view text);
std::vector<std::string> objective_names();

// Plot tiles in the box besides the pond, by kind (reference: 11 green, 9
// yellow, 7 pink with their printed improvements).
std::array<int, kTileKinds> box_tiles();

}  // namespace grove::takenoko
