#pragma once
// A variant is one complete choice of rules for a game: a value for every
// parameter and an alternative for every ruling. It starts from the game's
// defaults; a variant file, inline scenario settings and command-line
// --set/--ruling flags are applied over it in that order, each validated
// against the schema (unknown names, bad types and out-of-range numbers are
// InputErrors that say what would have been valid).

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/params.hpp"
#include "engine/core/ruling.hpp"

namespace grove {

struct Game;

class Variant {
 public:
  explicit Variant(const Game& game);  // the game's defaults, named "default"

  const Game& game() const { return *game_; }
  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }

  // `key` and `value` are the YAML nodes as written, for the line and column
  // in errors (an unknown name points at the key, a bad value at the value).
  void set_parameter(const YAML::Node& key, const YAML::Node& value);
  void set_ruling(const YAML::Node& key, const YAML::Node& alternative);
  // "name=value" as given to --set / --ruling.
  void set_parameter_text(const std::string& assignment);
  void set_ruling_text(const std::string& assignment);
  // A map with optional keys `parameters` and `rulings` (in a variant file or
  // inline in a scenario).
  void apply_settings(const YAML::Node& parameters, const YAML::Node& rulings);

  std::int64_t integer(const std::string& name) const;
  std::int64_t integer_for_players(const std::string& name, int players) const;
  const IntegerTable& table(const std::string& name) const;
  bool flag(const std::string& name) const;
  const std::string& choice(const std::string& name) const;
  // The alternative in force, by name: for what is shown and stored. Rules
  // read a ruling through ruling_as or ruling_is, never by this name, or
  // the explorer is not told where they read it (RulingReads).
  const std::string& ruling(const std::string& id) const;
  // How a game reads a ruling: once, when its rules are built, into a typed
  // value. ruling_as maps every alternative the game declares for `id` to a
  // value and returns the one in force; ruling_is answers "is `alternative`
  // in force?" for a ruling of exactly two alternatives. A name the game
  // does not declare, an alternative left out or given twice, or a third
  // alternative added later is a std::logic_error the moment the rules are
  // built, never a silent else branch. Both answer with a Ruled value, so
  // that where the rules read it is known (RulingReads): keep it as such
  // in the rules' settings, and read it where play needs it.
  template <class T>
  Ruled<T> ruling_as(const std::string& id,
                     std::initializer_list<std::pair<std::string_view, T>> mapping) const {
    std::vector<std::string_view> names;
    for (const auto& [name, value] : mapping) names.push_back(name);
    const std::string& chosen = checked_ruling(id, names);
    for (const auto& [name, value] : mapping) {
      if (name == chosen) return Ruled<T>(value, ruling_mark(id));
    }
    return Ruled<T>(mapping.begin()->second, ruling_mark(id));  // not reached
  }
  Ruled<bool> ruling_is(const std::string& id, std::string_view alternative) const;
  // The RulingReads bit of the game's ruling `id`.
  std::uint64_t ruling_mark(const std::string& id) const;

  // Settings that differ from the game's defaults, as "name=value" lines, in
  // schema order: what makes this variant this variant.
  std::vector<std::string> differences() const;
  // The name, and in brackets what it changes when anything: how the
  // commands head their output ("default (dice_per_player={2: 3})").
  std::string described() const;
  // Sets what such lines say (parameters and rulings alike): a variant
  // rebuilt from its stored differences over the game's defaults.
  void apply_differences(const std::vector<std::string>& lines);
  // Every parameter and ruling, in schema order; equal variants give equal
  // text, so its hash identifies the rules that were played.
  std::string canonical_text() const;
  std::string hash_hex() const;

 private:
  // The alternative in force, after checking that `names` are exactly the
  // declared alternatives of `id` (see ruling_as).
  const std::string& checked_ruling(const std::string& id,
                                    const std::vector<std::string_view>& names) const;

  const Game* game_;
  std::string name_;
  std::map<std::string, ParamValue> values_;
  std::map<std::string, std::string> rulings_;
};

// Applies a variant file (keys: game, name, description, parameters,
// rulings) over `variant`; the file's `game` must match. The variant takes the
// file's name (or the file's stem).
void apply_variant_file(Variant& variant, const std::string& path);
Variant load_variant_file(const Game& game, const std::string& path);

}  // namespace grove
