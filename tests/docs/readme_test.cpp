// The READMEs are checked like code, so that the documentation cannot drift
// from the files it describes. "The READMEs" are README.md at the root and
// every README.md below the project's folders (build trees, recognised by
// their CMakeCache.txt, and hidden folders are skipped).
//
// - Quoted files. A ```yaml block whose first line is a marker comment
//       # file: scenarios/pass_the_pandas/readme_example.yaml
//   (the path from the repository's root, one space after the colon) quotes
//   that file: the block's lines after the marker, up to the closing fence,
//   must be the file's whole text, byte for byte. The marker is written in
//   the README only, never in the file. A marked file that does not exist is
//   a failure. Yaml blocks without a marker (position sketches, fragments)
//   are not checked. The root README's old example,
//   scenarios/pass_the_pandas/readme_example.yaml, must stay quoted somewhere
//   (it is replayed with the other scenarios, so the documented format is
//   what grove accepts).
// - Links. Every relative Markdown link outside code, [text](target),
//   ![alt](target) or a reference definition [label]: target, must name a
//   file or folder inside the repository, resolved from the README's folder
//   (a leading / from the repository's root, as GitHub does); a #anchor must
//   be the id GitHub gives a heading of the Markdown file it points at.
//   Links with a scheme (https:, mailto:) are not followed.
// - Size. README.md stays under 8,500 bytes: the manuals live next to what
//   they describe, and the root README only introduces and points at them.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(GROVE_SOURCE_DIR).lexically_normal();

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The READMEs, as paths from the root, sorted.
std::vector<std::string> readmes() {
  std::vector<std::string> found;
  if (fs::exists(kRoot / "README.md")) found.push_back("README.md");
  for (const fs::directory_entry& top : fs::directory_iterator(kRoot)) {
    const std::string name = top.path().filename().string();
    if (!top.is_directory() || name.starts_with(".") || fs::exists(top.path() / "CMakeCache.txt")) {
      continue;
    }
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(top.path())) {
      if (entry.is_regular_file() && entry.path().filename() == "README.md") {
        found.push_back(entry.path().lexically_relative(kRoot).generic_string());
      }
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

// A fenced code block: its info string (```yaml -> "yaml"), the line of its
// opening fence (from 1) and its lines, without the fence's indentation.
struct Block {
  std::string info;
  int line = 0;
  std::vector<std::string> lines;
};

// Markdown split into fenced code blocks and the lines outside them (with
// their line numbers).
struct Markdown {
  std::vector<Block> blocks;
  std::vector<std::pair<int, std::string>> prose;
};

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

Markdown parse(const std::string& text) {
  Markdown markdown;
  std::optional<Block> open;
  std::size_t indent = 0;
  std::string fence;
  int number = 0;
  for (const std::string& line : lines_of(text)) {
    ++number;
    const std::string bare = trimmed(line);
    if (!open) {
      if (bare.starts_with("```") || bare.starts_with("~~~")) {
        indent = line.find_first_not_of(' ');
        const std::size_t length = bare.find_first_not_of(bare[0]);
        fence = bare.substr(0, length);
        open = Block{length == std::string::npos ? "" : trimmed(bare.substr(length)), number, {}};
      } else {
        markdown.prose.emplace_back(number, line);
      }
      continue;
    }
    if (bare.starts_with(fence) && bare.find_first_not_of(fence[0]) == std::string::npos) {
      markdown.blocks.push_back(*open);
      open.reset();
      continue;
    }
    const std::size_t spaces = line.find_first_not_of(' ');
    open->lines.push_back(line.substr(std::min(indent, std::min(spaces, line.size()))));
  }
  if (open) markdown.blocks.push_back(*open);  // unclosed: runs to the end
  return markdown;
}

// The file a yaml block quotes, if its first line is a marker.
std::optional<std::string> quoted_file(const Block& block) {
  static const std::regex marker(R"(# file: (\S+))");
  std::smatch match;
  if (block.info != "yaml" || block.lines.empty() ||
      !std::regex_match(block.lines.front(), match, marker)) {
    return std::nullopt;
  }
  return match[1].str();
}

// A line with its inline code spans blanked out, so that `[a](b)` in code is
// no link.
std::string without_code_spans(const std::string& line) {
  std::string out;
  std::size_t at = 0;
  while (at < line.size()) {
    if (line[at] != '`') {
      out += line[at++];
      continue;
    }
    std::size_t run = line.find_first_not_of('`', at);
    if (run == std::string::npos) run = line.size();
    const std::string ticks = line.substr(at, run - at);
    const std::size_t close = line.find(ticks, run);
    if (close == std::string::npos) {  // no closing run: the ticks are text
      out += ticks;
      at = run;
      continue;
    }
    out += "code";
    at = close + ticks.size();
  }
  return out;
}

struct Link {
  int line = 0;
  std::string target;
};

std::vector<Link> links_of(const Markdown& markdown) {
  static const std::regex inline_link(R"(!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(\s+"[^"]*")?\s*\))");
  static const std::regex definition(R"(^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?.*$)");
  std::vector<Link> links;
  for (const auto& [number, raw] : markdown.prose) {
    const std::string line = without_code_spans(raw);
    std::smatch match;
    if (std::regex_match(line, match, definition)) {
      links.push_back({number, match[1].str()});
      continue;
    }
    for (auto it = std::sregex_iterator(line.begin(), line.end(), inline_link);
         it != std::sregex_iterator(); ++it) {
      links.push_back({number, (*it)[1].str()});
    }
  }
  return links;
}

bool has_scheme(const std::string& target) {
  static const std::regex scheme(R"(^[A-Za-z][A-Za-z0-9+.-]*:.*)");
  return std::regex_match(target, scheme);
}

// The ids GitHub gives the headings of a Markdown text: lower case, spaces
// to hyphens, punctuation other than - and _ dropped, repeats numbered -1, -2.
std::set<std::string> heading_ids(const std::string& text) {
  static const std::regex heading(R"(^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$)");
  std::set<std::string> ids;
  std::map<std::string, int> seen;
  for (const auto& [number, line] : parse(text).prose) {
    std::smatch match;
    if (!std::regex_match(line, match, heading)) continue;
    std::string id;
    for (const char c : match[1].str()) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte >= 0x80 || std::isalnum(byte) != 0 || c == '-' || c == '_') {
        id += static_cast<char>(std::tolower(byte));
      } else if (c == ' ') {
        id += '-';
      }
    }
    const int repeats = seen[id]++;
    ids.insert(repeats == 0 ? id : id + "-" + std::to_string(repeats));
  }
  return ids;
}

// Why a link from the README at `readme` (a path from the root) does not
// resolve, or nothing when it does.
std::optional<std::string> broken(const std::string& readme, const std::string& target) {
  const std::size_t hash = target.find('#');
  std::string path = target.substr(0, hash);
  const std::string anchor = hash == std::string::npos ? "" : target.substr(hash + 1);
  if (const std::size_t query = path.find('?'); query != std::string::npos) path.resize(query);
  const fs::path base = path.starts_with("/") ? kRoot : (kRoot / readme).parent_path();
  const fs::path resolved =
      path.empty() ? kRoot / readme : (base / fs::path(path).relative_path()).lexically_normal();
  const fs::path inside = resolved.lexically_relative(kRoot);
  if (inside.empty() || inside.native().starts_with("..")) {
    return "leads out of the repository";
  }
  if (!fs::exists(resolved)) return "names " + inside.generic_string() + ", which does not exist";
  if (anchor.empty()) return std::nullopt;
  if (resolved.extension() != ".md" || !fs::is_regular_file(resolved)) {
    return "has an anchor into " + inside.generic_string() + ", which is no Markdown file";
  }
  if (heading_ids(read(resolved)).count(anchor) == 0) {
    return "names the heading #" + anchor + ", which " + inside.generic_string() + " does not have";
  }
  return std::nullopt;
}

TEST(Readme, TheReadmesAreFound) {
  const std::vector<std::string> found = readmes();
  for (const char* expected : {"README.md", "scenarios/README.md", "tools/README.md",
                               "checker/README.md", "reports/README.md", "engine/README.md",
                               "tests/README.md", "engine/games/pass_the_pandas/README.md"}) {
    EXPECT_NE(std::find(found.begin(), found.end(), expected), found.end()) << expected;
  }
}

TEST(Readme, QuotedFilesAreTheFilesThemselves) {
  std::set<std::string> quoted;
  for (const std::string& readme : readmes()) {
    for (const Block& block : parse(read(kRoot / readme)).blocks) {
      const std::optional<std::string> file = quoted_file(block);
      if (!file) continue;
      const std::string where = readme + ":" + std::to_string(block.line);
      quoted.insert(*file);
      if (!fs::is_regular_file(kRoot / *file)) {
        ADD_FAILURE() << where << " quotes " << *file << ", which does not exist";
        continue;
      }
      std::string shown;
      for (std::size_t i = 1; i < block.lines.size(); ++i) shown += block.lines[i] + "\n";
      const std::string text = read(kRoot / *file);
      if (shown == text) continue;
      const std::vector<std::string> want = lines_of(text);
      const std::vector<std::string> have = lines_of(shown);
      std::size_t line = 0;
      while (line < want.size() && line < have.size() && want[line] == have[line]) ++line;
      ADD_FAILURE() << where << " differs from " << *file << " at the file's line " << line + 1
                    << ":\n  file:   " << (line < want.size() ? want[line] : "(end of file)")
                    << "\n  README: " << (line < have.size() ? have[line] : "(end of block)");
    }
  }
  EXPECT_TRUE(quoted.count("scenarios/pass_the_pandas/readme_example.yaml") != 0)
      << "no README quotes the scenario example any more";
}

TEST(Readme, RelativeLinksLeadToFiles) {
  int followed = 0;
  for (const std::string& readme : readmes()) {
    for (const Link& link : links_of(parse(read(kRoot / readme)))) {
      if (has_scheme(link.target)) continue;
      ++followed;
      if (const std::optional<std::string> problem = broken(readme, link.target)) {
        ADD_FAILURE() << readme << ":" << link.line << ": the link " << link.target << " "
                      << *problem;
      }
    }
  }
  EXPECT_GT(followed, 0) << "no relative link found: is the link reader broken?";
}

TEST(Readme, TheRootReadmeStaysShort) {
  const auto size = fs::file_size(kRoot / "README.md");
  EXPECT_LT(size, 8500u) << "README.md has " << size
                         << " bytes: move details into the manual of the folder they describe";
}

// The readers above, on made-up text: a check that finds nothing passes.
TEST(Readme, TheReadersSeeLinksBlocksAndHeadings) {
  const Markdown markdown = parse(
      "# A `grove` title: here\n"
      "See [the tools](tools/README.md#a-grove-title-here) and `[no](link.md)`.\n"
      "```sh\n"
      "[no](link.md)\n"
      "```\n"
      "  ```yaml\n"
      "  # file: x.yaml\n"
      "  a: 1\n"
      "  ```\n"
      "[ref]: <engine/README.md>\n");
  ASSERT_EQ(markdown.blocks.size(), 2u);
  EXPECT_EQ(quoted_file(markdown.blocks[0]), std::nullopt);
  EXPECT_EQ(quoted_file(markdown.blocks[1]), "x.yaml");
  EXPECT_EQ(markdown.blocks[1].lines.back(), "a: 1");
  const std::vector<Link> links = links_of(markdown);
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0].target, "tools/README.md#a-grove-title-here");
  EXPECT_EQ(links[1].target, "engine/README.md");
  EXPECT_EQ(heading_ids("# A `grove` title: here\n## Two\n## Two\n"),
            (std::set<std::string>{"a-grove-title-here", "two", "two-1"}));
  EXPECT_TRUE(broken("README.md", "nowhere/README.md").has_value());
  EXPECT_TRUE(broken("README.md", "../README.md").has_value());
  EXPECT_EQ(broken("README.md", "tests/docs/readme_test.cpp"), std::nullopt);
}

}  // namespace
