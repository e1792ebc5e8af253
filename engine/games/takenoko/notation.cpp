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
  // The words as written (for messages) and in lower case (for matching).
  const std::vector<std::string> written = words_of(text);
  std::vector<std::string> words;
  for (const std::string& word : written) words.push_back(lowercase(word));
  MoveParse result;
  Move& move = result.move;
  std::string problem;
  auto fail = [&](const std::string& why) {
    result.error = fmt::format("cannot read move '{}': {}", text, why);
    return result;
  };
  // The first value that does not read is the one reported.
  auto reject = [&](const std::string& why) {
    if (problem.empty()) problem = why;
    return false;
  };
  auto store = [&](int slot, int value) {
    move.args[static_cast<std::size_t>(slot)] = static_cast<std::int16_t>(value);
  };
  auto seat = [&](std::size_t i) {
    const auto parsed = parse_seat_label(words[i]);
    if (!parsed || *parsed >= players()) {
      return reject(
          fmt::format("'{}' is not a seat at this table (P1 to P{})", written[i], players()));
    }
    move.seat = static_cast<std::int16_t>(*parsed);
    return true;
  };
  auto cell = [&](std::size_t i, int& slot) {
    const auto parsed = parse_hex(words[i]);
    if (!parsed) return reject(fmt::format("'{}' is not a cell (write q,r like 1,-2)", written[i]));
    store(slot++, parsed->q);
    store(slot++, parsed->r);
    return true;
  };
  // `offset` 1 for the returned tiles of a keep, which are stored + 1.
  auto tile = [&](std::size_t i, int& slot, int offset) {
    const auto parsed = parse_tile(words[i]);
    if (!parsed) {
      return reject(
          fmt::format("'{}' is not a plot tile (green, yellow or pink, optionally with -enclosure, "
                      "-fertilizer or -watershed)",
                      written[i]));
    }
    store(slot++, *parsed + offset);
    return true;
  };
  auto objective = [&](std::size_t i, int& slot) {
    const auto parsed = parse_objective(words[i]);
    if (!parsed) {
      const std::string suggestion = did_you_mean(words[i], objective_names());
      return reject(fmt::format(
          "'{}' is not an objective card{}", written[i],
          suggestion.empty()
              ? " (names like plot-green-line, gardener-pink-4-watershed, panda-2-green)"
              : suggestion));
    }
    store(slot++, *parsed);
    return true;
  };
  // `chosen`: the effects a player may choose, which leave out the '?' face.
  auto weather = [&](std::size_t i, int& slot, bool chosen) {
    const auto parsed = parse_weather(words[i]);
    if (!parsed || (chosen && *parsed == Weather::Question)) {
      return reject(chosen ? fmt::format("'{}' is not a weather to choose (sun, rain, wind, "
                                         "storm or clouds)",
                                         written[i])
                           : fmt::format("'{}' is not a face of the weather die (sun, rain, "
                                         "wind, storm, clouds or question)",
                                         written[i]));
    }
    store(slot++, static_cast<int>(*parsed));
    return true;
  };
  auto improvement = [&](std::size_t i, int& slot) {
    const auto parsed = parse_improvement(words[i]);
    if (!parsed) {
      return reject(fmt::format("'{}' is not an improvement (enclosure, fertilizer or watershed)",
                                written[i]));
    }
    store(slot++, static_cast<int>(*parsed));
    return true;
  };
  auto category = [&](std::size_t i, int& slot) {
    const auto parsed = parse_category(words[i]);
    if (!parsed) {
      return reject(
          fmt::format("'{}' is not an objective pile (plot, gardener or panda)", written[i]));
    }
    store(slot++, static_cast<int>(*parsed));
    return true;
  };
  // Matches the words against a pattern: '#' a seat, '@' a cell (two
  // arguments), '$' a tile, '+' a returned tile (stored + 1), '%' an
  // objective card, '~' a face of the weather die, '^' a weather to choose,
  // '&' an improvement, '*' an objective category. Values fill the move's
  // arguments in the order they are written.
  auto is = [&](std::initializer_list<std::string_view> pattern) {
    if (words.size() != pattern.size()) return false;
    const auto placeholder = [](std::string_view wanted) {
      return wanted.size() == 1 &&
             std::string_view("#@$+%~^&*").find(wanted[0]) != std::string_view::npos;
    };
    std::size_t i = 0;
    for (std::string_view wanted : pattern) {
      if (!placeholder(wanted) && words[i] != wanted) return false;
      ++i;
    }
    move = Move{};
    i = 0;
    int slot = 0;
    for (std::string_view wanted : pattern) {
      bool read = true;
      if (wanted == "#") read = seat(i);
      if (wanted == "@") read = cell(i, slot);
      if (wanted == "$") read = tile(i, slot, 0);
      if (wanted == "+") read = tile(i, slot, 1);
      if (wanted == "%") read = objective(i, slot);
      if (wanted == "~") read = weather(i, slot, false);
      if (wanted == "^") read = weather(i, slot, true);
      if (wanted == "&") read = improvement(i, slot);
      if (wanted == "*") read = category(i, slot);
      if (!read) return false;
      ++i;
    }
    return true;
  };
  auto kind = [&](MoveKind value) {
    move.kind = value;
    return result;
  };

  if (words.empty()) return fail(kForms);
  if (is({"deal", "#", "%"})) return kind(kDeal);
  if (is({"weather", "#", "~"})) return kind(kRollWeather);
  if (is({"plot", "#", "$"})) return kind(kDrawPlot);
  if (is({"objective", "#", "%"})) return kind(kDrawObjective);
  if (is({"#", "draws", "plots"})) return kind(kTakePlots);
  if (is({"#", "takes", "channel"})) return kind(kTakeChannel);
  if (is({"#", "moves", "gardener", "to", "@"})) return kind(kMoveGardener);
  if (is({"#", "moves", "panda", "to", "@"})) return kind(kMovePanda);
  if (is({"#", "draws", "objective", "*"})) return kind(kTakeObjective);
  if (is({"#", "keeps", "$"})) return kind(kKeepPlot);
  if (is({"#", "keeps", "$", "returning", "+"})) return kind(kKeepPlot);
  if (is({"#", "keeps", "$", "returning", "+", "then", "+"})) return kind(kKeepPlot);
  if (is({"#", "keeps", "$", "returning", "+", "then", "+", "then", "+"})) return kind(kKeepPlot);
  if (is({"#", "keeps", "$", "returning", "+", "then", "+", "then", "+", "then", "+"})) {
    return kind(kKeepPlot);
  }
  if (is({"#", "places", "channel", "between", "@", "and", "@"})) {
    // Stored as the Edge orders its cells, whichever was written first. Two
    // cells that are not neighbours make a readable move the rules refuse.
    const Hex a{move.args[0], move.args[1]};
    const Hex b{move.args[2], move.args[3]};
    const Edge edge = edge_between(a, b);
    move.args = {static_cast<std::int16_t>(edge.a.q),
                 static_cast<std::int16_t>(edge.a.r),
                 static_cast<std::int16_t>(edge.b.q),
                 static_cast<std::int16_t>(edge.b.r),
                 0,
                 0};
    return kind(kPlaceChannel);
  }
  if (is({"#", "places", "$", "at", "@"})) return kind(kPlacePlot);
  if (is({"#", "places", "$", "at", "@", "with", "&"})) return kind(kPlacePlot);
  if (is({"#", "places", "&", "on", "@"})) return kind(kPlaceImprovement);
  if (is({"#", "completes", "%"})) return kind(kComplete);
  if (is({"#", "ends", "turn"})) return kind(kEndTurn);
  if (is({"#", "chooses", "^"})) return kind(kChooseWeather);
  if (is({"#", "rain", "on", "@"})) return kind(kRain);
  if (is({"#", "storm", "panda", "to", "@"})) return kind(kStorm);
  if (is({"#", "takes", "&"})) return kind(kTakeImprovement);
  if (is({"#", "moves", "&", "from", "@", "to", "@"})) return kind(kMoveImprovement);
  if (is({"#", "ignores", "weather"})) return kind(kIgnoreWeather);
  if (!problem.empty()) return fail(problem);
  return fail(kForms);
}

}  // namespace grove::takenoko
