// Move notation:
//   roll P1 water=1 panda=2 bamboo=0 blank=3   (a chance outcome; faces in any
//                                               order, an omitted face is 0)
//   P1 pass panda to P3
//   P1 exchange dice with P3                   (Bamboozled)
//   P1 keep dice                               (Bamboozled, declining)

#include "engine/core/notation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "engine/core/words.hpp"
#include "engine/games/pass_the_pandas/ptp_rules.hpp"

namespace grove::pass_the_pandas {
namespace {

constexpr const char* kForms =
    "expected 'roll P1 water=N panda=N bamboo=N blank=N', 'P1 pass panda to P2', "
    "'P1 exchange dice with P2' or 'P1 keep dice'";

}  // namespace

std::string PtpRules::move_text(const Move& move) const {
  const std::string who = seat_label(move.seat);
  switch (move.kind) {
    case kRoll:
      return fmt::format("roll {} water={} panda={} bamboo={} blank={}", who, move.args[0],
                         move.args[1], move.args[2], move.args[3]);
    case kPassPanda:
      return fmt::format("{} pass panda to {}", who, seat_label(move.args[0]));
    case kExchange:
      return fmt::format("{} exchange dice with {}", who, seat_label(move.args[0]));
    case kKeepDice:
      return fmt::format("{} keep dice", who);
    default:
      break;
  }
  return fmt::format("{} unknown move {}", who, move.kind);
}

MoveParse PtpRules::parse_move(std::string_view text) const {
  NotationReader reader(text, players());
  // '@' another seat, which goes into the move's argument ('#' is the mover).
  reader.define('@', [this](const std::string& word, std::vector<int>& values) -> std::string {
    const auto seat = parse_seat_label(word);
    if (!seat || *seat >= players()) {
      return fmt::format("'{}' is not a seat at this table (P1 to P{})", word, players());
    }
    values.push_back(*seat);
    return "";
  });
  // 'f' one face of a roll, FACE=COUNT. The faces may come in any order, so
  // they are gathered here and put in the roll's arguments by face.
  std::array<int, 4> counts{};
  std::array<bool, 4> given{};
  reader.define('f', [&](const std::string& word, std::vector<int>&) -> std::string {
    static constexpr std::array<std::string_view, 4> kFaces = {"water", "panda", "bamboo", "blank"};
    const std::string lower = lowercase(word);
    const std::size_t equals = lower.find('=');
    const auto face = static_cast<std::size_t>(
        std::find(kFaces.begin(), kFaces.end(), lower.substr(0, equals)) - kFaces.begin());
    if (equals == std::string::npos || face == kFaces.size()) {
      return fmt::format("'{}' should be FACE=COUNT with FACE one of water, panda, bamboo, blank",
                         word);
    }
    if (given[face]) return fmt::format("{} is given twice", kFaces[face]);
    given[face] = true;
    const char* first = lower.data() + equals + 1;
    const char* last = lower.data() + lower.size();
    auto [end, error] = std::from_chars(first, last, counts[face]);
    if (error != std::errc{} || end != last || counts[face] < 0 || counts[face] > 99) {
      return fmt::format("'{}' needs a count from 0 to 99", word);
    }
    return "";
  });

  if (reader.empty()) return reader.failure(kForms);
  if (reader.is({"roll", "#"}) || reader.is({"roll", "#", "f"}) ||
      reader.is({"roll", "#", "f", "f"}) || reader.is({"roll", "#", "f", "f", "f"}) ||
      reader.is({"roll", "#", "f", "f", "f", "f"})) {
    MoveParse roll = reader.kind(kRoll);
    for (std::size_t face = 0; face < counts.size(); ++face) {
      roll.move.args[face] = static_cast<std::int16_t>(counts[face]);
    }
    return roll;
  }
  if (reader.is({"#", "pass", "panda", "to", "@"})) return reader.kind(kPassPanda);
  if (reader.is({"#", "exchange", "dice", "with", "@"})) return reader.kind(kExchange);
  if (reader.is({"#", "keep", "dice"})) return reader.kind(kKeepDice);
  return reader.failure(kForms);
}

}  // namespace grove::pass_the_pandas
