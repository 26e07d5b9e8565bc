#!/bin/sh
# Usage: tools/build-out-of-tree.sh VALGRIND_PREFIX BUILDDIR [CONFIGURE-ARGS...]
# Builds hotgrind out of tree, in BUILDDIR, against the Valgrind installed
# at VALGRIND_PREFIX (configure --with-valgrind=VALGRIND_PREFIX): an
# installation prefix such as /usr or /opt/valgrind-3.27, or the prefix
# inside a staged install (`make install DESTDIR=DEST` of a Valgrind
# configured with --prefix=/usr/local gives DEST/usr/local).  Prints the
# launcher that runs it, BUILDDIR/vg-in-place, as its last line; that is
# what regtest/version_oracles.sh takes as HOTGRIND_VG_LAUNCHER.
# GPL-2.0-or-later; part of hotgrind.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: $0 VALGRIND_PREFIX BUILDDIR [CONFIGURE-ARGS...]"
prefix=${1:?$usage}
builddir=${2:?$usage}
shift 2

test -d "$prefix" || { echo "$0: $prefix is not a folder" >&2; exit 1; }
prefix=$(cd "$prefix" && pwd)
test -x "$here/configure" || (cd "$here" && ./autogen.sh)
mkdir -p "$builddir"
cd "$builddir"
"$here/configure" --with-valgrind="$prefix" "$@"
make -j"$(nproc)"
echo "$(pwd)/vg-in-place"
