// Move notation (seats P1.., cells q,r like 1,-2, tiles like "green" or
// "pink-fertilizer", objective cards by name like "plot-green-line"):
//   deal P1 plot-green-line               chance: a starting objective dealt
//   weather P1 rain                       chance: the weather die's face
//   plot P1 green-watershed               chance: a plot tile drawn
//   objective P1 panda-2-green            chance: an objective card drawn
//   P1 draws plots | P1 takes channel
//   P1 moves gardener to 1,-1 | P1 moves panda to 1,-1
//   P1 draws objective plot               (plot, gardener or panda)
//   P1 keeps green [returning yellow [then pink [then ...]]]
//                                         (the first one returned goes under the pile first)
//   P1 places green at 1,-1 [with fertilizer]
//                                         (with: a kept improvement token added)
//   P1 places channel between 1,0 and 0,1 (the two cells in either order)
//   P1 places fertilizer on 1,-1          a kept improvement token
//   P1 completes plot-green-line | P1 ends turn
//   P1 chooses rain                       '?' on the die: any face but '?'
//   P1 rain on 1,-1 | P1 storm panda to 1,-1
//   P1 takes fertilizer                   clouds
//   P1 moves fertilizer from 1,0 to 2,-1  clouds with no token left (a ruling)
//   P1 ignores weather
// Keywords and names are matched in any case; cells may be written (1,-2) or
// [1,-2] too.

#include "engine/core/notation.hpp"

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/core/words.hpp"
#include "engine/games/takenoko/tk_rules.hpp"

namespace grove::takenoko {
namespace {

constexpr const char* kForms =
    "expected one of 'deal P1 OBJECTIVE', 'weather P1 FACE', 'plot P1 TILE', 'objective P1 "
    "OBJECTIVE', 'P1 draws plots', 'P1 takes channel', 'P1 moves gardener to CELL', 'P1 moves "
    "panda to CELL', 'P1 draws objective CATEGORY', 'P1 keeps TILE [returning TILE [then TILE "
    "...]]', "
    "'P1 places TILE at CELL [with IMPROVEMENT]', 'P1 places channel between CELL and CELL', 'P1 "
    "places IMPROVEMENT on CELL', 'P1 completes OBJECTIVE', 'P1 ends turn', 'P1 chooses WEATHER', "
    "'P1 rain on CELL', 'P1 storm panda to CELL', 'P1 takes IMPROVEMENT', 'P1 moves IMPROVEMENT "
    "from CELL to CELL', 'P1 ignores weather'";

}  // namespace

std::string TakenokoRules::move_text(const Move& move) const {
  const std::string who = seat_label(move.seat);
  const auto arg = [&](int index) { return move.args[static_cast<std::size_t>(index)]; };
  // Out-of-range values print as "?" so that a malformed move still shows.
  const auto tile = [&](int value) {
    return value >= 0 && value < kTileKinds ? tile_text(static_cast<Tile>(value)) : "?";
  };
  const auto objective = [&](int index) {
    const int value = arg(index);
    return value >= 0 && value < kObjectiveKinds ? card_of(static_cast<ObjectiveId>(value)).name
                                                 : "?";
  };
  const auto weather = [&](int index) {
    const int value = arg(index);
    return value >= 0 && value < static_cast<int>(kWeatherNames.size())
               ? std::string(weather_name(static_cast<Weather>(value)))
               : "?";
  };
  const auto improvement = [&](int index) {
    const int value = arg(index);
    return value >= 0 && value < static_cast<int>(kImprovementNames.size())
               ? std::string(improvement_name(static_cast<Improvement>(value)))
               : "?";
  };
  const auto category = [&](int index) {
    const int value = arg(index);
    return value >= 0 && value < kCategories
               ? std::string(category_name(static_cast<Category>(value)))
               : "?";
  };
  const auto cell = [&](int index) { return hex_text(Hex{arg(index), arg(index + 1)}); };
  switch (move.kind) {
    case kDeal:
      return fmt::format("deal {} {}", who, objective(0));
    case kRollWeather:
      return fmt::format("weather {} {}", who, weather(0));
    case kDrawPlot:
      return fmt::format("plot {} {}", who, tile(arg(0)));
    case kDrawObjective:
      return fmt::format("objective {} {}", who, objective(0));
    case kTakePlots:
      return who + " draws plots";
    case kTakeChannel:
      return who + " takes channel";
    case kMoveGardener:
      return fmt::format("{} moves gardener to {}", who, cell(0));
    case kMovePanda:
      return fmt::format("{} moves panda to {}", who, cell(0));
    case kTakeObjective:
      return fmt::format("{} draws objective {}", who, category(0));
    case kKeepPlot: {
      // The returned tiles are stored + 1 so that 0 means none.
      std::string text = fmt::format("{} keeps {}", who, tile(arg(0)));
      // Tiles put back: arguments 1.. up to the first empty one (a stray
      // later one still shows, so a malformed move prints whole).
      int last = 0;
      for (int slot = 1; slot <= kMaxPlotsDrawn - 1; ++slot) last = arg(slot) != 0 ? slot : last;
      for (int slot = 1; slot <= last; ++slot) {
        text += (slot == 1 ? " returning " : " then ") + tile(arg(slot) - 1);
      }
      return text;
    }
    case kPlacePlot: {
      std::string text = fmt::format("{} places {} at {}", who, tile(arg(0)), cell(1));
      if (arg(3) != 0) text += " with " + improvement(3);
      return text;
    }
    case kPlaceChannel:
      return fmt::format("{} places channel between {} and {}", who, cell(0), cell(2));
    case kPlaceImprovement:
      return fmt::format("{} places {} on {}", who, improvement(0), cell(1));
    case kComplete:
      return fmt::format("{} completes {}", who, objective(0));
    case kEndTurn:
      return who + " ends turn";
    case kChooseWeather:
      return fmt::format("{} chooses {}", who, weather(0));
    case kRain:
      return fmt::format("{} rain on {}", who, cell(0));
    case kStorm:
      return fmt::format("{} storm panda to {}", who, cell(0));
    case kTakeImprovement:
      return fmt::format("{} takes {}", who, improvement(0));
    case kMoveImprovement:
      return fmt::format("{} moves {} from {} to {}", who, improvement(0), cell(1), cell(3));
    case kIgnoreWeather:
      return who + " ignores weather";
    default:
      return fmt::format("{} unknown move {}", who, move.kind);
  }
}

MoveParse TakenokoRules::parse_move(std::string_view text) const {
  // Placeholders: '@' a cell (two arguments), '$' a tile, '+' a returned
  // tile (stored + 1), '%' an objective card, '~' a face of the weather die,
  // '^' a weather to choose, '&' an improvement, '*' an objective category.
  NotationReader reader(text, players());
  const auto read_tile = [](int offset) {
    return [offset](const std::string& word, std::vector<int>& values) {
      const auto parsed = parse_tile(lowercase(word));
      if (!parsed) {
        return fmt::format(
            "'{}' is not a plot tile (green, yellow or pink, optionally with -enclosure, "
            "-fertilizer or -watershed)",
            word);
      }
      values.push_back(*parsed + offset);
      return std::string();
    };
  };
  // `chosen`: the effects a player may choose, which leave out the '?' face.
  const auto read_weather = [](bool chosen) {
    return [chosen](const std::string& word, std::vector<int>& values) {
      const auto parsed = parse_weather(lowercase(word));
      if (!parsed || (chosen && *parsed == Weather::Question)) {
        return chosen ? fmt::format(
                            "'{}' is not a weather to choose (sun, rain, wind, storm or "
                            "clouds)",
                            word)
                      : fmt::format(
                            "'{}' is not a face of the weather die (sun, rain, wind, "
                            "storm, clouds or question)",
                            word);
      }
      values.push_back(static_cast<int>(*parsed));
      return std::string();
    };
  };
  reader.define('@', [](const std::string& word, std::vector<int>& values) {
    const auto parsed = parse_hex(lowercase(word));
    if (!parsed) return fmt::format("'{}' is not a cell (write q,r like 1,-2)", word);
    values.push_back(parsed->q);
    values.push_back(parsed->r);
    return std::string();
  });
  reader.define('$', read_tile(0));
  reader.define('+', read_tile(1));
  reader.define('%', [](const std::string& word, std::vector<int>& values) {
    const auto parsed = parse_objective(lowercase(word));
    if (!parsed) {
      const std::string suggestion = did_you_mean(lowercase(word), objective_names());
      return fmt::format(
          "'{}' is not an objective card{}", word,
          suggestion.empty()
              ? " (names like plot-green-line, gardener-pink-4-watershed, panda-2-green)"
              : suggestion);
    }
    values.push_back(*parsed);
    return std::string();
  });
  reader.define('~', read_weather(false));
  reader.define('^', read_weather(true));
  reader.define('&', [](const std::string& word, std::vector<int>& values) {
    const auto parsed = parse_improvement(lowercase(word));
    if (!parsed) {
      return fmt::format("'{}' is not an improvement (enclosure, fertilizer or watershed)", word);
    }
    values.push_back(static_cast<int>(*parsed));
    return std::string();
  });
  reader.define('*', [](const std::string& word, std::vector<int>& values) {
    const auto parsed = parse_category(lowercase(word));
    if (!parsed) {
      return fmt::format("'{}' is not an objective pile (plot, gardener or panda)", word);
    }
    values.push_back(static_cast<int>(*parsed));
    return std::string();
  });

  if (reader.empty()) return reader.failure(kForms);
  if (reader.is({"deal", "#", "%"})) return reader.kind(kDeal);
  if (reader.is({"weather", "#", "~"})) return reader.kind(kRollWeather);
  if (reader.is({"plot", "#", "$"})) return reader.kind(kDrawPlot);
  if (reader.is({"objective", "#", "%"})) return reader.kind(kDrawObjective);
  if (reader.is({"#", "draws", "plots"})) return reader.kind(kTakePlots);
  if (reader.is({"#", "takes", "channel"})) return reader.kind(kTakeChannel);
  if (reader.is({"#", "moves", "gardener", "to", "@"})) return reader.kind(kMoveGardener);
  if (reader.is({"#", "moves", "panda", "to", "@"})) return reader.kind(kMovePanda);
  if (reader.is({"#", "draws", "objective", "*"})) return reader.kind(kTakeObjective);
  if (reader.is({"#", "keeps", "$"}) || reader.is({"#", "keeps", "$", "returning", "+"}) ||
      reader.is({"#", "keeps", "$", "returning", "+", "then", "+"}) ||
      reader.is({"#", "keeps", "$", "returning", "+", "then", "+", "then", "+"}) ||
      reader.is({"#", "keeps", "$", "returning", "+", "then", "+", "then", "+", "then", "+"})) {
    return reader.kind(kKeepPlot);
  }
  if (reader.is({"#", "places", "channel", "between", "@", "and", "@"})) {
    // Stored as the Edge orders its cells, whichever was written first. Two
    // cells that are not neighbours make a readable move the rules refuse.
    Move& move = reader.move();
    const Edge edge =
        edge_between(Hex{move.args[0], move.args[1]}, Hex{move.args[2], move.args[3]});
    move.args = {static_cast<std::int16_t>(edge.a.q),
                 static_cast<std::int16_t>(edge.a.r),
                 static_cast<std::int16_t>(edge.b.q),
                 static_cast<std::int16_t>(edge.b.r),
                 0,
                 0};
    return reader.kind(kPlaceChannel);
  }
  if (reader.is({"#", "places", "$", "at", "@"})) return reader.kind(kPlacePlot);
  if (reader.is({"#", "places", "$", "at", "@", "with", "&"})) return reader.kind(kPlacePlot);
  if (reader.is({"#", "places", "&", "on", "@"})) return reader.kind(kPlaceImprovement);
  if (reader.is({"#", "completes", "%"})) return reader.kind(kComplete);
  if (reader.is({"#", "ends", "turn"})) return reader.kind(kEndTurn);
  if (reader.is({"#", "chooses", "^"})) return reader.kind(kChooseWeather);
  if (reader.is({"#", "rain", "on", "@"})) return reader.kind(kRain);
  if (reader.is({"#", "storm", "panda", "to", "@"})) return reader.kind(kStorm);
  if (reader.is({"#", "takes", "&"})) return reader.kind(kTakeImprovement);
  if (reader.is({"#", "moves", "&", "from", "@", "to", "@"})) return reader.kind(kMoveImprovement);
  if (reader.is({"#", "ignores", "weather"})) return reader.kind(kIgnoreWeather);
  return reader.failure(kForms);
}

}  // namespace grove::takenoko
