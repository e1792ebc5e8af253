#include "engine/core/params.hpp"

#include <stdexcept>

#include "engine/core/errors.hpp"

namespace grove {

namespace {

// A parameter with a range of values (for its numbers, or its table's).
ParamSpec ranged_param(std::string name, ParamType type, ParamValue default_value, std::int64_t min,
                       std::int64_t max, std::string description, std::string reference) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.type = type;
  spec.default_value = std::move(default_value);
  spec.min = min;
  spec.max = max;
  spec.description = std::move(description);
  spec.reference = std::move(reference);
  return spec;
}

}  // namespace

ParamSpec integer_param(std::string name, std::int64_t default_value, std::int64_t min,
                        std::int64_t max, std::string description, std::string reference) {
  return ranged_param(std::move(name), ParamType::Integer, default_value, min, max,
                      std::move(description), std::move(reference));
}

ParamSpec flag_param(std::string name, bool default_value, std::string description,
                     std::string reference) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.type = ParamType::Flag;
  spec.default_value = default_value;
  spec.description = std::move(description);
  spec.reference = std::move(reference);
  return spec;
}

ParamSpec choice_param(std::string name, std::string default_value,
                       std::vector<std::string> choices, std::string description,
                       std::string reference) {
  ParamSpec spec;
  spec.name = std::move(name);
  spec.type = ParamType::Choice;
  spec.default_value = std::move(default_value);
  spec.choices = std::move(choices);
  spec.description = std::move(description);
  spec.reference = std::move(reference);
  return spec;
}

ParamSpec per_player_count_param(std::string name, PerPlayerCount default_value, std::int64_t min,
                                 std::int64_t max, std::string description, std::string reference) {
  return ranged_param(std::move(name), ParamType::IntegerPerPlayerCount, std::move(default_value),
                      min, max, std::move(description), std::move(reference));
}

ParamSpec integer_table_param(std::string name, IntegerTable default_value, std::int64_t min,
                              std::int64_t max, std::string description, std::string reference) {
  return ranged_param(std::move(name), ParamType::IntegerTable, std::move(default_value), min, max,
                      std::move(description), std::move(reference));
}

std::int64_t IntegerTable::at(const std::string& key) const {
  for (const auto& [name, value] : entries) {
    if (name == key) return value;
  }
  throw std::out_of_range("no entry '" + key + "' in the table");
}

std::string type_name(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::Integer:
      return "integer " + std::to_string(spec.min) + ".." + std::to_string(spec.max);
    case ParamType::Flag:
      return "true/false";
    case ParamType::Choice:
      return "one of " + join(spec.choices, "|");
    case ParamType::IntegerPerPlayerCount:
      return "integer " + std::to_string(spec.min) + ".." + std::to_string(spec.max) +
             ", or a map players -> integer";
    case ParamType::IntegerTable: {
      std::vector<std::string> keys;
      for (const auto& entry : std::get<IntegerTable>(spec.default_value).entries) {
        keys.push_back(entry.first);
      }
      return "a map " + join(keys, "|") + " -> integer " + std::to_string(spec.min) + ".." +
             std::to_string(spec.max);
    }
  }
  return "?";
}

std::string value_text(const ParamValue& value) {
  struct Printer {
    std::string operator()(std::int64_t number) const { return std::to_string(number); }
    std::string operator()(bool flag) const { return flag ? "true" : "false"; }
    std::string operator()(const std::string& text) const { return text; }
    std::string operator()(const PerPlayerCount& table) const {
      std::vector<std::string> entries;
      for (const auto& [players, number] : table) {
        entries.push_back(std::to_string(players) + ": " + std::to_string(number));
      }
      return "{" + join(entries, ", ") + "}";
    }
    std::string operator()(const IntegerTable& table) const {
      std::vector<std::string> entries;
      for (const auto& [key, number] : table.entries) {
        entries.push_back(key + ": " + std::to_string(number));
      }
      return "{" + join(entries, ", ") + "}";
    }
  };
  return std::visit(Printer{}, value);
}

}  // namespace grove
