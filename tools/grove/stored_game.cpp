#include "tools/grove/stored_game.hpp"

#include <fmt/format.h>

#include <iostream>

#include "engine/core/errors.hpp"
#include "engine/core/move_codec.hpp"
#include "engine/core/words.hpp"
#include "engine/games/builtin.hpp"
#include "tools/grove/balance_session.hpp"
#include "tools/grove/game_log.hpp"

namespace grove::cli {
namespace {

// The run's rules, rebuilt from its stored variant settings. A hash other
// than the one stored means this grove reads those settings differently
// (a parameter's default or meaning changed since): said, not refused,
// since the moves will tell whether the game still plays the same.
std::unique_ptr<Rules> run_rules(const balance::RunInfo& info, std::int64_t run) {
  const Game& game = builtin_games().get(info.game);
  Variant variant(game);
  try {
    variant.apply_differences(info.variant_settings);
  } catch (const InputError& error) {
    throw InputError({}, "RUN",
                     fmt::format("run {}'s variant cannot be rebuilt by this grove: '{}': {}", run,
                                 error.key(), error.message()));
  }
  variant.set_name(info.variant);
  if (variant.hash_hex() != info.variant_hash) {
    std::cerr << fmt::format(
        "grove: warning: the rules rebuilt for run {} hash to {}, not {} as when it was played: "
        "this grove's parameters or defaults differ, and the game may not play the same\n",
        run, variant.hash_hex(), info.variant_hash);
  }
  return game.rules(variant, info.players);
}

}  // namespace

StoredGame load_stored_game(const Store& store, std::int64_t run, std::int64_t number) {
  balance::RunInfo info = load_balance_info(store, run);
  info.run_id = run;
  const std::optional<BalanceGameRow> row = store.balance_game(run, number);
  if (!row) {
    const std::int64_t games = store.balance_game_count(run);
    throw InputError({}, "GAME",
                     games == 0
                         ? fmt::format("run {} has no stored game", run)
                         : fmt::format("run {} has no game {}: its games are numbered 0 to {}", run,
                                       number, games - 1));
  }
  balance::GameRecord record = load_game_record(store, run, *row);
  if (!row->move_list) {
    throw InputError(
        {}, "GAME",
        fmt::format("run {} was stored by a grove that did not keep each game's moves, so game {} "
                    "cannot be shown; 'grove play {} --players {} --agents {} --seed {}' with the "
                    "run's variant plays it again",
                    run, number, info.game, info.players, join(record.agents, ","), record.seed));
  }
  std::vector<Move> moves;
  try {
    moves = decode_moves(*row->move_list);
  } catch (const MoveDecodeError& error) {
    throw damaged_in_run(store, run, fmt::format("the move list of game {}", number), error.what());
  }
  if (static_cast<std::int64_t>(moves.size()) != row->moves) {
    throw damaged_in_run(
        store, run, fmt::format("the move list of game {}", number),
        fmt::format("{} moves stored for a game of {} moves", moves.size(), row->moves));
  }
  std::unique_ptr<Rules> rules = run_rules(info, run);
  return {std::move(info), std::move(record), std::move(moves), std::move(rules)};
}

std::string seats_text(const balance::GameRecord& record) {
  std::vector<std::string> seats;
  for (std::size_t seat = 0; seat < record.agents.size(); ++seat) {
    seats.push_back(seat_label(static_cast<Seat>(seat)) + " " + record.agents[seat]);
  }
  return join(seats, ", ");
}

std::string stored_result(const balance::GameRecord& record) {
  if (!record.ended) return fmt::format("cut at the step bound after {} moves", record.moves);
  return fmt::format("{} after {} moves", outcome_text({record.places, record.scores}),
                     record.moves);
}

}  // namespace grove::cli
