#!/bin/sh
# Usage: tools/build-in-tree.sh VALGRIND_SOURCE_DIR [--check-only]
# Builds Valgrind from its source tree with hotgrind as one of its own
# tools: applies patches/*.patch (the in-tree wiring and the arm64 fix),
# copies hotgrind/'s sources in, then runs Valgrind's autogen, configure
# and make.  The result runs as VALGRIND_SOURCE_DIR/vg-in-place
# --tool=hotgrind.  About 8 minutes on 2 cores.  With --check-only it only
# checks that every patch applies cleanly (CI does that on every run).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: $0 VALGRIND_SOURCE_DIR [--check-only]}" && pwd)
mode=${2:-build}

test -f "$src/VEX/priv/guest_arm64_toIR.c" ||
   { echo "$0: $src is not a Valgrind source tree" >&2; exit 1; }

for p in "$here"/patches/*.patch; do
   name=$(basename "$p")
   if patch -d "$src" -p1 -R --dry-run --force -s <"$p" >/dev/null 2>&1; then
      echo "$name: already applied"
   elif patch -d "$src" -p1 --dry-run --force -s <"$p" >/dev/null; then
      if test "$mode" = --check-only; then
         echo "$name: applies cleanly"
      else
         patch -d "$src" -p1 --force -s <"$p"
         echo "$name: applied"
      fi
   else
      echo "$0: $name does not apply to $src" >&2
      exit 1
   fi
done
test "$mode" = --check-only && exit 0

cp "$here"/hotgrind/*.c "$here"/hotgrind/*.h "$src/hotgrind/"
version=$(sed -n 's/^AC_INIT(\[hotgrind\], \[\([^]]*\)\].*/\1/p' "$here/configure.ac")
cd "$src"
./autogen.sh
./configure
make -j"$(nproc)" HOTGRIND_VERSION="$version"
echo "built: $src/vg-in-place --tool=hotgrind"
