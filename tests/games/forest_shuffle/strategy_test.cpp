// The game's heuristic, determinization, move uses and metrics.
