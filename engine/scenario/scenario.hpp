#pragma once
// A scenario is a designer's regression case: a game, its variant, the
// players, an optional hand-written starting position, and steps (moves and
// chance outcomes in move notation, expectations, moves that must be
// rejected), then the expected end. The format is documented in README.md.

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/variant.hpp"

namespace grove {

struct EventExpectation {
  std::string clause;
  std::optional<Seat> seat;
  std::vector<std::pair<std::string, std::string>> fields;
  YAML::Node written;  // as written, for messages
};

struct ScenarioStep {
  // Legal: the move must be accepted here; it is checked on a copy and
  // not played.
  enum class Kind { Move, Expect, Illegal, Legal, Random };

  Kind kind = Kind::Move;
  int line = 0;
  std::string move;  // Move, Illegal, Legal: the move in the game's notation
  // Illegal: the reason the rules must give; empty accepts any reason.
  std::string reason;
  // Illegal: words the reason must contain (in any case), for a designer
  // who writes the reason in their own words rather than grove's.
  std::string reason_contains;
  // Expect: any of these may be present.
  std::optional<YAML::Node> state;         // a part of the state's YAML form that must match
  std::vector<EventExpectation> events;    // fired since the previous expect
  std::vector<std::string> absent_events;  // clause ids that must not have fired
  std::optional<std::vector<std::string>> legal_moves;  // exactly these, any order
  // When set, legal_moves are the legal moves of this kind only: the verb of
  // their text ("places"; move_use_of_text).
  std::string legal_moves_kind;
  std::vector<std::string> legal_moves_include;  // among the legal moves
  std::vector<std::string> legal_moves_exclude;  // not among them
  // Every generic property of a game holds at this state (the checks of
  // grove fuzz: the YAML and move-text round trips, the chance node, ...).
  bool properties_hold = false;
  // Some way of playing on from here reaches an end of the game (searched
  // by the explorer, which grove replay hands in).
  bool end_reachable = false;
  // The position is the one the game was in after this many moves and
  // chance outcomes of the replay (as its log numbers them; 0: the start),
  // an earlier one: the moves since then went round a loop. States are
  // compared whole (State::equals).
  std::optional<int> same_position_as_move;
  // Random: moves chosen by the random agent and the dice, from the seed.
  int random_steps = 0;
  bool random_to_end = false;
};

struct EndExpectation {
  int line = 0;
  std::optional<std::vector<Seat>> winners;
  std::vector<std::pair<Seat, int>> places;
  std::vector<std::pair<Seat, std::int64_t>> scores;
};

// How a command changes the scenarios it runs, after the scenario's own
// variant file and inline settings: a variant file, then --set / --ruling.
struct VariantOverrides {
  std::string variant_file;
  std::vector<std::string> parameters;  // NAME=VALUE
  std::vector<std::string> rulings;     // ID=ALTERNATIVE

  bool empty() const { return variant_file.empty() && parameters.empty() && rulings.empty(); }
};

struct Scenario {
  explicit Scenario(const Game& played) : game(&played), variant(played) {}

  std::string file;
  std::string title;
  std::string source;  // where the case comes from (a rulebook example, a finding)
  const Game* game;
  Variant variant;
  int players = 0;
  std::vector<std::string> player_names;  // empty when the file gave only a count
  std::uint64_t seed = 0;
  std::optional<YAML::Node> start;  // a hand-written position, or the game's own start
  int start_line = 0;
  std::vector<ScenarioStep> steps;
  std::optional<EndExpectation> end;

  std::string player_name(Seat seat) const;  // "P1 (John)" or "P1"
};

// Loads and validates a scenario file. Throws InputError with file, line,
// column and key on any problem (malformed YAML, unknown keys, an unknown
// game, parameter or ruling, a variant file that does not exist).
Scenario load_scenario(const std::string& path, const Registry& games,
                       const VariantOverrides& overrides = {});
// The same for a scenario's text (stored in the results database); `label`
// stands for the file in messages.
Scenario load_scenario_text(const std::string& text, const std::string& label,
                            const Registry& games, const VariantOverrides& overrides = {});

// The scenario files under each path (a file is taken as is; a directory is
// searched recursively for *.yaml, skipping `variants` folders), sorted.
std::vector<std::string> find_scenario_files(const std::vector<std::string>& paths);

}  // namespace grove
