#!/usr/bin/env bash
# The bash completion (tools/completion/grove.bash), sourced into bash and
# asked for a few command lines as <TAB> would: commands, options, games,
# parameters and ruling ids and alternatives, all from the grove binary.
# usage: completion_test.sh GROVE COMPLETION_SCRIPT
set -uo pipefail
grove=$1
# shellcheck source=/dev/null
source "$2"
status=0

# complete LINE: COMPREPLY for the cursor at the end of LINE, sorted, one line.
complete_line() {
  local line="$grove ${1#grove }"
  COMP_LINE=$line
  COMP_POINT=${#line}
  read -r -a COMP_WORDS <<<"$line"
  [[ $line == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _grove 2>/dev/null
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

expect() {
  local got
  got=$(complete_line "$1")
  if [ "$got" != "$2" ]; then
    echo "FAIL: '$1<TAB>': expected '$2', got '$got'"
    status=1
  else
    echo "ok: '$1<TAB>' -> $got"
  fi
}

expect "grove re" "replay report results"
expect "grove ga" "games"
expect "grove balance --pl" "--players"
expect "grove games --" "--help --names"
expect "grove play ta" "takenoko"
expect "grove rules " "bamboo_harvest forest_shuffle pass_the_pandas takenoko"
expect "grove explore pass_the_pandas --ruling " \
  "ptp.bamboozled_partner= ptp.bamboozled_timing= ptp.challenge_basis= ptp.pandamonium_end= ptp.pandamonium_starter= ptp.previous_player="
expect "grove explore pass_the_pandas --ruling ptp.challenge_basis=s" "set_aside"
expect "grove explore pass_the_pandas --ruling=ptp.chal" "ptp.challenge_basis="
expect "grove play pass_the_pandas --set dice_" "dice_per_player="
expect "grove replay --ruling ptp.prev" "ptp.previous_player="
expect "grove play pass_the_pandas --players " ""

# The lists follow the binary: every command and every game it names.
commands=$("$grove" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p' | sort | tr '\n' ' ')
expect "grove " "$(echo --help --version $commands | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')"
expect "grove play " "$("$grove" games --names | sort | tr '\n' ' ' | sed 's/ $//')"
exit $status
