#!/bin/sh
# Usage: tools/build-in-tree.sh VALGRIND_SOURCE_DIR [--check-only | --tools "TOOL..." [--host TRIPLE] | --install DESTDIR]
# Builds Valgrind from its source tree with hotgrind as one of its own
# tools: applies the patch series for the tree's Valgrind version
# (patches/*.patch, the in-tree wiring and the arm64 fix, the same for
# every version, then patches/0003-det-sched/<version>.patch, the
# deterministic scheduler, --det-sched; patches/README.md), copies
# hotgrind/'s sources in, then runs Valgrind's autogen, configure and
# make.  The version is read from the tree's configure.ac (AC_INIT);
# supported: 3.19, 3.24 and 3.27, anything else is refused.  The result
# runs as VALGRIND_SOURCE_DIR/vg-in-place --tool=hotgrind.  About 8
# minutes on 2 cores.  With --check-only it only checks that every patch
# applies cleanly (CI does that on every run).
# With --tools it builds VEX, the core and only the tools named (e.g.
# "none hotgrind cachegrind": what regtest/det_sched.sh needs; about
# half the time), still runnable through vg-in-place.  --host cross-builds
# them (e.g. aarch64-linux-gnu, with aarch64-linux-gnu-gcc): the tools in
# .in_place/ then run under qemu through a cross build of hotgrind's
# vg-qemu with VALGRIND_LIB pointing there (regtest/arm64_det.sh).
# --install DESTDIR, after a build, runs make install DESTDIR=DESTDIR for
# what was built (prefix /usr/local unless configured otherwise):
# bin/valgrind, the core's and VEX's libraries (libcoregrind-*.a,
# libvex-*.a, what a tool links with), include/valgrind/, valgrind.pc,
# default.supp and the tools built (after --tools, only those).  It
# installs folder by folder, since the top-level install would first
# build every tool --tools left out.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
src=$(cd "${1:?usage: $0 VALGRIND_SOURCE_DIR [--check-only]}" && pwd)
mode=${2:-build}
tools=
host=
destdir=
if test "$mode" = --tools; then
   tools=${3:?--tools needs a list of tools}
   if test "${4:-}" = --host; then
      host=${5:?--host needs a target triple}
   fi
elif test "$mode" = --install; then
   destdir=${3:?--install needs a destination folder}
   case $destdir in /*) ;; *) destdir=$(pwd)/$destdir ;; esac
fi

test -f "$src/VEX/priv/guest_arm64_toIR.c" ||
   { echo "$0: $src is not a Valgrind source tree" >&2; exit 1; }

# The Valgrind versions patches/0003-det-sched/ has a port for; the
# tree's version from its configure.ac (AC_INIT names m4 macros, the
# numbers are in v_major_ver and v_minor_ver).
supported="3.19 3.24 3.27"
vg_version=$(sed -n 's/^m4_define(\[v_major_ver\], *\[\([0-9]*\)\]).*/\1/p' "$src/configure.ac").$(sed -n 's/^m4_define(\[v_minor_ver\], *\[\([0-9]*\)\]).*/\1/p' "$src/configure.ac")
case " $supported " in
   *" $vg_version "*) ;;
   *) echo "$0: $src is Valgrind $vg_version; patches/ supports $(echo "$supported" | sed 's/ /, /g') (patches/README.md)" >&2
      exit 1 ;;
esac
echo "Valgrind $vg_version: patches/*.patch and patches/0003-det-sched/$vg_version.patch"

for p in "$here"/patches/*.patch "$here/patches/0003-det-sched/$vg_version.patch"; do
   name=${p#"$here"/patches/}
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

if test "$mode" = --install; then
   test -x "$src/coregrind/valgrind" ||
      { echo "$0: $src is not built yet (build it first, then --install)" >&2; exit 1; }
   cd "$src"
   make -C include install DESTDIR="$destdir"
   make -C VEX install DESTDIR="$destdir"
   make -C coregrind install DESTDIR="$destdir"
   make install-data-am DESTDIR="$destdir"   # valgrind.pc, config.h, default.supp
   # A tool folder holds its launcher-less executable, TOOL-ARCH-OS,
   # once it is built.
   for t in */; do
      t=${t%/}
      if ls "$t/$t"-*-linux >/dev/null 2>&1; then
         make -C "$t" install DESTDIR="$destdir"
      fi
   done
   echo "installed: $destdir (bin/valgrind under its prefix)"
   exit 0
fi

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
