// Move notation:
//   roll P1 water=1 panda=2 bamboo=0 blank=3   (a chance outcome; faces in any
//                                               order, an omitted face is 0)
//   P1 pass panda to P3
//   P1 exchange dice with P3                   (Bamboozled)
//   P1 keep dice                               (Bamboozled, declining)

#include <fmt/format.h>

#include <algorithm>
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
  // Keywords are matched in any case; messages quote the words as written.
  const std::vector<std::string> written = words_of(text);
  std::vector<std::string> words;
  for (const auto& word : written) words.push_back(lowercase(word));
  MoveParse result;
  auto fail = [&](const std::string& why) {
    result.error = fmt::format("cannot read move '{}': {}", text, why);
    return result;
  };
  auto seat = [&](const std::string& word, std::int16_t& out) -> bool {
    auto parsed = parse_seat_label(word);
    if (!parsed || *parsed >= players()) return false;
    out = static_cast<std::int16_t>(*parsed);
    return true;
  };
  auto bad_seat = [&](std::size_t index) {
    return fail(
        fmt::format("'{}' is not a seat at this table (P1 to P{})", written[index], players()));
  };

  if (words.empty()) return fail(kForms);
  if (words[0] == "roll") {
    if (words.size() < 2) return fail(kForms);
    result.move.kind = kRoll;
    if (!seat(words[1], result.move.seat)) return bad_seat(1);
    const std::array<const char*, 4> faces = {"water", "panda", "bamboo", "blank"};
    std::array<bool, 4> seen{};
    for (std::size_t i = 2; i < words.size(); ++i) {
      const std::string& word = words[i];
      const std::string& as_written = written[i];
      auto equals = word.find('=');
      std::string face = word.substr(0, equals);
      auto index = std::find(faces.begin(), faces.end(), face) - faces.begin();
      if (equals == std::string::npos || index == 4) {
        return fail(
            fmt::format("'{}' should be FACE=COUNT with FACE one of water, panda, "
                        "bamboo, blank",
                        as_written));
      }
      const auto slot = static_cast<std::size_t>(index);
      if (seen[slot]) return fail(fmt::format("{} is given twice", face));
      seen[slot] = true;
      int count = 0;
      const char* first = word.data() + equals + 1;
      const char* last = word.data() + word.size();
      auto [end, error] = std::from_chars(first, last, count);
      if (error != std::errc{} || end != last || count < 0 || count > 99) {
        return fail(fmt::format("'{}' needs a count from 0 to 99", as_written));
      }
      result.move.args[slot] = static_cast<std::int16_t>(count);
    }
    return result;
  }

  if (!seat(words[0], result.move.seat)) {
    return parse_seat_label(words[0]) ? bad_seat(0) : fail(kForms);
  }
  auto is = [&](std::initializer_list<const char*> expected) {
    if (words.size() != expected.size() + 1) return false;
    std::size_t i = 1;
    for (const char* word : expected) {
      if (*word != '*' && words[i] != word) return false;
      ++i;
    }
    return true;
  };
  if (is({"pass", "panda", "to", "*"}) || is({"exchange", "dice", "with", "*"})) {
    result.move.kind = words[1] == "pass" ? kPassPanda : kExchange;
    if (!seat(words[4], result.move.args[0])) return bad_seat(4);
    return result;
  }
  if (is({"keep", "dice"})) {
    result.move.kind = kKeepDice;
    return result;
  }
  return fail(kForms);
}

}  // namespace grove::pass_the_pandas
