#pragma once
// Ctrl-C and kill (SIGINT, SIGTERM) ask a long command to stop between units
// of work, so that it can record the run as interrupted; every result it
// committed before stays in the database.

namespace grove::cli {

void watch_for_interrupt();
bool interrupted();

}  // namespace grove::cli
