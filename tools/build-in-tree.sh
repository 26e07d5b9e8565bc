#!/bin/sh
# Usage: tools/build-in-tree.sh VALGRIND_SOURCE_DIR [--check-only | --tools "TOOL..." [--host TRIPLE]]
# Builds Valgrind from its source tree with hotgrind as one of its own
# tools: applies patches/*.patch (the in-tree wiring, the arm64 fix and
# the deterministic scheduler, --det-sched),
# copies hotgrind/'s sources in, then runs Valgrind's autogen, configure
# and make.  The result runs as VALGRIND_SOURCE_DIR/vg-in-place
# --tool=hotgrind.  About 8 minutes on 2 cores.  With --check-only it only
# checks that every patch applies cleanly (CI does that on every run).
# With --tools it builds VEX, the core and only the tools named (e.g.
# "none hotgrind cachegrind": what regtest/det_sched.sh needs; about
# half the time), still runnable through vg-in-place.  --host cross-builds
# them (e.g. aarch64-linux-gnu, with aarch64-linux-gnu-gcc): the tools in
# .in_place/ then run under qemu through a cross build of hotgrind's
# vg-qemu with VALGRIND_LIB pointing there (regtest/arm64_det.sh).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: $0 VALGRIND_SOURCE_DIR [--check-only]}" && pwd)
mode=${2:-build}
tools=
host=
if test "$mode" = --tools; then
   tools=${3:?--tools needs a list of tools}
   if test "${4:-}" = --host; then
      host=${5:?--host needs a target triple}
   fi
fi

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

cp "$here"/hotgrind/*.c "$here"/hotgrind/*.h "$here"/hotgrind/sources.am \
   "$src/hotgrind/"
version=$(sed -n 's/^AC_INIT(\[hotgrind\], \[\([^]]*\)\].*/\1/p' "$here/configure.ac")
cd "$src"
./autogen.sh
if test -n "$host"; then
   ./configure --host="$host" CC="$host-gcc" CXX="$host-g++"
else
   ./configure
fi
if test -n "$tools"; then
   make -j"$(nproc)" include/vgversion.h
   make -j"$(nproc)" -C VEX
   make -j"$(nproc)" -C coregrind
   for t in $tools; do
      make -j"$(nproc)" -C "$t" HOTGRIND_VERSION="$version"
   done
   make all-local   # default.supp and the .in_place links vg-in-place uses
else
   make -j"$(nproc)" HOTGRIND_VERSION="$version"
fi
echo "built: $src/vg-in-place --tool=hotgrind"
