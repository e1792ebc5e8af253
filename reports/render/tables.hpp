#pragma once
// The content the HTML and Markdown reports share (internal to the
// renderers): the run's facts and the report's sections as plain-text
// tables and paragraphs. Each renderer escapes the text for its own format;
// the HTML one adds charts to sections by their id.

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "reports/balance/compare.hpp"
#include "reports/balance/summary.hpp"
#include "reports/balance/sweep.hpp"
#include "reports/balance/sweep_grid.hpp"

namespace grove::render {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> numeric;  // per column: right-aligned
};

struct Section {
  std::string id;  // "seats", "agents", "scores", "length", "leads", "actions", "items",
                   // "metrics", "method"
  std::string title;
  std::vector<std::string> paragraphs;  // before the tables
  std::vector<Table> tables;
};

// (name, value) lines describing a run: game, variant, players, agents,
// games, seed, how it stopped, ...
using Facts = std::vector<std::pair<std::string, std::string>>;
Facts run_facts(const balance::Summary& summary, const balance::RunInfo& info);
std::vector<Section> summary_sections(const balance::Summary& summary);
std::string report_title(const balance::Summary& summary);

// The frames of each format, shared by every report: a table in HTML or
// Markdown, the self-contained page around an HTML report's body, an
// interval in JSON (NaN as null).
std::string html_table(const Table& table);
std::string html_page(const std::string& title, const std::string& body);
// A report's top in HTML (its title, facts and key findings), and one of
// its sections with whatever charts the renderer puts before the tables;
// every report (a run's, a sweep's) is laid out so.
std::string html_report_head(const std::string& title, const Facts& facts,
                             const std::vector<std::string>& findings);
std::string html_section(const Section& section, const std::string& charts);
std::string markdown_table(const Table& table);
// A whole report in Markdown, laid out as html_report_head and html_section.
std::string markdown_report(const std::string& title, const Facts& facts,
                            const std::vector<std::string>& findings,
                            const std::vector<Section>& sections);
std::string markdown_cell(const std::string& text);  // text from data, made safe
nlohmann::json interval_json(const stats::Interval& value);

// The figures a report over a grid charts or tests, in JSON: key, label,
// whether a share.
nlohmann::json figures_json(const std::vector<balance::SweepFigure>& figures);
// The title of a report over a grid of settings: "Pass the Pandas: sweep
// of dice_per_player and ptp.challenge_basis" (`what`: sweep, tune).
std::string grid_title(const std::string& game, const std::string& game_title,
                       const std::vector<balance::SweepAxis>& axes, const std::string& what);

Table comparison_table(const balance::Comparison& comparison);
std::string comparison_title(const balance::Comparison& comparison);

}  // namespace grove::render
