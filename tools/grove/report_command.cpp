// grove report RUN: a stored balance run's, sweep's or tune's report as a
// self-contained HTML page (inline SVG charts), Markdown or JSON.

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "reports/balance/summary.hpp"
#include "reports/render/report.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/sweep_session.hpp"
#include "tools/grove/tune_session.hpp"

namespace grove::cli {

int report_command(const Invocation& invocation) {
  CommonOptions common;
  std::int64_t run = 0;
  std::string format = "html";
  std::string output;
  std::vector<std::string> targets;
  po::options_description options("options");
  options.add_options()("run", po::value(&run)->required()->value_name("RUN"),
                        "a balance run, a sweep or a tune ('grove results list' shows them)")(
      "format", po::value(&format)->value_name("FORMAT")->default_value(format),
      "html (a self-contained page with charts), md (Markdown) or json")(
      "output,o", po::value(&output)->value_name("FILE"),
      "where to write it, - for standard output (default: balance-RUN.html for html, standard "
      "output otherwise)")(
      "target", po::value(&targets)->value_name("NAME=VALUE")->composing(),
      "a sweep's points closest to a value of a figure, as grove sweep --target (repeatable)");
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("run", 1);
  po::variables_map values;
  if (!parse(invocation, "report RUN [--format html|md|json] [--output FILE] [--target NAME=VALUE]",
             "The report of a stored balance run: seat and first-player win rates with 95% "
             "confidence intervals, draws and shared victories, scores and margins, game length, "
             "how often each action and card is used and how that relates to winning, lead "
             "changes, and the game's own figures. Of a sweep: every figure against the swept "
             "values, one chart each with its confidence band, and the points within chance of "
             "each --target. Of a tune: its finalists with their verdicts on fresh games, its "
             "stages, and every candidate's figures over its search games.",
             options, positional, values)) {
    return kSuccess;
  }
  format = report_format(format);
  if (!output.empty()) check_output_file(output, "--output");
  Store store = Store::open(common.db, Store::Options{.reading = true});
  const bool sweep = store.sweep(run).has_value();
  const bool tune = !sweep && store.tune(run).has_value();
  if (output.empty()) {
    output = format == "html" ? fmt::format("{}-{}.html",
                                            sweep  ? "sweep"
                                            : tune ? "tune"
                                                   : "balance",
                                            run)
                              : "-";
    check_output_file(output, "--output");
  }
  if (sweep) {
    const balance::SweepSummary summary = load_sweep(store, run, targets);
    write_output(output, format == "html" ? render::render_sweep_html(summary)
                         : format == "md" ? render::render_sweep_markdown(summary)
                                          : render::render_sweep_json(summary));
    return kSuccess;
  }
  if (!targets.empty()) throw InputError({}, "--target", "only a sweep's report has targets");
  if (tune) {
    const balance::TuneSummary summary = load_tune(store, run).summary();
    write_output(output, format == "html" ? render::render_tune_html(summary)
                         : format == "md" ? render::render_tune_markdown(summary)
                                          : render::render_tune_json(summary));
    return kSuccess;
  }
  const StoredBalance stored = load_balance(store, run);
  const balance::Summary summary = balance::summarize(stored.info, stored.games);
  if (format == "html") {
    write_output(output, render::render_html(summary, stored.info));
  } else if (format == "md") {
    write_output(output, render::render_markdown(summary, stored.info));
  } else {
    write_output(output, render::render_json(summary, stored.info));
  }
  return kSuccess;
}

}  // namespace grove::cli
