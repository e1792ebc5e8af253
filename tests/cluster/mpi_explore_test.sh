#!/usr/bin/env bash
# grove explore on 2 and 3 MPI ranks (mpirun --oversubscribe) prints,
# stores and writes what one process does, but for the time, the memory
# and the line about the ranks: states, transitions, depth, every check,
# every ruling and order compared, rule coverage, traps and endless play,
# the exact outcome probabilities (stored in full precision in the run's
# report) and the findings with their shortest traces. Each run is in its
# own folder with the same relative paths, so even the findings' command
# lines agree. Skipped where Open MPI or an MPI build is missing.
# Usage: mpi_explore_test.sh GROVE SOURCE_DIR VARIANT[:START]...
#   (paths under SOURCE_DIR/scenarios/)
set -euo pipefail
grove=$1
source_dir=$2
shift 2
if ! command -v mpirun >/dev/null; then
  echo "skipped: mpirun is not installed (tools/install-deps.sh installs Open MPI)"
  exit 77
fi
if ! grep -q "built with MPI" <<<"$("$grove" --version)"; then
  echo "skipped: this grove was built without MPI"
  exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# A machine where mpirun cannot start two processes at all (a container
# without what Open MPI needs) skips, and says so, rather than fails.
if ! launch_error=$(mpirun --oversubscribe -np 2 true 2>&1); then
  echo "skipped: mpirun cannot start processes here: $(head -3 <<<"$launch_error")"
  exit 77
fi
# See mpi_runs_test.sh: Open MPI's own leaks cannot be suppressed.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL $*"; exit 1; }

explored() {  # FOLDER: what a run printed and stored, less what may differ
  grep -v -E 'exploring variant|^Explored|^Spread over' "$1/out.txt"
  sqlite3 "$1/grove.db" "SELECT report FROM explorations"
  cat "$1"/findings/* 2>/dev/null || true
}

for item in "$@"; do
  variant=${item%%:*}
  game=${variant%%/*}
  start=()
  [ "$item" = "$variant" ] || start=(--start "$source_dir/scenarios/${item#*:}")
  for ranks in 1 2 3; do
    rm -rf "explore-$ranks" && mkdir "explore-$ranks"
    launch=()
    [ "$ranks" = 1 ] || launch=(mpirun --oversubscribe -np "$ranks")
    (cd "explore-$ranks" && "${launch[@]}" "$grove" explore "$game" \
      --variant "$source_dir/scenarios/$variant" "${start[@]}" >out.txt 2>err.txt) ||
      fail "$item on $ranks ranks: $(tail -5 "explore-$ranks/err.txt")"
  done
  explored explore-1 >one.txt
  for ranks in 2 3; do
    explored "explore-$ranks" >mpi.txt
    diff one.txt mpi.txt >diff.txt || fail "$item on $ranks ranks: $(head -20 diff.txt)"
    grep -q "^Spread over $ranks ranks" "explore-$ranks/out.txt" ||
      fail "$item: not said to be spread over $ranks ranks"
  done
  echo "ok $item: $(grep -o '^Explored [0-9]* states' explore-1/out.txt), and all else, the same on 2 and 3 ranks"
done
