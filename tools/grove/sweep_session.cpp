#include "tools/grove/sweep_session.hpp"

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "tools/grove/balance_session.hpp"

namespace grove::cli {

balance::SweepSummary load_sweep(const Store& store, std::int64_t run,
                                 const std::vector<std::string>& targets) {
  const std::optional<SweepRecord> stored = store.sweep(run);
  if (!stored) throw InputError({}, "RUN", fmt::format("run {} is not a sweep", run));
  balance::SweepInfo info;
  try {
    info = nlohmann::json::parse(stored->settings).get<balance::SweepInfo>();
  } catch (const nlohmann::json::exception& error) {
    throw damaged_in_run(store, run, "the sweep's description", error.what());
  }
  if (const auto record = store.run(run)) info.status = record->state();
  // The family of the simultaneous intervals is the whole grid, played or
  // not: the points a sweep meant to test.
  const double simultaneous = balance::simultaneous_confidence(
      static_cast<std::size_t>(std::max<std::int64_t>(1, info.points_planned)));
  std::vector<balance::SweepPoint> points;
  for (const SweepPointRecord& point : store.sweep_points(run)) {
    const StoredBalance balance = load_balance(store, point.balance_run);
    points.push_back(
        balance::summarize_point(point.index, info, balance.info, balance.games, simultaneous));
  }
  // Without --target, the targets the sweep was run with.
  return balance::summarize_sweep(info, std::move(points),
                                  targets.empty() ? info.targets : targets);
}

}  // namespace grove::cli
