#pragma once
// The reports of balance runs and of comparisons between two runs, as a
// self-contained HTML page (inline CSS and SVG charts, printable), as
// Markdown (the same tables and findings, no charts) and as JSON (every
// number, stable keys). Pure functions: they read nothing and write nothing.

#include <nlohmann/json.hpp>
#include <string>

#include "reports/balance/compare.hpp"
#include "reports/balance/game_record.hpp"
#include "reports/balance/summary.hpp"
#include "reports/balance/sweep.hpp"
#include "reports/balance/tune.hpp"

namespace grove::render {

std::string render_html(const balance::Summary& summary, const balance::RunInfo& info);
std::string render_markdown(const balance::Summary& summary, const balance::RunInfo& info);
std::string render_json(const balance::Summary& summary, const balance::RunInfo& info);
// The JSON document itself: {"format", "run", "summary", "findings"}.
nlohmann::json summary_json(const balance::Summary& summary, const balance::RunInfo& info);

std::string render_comparison_html(const balance::Comparison& comparison);
std::string render_comparison_markdown(const balance::Comparison& comparison);
std::string render_comparison_json(const balance::Comparison& comparison);
nlohmann::json comparison_json(const balance::Comparison& comparison);

// A sweep's report: each figure against the swept values.
std::string render_sweep_html(const balance::SweepSummary& sweep);
std::string render_sweep_markdown(const balance::SweepSummary& sweep);
std::string render_sweep_json(const balance::SweepSummary& sweep);
nlohmann::json sweep_json(const balance::SweepSummary& sweep);

// A tune's report: its finalists' verdicts on fresh games, its stages, and
// every candidate its search tried.
std::string render_tune_html(const balance::TuneSummary& tune);
std::string render_tune_markdown(const balance::TuneSummary& tune);
std::string render_tune_json(const balance::TuneSummary& tune);
nlohmann::json tune_json(const balance::TuneSummary& tune);

}  // namespace grove::render
