// HTML reports: one self-contained page (inline CSS and SVG, no script and
// no external resource of any kind, so it opens offline, archives as one
// file and prints), with the key findings first, then each section's chart
// and its table of exact numbers. Every text from data is escaped.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reports/render/report.hpp"
#include "reports/render/svg.hpp"
#include "reports/render/tables.hpp"

namespace grove::render {

namespace {

constexpr std::size_t kMostUsesCharted = 30;

const char* const kStyle = R"(
  body { font-family: sans-serif; color: #111; background: #fff; margin: 2em auto;
         max-width: 1000px; padding: 0 1em; line-height: 1.4; }
  h1 { font-size: 1.6em; margin-bottom: 0.3em; }
  h2 { font-size: 1.25em; border-bottom: 1px solid #999; padding-bottom: 0.2em; margin-top: 1.6em; }
  dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; }
  dl.facts dt { font-weight: bold; }
  dl.facts dd { margin: 0; }
  ul.findings li { margin-bottom: 0.4em; }
  table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
  th, td { border: 1px solid #999; padding: 0.25em 0.6em; }
  th { background: #eee; text-align: left; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  svg.chart { display: block; max-width: 100%; height: auto; margin: 0.8em 0; }
  p.note { font-size: 0.9em; color: #333; }
  @media print {
    body { margin: 0; max-width: none; color: #000; }
    section { break-inside: avoid; page-break-inside: avoid; }
    svg.chart { break-inside: avoid; }
    th { background: #fff; }
  }
)";

}  // namespace

std::string html_table(const Table& table) {
  std::string out = "<table>\n<thead><tr>";
  for (const std::string& cell : table.header) out += "<th>" + escape(cell) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool numeric = i < table.numeric.size() && table.numeric[i];
      out += numeric ? "<td class=\"num\">" : "<td>";
      out += escape(row[i]) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

std::string html_page(const std::string& title, const std::string& body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
      escape(title), kStyle, body);
}

std::string html_report_head(const std::string& title, const Facts& facts,
                             const std::vector<std::string>& findings) {
  std::string out = "<h1>" + escape(title) + "</h1>\n<dl class=\"facts\">\n";
  for (const auto& [name, value] : facts) {
    out += "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>\n";
  }
  out += "</dl>\n<section id=\"findings\">\n<h2>Key findings</h2>\n<ul class=\"findings\">\n";
  for (const std::string& finding : findings) out += "<li>" + escape(finding) + "</li>\n";
  return out + "</ul>\n</section>\n";
}

std::string html_section(const Section& section, const std::string& charts) {
  std::string out =
      fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", escape(section.id), escape(section.title));
  for (const std::string& paragraph : section.paragraphs) {
    out += "<p class=\"note\">" + escape(paragraph) + "</p>\n";
  }
  out += charts;
  for (const Table& table : section.tables) out += html_table(table);
  return out + "</section>\n";
}

namespace {

std::string interval_note(double confidence) {
  return fmt::format("bars: estimate; lines: {}% confidence interval",
                     stats::number(confidence * 100));
}

std::string use_chart(const std::string& title, const std::vector<balance::UseResult>& uses) {
  std::vector<const balance::UseResult*> sorted;
  for (const balance::UseResult& use : uses) sorted.push_back(&use);
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) {
    return a->per_game.mean > b->per_game.mean;
  });
  BarChart chart;
  chart.title = title;
  if (sorted.size() > kMostUsesCharted) {
    sorted.resize(kMostUsesCharted);
    chart.title += fmt::format(" ({} most used)", kMostUsesCharted);
  }
  chart.axis_label = "uses per game (all seats)";
  for (const auto* use : sorted) {
    chart.bars.push_back(
        {use->name, use->per_game.mean, use->per_game.mean_ci.low, use->per_game.mean_ci.high});
  }
  return horizontal_bar_chart(chart);
}

// A chart of win rates against the fair share, bars to be added.
BarChart win_rate_chart(std::string title, std::string axis_label, const balance::Summary& s) {
  BarChart chart;
  chart.title = std::move(title);
  chart.axis_label = std::move(axis_label);
  chart.percent = true;
  chart.reference = s.fair_share;
  chart.reference_label = "fair share " + stats::percent(s.fair_share);
  chart.note = interval_note(s.confidence);
  return chart;
}

// The charts of a section, by its id.
std::string charts_for(const std::string& id, const balance::Summary& s) {
  if (id == "seats") {
    BarChart chart = win_rate_chart("Win rate by seat", "win rate", s);
    for (const balance::SeatResult& seat : s.seats) {
      chart.bars.push_back({fmt::format("seat {}", seat.seat), seat.win_rate.interval.estimate,
                            seat.win_rate.interval.low, seat.win_rate.interval.high});
    }
    return vertical_bar_chart(chart);
  }
  if (id == "agents") {
    BarChart chart = win_rate_chart("Win rate by agent", "win rate per seat held", s);
    chart.note += " (over blocks of paired games)";
    for (const balance::AgentResult& agent : s.agent_results) {
      chart.bars.push_back(
          {agent.agent, agent.win_rate.estimate, agent.win_rate.low, agent.win_rate.high});
    }
    return vertical_bar_chart(chart);
  }
  if (id == "scores") {
    std::vector<Box> boxes;
    for (const balance::SeatResult& seat : s.seats) {
      const balance::Distribution& d = seat.score;
      boxes.push_back(
          {fmt::format("seat {}", seat.seat), d.min, d.q1, d.median, d.q3, d.max, d.mean});
    }
    std::string out = box_plot("Scores by seat", "score", boxes);
    if (s.winning_margin.n > 0) {
      out += histogram_chart("Winning margin", "winner's score - best other score",
                             s.winning_margin.histogram);
    }
    return out;
  }
  if (id == "length") {
    return histogram_chart("Game length", "moves per game", s.moves.histogram);
  }
  if (id == "leads") {
    return histogram_chart("Lead changes", "lead changes per game", s.lead_changes.histogram);
  }
  if (id == "actions") return use_chart("Action use", s.actions);
  if (id == "items") return use_chart("Item use", s.items);
  return "";
}

}  // namespace

std::string render_html(const balance::Summary& s, const balance::RunInfo& info) {
  std::string body =
      html_report_head(report_title(s), run_facts(s, info), balance::key_findings(s));
  for (const Section& section : summary_sections(s)) {
    body += html_section(section, s.ended > 0 ? charts_for(section.id, s) : "");
  }
  return html_page(report_title(s), body);
}

std::string render_comparison_html(const balance::Comparison& c) {
  std::string body = "<h1>" + escape(comparison_title(c)) + "</h1>\n<dl class=\"facts\">\n";
  body += fmt::format("<dt>A</dt><dd>{} ({} games, {} ended)</dd>\n", escape(c.label_a), c.games_a,
                      c.ended_a);
  body += fmt::format("<dt>B</dt><dd>{} ({} games, {} ended)</dd>\n</dl>\n", escape(c.label_b),
                      c.games_b, c.ended_b);
  body += "<section id=\"findings\">\n<h2>Findings</h2>\n<ul class=\"findings\">\n";
  for (const std::string& finding : balance::comparison_findings(c)) {
    body += "<li>" + escape(finding) + "</li>\n";
  }
  body += "</ul>\n</section>\n<section id=\"table\">\n<h2>Table</h2>\n";
  body += html_table(comparison_table(c)) + "</section>\n";
  if (!c.notes.empty()) {
    body += "<section id=\"notes\">\n<h2>Notes</h2>\n<ul>\n";
    for (const std::string& note : c.notes) body += "<li>" + escape(note) + "</li>\n";
    body += "</ul>\n</section>\n";
  }
  return html_page(comparison_title(c), body);
}

}  // namespace grove::render
