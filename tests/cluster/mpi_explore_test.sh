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
# shellcheck source=tests/cluster/mpi_setup.sh
source "$(dirname "$0")/mpi_setup.sh" "$grove"

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
