// The report of a tune: its finalists with their verdicts on fresh games,
// the stages the budget was spent on, and every candidate the search
// tried, as a self-contained HTML page, Markdown (the same tables) and JSON
// (every number). Laid out in the frame of every report (tables.hpp).

#include "reports/balance/tune.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reports/render/report.hpp"
#include "reports/render/svg.hpp"
#include "reports/render/tables.hpp"

namespace grove::render {
namespace {

using balance::SweepFigure;
using balance::TuneCandidate;
using balance::TuneSummary;
using balance::TuneTarget;

std::string tune_title(const TuneSummary& s) {
  return grid_title(s.info.game, s.info.game_title, s.info.axes, "tune");
}

// A parameter's values are a range, often long: its ends and count say it;
// a ruling's alternatives are few and each is a name worth reading.
std::string axis_text(const balance::SweepAxis& axis) {
  if (axis.ruling || axis.values.size() < 3) return axis.name + ": " + join(axis.values, ", ");
  return fmt::format("{}: {}..{} ({} values)", axis.name, axis.values.front(), axis.values.back(),
                     axis.values.size());
}

Facts tune_facts(const TuneSummary& s) {
  const balance::TuneInfo& info = s.info;
  std::vector<std::string> targets;
  for (const TuneTarget& target : info.targets) targets.push_back(target.text);
  const bool sampled = static_cast<std::int64_t>(info.tried.size()) < info.candidates;
  Facts facts = {
      {"tune", fmt::format("run {} ({})", info.run_id, info.status)},
      {"targets", join(targets, ", ")},
      {"budget",
       fmt::format("{} games, {} played", stats::count(info.budget), stats::count(s.games))},
      {"candidates",
       fmt::format("{} of {}{}", stats::count(static_cast<std::int64_t>(info.tried.size())),
                   stats::count(info.candidates), sampled ? ", drawn at random" : "")},
      {"search rounds", info.search_rounds == 0
                            ? std::string("none: every candidate is a finalist")
                            : fmt::format("{}, halving to at most {} finalists", info.search_rounds,
                                          balance::kFinalists)},
      {"players", std::to_string(info.players)},
      {"agents", join(info.agents, ", ")},
      {"seed",
       fmt::format("{} (each stage deals its games from its own seed derived from it)", info.seed)},
  };
  for (const balance::SweepAxis& axis : info.axes) {
    facts.emplace_back(axis.ruling ? "ruling" : "parameter", axis_text(axis));
  }
  if (!info.fixed.empty()) facts.emplace_back("fixed", join(info.fixed, ", "));
  facts.emplace_back("command", info.command);
  return facts;
}

std::string figure_cell(const TuneSummary& s, const TuneTarget& target,
                        const std::optional<balance::Summary>& summary) {
  const SweepFigure* figure = balance::find_figure(s.figures, target.key);
  const auto value = figure && summary ? balance::figure_value(*summary, target.key) : std::nullopt;
  return value ? balance::figure_text(*figure, *value) : "n/a";
}

std::string figure_label(const TuneSummary& s, const TuneTarget& target) {
  const SweepFigure* figure = balance::find_figure(s.figures, target.key);
  return figure ? figure->label : target.key;
}

std::string runs_cell(const TuneCandidate& c) {
  if (c.balance_runs.empty()) return "not stored";
  std::vector<std::string> commands;
  for (std::int64_t run : c.balance_runs) commands.push_back(fmt::format("grove report {}", run));
  return join(commands, ", ");
}

std::string loss_cell(const balance::TuneLoss& loss) {
  return std::isfinite(loss.distance) ? stats::number(loss.distance) : "n/a";
}

Section finalists_section(const TuneSummary& s) {
  Section section{"finalists", "Finalists", {}, {}};
  const std::vector<TuneTarget>& targets = s.info.targets;
  const std::string level = stats::number(s.simultaneous_confidence * 100, 4);
  Table table{{"rank", "variant", "fresh games"}, {}, {true, false, true}};
  for (const TuneTarget& target : targets) {
    table.header.push_back(fmt::format("{} ({}% simultaneous)", figure_label(s, target), level));
    table.header.push_back("vs " + target.text);
    table.numeric.insert(table.numeric.end(), {true, false});
  }
  table.header.insert(table.header.end(), {"overall", "balance runs"});
  table.numeric.insert(table.numeric.end(), {false, false});
  int rank = 0;
  for (const TuneCandidate& c : s.candidates) {
    if (!c.confirmation_simultaneous) continue;
    std::vector<std::string> row = {std::to_string(++rank), c.label,
                                    stats::count(c.confirmation_games)};
    for (std::size_t t = 0; t < targets.size(); ++t) {
      row.push_back(figure_cell(s, targets[t], c.confirmation_simultaneous));
      row.push_back(t < c.verdicts.size() ? balance::verdict_text(c.verdicts[t]) : "n/a");
    }
    row.push_back(c.overall ? balance::verdict_text(*c.overall) : "n/a");
    row.push_back(runs_cell(c));
    table.rows.push_back(std::move(row));
  }
  if (table.rows.empty()) {
    section.paragraphs.push_back(fmt::format(
        "No finalist has played its confirmation games (the tune's status: {}), so nothing here "
        "is confirmed. The search's candidates are below, with figures that flatter the ones it "
        "kept.",
        s.info.status));
    return section;
  }
  section.paragraphs.push_back(fmt::format(
      "Each finalist's figures rest only on its fresh games, dealt from a seed no search round "
      "used, so the search that chose it cannot flatter them. Their intervals are simultaneous "
      "{}% intervals, Bonferroni's correction over {} intervals (finalists × targets), so that "
      "every verdict holds together at {}%. A band is met when the interval lies inside it and "
      "missed when it lies outside; a single value is within chance when the interval holds it.",
      level, s.simultaneous_intervals, stats::number(s.confidence * 100)));
  section.tables.push_back(std::move(table));
  return section;
}

Section stages_section(const TuneSummary& s) {
  Section section{"stages", "Stages", {}, {}};
  section.paragraphs.push_back(
      s.info.search_rounds == 0
          ? fmt::format("With no more candidates than finalists there is no search: the "
                        "confirmation spends about {} games, split evenly among them.",
                        stats::count(s.info.confirmation_budget))
          : fmt::format("Each search round spends about {} games, split evenly among the "
                        "candidates left, then keeps the better half; the confirmation spends "
                        "about {} games, split evenly among the finalists.",
                        stats::count(s.info.round_budget),
                        stats::count(s.info.confirmation_budget)));
  Table table{
      {"stage", "candidates", "games each", "trials played"}, {}, {false, true, true, true}};
  for (const balance::TuneStage& stage : s.stages) {
    table.rows.push_back({stage.confirmation ? "confirmation" : std::to_string(stage.stage + 1),
                          stats::count(stage.candidates), stats::count(stage.games_each),
                          fmt::format("{} of {}", stage.played, stage.candidates)});
  }
  section.tables.push_back(std::move(table));
  return section;
}

Section search_section(const TuneSummary& s) {
  Section section{"search", "Search", {}, {}};
  section.paragraphs.push_back(fmt::format(
      "Every candidate tried, with its figures over its own search games ({}% intervals). Those "
      "games chose the survivors, so the survivors' figures here flatter them: the finalists' "
      "fresh games above say what they are. The loss is how far the estimates are from the "
      "targets, in units of each band's half-width (of one percentage point of a share, or of 1, "
      "for a single value), added over the targets: each round keeps the lower half.",
      stats::number(s.confidence * 100)));
  Table table{{"variant", "rounds", "search games", "loss"}, {}, {false, true, true, true}};
  for (const TuneTarget& target : s.info.targets) {
    table.header.push_back(figure_label(s, target));
    table.numeric.push_back(true);
  }
  table.header.push_back("finalist");
  table.numeric.push_back(false);
  for (const TuneCandidate& c : s.candidates) {
    std::vector<std::string> row = {c.label, std::to_string(c.rounds), stats::count(c.search_games),
                                    c.search ? loss_cell(c.search_loss) : "n/a"};
    for (const TuneTarget& target : s.info.targets) row.push_back(figure_cell(s, target, c.search));
    row.push_back(c.finalist ? "yes" : "no");
    table.rows.push_back(std::move(row));
  }
  section.tables.push_back(std::move(table));
  return section;
}

std::vector<Section> tune_sections(const TuneSummary& s) {
  return {finalists_section(s), stages_section(s), search_section(s)};
}

// For a tune of one axis: the search loss against it, which shows where
// the targets are met and where the search spent its rounds. With more
// axes a line would mix candidates of different settings: no chart then.
std::string loss_chart(const TuneSummary& s) {
  if (s.info.axes.size() != 1 || s.candidates.empty()) return "";
  const balance::SweepAxis& axis = s.info.axes.front();
  LineChart chart;
  chart.title = "Search loss by " + axis.name;
  chart.x_label = axis.name;
  chart.y_label = "loss";
  if (axis.ruling) chart.x_names = axis.values;
  chart.reference = 0;
  chart.reference_label = "on target";
  chart.note = "loss over each candidate's search games (see the table)";
  std::vector<const TuneCandidate*> ordered;
  for (const TuneCandidate& c : s.candidates) ordered.push_back(&c);
  std::sort(ordered.begin(), ordered.end(),
            [](const TuneCandidate* a, const TuneCandidate* b) { return a->index < b->index; });
  Series series;
  for (const TuneCandidate* c : ordered) {
    const auto at = static_cast<std::size_t>(c->index);
    LinePoint point;
    point.x = axis.ruling ? static_cast<double>(at) : axis.numbers[at];
    if (c->search && std::isfinite(c->search_loss.distance)) point.y = c->search_loss.distance;
    series.points.push_back(point);
  }
  chart.series.push_back(std::move(series));
  return line_chart(chart);
}

}  // namespace

std::string render_tune_html(const TuneSummary& s) {
  std::string body = html_report_head(tune_title(s), tune_facts(s), balance::tune_findings(s));
  for (const Section& section : tune_sections(s)) {
    body += html_section(section, section.id == "search" ? loss_chart(s) : "");
  }
  return html_page(tune_title(s), body);
}

std::string render_tune_markdown(const TuneSummary& s) {
  return markdown_report(tune_title(s), tune_facts(s), balance::tune_findings(s), tune_sections(s));
}

nlohmann::json tune_json(const TuneSummary& s) {
  using nlohmann::json;
  const auto interval_or_null = [](const std::optional<balance::Summary>& summary,
                                   const std::string& key) {
    const auto value = summary ? balance::figure_value(*summary, key) : std::nullopt;
    return value ? interval_json(*value) : json(nullptr);
  };
  const auto loss = [](const balance::TuneLoss& l) {
    return json{{"distance", l.distance}, {"from_middle", l.from_middle}};
  };
  json candidates = json::array();
  for (const TuneCandidate& c : s.candidates) {
    json figures = json::object();
    for (const SweepFigure& figure : s.figures) {
      figures[figure.key] = {
          {"search", interval_or_null(c.search, figure.key)},
          {"confirmation", interval_or_null(c.confirmation, figure.key)},
          {"confirmation_simultaneous", interval_or_null(c.confirmation_simultaneous, figure.key)}};
    }
    json verdicts = json::array();
    for (std::size_t t = 0; t < c.verdicts.size() && t < s.info.targets.size(); ++t) {
      verdicts.push_back({{"target", s.info.targets[t].text},
                          {"figure", s.info.targets[t].key},
                          {"verdict", balance::verdict_text(c.verdicts[t])}});
    }
    candidates.push_back(
        {{"index", c.index},
         {"label", c.label},
         {"setting", balance::point_setting(s.info.axes, static_cast<std::size_t>(c.index))},
         {"rounds", c.rounds},
         {"search_games", c.search_games},
         {"search_loss", c.search ? loss(c.search_loss) : json(nullptr)},
         {"finalist", c.finalist},
         {"confirmation_games", c.confirmation_games},
         {"confirmation_loss", c.confirmation ? loss(c.confirmation_loss) : json(nullptr)},
         {"verdicts", verdicts},
         {"overall", c.overall ? json(balance::verdict_text(*c.overall)) : json(nullptr)},
         {"balance_runs", c.balance_runs},
         {"figures", figures}});
  }
  json stages = json::array();
  for (const balance::TuneStage& stage : s.stages) {
    stages.push_back({{"stage", stage.stage},
                      {"confirmation", stage.confirmation},
                      {"candidates", stage.candidates},
                      {"games_each", stage.games_each},
                      {"played", stage.played}});
  }
  return {{"format", "grove-tune-1"},
          {"tune", s.info},
          {"confidence", s.confidence},
          {"simultaneous_confidence", s.simultaneous_confidence},
          {"games", s.games},
          {"finished", s.finished},
          {"figures", figures_json(s.figures)},
          {"stages", stages},
          {"candidates", candidates},
          {"findings", balance::tune_findings(s)}};
}

std::string render_tune_json(const TuneSummary& s) { return tune_json(s).dump(2) + "\n"; }

}  // namespace grove::render
