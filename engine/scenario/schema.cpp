#include "engine/scenario/schema.hpp"

#include <string>
#include <vector>

namespace grove {
namespace {

using nlohmann::json;

json described(json schema, const std::string& description) {
  schema["description"] = description;
  return schema;
}

json integer(std::int64_t min, std::int64_t max) {
  return {{"type", "integer"}, {"minimum", min}, {"maximum", max}};
}

json strings() { return {{"type", "array"}, {"items", {{"type", "string"}}}}; }

// A map whose keys are exactly `properties`' (no others), each optional.
json closed_map(json properties) {
  return {
      {"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
}

json parameter_schema(const Game& game, const ParamSpec& spec) {
  json schema;
  switch (spec.type) {
    case ParamType::Integer:
      schema = integer(spec.min, spec.max);
      schema["default"] = std::get<std::int64_t>(spec.default_value);
      break;
    case ParamType::Flag:
      schema = {{"type", "boolean"}, {"default", std::get<bool>(spec.default_value)}};
      break;
    case ParamType::Choice:
      schema = {{"enum", spec.choices}, {"default", std::get<std::string>(spec.default_value)}};
      break;
    case ParamType::IntegerPerPlayerCount: {
      // One number for every table size, or a number per player count.
      json counts = json::object();
      for (int players = game.min_players; players <= game.max_players; ++players) {
        counts[std::to_string(players)] = integer(spec.min, spec.max);
      }
      schema = {{"oneOf", {integer(spec.min, spec.max), closed_map(counts)}}};
      break;
    }
    case ParamType::IntegerTable: {
      json keys = json::object();
      for (const auto& [key, value] : std::get<IntegerTable>(spec.default_value).entries) {
        keys[key] = integer(spec.min, spec.max);
        keys[key]["default"] = value;
      }
      schema = closed_map(keys);
      break;
    }
  }
  return described(schema, spec.description + " (" + type_name(spec) + ", default " +
                               value_text(spec.default_value) + "; " + spec.reference + ")");
}

json parameters_schema(const Game& game) {
  json properties = json::object();
  for (const ParamSpec& spec : game.parameters)
    properties[spec.name] = parameter_schema(game, spec);
  json schema = closed_map(properties);
  schema["type"] = {"object", "null"};
  return described(schema, "parameters changed from their defaults ('grove rules " + game.name +
                               "' lists them)");
}

json rulings_schema(const Game& game) {
  json properties = json::object();
  for (const Ruling& ruling : game.rulings) {
    std::string meanings;
    for (const RulingAlternative& alternative : ruling.alternatives) {
      meanings += "\n- " + alternative.id +
                  (alternative.id == ruling.default_alternative ? " (the default)" : "") + ": " +
                  alternative.meaning;
    }
    properties[ruling.id] =
        described({{"enum", ruling.alternative_ids()}, {"default", ruling.default_alternative}},
                  ruling.question + meanings);
  }
  json schema = closed_map(properties);
  schema["type"] = {"object", "null"};
  return described(schema, "the reading chosen for rulings the rule text leaves open");
}

json clause_schema(const Game& game) {
  std::vector<std::string> ids;
  for (const Clause& clause : game.clauses) ids.push_back(clause.id);
  return described({{"enum", ids}}, "a rule clause of " + game.title + " ('grove rules " +
                                        game.name + "' lists them)");
}

json event_schema(const Game& game) {
  json map = {{"type", "object"},
              {"required", {"clause"}},
              {"properties", {{"clause", clause_schema(game)}, {"seat", {{"type", "string"}}}}},
              {"additionalProperties", {{"type", {"string", "number", "boolean"}}}}};
  return {{"oneOf",
           {clause_schema(game),
            described(map, "a clause, the seat, and fields the event must carry")}}};
}

json expect_schema(const Game& game) {
  json events = {{"type", "array"}, {"items", event_schema(game)}};
  json legal_moves = {
      {"oneOf",
       {described(strings(), "exactly these legal moves, in any order"),
        described({{"type", "object"},
                   {"required", {"kind", "moves"}},
                   {"properties", {{"kind", {{"type", "string"}}}, {"moves", strings()}}},
                   {"additionalProperties", false}},
                  "exactly these among the legal moves of one kind (the verb of their text)")}}};
  return closed_map(
      {{"state",
        described({{"type", "object"}},
                  "a part of the state's YAML form; a list checked in part as {count, includes, "
                  "excludes}")},
       {"events", described(events, "events fired since the last expect")},
       {"no_events", described({{"type", "array"}, {"items", clause_schema(game)}},
                               "clauses that must not have fired")},
       {"legal_moves", legal_moves},
       {"legal_moves_include", described(strings(), "these moves are legal")},
       {"legal_moves_exclude", described(strings(), "these moves are not legal")},
       {"properties", described({{"const", "hold"}}, "every generic property holds here")},
       {"end_reachable",
        described({{"const", true}}, "some way of playing on from here ends the game")},
       {"same_position_as_move",
        described({{"type", "integer"}, {"minimum", 0}},
                  "the position is the one after this earlier move (0: the start): the moves "
                  "since went round a loop")}});
}

// A step with one key that names its form (and that form's own keys).
json step_form(const std::string& key, json value, json others, const std::string& description) {
  json properties = std::move(others);
  properties[key] = std::move(value);
  json form = closed_map(properties);
  form["required"] = {key};
  // The exact reason and words it contains exclude each other.
  if (form["properties"].contains("reason_contains")) {
    form["not"] = {{"required", {"reason", "reason_contains"}}};
  }
  return described(form, description);
}

json step_schema(const Game& game) {
  const json move = {{"type", "string"}};
  const json reasons = {{"reason", described(move, "exactly the rules' words")},
                        {"reason_contains", described(move, "words the reason must contain")}};
  return {{"oneOf",
           {described(move, "a move or a chance outcome in the game's notation"),
            step_form("move", move, json::object(), "a move or a chance outcome"),
            step_form("expect", expect_schema(game), json::object(), "what must hold here"),
            step_form("illegal", move, reasons,
                      "a move the rules must reject, with the reason or words it contains (not "
                      "both)"),
            step_form("legal", move, json::object(),
                      "a move the rules must accept here (tried on a copy, not played)"),
            step_form("random",
                      {{"oneOf", {{{"type", "integer"}, {"minimum", 0}}, {{"const", "end"}}}}},
                      json::object(), "moves by the random agent, N or to the end")}}};
}

json end_schema() {
  const json seat = described({{"type", "string"}}, "P1, P2, ... or a player's name");
  const json by_seat = {{"type", "object"}, {"additionalProperties", {{"type", "integer"}}}};
  return described(
      closed_map({{"winner", seat},
                  {"winners", {{"type", "array"}, {"items", seat}}},
                  {"places", {{"oneOf", {{{"type", "array"}, {"items", seat}}, by_seat}}}},
                  {"scores", by_seat}}),
      "the game must be over, with this result");
}

json file_header(const Game& game, const std::string& kind) {
  return {{"$schema", "http://json-schema.org/draft-07/schema#"},
          {"title", "grove " + kind + ": " + game.title},
          {"type", "object"},
          {"additionalProperties", false}};
}

}  // namespace

json scenario_schema(const Game& game) {
  json schema = file_header(game, "scenario");
  schema["description"] = "A scenario of " + game.title +
                          ": a start, steps and what must happen (scenarios/README.md).";
  schema["required"] = {"game", "players"};
  schema["properties"] = {
      {"game", {{"const", game.name}}},
      {"title", {{"type", "string"}}},
      {"source", described({{"type", "string"}}, "where the case comes from")},
      {"description", {{"type", "string"}}},
      {"variant", described({{"type", "string"}},
                            "a variant file, from the scenario's folder or the game's "
                            "scenarios/GAME/variants/")},
      {"parameters", parameters_schema(game)},
      {"rulings", rulings_schema(game)},
      {"players",
       {{"oneOf",
         {described(integer(game.min_players, game.max_players), "how many players"),
          described({{"type", "array"},
                     {"items", {{"type", "string"}}},
                     {"minItems", game.min_players},
                     {"maxItems", game.max_players}},
                    "the players' names, in seat order")}}}},
      {"seed", described({{"type", "integer"}, {"minimum", 0}}, "for random steps")},
      {"start", described({{"type", "object"}}, "a position in the game's YAML form (its README)")},
      {"steps", {{"type", {"array", "null"}}, {"items", step_schema(game)}}},
      {"end", end_schema()}};
  return schema;
}

json variant_schema(const Game& game) {
  json schema = file_header(game, "variant");
  schema["description"] =
      "A variant of " + game.title + ": parameters and rulings changed from the defaults.";
  schema["properties"] = {{"game", {{"const", game.name}}},
                          {"name", {{"type", "string"}}},
                          {"description", {{"type", "string"}}},
                          {"parameters", parameters_schema(game)},
                          {"rulings", rulings_schema(game)}};
  return schema;
}

}  // namespace grove
