#include "engine/core/game.hpp"

#include <stdexcept>

#include "engine/core/errors.hpp"

namespace grove {

std::vector<std::string> Ruling::alternative_ids() const {
  std::vector<std::string> ids;
  for (const auto& alternative : alternatives) ids.push_back(alternative.id);
  return ids;
}

const ParamSpec* Game::find_parameter(std::string_view parameter) const {
  for (const auto& spec : parameters) {
    if (spec.name == parameter) return &spec;
  }
  return nullptr;
}

const Ruling* Game::find_ruling(std::string_view id) const {
  for (const auto& ruling : rulings) {
    if (ruling.id == id) return &ruling;
  }
  return nullptr;
}

const Clause* Game::find_clause(std::string_view id) const {
  for (const auto& clause : clauses) {
    if (clause.id == id) return &clause;
  }
  return nullptr;
}

std::unique_ptr<Rules> Game::rules(const Variant& variant, int players) const {
  if (players < min_players || players > max_players) {
    throw InputError({}, "players",
                     title + " is for " + std::to_string(min_players) + " to " +
                         std::to_string(max_players) + " players, not " + std::to_string(players));
  }
  return make_rules(*this, variant, players);
}

void Registry::add(Game game) {
  if (find(game.name) != nullptr) throw std::logic_error("game registered twice: " + game.name);
  games_.push_back(std::make_unique<Game>(std::move(game)));
}

const Game* Registry::find(std::string_view name) const {
  for (const auto& game : games_) {
    if (game->name == name) return game.get();
  }
  return nullptr;
}

const Game& Registry::get(std::string_view name) const {
  if (const Game* game = find(name)) return *game;
  throw InputError({}, "",
                   "unknown game '" + std::string(name) + "'" + did_you_mean(name, names()) +
                       "; known games: " + join(names(), ", "));
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> list;
  for (const auto& game : games_) list.push_back(game->name);
  return list;
}

}  // namespace grove
