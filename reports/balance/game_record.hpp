#pragma once
// One game of a balance run, as it is stored and as every statistic is
// computed from it. A run is a list of these and nothing else, so runs made
// in pieces (seed ranges on several machines) merge by putting their
// records together.

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rules.hpp"

namespace grove::balance {

struct GameRecord {
  // Game `index` of the run is rotation `index % players` of block
  // `index / players`: every game of a block is dealt from the same seed,
  // with the agents moved one seat on each time, so that a seat's
  // advantage and an agent's strength are not mistaken for each other.
  std::int64_t index = 0;
  std::int64_t block = 0;
  int rotation = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> agents;  // per seat: "mcts", "greedy", "random"

  // False when the game was cut at the step bound without an end: it has
  // no places, scores or winners, and counts as unfinished.
  bool ended = false;
  std::vector<int> places;           // per seat, 1 = first, equal = tied
  std::vector<std::int64_t> scores;  // per seat; empty when the game keeps no score
  std::int64_t moves = 0;            // decisions and chance outcomes
  std::int64_t decisions = 0;        // choices the players made
  std::int64_t turns = 0;            // times the deciding seat changed
  // Who leads (by the game's heuristic, checked whenever the deciding seat
  // changes): how often the leader changed, and from which turn on the
  // eventual sole winner stayed in the lead (-1: no sole winner, or never).
  std::int64_t lead_changes = 0;
  std::int64_t winner_leads_from = -1;
  // Per seat: how often it made each action ("plays") and used each item
  // ("linden").
  std::vector<std::map<std::string, std::int64_t>> actions;
  std::vector<std::map<std::string, std::int64_t>> items;
  std::vector<GameMetric> metrics;  // the game's own figures
  double seconds = 0;

  // The seats that won (place 1); empty for an unfinished game.
  std::vector<Seat> winners() const;
  // The winner's lead over the runner-up: the best score in first place
  // minus the best score of the other seats. It can be negative when the
  // game is won some other way than by points (a path, a tie-break).
  // Nothing for a game without scores or without a seat that lost.
  std::optional<std::int64_t> winning_margin() const;
};

// What a balance run was: everything a report says about it besides its
// games.
struct RunInfo {
  std::int64_t run_id = 0;  // in the results store; 0 when not stored
  std::string game;         // "forest_shuffle"
  std::string game_title;   // "Forest Shuffle"
  std::string variant;      // the variant's name ("default" when none)
  std::string variant_hash;
  // What the variant changes from the game's defaults, as "name=value"
  // (Variant::differences): enough to rebuild its rules without its file,
  // to show or replay a stored game. Empty in runs stored before grove kept
  // it.
  std::vector<std::string> variant_settings;
  int players = 0;
  std::vector<std::string> agents;  // per seat in rotation 0 of every block
  std::uint64_t seed = 0;
  std::int64_t games_planned = 0;  // --games
  double precision = 0;            // --precision (0: none)
  int jobs = 1;                    // threads playing, on each rank
  int ranks = 1;                   // processes of an MPI run (1: none)
  std::string stopped_by;          // "all games played", "precision reached", "interrupted"
  double seconds = 0;              // wall-clock time of the run
  std::string started_at;          // ISO 8601
  std::string command;             // the command line
};

// The stored form of both: JSON with the field names above.
void to_json(nlohmann::json& json, const GameRecord& record);
void from_json(const nlohmann::json& json, GameRecord& record);
void to_json(nlohmann::json& json, const RunInfo& info);
void from_json(const nlohmann::json& json, RunInfo& info);

}  // namespace grove::balance
