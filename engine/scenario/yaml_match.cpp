#include "engine/scenario/yaml_match.hpp"

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

}  // namespace

std::vector<YamlMismatch> match_yaml(const YAML::Node& expected, const YAML::Node& actual,
                                     const std::string& path) {
  std::vector<YamlMismatch> mismatches;
  if (expected.IsMap()) {
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
