#include "engine/core/notation.hpp"

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "engine/core/words.hpp"

namespace grove {

NotationReader::NotationReader(std::string_view text, int players)
    : text_(text), players_(players), written_(words_of(text)) {
  for (const std::string& word : written_) words_.push_back(lowercase(word));
  define('#', [this](const std::string& word, std::vector<int>& values) -> std::string {
    const auto seat = parse_seat_label(word);
    if (!seat || *seat >= players_) {
      return fmt::format("'{}' is not a seat at this table (P1 to P{})", word, players_);
    }
    values.push_back(*seat);
    return "";
  });
}

void NotationReader::define(char placeholder, WordReader reader) {
  placeholders_.push_back(Placeholder{placeholder, std::move(reader)});
}

const NotationReader::Placeholder* NotationReader::placeholder(std::string_view word) const {
  if (word.size() != 1) return nullptr;
  for (const Placeholder& known : placeholders_) {
    if (known.symbol == word[0]) return &known;
  }
  return nullptr;
}

bool NotationReader::is(std::initializer_list<std::string_view> pattern) {
  if (words_.size() != pattern.size()) return false;
  std::size_t i = 0;
  std::size_t mismatches = 0;
  std::size_t mismatch = 0;
  for (std::string_view wanted : pattern) {
    if (placeholder(wanted) == nullptr && words_[i] != wanted) {
      ++mismatches;
      mismatch = i;
    }
    ++i;
  }
  if (mismatches == 1) {
    // One word away from a form: remember the likeliest slip ("swap" for
    // "swaps") for the answer when no form fits.
    const std::string wanted(*(pattern.begin() + static_cast<std::ptrdiff_t>(mismatch)));
    if (slip_.empty() && closest_name(words_[mismatch], {wanted})) {
      slip_ = fmt::format("'{}' is not a word of this move (did you mean '{}'?)",
                          written_[mismatch], wanted);
    }
  }
  if (mismatches > 0) return false;
  move_ = Move{};
  std::size_t slot = 0;
  i = 0;
  std::vector<int> values;
  for (std::string_view wanted : pattern) {
    const Placeholder* reader = placeholder(wanted);
    if (reader != nullptr) {
      values.clear();
      const std::string why = reader->read(written_[i], values);
      if (!why.empty()) {
        if (problem_.empty()) problem_ = why;
        return false;
      }
      if (reader->symbol == '#') {
        move_.seat = static_cast<std::int16_t>(values.front());
      } else {
        for (int value : values) {
          if (slot >= move_.args.size()) return false;  // a pattern with too many values
          move_.args[slot++] = static_cast<std::int16_t>(value);
        }
      }
    }
    ++i;
  }
  return true;
}

MoveParse NotationReader::kind(std::uint16_t move_kind) {
  move_.kind = move_kind;
  return MoveParse{move_, ""};
}

MoveParse NotationReader::failure(std::string_view forms) const {
  if (!problem_.empty()) return failure_because(problem_);
  if (!slip_.empty()) return failure_because(slip_ + "; " + std::string(forms));
  return failure_because(std::string(forms));
}

MoveParse NotationReader::failure_because(const std::string& why) const {
  return MoveParse{Move{}, fmt::format("cannot read move '{}': {}", text_, why)};
}

}  // namespace grove
