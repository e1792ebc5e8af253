#!/usr/bin/env bash
# cmake --install into a fresh prefix: the binary runs from there, the
# shipped scenarios replay from another folder (finding their variants next
# to them), the man page is gzipped and reads without a groff warning, and
# the bash completion is where bash-completion looks.
# usage: install_test.sh CMAKE BUILD_DIR
set -euo pipefail
cmake=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null

# No "producer | grep -q": under pipefail, grep leaving early fails the
# producer with SIGPIPE, now and then; here-strings read it all first.
fail() { echo "FAIL: $*"; exit 1; }
for file in bin/grove share/man/man1/grove.1.gz share/bash-completion/completions/grove \
  share/grove/scenarios/pass_the_pandas/variants/basic.yaml \
  share/grove/scenarios/takenoko/faq_mechanic.yaml; do
  [ -f "$prefix/$file" ] || fail "not installed: $file"
done
[ -x "$prefix/bin/grove" ] || fail "bin/grove is not executable"

mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
grep -q '^pass_the_pandas ' <<<"$("$prefix/bin/grove" games)" || fail "the installed grove does not list its games"
# A scenario with a bare 'variant: basic' finds it in the installed data.
grep -q '^variant: basic$' "$prefix/share/grove/scenarios/pass_the_pandas/bamboo_challenge_example_1.yaml" ||
  fail "the scenario chosen to check variant lookup changed"
"$prefix/bin/grove" replay "$prefix/share/grove/scenarios/pass_the_pandas" --db "$tmp/grove.db" >"$tmp/replay.txt" ||
  { cat "$tmp/replay.txt"; fail "the installed scenarios do not replay from another folder"; }
tail -1 "$tmp/replay.txt"

gzip -t "$prefix/share/man/man1/grove.1.gz" || fail "the man page is not gzipped"
grep -q '^\.TH GROVE 1 .*grove [0-9]' <<<"$(zcat "$prefix/share/man/man1/grove.1.gz")" || fail "the man page has no version"
if command -v groff >/dev/null; then
  warnings=$(zcat "$prefix/share/man/man1/grove.1.gz" | groff -man -Tutf8 -ww -z 2>&1)
  [ -z "$warnings" ] || fail "groff warns about the installed man page: $warnings"
fi
if command -v man >/dev/null; then
  grep -q '^NAME' <<<"$(MANWIDTH=80 man -l "$prefix/share/man/man1/grove.1.gz" 2>&1)" || fail "man -l cannot show it"
fi
bash -n "$prefix/share/bash-completion/completions/grove" || fail "the completion is not valid bash"
echo "installed and working under $prefix"
