// grove compare A B: what changed between two balance runs, or between two
// rule variants played here and now (the same seeds for both, so that the
// dice and cards differ only where the rules make them differ).

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <iostream>

#include "engine/core/errors.hpp"
#include "engine/core/yaml_input.hpp"
#include "engine/games/builtin.hpp"
#include "reports/balance/compare.hpp"
#include "reports/balance/summary.hpp"
#include "reports/render/report.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"

namespace grove::cli {

namespace {

std::optional<std::int64_t> run_number(const std::string& text) {
  std::int64_t run = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), run);
  if (error != std::errc() || end != text.data() + text.size() || run < 1) return std::nullopt;
  return run;
}

// The game a variant file is for: its `game` key.
std::string variant_file_game(const std::string& path) {
  const YAML::Node file = load_yaml_file(path);
  try {
    if (!file.IsMap() || !file["game"]) {
      throw InputError({path, 1, 1}, "game",
                       "to be compared, a variant file must name its game ('game: NAME')");
    }
    return read_string(file["game"], "game");
  } catch (const InputError& error) {
    throw error.in_file(path);
  }
}

}  // namespace

int compare_command(const Invocation& invocation) {
  CommonOptions common;
  BalanceOptions balance;
  std::string first;
  std::string second;
  std::string format = "md";
  std::string output = "-";
  po::options_description options("options");
  options.add_options()("a", po::value(&first)->required()->value_name("A"),
                        "a balance run, or a variant file")(
      "b", po::value(&second)->required()->value_name("B"), "a balance run, or a variant file")(
      "format", po::value(&format)->value_name("FORMAT")->default_value(format),
      "md (Markdown), html or json")("output,o",
                                     po::value(&output)->value_name("FILE")->default_value(output),
                                     "where to write it (- for standard output)");
  add_balance_options(options, balance);
  add_table_options(options, common);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("a", 1).add("b", 1);
  po::variables_map values;
  if (!parse(invocation,
             "compare RUN_A RUN_B | compare VARIANT_A.yaml VARIANT_B.yaml [--agents ...] "
             "[--games N] [--players N] [--seed S] [--jobs N]",
             "What changed between two balance runs of one game and table size: win rate per "
             "seat, the first player's advantage, the agents' win rates, game length and score "
             "spread, each with both values, the test used and its p-value, in plain words. Given "
             "two variant files, both are played first (the same seeds for both) and stored as "
             "runs.",
             options, positional, values)) {
    return kSuccess;
  }
  format = report_format(format);
  const std::optional<std::int64_t> run_a = run_number(first);
  const std::optional<std::int64_t> run_b = run_number(second);
  if (run_a.has_value() != run_b.has_value()) {
    throw InputError({}, run_a ? second : first,
                     "give two run numbers or two variant files, not one of each");
  }
  check_output_file(output, "--output");
  StoredBalance a;
  StoredBalance b;
  if (run_a) {
    Store store = Store::open(common.db, Store::Options{.reading = true});
    a = load_balance(store, *run_a);
    b = load_balance(store, *run_b);
  } else {
    Store store = Store::open(common.db);
    // One seed for both runs, so that the same blocks are dealt from the
    // same streams.
    common.seed = seed_or_random(common.seed);
    std::vector<StoredBalance*> runs = {&a, &b};
    const std::vector<std::string> files = {first, second};
    for (std::size_t i = 0; i < 2; ++i) {
      VariantOverrides overrides;
      overrides.variant_file = files[i];
      const std::string game_name = variant_file_game(files[i]);
      const Game& game = builtin_games().get(game_name);
      const Variant variant = build_variant(game, overrides);
      const balance::BalanceSettings settings = balance_settings(game, variant, common, balance);
      *runs[i] = play_and_store(store, settings, invocation.command_line,
                                fmt::format("{} {}", game.title, variant.name()));
      if (runs[i]->interrupted) {
        std::cerr << "interrupted: nothing compared\n";
        return kInterrupted;
      }
    }
  }
  const balance::Comparison comparison =
      balance::compare(balance::summarize(a.info, a.games), balance::summarize(b.info, b.games));
  if (format == "html") {
    write_output(output, render::render_comparison_html(comparison));
  } else if (format == "md") {
    write_output(output, render::render_comparison_markdown(comparison));
  } else {
    write_output(output, render::render_comparison_json(comparison));
  }
  return kSuccess;
}

}  // namespace grove::cli
