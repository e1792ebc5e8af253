#!/usr/bin/env bash
# Runs spread over the ranks of an MPI run (mpirun --oversubscribe -np 1, 2
# and 3 on this machine) come out as one process's. Balance: a run of each
# game and a sweep whose points stop early on --precision store exactly the
# games one process stores. Fuzz: the same totals and rule coverage, and a
# planted failure (--max-steps 3) gives the same shrunk finding, or
# findings that each replay and fail. Then a
# balance run is taken down twice, by Ctrl-C to mpirun and by a rank killed
# with SIGKILL: every game rank 0 had merged stays, in order from game 0,
# the same as one process's, and the run is marked interrupted. Skipped
# where Open MPI or an MPI build is missing.
# Usage: mpi_runs_test.sh GROVE
# GROVE_MPI_RANKS (default "1 2 3"): the rank counts of the balance runs;
# the sanitizer pass runs 3 alone, which takes every message path.
set -euo pipefail
grove=$1
rank_counts=${GROVE_MPI_RANKS:-1 2 3}
# shellcheck source=tests/cluster/mpi_setup.sh
source "$(dirname "$0")/mpi_setup.sh" "$grove"

# Every stored game of every run, in order, without its playing time.
games() {
  sqlite3 "$1" "SELECT run_id, game_index, seed, agents, ended, winners, moves,
                       json_remove(record, '\$.seconds'), hex(move_list)
                FROM balance_games ORDER BY run_id, game_index"
}
same_games() {  # ONE_PROCESS_DB MPI_DB WHAT
  games "$1" >one.txt
  games "$2" >mpi.txt
  [ -s one.txt ] || fail "$3: no games stored by one process"
  cmp -s one.txt mpi.txt ||
    fail "$3: the stored games differ from one process's ($(wc -l <one.txt) against $(wc -l <mpi.txt) games)"
}

runs=(
  "pass_the_pandas --games 600 --agents greedy,random"
  "bamboo_harvest --games 8 --agents greedy,random"
  "takenoko --games 12 --agents greedy,random"
  "forest_shuffle --games 12 --agents greedy,random --players 3"
)
for run in "${runs[@]}"; do
  name=${run%% *}
  # shellcheck disable=SC2086  # the options split into words
  "$grove" balance $run --seed 11 --jobs 2 --db "one-$name.db" >/dev/null 2>&1 ||
    fail "$name: one process"
  for ranks in $rank_counts; do
    # shellcheck disable=SC2086
    mpirun --oversubscribe -np "$ranks" "$grove" balance $run --seed 11 --db "mpi-$name-$ranks.db" \
      >out.txt 2>err.txt || fail "$name on $ranks ranks: $(tail -5 err.txt)"
    same_games "one-$name.db" "mpi-$name-$ranks.db" "$name on $ranks ranks"
    grep -q "on each of $ranks MPI ranks" err.txt || [ "$ranks" = 1 ] ||
      fail "$name: the run does not say it is spread over $ranks ranks: $(head -1 err.txt)"
  done
  echo "ok $name: the same $(wc -l <one.txt) games on ${rank_counts// /, } ranks as in one process"
done

# A sweep: several runs one after the other, each stopped by --precision
# after the same block whatever the ranks.
sweep="pass_the_pandas --set dice_per_player=3:5 --games 2000 --precision 0.08 --seed 3"
# shellcheck disable=SC2086
"$grove" sweep $sweep --db one-sweep.db >/dev/null 2>&1 || fail "sweep: one process"
# shellcheck disable=SC2086
mpirun --oversubscribe -np 3 "$grove" sweep $sweep --db mpi-sweep.db >out.txt 2>err.txt ||
  fail "sweep on 3 ranks: $(tail -5 err.txt)"
same_games one-sweep.db mpi-sweep.db "sweep on 3 ranks"
[ "$(sqlite3 mpi-sweep.db "SELECT count(*) FROM balance_runs WHERE stopped_by = 'precision reached'")" = 3 ] ||
  fail "sweep: not every point stopped on its precision"
echo "ok sweep: 3 points stopped by precision, the same $(wc -l <one.txt) games"

# Fuzz: the totals and coverage of a passing run (the time left out).
fuzz="pass_the_pandas --games 100 --seed 4 --set dice_per_player=4"
totals() { grep -E '^(rule coverage|[0-9]+ games)' "$1" | sed -E 's/ in [0-9.]+ s \([0-9]+ per second\)//; s/Stored as run.*//'; }
# shellcheck disable=SC2086
"$grove" fuzz $fuzz --jobs 2 --db one-fuzz.db >one-fuzz.txt 2>/dev/null || fail "fuzz: one process"
for ranks in ${rank_counts/1 /}; do
  # shellcheck disable=SC2086
  mpirun --oversubscribe -np "$ranks" "$grove" fuzz $fuzz --db "mpi-fuzz-$ranks.db" \
    >mpi-fuzz.txt 2>err.txt || fail "fuzz on $ranks ranks: $(tail -5 err.txt)"
  grep -q "seed 4, $ranks MPI ranks" mpi-fuzz.txt || fail "fuzz: not said to run on $ranks ranks"
  [ "$(totals one-fuzz.txt)" = "$(totals mpi-fuzz.txt)" ] ||
    fail "fuzz on $ranks ranks: '$(totals mpi-fuzz.txt)', one process: '$(totals one-fuzz.txt)'"
done
echo "ok fuzz: $(totals one-fuzz.txt | tail -1 | cut -d";" -f1) on ${rank_counts/1 /} ranks as in one process"

# A failure every game has (--max-steps 3). Alone (--games 1), game 0's
# shrunk finding is byte for byte one process's, whichever rank played it.
# Among many, the first finding anywhere stops the run, so which games are
# reported depends on timing: each must replay and fail as it says.
planted="pass_the_pandas --seed 6 --max-steps 3"
# shellcheck disable=SC2086
"$grove" fuzz $planted --games 1 --findings one-found --db one-found.db >/dev/null 2>&1 &&
  fail "planted: one process found nothing"
# shellcheck disable=SC2086
mpirun --oversubscribe -np 3 "$grove" fuzz $planted --games 1 --findings mpi-found \
  --db mpi-found.db >out.txt 2>err.txt && fail "planted: 3 ranks found nothing"
cmp -s one-found/*game0.yaml mpi-found/*game0.yaml ||
  fail "planted: game 0's finding differs from one process's: $(head -20 out.txt)"
# shellcheck disable=SC2086
mpirun --oversubscribe -np 3 "$grove" fuzz $planted --games 50 --findings many-found \
  --db many-found.db >out.txt 2>err.txt && fail "planted: 3 ranks found nothing in 50 games"
found=$(find many-found -name '*.yaml' | wc -l)
[ "$found" -ge 1 ] || fail "planted: no finding written in 50 games"
for finding in many-found/*.yaml; do
  code=0
  "$grove" replay "$finding" --db replay.db >replay.txt 2>&1 || code=$?
  [ "$code" = 1 ] || fail "planted: $finding does not fail on replay (exit $code): $(head -5 replay.txt)"
done
echo "ok planted finding: game 0's as one process writes it; $found found among 50 games each replays and fails"

# Taken down part way: by Ctrl-C to mpirun, then by a rank killed outright
# (mpirun then takes every rank down, rank 0 with SIGTERM).
reference=40  # games one process plays: a cut run's first ones are compared with them
"$grove" balance takenoko --games "$reference" --seed 5 --jobs 2 --db one-long.db >/dev/null 2>&1 ||
  fail "takenoko: one process"
rank_pid() {  # the process of rank $1 of the run started in this folder
  for pid in $(pgrep -f "$grove balance takenoko"); do
    if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1"; then
      echo "$pid"
      return
    fi
  done
}
for how in ctrl-c kill-rank; do
  rm -f long.db*
  mpirun --oversubscribe -np 3 "$grove" balance takenoko --games 4000 --seed 5 --db long.db \
    >out.txt 2>err.txt &
  mpirun=$!
  stored=0
  for _ in $(seq 600); do
    sleep 0.1
    stored=$(sqlite3 long.db "SELECT count(*) FROM balance_games" 2>/dev/null || echo 0)
    [ "$stored" -ge 20 ] && break
  done
  [ "$stored" -ge 20 ] || fail "$how: fewer than 20 games stored after a minute"
  if [ "$how" = ctrl-c ]; then
    kill -INT "$mpirun"
  else
    pid=$(rank_pid 2)
    [ -n "$pid" ] || fail "kill-rank: rank 2 not found"
    kill -KILL "$pid"
  fi
  wait "$mpirun" && fail "$how: mpirun said the run succeeded"
  status=$(sqlite3 long.db "SELECT status FROM runs")
  [ "$status" = interrupted ] || fail "$how: the run is marked '$status', not interrupted"
  count=$(sqlite3 long.db "SELECT count(*) FROM balance_games")
  last=$(sqlite3 long.db "SELECT max(game_index) FROM balance_games")
  [ "$last" = $((count - 1)) ] || fail "$how: $count games stored, but not games 0 to $((count - 1))"
  [ "$count" -lt 4000 ] || fail "$how: the run was not cut"
  # The first of them (up to the reference's number) against one process's.
  compared=$((count < reference ? count : reference))
  # (Whole files first: a producer cut off by head fails under pipefail.)
  games long.db >all-mpi.txt
  games one-long.db >all-one.txt
  head -n "$compared" all-mpi.txt >mpi.txt
  head -n "$compared" all-one.txt >one.txt
  cmp -s one.txt mpi.txt || fail "$how: the games kept differ from one process's"
  echo "ok $how: $count games kept, in order and as one process plays them, run marked interrupted"
done
