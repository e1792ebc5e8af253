#pragma once
// The summary of a balance run: what a designer reads in its report, as a
// pure function of the run's info and its games' records (so a run made in
// pieces summarizes the same as one made at once).
//
// Which games count where:
// - `games` counts every record; `unfinished` those cut at the step bound.
// - Everything about outcomes, scores, lengths, leads, action use and
//   metrics is over the games that ended: an unfinished game has no
//   winner, and its length is the step bound rather than the game's.
// - A seat's share of a victory shared by k seats is 1/k, so the seat win
//   rates of a run add up to 1 (a draw, where every seat is first, gives
//   each seat 1/players).

#include <cstdint>
#include <string>
#include <vector>

#include "reports/balance/game_record.hpp"
#include "reports/balance/notable_games.hpp"
#include "reports/stats/statistics.hpp"

namespace grove::balance {

// A proportion: successes (possibly fractional) of trials, with its Wilson
// interval (interval.estimate = successes / trials).
struct Proportion {
  double successes = 0;
  std::int64_t trials = 0;
  stats::Interval interval{0, 0, 1};
};

// A numeric distribution: moments, the mean's t interval, quantiles and a
// histogram. Quantiles are NaN when n == 0.
struct Distribution {
  std::int64_t n = 0;
  double mean = 0;
  double sd = 0;
  stats::Interval mean_ci{0, 0, 0};
  double min = 0;
  double p10 = 0;
  double q1 = 0;
  double median = 0;
  double q3 = 0;
  double p90 = 0;
  double max = 0;
  stats::Histogram histogram;

  stats::Moments moments() const { return {n, mean, sd}; }
};

Distribution describe(const std::vector<double>& values,
                      double confidence = stats::kDefaultConfidence);
// With the histogram on given bins (so several distributions share them).
Distribution describe(const std::vector<double>& values, const stats::Histogram& bins,
                      double confidence = stats::kDefaultConfidence);

struct SeatResult {
  int seat = 0;  // 1-based, as reports name seats ("seat 1")
  // Win credit over ended games; the interval is Wilson's, widened to the
  // spread of the block means where that is wider (the games of a block
  // are dealt alike, so they are not independent).
  Proportion win_rate;
  std::int64_t sole_wins = 0;
  std::int64_t shared_wins = 0;  // games it was first together with others (draws included)
  Distribution score;            // n = 0 when the game keeps no score
};

// An agent's win rate, from the means of each complete block: the games of
// a block are dealt from one seed with the agents rotated through the
// seats, so they are paired like fishtest's game pairs (same opening,
// colours reversed) and their outcomes are correlated. Taking one value
// per block (the agent's share of the block's win credit per seat it held)
// and a t interval over blocks accounts for that pairing, as fishtest's
// pentanomial model does for pairs; treating the games as independent
// would misstate the interval.
struct AgentResult {
  std::string agent;
  int seats = 0;                // seats it holds in each game
  std::int64_t blocks = 0;      // complete blocks used
  std::int64_t seat_games = 0;  // (game, seat) slots it played in those blocks' ended games
  double fair_share = 0;        // 1 / players
  stats::Interval win_rate;     // mean of block means, t interval over blocks
  double block_sd = 0;          // sd of the block means (for comparisons)
};

// How an action or item was used, and how using it relates to winning.
struct UseResult {
  std::string name;
  double total = 0;            // uses over all ended games and seats
  Distribution per_game;       // uses per ended game (all seats together)
  Proportion used_share;       // seat-games where the seat used it at least once
  Proportion win_rate_used;    // win credit of the seat-games that used it
  Proportion win_rate_unused;  // ... and of those that did not
  double difference = 0;       // used - unused
  stats::TestResult test;      // two-proportion z-test of that difference
  // test.p_value after Holm's correction over every action and item test of
  // the run (a run tests dozens of uses, so some p-values fall below 0.05
  // by chance alone); NaN when not tested.
  double p_adjusted = 1;
};

struct SeatMetricResult {
  std::string name;
  std::vector<Distribution> per_seat;  // index = seat - 1
  Distribution winners;                // values of seats in first place
  Distribution non_winners;
  stats::TestResult test;  // Welch's t-test winners vs non-winners
  // Per ended game, the mean over the seats that reported it: one value
  // per game, so that two runs can be compared on independent values (the
  // seats of a game are not independent of each other).
  Distribution seat_mean;
};

struct GameMetricResult {
  std::string name;
  Distribution per_game;
};

// The smallest difference from a fair share that a run is expected to be
// able to see before the key findings call its seats even: 5 points.
inline constexpr double kDifferenceToDetect = 0.05;

struct Summary {
  // From the run's info, so that a summary stands alone (comparisons,
  // renderers).
  std::int64_t run_id = 0;  // in the results store; 0 when not stored
  std::string game;
  std::string game_title;
  std::string variant;
  std::string variant_hash;
  int players = 0;
  std::vector<std::string> agents;  // per seat in rotation 0
  double confidence = stats::kDefaultConfidence;

  std::int64_t games = 0;
  std::int64_t ended = 0;
  std::int64_t unfinished = 0;
  std::int64_t sole_victories = 0;
  std::int64_t shared_victories = 0;  // several seats first, but not all
  std::int64_t draws = 0;             // every seat first
  std::int64_t no_winner = 0;         // ended with no seat in first place (should not happen)
  Proportion unfinished_rate;         // of all games
  Proportion draw_rate;               // of ended games: drawishness (Ludii)
  Proportion shared_rate;             // of ended games
  double seconds = 0;                 // sum of the games' own times

  double fair_share = 0;                   // 1 / players
  std::vector<SeatResult> seats;           // index = seat - 1
  stats::Interval first_player_advantage;  // seat 1's win rate - fair share
  // How many ended games a claim needs (0 with one player). Below
  // minimum_games (stats::minimum_trials of the fair share: 20 games at two
  // seats, 40 at four) the key findings claim nothing about a seat, and
  // nothing about a use with fewer seat-games in either group. Below
  // games_to_detect (stats::trials_to_detect: a kDifferenceToDetect
  // difference from the fair share at the 5% level, 80% of the time: 783
  // games at two seats, 610 at four) a seat within chance of its fair share
  // is "too few games to tell", not "no evidence of an advantage".
  std::int64_t minimum_games = 0;
  std::int64_t games_to_detect = 0;

  bool agents_differ = false;
  std::vector<AgentResult> agent_results;  // sorted by agent name
  std::int64_t complete_blocks = 0;
  std::int64_t incomplete_blocks = 0;  // left out of agent win rates

  bool has_scores = false;
  Distribution all_scores;      // every seat's score of every ended game
  Distribution winning_margin;  // best winner's score - best other seat's, games with a loser

  Distribution moves;
  Distribution decisions;
  Distribution turns;

  Distribution lead_changes;
  // Ludii's decisiveness: the share of the game (in turns) over which the
  // eventual sole winner was already in the lead and stayed there
  // (1 - winner_leads_from / turns; 0 when the winner did not lead at the
  // end); over games with a sole winner and at least one turn.
  Distribution decisiveness;

  std::vector<UseResult> actions;  // by name
  std::vector<UseResult> items;
  std::vector<SeatMetricResult> seat_metrics;
  std::vector<GameMetricResult> game_metrics;

  // The games to look at one by one, with the command that shows each.
  NotableGames notable;
};

Summary summarize(const RunInfo& info, const std::vector<GameRecord>& records,
                  double confidence = stats::kDefaultConfidence);

// The largest half-width of the confidence intervals of the seat win rates
// and (when the agents differ) the agent win rates: the runner stops early
// once this is below --precision, after whole blocks. Infinite while an
// interval cannot be computed yet (no ended game, fewer than two blocks).
double widest_interval(const Summary& summary);

// The key conclusions in plain words, most important first: seat 1's
// advantage, the agents, unfinished games, draws, length, decisiveness,
// and the actions or items whose use goes with winning. Rates come with
// their interval's bounds and the games they are over (the ended ones, and
// the sentence says so when some were cut at the step bound); claims wait
// for minimum_games and games_to_detect.
std::vector<std::string> key_findings(const Summary& summary);

}  // namespace grove::balance
