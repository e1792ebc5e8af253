#include "reports/balance/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/core/errors.hpp"

namespace grove::balance {

std::string figure_value_text(const SweepFigure& figure, double value) {
  if (figure.difference) {
    return fmt::format("{}{} points", value < 0 ? "-" : value > 0 ? "+" : "", stats::points(value));
  }
  return figure.percent ? stats::percent(value) : stats::number(value);
}

std::string figure_bounds_text(const SweepFigure& figure, const stats::Interval& interval) {
  if (figure.percent || figure.difference) return stats::percent_bounds(interval);
  return fmt::format("[{}, {}]", stats::number(interval.low), stats::number(interval.high));
}

std::string figure_text(const SweepFigure& figure, const stats::Interval& interval) {
  const std::string bounds = figure_bounds_text(figure, interval);
  const std::string value = figure_value_text(figure, interval.estimate);
  return bounds.empty() ? value : value + " " + bounds;
}

std::optional<double> read_number(const std::string& text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

namespace {

TargetResult find_target(const SweepSummary& sweep, const SweepFigure& figure, double value) {
  TargetResult result;
  result.figure = figure;
  result.value = value;
  result.confidence = sweep.simultaneous_confidence;
  double nearest = INFINITY;
  for (std::size_t i = 0; i < sweep.points.size(); ++i) {
    const auto alone = figure_value(sweep.points[i].summary, figure.key);
    const auto together = figure_value(sweep.points[i].simultaneous, figure.key);
    if (!alone || !together) continue;
    if (together->contains(value)) result.within.push_back(i);
    if (std::fabs(alone->estimate - value) < nearest) {
      nearest = std::fabs(alone->estimate - value);
      result.closest = i;
    }
  }
  const std::string target = fmt::format("{} = {}", figure.label, figure_value_text(figure, value));
  const std::string level =
      fmt::format("{}% simultaneous intervals (Bonferroni over {} points)",
                  stats::number(result.confidence * 100, 4), sweep.points.size());
  if (!result.closest) {
    result.sentence = fmt::format("No point has a value for {}.", figure.label);
    return result;
  }
  const SweepPoint& closest = sweep.points[*result.closest];
  const std::string closest_text =
      fmt::format("{} ({})", closest.label,
                  figure_text(figure, *figure_value(closest.simultaneous, figure.key)));
  if (result.within.empty()) {
    result.sentence = fmt::format(
        "No point reaches {}: every point's interval excludes it ({}). The closest estimate is "
        "at {}.",
        target, level, closest_text);
  } else if (result.within.size() == 1) {
    const SweepPoint& only = sweep.points[result.within.front()];
    result.sentence = fmt::format(
        "Only {} is within chance of {}: {} ({}); every other point's interval excludes it.",
        only.label, target, figure_text(figure, *figure_value(only.simultaneous, figure.key)),
        level);
  } else {
    std::vector<std::string> labels;
    for (std::size_t i : result.within) labels.push_back(sweep.points[i].label);
    result.sentence = fmt::format(
        "{} points are within chance of {} ({}): {}. The closest estimate is at {}; with {} "
        "games a point these cannot be told apart on this figure.",
        result.within.size(), target, level, join(labels, "; "), closest_text,
        sweep.info.games_per_point);
  }
  return result;
}

}  // namespace

std::optional<stats::Interval> figure_value(const Summary& s, const std::string& key) {
  const auto mean = [](const Distribution& d) -> std::optional<stats::Interval> {
    if (d.n == 0) return std::nullopt;
    return d.mean_ci;
  };
  if (key == "first_player_advantage") {
    if (s.ended == 0) return std::nullopt;
    return s.first_player_advantage;
  }
  if (key == "length") return mean(s.moves);
  if (key == "margin") return mean(s.winning_margin);
  if (key.starts_with("seat")) {
    if (const auto seat = read_number(key.substr(4))) {
      const auto index = static_cast<std::size_t>(*seat) - 1;
      if (s.ended == 0 || *seat < 1 || index >= s.seats.size()) return std::nullopt;
      return s.seats[index].win_rate.interval;
    }
  }
  for (const GameMetricResult& metric : s.game_metrics) {
    if (metric.name == key) return mean(metric.per_game);
  }
  return std::nullopt;
}

double simultaneous_confidence(std::size_t points, double confidence) {
  return 1 - (1 - confidence) / static_cast<double>(std::max<std::size_t>(1, points));
}

SweepPoint summarize_point(std::int64_t index, const SweepInfo& info, const RunInfo& run,
                           const std::vector<GameRecord>& records, double simultaneous) {
  SweepPoint point;
  point.index = index;
  point.at = point_coordinates(info.axes, static_cast<std::size_t>(index));
  point.label = point_label(info.axes, static_cast<std::size_t>(index));
  point.balance_run = run.run_id;
  point.summary = summarize(run, records);
  point.simultaneous = summarize(run, records, simultaneous);
  return point;
}

nlohmann::json point_setting(const std::vector<SweepAxis>& axes, std::size_t index) {
  nlohmann::json setting = nlohmann::json::object();
  const std::vector<std::size_t> at = point_coordinates(axes, index);
  for (std::size_t i = 0; i < axes.size(); ++i) setting[axes[i].name] = axes[i].values[at[i]];
  return setting;
}

std::vector<SweepFigure> figures_of(int players, const std::vector<const Summary*>& summaries) {
  std::vector<SweepFigure> figures;
  for (int seat = 1; seat <= players; ++seat) {
    figures.push_back({fmt::format("seat{}", seat), fmt::format("seat {}'s win rate", seat), true});
  }
  figures.push_back(
      {"first_player_advantage", "the first player's advantage", true, /*difference=*/true});
  figures.push_back({"length", "game length (moves)", false});
  const auto any_has = [&](const std::string& key) {
    return std::any_of(summaries.begin(), summaries.end(), [&](const Summary* summary) {
      return figure_value(*summary, key).has_value();
    });
  };
  if (any_has("margin")) figures.push_back({"margin", "winning margin (points)", false});
  for (const Summary* summary : summaries) {
    for (const GameMetricResult& metric : summary->game_metrics) {
      if (find_figure(figures, metric.name) == nullptr)
        figures.push_back({metric.name, metric.name + " (per game)", false});
    }
  }
  return figures;
}

const SweepFigure* find_figure(const std::vector<SweepFigure>& figures, const std::string& key) {
  const auto figure = std::find_if(figures.begin(), figures.end(),
                                   [&](const SweepFigure& f) { return f.key == key; });
  return figure == figures.end() ? nullptr : &*figure;
}

const SweepFigure& figure_named(const std::vector<SweepFigure>& figures, const std::string& name) {
  if (const SweepFigure* figure = find_figure(figures, name)) return *figure;
  std::vector<std::string> keys;
  for (const SweepFigure& f : figures) keys.push_back(f.key);
  throw InputError({"--target", 0, 0}, name,
                   fmt::format("expected NAME=VALUE with NAME one of {}{}", join(keys, ", "),
                               did_you_mean(name, keys)));
}

SweepSummary summarize_sweep(const SweepInfo& info, std::vector<SweepPoint> points,
                             const std::vector<std::string>& targets) {
  SweepSummary sweep;
  sweep.info = info;
  sweep.simultaneous_confidence = simultaneous_confidence(static_cast<std::size_t>(
      std::max<std::int64_t>(info.points_planned, static_cast<std::int64_t>(points.size()))));
  sweep.points = std::move(points);
  std::vector<const Summary*> summaries;
  for (const SweepPoint& point : sweep.points) summaries.push_back(&point.summary);
  sweep.figures = figures_of(info.players, summaries);
  for (const std::string& target : targets) {
    const auto equals = target.find('=');
    const SweepFigure& figure = figure_named(sweep.figures, target.substr(0, equals));
    const auto value =
        equals == std::string::npos ? std::nullopt : read_number(target.substr(equals + 1));
    if (!value) {
      throw InputError({"--target", 0, 0}, figure.key,
                       "expected NAME=VALUE with VALUE a number (a share for win rates and the "
                       "first player's advantage: 0.25, not 25%), got '" +
                           target + "'");
    }
    sweep.targets.push_back(find_target(sweep, figure, *value));
  }
  return sweep;
}

std::vector<std::string> sweep_findings(const SweepSummary& sweep) {
  std::vector<std::string> findings;
  for (const TargetResult& target : sweep.targets) findings.push_back(target.sentence);
  if (static_cast<std::int64_t>(sweep.points.size()) < sweep.info.points_planned) {
    findings.push_back(fmt::format(
        "Only {} of the {} points were played (the sweep was {}); the figures are over those.",
        sweep.points.size(), sweep.info.points_planned, sweep.info.status));
  }
  if (sweep.points.size() < 2) return findings;
  const SweepPoint& first = sweep.points.front();
  const SweepPoint& last = sweep.points.back();
  for (const SweepFigure& figure : sweep.figures) {
    const auto from = figure_value(first.summary, figure.key);
    const auto to = figure_value(last.summary, figure.key);
    if (!from || !to) continue;
    // Whether the two ends differ is read from the intervals alone: if
    // they do not overlap the change is beyond chance (a conservative
    // check: overlapping intervals may still differ).
    const bool apart = from->high < to->low || to->high < from->low;
    findings.push_back(fmt::format(
        "{}: {} at {}, {} at {}{}.", figure.label, figure_text(figure, *from), first.label,
        figure_text(figure, *to), last.label,
        apart ? " (the intervals do not overlap)" : " (the intervals overlap: no clear change)"));
  }
  return findings;
}

}  // namespace grove::balance
