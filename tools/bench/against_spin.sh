#!/usr/bin/env bash
# grove explore against SPIN on the same unreduced model (issue 24's targets):
# 2-player Pass the Pandas with D dice each, whose reachable graph a Promela
# model reproduces state for state (its header says how). Runs, in a fresh
# random order every round and each on one core:
#   grove       grove explore --full-states: search, coverage, rulings, analyses
#   search      explore_bench's search alone (no coverage, rulings or analyses)
#   spin exact  pan built -DSAFETY -DNOREDUCE (every state stored whole)
#   spin bit    the same with -DBITSTATE (a bit per state; may miss states)
# and prints, per run kind, wall time (min and median), states per second at
# the median, peak resident memory and bytes per state. Timings drift on a
# shared machine: compare kinds only within one invocation, and prefer many
# rounds (the median) over one.
#
#   tools/bench/against_spin.sh [--rounds N] [--dice 6|8] [--model FILE] [--build DIR]
#
# Needs spin and gcc (apt-get install spin) and a Release build of grove with
# benchmarks (the default build/, as tools/run.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds=12
dice=8
model=../shared/anchors/spin/ptp.pml
build=build
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --dice) dice=$2; shift 2 ;;
    --model) model=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "against_spin.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
case "$dice" in
  6|8) ;;
  *) echo "against_spin.sh: --dice must be 6 or 8 (explore_bench times the search at those only), not '$dice'" >&2; exit 2 ;;
esac
case "$rounds" in
  ''|*[!0-9]*|0) echo "against_spin.sh: --rounds must be a positive whole number, not '$rounds'" >&2; exit 2 ;;
esac
for tool in spin gcc taskset; do
  command -v "$tool" >/dev/null || { echo "against_spin.sh: '$tool' is not installed (apt-get install spin gcc util-linux)" >&2; exit 2; }
done
[ -f "$model" ] || { echo "against_spin.sh: no Promela model at '$model' (--model FILE)" >&2; exit 2; }
for binary in "$build/tools/grove" "$build/tools/explore_bench"; do
  [ -x "$binary" ] || { echo "against_spin.sh: '$binary' is not built (tools/run.sh builds $build/ in Release)" >&2; exit 2; }
done
grove=$(realpath "$build/tools/grove")
bench=$(realpath "$build/tools/explore_bench")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$model" "$work/model.pml"
(
  cd "$work"
  spin -DD="$dice" -a model.pml >/dev/null
  gcc -O2 -DSAFETY -DNOREDUCE -o pan_exact pan.c
  gcc -O2 -DSAFETY -DNOREDUCE -DBITSTATE -o pan_bit pan.c
)

# One run of a kind: prints "KIND SECONDS PEAK_KB STATES".
run() {
  local kind=$1 out
  case "$kind" in
    grove)
      rm -f "$work"/grove.db*
      out=$(taskset -c 0 /usr/bin/time -f 'TIME %e %M' "$grove" explore pass_the_pandas \
        --set "dice_per_player={2: $dice}" --full-states --db "$work/grove.db" \
        --findings "$work/findings" 2>&1) || { echo "$out" >&2; return 1; }
      echo "grove $(sed -n 's/^TIME //p' <<<"$out") $(sed -n 's/^Explored \([0-9]*\) states.*/\1/p' <<<"$out")" ;;
    search)
      # explore_bench times the search itself; its process's peak is the search's.
      out=$(taskset -c 0 /usr/bin/time -f 'TIME %e %M' "$bench" \
        --benchmark_filter="PassThePandas/${dice}_dice/jobs:1/coverage:0" 2>&1) || { echo "$out" >&2; return 1; }
      awk '/^PassThePandas/ {ms = $2; for (i = 1; i <= NF; ++i) if ($i ~ /^states=/) s = $i}
           /^TIME/ {kb = $3}
           END {sub("states=", "", s); if (s ~ /k$/) {sub("k", "", s); s *= 1000}
                printf "search %.3f %s %d\n", ms / 1000, kb, s}' <<<"$out" ;;
    exact|bit)
      out=$(cd "$work" && taskset -c 0 /usr/bin/time -f 'TIME %e %M' "./pan_$kind" -m200000 2>&1)
      echo "spin_$kind $(sed -n 's/^TIME //p' <<<"$out") $(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' <<<"$out")" ;;
  esac
}

echo "Pass the Pandas, 2 players, $dice dice each; $rounds rounds, each kind once a round in random order, on core 0" >&2
for ((r = 1; r <= rounds; ++r)); do
  for kind in $(shuf -e grove search exact bit); do run "$kind"; done
  printf '  round %d of %d\n' "$r" "$rounds" >&2
done >"$work/runs"

python3 - "$work/runs" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    kind, seconds, kb, states = line.split()
    runs.setdefault(kind, []).append((float(seconds), int(kb), int(states)))
exact = statistics.median(t for t, _, _ in runs["spin_exact"])
print(f"{'':12} {'min s':>7} {'median s':>9} {'states/s':>10} {'peak MB':>8} {'B/state':>8} {'vs SPIN exact':>14}")
for kind in ("grove", "search", "spin_exact", "spin_bit"):
    times = [t for t, _, _ in runs[kind]]
    median = statistics.median(times)
    states = max(s for _, _, s in runs[kind])
    peak = max(kb for _, kb, _ in runs[kind]) * 1024
    print(f"{kind:12} {min(times):7.2f} {median:9.3f} {states / median:10,.0f} {peak / 2**20:8.1f}"
          f" {peak / states:8.0f} {median / exact:13.2f}x")
counts = {kind: {s for _, _, s in rows} for kind, rows in runs.items()}
if counts["grove"] != counts["spin_exact"]:
    print(f"the graphs differ: grove found {counts['grove']} states, SPIN {counts['spin_exact']}", file=sys.stderr)
    sys.exit(1)
EOF
