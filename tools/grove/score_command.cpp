// grove score: the table of a position written in YAML and every player's
// points, card by card, for a game whose positions can be scored at any
// time (Forest Shuffle, Takenoko). The position comes from a file of the
// game's position form, or from a scenario's start.

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {
namespace {

// The table a position file is written for: the highest seat its
// `players:` map names (P3 -> 3), at least the game's smallest table.
int players_named(const Game& game, const YAML::Node& position) {
  int players = game.min_players;
  const YAML::Node named = position.IsMap() ? position["players"] : YAML::Node();
  if (named && named.IsMap()) {
    for (const auto& entry : named) {
      if (const auto seat = parse_seat_label(entry.first.Scalar())) {
        players = std::max(players, *seat + 1);
      }
    }
  }
  return players;
}

void print_table(const Rules& rules, const State& state) {
  const std::optional<std::string> sheet = rules.score_sheet(state);
  if (!sheet) {
    throw InputError({}, "",
                     rules.game().title +
                         " keeps no score sheet of a position; 'grove score' "
                         "works for games that do (forest_shuffle, takenoko)");
  }
  std::cout << rules.board(state) << rules.board_legend() << "\n" << *sheet;
}

}  // namespace

int score_command(const Invocation& invocation) {
  CommonOptions common;
  std::vector<std::string> files;
  po::options_description options("options");
  options.add_options()("files", po::value(&files)->value_name("[GAME] FILE"),
                        "a position file (after the game's name) or a scenario");
  add_variant_options(options, common);
  add_players_option(options, common,
                     "number of players (default: the highest seat the position names)");
  po::positional_options_description positional;
  positional.add("files", 2);
  po::variables_map values;
  if (!parse(invocation, "score GAME POSITION.yaml | score SCENARIO.yaml",
             "Reads a position written in the game's YAML form (the 'start:' of a scenario, or a "
             "file of its own) and prints the table and every player's points, card by card: "
             "what each card scores and why, and the total.",
             options, positional, values)) {
    return kSuccess;
  }
  if (files.empty())
    throw InputError({}, "", "usage: grove score GAME POSITION.yaml | SCENARIO.yaml");

  if (files.size() == 1) {
    // A scenario: its game, players, variant and start.
    const Scenario scenario = load_scenario(files[0], builtin_games(), common.variant);
    if (!scenario.start) {
      throw InputError({files[0], 0, 0}, "start", "the scenario has no start position to score");
    }
    const auto rules = scenario.game->rules(scenario.variant, scenario.players);
    std::unique_ptr<State> state;
    try {
      state = rules->state_from_yaml(*scenario.start);
    } catch (const InputError& error) {
      throw error.in_file(files[0]);
    }
    std::cout << fmt::format("{}: {}\n\n", files[0], scenario.title);
    print_table(*rules, *state);
    return kSuccess;
  }

  const Game& game = builtin_games().get(files[0]);
  const YAML::Node position = load_yaml_file(files[1]);
  const Variant variant = build_variant(game, common.variant);
  const auto rules = game.rules(variant, common.players.value_or(players_named(game, position)));
  std::unique_ptr<State> state;
  try {
    state = rules->state_from_yaml(position);
  } catch (const InputError& error) {
    throw error.in_file(files[1]);
  }
  print_table(*rules, *state);
  return kSuccess;
}

}  // namespace grove::cli
