#pragma once
// The summary of a sweep: one balance run per point of a grid of
// parameter values (reports/balance/sweep_grid.hpp), every point dealt
// from the same seed, so that its points are paired. Per point the
// run's Summary; per figure (a seat's win rate, the first player's
// advantage, game length, winning margin, each of the game's metrics) its
// estimate and interval against the swept values; and for a stated target
// (first_player_advantage=0) the points that are within chance of it.
//
// Honesty of the intervals: each point's interval is its run's own 95%
// interval (a point read alone). Which points reach a target is a claim
// about all points at once, so it uses simultaneous intervals:
// Bonferroni's correction, each point's interval at 1 - 0.05 / points.
// Bonferroni holds whatever the correlation between points (paired seeds
// make them correlated), at the price of being conservative.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reports/balance/summary.hpp"
#include "reports/balance/sweep_grid.hpp"

namespace grove::balance {

// What a sweep was, as stored with it (JSON): the grid and the balance
// settings every point shares.
struct SweepInfo {
  std::int64_t run_id = 0;
  std::string game;
  std::string game_title;
  std::string variant;             // the base variant's name
  std::vector<std::string> fixed;  // settings fixed at every point ("water_faces=2")
  std::vector<SweepAxis> axes;
  int players = 0;
  std::vector<std::string> agents;
  std::uint64_t seed = 0;  // every point's
  std::int64_t games_per_point = 0;
  std::int64_t points_planned = 0;
  std::string status;  // passed, interrupted, running, incomplete, error
  std::string command;
  std::vector<std::string> targets;  // --target as given to grove sweep: the report's default
};

// The stored form: JSON with the field names above.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SweepAxis, ruling, name, values, numbers)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SweepInfo, run_id, game, game_title, variant, fixed,
                                                axes, players, agents, seed, games_per_point,
                                                points_planned, status, command, targets)

struct SweepPoint {
  std::int64_t index = 0;       // in grid order
  std::vector<std::size_t> at;  // position on each axis
  std::string label;            // "dice_per_player=4"
  std::int64_t balance_run = 0;
  Summary summary;       // at the default confidence
  Summary simultaneous;  // at the sweep's Bonferroni confidence
};

// A figure charted against the swept values.
struct SweepFigure {
  std::string key;          // "seat1", "first_player_advantage", "length", "margin", or a metric
  std::string label;        // "seat 1's win rate"
  bool percent = false;     // a share, charted and told in percent
  bool difference = false;  // a difference of two shares: told in signed percentage points
};

// A figure's value and its interval as a designer reads them: "52.0% [48.9,
// 55.1]", "+7.4 points [3.3, 11.5]", "13.6 [13.2, 13.9]"; the value alone;
// the bounds alone.
std::string figure_text(const SweepFigure& figure, const stats::Interval& interval);
std::string figure_value_text(const SweepFigure& figure, double value);
std::string figure_bounds_text(const SweepFigure& figure, const stats::Interval& interval);

struct TargetResult {
  SweepFigure figure;
  double value = 0;
  double confidence = 0;               // of the simultaneous intervals
  std::vector<std::size_t> within;     // points whose simultaneous interval holds the value
  std::optional<std::size_t> closest;  // the point with the estimate nearest the value
  std::string sentence;                // in plain words
};

struct SweepSummary {
  SweepInfo info;
  double confidence = stats::kDefaultConfidence;
  double simultaneous_confidence = stats::kDefaultConfidence;  // 1 - (1 - c) / points
  std::vector<SweepPoint> points;                              // the finished ones, in grid order
  std::vector<SweepFigure> figures;
  std::vector<TargetResult> targets;
};

// A point's figure: its estimate and interval; nothing when the point has
// none (no scores, the metric not reported, no ended game).
std::optional<stats::Interval> figure_value(const Summary& summary, const std::string& key);

// Point `index`'s value on each axis, as a JSON object ("dice_per_player":
// "4"): how a point's setting is stored and reported.
nlohmann::json point_setting(const std::vector<SweepAxis>& axes, std::size_t index);

// The figures of `summaries`: each seat's win rate, the first player's
// advantage and the length; the winning margin and each of the game's
// metrics when any summary has them.
std::vector<SweepFigure> figures_of(int players, const std::vector<const Summary*>& summaries);
// The figure keyed `key`, or nothing (a run stopped before its first game
// has no figures).
const SweepFigure* find_figure(const std::vector<SweepFigure>& figures, const std::string& key);
// The figure keyed `name`; InputError naming --target, the keys there are
// and the closest one otherwise.
const SweepFigure& figure_named(const std::vector<SweepFigure>& figures, const std::string& name);
// A finite number written as a whole (--target's values); nothing otherwise.
std::optional<double> read_number(const std::string& text);

// One point's records summarized twice: once alone, once at `simultaneous`.
SweepPoint summarize_point(std::int64_t index, const SweepInfo& info, const RunInfo& run,
                           const std::vector<GameRecord>& records, double simultaneous);
// The confidence of each of `points` intervals for all of them to hold
// together at `confidence` (Bonferroni).
double simultaneous_confidence(std::size_t points, double confidence = stats::kDefaultConfidence);

// The figures the points have, and each --target (NAME=VALUE, NAME one of
// the figures' keys; InputError naming --target with the closest name).
SweepSummary summarize_sweep(const SweepInfo& info, std::vector<SweepPoint> points,
                             const std::vector<std::string>& targets);

// The sweep's conclusions in plain words: the targets, and how each
// figure moves from the first point to the last.
std::vector<std::string> sweep_findings(const SweepSummary& summary);

}  // namespace grove::balance
