#!/usr/bin/env bash
# grove explore on 2 and 3 MPI ranks (mpirun --oversubscribe) prints,
# stores and writes what one process does, but for the time, the memory
# and the line about the ranks: states, transitions, depth, every check,
# every ruling and order compared, rule coverage, traps and endless play,
# the exact outcome probabilities (stored in full precision in the run's
# report) and the findings with their shortest traces. Each run is in its
# own folder with the same relative paths, so even the findings' command
# lines agree. Then once more on 2 ranks with --gather no, the analyses run
# on the ranks rather than on the graph gathered to rank 0: the same again,
# but for the last digits of the values iterated (the stored report's
# numbers to 1e-12, the residual not compared). Skipped where Open MPI or
# an MPI build is missing.
# Usage: mpi_explore_test.sh GROVE SOURCE_DIR VARIANT[:START]...
#   (paths under SOURCE_DIR/scenarios/)
set -euo pipefail
grove=$1
source_dir=$2
shift 2
# shellcheck source=tests/cluster/mpi_setup.sh
source "$(dirname "$0")/mpi_setup.sh" "$grove"

printed() {  # FOLDER: what a run printed and wrote, less what may differ
  { grep -v -E 'exploring variant|^A first look|^Explored|^Spread over|^The graph|^  accuracy: ' "$1/out.txt"
    cat "$1"/findings/* 2>/dev/null || true; } | sed 's/ --gather no//'
}
explored() {  # FOLDER: that, and what it stored
  printed "$1"
  sqlite3 "$1/grove.db" "SELECT report FROM explorations"
}
same_numbers() {  # FOLDER FOLDER: the stored reports alike, numbers to 1e-12
  python3 - "$1/grove.db" "$2/grove.db" <<'PY'
import json, sqlite3, sys
def report(path):
    return json.loads(sqlite3.connect(path).execute("SELECT report FROM explorations").fetchone()[0])
def alike(a, b, where):
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return all(alike(a[k], b[k], f"{where}.{k}") for k in a if k != "residual")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return all(alike(x, y, f"{where}[{i}]") for i, (x, y) in enumerate(zip(a, b)))
    if isinstance(a, float) or isinstance(b, float):
        if abs(a - b) <= 1e-12 * max(1.0, abs(a)):
            return True
    elif a == b:
        return True
    print(f"{where}: {a} against {b}")
    return False
sys.exit(0 if alike(report(sys.argv[1]), report(sys.argv[2]), "report") else 1)
PY
}

for item in "$@"; do
  variant=${item%%:*}
  game=${variant%%/*}
  start=()
  [ "$item" = "$variant" ] || start=(--start "$source_dir/scenarios/${item#*:}")
  for ranks in 1 2 3 2-on-ranks; do
    rm -rf "explore-$ranks" && mkdir "explore-$ranks"
    launch=()
    gather=()
    [ "$ranks" = 1 ] || launch=(mpirun --oversubscribe -np "${ranks%%-*}")
    [ "$ranks" = 2-on-ranks ] && gather=(--gather no)
    (cd "explore-$ranks" && "${launch[@]}" "$grove" explore "$game" \
      --variant "$source_dir/scenarios/$variant" "${start[@]}" "${gather[@]}" >out.txt 2>err.txt) ||
      fail "$item on $ranks ranks: $(tail -5 "explore-$ranks/err.txt")"
  done
  explored explore-1 >one.txt
  for ranks in 2 3; do
    explored "explore-$ranks" >mpi.txt
    diff one.txt mpi.txt >diff.txt || fail "$item on $ranks ranks: $(head -20 diff.txt)"
    grep -q "^Spread over $ranks ranks" "explore-$ranks/out.txt" ||
      fail "$item: not said to be spread over $ranks ranks"
  done
  printed explore-1 >one.txt
  printed explore-2-on-ranks >mpi.txt
  diff one.txt mpi.txt >diff.txt || fail "$item, analysed on 2 ranks: $(head -20 diff.txt)"
  grep -q "^The graph stayed on the ranks" explore-2-on-ranks/out.txt ||
    fail "$item: --gather no, yet not said to stay on the ranks"
  # The same search, whatever becomes of its graph after it: the same bytes sent.
  sent() { grep -o 'sent between them in the search.*' "$1/out.txt"; }
  [ "$(sent explore-2)" = "$(sent explore-2-on-ranks)" ] ||
    fail "$item: the search's bytes told otherwise gathered ($(sent explore-2)) and not ($(sent explore-2-on-ranks))"
  same_numbers explore-1 explore-2-on-ranks >diff.txt ||
    fail "$item, analysed on 2 ranks, stored: $(head -5 diff.txt)"
  echo "ok $item: $(grep -o '^Explored [0-9]* states' explore-1/out.txt), and all else, the same on 2 and 3 ranks, and analysed on 2"
done
