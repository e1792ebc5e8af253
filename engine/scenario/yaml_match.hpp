#pragma once
// Does a state contain what a scenario expects? The expectation is a part of
// the state's YAML form: every key it names must be present with a matching
// value; keys it leaves out are not checked.

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace grove {

struct YamlMismatch {
  std::string path;  // "players.P2.dice"
  std::string expected;
  std::string actual;  // "(missing; fields: ...)" when the key is not there
};

std::vector<YamlMismatch> match_yaml(const YAML::Node& expected, const YAML::Node& actual,
                                     const std::string& path = "");

}  // namespace grove
