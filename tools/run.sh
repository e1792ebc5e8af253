#!/usr/bin/env bash
# The main job: install what grove needs, build it (Release, in build/, as
# unity batches: several files a compiler run, in about half the time), and
# replay every scenario in scenarios/, storing the results in grove.db.
# Extra arguments go to 'grove replay' (for example --junit replay.xml).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build
exec build/tools/grove replay scenarios "$@"
