#include "reports/balance/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/core/errors.hpp"

namespace grove::balance {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

Proportion proportion(double successes, std::int64_t trials, double confidence) {
  return {successes, trials,
          stats::wilson_interval(successes, static_cast<double>(trials), confidence)};
}

// Per seat of an ended game: its share of the victory (1/k for each of k
// seats in first place), 0 otherwise.
std::vector<double> win_credit(const GameRecord& record, int players) {
  std::vector<double> credit(static_cast<std::size_t>(players), 0.0);
  const std::vector<Seat> winners = record.winners();
  for (Seat seat : winners) {
    if (seat >= 0 && seat < players) {
      credit[static_cast<std::size_t>(seat)] = 1.0 / static_cast<double>(winners.size());
    }
  }
  return credit;
}

using Block = std::vector<const GameRecord*>;

// Block by block, the mean win credit of the (game, seat) slots `picked`
// chooses among the block's ended games; a block where it chooses none is
// left out. `slots` adds up the slots chosen.
std::vector<double> block_means(const std::vector<const Block*>& blocks, int players,
                                const std::function<bool(const GameRecord&, std::size_t)>& picked,
                                std::int64_t& slots) {
  std::vector<double> means;
  for (const Block* games : blocks) {
    double credit = 0;
    std::int64_t chosen = 0;
    for (const GameRecord* record : *games) {
      if (!record->ended) continue;
      const std::vector<double> game_credit = win_credit(*record, players);
      for (std::size_t seat = 0; seat < game_credit.size(); ++seat) {
        if (!picked(*record, seat)) continue;
        credit += game_credit[seat];
        ++chosen;
      }
    }
    if (chosen == 0) continue;
    slots += chosen;
    means.push_back(credit / static_cast<double>(chosen));
  }
  return means;
}

bool is_first(const GameRecord& record, std::size_t seat) {
  return seat < record.places.size() && record.places[seat] == 1;
}

UseResult use_result(const std::string& name, const std::vector<const GameRecord*>& games,
                     int players,
                     const std::vector<std::map<std::string, std::int64_t>> GameRecord::*field,
                     double confidence) {
  UseResult use;
  use.name = name;
  std::vector<double> per_game;
  double used_seats = 0;
  double used_credit = 0;
  double unused_credit = 0;
  std::int64_t seat_games = 0;
  for (const GameRecord* record : games) {
    const auto& counts = record->*field;
    const std::vector<double> credit = win_credit(*record, players);
    double in_game = 0;
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(players); ++seat) {
      const auto found = counts[seat].find(name);
      const std::int64_t uses = found == counts[seat].end() ? 0 : found->second;
      in_game += static_cast<double>(uses);
      ++seat_games;
      if (uses > 0) {
        ++used_seats;
        used_credit += credit[seat];
      } else {
        unused_credit += credit[seat];
      }
    }
    per_game.push_back(in_game);
    use.total += in_game;
  }
  use.per_game = describe(per_game, confidence);
  const auto used = static_cast<std::int64_t>(used_seats);
  use.used_share = proportion(used_seats, seat_games, confidence);
  use.win_rate_used = proportion(used_credit, used, confidence);
  use.win_rate_unused = proportion(unused_credit, seat_games - used, confidence);
  use.difference = used > 0 && seat_games > used
                       ? use.win_rate_used.interval.estimate - use.win_rate_unused.interval.estimate
                       : kNaN;
  use.test = stats::two_proportion_z_test(used_credit, static_cast<double>(used), unused_credit,
                                          static_cast<double>(seat_games - used));
  if (used == 0 || used == seat_games) use.test.p_value = kNaN;
  return use;
}

std::vector<UseResult> use_results(
    const std::vector<const GameRecord*>& ended, int players,
    const std::vector<std::map<std::string, std::int64_t>> GameRecord::*field, double confidence) {
  // Only games that recorded the counts for every seat: a record without
  // them says nothing about use, not that nothing was used.
  std::vector<const GameRecord*> games;
  std::set<std::string> names;
  for (const GameRecord* record : ended) {
    const auto& counts = record->*field;
    if (counts.size() != static_cast<std::size_t>(players)) continue;
    games.push_back(record);
    for (const auto& seat : counts) {
      for (const auto& [name, uses] : seat) names.insert(name);
    }
  }
  std::vector<UseResult> results;
  for (const std::string& name : names) {
    results.push_back(use_result(name, games, players, field, confidence));
  }
  return results;
}

}  // namespace

Distribution describe(const std::vector<double>& values, const stats::Histogram& bins,
                      double confidence) {
  Distribution d;
  const stats::Moments m = stats::moments(values);
  d.n = m.n;
  d.mean = m.n > 0 ? m.mean : kNaN;
  d.sd = m.n > 1 ? m.sd : (m.n == 1 ? 0 : kNaN);
  d.mean_ci = stats::mean_interval(m, confidence);
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  d.min = stats::quantile(sorted, 0);
  d.p10 = stats::quantile(sorted, 0.1);
  d.q1 = stats::quantile(sorted, 0.25);
  d.median = stats::quantile(sorted, 0.5);
  d.q3 = stats::quantile(sorted, 0.75);
  d.p90 = stats::quantile(sorted, 0.9);
  d.max = stats::quantile(sorted, 1);
  d.histogram = stats::histogram_with_edges(values, bins);
  return d;
}

Distribution describe(const std::vector<double>& values, double confidence) {
  return describe(values, stats::histogram(values), confidence);
}

Summary summarize(const RunInfo& info, const std::vector<GameRecord>& records, double confidence) {
  Summary s;
  s.game = info.game;
  s.game_title = info.game_title;
  s.variant = info.variant;
  s.run_id = info.run_id;
  s.variant_hash = info.variant_hash;
  s.players = info.players;
  s.agents = info.agents;
  s.confidence = confidence;
  const int players = info.players;
  if (players <= 0) throw std::invalid_argument("a balance run needs at least one player");
  const auto seat_count = static_cast<std::size_t>(players);
  s.fair_share = 1.0 / players;

  std::vector<const GameRecord*> ended;
  for (const GameRecord& record : records) {
    ++s.games;
    s.seconds += record.seconds;
    if (!record.ended) {
      ++s.unfinished;
      continue;
    }
    if (record.places.size() != seat_count) {
      throw std::invalid_argument(
          fmt::format("game {} of the run has places for {} seats, but the run has {} players",
                      record.index, record.places.size(), players));
    }
    ended.push_back(&record);
  }
  s.ended = static_cast<std::int64_t>(ended.size());
  s.unfinished_rate = proportion(static_cast<double>(s.unfinished), s.games, confidence);

  // --- Outcomes and seats ---------------------------------------------------
  std::vector<double> credit_sum(seat_count, 0.0);
  s.seats.resize(seat_count);
  std::vector<std::vector<double>> seat_scores(seat_count);
  std::vector<double> all_scores;
  std::vector<double> margins;
  for (const GameRecord* record : ended) {
    const std::vector<Seat> winners = record->winners();
    const std::size_t k = winners.size();
    if (k == 0) {
      ++s.no_winner;
    } else if (k == 1) {
      ++s.sole_victories;
      ++s.seats[static_cast<std::size_t>(winners[0])].sole_wins;
    } else {
      if (k == seat_count) {
        ++s.draws;
      } else {
        ++s.shared_victories;
      }
      for (Seat seat : winners) ++s.seats[static_cast<std::size_t>(seat)].shared_wins;
    }
    const std::vector<double> credit = win_credit(*record, players);
    for (std::size_t seat = 0; seat < seat_count; ++seat) credit_sum[seat] += credit[seat];

    if (record->scores.size() == seat_count) {
      for (std::size_t seat = 0; seat < seat_count; ++seat) {
        const auto score = static_cast<double>(record->scores[seat]);
        seat_scores[seat].push_back(score);
        all_scores.push_back(score);
      }
      if (const auto margin = record->winning_margin()) {
        margins.push_back(static_cast<double>(*margin));
      }
    }
  }
  s.draw_rate = proportion(static_cast<double>(s.draws), s.ended, confidence);
  s.shared_rate = proportion(static_cast<double>(s.shared_victories), s.ended, confidence);
  s.has_scores = !all_scores.empty();
  s.all_scores = describe(all_scores, confidence);
  s.winning_margin = describe(margins, confidence);
  for (std::size_t seat = 0; seat < seat_count; ++seat) {
    SeatResult& result = s.seats[seat];
    result.seat = static_cast<int>(seat) + 1;
    result.win_rate = proportion(credit_sum[seat], s.ended, confidence);
    result.score = describe(seat_scores[seat], s.all_scores.histogram, confidence);
  }

  // --- Agents, from per-block means -----------------------------------------
  std::set<std::string> agent_names(info.agents.begin(), info.agents.end());
  for (const GameRecord& record : records) {
    agent_names.insert(record.agents.begin(), record.agents.end());
  }
  s.agents_differ = agent_names.size() > 1;
  std::map<std::int64_t, Block> blocks;
  for (const GameRecord& record : records) blocks[record.block].push_back(&record);
  std::vector<const Block*> complete;
  for (const auto& [block, games] : blocks) {
    std::set<int> rotations;
    for (const GameRecord* record : games) rotations.insert(record->rotation);
    // A block missing a rotation (an interrupted run) would give some agent
    // more games at one seat than at another: seat advantage would pass for
    // strength, so it is left out of the agent win rates.
    const bool whole = static_cast<int>(rotations.size()) == players && *rotations.begin() == 0 &&
                       *rotations.rbegin() == players - 1;
    if (whole) {
      ++s.complete_blocks;
      complete.push_back(&games);
    } else {
      ++s.incomplete_blocks;
    }
  }
  // The games of a block share their dice and cards, so their seat
  // outcomes are correlated: with the same agent at every seat, the
  // rotations of a block can be the very same game. A seat's interval is
  // therefore at least as wide as the spread of the block means gives (as
  // for the agents), around the win rate over all ended games. It is never
  // narrower than Wilson's for independent games either: when a strong
  // agent wins every game, the rotation makes every block mean the same
  // and their spread would claim certainty from a handful of games.
  for (std::size_t seat = 0; seat < seat_count; ++seat) {
    std::int64_t seat_games = 0;  // its ended games (the Wilson rate has them)
    const stats::Moments m = stats::moments(block_means(
        complete, players, [seat](const GameRecord&, std::size_t at) { return at == seat; },
        seat_games));
    if (m.n < 2) continue;
    stats::Interval& interval = s.seats[seat].win_rate.interval;
    const double half = stats::mean_interval(m, confidence).half_width();
    if (half <= interval.half_width()) continue;
    interval.low = std::max(0.0, interval.estimate - half);
    interval.high = std::min(1.0, interval.estimate + half);
  }
  if (players > 1) {
    s.minimum_games = stats::minimum_trials(s.fair_share);
    s.games_to_detect = stats::trials_to_detect(s.fair_share, kDifferenceToDetect);
  }
  const stats::Interval& first = s.seats[0].win_rate.interval;
  s.first_player_advantage = {first.estimate - s.fair_share, first.low - s.fair_share,
                              first.high - s.fair_share};

  if (s.agents_differ) {
    for (const std::string& agent : agent_names) {
      AgentResult result;
      result.agent = agent;
      result.fair_share = s.fair_share;
      result.seats = static_cast<int>(std::count(info.agents.begin(), info.agents.end(), agent));
      const stats::Moments m = stats::moments(block_means(
          complete, players,
          [&agent](const GameRecord& record, std::size_t seat) {
            return seat < record.agents.size() && record.agents[seat] == agent;
          },
          result.seat_games));
      result.blocks = m.n;
      result.block_sd = m.sd;
      result.win_rate = stats::mean_interval(m, confidence);
      if (m.n == 0) result.win_rate = {kNaN, kNaN, kNaN};
      // Never narrower than Wilson's over its seat-games: when one agent
      // wins every game, every block mean is the same and their spread
      // alone would claim certainty. (With one block the interval stays
      // unbounded: it cannot be computed yet.)
      if (m.n > 1) {
        const stats::Interval wilson = stats::wilson_interval(
            result.win_rate.estimate * static_cast<double>(result.seat_games),
            static_cast<double>(result.seat_games), confidence);
        if (wilson.half_width() > result.win_rate.half_width()) {
          result.win_rate.low = wilson.low;
          result.win_rate.high = wilson.high;
        }
        // A rate lies in [0, 1], whatever the t interval's arithmetic says.
        result.win_rate.low = std::max(0.0, result.win_rate.low);
        result.win_rate.high = std::min(1.0, result.win_rate.high);
      }
      s.agent_results.push_back(result);
    }
  }

  // --- Length and leads -----------------------------------------------------
  std::vector<double> moves;
  std::vector<double> decisions;
  std::vector<double> turns;
  std::vector<double> lead_changes;
  std::vector<double> decisiveness;
  for (const GameRecord* record : ended) {
    moves.push_back(static_cast<double>(record->moves));
    decisions.push_back(static_cast<double>(record->decisions));
    turns.push_back(static_cast<double>(record->turns));
    lead_changes.push_back(static_cast<double>(record->lead_changes));
    // Ludii's "decisiveness" (Browne's aesthetic game measures, as in the
    // Ludii game concepts): the share of the game, in turns, from the
    // moment the eventual winner took the lead for good.
    if (record->winners().size() == 1 && record->turns > 0) {
      const double from = static_cast<double>(record->winner_leads_from);
      const double share =
          record->winner_leads_from < 0 ? 0.0 : 1.0 - from / static_cast<double>(record->turns);
      decisiveness.push_back(std::clamp(share, 0.0, 1.0));
    }
  }
  s.moves = describe(moves, confidence);
  s.decisions = describe(decisions, confidence);
  s.turns = describe(turns, confidence);
  s.lead_changes = describe(lead_changes, confidence);
  s.decisiveness = describe(decisiveness, confidence);

  // --- Action and item use --------------------------------------------------
  s.actions = use_results(ended, players, &GameRecord::actions, confidence);
  s.items = use_results(ended, players, &GameRecord::items, confidence);
  // One family: every action and item tested in the run.
  std::vector<double> p_values;
  for (const auto* uses : {&s.actions, &s.items}) {
    for (const UseResult& use : *uses) p_values.push_back(use.test.p_value);
  }
  const std::vector<double> adjusted = stats::holm_adjusted(p_values);
  std::size_t next = 0;
  for (auto* uses : {&s.actions, &s.items}) {
    for (UseResult& use : *uses) use.p_adjusted = adjusted[next++];
  }

  // --- The game's own metrics -----------------------------------------------
  // A metric a game does not report counts as absent, not as zero.
  std::map<std::string, std::vector<std::vector<double>>> per_seat;
  std::map<std::string, std::vector<double>> winners_values;
  std::map<std::string, std::vector<double>> others_values;
  std::map<std::string, std::vector<double>> game_values;
  std::map<std::string, std::vector<double>> seat_means;
  for (const GameRecord* record : ended) {
    std::map<std::string, std::pair<double, int>> in_game;  // sum and seats reporting it
    for (const GameMetric& metric : record->metrics) {
      if (metric.seat == kNoSeat) {
        game_values[metric.name].push_back(metric.value);
        continue;
      }
      if (metric.seat < 0 || metric.seat >= players) continue;
      auto& seats = per_seat[metric.name];
      seats.resize(seat_count);
      const auto seat = static_cast<std::size_t>(metric.seat);
      seats[seat].push_back(metric.value);
      (is_first(*record, seat) ? winners_values : others_values)[metric.name].push_back(
          metric.value);
      in_game[metric.name].first += metric.value;
      ++in_game[metric.name].second;
    }
    for (const auto& [name, sum] : in_game) seat_means[name].push_back(sum.first / sum.second);
  }
  for (const auto& [name, seats] : per_seat) {
    SeatMetricResult result;
    result.name = name;
    for (const auto& values : seats) result.per_seat.push_back(describe(values, confidence));
    result.winners = describe(winners_values[name], confidence);
    result.non_winners = describe(others_values[name], confidence);
    result.test = stats::welch_t_test(result.winners.moments(), result.non_winners.moments());
    result.seat_mean = describe(seat_means[name], confidence);
    s.seat_metrics.push_back(std::move(result));
  }
  for (const auto& [name, values] : game_values) {
    s.game_metrics.push_back({name, describe(values, confidence)});
  }
  s.notable = notable_games(records, info.run_id);
  return s;
}

double widest_interval(const Summary& summary) {
  if (summary.ended == 0) return kInfinity;
  double widest = 0;
  for (const SeatResult& seat : summary.seats) {
    widest = std::max(widest, seat.win_rate.interval.half_width());
  }
  if (summary.agents_differ) {
    for (const AgentResult& agent : summary.agent_results) {
      const double half = agent.win_rate.half_width();
      if (!std::isfinite(half)) return kInfinity;
      widest = std::max(widest, half);
    }
  }
  return widest;
}

namespace {

std::string count_of(std::int64_t n, const char* one, const char* many) {
  return fmt::format("{} {}", stats::count(n), n == 1 ? one : many);
}

// What the seat figures are over: every game, or only the ended ones when
// some were cut at the step bound (an unfinished game has no winner, so
// leaving it out changes what a rate means, and the headline says so).
std::string games_behind(const Summary& s) {
  if (s.unfinished == 0) return count_of(s.games, "game", "games");
  return fmt::format("the {} of {} games that ended", stats::count(s.ended), stats::count(s.games));
}

// "a first-player advantage of 4.2 points [1.1, 7.3]": the size of the
// difference and its interval, both as distances from the fair share.
std::string advantage_text(const stats::Interval& advantage) {
  if (advantage.estimate >= 0) {
    return fmt::format("a first-player advantage of {} points {}",
                       stats::points(advantage.estimate), stats::percent_bounds(advantage));
  }
  return fmt::format("a first-player disadvantage of {} points {}",
                     stats::points(advantage.estimate),
                     stats::percent_bounds({-advantage.estimate, -advantage.high, -advantage.low}));
}

std::string detect_text(const Summary& s) {
  return fmt::format(
      "about {} ended games are needed to detect a {}-point difference from the fair share",
      stats::count(s.games_to_detect), stats::number(kDifferenceToDetect * 100));
}

// Seat 1 against the fair share, claimed only from enough games: below
// minimum_games nothing is claimed; within chance of the fair share, the
// seats are called even only from games_to_detect games on.
std::string first_seat_finding(const Summary& s) {
  const stats::Interval& seat1 = s.seats[0].win_rate.interval;
  const stats::Interval& advantage = s.first_player_advantage;
  std::string verdict;
  if (s.ended < s.minimum_games) {
    verdict = fmt::format(
        "too few games to tell whether the first player has an advantage: at least {} ended games "
        "are needed for any claim about a seat, and {}",
        stats::count(s.minimum_games), detect_text(s));
  } else if (advantage.low > 0 || advantage.high < 0) {
    verdict = advantage_text(advantage);
  } else {
    const std::string difference =
        fmt::format("{}{} points {}", advantage.estimate < 0 ? "-" : "+",
                    stats::points(advantage.estimate), stats::percent_bounds(advantage));
    verdict = s.ended < s.games_to_detect
                  ? fmt::format(
                        "too few games to tell whether the first player has an advantage "
                        "({} is within chance of the fair share); {}",
                        difference, detect_text(s))
                  : fmt::format(
                        "within chance of the fair share, no evidence of a first-player "
                        "advantage ({})",
                        difference);
  }
  return fmt::format("Seat 1 wins {} of {} (fair share {}): {}.", stats::percent_interval(seat1),
                     games_behind(s), stats::percent(s.fair_share), verdict);
}

// The seats after the first, over the same games, with the same rules.
std::string other_seats_finding(const Summary& s) {
  if (s.ended < s.minimum_games) {
    return fmt::format(
        "Other seats: too few games to tell whether any is away from its fair share (at least {} "
        "ended games are needed).",
        stats::count(s.minimum_games));
  }
  std::vector<std::string> off;
  for (std::size_t i = 1; i < s.seats.size(); ++i) {
    const stats::Interval& rate = s.seats[i].win_rate.interval;
    if (rate.contains(s.fair_share)) continue;
    off.push_back(fmt::format("seat {} wins {}, {} its fair share", s.seats[i].seat,
                              stats::percent_interval(rate),
                              rate.low > s.fair_share ? "above" : "below"));
  }
  if (!off.empty()) return "Other seats, over the same games: " + join(off, "; ") + ".";
  if (s.ended < s.games_to_detect) {
    return fmt::format(
        "No other seat is clearly away from its fair share, but that is too few games to tell: "
        "{}.",
        detect_text(s));
  }
  return "No other seat is clearly away from its fair share.";
}

// A use tied to winning after Holm's correction, worded with both groups'
// rates; or, when either group has fewer seat-games than a claim needs,
// "too few games to tell".
std::string use_finding(const Summary& s, const UseResult& use, const char* kind, bool too_few,
                        std::size_t tested) {
  const Proportion& used = use.win_rate_used;
  const Proportion& unused = use.win_rate_unused;
  if (too_few) {
    return fmt::format(
        "Too few games to tell whether using the {} '{}' goes with winning: {} used it and {} did "
        "not, and each group needs at least {}.",
        kind, use.name, count_of(used.trials, "seat-game", "seat-games"),
        stats::count(unused.trials), stats::count(s.minimum_games));
  }
  return fmt::format(
      "Seats that used the {} '{}' at least once won {} of their {}, those that did not {} of {} "
      "(two-proportion z-test, {}; {} after Holm's correction for the {} uses tested): a "
      "relation with winning, not necessarily a cause.",
      kind, use.name, stats::percent_interval(used.interval),
      count_of(used.trials, "seat-game", "seat-games"), stats::percent_interval(unused.interval),
      stats::count(unused.trials), stats::p_text(use.test.p_value), stats::p_text(use.p_adjusted),
      tested);
}

}  // namespace

std::vector<std::string> key_findings(const Summary& s) {
  std::vector<std::string> findings;
  if (s.games == 0) {
    findings.push_back("The run has no games yet.");
    return findings;
  }
  if (s.ended == 0) {
    findings.push_back(fmt::format(
        "None of the {} reached an end: every one was cut at the step bound, so there is no "
        "winner to count.",
        count_of(s.games, "game", "games")));
    return findings;
  }
  const std::string fair = stats::percent(s.fair_share);
  if (s.players > 1) findings.push_back(first_seat_finding(s));
  if (s.players > 2) findings.push_back(other_seats_finding(s));
  if (s.agents_differ) {
    std::vector<std::string> parts;
    for (const AgentResult& agent : s.agent_results) {
      if (agent.blocks == 0) continue;
      parts.push_back(fmt::format("{} wins {} of its seats' games", agent.agent,
                                  agent.blocks > 1 ? stats::percent_interval(agent.win_rate)
                                                   : stats::percent(agent.win_rate.estimate)));
    }
    if (!parts.empty()) {
      findings.push_back(fmt::format("Agents (fair share {}, from {} of games paired by seed): {}.",
                                     fair, count_of(s.complete_blocks, "block", "blocks"),
                                     join(parts, "; ")));
    }
  }
  if (s.unfinished > 0) {
    findings.push_back(fmt::format(
        "{} of {} games ({}) were cut at the step bound without an end; everything else here is "
        "over the {} that ended.",
        stats::count(s.unfinished), stats::count(s.games),
        stats::percent(s.unfinished_rate.interval.estimate), stats::count(s.ended)));
  }
  if (s.draws > 0 || s.shared_victories > 0) {
    findings.push_back(fmt::format(
        "{} ({}) ended in a draw (every seat first) and {} ({}) in a victory shared by some "
        "seats; a seat's share of a shared victory counts as 1/k of a win.",
        count_of(s.draws, "game", "games"), stats::percent(s.draw_rate.interval.estimate),
        stats::count(s.shared_victories), stats::percent(s.shared_rate.interval.estimate)));
  }
  if (s.moves.n > 0) {
    findings.push_back(fmt::format(
        "A game takes {} ± {} moves on average over {} (median {}; 80% of games between {} and "
        "{}), {} decisions and {} turns.",
        stats::number(s.moves.mean), stats::number(s.moves.mean_ci.half_width(), 2),
        count_of(s.moves.n, "game", "games"), stats::number(s.moves.median),
        stats::number(s.moves.p10), stats::number(s.moves.p90), stats::number(s.decisions.mean),
        stats::number(s.turns.mean)));
  }
  if (s.winning_margin.n > 0) {
    findings.push_back(fmt::format(
        "The winner finishes {} ± {} points ahead of the best other seat on average (median {}; "
        "over {} with a seat not in first place).",
        stats::number(s.winning_margin.mean),
        stats::number(s.winning_margin.mean_ci.half_width(), 2),
        stats::number(s.winning_margin.median), count_of(s.winning_margin.n, "game", "games")));
  }
  if (s.lead_changes.n > 0) {
    std::string text = fmt::format("The lead changes {} times per game on average over {}",
                                   stats::number(s.lead_changes.mean),
                                   count_of(s.lead_changes.n, "game", "games"));
    if (s.decisiveness.n > 0) {
      text += fmt::format(
          "; the eventual winner holds it for good over the last {} of the game (over {} with a "
          "sole winner)",
          stats::percent(s.decisiveness.mean), count_of(s.decisiveness.n, "game", "games"));
    }
    findings.push_back(text + ".");
  }
  // Uses that go with winning, strongest evidence first (at most three),
  // judged after Holm's correction over all of them; one with too few
  // seat-games in either group comes after those that can be named, and
  // only to say that it cannot.
  std::vector<std::pair<const UseResult*, const char*>> related;
  for (const UseResult& use : s.actions) related.emplace_back(&use, "action");
  for (const UseResult& use : s.items) related.emplace_back(&use, "item");
  const std::size_t tested =
      static_cast<std::size_t>(std::count_if(related.begin(), related.end(), [](const auto& entry) {
        return !std::isnan(entry.first->test.p_value);
      }));
  std::erase_if(related, [](const auto& entry) { return !(entry.first->p_adjusted < 0.05); });
  const auto too_few = [&s](const UseResult& use) {
    return use.win_rate_used.trials < s.minimum_games ||
           use.win_rate_unused.trials < s.minimum_games;
  };
  std::sort(related.begin(), related.end(), [&too_few](const auto& a, const auto& b) {
    return std::pair(too_few(*a.first), a.first->test.p_value) <
           std::pair(too_few(*b.first), b.first->test.p_value);
  });
  if (related.size() > 3) related.resize(3);
  for (const auto& [use, kind] : related) {
    findings.push_back(use_finding(s, *use, kind, too_few(*use), tested));
  }
  return findings;
}

}  // namespace grove::balance
