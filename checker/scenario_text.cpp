#include "checker/scenario_text.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"

namespace grove::checker {

std::string quoted(const std::string& text) {
  YAML::Emitter out;
  out << YAML::DoubleQuoted << text;
  return out.c_str();
}

std::string scenario_header(const Rules& rules, const std::string& title, const std::string& source,
                            const std::string& description) {
  const Game& game = rules.game();
  std::string text = fmt::format("game: {}\n", game.name);
  text += "title: " + quoted(title) + "\n";
  text += "source: " + quoted(source) + "\n";
  text += "description: " + quoted(description) + "\n";
  std::vector<std::string> parameters, rulings;
  for (const std::string& line : rules.variant().differences()) {
    const auto equals = line.find('=');
    const std::string name = line.substr(0, equals);
    const std::string value = line.substr(equals + 1);
    (game.find_ruling(name) ? rulings : parameters).push_back(name + ": " + value);
  }
  if (!parameters.empty()) text += "parameters: {" + join(parameters, ", ") + "}\n";
  if (!rulings.empty()) text += "rulings: {" + join(rulings, ", ") + "}\n";
  text += fmt::format("players: {}\n", rules.players());
  return text;
}

std::string move_step(const Rules& rules, const Move& move) {
  return "  - " + quoted(rules.move_text(move)) + "\n";
}

}  // namespace grove::checker
