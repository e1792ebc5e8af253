#pragma once
// A game's parameter schema: every number or switch a designer may change,
// with its type, default, range, a one-line description and where the rule
// stands in the rule text.

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace grove {

// A value that depends on the number of players (starting dice, tokens to
// win, cards removed): player count -> value.
using PerPlayerCount = std::map<int, std::int64_t>;

// A value for each of a fixed list of named keys, kept in the schema's order
// (reeds per card rank: A -> 1, 2 -> 1, ..., 10 -> 5). A variant may set some
// keys and leave the others at their defaults.
struct IntegerTable {
  std::vector<std::pair<std::string, std::int64_t>> entries;

  // The value for `key`; the key must be one of the table's.
  std::int64_t at(const std::string& key) const;
  bool operator==(const IntegerTable&) const = default;
};

using ParamValue = std::variant<std::int64_t, bool, std::string, PerPlayerCount, IntegerTable>;

enum class ParamType { Integer, Flag, Choice, IntegerPerPlayerCount, IntegerTable };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Integer;
  ParamValue default_value;
  std::int64_t min = 0;  // Integer and IntegerPerPlayerCount
  std::int64_t max = 0;
  std::vector<std::string> choices;  // Choice
  std::string description;
  std::string reference;  // "file, section" where the rule stands
};

ParamSpec integer_param(std::string name, std::int64_t default_value, std::int64_t min,
                        std::int64_t max, std::string description, std::string reference);
ParamSpec flag_param(std::string name, bool default_value, std::string description,
                     std::string reference);
ParamSpec choice_param(std::string name, std::string default_value,
                       std::vector<std::string> choices, std::string description,
                       std::string reference);
ParamSpec per_player_count_param(std::string name, PerPlayerCount default_value, std::int64_t min,
                                 std::int64_t max, std::string description, std::string reference);

ParamSpec integer_table_param(std::string name, IntegerTable default_value, std::int64_t min,
                              std::int64_t max, std::string description, std::string reference);

std::string type_name(const ParamSpec& spec);     // "integer 1..10", "true/false", "one of a|b"
std::string value_text(const ParamValue& value);  // "6", "true", "{2: 6, 3: 6}"

}  // namespace grove
