#!/usr/bin/env bash
# The whole test suite: install what grove needs, check that the C++ files
# are formatted (tools/check-format.sh, a second), build with tests, run them,
# then build again with AddressSanitizer + UndefinedBehaviorSanitizer and run
# them again, all but the strength ladder (label "ladder": thousands of
# searched games, which the sanitizers would slow many times over), the
# explorer's signatures (label "signature": two million states), the
# browser test (label "browser": Chromium steps through grove view's pages,
# which the sanitizers would not see into) and the Debian package (label
# "package": cpack, which checks packaging, not code), and the games' views
# against whole-state searches and their rulings compared where read against
# everywhere (label "views": every ruling searched twice with every check;
# the explorer, the views and the ruling reads run under the sanitizers in
# the checker tests' small and planted games). There the mutation test tries 6
# mutants of each shipped file rather than 20, the robustness test every
# sixth out-of-range setting, each RapidCheck property 25 random cases rather
# than 100, the MPI balance runs use 3 ranks only, and the tests that play
# thousands of games play fewer or, where the point is a statistical answer
# and smaller tests take the same paths, are skipped
# (tests/support/sanitizers.hpp): the sanitizers look for memory errors on
# every path, which the first pass has already shown give the right answers.
# The first pass builds as the README's main command does (Release, the
# libraries and the grove tool as unity batches), so it tests what ships
# (the test files themselves at -O1: tests/CMakeLists.txt). Unity batches
# (CMAKE_UNITY_BUILD: several files a compiler run, each header parsed once
# a batch) build the libraries and the tool in about half the time (215 s
# rather than 409 s on 2 cores); a developer's own build, file by file, is
# the one that shows a file missing an include. The sanitizer pass builds
# the same way, at -O1 (AddressSanitizer's documentation advises it for a
# reasonable speed: its tests ran in 108 s rather than 374 s at -O0; the
# test files themselves at -O0, which compiles them in half the time), with
# line tables only (-g1: file and line in the sanitizers' reports, at about
# a tenth less compile time than -g).
# GROVE_SKIP_SANITIZERS=1 skips the second pass (local quick runs).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install-deps.sh tests
jobs=$(nproc 2>/dev/null || echo 2)

echo "== format (tools/check-format.sh)"
tools/check-format.sh

echo "== build and test (build-test/)"
cmake -S . -B build-test -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build-test
ctest --test-dir build-test --output-on-failure -j "$jobs"

if [ "${GROVE_SKIP_SANITIZERS:-0}" = "1" ]; then
  echo "== sanitizer pass skipped (GROVE_SKIP_SANITIZERS=1)"
  exit 0
fi

echo "== build and test under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" \
  -DGROVE_SANITIZE=ON -DGROVE_BENCHMARKS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build build-asan
ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  GROVE_MUTANTS=6 GROVE_SETTINGS_EVERY=6 GROVE_MPI_RANKS=3 RC_PARAMS=max_success=25 ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE 'ladder|signature|browser|package|views'
