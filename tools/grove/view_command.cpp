// grove view: a scenario, a finding or a stored game as one web page that
// steps through it, the table drawn at every step (tools/grove/game_pages).

#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "checker/replay_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/game_pages.hpp"

namespace grove::cli {
namespace {

// A whole number from the command line, or a clear error naming it.
std::int64_t number_argument(const std::string& text, const char* name) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size() && value >= 0) return value;
  } catch (const std::exception&) {
  }
  throw InputError({}, name, fmt::format("expected a number from 0, not '{}'", text));
}

// What the page holds; on the error stream when the page itself went to
// the standard output.
void say_written(const std::string& file, const render::GamePage& page) {
  std::size_t checks = 0;
  for (const render::PageStep& step : page.steps) checks += step.checks.size();
  (file == "-" ? std::cerr : std::cout)
      << fmt::format("{}\n{} steps{}{}{}\n", page.result, page.steps.size(),
                     page.left_out == 0 ? "" : fmt::format(" ({} moves left out)", page.left_out),
                     checks == 0 ? "" : fmt::format(", {} checks", checks),
                     file == "-" ? "" : fmt::format(". Open {} in a web browser.", file));
}

}  // namespace

int view_command(const Invocation& invocation) {
  CommonOptions common;
  std::vector<std::string> inputs;
  std::string output;
  std::int64_t steps = 2000;
  po::options_description options("options");
  options.add_options()("input", po::value(&inputs)->value_name("FILE | RUN GAME"),
                        "a scenario or finding file, or a balance run and a game number")(
      "output,o", po::value(&output)->value_name("FILE.html"),
      "the page to write (default: the scenario's name, or run-RUN-game-GAME, with .html, "
      "in the current folder)")(
      "steps", po::value(&steps)->default_value(steps)->value_name("N"),
      "keep at most N steps of a long game: the first third and the end, with how many were "
      "left out (0: all)");
  add_variant_options(options, common);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map values;
  if (!parse(invocation, "view SCENARIO.yaml | FINDING.yaml | RUN GAME [-o FILE.html]",
             "Writes one web page that steps through a scenario (or a finding, which is a "
             "scenario), or through game GAME of balance run RUN: the table drawn at every "
             "step, the move and the events it fired, and every check of a scenario with "
             "whether it held. First, previous, next and last step with the buttons, the "
             "arrow keys, Home and End, or the slider; F goes to the failing check. The page "
             "is one self-contained file: it opens from disk, with nothing fetched.",
             options, positional, values)) {
    return kSuccess;
  }

  if (inputs.empty() || inputs.size() > 2) {
    throw InputError({}, "input",
                     "expected a scenario file, or a balance run and a game number "
                     "('grove results list' shows the runs)");
  }
  const std::size_t limit = checked_limit(steps, "--steps", "steps");
  render::GamePage page;
  if (inputs.size() == 1) {
    const Scenario scenario = load_scenario(inputs[0], builtin_games(), common.variant);
    if (output.empty()) output = std::filesystem::path(inputs[0]).stem().string() + ".html";
    check_output_file(output, "--output");
    ScenarioResult result;
    page = scenario_page(scenario, checker::finding_replay_checks(), limit, result);
  } else {
    const std::int64_t run = number_argument(inputs[0], "RUN");
    const std::int64_t number = number_argument(inputs[1], "GAME");
    if (!common.variant.empty()) {
      throw InputError({}, "--variant",
                       "a stored game is played under its run's own rules: no variant options");
    }
    if (output.empty()) output = fmt::format("run-{}-game-{}.html", run, number);
    check_output_file(output, "--output");
    const Store store = Store::open(common.db, Store::Options{.reading = true});
    page = stored_game_page(load_stored_game(store, run, number), run, number, limit);
  }
  write_output(output, render::game_page_html(page), "--output");
  say_written(output, page);
  return kSuccess;
}

}  // namespace grove::cli
