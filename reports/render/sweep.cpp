// The report of a sweep: every figure against the swept values, as a
// self-contained HTML page (one line chart per figure, with its confidence
// band), Markdown (the same tables) and JSON (every number).

#include <fmt/format.h>

#include <cmath>

#include "reports/render/report.hpp"
#include "reports/render/svg.hpp"
#include "reports/render/tables.hpp"

namespace grove::render {
namespace {

using balance::SweepFigure;
using balance::SweepSummary;

std::string sweep_title(const SweepSummary& s) {
  return grid_title(s.info.game, s.info.game_title, s.info.axes, "sweep");
}

Facts sweep_facts(const SweepSummary& s) {
  Facts facts = {
      {"sweep", fmt::format("run {} ({})", s.info.run_id, s.info.status)},
      {"points", fmt::format("{} of {} played", s.points.size(), s.info.points_planned)},
      {"players", std::to_string(s.info.players)},
      {"agents", join(s.info.agents, ", ")},
      {"games per point", stats::count(s.info.games_per_point)},
      {"seed", fmt::format("{} (every point: the points are paired)", s.info.seed)},
  };
  for (const balance::SweepAxis& axis : s.info.axes) {
    facts.emplace_back(axis.ruling ? "ruling" : "parameter",
                       axis.name + ": " + join(axis.values, ", "));
  }
  if (!s.info.fixed.empty()) facts.emplace_back("fixed", join(s.info.fixed, ", "));
  facts.emplace_back("command", s.info.command);
  return facts;
}

std::string value_cell(const SweepFigure& figure, const std::optional<stats::Interval>& value) {
  return value ? balance::figure_text(figure, *value) : "n/a";
}

std::string bounds_cell(const SweepFigure& figure, const std::optional<stats::Interval>& value) {
  return value ? balance::figure_bounds_text(figure, *value) : "n/a";
}

// A dashed line where a figure means "even": the fair share for a seat's
// win rate, 0 for the first player's advantage; a target overrides it.
std::pair<double, std::string> reference(const SweepSummary& s, const SweepFigure& figure) {
  for (const balance::TargetResult& target : s.targets) {
    if (target.figure.key == figure.key) {
      return {target.value, "target " + balance::figure_value_text(figure, target.value)};
    }
  }
  if (figure.key == "first_player_advantage") return {0, "no advantage"};
  if (figure.key.starts_with("seat") && s.info.players > 0) {
    const double fair = 1.0 / s.info.players;
    return {fair, "fair share " + stats::percent(fair)};
  }
  return {NAN, ""};
}

std::vector<Section> sweep_sections(const SweepSummary& s) {
  std::vector<Section> sections;
  for (const SweepFigure& figure : s.figures) {
    Section section{"figure-" + figure.key, figure.label, {}, {}};
    Table table{{"point", fmt::format("{}% CI", stats::number(s.confidence * 100)),
                 fmt::format("{}% simultaneous", stats::number(s.simultaneous_confidence * 100, 4)),
                 "games ended", "balance run"},
                {},
                {false, true, true, true, true}};
    for (const balance::SweepPoint& point : s.points) {
      table.rows.push_back(
          {point.label, value_cell(figure, balance::figure_value(point.summary, figure.key)),
           bounds_cell(figure, balance::figure_value(point.simultaneous, figure.key)),
           stats::count(point.summary.ended), std::to_string(point.balance_run)});
    }
    section.tables.push_back(std::move(table));
    sections.push_back(std::move(section));
  }
  Section method{"method", "How to read this", {}, {}};
  method.paragraphs.push_back(fmt::format(
      "Every point is a balance run of {} games dealt from the same seed {}, so the points differ "
      "only by the swept settings. Each point's interval is its own {}% interval (read alone). "
      "Which points are within chance of a target is a claim about all points at once: it uses "
      "simultaneous {}% intervals (Bonferroni's correction over the {} points of the grid), "
      "which hold together at {}% whatever the correlation between the points.",
      stats::count(s.info.games_per_point), s.info.seed, stats::number(s.confidence * 100),
      stats::number(s.simultaneous_confidence * 100, 4), s.info.points_planned,
      stats::number(s.confidence * 100)));
  sections.push_back(std::move(method));
  return sections;
}

// The chart of one figure: the first axis across, one line per value of
// the other axes.
std::string sweep_chart(const SweepSummary& s, const SweepFigure& figure) {
  LineChart chart;
  chart.title = figure.label;
  chart.y_label = figure.label;
  chart.percent = figure.percent;
  const balance::SweepAxis& across = s.info.axes.front();
  chart.x_label = across.name;
  if (across.ruling) chart.x_names = across.values;
  std::tie(chart.reference, chart.reference_label) = reference(s, figure);
  chart.note = fmt::format("line: estimate; band: {}% confidence interval of each point",
                           stats::number(s.confidence * 100));
  std::map<std::string, std::size_t> series_of;
  for (const balance::SweepPoint& point : s.points) {
    std::vector<std::string> rest;
    for (std::size_t i = 1; i < s.info.axes.size(); ++i) {
      rest.push_back(s.info.axes[i].name + "=" + s.info.axes[i].values[point.at[i]]);
    }
    const std::string label = join(rest, ", ");
    if (!series_of.contains(label)) {
      series_of[label] = chart.series.size();
      chart.series.push_back({label, {}});
    }
    LinePoint line_point;
    line_point.x = across.ruling ? static_cast<double>(point.at[0]) : across.numbers[point.at[0]];
    if (const auto value = balance::figure_value(point.summary, figure.key)) {
      line_point.y = value->estimate;
      line_point.low = value->low;
      line_point.high = value->high;
    }
    chart.series[series_of[label]].points.push_back(line_point);
  }
  return line_chart(chart);
}

}  // namespace

nlohmann::json figures_json(const std::vector<SweepFigure>& figures) {
  nlohmann::json list = nlohmann::json::array();
  for (const SweepFigure& figure : figures) {
    list.push_back({{"key", figure.key}, {"label", figure.label}, {"percent", figure.percent}});
  }
  return list;
}

std::string grid_title(const std::string& game, const std::string& game_title,
                       const std::vector<balance::SweepAxis>& axes, const std::string& what) {
  std::vector<std::string> names;
  for (const balance::SweepAxis& axis : axes) names.push_back(axis.name);
  return fmt::format("{}: {} of {}", game_title.empty() ? game : game_title, what,
                     join(names, " and "));
}

std::string render_sweep_html(const SweepSummary& s) {
  std::string body = html_report_head(sweep_title(s), sweep_facts(s), balance::sweep_findings(s));
  const std::vector<Section> sections = sweep_sections(s);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    // The first sections are the figures', in order: each gets its chart.
    const bool charted = i < s.figures.size() && !s.points.empty();
    body += html_section(sections[i], charted ? sweep_chart(s, s.figures[i]) : "");
  }
  return html_page(sweep_title(s), body);
}

std::string render_sweep_markdown(const SweepSummary& s) {
  return markdown_report(sweep_title(s), sweep_facts(s), balance::sweep_findings(s),
                         sweep_sections(s));
}

nlohmann::json sweep_json(const SweepSummary& s) {
  using nlohmann::json;
  json points = json::array();
  for (const balance::SweepPoint& point : s.points) {
    json figures = json::object();
    for (const SweepFigure& figure : s.figures) {
      const auto alone = balance::figure_value(point.summary, figure.key);
      const auto together = balance::figure_value(point.simultaneous, figure.key);
      json value = alone ? interval_json(*alone) : json(nullptr);
      if (alone && together) value["simultaneous"] = interval_json(*together);
      figures[figure.key] = value;
    }
    points.push_back(
        {{"index", point.index},
         {"label", point.label},
         {"setting", balance::point_setting(s.info.axes, static_cast<std::size_t>(point.index))},
         {"balance_run", point.balance_run},
         {"games", point.summary.games},
         {"ended", point.summary.ended},
         {"figures", figures}});
  }
  json targets = json::array();
  for (const balance::TargetResult& target : s.targets) {
    json within = json::array();
    for (std::size_t i : target.within) within.push_back(s.points[i].label);
    targets.push_back(
        {{"figure", target.figure.key},
         {"value", target.value},
         {"confidence", target.confidence},
         {"within", within},
         {"closest", target.closest ? json(s.points[*target.closest].label) : json(nullptr)},
         {"sentence", target.sentence}});
  }
  return {{"format", "grove-sweep-1"},
          {"sweep", s.info},
          {"confidence", s.confidence},
          {"simultaneous_confidence", s.simultaneous_confidence},
          {"figures", figures_json(s.figures)},
          {"points", points},
          {"targets", targets},
          {"findings", balance::sweep_findings(s)}};
}

std::string render_sweep_json(const SweepSummary& s) { return sweep_json(s).dump(2) + "\n"; }

}  // namespace grove::render
