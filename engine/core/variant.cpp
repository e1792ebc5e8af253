#include "engine/core/variant.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "engine/core/game.hpp"
#include "engine/core/hash.hpp"
#include "engine/core/yaml_input.hpp"

namespace grove {
namespace {

std::vector<std::string> parameter_names(const Game& game) {
  std::vector<std::string> names;
  for (const auto& spec : game.parameters) names.push_back(spec.name);
  return names;
}

std::vector<std::string> ruling_ids(const Game& game) {
  std::vector<std::string> ids;
  for (const auto& ruling : game.rulings) ids.push_back(ruling.id);
  return ids;
}

ParamValue read_value(const Game& game, const ParamSpec& spec, const YAML::Node& node,
                      const ParamValue& current) {
  switch (spec.type) {
    case ParamType::Integer:
      return read_integer(node, spec.name, spec.min, spec.max);
    case ParamType::Flag:
      return read_bool(node, spec.name);
    case ParamType::Choice: {
      std::string text = read_string(node, spec.name);
      for (const auto& choice : spec.choices) {
        if (choice == text) return text;
      }
      fail_at(node, spec.name,
              "expected one of " + join(spec.choices, ", ") + ", got '" + text + "'" +
                  did_you_mean(text, spec.choices));
    }
    case ParamType::IntegerPerPlayerCount: {
      PerPlayerCount table = std::get<PerPlayerCount>(current);
      if (node.IsScalar()) {
        std::int64_t value = read_integer(node, spec.name, spec.min, spec.max);
        for (auto& entry : table) entry.second = value;
        return table;
      }
      if (!node.IsMap()) {
        fail_at(node, spec.name,
                "expected a whole number, or a map from player count to a whole number");
      }
      for (const auto& entry : node) {
        auto players = static_cast<int>(
            read_integer(entry.first, spec.name, game.min_players, game.max_players));
        table[players] = read_integer(entry.second, spec.name, spec.min, spec.max);
      }
      return table;
    }
    case ParamType::IntegerTable: {
      IntegerTable table = std::get<IntegerTable>(current);
      std::vector<std::string> keys;
      for (const auto& entry : table.entries) keys.push_back(entry.first);
      if (!node.IsMap()) {
        fail_at(node, spec.name, "expected a map from " + join(keys, ", ") + " to a whole number");
      }
      for (const auto& entry : node) {
        const std::string key = read_string(entry.first, spec.name);
        auto found = std::find_if(table.entries.begin(), table.entries.end(),
                                  [&](const auto& known) { return known.first == key; });
        if (found == table.entries.end()) {
          fail_at(entry.first, spec.name,
                  "unknown key '" + key + "', expected one of " + join(keys, ", ") +
                      did_you_mean(key, keys));
        }
        found->second = read_integer(entry.second, spec.name + "." + key, spec.min, spec.max);
      }
      return table;
    }
  }
  fail_at(node, spec.name, "unsupported parameter type");
}

// Splits "name=value"; the value part is parsed as YAML so that
// --set dice_per_player='{2: 7}' works like the same line in a file.
std::pair<std::string, YAML::Node> split_assignment(const std::string& assignment,
                                                    const std::string& flag) {
  auto equals = assignment.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw InputError({}, flag, "expected NAME=VALUE, got '" + assignment + "'");
  }
  std::string name = assignment.substr(0, equals);
  YAML::Node value = load_yaml_text(assignment.substr(equals + 1), flag + " " + name);
  return {name, value};
}

}  // namespace

Variant::Variant(const Game& game) : game_(&game), name_("default") {
  for (const auto& spec : game.parameters) values_[spec.name] = spec.default_value;
  for (const auto& ruling : game.rulings) rulings_[ruling.id] = ruling.default_alternative;
}

void Variant::set_parameter(const YAML::Node& key, const YAML::Node& value) {
  const std::string name = key.Scalar();
  const ParamSpec* spec = game_->find_parameter(name);
  if (spec == nullptr) {
    fail_at(key, name,
            "unknown parameter of " + game_->name + did_you_mean(name, parameter_names(*game_)) +
                "; see 'grove rules " + game_->name + "'");
  }
  values_[name] = read_value(*game_, *spec, value, values_[name]);
}

void Variant::set_ruling(const YAML::Node& key, const YAML::Node& alternative) {
  const std::string id = key.Scalar();
  const Ruling* ruling = game_->find_ruling(id);
  if (ruling == nullptr) {
    fail_at(key, id,
            "unknown ruling of " + game_->name + did_you_mean(id, ruling_ids(*game_)) +
                "; see 'grove rules " + game_->name + "'");
  }
  std::string text = read_string(alternative, id);
  auto ids = ruling->alternative_ids();
  for (const auto& candidate : ids) {
    if (candidate == text) {
      rulings_[id] = text;
      return;
    }
  }
  fail_at(alternative, id,
          "expected one of " + join(ids, ", ") + ", got '" + text + "'" + did_you_mean(text, ids));
}

void Variant::set_parameter_text(const std::string& assignment) {
  auto [name, value] = split_assignment(assignment, "--set");
  try {
    set_parameter(YAML::Node(name), value);
  } catch (const InputError& error) {
    throw InputError({"--set", 0, 0}, error.key(), error.message());
  }
}

void Variant::set_ruling_text(const std::string& assignment) {
  auto [id, value] = split_assignment(assignment, "--ruling");
  try {
    set_ruling(YAML::Node(id), value);
  } catch (const InputError& error) {
    throw InputError({"--ruling", 0, 0}, error.key(), error.message());
  }
}

void Variant::apply_settings(const YAML::Node& parameters, const YAML::Node& rulings) {
  if (parameters.IsDefined() && !parameters.IsNull()) {
    expect_map(parameters, "parameters", "parameter settings");
    for (const auto& entry : parameters) set_parameter(entry.first, entry.second);
  }
  if (rulings.IsDefined() && !rulings.IsNull()) {
    expect_map(rulings, "rulings", "ruling choices");
    for (const auto& entry : rulings) set_ruling(entry.first, entry.second);
  }
}

std::int64_t Variant::integer(const std::string& name) const {
  return std::get<std::int64_t>(values_.at(name));
}

std::int64_t Variant::integer_for_players(const std::string& name, int players) const {
  return std::get<PerPlayerCount>(values_.at(name)).at(players);
}

const IntegerTable& Variant::table(const std::string& name) const {
  return std::get<IntegerTable>(values_.at(name));
}

bool Variant::flag(const std::string& name) const { return std::get<bool>(values_.at(name)); }

const std::string& Variant::choice(const std::string& name) const {
  return std::get<std::string>(values_.at(name));
}

const std::string& Variant::ruling(const std::string& id) const { return rulings_.at(id); }

const std::string& Variant::checked_ruling(const std::string& id,
                                           const std::vector<std::string_view>& names) const {
  const Ruling* declared = game_->find_ruling(id);
  auto fail = [&](const std::string& why) {
    throw std::logic_error(fmt::format("{} reads ruling '{}' wrongly: {}", game_->name, id, why));
  };
  if (declared == nullptr) fail("the game declares no such ruling");
  const std::vector<std::string> alternatives = declared->alternative_ids();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (std::find(alternatives.begin(), alternatives.end(), names[i]) == alternatives.end()) {
      fail(fmt::format("'{}' is not one of its alternatives ({})", names[i],
                       join(alternatives, ", ")));
    }
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) !=
        names.begin() + static_cast<std::ptrdiff_t>(i)) {
      fail(fmt::format("'{}' is mapped twice", names[i]));
    }
  }
  for (const std::string& alternative : alternatives) {
    if (std::find(names.begin(), names.end(), alternative) == names.end()) {
      fail(fmt::format("its alternative '{}' is not mapped", alternative));
    }
  }
  return rulings_.at(id);
}

std::uint64_t Variant::ruling_mark(const std::string& id) const {
  const Ruling* declared = game_->find_ruling(id);
  if (declared == nullptr) return RulingReads::kAll;
  return RulingReads::ruling(static_cast<std::size_t>(declared - game_->rulings.data()));
}

Ruled<bool> Variant::ruling_is(const std::string& id, std::string_view alternative) const {
  const Ruling* declared = game_->find_ruling(id);
  if (declared != nullptr && declared->alternatives.size() != 2) {
    throw std::logic_error(
        fmt::format("{} reads ruling '{}' as yes or no, but it has {} alternatives: map each "
                    "with ruling_as",
                    game_->name, id, declared->alternatives.size()));
  }
  std::vector<std::string_view> names{alternative};
  if (declared != nullptr) {
    for (const RulingAlternative& other : declared->alternatives) {
      if (other.id != alternative) names.push_back(other.id);
    }
  }
  return Ruled<bool>(checked_ruling(id, names) == alternative, ruling_mark(id));
}

std::string Variant::described() const {
  const std::string changes = join(differences(), ", ");
  return changes.empty() ? name() : name() + " (" + changes + ")";
}

std::vector<std::string> Variant::differences() const {
  std::vector<std::string> lines;
  for (const auto& spec : game_->parameters) {
    const ParamValue& value = values_.at(spec.name);
    if (value == spec.default_value) continue;
    // A table shows only its changed entries: Forest Shuffle's have a hundred.
    if (const auto* table = std::get_if<IntegerTable>(&value)) {
      const auto& defaults = std::get<IntegerTable>(spec.default_value).entries;
      IntegerTable changed;
      for (std::size_t i = 0; i < table->entries.size(); ++i) {
        if (table->entries[i] != defaults[i]) changed.entries.push_back(table->entries[i]);
      }
      lines.push_back(spec.name + "=" + value_text(changed));
      continue;
    }
    lines.push_back(spec.name + "=" + value_text(value));
  }
  for (const auto& ruling : game_->rulings) {
    const std::string& chosen = rulings_.at(ruling.id);
    if (chosen != ruling.default_alternative) lines.push_back(ruling.id + "=" + chosen);
  }
  return lines;
}

void Variant::apply_differences(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    if (game_->find_ruling(line.substr(0, line.find('='))) != nullptr) {
      set_ruling_text(line);
    } else {
      set_parameter_text(line);
    }
  }
}

std::string Variant::canonical_text() const {
  std::string text = "game: " + game_->name + "\nparameters:\n";
  for (const auto& spec : game_->parameters) {
    text += "  " + spec.name + ": " + value_text(values_.at(spec.name)) + "\n";
  }
  text += "rulings:\n";
  for (const auto& ruling : game_->rulings) {
    text += "  " + ruling.id + ": " + rulings_.at(ruling.id) + "\n";
  }
  return text;
}

std::string Variant::hash_hex() const {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx",
                static_cast<unsigned long long>(hash_text(canonical_text())));
  return buffer;
}

void apply_variant_file(Variant& variant, const std::string& path) {
  const Game& game = variant.game();
  YAML::Node file = load_yaml_file(path);
  try {
    expect_map(file, "", "a variant");
    check_keys(file, {"game", "name", "description", "parameters", "rulings"});
    if (file["game"]) {
      std::string named = read_string(file["game"], "game");
      if (named != game.name) {
        fail_at(file["game"], "game",
                "this variant is for '" + named + "', not '" + game.name + "'");
      }
    }
    variant.set_name(file["name"] ? read_string(file["name"], "name")
                                  : std::filesystem::path(path).stem().string());
    variant.apply_settings(file["parameters"], file["rulings"]);
  } catch (const InputError& error) {
    throw error.in_file(path);
  }
}

Variant load_variant_file(const Game& game, const std::string& path) {
  Variant variant(game);
  apply_variant_file(variant, path);
  return variant;
}

}  // namespace grove
