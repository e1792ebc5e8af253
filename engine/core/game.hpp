#pragma once
// A game as the registry knows it: its name, the player counts it supports,
// its parameter schema, rulings and rule clauses, and a factory for its Rules.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/params.hpp"
#include "engine/core/rules.hpp"
#include "engine/core/ruling.hpp"
#include "engine/core/variant.hpp"

namespace grove {

struct Game {
  std::string name;          // "pass_the_pandas": used in files and on the command line
  std::string title;         // "Pass the Pandas"
  std::string rules_source;  // the rule text(s) it implements
  int min_players = 2;
  int max_players = 2;
  std::vector<ParamSpec> parameters;
  std::vector<Ruling> rulings;
  std::vector<Clause> clauses;
  std::vector<SimultaneousResolution> simultaneous;
  // False when the rules allow a game that never ends, so that random play
  // often does not reach the end (Takenoko: once every tile is placed, a hand
  // full of plot objectives the plantation does not show can never empty).
  bool random_play_ends = true;
  // False when some seat cannot see the whole state (cards in hand, a
  // shuffled deck's order is not part of the state): optimal play is then
  // not a value of the positions alone.
  bool perfect_information = true;
  // Builds the rules for a validated variant and player count. May throw
  // InputError for combinations of settings the game cannot play.
  std::function<std::unique_ptr<Rules>(const Game&, const Variant&, int players)> make_rules;

  const ParamSpec* find_parameter(std::string_view parameter) const;
  const Ruling* find_ruling(std::string_view id) const;
  const Clause* find_clause(std::string_view id) const;

  // Checks the player count, then builds the rules.
  std::unique_ptr<Rules> rules(const Variant& variant, int players) const;
};

class Registry {
 public:
  void add(Game game);
  const std::vector<std::unique_ptr<Game>>& games() const { return games_; }
  const Game* find(std::string_view name) const;
  // Throws InputError naming the known games and the closest one.
  const Game& get(std::string_view name) const;
  std::vector<std::string> names() const;

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

}  // namespace grove
