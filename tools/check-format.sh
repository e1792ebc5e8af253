#!/usr/bin/env bash
# Checks that every C++ file git tracks (*.cpp, *.hpp) is formatted as
# .clang-format says. Prints the files that are not, with the command that
# formats them, and fails; prints one line and passes when all are.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: clang-format is not installed (tools/install-deps.sh tests installs it)" >&2
  exit 2
fi

mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp')
if [ ${#files[@]} -eq 0 ]; then
  echo "check-format: no C++ files tracked" >&2
  exit 2
fi

# One run over all the files (xargs splits a long list); each place that
# differs is reported as FILE:LINE:COLUMN: error: ...
status=0
report=$(printf '%s\0' "${files[@]}" | xargs -0 clang-format --dry-run -Werror 2>&1) || status=$?
mapfile -t unformatted < <(printf '%s\n' "$report" |
  sed -nE 's/^(.+):[0-9]+:[0-9]+: error: code should be clang-formatted.*$/\1/p' | sort -u)

if [ ${#unformatted[@]} -gt 0 ]; then
  echo "check-format: ${#unformatted[@]} of ${#files[@]} C++ files are not formatted as .clang-format says:"
  printf '  %s\n' "${unformatted[@]}"
  echo "Format them with:"
  printf '  clang-format -i'
  printf ' %s' "${unformatted[@]}"
  printf '\n'
  exit 1
fi
if [ "$status" -ne 0 ]; then
  # clang-format failed for another reason (a bad .clang-format, a file it
  # cannot read): say what it said.
  echo "check-format: clang-format failed:" >&2
  printf '%s\n' "$report" | head -n 20 >&2
  exit 2
fi
echo "check-format: all ${#files[@]} C++ files are formatted ($(clang-format --version | head -n 1))"
