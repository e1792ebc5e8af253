#pragma once
// JSON Schemas (draft-07) of a game's scenario and variant files, for YAML
// editors (yaml-language-server, as VS Code and others use) to check and
// complete them as a designer types: every key, every parameter with its
// type, range, default and description, every ruling with its alternatives,
// every step form and event clause. grove's own loader stays the authority
// (it also checks what a schema cannot: a move's notation, a position);
// the schemas say as much of it as JSON Schema can.

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"

namespace grove {

nlohmann::json scenario_schema(const Game& game);
nlohmann::json variant_schema(const Game& game);

}  // namespace grove
