// grove results: what earlier runs found.

#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "reports/store/store.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {
namespace {

nlohmann::json run_json(const RunRecord& run) {
  nlohmann::json record = {{"id", run.id},
                           {"command", run.command},
                           {"kind", run.kind},
                           {"game", run.game},
                           {"variant", run.variant},
                           {"variant_hash", run.variant_hash},
                           {"grove_version", run.grove_version},
                           {"started_at", run.started_at},
                           {"ended_at", run.ended_at},
                           {"status", run.state()},
                           {"summary", run.summary}};
  record["seed"] = run.seed ? nlohmann::json(*run.seed) : nlohmann::json(nullptr);
  return record;
}

void list_runs(const Store& store, int limit, bool as_json) {
  const auto runs = store.runs(limit);
  if (as_json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& run : runs) list.push_back(run_json(run));
    std::cout << list.dump(2) << "\n";
    return;
  }
  if (runs.empty()) {
    std::cout << "no runs in " << store.path() << " yet\n";
    return;
  }
  std::cout << fmt::format("{:>5}  {:<19}  {:<8}  {:<16}  {:<11}  {}\n", "run", "started (UTC)",
                           "kind", "game", "status", "summary");
  for (const auto& run : runs) {
    std::cout << fmt::format("{:>5}  {:<19}  {:<8}  {:<16}  {:<11}  {}\n", run.id,
                             run.started_at.substr(0, 19), run.kind,
                             run.game.empty() ? "-" : run.game, run.state(), run.summary);
  }
}

void show_run(const Store& store, std::int64_t id, bool as_json) {
  const auto run = store.run(id);
  if (!run) throw InputError(fmt::format("no run {} in {}", id, store.path()));
  const auto rows = store.scenario_results(id);
  const auto findings = store.run_findings(id);
  const auto exploration = store.exploration(id);
  if (as_json) {
    nlohmann::json document = run_json(*run);
    if (exploration) {
      document["exploration"] = {{"players", exploration->players},
                                 {"complete", exploration->complete},
                                 {"stopped_by", exploration->stopped_by},
                                 {"states", exploration->states},
                                 {"transitions", exploration->transitions},
                                 {"expanded", exploration->expanded},
                                 {"depth", exploration->depth},
                                 {"seconds", exploration->seconds},
                                 {"states_per_second", exploration->states_per_second},
                                 {"peak_memory", exploration->peak_memory},
                                 {"fingerprint_bytes", exploration->fingerprint_bytes},
                                 {"collision_probability", exploration->collision_probability},
                                 {"report", nlohmann::json::parse(exploration->report)}};
    }
    document["findings"] = nlohmann::json::array();
    for (const auto& finding : findings) {
      document["findings"].push_back({{"id", finding.id},
                                      {"kind", finding.kind},
                                      {"detail", finding.detail},
                                      {"game_index", finding.game_index},
                                      {"moves", finding.moves},
                                      {"file", finding.file},
                                      {"status", finding.status},
                                      {"scenario", finding.scenario}});
    }
    document["scenarios"] = nlohmann::json::array();
    for (const auto& row : rows) {
      document["scenarios"].push_back({{"file", row.file},
                                       {"title", row.title},
                                       {"game", row.game},
                                       {"variant", row.variant},
                                       {"variant_hash", row.variant_hash},
                                       {"status", row.status},
                                       {"line", row.line},
                                       {"message", row.message},
                                       {"expected", row.expected},
                                       {"actual", row.actual},
                                       {"moves", row.moves},
                                       {"seconds", row.seconds}});
    }
    std::cout << document.dump(2) << "\n";
    return;
  }
  std::cout << fmt::format("run {}: {}\n", run->id, run->command);
  std::cout << fmt::format("  status   {}{}\n", run->state(),
                           run->summary.empty() ? "" : " - " + run->summary);
  std::cout << fmt::format("  started  {}\n  ended    {}\n", run->started_at,
                           run->ended_at.empty() ? "(never recorded)" : run->ended_at);
  if (!run->game.empty()) {
    std::cout << fmt::format("  game     {} (variant {}, {})\n", run->game, run->variant,
                             run->variant_hash);
  }
  if (run->seed) std::cout << fmt::format("  seed     {}\n", *run->seed);
  std::cout << fmt::format("  grove    {}\n", run->grove_version);
  if (exploration) {
    std::cout << fmt::format(
        "  explored {} states, {} transitions, depth {}, {} players, {}; {:.2f} s, {:.0f} states "
        "per second, peak memory {:.1f} MB, fingerprints {:.1f} bytes per state, collision chance "
        "at most {:.1e}\n",
        exploration->states, exploration->transitions, exploration->depth, exploration->players,
        exploration->complete ? "complete" : "stopped by " + exploration->stopped_by,
        exploration->seconds, exploration->states_per_second,
        static_cast<double>(exploration->peak_memory) / 1e6,
        static_cast<double>(exploration->fingerprint_bytes) /
            static_cast<double>(std::max<std::int64_t>(exploration->states, 1)),
        exploration->collision_probability);
  }
  for (const auto& row : rows) {
    std::cout << fmt::format("  {:<5} {}  {}\n",
                             row.status == "pass"   ? "PASS"
                             : row.status == "fail" ? "FAIL"
                                                    : "ERROR",
                             row.file, row.title);
    if (row.status == "pass") continue;
    std::cout << fmt::format("        line {}: {}\n", row.line, row.message);
    if (!row.expected.empty()) std::cout << "        expected: " << row.expected << "\n";
    if (!row.actual.empty()) std::cout << "        happened: " << row.actual << "\n";
  }
  for (const auto& finding : findings) {
    const std::string where =
        run->kind == "fuzz" ? fmt::format("game {}, ", finding.game_index) : "";
    std::cout << fmt::format("  FINDING {} ({}, {}{} moves, {}): {}\n          {}\n", finding.id,
                             finding.kind, where, finding.moves, finding.status, finding.detail,
                             finding.file);
  }
}

}  // namespace

int results_command(const Invocation& invocation) {
  CommonOptions common;
  std::vector<std::string> words;
  int limit = 20;
  po::options_description options("options");
  options.add_options()("what", po::value(&words)->value_name("list|show RUN|check"),
                        "what to show")(
      "limit", po::value(&limit)->default_value(limit)->value_name("N"), "runs to list")(
      "json", po::bool_switch(), "print JSON instead of text");
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("what", 2);
  po::variables_map values;
  if (!parse(invocation, "results [list | show RUN | check] [--db FILE] [--json]",
             "Lists the runs recorded in the results database, newest first, or shows one run "
             "with its rows. A run that never recorded its end (killed, crashed) shows as "
             "incomplete. 'check' reads the whole file with SQLite's integrity check (every "
             "open already runs its quick check on files up to 256 MB).",
             options, positional, values)) {
    return kSuccess;
  }
  const bool as_json = values["json"].as<bool>();
  Store::Options access;
  access.reading = true;
  const Store store = Store::open(common.db, access);
  const std::string what = words.empty() ? "list" : words[0];
  if (what == "list") {
    if (words.size() > 1)
      throw InputError("'results list' takes no run number; try 'results show " + words[1] + "'");
    list_runs(store, limit, as_json);
    return kSuccess;
  }
  if (what == "show") {
    if (words.size() < 2)
      throw InputError("'results show' needs a run number (see 'grove results list')");
    std::int64_t id = 0;
    try {
      std::size_t used = 0;
      id = std::stoll(words[1], &used);
      if (used != words[1].size()) throw std::invalid_argument(words[1]);
    } catch (const std::exception&) {
      throw InputError("'" + words[1] + "' is not a run number");
    }
    show_run(store, id, as_json);
    return kSuccess;
  }
  if (what == "check") {
    if (words.size() > 1) throw InputError("'results check' takes no run number");
    if (const auto problem = store.check(true)) {
      throw StoreError(store.path() + ": the database is damaged (SQLite: " + *problem +
                       "); keep a copy and try 'sqlite3 " + store.path() + " .recover'");
    }
    std::cout << store.path() << ": intact (SQLite's integrity check found nothing wrong)\n";
    return kSuccess;
  }
  throw InputError("unknown results action '" + what + "'" +
                   did_you_mean(what, {"list", "show", "check"}) +
                   "; use 'list', 'show RUN' or 'check'");
}

}  // namespace grove::cli
