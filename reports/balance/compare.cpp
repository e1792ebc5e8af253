#include "reports/balance/compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/core/errors.hpp"

namespace grove::balance {

namespace {

std::string value_text(const ComparisonRow& row, const stats::Interval& v) {
  const std::string text = interval_text(row, v);
  return row.proportion || row.unit.empty() ? text : text + " " + row.unit;
}

// "over 4,000 games each", or "over 3,980 and 4,000 games".
std::string counts_text(const ComparisonRow& row) {
  if (row.n_a == row.n_b) return fmt::format("over {} {} each", stats::count(row.n_a), row.counted);
  return fmt::format("over {} and {} {}", stats::count(row.n_a), stats::count(row.n_b),
                     row.counted);
}

// The sentence: the direction from the printed values, the games behind
// them, then the test and what its p-value (adjusted, for a family) means
// at the chosen level. `family` is the number of tests the row was
// corrected over (0 for none).
std::string sentence(const ComparisonRow& row, double level, std::size_t family) {
  const std::string from = value_text(row, row.a);
  const std::string to = value_text(row, row.b);
  const std::string a_shown =
      row.proportion ? stats::percent(row.a.estimate) : stats::number(row.a.estimate);
  const std::string b_shown =
      row.proportion ? stats::percent(row.b.estimate) : stats::number(row.b.estimate);
  std::string change;
  if (a_shown == b_shown) {
    change = fmt::format("stayed at {}, against {} before", to, from);
  } else {
    change = fmt::format("{} from {} to {}", row.b.estimate > row.a.estimate ? "rose" : "fell",
                         from, to);
  }
  const double p = family > 0 ? row.p_adjusted : row.test.p_value;
  std::string verdict;
  if (!std::isfinite(p)) {
    verdict = "too few games to test";
  } else if (p < level) {
    verdict = "a real change";
  } else {
    verdict = "no evidence of a change";
  }
  std::string test = fmt::format("{}, {}", row.test.test, stats::p_text(row.test.p_value));
  if (family > 0) {
    test += fmt::format("; {} after Holm's correction over the {} metrics compared",
                        stats::p_text(row.p_adjusted), family);
  }
  return fmt::format("{} {} ({}; {}: {})", row.label, change, counts_text(row), test, verdict);
}

std::string run_label(const Summary& s) {
  std::string label = s.variant.empty() ? "default" : s.variant;
  if (!s.agents.empty()) label += " (" + join(s.agents, ", ") + ")";
  return label;
}

stats::Interval mean_of(const Distribution& d) {
  return {d.n > 0 ? d.mean : std::nan(""), d.mean_ci.low, d.mean_ci.high};
}

ComparisonRow mean_row(std::string key, std::string label, std::string unit, const Distribution& da,
                       const Distribution& db) {
  ComparisonRow row;
  row.key = std::move(key);
  row.label = std::move(label);
  row.unit = std::move(unit);
  row.a = mean_of(da);
  row.b = mean_of(db);
  row.n_a = da.n;
  row.n_b = db.n;
  row.test = stats::welch_t_test(da.moments(), db.moments());
  return row;
}

// The game's own metrics found in both runs, by Welch's t-test on their
// means: the whole-game ones per game, the seat ones on their mean over the
// seats of each game (the seats of one game are not independent values).
// A game reports many (21 in Takenoko), so a few would show p < 0.05
// by chance alone: they are one family, with Holm's correction.
std::vector<ComparisonRow> metric_rows(const Summary& a, const Summary& b) {
  std::vector<ComparisonRow> rows;
  for (const GameMetricResult& ma : a.game_metrics) {
    for (const GameMetricResult& mb : b.game_metrics) {
      if (ma.name != mb.name) continue;
      rows.push_back(mean_row("game_metric." + ma.name,
                              fmt::format("the game metric '{}'", ma.name), "", ma.per_game,
                              mb.per_game));
    }
  }
  for (const SeatMetricResult& ma : a.seat_metrics) {
    for (const SeatMetricResult& mb : b.seat_metrics) {
      if (ma.name != mb.name) continue;
      rows.push_back(mean_row("seat_metric." + ma.name,
                              fmt::format("the seat metric '{}' (mean over seats)", ma.name), "",
                              ma.seat_mean, mb.seat_mean));
    }
  }
  std::vector<double> p_values;
  for (const ComparisonRow& row : rows) p_values.push_back(row.test.p_value);
  const std::vector<double> adjusted = stats::holm_adjusted(p_values);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].p_adjusted = adjusted[i];
  return rows;
}

}  // namespace

std::string interval_text(const ComparisonRow& row, const stats::Interval& v) {
  if (row.proportion) return stats::percent_interval(v);
  std::string text = stats::number(v.estimate);
  if (!std::isfinite(v.low) || !std::isfinite(v.high)) return text;
  const double above = v.high - v.estimate;
  const double below = v.estimate - v.low;
  if (std::fabs(above - below) <= 1e-9 * std::max(1.0, std::fabs(v.estimate))) {
    return text + " ± " + stats::number(v.half_width(), 2);
  }
  return fmt::format("{} [{}, {}]", text, stats::number(v.low), stats::number(v.high));
}

Comparison compare(const Summary& a, const Summary& b) {
  if (a.game != b.game) {
    throw InputError(fmt::format(
        "cannot compare runs of different games: '{}' and '{}'; compare two variants or agent "
        "setups of one game",
        a.game, b.game));
  }
  if (a.players != b.players) {
    throw InputError(fmt::format(
        "cannot compare runs of {} with different player counts: {} and {} players; win rates "
        "and fair shares differ with the count",
        a.game, a.players, b.players));
  }
  Comparison c;
  c.game = a.game;
  c.game_title = a.game_title.empty() ? b.game_title : a.game_title;
  c.players = a.players;
  c.label_a = run_label(a);
  c.label_b = run_label(b);
  if (c.label_a == c.label_b) {
    c.label_a += " [first run]";
    c.label_b += " [second run]";
  }
  c.games_a = a.games;
  c.games_b = b.games;
  c.ended_a = a.ended;
  c.ended_b = b.ended;
  c.confidence = a.confidence;

  // `family`: the number of tests the row's p_adjusted is corrected over.
  auto add = [&](ComparisonRow row, std::size_t family = 0) {
    row.difference = row.b.estimate - row.a.estimate;
    row.significant = (family > 0 ? row.p_adjusted : row.test.p_value) < c.level;
    row.sentence = sentence(row, c.level, family);
    c.rows.push_back(std::move(row));
  };
  auto proportion_row = [&](std::string key, std::string label, const Proportion& pa,
                            const Proportion& pb) {
    ComparisonRow row;
    row.key = std::move(key);
    row.label = std::move(label);
    row.proportion = true;
    row.a = pa.interval;
    row.b = pb.interval;
    row.n_a = pa.trials;
    row.n_b = pb.trials;
    row.test = stats::two_proportion_z_test(pa.successes, static_cast<double>(pa.trials),
                                            pb.successes, static_cast<double>(pb.trials));
    if (pa.trials == 0 || pb.trials == 0) row.test.p_value = std::nan("");
    return row;
  };

  // A seat's win rate comes from games paired in blocks, and its interval
  // is widened to the blocks' spread where that is wider; the test takes
  // each run's standard error from that interval, so that the verdict can
  // never contradict the intervals printed beside it.
  auto seat_row = [&](std::string key, std::string label, const Proportion& pa,
                      const Proportion& pb) {
    ComparisonRow row = proportion_row(std::move(key), std::move(label), pa, pb);
    const double z = stats::z_critical(a.confidence);
    const double se_a = pa.interval.half_width() / z;
    const double se_b = pb.interval.half_width() / z;
    const double se = std::sqrt(se_a * se_a + se_b * se_b);
    row.test.test = "z-test on the paired blocks' standard errors";
    row.test.statistic = (pb.interval.estimate - pa.interval.estimate) / se;
    row.test.p_value = se > 0 ? std::erfc(std::abs(row.test.statistic) / std::sqrt(2.0))
                              : (pb.interval.estimate == pa.interval.estimate ? 1.0 : 0.0);
    if (pa.trials == 0 || pb.trials == 0) row.test.p_value = std::nan("");
    return row;
  };
  // The first player's advantage is seat 1's win rate less the same fair
  // share in both runs, so it is tested as seat 1's win rate is.
  if (!a.seats.empty() && !b.seats.empty()) {
    ComparisonRow advantage = seat_row("first_player_advantage", "the first player's advantage",
                                       a.seats[0].win_rate, b.seats[0].win_rate);
    advantage.a = a.first_player_advantage;
    advantage.b = b.first_player_advantage;
    add(std::move(advantage));
  }
  for (std::size_t seat = 0; seat < a.seats.size() && seat < b.seats.size(); ++seat) {
    add(seat_row(fmt::format("seat_{}_win_rate", seat + 1),
                 fmt::format("seat {}'s win rate", seat + 1), a.seats[seat].win_rate,
                 b.seats[seat].win_rate));
  }
  // Agents' win rates are means over blocks of paired games, so they are
  // compared with Welch's t-test on the block means.
  if (a.agents_differ && b.agents_differ) {
    for (const AgentResult& ra : a.agent_results) {
      for (const AgentResult& rb : b.agent_results) {
        if (ra.agent != rb.agent) continue;
        ComparisonRow row;
        row.key = "agent_win_rate." + ra.agent;
        row.label = fmt::format("the win rate of {}", ra.agent);
        row.proportion = true;
        row.a = ra.win_rate;
        row.b = rb.win_rate;
        row.n_a = ra.blocks;
        row.n_b = rb.blocks;
        row.counted = "blocks";
        row.test = stats::welch_t_test({ra.blocks, ra.win_rate.estimate, ra.block_sd},
                                       {rb.blocks, rb.win_rate.estimate, rb.block_sd});
        add(std::move(row));
      }
    }
  }
  add(proportion_row("draw_rate", "the share of draws", a.draw_rate, b.draw_rate));
  add(proportion_row("unfinished_rate", "the share of unfinished games", a.unfinished_rate,
                     b.unfinished_rate));
  add(mean_row("moves", "the game length", "moves", a.moves, b.moves));
  add(mean_row("decisions", "the number of decisions", "", a.decisions, b.decisions));
  add(mean_row("turns", "the number of turns", "", a.turns, b.turns));
  add(mean_row("lead_changes", "the lead changes per game", "", a.lead_changes, b.lead_changes));
  if (a.decisiveness.n > 0 || b.decisiveness.n > 0) {
    ComparisonRow row =
        mean_row("decisiveness", "the decisiveness", "", a.decisiveness, b.decisiveness);
    row.proportion = true;
    add(std::move(row));
  }
  if (a.has_scores && b.has_scores) {
    add(mean_row("winning_margin", "the winning margin", "points", a.winning_margin,
                 b.winning_margin));
    ComparisonRow spread;
    spread.key = "score_sd";
    spread.label = "the spread of scores (their standard deviation)";
    spread.unit = "points";
    spread.a = stats::sd_interval(a.all_scores.moments(), a.confidence);
    spread.b = stats::sd_interval(b.all_scores.moments(), b.confidence);
    spread.n_a = a.all_scores.n;
    spread.n_b = b.all_scores.n;
    spread.counted = "seat scores";
    spread.test = stats::f_test(a.all_scores.moments(), b.all_scores.moments());
    add(std::move(spread));
  }
  const std::vector<ComparisonRow> metrics = metric_rows(a, b);
  const auto tested = static_cast<std::size_t>(
      std::count_if(metrics.begin(), metrics.end(),
                    [](const ComparisonRow& row) { return !std::isnan(row.p_adjusted); }));
  for (const ComparisonRow& row : metrics) add(row, tested);

  if (a.agents != b.agents) {
    c.notes.push_back(fmt::format("The runs seat different agents ({} against {}).",
                                  join(a.agents, ", "), join(b.agents, ", ")));
  }
  if (a.variant_hash == b.variant_hash && !a.variant_hash.empty() && a.agents == b.agents) {
    c.notes.push_back(
        "Both runs have the same rules and agents: any difference is chance (or a different "
        "seed range).");
  }
  c.notes.push_back(fmt::format(
      "Each line{} is tested at the {} level on its own: among {} lines that did not change, "
      "about one in {} shows p < {} by chance.",
      metrics.empty() ? "" : " but the game's own metrics", stats::number(c.level),
      c.rows.size() - metrics.size(), static_cast<int>(std::lround(1 / c.level)),
      stats::number(c.level)));
  if (tested > 0) {
    c.notes.push_back(fmt::format(
        "The game's own metrics are compared as one family of {} tests: each verdict rests on "
        "its p-value after Holm's step-down correction over all of them, so that the chance of "
        "calling any unchanged metric changed stays below {}. A seat metric is compared on its "
        "mean over the seats of each game, one value per game.",
        tested, stats::number(c.level)));
  }
  if (a.has_scores && b.has_scores) {
    c.notes.push_back(
        "The spread of scores is compared with the F-test (with a chi-square interval), which "
        "assumes normally distributed scores; take its p-value as a rough guide.");
  }
  return c;
}

std::vector<std::string> comparison_findings(const Comparison& comparison) {
  std::vector<std::string> changed;
  std::vector<std::string> others;
  for (const ComparisonRow& row : comparison.rows) {
    std::string text = row.sentence;
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    (row.significant ? changed : others).push_back(text + ".");
  }
  changed.insert(changed.end(), others.begin(), others.end());
  return changed;
}

}  // namespace grove::balance
