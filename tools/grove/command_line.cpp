#include "tools/grove/command_line.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <system_error>

#include "engine/agents/agents.hpp"
#include "engine/core/errors.hpp"

namespace grove::cli {

void add_db_option(po::options_description& options, CommonOptions& common) {
  options.add_options()("db", po::value(&common.db)->default_value(common.db)->value_name("FILE"),
                        "results database (SQLite)");
}

void add_log_lines_option(po::options_description& options, std::int64_t& lines) {
  options.add_options()("log-lines", po::value(&lines)->default_value(lines)->value_name("N"),
                        "print at most N lines of the game: the first third and the end, with "
                        "how many were left out (0: all)");
}

std::size_t checked_limit(std::int64_t value, const std::string& option, const char* unit) {
  if (value < 0)
    throw InputError({}, option, fmt::format("expected a number of {} (0: all)", unit));
  return static_cast<std::size_t>(value);
}

void add_variant_options(po::options_description& options, CommonOptions& common) {
  options.add_options()("variant", po::value(&common.variant.variant_file)->value_name("FILE"),
                        "variant file (parameters and rulings) applied over the defaults")(
      "set", po::value(&common.variant.parameters)->value_name("NAME=VALUE")->composing(),
      "set a parameter (repeatable; applied after --variant)")(
      "ruling", po::value(&common.variant.rulings)->value_name("ID=ALTERNATIVE")->composing(),
      "choose a ruling's alternative (repeatable; applied after --variant)");
}

void add_players_option(po::options_description& options, CommonOptions& common,
                        const std::string& about) {
  options.add_options()("players",
                        po::value<int>()->value_name("N")->notifier(
                            [&common](int players) { common.players = players; }),
                        about.c_str());
}

namespace {

void add_seed_option(po::options_description& options, CommonOptions& common) {
  options.add_options()(
      "seed",
      po::value<std::string>()->value_name("S")->notifier([&common](const std::string& text) {
        // Read by hand: the stream parser would turn "-1" into 2^64-1.
        std::uint64_t seed = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
        if (error != std::errc{} || end != text.data() + text.size()) {
          throw InputError(
              {}, "--seed",
              "expected a whole number from 0 to 18446744073709551615, got '" + text + "'");
        }
        common.seed = seed;
      }),
      "random seed (default: a fresh one, printed so the run can be repeated)");
}

}  // namespace

void add_table_options(po::options_description& options, CommonOptions& common) {
  add_players_option(options, common);
  add_seed_option(options, common);
}

void add_agents_option(po::options_description& options, std::string& list) {
  options.add_options()(
      "agents", po::value(&list)->value_name("LIST")->default_value(list),
      "the agents by seat, comma-separated, repeated to fill the table: random, greedy, mcts "
      "or mcts:ITERATIONS[:PLAYOUT_MOVES] (mcts searches as many iterations and playout moves as "
      "the game suggests, 200 iterations and 400 in Takenoko; mcts:ms=50 thinks 50 ms a decision "
      "instead, which a faster machine plays "
      "differently)");
}

std::vector<std::string> agents_option(const std::string& list, int players) {
  std::vector<std::string> agents;
  try {
    agents = parse_agent_list(list);
  } catch (const InputError& error) {
    throw InputError({}, "--agents", error.what());
  }
  if (static_cast<int>(agents.size()) > players) {
    throw InputError({}, "--agents", fmt::format("{} agents for {} seats", agents.size(), players));
  }
  return agents;
}

bool parse(const Invocation& invocation, const std::string& usage, const std::string& about,
           po::options_description& options, const po::positional_options_description& positional,
           po::variables_map& values) {
  options.add_options()("help,h", "show this help");
  try {
    po::store(
        po::command_line_parser(invocation.args)
            .options(options)
            .positional(positional)
            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
            .run(),
        values);
    if (values.count("help")) {
      std::cout << "usage: grove " << usage << "\n\n" << about << "\n\n" << options << "\n";
      return false;
    }
    po::notify(values);
  } catch (const po::unknown_option& error) {
    std::vector<std::string> known;
    for (const auto& option : options.options()) known.push_back("--" + option->long_name());
    throw InputError({}, "",
                     std::string(error.what()) + did_you_mean(error.get_option_name(), known) +
                         "; see 'grove " + invocation.name + " --help'");
  } catch (const po::too_many_positional_options_error&) {
    throw InputError({}, "", "too many arguments; usage: grove " + usage);
  } catch (const po::error& error) {
    throw InputError({}, "",
                     std::string(error.what()) + "; see 'grove " + invocation.name + " --help'");
  }
  return true;
}

po::options_description game_options(std::string& game) {
  po::options_description options("options");
  options.add_options()("game", po::value(&game)->required()->value_name("GAME"), "the game");
  return options;
}

bool parse_game(const Invocation& invocation, const std::string& usage, const std::string& about,
                po::options_description& options) {
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map values;
  return parse(invocation, usage, about, options, positional, values);
}

bool parse_game_command(const Invocation& invocation, const std::string& usage,
                        const std::string& about, po::options_description& options,
                        CommonOptions& common, Seeded seeded) {
  add_players_option(options, common);
  if (seeded == Seeded::Yes) add_seed_option(options, common);
  add_variant_options(options, common);
  add_db_option(options, common);
  return parse_game(invocation, usage, about, options);
}

Variant build_variant(const Game& game, const VariantOverrides& overrides) {
  Variant variant(game);
  if (!overrides.variant_file.empty()) apply_variant_file(variant, overrides.variant_file);
  for (const auto& setting : overrides.parameters) variant.set_parameter_text(setting);
  for (const auto& setting : overrides.rulings) variant.set_ruling_text(setting);
  return variant;
}

std::uint64_t seed_or_random(const std::optional<std::uint64_t>& seed) {
  if (seed) return *seed;
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

void write_output(const std::string& file, const std::string& text, const std::string& option) {
  if (file == "-") {
    std::cout << text;
    return;
  }
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw InputError({}, option, "cannot write " + file);
  std::cerr << "wrote " << file << "\n";
}

namespace {

// Why `path` cannot take what grove writes there: a file (in a folder that
// exists) or a folder (made with every missing folder above it). Asks the
// file system without throwing: a name longer than the system allows is an
// answer too.
std::optional<std::string> write_problem(const std::filesystem::path& path, bool folder) {
  namespace fs = std::filesystem;
  const auto status_of = [](const fs::path& at,
                            fs::file_status& status) -> std::optional<std::string> {
    std::error_code error;
    status = fs::status(at, error);
    if (error && error != std::errc::no_such_file_or_directory) return error.message();
    return std::nullopt;
  };
  fs::file_status status;
  if (auto problem = status_of(path, status)) return problem;
  if (fs::exists(status)) {
    if (folder != fs::is_directory(status)) {
      return folder ? "it is a file, not a folder" : "it is a folder, not a file";
    }
    if (access(path.c_str(), W_OK) != 0) return "it is not writable";
    return std::nullopt;
  }
  // A new file goes into its folder; a new folder into the nearest one above
  // that exists.
  fs::path above = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  for (;;) {
    if (auto problem = status_of(above, status)) return problem;
    if (fs::exists(status)) break;
    if (!folder) return "there is no folder " + above.string();
    above = above.parent_path().empty() ? fs::path(".") : above.parent_path();
  }
  if (!fs::is_directory(status)) return above.string() + " is a file, not a folder";
  if (access(above.c_str(), W_OK) != 0) return "the folder " + above.string() + " is not writable";
  return std::nullopt;
}

}  // namespace

OutputFolder::OutputFolder(const std::string& folder, const std::string& option) {
  namespace fs = std::filesystem;
  if (const auto problem = write_problem(folder, true)) {
    throw InputError({}, option, "cannot write into " + folder + ": " + *problem);
  }
  // Made now, so that what the checks above cannot know (a file system that
  // refuses new folders, /proc) shows too.
  std::error_code error;
  for (fs::path at = folder; !at.empty() && !fs::exists(at, error); at = at.parent_path()) {
    made_.push_back(at);
  }
  fs::create_directories(folder, error);
  if (error)
    throw InputError({}, option, "cannot make the folder " + folder + ": " + error.message());
}

OutputFolder::~OutputFolder() {
  // Only folders it made and nothing was written into: remove() takes
  // empty folders only.
  std::error_code error;
  for (const std::filesystem::path& folder : made_) std::filesystem::remove(folder, error);
}

void check_output_file(const std::string& file, const std::string& option) {
  if (file == "-") return;
  if (const auto problem = write_problem(file, false)) {
    throw InputError({}, option, "cannot write " + file + ": " + *problem);
  }
}

// The format named by --format, checked.
std::string report_format(const std::string& format) {
  if (format == "html" || format == "md" || format == "json") return format;
  throw InputError({}, "--format",
                   "expected html, md or json, got '" + format + "'" +
                       did_you_mean(format, {"html", "md", "json"}));
}

}  // namespace grove::cli
