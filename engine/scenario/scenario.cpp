#include "engine/scenario/scenario.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "engine/core/yaml_input.hpp"

namespace grove {
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kScenarioKeys = {"game",    "title",      "source",  "description",
                                                "variant", "parameters", "rulings", "players",
                                                "seed",    "start",      "steps",   "end"};

// A seat written as P1 or as one of the scenario's player names.
Seat read_player(const YAML::Node& node, const std::string& key, const Scenario& scenario) {
  if (node.IsScalar()) {
    const std::string& text = node.Scalar();
    for (std::size_t i = 0; i < scenario.player_names.size(); ++i) {
      if (scenario.player_names[i] == text) return static_cast<Seat>(i);
    }
  }
  return read_seat(node, key, scenario.players);
}

std::string resolve_variant(const YAML::Node& node, const std::string& scenario_file,
                            const std::string& game) {
  const std::string written = read_string(node, "variant");
  const fs::path scenario_dir = fs::path(scenario_file).parent_path();
  std::vector<fs::path> candidates;
  if (written.find('/') != std::string::npos || fs::path(written).extension() == ".yaml") {
    candidates.push_back(scenario_dir / written);
  } else {
    // A bare name is looked up in the variants/ folder next to the scenario
    // or in an enclosing folder (scenarios/<game>/variants/), and then in the
    // game's shipped variants under the working folder, so that a scenario
    // copied out of scenarios/ still finds `variant: basic` when grove runs
    // from the source folder.
    fs::path dir = scenario_dir;
    for (int level = 0; level < 4; ++level) {
      candidates.push_back(dir / "variants" / (written + ".yaml"));
      if (!dir.has_parent_path() || dir.parent_path() == dir) break;
      dir = dir.parent_path();
    }
    candidates.push_back(fs::path("scenarios") / game / "variants" / (written + ".yaml"));
  }
  std::vector<std::string> looked;
  for (const auto& candidate : candidates) {
    std::error_code error;
    if (fs::is_regular_file(candidate, error)) return candidate.string();
    if (error && error != std::errc::no_such_file_or_directory) {
      fail_at(node, "variant", candidate.string() + ": " + error.message());
    }
    // In full, so that a scenario copied elsewhere shows where it looked.
    looked.push_back(fs::absolute(candidate, error).lexically_normal().string());
  }
  fail_at(node, "variant", "no variant file '" + written + "'; looked for " + join(looked, ", "));
}

// "1 move or chance outcome", "3 moves and chance outcomes".
std::string moves_text(std::int64_t count) {
  return count == 1 ? "1 move or chance outcome"
                    : fmt::format("{} moves and chance outcomes", count);
}

EventExpectation read_event(const YAML::Node& node, const Scenario& scenario) {
  EventExpectation expected;
  expected.written = node;
  if (node.IsScalar()) {
    expected.clause = node.Scalar();
  } else {
    expect_map(node, "events", "an event: a clause id, or a map with 'clause' and fields");
    if (!node["clause"]) fail_at(node, "events", "an event map needs a 'clause'");
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      if (key == "clause") {
        expected.clause = read_string(entry.second, "clause");
      } else if (key == "seat") {
        expected.seat = read_player(entry.second, "seat", scenario);
      } else {
        expected.fields.emplace_back(key, read_string(entry.second, key));
      }
    }
  }
  if (scenario.game->find_clause(expected.clause) == nullptr) {
    std::vector<std::string> ids;
    for (const auto& clause : scenario.game->clauses) ids.push_back(clause.id);
    fail_at(node, "events",
            "'" + expected.clause + "' is not a rule clause of " + scenario.game->name +
                did_you_mean(expected.clause, ids));
  }
  return expected;
}

void read_expect(const YAML::Node& node, ScenarioStep& step, const Scenario& scenario) {
  expect_map(node, "expect", "expectations");
  check_keys(node, {"state", "events", "no_events", "legal_moves", "legal_moves_include",
                    "legal_moves_exclude", "properties", "end_reachable", "same_position_as_move"});
  if (const YAML::Node properties = node["properties"]) {
    if (read_string(properties, "properties") != "hold") {
      fail_at(properties, "properties", "expected 'hold' (every generic property holds here)");
    }
    step.properties_hold = true;
  }
  if (const YAML::Node reachable = node["end_reachable"]) {
    if (read_string(reachable, "end_reachable") != "true") {
      fail_at(reachable, "end_reachable",
              "expected 'true' (some way of playing on from here ends the game)");
    }
    step.end_reachable = true;
  }
  if (const YAML::Node earlier = node["same_position_as_move"]) {
    step.same_position_as_move =
        static_cast<int>(read_integer(earlier, "same_position_as_move", 0, INT32_MAX));
  }
  if (node["state"]) {
    expect_map(node["state"], "state", "part of the state's YAML form");
    step.state = node["state"];
  }
  if (const YAML::Node events = node["events"]) {
    expect_sequence(events, "events", "events");
    for (const auto& event : events) step.events.push_back(read_event(event, scenario));
  }
  if (const YAML::Node absent = node["no_events"]) {
    expect_sequence(absent, "no_events", "clause ids");
    for (const auto& event : absent)
      step.absent_events.push_back(read_event(event, scenario).clause);
  }
  if (const YAML::Node written = node["legal_moves"]) {
    // Every legal move, or with `kind:` every legal move of one kind (its
    // verb, as the notation writes it: "places", "roll"). Nodes are only
    // read, never assigned: assigning one yaml-cpp node to another writes
    // into the document.
    if (written.IsMap()) {
      check_keys(written, {"kind", "moves"});
      if (!written["kind"]) {
        fail_at(written, "legal_moves", "expected 'kind:' (a move's verb) with 'moves:'");
      }
      if (!written["moves"]) {
        fail_at(written, "legal_moves",
                "expected 'moves:', the legal moves of that kind ([] for none)");
      }
      step.legal_moves_kind = read_string(written["kind"], "kind");
    }
    const YAML::Node moves = written.IsMap() ? written["moves"] : written;
    expect_sequence(moves, "legal_moves", "moves in the game's notation");
    std::vector<std::string> texts;
    for (const auto& move : moves) texts.push_back(read_string(move, "legal_moves"));
    step.legal_moves = texts;
  }
  for (const char* key : {"legal_moves_include", "legal_moves_exclude"}) {
    const YAML::Node moves = node[key];
    if (!moves) continue;
    expect_sequence(moves, key, "moves in the game's notation");
    auto& texts = std::string_view(key) == "legal_moves_include" ? step.legal_moves_include
                                                                 : step.legal_moves_exclude;
    for (const auto& move : moves) texts.push_back(read_string(move, key));
  }
}

ScenarioStep read_step(const YAML::Node& node, const Scenario& scenario) {
  ScenarioStep step;
  step.line = location_of(node).line;
  if (node.IsScalar()) {
    step.move = node.Scalar();
    return step;
  }
  expect_map(node, "steps",
             "a step: a move, or a map with one of move, expect, illegal, legal, random");
  if (node["move"]) {
    check_keys(node, {"move"});
    step.move = read_string(node["move"], "move");
  } else if (node["expect"]) {
    check_keys(node, {"expect"});
    step.kind = ScenarioStep::Kind::Expect;
    read_expect(node["expect"], step, scenario);
  } else if (node["illegal"]) {
    check_keys(node, {"illegal", "reason", "reason_contains"});
    step.kind = ScenarioStep::Kind::Illegal;
    step.move = read_string(node["illegal"], "illegal");
    if (node["reason"]) step.reason = read_string(node["reason"], "reason");
    if (node["reason_contains"]) {
      if (node["reason"]) {
        fail_at(node["reason_contains"], "reason_contains",
                "give either the exact reason or words it contains, not both");
      }
      step.reason_contains = read_string(node["reason_contains"], "reason_contains");
    }
  } else if (node["legal"]) {
    check_keys(node, {"legal"});
    step.kind = ScenarioStep::Kind::Legal;
    step.move = read_string(node["legal"], "legal");
  } else if (node["random"]) {
    check_keys(node, {"random"});
    step.kind = ScenarioStep::Kind::Random;
    const YAML::Node count = node["random"];
    if (count.IsScalar() && count.Scalar() == "end") {
      step.random_to_end = true;
    } else {
      step.random_steps = static_cast<int>(read_integer(count, "random", 1, 100000000));
    }
  } else {
    check_keys(node, {"move", "expect", "illegal", "legal", "reason", "reason_contains", "random"});
    fail_at(node, "steps", "a step needs one of move, expect, illegal, legal, random");
  }
  return step;
}

EndExpectation read_end(const YAML::Node& node, const Scenario& scenario) {
  expect_map(node, "end", "the expected end of the game");
  check_keys(node, {"winner", "winners", "places", "scores"});
  EndExpectation end;
  end.line = location_of(node).line;
  if (node["winner"] && node["winners"])
    fail_at(node, "winners", "give winner or winners, not both");
  if (const YAML::Node winner = node["winner"] ? node["winner"] : node["winners"]) {
    std::vector<Seat> seats;
    if (winner.IsSequence()) {
      for (const auto& seat : winner) seats.push_back(read_player(seat, "winners", scenario));
    } else {
      seats.push_back(read_player(winner, "winner", scenario));
    }
    std::sort(seats.begin(), seats.end());
    end.winners = seats;
  }
  if (const YAML::Node places = node["places"]) {
    if (places.IsSequence()) {  // first place first
      int place = 1;
      for (const auto& seat : places)
        end.places.emplace_back(read_player(seat, "places", scenario), place++);
    } else {
      expect_map(places, "places", "places: a list of seats from first to last, or seat: place");
      for (const auto& entry : places) {
        end.places.emplace_back(
            read_player(entry.first, "places", scenario),
            static_cast<int>(read_integer(entry.second, "places", 1, scenario.players)));
      }
    }
  }
  if (const YAML::Node scores = node["scores"]) {
    expect_map(scores, "scores", "seat: score");
    for (const auto& entry : scores) {
      end.scores.emplace_back(read_player(entry.first, "scores", scenario),
                              read_integer(entry.second, "scores", INT64_MIN, INT64_MAX));
    }
  }
  return end;
}

}  // namespace

std::string Scenario::player_name(Seat seat) const {
  const auto index = static_cast<std::size_t>(seat);
  if (seat >= 0 && index < player_names.size())
    return seat_label(seat) + " (" + player_names[index] + ")";
  return seat_label(seat);
}

namespace {

Scenario read_scenario(const YAML::Node& root, const std::string& path, const Registry& games,
                       const VariantOverrides& overrides) {
  try {
    expect_map(root, "", "a scenario");
    check_keys(root, kScenarioKeys);
    if (!root["game"]) {
      fail_at(root, "game",
              "missing: which game does this scenario play? (" + join(games.names(), ", ") + ")");
    }
    const Game* game = nullptr;
    try {
      game = &games.get(read_string(root["game"], "game"));
    } catch (const InputError& unknown) {
      fail_at(root["game"], "game", unknown.message());
    }
    Scenario scenario(*game);
    scenario.file = path;
    scenario.title =
        root["title"] ? read_string(root["title"], "title") : fs::path(path).stem().string();
    if (root["source"]) scenario.source = read_string(root["source"], "source");

    if (root["variant"])
      apply_variant_file(scenario.variant, resolve_variant(root["variant"], path, game->name));
    scenario.variant.apply_settings(root["parameters"], root["rulings"]);
    if (!overrides.variant_file.empty())
      apply_variant_file(scenario.variant, overrides.variant_file);
    for (const auto& setting : overrides.parameters) scenario.variant.set_parameter_text(setting);
    for (const auto& setting : overrides.rulings) scenario.variant.set_ruling_text(setting);

    const YAML::Node players = root["players"];
    if (!players) {
      fail_at(root, "players", "missing: the number of players, or a list of their names");
    }
    if (players.IsSequence()) {
      for (const auto& name : players)
        scenario.player_names.push_back(read_string(name, "players"));
      scenario.players = static_cast<int>(scenario.player_names.size());
    } else {
      scenario.players = static_cast<int>(read_integer(players, "players", 1, 99));
    }
    if (scenario.players < game->min_players || scenario.players > game->max_players) {
      fail_at(players, "players",
              game->title + " is for " + std::to_string(game->min_players) + " to " +
                  std::to_string(game->max_players) + " players, not " +
                  std::to_string(scenario.players));
    }
    if (root["seed"]) {
      scenario.seed = static_cast<std::uint64_t>(read_integer(root["seed"], "seed", 0, INT64_MAX));
    }
    if (root["start"]) {
      scenario.start = root["start"];
      scenario.start_line = location_of(root["start"]).line;
    }
    if (const YAML::Node steps = root["steps"]) {
      if (!steps.IsNull()) {
        expect_sequence(steps, "steps", "the steps of the scenario");
        // The moves played before each step, while they can be counted
        // without playing (`random: end` plays an unknown number): a
        // position to come back to must be an earlier one.
        std::int64_t played = 0;
        bool counted = true;
        for (const auto& node : steps) {
          ScenarioStep step = read_step(node, scenario);
          if (step.same_position_as_move && counted && *step.same_position_as_move >= played) {
            fail_at(node["expect"]["same_position_as_move"], "same_position_as_move",
                    fmt::format("{} is not an earlier move: {}", *step.same_position_as_move,
                                played == 0 ? std::string("no move is played before this step")
                                            : fmt::format("{} played before this step, so 0 (the "
                                                          "start) to {}",
                                                          moves_text(played), played - 1)));
          }
          if (step.kind == ScenarioStep::Kind::Move) played += 1;
          if (step.kind == ScenarioStep::Kind::Random) {
            if (step.random_to_end) {
              counted = false;
            } else {
              played += step.random_steps;
            }
          }
          scenario.steps.push_back(std::move(step));
        }
      }
    }
    if (root["end"]) scenario.end = read_end(root["end"], scenario);
    return scenario;
  } catch (const InputError& error) {
    throw error.in_file(path);
  }
}

}  // namespace

Scenario load_scenario(const std::string& path, const Registry& games,
                       const VariantOverrides& overrides) {
  return read_scenario(load_yaml_file(path), path, games, overrides);
}

Scenario load_scenario_text(const std::string& text, const std::string& label,
                            const Registry& games, const VariantOverrides& overrides) {
  return read_scenario(load_yaml_text(text, label), label, games, overrides);
}

std::vector<std::string> find_scenario_files(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const auto& path : paths) {
    if (!fs::exists(path)) throw InputError({path, 0, 0}, "", "no such file or directory");
    if (!fs::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path); it != fs::recursive_directory_iterator();
         ++it) {
      if (it->is_directory() && it->path().filename() == "variants") {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file() && it->path().extension() == ".yaml")
        found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace grove
