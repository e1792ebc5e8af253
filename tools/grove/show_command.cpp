// grove show RUN GAME: one game of a stored balance run, played again from
// its stored moves under the run's own rules (rebuilt from what the run
// stored of its variant): the log and the table as grove play prints them,
// and with --scenario a scenario that grove replay reproduces to the same
// end.

#include <fmt/format.h>

#include <iostream>

#include "checker/scenario_text.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/move_codec.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/commands.hpp"
#include "tools/grove/game_log.hpp"
#include "tools/grove/stored_game.hpp"

namespace grove::cli {
namespace {

// The game as a scenario: the run's variant and table, every move and
// chance outcome, and the end as stored (a game cut at the step bound has
// none: it was not over).
std::string game_scenario(const Rules& rules, const balance::RunInfo& info,
                          const balance::GameRecord& record, const std::vector<Move>& moves,
                          const std::string& db) {
  std::string text = checker::scenario_header(
      rules, fmt::format("balance run {}, game {}", info.run_id, record.index),
      fmt::format("grove show {} {} --db {}", info.run_id, record.index, db),
      fmt::format("{} ({}), seed {}, agents by seat: {}; {}", info.game_title, info.variant,
                  record.seed, seats_text(record), stored_result(record)));
  text += "steps:\n";
  for (const Move& move : moves) text += checker::move_step(rules, move);
  if (!record.ended) {
    return text + fmt::format("# cut at the step bound after {} moves: not over, so no end\n",
                              record.moves);
  }
  std::vector<std::string> places, scores;
  for (std::size_t seat = 0; seat < record.places.size(); ++seat) {
    const std::string label = seat_label(static_cast<Seat>(seat));
    places.push_back(fmt::format("{}: {}", label, record.places[seat]));
    if (!record.scores.empty()) scores.push_back(fmt::format("{}: {}", label, record.scores[seat]));
  }
  text += "end:\n  places: {" + join(places, ", ") + "}\n";
  if (!scores.empty()) text += "  scores: {" + join(scores, ", ") + "}\n";
  return text;
}

}  // namespace

int show_command(const Invocation& invocation) {
  CommonOptions common;
  std::int64_t run = 0;
  std::int64_t number = 0;
  std::string scenario;
  std::int64_t log_lines = 3000;
  po::options_description options("options");
  options.add_options()("run", po::value(&run)->required()->value_name("RUN"),
                        "a balance run ('grove results list' shows them)")(
      "game", po::value(&number)->required()->value_name("GAME"),
      "the game's number in the run, from 0 (as the report lists them)")(
      "scenario", po::value(&scenario)->value_name("FILE"),
      "also write the game as a scenario that 'grove replay FILE' reproduces");
  add_log_lines_option(options, log_lines);
  add_db_option(options, common);
  po::positional_options_description positional;
  positional.add("run", 1).add("game", 1);
  po::variables_map values;
  if (!parse(invocation, "show RUN GAME [--scenario FILE] [--db FILE]",
             "Shows game GAME of balance run RUN, played again from its stored moves under the "
             "run's rules: who sat where, the seed, the result, every move and chance outcome "
             "with the rules that fired, and the table, as 'grove play' prints a game. Games "
             "are numbered from 0, as in the report and the database (game_index). With "
             "--scenario the game is also written as a scenario (the variant inline, every move "
             "as a step, the places and scores as its end) that 'grove replay' reproduces.",
             options, positional, values)) {
    return kSuccess;
  }
  if (!scenario.empty()) check_output_file(scenario, "--scenario");
  const Store store = Store::open(common.db, Store::Options{.reading = true});
  const StoredGame stored = load_stored_game(store, run, number);
  const balance::RunInfo& info = stored.info;
  const balance::GameRecord& record = stored.record;
  const std::vector<Move>& moves = stored.moves;
  const std::unique_ptr<Rules>& rules = stored.rules;
  std::cout << fmt::format(
      "Run {}, game {}: {}, {} players, variant {}, seed {}\nSeats: {}\nStored result: {}\n", run,
      number, info.game_title, info.players, rules->variant().described(), record.seed,
      seats_text(record), stored_result(record));
  GameLog log(*rules, checked_limit(log_lines, "--log-lines", "lines"));
  for (const Move& move : moves) {
    if (const Verdict verdict = log.play(move); !verdict.is_legal()) {
      log.flush();
      std::cout << fmt::format(
          "\nThe stored game does not play again under this grove's rules: move {} '{}' is "
          "refused ({}).\n",
          log.moves() + 1, rules->move_text(move), verdict.reason());
      return kChecksFailed;
    }
  }
  log.print_board();
  std::optional<Outcome> outcome;
  if (log.over()) {
    outcome = rules->outcome(log.state());
    std::cout << fmt::format("\n{} after {} moves.\n", outcome_text(*outcome), log.moves());
  } else {
    std::cout << fmt::format("\nNot over after {} moves: the run cut it at its step bound.\n",
                             log.moves());
  }
  if (outcome.has_value() != record.ended || (outcome && outcome->place != record.places)) {
    std::cout << "The stored game ended otherwise under the rules it was played with: "
              << stored_result(record) << ".\n";
    return kChecksFailed;
  }
  if (!scenario.empty()) {
    write_output(scenario, game_scenario(*rules, info, record, moves, store.path()), "--scenario");
    std::cout << fmt::format("'grove replay {}' plays it again as a scenario.\n", scenario);
  }
  return kSuccess;
}

}  // namespace grove::cli
