#!/bin/sh
# hotgrind regression tests: version_oracles.sh (one program per oracle)
# against hotgrind built out of tree (tools/build-out-of-tree.sh) against
# the `make install DESTDIR=` of Valgrind 3.27, whose launcher
# HOTGRIND_OOT327_LAUNCHER names (test.sh builds both; a plain `make check`
# skips).  GPL-2.0-or-later
if test -z "${HOTGRIND_OOT327_LAUNCHER:-}"; then
   echo "SKIP: version_oracles_oot327: HOTGRIND_OOT327_LAUNCHER is not set (test.sh builds hotgrind against an installed Valgrind 3.27)" >&2
   exit 77
fi
HOTGRIND_VG_LAUNCHER=$HOTGRIND_OOT327_LAUNCHER
HOTGRIND_VG_LABEL=out-of-tree-3.27
HOTGRIND_VG_VERSION=3.27
. "${srcdir:-.}/version_oracles.sh"
