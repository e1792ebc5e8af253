#include "engine/core/yaml_input.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

namespace grove {
namespace {

SourceLocation location_of_mark(const YAML::Mark& mark) {
  SourceLocation where;
  if (mark.line >= 0) where.line = mark.line + 1;
  if (mark.column >= 0) where.column = mark.column + 1;
  return where;
}

std::string describe_kind(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Scalar:
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Undefined:
      break;
  }
  return "nothing";
}

}  // namespace

namespace {

// yaml-cpp keeps every pair of a map, and a lookup finds the first: a key
// written twice would silently lose its second value (a second `steps:`
// block that never runs). `depth` bounds the walk where aliases nest a node
// in itself.
void reject_repeated_keys(const YAML::Node& node, const std::string& label, int depth = 0) {
  constexpr int kDeepest = 10000;
  if (depth > kDeepest) return;
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) reject_repeated_keys(item, label, depth + 1);
    return;
  }
  if (!node.IsMap()) return;
  std::vector<std::pair<std::string, YAML::Mark>> seen;
  for (const auto& entry : node) {
    if (entry.first.IsScalar()) {
      const std::string key = entry.first.Scalar();
      for (const auto& [earlier, mark] : seen) {
        if (earlier != key) continue;
        SourceLocation where = location_of_mark(entry.first.Mark());
        where.file = label;
        throw InputError(where, key,
                         "the key appears twice in this map (first on line " +
                             std::to_string(mark.line + 1) + "): write it once");
      }
      seen.emplace_back(key, entry.first.Mark());
    }
    reject_repeated_keys(entry.second, label, depth + 1);
  }
}

// Where a second document begins, if the text has one. Only a marker line
// ("---" or "...") can begin one, so other texts are not parsed again; and
// the parser is asked for two documents at most (yaml-cpp's LoadAll never
// stops on some malformed texts, such as one starting with a comma).
std::optional<YAML::Mark> second_document(const std::string& text) {
  const auto marker_at = [&](std::size_t at) {
    for (const std::string_view marker : {"---", "..."}) {
      if (text.compare(at, 3, marker) == 0 &&
          (at + 3 == text.size() || std::isspace(static_cast<unsigned char>(text[at + 3])))) {
        return true;
      }
    }
    return false;
  };
  bool marked = false;
  for (std::size_t at = 0; !marked && at < text.size();) {
    marked = marker_at(at);
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  if (!marked) return std::nullopt;
  // Notes where each document starts and nothing else.
  struct Starts final : YAML::EventHandler {
    std::optional<YAML::Mark> start;
    void OnDocumentStart(const YAML::Mark& mark) override { start = mark; }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                         YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                    YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
  };
  std::istringstream input(text);
  YAML::Parser parser(input);
  Starts first;
  Starts next;
  if (!parser.HandleNextDocument(first) || !parser.HandleNextDocument(next)) return std::nullopt;
  return next.start;
}

}  // namespace

YAML::Node load_yaml_text(const std::string& text, const std::string& label) {
  YAML::Node document;
  std::optional<YAML::Mark> second;
  try {
    document = YAML::Load(text);
    second = second_document(text);
  } catch (const YAML::DeepRecursion& error) {
    // yaml-cpp's own message for this is "bad file".
    SourceLocation where = location_of_mark(error.mark);
    where.file = label;
    throw InputError(where, "",
                     "malformed YAML: nested " + std::to_string(error.depth()) +
                         " levels deep, deeper than grove reads");
  } catch (const YAML::ParserException& error) {
    SourceLocation where = location_of_mark(error.mark);
    where.file = label;
    throw InputError(where, "", "malformed YAML: " + error.msg);
  }
  if (second) {
    // Everything after the first document would be ignored.
    SourceLocation where = location_of_mark(*second);
    where.file = label;
    throw InputError(where, "",
                     "a second YAML document (after '---') would be ignored: grove reads one "
                     "document per file");
  }
  reject_repeated_keys(document, label);
  return document;
}

YAML::Node load_yaml_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError({path, 0, 0}, "", "is a folder; expected a YAML file");
  }
  std::ifstream input(path, std::ios::binary);
  if (!input) throw InputError({path, 0, 0}, "", "cannot read the file");
  std::ostringstream text;
  text << input.rdbuf();
  return load_yaml_text(text.str(), path);
}

SourceLocation location_of(const YAML::Node& node) {
  if (!node.IsDefined()) return {};
  return location_of_mark(node.Mark());
}

void fail_at(const YAML::Node& node, const std::string& key, const std::string& message) {
  throw InputError(location_of(node), key, message);
}

void expect_map(const YAML::Node& node, const std::string& key, const std::string& what) {
  if (!node.IsMap())
    fail_at(node, key, "expected " + what + " (a map), got " + describe_kind(node));
}

void expect_sequence(const YAML::Node& node, const std::string& key, const std::string& what) {
  if (!node.IsSequence()) {
    fail_at(node, key, "expected " + what + " (a list), got " + describe_kind(node));
  }
}

void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed) {
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    bool known = false;
    for (const auto& name : allowed) known = known || name == key;
    if (!known) {
      throw InputError(
          location_of(entry.first), key,
          "unknown key" + did_you_mean(key, allowed) + "; expected one of: " + join(allowed, ", "));
    }
  }
}

std::int64_t read_integer(const YAML::Node& node, const std::string& key, std::int64_t min,
                          std::int64_t max) {
  std::int64_t value = 0;
  if (!node.IsScalar() || !YAML::convert<std::int64_t>::decode(node, value)) {
    fail_at(node, key, "expected a whole number, got " + describe_kind(node));
  }
  if (value < min || value > max) {
    fail_at(node, key,
            "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max) +
                ", got " + std::to_string(value));
  }
  return value;
}

bool read_bool(const YAML::Node& node, const std::string& key) {
  bool value = false;
  if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value)) {
    fail_at(node, key, "expected true or false, got " + describe_kind(node));
  }
  return value;
}

std::string read_string(const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar()) fail_at(node, key, "expected a text value, got " + describe_kind(node));
  return node.Scalar();
}

Seat read_seat(const YAML::Node& node, const std::string& key, int players) {
  std::string text = read_string(node, key);
  auto seat = parse_seat_label(text);
  if (!seat || *seat >= players) {
    fail_at(node, key,
            "expected a seat from P1 to P" + std::to_string(players) + ", got '" + text + "'");
  }
  return *seat;
}

std::string yaml_inline(const YAML::Node& node) {
  YAML::Emitter out;
  out << YAML::Flow << node;
  return out.c_str();
}

}  // namespace grove
