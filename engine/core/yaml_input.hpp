#pragma once
// Reading hand-written YAML with errors a person can act on: every failure
// names the line and column of the offending node, the key, and what was
// expected. The file name is added by whoever opened the file.

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/seat.hpp"

namespace grove {

// Throws InputError("path: cannot read ...") or one with the parser's
// line:column for malformed YAML.
YAML::Node load_yaml_file(const std::string& path);
YAML::Node load_yaml_text(const std::string& text, const std::string& label);

SourceLocation location_of(const YAML::Node& node);
[[noreturn]] void fail_at(const YAML::Node& node, const std::string& key,
                          const std::string& message);

// `what` names the thing for the message ("a scenario", "players").
void expect_map(const YAML::Node& node, const std::string& key, const std::string& what);
void expect_sequence(const YAML::Node& node, const std::string& key, const std::string& what);
// Rejects any key of `map` not in `allowed`, suggesting the closest.
void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed);

std::int64_t read_integer(const YAML::Node& node, const std::string& key, std::int64_t min,
                          std::int64_t max);
bool read_bool(const YAML::Node& node, const std::string& key);
std::string read_string(const YAML::Node& node, const std::string& key);
Seat read_seat(const YAML::Node& node, const std::string& key, int players);

// A short, one-line rendering of a node for messages ("{dice: 3}").
std::string yaml_inline(const YAML::Node& node);

// The names of a table of (value, name) pairs, in its order.
template <class Names>
std::vector<std::string> names_of(const Names& names) {
  std::vector<std::string> result;
  for (const auto& entry : names) result.emplace_back(entry.second);
  return result;
}

// The value whose name the node holds, from a table of (value, name) pairs
// ({Step::Build, "build"}, ...); otherwise an error listing the names and
// the closest one. The last argument only fixes the value type.
template <class Names, class Value>
Value read_name(const YAML::Node& node, const std::string& key, const Names& names, Value) {
  const std::string text = read_string(node, key);
  for (const auto& [value, name] : names) {
    if (text == name) return value;
  }
  fail_at(node, key,
          "expected one of " + join(names_of(names), ", ") + ", got '" + text + "'" +
              did_you_mean(text, names_of(names)));
}

}  // namespace grove
