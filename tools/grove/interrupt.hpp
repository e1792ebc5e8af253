#pragma once
// Ctrl-C and kill (SIGINT, SIGTERM) ask a long command to stop between units
// of work, so that it can record the run as interrupted; every result it
// committed before stays in the database.

namespace grove::cli {

// Called before a command records its run as running: a stop that comes
// once the run is visible must end it as interrupted, not kill the process
// and leave the run looking killed.
void watch_for_interrupt();
bool interrupted();

}  // namespace grove::cli
