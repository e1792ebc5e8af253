#pragma once
// grove tune: a search of a game's parameter ranges and ruling alternatives
// for the variants that meet stated targets (the first player's advantage
// near 0, games of 40 to 60 moves), spending games where the answer is
// still open rather than the same number on every candidate as a sweep
// does.
//
// Method: successive halving (Karnin, Koren & Somekh, "Almost optimal
// exploration in multi-armed bandits", ICML 2013; Jamieson & Talwalkar,
// AISTATS 2016), then a confirmation stage.
// - The candidates are the grid's points (reports/balance/sweep_grid.hpp).
//   When the budget cannot give each a first look of kFirstLookBlocks
//   blocks, a random subset of them is tried, and the report says so.
// - Search rounds: each round plays every surviving candidate the same
//   number of games, all dealt from the round's own seed (so that, as in a
//   sweep, the candidates of a round are paired), then keeps the better
//   half by their loss over all their search games so far, until at most
//   kFinalists remain. Every round spends the same share of the search
//   budget, so each survivor gets more games than the round before: the
//   games go where the candidates are hard to tell apart.
// - Confirmation: the finalists play fresh games, from a seed no round
//   used, and their figures and verdicts rest on those games alone. The
//   search's games chose them, so figures from those would flatter them
//   (the winner's curse).
// - Loss: per target, the distance of the figure's estimate from the
//   target's band in units of the band's half-width (of one percentage
//   point for a share, of 1 otherwise, when the target is a single value),
//   added over the targets; ties are broken by the distance from the
//   band's middle.
// - Verdicts: a finalist's figure "meets" a band when its interval lies
//   inside it, "misses" it when the interval lies outside, and is "open"
//   otherwise; a single value is "within chance" when the interval holds
//   it. The intervals are simultaneous over every finalist and target
//   (Bonferroni, as a sweep's targets), so "meets" holds for all of them
//   together at 95%.

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reports/balance/game_record.hpp"
#include "reports/balance/summary.hpp"
#include "reports/balance/sweep.hpp"
#include "reports/balance/sweep_grid.hpp"

namespace grove::balance {

// Halving stops at this many candidates; they are then confirmed.
inline constexpr std::size_t kFinalists = 3;
// A candidate's first round plays at least this many blocks (one game per
// seat rotation each): fewer could not rank it at all.
inline constexpr std::int64_t kFirstLookBlocks = 4;
// The share of the budget kept for the finalists' fresh games.
inline constexpr double kConfirmationShare = 0.25;

// --target NAME=VALUE or NAME=LOW:HIGH: a figure's value or band.
struct TuneTarget {
  std::string key;  // a figure's key (SweepFigure::key)
  double low = 0;
  double high = 0;
  std::string text;  // as given

  bool single() const { return low == high; }
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TuneTarget, key, low, high, text)

// InputError naming --target for anything but NAME=VALUE or NAME=LOW:HIGH
// with LOW <= HIGH. Whether NAME is a figure is known once games are
// played (a game's metrics): Tune::summary checks it.
TuneTarget parse_tune_target(const std::string& text);

// What a tune was, as stored with it (JSON): the candidates, the targets,
// the balance settings every trial shares, and the plan the budget gave.
struct TuneInfo {
  std::int64_t run_id = 0;
  std::string game;
  std::string game_title;
  std::string variant;             // the base variant's name
  std::vector<std::string> fixed;  // settings fixed for every candidate
  std::vector<SweepAxis> axes;
  int players = 0;
  std::vector<std::string> agents;
  std::uint64_t seed = 0;
  std::vector<TuneTarget> targets;
  std::int64_t budget = 0;  // games
  std::string status;       // passed, interrupted, running, incomplete, error
  std::string command;
  // The plan (plan_tune).
  std::int64_t candidates = 0;           // points of the grid
  std::vector<std::int64_t> tried;       // the grid points tried, in grid order
  int search_rounds = 0;                 // halvings from `tried` to at most kFinalists
  std::int64_t round_budget = 0;         // games of each search round
  std::int64_t confirmation_budget = 0;  // games of the finalists' confirmation
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TuneInfo, run_id, game, game_title, variant, fixed,
                                                axes, players, agents, seed, targets, budget,
                                                status, command, candidates, tried, search_rounds,
                                                round_budget, confirmation_budget)

// Fills the plan of `info` (its axes, players, seed and budget set).
// InputError naming --budget when the budget cannot give kFirstLookBlocks
// blocks to each of kFinalists + 1 candidates and then confirm them: it
// says the smallest budget that can.
void plan_tune(TuneInfo& info);

// One balance run of a tune: `games` games of grid point `candidate`, dealt
// from `seed` (the stage's, shared by every candidate of the stage).
struct TuneTrial {
  int stage = 0;  // search rounds 0 .. search_rounds - 1, then the confirmation
  std::int64_t candidate = 0;
  std::int64_t games = 0;
  std::uint64_t seed = 0;
  bool confirmation = false;
};

// A candidate's loss: how far its figures are from the targets (see the
// header comment); infinite when a target's figure has no value.
struct TuneLoss {
  double distance = 0;  // from the bands
  double from_middle = 0;
  bool operator<(const TuneLoss& other) const {
    return distance != other.distance ? distance < other.distance : from_middle < other.from_middle;
  }
};

// From best to worst: a candidate's overall verdict is the worst of its
// targets', and finalists rank by it first.
enum class TargetVerdict { Meets, WithinChance, Open, Misses };
std::string verdict_text(TargetVerdict verdict);  // "meets", "within chance", "open", "misses"

struct TuneCandidate {
  std::int64_t index = 0;  // grid point
  std::string label;       // "dice_per_player=4"
  int rounds = 0;          // search rounds played
  std::int64_t search_games = 0;
  std::optional<Summary> search;  // over its search games
  TuneLoss search_loss;
  bool finalist = false;
  std::int64_t confirmation_games = 0;
  std::optional<Summary> confirmation;               // its fresh games, at 95%
  std::optional<Summary> confirmation_simultaneous;  // at the verdicts' confidence
  TuneLoss confirmation_loss;
  std::vector<TargetVerdict> verdicts;     // per target, from the confirmation
  std::optional<TargetVerdict> overall;    // the worst of them
  std::vector<std::int64_t> balance_runs;  // where its games are stored
};

struct TuneStage {
  int stage = 0;
  bool confirmation = false;
  std::int64_t candidates = 0;
  std::int64_t games_each = 0;
  std::int64_t played = 0;  // trials finished
};

struct TuneSummary {
  TuneInfo info;
  double confidence = stats::kDefaultConfidence;
  double simultaneous_confidence = stats::kDefaultConfidence;  // the verdicts'
  std::int64_t simultaneous_intervals = 1;  // its Bonferroni family: finalists x targets
  std::vector<SweepFigure> figures;
  std::vector<TuneStage> stages;  // planned and played
  // Every candidate tried: the finalists first, by their confirmation
  // loss, then the others by how far they got and their search loss.
  std::vector<TuneCandidate> candidates;
  std::int64_t games = 0;  // played in all
  bool finished = false;
};

// A tune's state: which trials were played and what they gave. The same
// class drives a tune being played (next_stage, add) and reads a stored
// one back (add every stored trial in order), so a stored tune summarizes
// exactly as it was decided.
class Tune {
 public:
  explicit Tune(TuneInfo info);  // planned (plan_tune)

  const TuneInfo& info() const { return info_; }
  // The trials of the current stage not yet added, in candidate order;
  // empty when the tune is over.
  std::vector<TuneTrial> pending() const { return pending_; }
  int stage() const { return stage_; }
  // The stages planned so far, the current one last.
  const std::vector<TuneStage>& stages() const { return stages_; }
  // A finished trial (one of pending()) with its games; once a stage's
  // trials are all in, the next stage's are planned. std::invalid_argument
  // for a trial that is not pending.
  void add(const TuneTrial& trial, std::vector<GameRecord> games, std::int64_t balance_run = 0);
  // InputError naming --target for a target that names no figure.
  TuneSummary summary() const;

 private:
  struct Held {
    std::vector<GameRecord> search;
    std::vector<GameRecord> confirmation;
    std::vector<std::int64_t> runs;
    int rounds = 0;
  };
  void plan_stage(const std::vector<std::int64_t>& candidates);
  std::vector<std::int64_t> survivors() const;
  TuneLoss loss(const Summary& summary) const;

  TuneInfo info_;
  std::vector<double> units_;  // per target: what a distance from it is counted in
  int stage_ = 0;
  std::vector<std::int64_t> stage_candidates_;
  std::vector<TuneTrial> pending_;
  std::map<std::int64_t, Held> held_;
  std::vector<TuneStage> stages_;
};

// The seed of a stage's games: derived from the tune's seed, so that each
// stage's games are fresh and the tune is repeatable from its seed.
std::uint64_t stage_seed(std::uint64_t tune_seed, int stage);

// The tune's conclusions in plain words.
std::vector<std::string> tune_findings(const TuneSummary& summary);

}  // namespace grove::balance
