#include "tools/grove/fuzz_games.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "tools/grove/interrupt.hpp"

namespace grove::cli {

void play_fuzz_games(const FuzzJob& job, const std::function<std::int64_t()>& next,
                     const std::function<bool(const GameDone&)>& report) {
  for (std::int64_t index = next(); index < job.games; index = next()) {
    if (interrupted()) return;
    const auto game_index = static_cast<std::uint64_t>(index);
    const checker::GameRun run = checker::fuzz_game(job.game, job.base, job.settings, game_index);
    // Cut short by Ctrl-C or the run's stop: not a game played.
    if (run.stopped) return;
    GameDone done;
    done.index = game_index;
    done.steps = run.steps;
    done.ended = run.ended;
    done.playable = run.playable;
    done.clauses.assign(run.clauses.begin(), run.clauses.end());
    if (run.finding) {
      done.kind = run.finding->failure.property;
      done.detail = run.finding->failure.detail;
      done.moves = static_cast<std::int64_t>(checker::trace_length(*run.finding));
      done.shrinks = run.finding->shrinks;
      done.scenario =
          checker::finding_scenario(job.game, job.base, *run.finding,
                                    fmt::format("grove fuzz {} --seed {}, game {}", job.game.name,
                                                job.settings.seed, game_index));
    }
    if (!report(done)) return;
  }
}

nlohmann::json fuzz_order(const FuzzJob& job) {
  nlohmann::json order = game_order(job.base);
  order.update({{"kind", "fuzz"},
                {"seed", job.settings.seed},
                {"max_steps", job.settings.max_steps},
                {"players", job.settings.players ? nlohmann::json(*job.settings.players) : nullptr},
                {"draw_variant", job.settings.draw_variant},
                {"games", job.games}});
  return order;
}

nlohmann::json play_fuzz_block(const Cluster&, const nlohmann::json& order, BlockOfWork block,
                               const std::function<bool()>& stop) {
  const Variant base = variant_of_order(order);
  const Game& game = base.game();
  checker::FuzzSettings settings;
  settings.seed = order.at("seed").get<std::uint64_t>();
  settings.max_steps = order.at("max_steps").get<std::int64_t>();
  if (!order.at("players").is_null()) settings.players = order.at("players").get<int>();
  settings.draw_variant = order.at("draw_variant").get<bool>();
  settings.stop = stop;
  const FuzzJob job{game, base, std::move(settings), order.at("games").get<std::int64_t>()};
  nlohmann::json played = nlohmann::json::array();
  std::int64_t next = block.first;
  play_fuzz_games(
      job, [&] { return next < block.end ? next++ : job.games; },
      [&](const GameDone& done) {
        played.push_back(done);
        return !done.found();
      });
  return played;
}

}  // namespace grove::cli
