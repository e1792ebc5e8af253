#include "engine/scenario/junit.hpp"

#include <fmt/format.h>

#include <map>

#include "engine/core/errors.hpp"
#include "engine/core/words.hpp"

namespace grove {
namespace {

std::string details(const ScenarioResult& result) {
  std::string text = fmt::format("{}:{}: {}\n", result.file, result.line, result.message);
  if (!result.expected.empty()) text += "expected: " + result.expected + "\n";
  if (!result.actual.empty()) text += "happened: " + result.actual + "\n";
  if (!result.log.empty()) text += "game log:\n" + join(result.log, "\n") + "\n";
  return text;
}

}  // namespace

std::string junit_xml(const std::vector<ScenarioResult>& results) {
  std::map<std::string, std::vector<const ScenarioResult*>> by_game;
  for (const auto& result : results) {
    by_game[result.game.empty() ? "unknown" : result.game].push_back(&result);
  }
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"grove replay\">\n";
  for (const auto& [game, cases] : by_game) {
    int failures = 0, errors = 0;
    double seconds = 0;
    for (const auto* result : cases) {
      failures += result->status == ScenarioResult::Status::Failed ? 1 : 0;
      errors += result->status == ScenarioResult::Status::Error ? 1 : 0;
      seconds += result->seconds;
    }
    xml += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.6f}\">\n",
        escape_markup(game), cases.size(), failures, errors, seconds);
    for (const auto* result : cases) {
      xml += fmt::format("    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" time=\"{:.6f}\"",
                         escape_markup(game),
                         escape_markup(result->title.empty() ? result->file : result->title),
                         escape_markup(result->file), result->seconds);
      if (result->passed()) {
        xml += "/>\n";
        continue;
      }
      const char* tag = result->status == ScenarioResult::Status::Error ? "error" : "failure";
      xml += fmt::format(">\n      <{} message=\"{}\">{}</{}>\n    </testcase>\n", tag,
                         escape_markup(result->message), escape_markup(details(*result)), tag);
    }
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

}  // namespace grove
