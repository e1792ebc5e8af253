#pragma once
// The pages grove view and grove replay --html write: a scenario replayed
// with every check it makes, or a stored game played again, drawn step by
// step (reports/render/game_page.hpp).

#include <cstddef>
#include <cstdint>

#include "engine/scenario/replay.hpp"
#include "reports/render/game_page.hpp"
#include "tools/grove/stored_game.hpp"

namespace grove::cli {

// Replays `scenario` (its result goes to `result`) and draws it; at most
// `steps` steps are kept (0: all).
render::GamePage scenario_page(const Scenario& scenario, const ReplayChecks& checks,
                               std::size_t steps, ScenarioResult& result);

// Plays game `number` of run `run` again from its stored moves.
render::GamePage stored_game_page(const StoredGame& game, std::int64_t run, std::int64_t number,
                                  std::size_t steps);

}  // namespace grove::cli
