#include "engine/scenario/junit.hpp"

#include <fmt/format.h>

#include <map>

#include "engine/core/errors.hpp"

namespace grove {
namespace {

std::string escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 forbids most control characters even when escaped.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

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
        escape(game), cases.size(), failures, errors, seconds);
    for (const auto* result : cases) {
      xml += fmt::format("    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" time=\"{:.6f}\"",
                         escape(game), escape(result->title.empty() ? result->file : result->title),
                         escape(result->file), result->seconds);
      if (result->passed()) {
        xml += "/>\n";
        continue;
      }
      const char* tag = result->status == ScenarioResult::Status::Error ? "error" : "failure";
      xml += fmt::format(">\n      <{} message=\"{}\">{}</{}>\n    </testcase>\n", tag,
                         escape(result->message), escape(details(*result)), tag);
    }
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

}  // namespace grove
