#include "engine/scenario/yaml_match.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "engine/core/errors.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove {
namespace {

std::string child_path(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

std::string text_of(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "null";
  if (node.IsScalar()) return node.Scalar();
  return yaml_inline(node);
}

// Runs of spaces count as one, so that a row of cards written by hand
// ("7H 3D KH:P1") matches the same row printed in aligned columns.
std::string collapse_spaces(const std::string& text) {
  std::string result;
  for (char c : text) {
    const bool space = c == ' ' || c == '\t';
    if (space && (result.empty() || result.back() == ' ')) continue;
    result += space ? ' ' : c;
  }
  if (!result.empty() && result.back() == ' ') result.pop_back();
  return result;
}

bool scalars_equal(const YAML::Node& expected, const YAML::Node& actual) {
  if (expected.IsNull() || actual.IsNull()) return expected.IsNull() && actual.IsNull();
  if (!expected.IsScalar() || !actual.IsScalar()) return false;
  std::int64_t left = 0, right = 0;
  if (YAML::convert<std::int64_t>::decode(expected, left) &&
      YAML::convert<std::int64_t>::decode(actual, right)) {
    return left == right;
  }
  bool left_flag = false, right_flag = false;
  if (YAML::convert<bool>::decode(expected, left_flag) &&
      YAML::convert<bool>::decode(actual, right_flag)) {
    return left_flag == right_flag;
  }
  return collapse_spaces(expected.Scalar()) == collapse_spaces(actual.Scalar());
}

// A list checked in part: `{includes: [...], excludes: [...], count: N}`.
// An item matches an element as a whole expectation does (a map names only
// the fields it checks), so `{at: [0, 1], height: 2}` finds the plot at 0,1
// whatever order the list is in.
bool is_list_check(const YAML::Node& expected) {
  if (!expected.IsMap() || expected.size() == 0) return false;
  for (const auto& entry : expected) {
    const std::string key = entry.first.Scalar();
    if (key != "includes" && key != "excludes" && key != "count") return false;
  }
  return true;
}

bool matches(const YAML::Node& expected, const YAML::Node& actual) {
  return match_yaml(expected, actual).empty();
}

// The element nearest to `item`, for the message when none matches: the
// one that agrees with the most of the item's fields as written, from the
// first (a designer writes what names the element first: a plot's `at:`),
// then the one with the fewest fields that differ.
std::string nearest(const YAML::Node& item, const YAML::Node& list) {
  std::pair<std::size_t, std::size_t> best{0, 0};  // leading fields agreed, -(fields differing)
  std::string said;
  for (const auto& element : list) {
    std::size_t leading = 0;
    if (item.IsMap()) {
      for (const auto& field : item) {
        const YAML::Node value = element.IsMap() ? element[field.first.Scalar()] : YAML::Node();
        if (!value.IsDefined() || !matches(field.second, value)) break;
        ++leading;
      }
    }
    const auto differences = match_yaml(item, element);
    const std::pair<std::size_t, std::size_t> score{leading, SIZE_MAX - differences.size()};
    if (!said.empty() && score <= best) continue;
    best = score;
    std::vector<std::string> fields;
    for (const auto& difference : differences)
      fields.push_back((difference.path.empty() ? "" : difference.path + " = ") +
                       difference.actual);
    said = fmt::format("nearest: {} ({})", text_of(element), join(fields, ", "));
  }
  return said.empty() ? "the list is empty" : said;
}

std::vector<YamlMismatch> match_list(const YAML::Node& expected, const YAML::Node& actual,
                                     const std::string& path) {
  std::vector<YamlMismatch> mismatches;
  if (const YAML::Node count = expected["count"]) {
    if (!scalars_equal(count, YAML::Node(actual.size()))) {
      mismatches.push_back({path + ".count", text_of(count), std::to_string(actual.size())});
    }
  }
  for (const char* key : {"includes", "excludes"}) {
    if (const YAML::Node items = expected[key]; items && !items.IsSequence()) {
      mismatches.push_back({path + "." + key, "a list of elements", text_of(items)});
    }
  }
  if (const YAML::Node includes = expected["includes"]; includes && includes.IsSequence()) {
    for (const auto& item : includes) {
      const bool found = std::any_of(actual.begin(), actual.end(),
                                     [&](const auto& e) { return matches(item, e); });
      if (!found) {
        mismatches.push_back({path + " includes " + text_of(item), "an element like it",
                              "none; " + nearest(item, actual)});
      }
    }
  }
  if (const YAML::Node excludes = expected["excludes"]; excludes && excludes.IsSequence()) {
    for (const auto& item : excludes) {
      for (const auto& element : actual) {
        if (matches(item, element)) {
          mismatches.push_back(
              {path + " excludes " + text_of(item), "no element like it", text_of(element)});
          break;
        }
      }
    }
  }
  return mismatches;
}

}  // namespace

std::vector<YamlMismatch> match_yaml(const YAML::Node& expected, const YAML::Node& actual,
                                     const std::string& path) {
  std::vector<YamlMismatch> mismatches;
  if (actual.IsSequence() && is_list_check(expected)) return match_list(expected, actual, path);
  if (expected.IsMap()) {
    if (actual.IsSequence()) {
      return {{path, text_of(expected),
               text_of(actual) +
                   " (a list: write it whole, or check part of it with {includes: [...], "
                   "excludes: [...], count: N})"}};
    }
    if (!actual.IsMap()) return {{path, text_of(expected), text_of(actual)}};
    for (const auto& entry : expected) {
      const std::string key = entry.first.Scalar();
      const YAML::Node found = actual[key];
      if (!found.IsDefined()) {
        std::vector<std::string> keys;
        for (const auto& field : actual) keys.push_back(field.first.Scalar());
        mismatches.push_back({child_path(path, key), text_of(entry.second),
                              "(no such field" + did_you_mean(key, keys) + "; fields are " +
                                  join(keys, ", ") + ")"});
        continue;
      }
      auto inner = match_yaml(entry.second, found, child_path(path, key));
      mismatches.insert(mismatches.end(), inner.begin(), inner.end());
    }
    return mismatches;
  }
  if (expected.IsSequence()) {
    if (!actual.IsSequence() || actual.size() != expected.size()) {
      return {{path, text_of(expected), text_of(actual)}};
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
      auto inner = match_yaml(expected[i], actual[i], path + "[" + std::to_string(i) + "]");
      mismatches.insert(mismatches.end(), inner.begin(), inner.end());
    }
    return mismatches;
  }
  if (!scalars_equal(expected, actual))
    mismatches.push_back({path, text_of(expected), text_of(actual)});
  return mismatches;
}

}  // namespace grove
