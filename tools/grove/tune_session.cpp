#include "tools/grove/tune_session.hpp"

#include <fmt/format.h>

#include "engine/core/errors.hpp"
#include "tools/grove/balance_session.hpp"

namespace grove::cli {

balance::Tune load_tune(const Store& store, std::int64_t run) {
  const std::optional<std::string> stored = store.tune(run);
  if (!stored) throw InputError({}, "RUN", fmt::format("run {} is not a tune", run));
  balance::TuneInfo info;
  try {
    info = nlohmann::json::parse(*stored).get<balance::TuneInfo>();
  } catch (const nlohmann::json::exception& error) {
    throw damaged_in_run(store, run, "the tune's description", error.what());
  }
  if (const auto record = store.run(run)) info.status = record->state();
  balance::Tune tune(info);
  for (const TuneTrialRecord& stored_trial : store.tune_trials(run)) {
    // The trial the tune expects next must be the one stored: anything else
    // is a damaged file, not a different tune.
    const std::vector<balance::TuneTrial> pending = tune.pending();
    const auto trial = std::find_if(pending.begin(), pending.end(), [&](const auto& t) {
      return t.stage == stored_trial.stage && t.candidate == stored_trial.candidate;
    });
    if (trial == pending.end()) {
      throw damaged_in_run(store, run, fmt::format("trial {}", stored_trial.trial),
                           fmt::format("stage {} has no candidate {} to play",
                                       stored_trial.stage + 1, stored_trial.candidate));
    }
    tune.add(*trial, load_balance(store, stored_trial.balance_run).games, stored_trial.balance_run);
  }
  return tune;
}

}  // namespace grove::cli
