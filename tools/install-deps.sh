#!/usr/bin/env bash
# Installs the Debian packages grove builds with (Open MPI among them: with
# it, balance runs spread over mpirun's ranks; grove builds without it too);
# with the argument 'tests', also what only the test suite uses (clang-format, to check the C++ files'
# layout; Chromium, to render the HTML reports headless, with ChromeDriver,
# Selenium and Pillow to step through grove view's pages; groff and man-db to
# check the man page; dpkg-dev and file for cpack's Debian package, whose
# Depends dpkg-shlibdeps computes). Does nothing (and
# needs no network or root) when they are all present already.
set -euo pipefail

packages=(
  build-essential g++ cmake ninja-build pkg-config git
  libyaml-cpp-dev libsqlite3-dev sqlite3 libboost-program-options-dev
  librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev nlohmann-json3-dev libxxhash-dev libboost-dev
  openmpi-bin libopenmpi-dev
)
if [ "${1:-}" = "tests" ]; then
  packages+=(clang-format chromium chromium-driver python3-selenium python3-pil
    python3-jsonschema python3-yaml groff-base man-db dpkg-dev file libxml2-utils)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "grove: installing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
