#!/usr/bin/env bash
# The man page against the binary it documents: its COMMANDS section has a
# ".SS NAME" for every command 'grove --help' lists, in the same order, and no
# other; each command's section names every long option 'grove NAME --help'
# shows (but --help, under COMMON OPTIONS) and no option the command lacks.
# groff must read it without a warning.
# usage: man_page_test.sh GROVE MAN_PAGE
set -euo pipefail
grove=$1 page=$2
status=0

commands=$("$grove" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
documented=$(sed -n '/^\.SH COMMANDS/,/^\.SH /s/^\.SS \([a-z][a-z]*\)$/\1/p' "$page")
if [ -z "$commands" ] || [ "$commands" != "$documented" ]; then
  echo "man page: the commands differ from 'grove --help' (< binary, > man page):"
  diff <(echo "$commands") <(echo "$documented") || true
  status=1
fi

for command in $commands; do
  from_help=$("$grove" "$command" --help | sed -n '/^options:/,$p' |
    grep -oE '^  (-[a-zA-Z] \[ )?--[a-z0-9-]+' | grep -oE -- '--[a-z0-9-]+' |
    grep -vx -- '--help' | sort -u)
  section=$(sed -n "/^\\.SS $command\$/,/^\\.S[SH] /p" "$page" | sed '1d;$d' | sed 's/\\-/-/g')
  from_page=$(grep -oE -- '--[a-z0-9-]+' <<<"$section" | sort -u || true)
  if [ "$from_help" != "$from_page" ]; then
    echo "man page: the options of '$command' differ from 'grove $command --help' (< binary, > man page):"
    diff <(echo "$from_help") <(echo "$from_page") || true
    status=1
  fi
done

if command -v groff >/dev/null; then
  warnings=$(sed 's/@PROJECT_VERSION@/0/' "$page" | groff -man -Tutf8 -ww -z 2>&1)
  if [ -n "$warnings" ]; then
    echo "man page: groff warns:"
    echo "$warnings"
    status=1
  fi
else
  echo "groff is not installed: the page's markup is not checked"
fi
[ $status -eq 0 ] && echo "man page: $(wc -w <<<"$commands") commands, each with its options, as the binary has them"
exit $status
