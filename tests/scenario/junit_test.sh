#!/usr/bin/env bash
# grove replay --junit against the JUnit (Ant) schema (junit.xsd, checked
# with xmllint): a passing, a failing, an unreadable and a missing scenario
# each become a test case, the totals add up on the root and each suite, and
# a run of only a missing file still writes the XML. The schema itself must
# reject a suite without its hostname, or it would check nothing.
# Usage: junit_test.sh GROVE XSD
set -euo pipefail
grove=$1
xsd=$2
if ! command -v xmllint >/dev/null; then
  echo "skipped: xmllint is not installed (tools/install-deps.sh tests installs libxml2-utils)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL $*"; exit 1; }

printf 'game: pass_the_pandas\nplayers: 2\nsteps: [roll P1 blank=6]\n' >good.yaml
printf 'game: pass_the_pandas\nplayers: 2\nsteps:\n  - roll P1 blank=6\n  - expect: {state: {turn: P1}}\n' >bad.yaml
printf 'game: pass_the_pandas\nplayers: [a, b\n' >broken.yaml

code=0
"$grove" replay good.yaml bad.yaml broken.yaml missing.yaml --junit all.xml --db grove.db >out.txt || code=$?
[ "$code" = 2 ] || fail "exit code $code, expected 2 (a file could not be read)"
xmllint --noout --schema "$xsd" all.xml || fail "all.xml does not validate"
grep -q '<testsuites name="grove replay" tests="4" failures="1" errors="2"' all.xml ||
  fail "the root's totals: $(grep '<testsuites' all.xml)"
[ "$(grep -c '<testcase ' all.xml)" = 4 ] || fail "not one test case per scenario"
grep -q '<error message="missing.yaml: cannot read the file"' all.xml || fail "no error case for the missing file"
grep -q '<failure message="the state is not as expected"' all.xml || fail "no failure case for bad.yaml"

code=0
"$grove" replay missing.yaml --junit missing.xml --db grove.db >out.txt || code=$?
[ "$code" = 2 ] || fail "exit code $code for a missing file, expected 2"
xmllint --noout --schema "$xsd" missing.xml || fail "missing.xml does not validate"
grep -q 'tests="1" failures="0" errors="1"' missing.xml || fail "missing.xml: $(cat missing.xml)"

sed 's/ hostname="[^"]*"//' all.xml >no-hostname.xml
if xmllint --noout --schema "$xsd" no-hostname.xml 2>/dev/null; then
  fail "the schema accepts a suite without a hostname"
fi
echo "ok   grove replay --junit validates against the JUnit (Ant) schema"
