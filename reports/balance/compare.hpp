#pragma once
// Two balance runs of the same game and player count side by side (two rule
// variants, or two agent setups): for each measure both values with their
// intervals and the games they are over, the difference, the test and its
// p-value, and one sentence in plain words. The game's own metrics (per
// game, and per seat averaged over the seats of each game) are compared
// too, as one family under Holm's correction.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "reports/balance/summary.hpp"

namespace grove::balance {

struct ComparisonRow {
  std::string key;          // stable: "seat_1_win_rate", "first_player_advantage",
                            // "agent_win_rate.mcts", "moves", "winning_margin", "score_sd", ...
  std::string label;        // "seat 1's win rate", "the win rate of mcts"
  bool proportion = false;  // values are shares (printed as %), else numbers
  std::string unit;         // for numbers: "moves", "points" ("" for none)
  stats::Interval a;        // the first run's value with its interval
  stats::Interval b;        // the second run's
  std::int64_t n_a = 0;     // what each value is over (games, blocks, scores)
  std::int64_t n_b = 0;
  std::string counted = "games";  // what n_a and n_b count: "games", "blocks", "seat scores"
  double difference = 0;          // b - a
  stats::TestResult test;
  // The rows of the game's own metrics are one family: their p-value after
  // Holm's correction over all of them (NaN for the other rows), and it,
  // not test.p_value, decides `significant`.
  double p_adjusted = std::numeric_limits<double>::quiet_NaN();
  bool significant = false;  // p (adjusted for the metrics) < Comparison::level
  std::string
      sentence;  // "the first player's advantage fell from ... (..., p = ...: a real change)"
};

struct Comparison {
  std::string game;
  std::string game_title;
  int players = 0;
  std::string label_a;  // "default (mcts, random)"
  std::string label_b;
  std::int64_t games_a = 0;
  std::int64_t games_b = 0;
  std::int64_t ended_a = 0;
  std::int64_t ended_b = 0;
  double level = 0.05;  // the significance level of the wording
  double confidence = stats::kDefaultConfidence;
  std::vector<ComparisonRow> rows;
  std::vector<std::string> notes;  // caveats: different agents, multiple comparisons, ...
};

// A row's value as printed: "52.0% [48.9, 55.1]" for shares (their
// intervals are not symmetric), "40.2 ± 0.52" for a number with a symmetric
// interval, "3.1 [2.8, 3.5]" for one without (a standard deviation's); no
// unit.
std::string interval_text(const ComparisonRow& row, const stats::Interval& value);

// Throws grove::InputError when the runs are of different games or player
// counts (their numbers would not mean the same thing).
Comparison compare(const Summary& a, const Summary& b);

// The sentences of the rows that changed (p < level), then the others.
std::vector<std::string> comparison_findings(const Comparison& comparison);

}  // namespace grove::balance
