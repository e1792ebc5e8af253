#pragma once
// Ctrl-C and kill (SIGINT, SIGTERM) ask a long command to stop between units
// of work, so that it can record the run as interrupted; every result it
// committed before stays in the database.

#include <cstdint>

#include "reports/store/store.hpp"

namespace grove::cli {

// From here on a stop sets interrupted() instead of ending the process.
// Alone, for work that records no run (a signature, a rank serving rank 0).
void watch_for_interrupt();
bool interrupted();

// How a command records its run as running: watching first, because a stop
// that comes once the run is visible must end it as interrupted, not kill
// the process and leave the run looking killed.
std::int64_t start_run(Store& store, const RunStart& start);

}  // namespace grove::cli
