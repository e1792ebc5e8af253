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

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

TEST(Readme, TheReadmesAreFound) {
  const std::vector<std::string> found = readmes();
  for (const char* expected : {"README.md", "scenarios/README.md"}) {
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

// The reader above, on made-up text: a check that finds nothing passes.
TEST(Readme, TheReaderSeesBlocksAndMarkers) {
  const Markdown markdown = parse(
      "# A title\n"
      "```sh\n"
      "# file: not-yaml.txt\n"
      "```\n"
      "  ```yaml\n"
      "  # file: x.yaml\n"
      "  a: 1\n"
      "  ```\n");
  ASSERT_EQ(markdown.blocks.size(), 2u);
  EXPECT_EQ(quoted_file(markdown.blocks[0]), std::nullopt);
  EXPECT_EQ(quoted_file(markdown.blocks[1]), "x.yaml");
  EXPECT_EQ(markdown.blocks[1].lines.back(), "a: 1");
}

}  // namespace
