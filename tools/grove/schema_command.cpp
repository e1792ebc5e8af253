// grove schema GAME: the JSON Schema of a game's scenario (or, with
// --variant, variant) files, for YAML editors. The shipped copies are
// scenarios/GAME/scenario.schema.json and variant.schema.json, kept equal
// to this output by a test.

#include <iostream>

#include "engine/games/builtin.hpp"
#include "engine/scenario/schema.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {

int schema_command(const Invocation& invocation) {
  std::string game_name;
  std::string output = "-";
  po::options_description options("options");
  options.add_options()("game", po::value(&game_name)->required()->value_name("GAME"),
                        "the game ('grove games' lists them)")(
      "variant", po::bool_switch(), "the schema of variant files rather than scenarios")(
      "output,o", po::value(&output)->default_value(output)->value_name("FILE"),
      "where to write it (-: the standard output)");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map values;
  if (!parse(invocation, "schema GAME [--variant] [-o FILE]",
             "Prints the JSON Schema (draft-07) of GAME's scenario files, or with --variant of "
             "its variant files: every key, parameter (type, range, default, description), "
             "ruling (alternatives and what each means), step form and event clause. A YAML "
             "editor that reads '# yaml-language-server: $schema=FILE' at the top of a file "
             "(VS Code's YAML extension and others) then checks and completes it as you type. "
             "The shipped scenarios point at scenarios/GAME/scenario.schema.json.",
             options, positional, values)) {
    return kSuccess;
  }
  const Game& game = builtin_games().get(game_name);
  const nlohmann::json schema =
      values["variant"].as<bool>() ? variant_schema(game) : scenario_schema(game);
  if (output != "-") check_output_file(output, "--output");
  write_output(output, schema.dump(2) + "\n", "--output");
  return kSuccess;
}

}  // namespace grove::cli
