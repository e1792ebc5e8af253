// grove replay: run scenario files and report pass/fail per scenario.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "checker/replay_checks.hpp"
#include "engine/core/errors.hpp"
#include "engine/games/builtin.hpp"
#include "engine/scenario/junit.hpp"
#include "engine/scenario/replay.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/game_pages.hpp"
#include "tools/grove/interrupt.hpp"

namespace grove::cli {
namespace {

// A game log of at most `limit` lines (0: all of it): its first lines, a
// marker saying how many were left out and how to see them, and the lines
// before the failure, which matter most.
void print_log(const std::vector<std::string>& log, std::size_t limit) {
  constexpr std::size_t kHead = 10;
  if (limit == 0 || log.size() <= limit) {
    for (const auto& line : log) std::cout << "      " << line << "\n";
    return;
  }
  const std::size_t head = std::min(kHead, limit / 2);
  const std::size_t tail = limit - head;
  for (std::size_t i = 0; i < head; ++i) std::cout << "      " << log[i] << "\n";
  std::cout << fmt::format("      ... {} lines left out (--log-lines 0 prints the whole log) ...\n",
                           log.size() - head - tail);
  for (std::size_t i = log.size() - tail; i < log.size(); ++i) {
    std::cout << "      " << log[i] << "\n";
  }
}

void print_result(const ScenarioResult& result, bool show_log, std::size_t log_lines) {
  const std::string title = result.title.empty() ? "" : "  " + result.title;
  switch (result.status) {
    case ScenarioResult::Status::Passed:
      std::cout << fmt::format("PASS  {}{} ({} moves)\n", result.file, title, result.moves);
      break;
    case ScenarioResult::Status::Failed:
      std::cout << fmt::format("FAIL  {}{}\n      line {}: {}\n", result.file, title, result.line,
                               result.message);
      break;
    case ScenarioResult::Status::Error:
      std::cout << fmt::format("ERROR {}{}\n      {}\n", result.file, title, result.message);
      break;
  }
  if (!result.expected.empty()) std::cout << "      expected: " << result.expected << "\n";
  if (!result.actual.empty()) std::cout << "      happened: " << result.actual << "\n";
  if ((show_log || !result.passed()) && !result.log.empty()) {
    std::cout << (result.passed() ? "      game log:\n"
                                  : fmt::format("      game log up to line {}:\n", result.line));
    print_log(result.log, log_lines);
  }
  if (!result.passed() && !result.board.empty()) {
    std::cout << "      the table at that point:\n";
    std::istringstream lines(result.board);
    for (std::string line; std::getline(lines, line);) std::cout << "      " << line << "\n";
  }
}

// The page of a failing scenario in `folder`, named after the file (with
// -2, -3... when two scenarios share a name). A scenario that cannot be
// loaded has no game to draw: its error is all there is.
void write_failure_page(const std::string& file, const std::string& folder,
                        const VariantOverrides& overrides, std::set<std::string>& written) {
  std::optional<Scenario> scenario;
  try {
    scenario.emplace(load_scenario(file, builtin_games(), overrides));
  } catch (const InputError&) {
    return;
  }
  const std::string stem = std::filesystem::path(file).stem().string();
  std::string name = stem;
  for (int n = 2; !written.insert(name).second; ++n) name = stem + "-" + std::to_string(n);
  ScenarioResult result;
  const render::GamePage page =
      scenario_page(*scenario, checker::finding_replay_checks(), 2000, result);
  const std::string path = (std::filesystem::path(folder) / (name + ".html")).string();
  write_output(path, render::game_page_html(page), "--html");
}

// Now, as JUnit's timestamps are written: "2026-11-25T23:17:40" (UTC).
std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  return text;
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

}  // namespace

int replay_command(const Invocation& invocation) {
  CommonOptions common;
  std::vector<std::string> paths;
  std::string junit;
  std::string html;
  po::options_description options("options");
  options.add_options()("path", po::value(&paths)->value_name("FILE|DIR"),
                        "scenario files or folders (default: scenarios)")(
      "junit", po::value(&junit)->value_name("FILE"), "also write JUnit XML for CI systems")(
      "html", po::value(&html)->value_name("DIR"),
      "also write a web page (as grove view does) for every scenario that fails, into DIR")(
      "log", po::bool_switch(), "print the game log of passing scenarios too")(
      "log-lines", po::value<std::int64_t>()->default_value(60)->value_name("N"),
      "print at most N lines of a game log: the first ones and those before the failure "
      "(0: all)");
  add_variant_options(options, common);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("path", -1);
  po::variables_map values;
  if (!parse(invocation, "replay [FILE|DIR...] [--junit FILE] [--html DIR] [--db FILE]",
             "Replays scenarios: plays their moves and chance outcomes, checks every expectation, "
             "and prints PASS or FAIL per scenario (with what was expected, what happened and "
             "the game log up to the failure). Folders are searched for *.yaml, skipping "
             "variants/ folders. --variant/--set/--ruling apply over each scenario's own variant. "
             "Exits with 1 if any scenario fails.",
             options, positional, values)) {
    return kSuccess;
  }
  if (paths.empty()) paths.push_back("scenarios");
  // A path that does not exist is replayed as a file, so that it is an error
  // of its own (in the JUnit XML too) and the other scenarios still run.
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    if (!std::filesystem::exists(path)) {
      files.push_back(path);
      continue;
    }
    for (std::string& file : find_scenario_files({path})) files.push_back(std::move(file));
  }
  if (files.empty()) throw InputError("no scenario files (*.yaml) under " + join(paths, ", "));
  const bool show_log = values["log"].as<bool>();
  const std::size_t log_lines =
      checked_limit(values["log-lines"].as<std::int64_t>(), "--log-lines", "lines");

  if (!junit.empty()) check_output_file(junit, "--junit");
  std::optional<OutputFolder> html_folder;
  if (!html.empty()) html_folder.emplace(html, "--html");
  std::set<std::string> pages;
  Store store = Store::open(common.db);
  const std::int64_t run =
      start_run(store, RunStart{invocation.command_line, "replay", "", "", "", {}});
  const auto started = std::chrono::steady_clock::now();
  const std::string run_started = utc_timestamp();

  std::vector<ScenarioResult> results;
  std::set<std::string> games, variants;
  int failed = 0, errors = 0;
  for (const auto& file : files) {
    if (interrupted()) break;
    ScenarioResult result =
        replay_file(file, builtin_games(), common.variant, checker::finding_replay_checks());
    store.add_scenario_result(run, result);
    print_result(result, show_log, log_lines);
    if (!html.empty() && !result.passed()) {
      // A page that cannot be written is said, and the run goes on: the
      // results and the JUnit file matter more than one page.
      try {
        write_failure_page(file, html, common.variant, pages);
      } catch (const std::exception& error) {
        std::cerr << fmt::format("grove: warning: no page for {}: {}\n", file, error.what());
      }
    }
    failed += result.status == ScenarioResult::Status::Failed ? 1 : 0;
    errors += result.status == ScenarioResult::Status::Error ? 1 : 0;
    if (!result.game.empty()) games.insert(result.game);
    if (!result.variant_hash.empty()) variants.insert(result.variant_hash);
    results.push_back(std::move(result));
  }

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const int passed = static_cast<int>(results.size()) - failed - errors;
  std::string summary = fmt::format("{} scenarios: {} passed, {} failed, {} errors", results.size(),
                                    passed, failed, errors);
  if (games.size() == 1) {
    std::string variant, hash;
    if (variants.size() == 1) {
      hash = *variants.begin();
      for (const auto& result : results) {
        if (result.variant_hash == hash) variant = result.variant;
      }
    }
    store.describe_run(run, *games.begin(), variant, hash);
  }
  if (!junit.empty()) {
    std::ofstream out(junit);
    out << junit_xml(results, JunitRun{run_started, host_name()});
    if (!out) throw InputError({junit, 0, 0}, "--junit", "cannot write the file");
  }
  if (interrupted()) {
    summary = fmt::format("interrupted after {} of {} scenarios; {}", results.size(), files.size(),
                          summary);
    store.finish_run(run, "interrupted", summary);
    std::cout << "\n" << summary << ". Stored as run " << run << " in " << store.path() << ".\n";
    return kInterrupted;
  }
  store.finish_run(run, failed + errors == 0 ? "passed" : "failed", summary);
  std::cout << fmt::format("\n{} ({:.2f} s). Stored as run {} in {}.\n", summary, seconds, run,
                           store.path());
  // One rule for every command: a file that could not be read is bad input
  // (2) and outranks a check that failed (1).
  if (errors > 0) return kBadInput;
  return failed == 0 ? kSuccess : kChecksFailed;
}

}  // namespace grove::cli
