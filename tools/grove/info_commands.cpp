// grove games, grove rules: what a designer can look up before writing a
// scenario or a variant.

#include <fmt/format.h>

#include <iostream>

#include "engine/games/builtin.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {

int games_command(const Invocation& invocation) {
  po::options_description options("options");
  options.add_options()("names", "only the games' names, one a line (for scripts and completion)");
  po::variables_map values;
  if (!parse(invocation, "games [--names]", "Lists the games grove knows.", options, {}, values)) {
    return kSuccess;
  }
  const bool names_only = values.count("names") > 0;
  for (const auto& game : builtin_games().games()) {
    if (names_only) {
      std::cout << game->name << "\n";
      continue;
    }
    std::cout << fmt::format("{:<18} {:<18} {}-{} players   rules: {}\n", game->name, game->title,
                             game->min_players, game->max_players, game->rules_source);
  }
  return kSuccess;
}

int rules_command(const Invocation& invocation) {
  std::string name;
  po::options_description options = game_options(name);
  bool names_only = false;
  options.add_options()("names", po::bool_switch(&names_only),
                        "only the names, one a line, for scripts and completion: 'parameter NAME', "
                        "'ruling ID=ALTERNATIVE' (each alternative, the default first) and "
                        "'clause ID'");
  if (!parse_game(invocation, "rules GAME [--names]",
                  "Shows a game's parameters (with defaults, ranges and where the rule stands), "
                  "its rulings (the readings grove had to choose between) and its rule clauses "
                  "(the ids events carry, for scenario expectations).",
                  options)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(name);
  if (names_only) {
    for (const auto& spec : game.parameters) std::cout << "parameter " << spec.name << "\n";
    for (const auto& ruling : game.rulings) {
      std::cout << "ruling " << ruling.id << "=" << ruling.default_alternative << "\n";
      for (const auto& alternative : ruling.alternatives) {
        if (alternative.id == ruling.default_alternative) continue;
        std::cout << "ruling " << ruling.id << "=" << alternative.id << "\n";
      }
    }
    for (const auto& clause : game.clauses) std::cout << "clause " << clause.id << "\n";
    return kSuccess;
  }
  std::cout << fmt::format("{} ({}), {}-{} players; rules: {}\n", game.title, game.name,
                           game.min_players, game.max_players, game.rules_source);

  std::cout << "\nParameters (--set NAME=VALUE, or 'parameters:' in a variant file)\n";
  for (const auto& spec : game.parameters) {
    std::cout << fmt::format("  {}  = {}   [{}]\n      {}\n      see {}\n", spec.name,
                             value_text(spec.default_value), type_name(spec), spec.description,
                             spec.reference);
  }
  std::cout << "\nRulings (--ruling ID=ALTERNATIVE, or 'rulings:' in a variant file)\n";
  for (const auto& ruling : game.rulings) {
    std::cout << fmt::format("  {}  = {}\n      {}\n", ruling.id, ruling.default_alternative,
                             ruling.question);
    for (const auto& alternative : ruling.alternatives) {
      std::cout << fmt::format("      {} {}: {}\n",
                               alternative.id == ruling.default_alternative ? "*" : "-",
                               alternative.id, alternative.meaning);
    }
    std::cout << fmt::format("      default because: {}\n      see {}\n", ruling.why_default,
                             ruling.reference);
  }
  std::cout << "\nRule clauses (event ids)\n";
  for (const auto& clause : game.clauses) {
    std::cout << fmt::format("  {:<28} {}  ({})\n", clause.id, clause.summary, clause.reference);
  }
  return kSuccess;
}

}  // namespace grove::cli
