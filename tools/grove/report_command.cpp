// grove report RUN: a stored balance run's report as a self-contained HTML
// page (inline SVG charts), Markdown or JSON.

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "reports/balance/summary.hpp"
#include "reports/render/report.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {

int report_command(const Invocation& invocation) {
  CommonOptions common;
  std::int64_t run = 0;
  std::string format = "html";
  std::string output;
  po::options_description options("options");
  options.add_options()("run", po::value(&run)->required()->value_name("RUN"),
                        "a balance run ('grove results list' shows them)")(
      "format", po::value(&format)->value_name("FORMAT")->default_value(format),
      "html (a self-contained page with charts), md (Markdown) or json")(
      "output,o", po::value(&output)->value_name("FILE"),
      "where to write it, - for standard output (default: balance-RUN.html for html, standard "
      "output otherwise)");
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("run", 1);
  po::variables_map values;
  if (!parse(invocation, "report RUN [--format html|md|json] [--output FILE]",
             "The report of a stored balance run: seat and first-player win rates with 95% "
             "confidence intervals, draws and shared victories, scores and margins, game length, "
             "how often each action and card is used and how that relates to winning, lead "
             "changes, and the game's own figures.",
             options, positional, values)) {
    return kSuccess;
  }
  format = report_format(format);
  if (output.empty()) output = format == "html" ? fmt::format("balance-{}.html", run) : "-";
  check_output_file(output, "--output");
  Store store = Store::open(common.db, Store::Options{.reading = true});
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
