#include "engine/games/takenoko/components.hpp"

#include <fmt/format.h>

#include "engine/core/words.hpp"

namespace grove::takenoko {
namespace {

template <std::size_t N>
std::optional<std::size_t> index_in(const std::array<const char*, N>& names, std::string_view text,
                                    std::size_t first) {
  for (std::size_t i = first; i < N; ++i) {
    if (text == names[i]) return i;
  }
  return std::nullopt;
}

// The plot-objective shapes as the upright card shows them
// (reference/takenoko/components.yaml, plot_pattern_shapes).
struct Shape {
  const char* name;
  const char* words;
  std::vector<Hex> cells;
};

const std::array<Shape, 4>& shapes() {
  static const std::array<Shape, 4> list = {{
      {"line", "three {} plots in a straight line", {{0, 0}, {0, 1}, {0, 2}}},
      {"curve",
       "three {} plots in a bent line (120 degrees at the middle)",
       {{0, 0}, {-1, 1}, {-1, 2}}},
      {"triangle", "three mutually adjacent {} plots", {{0, 0}, {-1, 1}, {0, 1}}},
      {"diamond", "four {} plots forming a diamond", {{0, 0}, {-1, 1}, {0, 1}, {-1, 2}}},
  }};
  return list;
}

std::array<ObjectiveCard, kObjectiveKinds> build_cards() {
  std::array<ObjectiveCard, kObjectiveKinds> cards;
  std::size_t next = 0;
  // Plot objectives: points by colour and shape (2/2/2/3 green, 3/3/3/4 yellow,
  // 4/4/4/5 pink).
  const std::array<std::array<int, 4>, kColours> plot_points = {
      {{2, 2, 2, 3}, {3, 3, 3, 4}, {4, 4, 4, 5}}};
  for (int colour = 0; colour < kColours; ++colour) {
    for (std::size_t shape = 0; shape < shapes().size(); ++shape) {
      ObjectiveCard& card = cards[next++];
      card.name = fmt::format("plot-{}-{}", kColourNames[static_cast<std::size_t>(colour)],
                              shapes()[shape].name);
      card.category = Category::Plot;
      card.points = plot_points[static_cast<std::size_t>(colour)][shape];
      card.description = fmt::format(fmt::runtime(shapes()[shape].words),
                                     kColourNames[static_cast<std::size_t>(colour)]);
      card.label =
          fmt::format("{} {} (plot, {} points)", kColourNames[static_cast<std::size_t>(colour)],
                      shapes()[shape].name, card.points);
      for (const Hex& at : shapes()[shape].cells)
        card.cells.push_back({at, static_cast<Colour>(colour)});
    }
  }
  // The two-colour diamonds: colour A on the top tip and the right-hand middle
  // plot, colour B on the left-hand middle plot and the bottom tip (chiral).
  struct TwoColour {
    Colour a;
    Colour b;
    int points;
  };
  for (const TwoColour& two :
       {TwoColour{Colour::Green, Colour::Yellow, 3}, TwoColour{Colour::Green, Colour::Pink, 4},
        TwoColour{Colour::Pink, Colour::Yellow, 5}}) {
    ObjectiveCard& card = cards[next++];
    card.name = fmt::format("plot-{}-{}-diamond", colour_name(two.a), colour_name(two.b));
    card.category = Category::Plot;
    card.points = two.points;
    card.description = fmt::format(
        "a diamond whose top tip and right-hand middle plot are {0} and whose left-hand middle "
        "plot and bottom tip are {1}, as on the card",
        colour_name(two.a), colour_name(two.b));
    card.cells = {{{0, 0}, two.a}, {{0, 1}, two.a}, {{-1, 1}, two.b}, {{-1, 2}, two.b}};
    card.label = fmt::format("{} and {} diamond (plot, {} points)", colour_name(two.a),
                             colour_name(two.b), card.points);
  }
  // Gardener objectives: one bamboo of four sections with an improvement
  // shown, or none allowed; or several bamboos of three sections.
  const std::array<std::array<int, 4>, kColours> gardener_points = {
      {{3, 4, 4, 5}, {4, 5, 5, 6}, {5, 6, 6, 7}}};
  const std::array<ImprovementNeed, 4> needs = {ImprovementNeed::Fertilizer,
                                                ImprovementNeed::Watershed,
                                                ImprovementNeed::Enclosure, ImprovementNeed::None};
  const std::array<const char*, 4> need_names = {"fertilizer", "watershed", "enclosure", "none"};
  for (int colour = 0; colour < kColours; ++colour) {
    for (std::size_t need = 0; need < needs.size(); ++need) {
      ObjectiveCard& card = cards[next++];
      const char* name = kColourNames[static_cast<std::size_t>(colour)];
      card.name = fmt::format("gardener-{}-4-{}", name, need_names[need]);
      card.category = Category::Gardener;
      card.points = gardener_points[static_cast<std::size_t>(colour)][need];
      card.colour = static_cast<Colour>(colour);
      card.height = 4;
      card.count = 1;
      card.need = needs[need];
      card.description =
          needs[need] == ImprovementNeed::None
              ? fmt::format("a {} bamboo of 4 sections on a plot with no improvement", name)
              : fmt::format("a {} bamboo of 4 sections on a plot with {}", name,
                            with_article(need_names[need]));
      card.label = fmt::format(
          "{} bamboo of 4 with {} (gardener, {} points)", name,
          needs[need] == ImprovementNeed::None ? "no improvement" : need_names[need], card.points);
    }
  }
  struct Group {
    Colour colour;
    int count;
    int points;
  };
  for (const Group& group :
       {Group{Colour::Green, 4, 8}, Group{Colour::Yellow, 3, 7}, Group{Colour::Pink, 2, 6}}) {
    ObjectiveCard& card = cards[next++];
    card.name = fmt::format("gardener-{}-3x{}", colour_name(group.colour), group.count);
    card.category = Category::Gardener;
    card.points = group.points;
    card.colour = group.colour;
    card.height = 3;
    card.count = group.count;
    card.need = ImprovementNeed::Any;
    card.description = fmt::format("{} {} bamboos of 3 sections each, improvements do not matter",
                                   group.count, colour_name(group.colour));
    card.label = fmt::format("{} {} bamboos of 3 (gardener, {} points)", group.count,
                             colour_name(group.colour), card.points);
  }
  // Panda objectives: sections on the player's board.
  struct Panda {
    const char* name;
    std::array<int, kColours> sections;
    int points;
    int copies;
  };
  for (const Panda& panda :
       {Panda{"panda-2-green", {2, 0, 0}, 3, 5}, Panda{"panda-2-yellow", {0, 2, 0}, 4, 4},
        Panda{"panda-2-pink", {0, 0, 2}, 5, 3}, Panda{"panda-3-colours", {1, 1, 1}, 6, 3}}) {
    ObjectiveCard& card = cards[next++];
    card.name = panda.name;
    card.category = Category::Panda;
    card.points = panda.points;
    card.copies = panda.copies;
    card.sections = panda.sections;
    std::vector<std::string> parts;
    for (std::size_t colour = 0; colour < kColours; ++colour) {
      if (panda.sections[colour] > 0) {
        parts.push_back(fmt::format("{} {}", panda.sections[colour], kColourNames[colour]));
      }
    }
    card.description =
        fmt::format("{} bamboo section(s) on the player's board", fmt::join(parts, ", "));
    card.label = fmt::format("{} sections (panda, {} points)", fmt::join(parts, ", "), card.points);
  }
  return cards;
}

}  // namespace

std::optional<Colour> parse_colour(std::string_view text) {
  if (auto index = index_in(kColourNames, text, 0)) return static_cast<Colour>(*index);
  return std::nullopt;
}

std::optional<Improvement> parse_improvement(std::string_view text) {
  if (auto index = index_in(kImprovementNames, text, 1)) return static_cast<Improvement>(*index);
  return std::nullopt;
}

std::optional<Weather> parse_weather(std::string_view text) {
  if (auto index = index_in(kWeatherNames, text, 1)) return static_cast<Weather>(*index);
  return std::nullopt;
}

std::optional<Category> parse_category(std::string_view text) {
  if (auto index = index_in(kCategoryNames, text, 0)) return static_cast<Category>(*index);
  return std::nullopt;
}

std::string tile_text(Tile tile) {
  if (tile >= kTileKinds) return "?";
  std::string text = colour_name(colour_of(tile));
  if (printed_of(tile) != Improvement::None)
    text += std::string("-") + improvement_name(printed_of(tile));
  return text;
}

std::string tile_label(Tile tile) {
  if (tile >= kTileKinds) return "?";
  std::string text = std::string(colour_name(colour_of(tile))) + " plot tile";
  if (printed_of(tile) != Improvement::None)
    text += std::string(" with ") + improvement_name(printed_of(tile));
  return text;
}

std::optional<Tile> parse_tile(std::string_view text) {
  const auto dash = text.find('-');
  const auto colour = parse_colour(text.substr(0, dash));
  if (!colour) return std::nullopt;
  if (dash == std::string_view::npos) return tile_of(*colour, Improvement::None);
  const auto improvement = parse_improvement(text.substr(dash + 1));
  if (!improvement) return std::nullopt;
  return tile_of(*colour, *improvement);
}

const std::array<ObjectiveCard, kObjectiveKinds>& objective_cards() {
  static const std::array<ObjectiveCard, kObjectiveKinds> cards = build_cards();
  return cards;
}

std::optional<ObjectiveId> parse_objective(std::string_view text) {
  for (std::size_t id = 0; id < objective_cards().size(); ++id) {
    if (objective_cards()[id].name == text) return static_cast<ObjectiveId>(id);
  }
  return std::nullopt;
}

std::vector<std::string> objective_names() {
  std::vector<std::string> names;
  for (const auto& card : objective_cards()) names.push_back(card.name);
  return names;
}

std::array<int, kTileKinds> box_tiles() {
  std::array<int, kTileKinds> tiles{};
  auto set = [&](Colour colour, int plain, int enclosure, int fertilizer, int watershed) {
    tiles[tile_of(colour, Improvement::None)] = plain;
    tiles[tile_of(colour, Improvement::Enclosure)] = enclosure;
    tiles[tile_of(colour, Improvement::Fertilizer)] = fertilizer;
    tiles[tile_of(colour, Improvement::Watershed)] = watershed;
  };
  set(Colour::Green, 6, 2, 1, 2);
  set(Colour::Yellow, 6, 1, 1, 1);
  set(Colour::Pink, 4, 1, 1, 1);
  return tiles;
}

}  // namespace grove::takenoko
