// Every shipped scenario and variant, broken the ways hand-edited files
// break (a character changed, a line lost, doubled or moved, a number out
// of range, a bracket opened, a file cut short), replayed by grove: whatever
// the input, grove answers with a pass, a failed check or a one-line error
// naming the file, never a crash, an internal error or a hang. The mutants
// are drawn from a fixed seed, so a failure here repeats; GROVE_MUTANTS
// (mutants per file, default 20) and GROVE_MUTANT_SEED try more on demand;
// GROVE_MUTANT_KEEP=DIR writes the mutants there and keeps them, to look
// into a failure.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/games/builtin.hpp"
#include "tests/support/temp_folder.hpp"

namespace grove::testing {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream input(path, std::ios::binary);
  std::ostringstream text;
  text << input.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream input(text);
  for (std::string line; std::getline(input, line);) lines.push_back(line);
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

std::size_t env_or(const char* name, std::size_t fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::stoul(value) : fallback;
}

// One mutation of `text`, chosen by `random`.
std::string mutate(const std::string& text, std::mt19937_64& random) {
  const auto below = [&](std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
  };
  std::vector<std::string> lines = lines_of(text);
  if (lines.empty()) return "{";
  const std::size_t at = below(lines.size());
  static const std::vector<std::string> kNumbers = {"0",  "-1",         "1",    "7",   "99",
                                                    "-0", "4294967296", "3.5",  "1e9", "many",
                                                    "",   "~",          "null", "[]",  "{}"};
  static const std::vector<std::string> kTokens = {
      "[",  "]", "{", "}", ":",  "- ", "&a ", "*a", "!!binary ", "---",
      "? ", "|", ">", "#", "\"", "'",  ",",   "\t", "%YAML 1.2"};
  switch (below(9)) {
    case 0: {  // a character changed
      std::string& line = lines[at];
      if (!line.empty()) line[below(line.size())] = static_cast<char>(' ' + below(95));
      break;
    }
    case 1:  // a line lost
      lines.erase(lines.begin() + static_cast<long>(at));
      break;
    case 2:  // a line written twice
      lines.insert(lines.begin() + static_cast<long>(at), lines[at]);
      break;
    case 3:  // two lines swapped
      std::swap(lines[at], lines[below(lines.size())]);
      break;
    case 4: {  // a number replaced
      std::string& line = lines[at];
      const std::size_t digit = line.find_first_of("0123456789");
      if (digit == std::string::npos) break;
      const std::size_t end = line.find_first_not_of("0123456789", digit);
      line.replace(digit, end == std::string::npos ? std::string::npos : end - digit,
                   kNumbers[below(kNumbers.size())]);
      break;
    }
    case 5: {  // a token put in
      std::string& line = lines[at];
      line.insert(below(line.size() + 1), kTokens[below(kTokens.size())]);
      break;
    }
    case 6: {  // indentation changed
      std::string& line = lines[at];
      if (below(2) == 0 && line.rfind("  ", 0) == 0) {
        line.erase(0, 2);
      } else {
        line.insert(0, "  ");
      }
      break;
    }
    case 7:  // the file cut short
      return text.substr(0, below(text.size()));
    default: {  // a key misspelled
      std::string& line = lines[at];
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos && colon > 0) line.insert(colon, "x");
      break;
    }
  }
  return joined(lines);
}

struct Replay {
  bool exited = false;
  int code = -1;
  std::string text;
};

// Runs grove with `arguments`, under an address limit.
Replay run_grove(const std::string& arguments) {
  // A mutant that makes grove reach for all the memory there is must show
  // as a failure here, not take the machine down: 4 GB of address space is
  // far more than any shipped scenario needs. (AddressSanitizer reserves
  // terabytes of address space for itself, so its build goes unlimited.)
#if defined(__SANITIZE_ADDRESS__)
  const std::string limit;
#else
  const std::string limit = "ulimit -v 4194304; ";
#endif
  const std::string command = limit + std::string(GROVE_BINARY) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  Replay result;
  char buffer[65536];
  for (std::size_t got; (got = fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    result.text.append(buffer, got);
  }
  const int status = pclose(pipe);
  result.exited = WIFEXITED(status);
  result.code = result.exited ? WEXITSTATUS(status) : -1;
  return result;
}

Replay replay(const std::string& folder, const std::string& db) {
  return run_grove("replay " + folder + " --db " + db);
}

TEST(Robustness, MutatedScenariosAndVariantsGetAnAnswerNamingTheFile) {
  const fs::path shipped = fs::path(GROVE_SOURCE_DIR) / "scenarios";
  const std::size_t per_file = env_or("GROVE_MUTANTS", 20);
  std::mt19937_64 random(env_or("GROVE_MUTANT_SEED", 2026));
  TempFolder scratch("mutants");
  const char* keep = std::getenv("GROVE_MUTANT_KEEP");
  const fs::path root = keep != nullptr ? fs::path(keep) : fs::path(scratch.path());
  if (keep != nullptr) fs::remove_all(root);
  fs::create_directories(root);
  const auto write = [&](const fs::path& name, const std::string& text) {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name, std::ios::binary) << text;
  };
  // The shipped tree is copied whole, so that a scenario finds its variant
  // by name; each mutant of a scenario goes next to it, each mutant of a
  // variant into a scenario of its own that plays it.
  fs::copy(shipped, root / "scenarios", fs::copy_options::recursive);
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(shipped)) {
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::size_t mutants = 0;
  for (const fs::path& file : files) {
    const std::string text = read_file(file);
    const fs::path relative = fs::relative(file, shipped);
    const bool variant = relative.string().find("variants/") != std::string::npos;
    const std::string game = relative.begin()->string();
    for (std::size_t i = 0; i < per_file; ++i, ++mutants) {
      const std::string mutant = mutate(text, random);
      const std::string stem = "m" + std::to_string(mutants) + "_" + file.stem().string();
      if (variant) {
        write("scenarios/" + game + "/variants/" + stem + ".yaml", mutant);
        write("scenarios/" + game + "/" + stem + "_plays.yaml",
              "game: " + game + "\nplayers: 2\nvariant: " + stem + "\n");
      } else {
        write(fs::path("scenarios") / relative.parent_path() / (stem + ".yaml"), mutant);
      }
    }
  }
  const Replay result = replay((root / "scenarios").string(), (root / "mutants.db").string());
  std::cout << files.size() << " shipped files, " << mutants << " mutants replayed\n";
  ASSERT_TRUE(result.exited) << "grove replay was killed by a signal";
  EXPECT_TRUE(result.code == 0 || result.code == 1 || result.code == 2)
      << "exit " << result.code << "\n"
      << result.text.substr(result.text.size() > 4000 ? result.text.size() - 4000 : 0);
  EXPECT_EQ(result.text.find("internal error"), std::string::npos)
      << result.text.substr(result.text.find("internal error"), 2000);
  // Every error names the file (a mutant scenario's own, or for a variant
  // played by a stub, the variant's).
  const std::vector<std::string> lines = lines_of(result.text);
  int errors = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i].rfind("ERROR ", 0) != 0) continue;
    ++errors;
    const std::string path = lines[i].substr(6, lines[i].find(' ', 6) - 6);
    std::string named = fs::path(path).filename().string();
    const std::size_t plays = named.find("_plays.yaml");
    if (plays != std::string::npos) named = named.substr(0, plays) + ".yaml";
    EXPECT_NE(lines[i + 1].find(named), std::string::npos) << lines[i] << "\n" << lines[i + 1];
  }
  std::cout << errors << " of them were errors, each naming its file\n";
  EXPECT_GT(errors, 0) << "no mutant was refused: the mutations are not reaching the reader";
}

// Every parameter of every game set out of its range, at its ends and to
// words that are no value, and every ruling to an alternative it does not
// have, on the command line: each is refused in one line naming what was
// set, or played (explore's first state), never a crash.
// GROVE_SETTINGS_EVERY=n tries every n-th of them only (the sanitizer pass:
// each try is a grove process, 36 ms but 375 ms under the sanitizers, and
// the refusals share their code from parameter to parameter).
TEST(Robustness, OutOfRangeSettingsAreRefusedOrPlayed) {
  TempFolder folder("settings");
  const std::size_t every = std::max<std::size_t>(1, env_or("GROVE_SETTINGS_EVERY", 1));
  std::size_t listed = 0;
  int tried = 0;
  const auto check = [&](const std::string& game, const std::string& option,
                         const std::string& name) {
    if (listed++ % every != 0) return;
    const Replay result = run_grove("explore " + game + " " + option + " --max-states 1 --db " +
                                    folder / "grove.db" + " --findings " + folder / "found");
    ++tried;
    ASSERT_TRUE(result.exited) << option << ": killed by a signal";
    EXPECT_TRUE(result.code == 0 || result.code == 1 || result.code == 2)
        << option << ": exit " << result.code << "\n"
        << result.text;
    EXPECT_EQ(result.text.find("internal error"), std::string::npos) << option << "\n"
                                                                     << result.text;
    if (result.code == 2) {
      EXPECT_NE(result.text.find(name), std::string::npos) << option << "\n" << result.text;
      EXPECT_EQ(std::count(result.text.begin(), result.text.end(), '\n'), 1) << result.text;
    }
  };
  for (const std::string& game : builtin_games().names()) {
    const Game& rules = builtin_games().get(game);
    for (const ParamSpec& spec : rules.parameters) {
      std::vector<std::string> values = {"-1", "x", "''", "'{}'", "'[1, 2]'"};
      if (spec.type == ParamType::Integer) {
        for (const std::int64_t value : {spec.min, spec.max, spec.max + 1}) {
          values.push_back(std::to_string(value));
        }
      }
      for (const std::string& value : values) {
        check(game, "--set " + spec.name + "=" + value, spec.name);
      }
    }
    for (const Ruling& ruling : rules.rulings) {
      check(game, "--ruling " + ruling.id + "=nonsense", ruling.id);
    }
  }
  std::cout << tried << " of " << listed << " settings tried\n";
}

}  // namespace
}  // namespace grove::testing
