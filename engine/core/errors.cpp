#include "engine/core/errors.hpp"

#include <algorithm>
#include <numeric>

namespace grove {

std::string SourceLocation::to_string() const {
  std::string text = file;
  if (line > 0) {
    text += (text.empty() ? "line " : ":") + std::to_string(line);
    if (column > 0) text += ":" + std::to_string(column);
  }
  return text;
}

InputError::InputError(SourceLocation where, std::string key, std::string message)
    : std::runtime_error(format(where, key, message)),
      where_(std::move(where)),
      key_(std::move(key)),
      message_(std::move(message)) {}

std::string InputError::format(const SourceLocation& where, const std::string& key,
                               const std::string& message) {
  std::string text = where.to_string();
  if (!text.empty()) text += ": ";
  if (!key.empty()) text += "'" + key + "': ";
  return text + message;
}

InputError InputError::in_file(const std::string& file) const {
  if (!where_.file.empty()) return *this;
  SourceLocation located = where_;
  located.file = file;
  return InputError(located, key_, message_);
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> closest_name(std::string_view given,
                                        const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const auto& candidate : candidates) {
    std::size_t distance = edit_distance(given, candidate);
    if (!best || distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  // A typo changes a few characters; beyond a third of the word it is a
  // different word and a suggestion would mislead. A name changed entirely
  // ('K' for 'A') is no typo either.
  std::size_t allowed = std::max<std::size_t>(2, given.size() / 3);
  if (best && best_distance <= allowed && best_distance < given.size()) return best;
  return std::nullopt;
}

std::string did_you_mean(std::string_view given, const std::vector<std::string>& candidates) {
  auto best = closest_name(given, candidates);
  return best ? " (did you mean '" + *best + "'?)" : "";
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text += separator;
    text += items[i];
  }
  return text;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  for (;;) {
    const std::size_t at = text.find(separator);
    pieces.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) return pieces;
    text.remove_prefix(at + 1);
  }
}

}  // namespace grove
