#pragma once
// What every grove subcommand shares: the conventions for --db, --variant,
// --set, --ruling, --players and --seed; parsing with errors that suggest
// the option meant; and the exit codes.

#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/scenario/scenario.hpp"

namespace grove::cli {

namespace po = boost::program_options;

enum ExitCode : int {
  kSuccess = 0,
  kChecksFailed = 1,  // a scenario failed, a check found something
  kBadInput = 2,      // bad command line, bad file, bad database
  kInterrupted = 130,
};

struct Invocation {
  std::string name;               // "replay"
  std::vector<std::string> args;  // after the subcommand
  std::string command_line;       // the whole command as typed, for the run record
};

struct CommonOptions {
  std::string db = "grove.db";
  VariantOverrides variant;
  std::optional<int> players;  // the game's smallest table when not given
  std::optional<std::uint64_t> seed;
};

void add_db_option(po::options_description& options, CommonOptions& common);
// --log-lines N for a command that prints a whole game (grove play, grove
// show): at most N lines, the first third and the end.
void add_log_lines_option(po::options_description& options, std::int64_t& lines);
// A bound on what is printed or kept (--log-lines, --steps): 0 for none; a
// negative number is refused, naming the option.
std::size_t checked_limit(std::int64_t value, const std::string& option, const char* unit);
void add_variant_options(po::options_description& options, CommonOptions& common);
// --players N; `about` says what it is when not given.
void add_players_option(
    po::options_description& options, CommonOptions& common,
    const std::string& about = "number of players (default: the game's smallest table)");
// --players and --seed.
void add_table_options(po::options_description& options, CommonOptions& common);

// --agents LIST, with `list` holding the default.
void add_agents_option(po::options_description& options, std::string& list);
// The --agents list, each agent checked, and no longer than the table
// (InputError naming --agents).
std::vector<std::string> agents_option(const std::string& list, int players);

// The options of a command on one game: GAME, also its first argument,
// heads them; the command adds its own after it.
po::options_description game_options(std::string& game);
// Parses the options of a command on one game (game_options) as parse
// does, GAME being its first argument.
bool parse_game(const Invocation& invocation, const std::string& usage, const std::string& about,
                po::options_description& options);
// Whether a command on one game takes --seed.
enum class Seeded : bool { No, Yes };
// Adds --players and (unless `seeded` is No) --seed, the variant's options
// and --db to the options of a command on one game (game_options), then
// parses as parse_game does.
bool parse_game_command(const Invocation& invocation, const std::string& usage,
                        const std::string& about, po::options_description& options,
                        CommonOptions& common, Seeded seeded = Seeded::Yes);

// Parses the subcommand's arguments. Returns false after printing help when
// --help was given. Throws InputError for unknown options (with the closest
// one) and bad values.
bool parse(const Invocation& invocation, const std::string& usage, const std::string& about,
           po::options_description& options, const po::positional_options_description& positional,
           po::variables_map& values);

// The variant a command plays: the game's defaults, then --variant FILE,
// then every --set and --ruling, in that order.
Variant build_variant(const Game& game, const VariantOverrides& overrides);

std::uint64_t seed_or_random(const std::optional<std::uint64_t>& seed);

// Writes `text` to `file`, or to standard output when `file` is "-";
// InputError (naming `option`) when it cannot.
void write_output(const std::string& file, const std::string& text,
                  const std::string& option = "--output");
// Outputs are checked before the work whose results they take, so that a
// long run does not fail at its end. InputError naming `option` when they
// cannot be written.
// Whether `file` (in a folder that exists; "-" is standard output) can be
// written.
void check_output_file(const std::string& file, const std::string& option);
// A folder results will be written into, made (with any missing folder
// above it) when constructed; the folders it made are removed again when it
// goes if nothing was written into them.
class OutputFolder {
 public:
  OutputFolder(const std::string& folder, const std::string& option);
  ~OutputFolder();
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

 private:
  std::vector<std::filesystem::path> made_;  // innermost first
};
// The report format named by --format (html, md or json), checked.
std::string report_format(const std::string& format);

}  // namespace grove::cli
