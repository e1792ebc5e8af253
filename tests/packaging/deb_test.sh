#!/usr/bin/env bash
# cpack -G DEB: a grove_VERSION_ARCH.deb with its metadata (name, version from
# project(), maintainer, section devel, a description) and a Depends that
# dpkg-shlibdeps computed (the shared libraries grove links: yaml-cpp, SQLite,
# Boost.Program_options, libc), holding /usr/bin/grove, the scenarios, the man
# page and the completion.
# usage: deb_test.sh CPACK BUILD_DIR VERSION
set -euo pipefail
cpack=$1 build=$2 version=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# No "producer | grep -q": under pipefail, grep leaving early fails the
# producer with SIGPIPE, now and then; here-strings read it all first.
fail() { echo "FAIL: $*"; exit 1; }

(cd "$build" && "$cpack" -G DEB -B "$tmp" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; fail "cpack failed"; }
deb=$(ls "$tmp"/grove_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { ls "$tmp"; fail "no grove_${version}_ARCH.deb"; }
echo "built $(basename "$deb")"

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = grove ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Section)" = devel ] || fail "Section: $(field Section)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
grep -q 'playtesting' <<<"$(field Description)" || fail "Description: $(field Description)"
depends=$(field Depends)
echo "Depends: $depends"
for library in libc6 libyaml-cpp libsqlite3 libboost-program-options libstdc++6; do
  grep -q "$library" <<<"$depends" || fail "Depends lacks $library"
done

contents=$(dpkg-deb -c "$deb")
for file in ./usr/bin/grove ./usr/share/man/man1/grove.1.gz \
  ./usr/share/bash-completion/completions/grove \
  ./usr/share/grove/scenarios/pass_the_pandas/variants/basic.yaml; do
  grep -q " $file\$" <<<"$contents" || fail "the package lacks $file"
done
mkdir "$tmp/root"
dpkg-deb -x "$deb" "$tmp/root"
grep -qx pass_the_pandas <<<"$("$tmp/root/usr/bin/grove" games --names)" || fail "the packaged grove does not run"
echo "the package is complete"
