#include "engine/scenario/junit.hpp"

#include <fmt/format.h>

#include <map>

#include "engine/core/errors.hpp"
#include "engine/core/words.hpp"

namespace grove {
namespace {

std::string details(const ScenarioResult& result) {
  // A load error names its file and line already.
  const bool located = result.message.rfind(result.file + ":", 0) == 0;
  std::string text = located ? result.message + "\n"
                             : fmt::format("{}:{}: {}\n", result.file, result.line, result.message);
  if (!result.expected.empty()) text += "expected: " + result.expected + "\n";
  if (!result.actual.empty()) text += "happened: " + result.actual + "\n";
  if (!result.log.empty()) text += "game log:\n" + join(result.log, "\n") + "\n";
  return text;
}

}  // namespace

std::string junit_xml(const std::vector<ScenarioResult>& results, const JunitRun& run) {
  std::map<std::string, std::vector<const ScenarioResult*>> by_game;
  for (const auto& result : results) {
    by_game[result.game.empty() ? "unknown" : result.game].push_back(&result);
  }
  struct Totals {
    int failures = 0;
    int errors = 0;
    double seconds = 0;
  };
  auto totals_of = [](const std::vector<const ScenarioResult*>& cases) {
    Totals totals;
    for (const auto* result : cases) {
      totals.failures += result->status == ScenarioResult::Status::Failed ? 1 : 0;
      totals.errors += result->status == ScenarioResult::Status::Error ? 1 : 0;
      totals.seconds += result->seconds;
    }
    return totals;
  };
  std::vector<const ScenarioResult*> all;
  for (const auto& result : results) all.push_back(&result);
  const Totals total = totals_of(all);
  std::string xml = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"grove replay\" "
      "tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.6f}\">\n",
      results.size(), total.failures, total.errors, total.seconds);
  int id = 0;
  for (const auto& [game, cases] : by_game) {
    const Totals suite = totals_of(cases);
    xml += fmt::format(
        "  <testsuite name=\"{}\" id=\"{}\" package=\"grove\" timestamp=\"{}\" "
        "hostname=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.6f}\">\n"
        "    <properties/>\n",
        escape_markup(game), id++, escape_markup(run.timestamp), escape_markup(run.hostname),
        cases.size(), suite.failures, suite.errors, suite.seconds);
    for (const auto* result : cases) {
      xml += fmt::format(
          "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6f}\"", escape_markup(game),
          escape_markup(result->title.empty() ? result->file : result->title), result->seconds);
      if (result->passed()) {
        xml += "/>\n";
        continue;
      }
      const char* tag = result->status == ScenarioResult::Status::Error ? "error" : "failure";
      xml += fmt::format(">\n      <{} message=\"{}\" type=\"{}\">{}</{}>\n    </testcase>\n", tag,
                         escape_markup(result->message), tag, escape_markup(details(*result)), tag);
    }
    xml += "    <system-out/>\n    <system-err/>\n  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

}  // namespace grove
