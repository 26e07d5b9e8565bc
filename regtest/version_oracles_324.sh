#!/bin/sh
# hotgrind regression tests: version_oracles.sh (one program per oracle)
# against Valgrind 3.24 built in tree with hotgrind and its oracle tools, the
# source tree HOTGRIND_INTREE_324 names (test.sh builds it; a plain
# `make check` skips).  GPL-2.0-or-later
if test -z "${HOTGRIND_INTREE_324:-}"; then
   echo "SKIP: version_oracles_324: HOTGRIND_INTREE_324 is not set (test.sh builds Valgrind 3.24 in tree)" >&2
   exit 77
fi
HOTGRIND_VG_LAUNCHER=$HOTGRIND_INTREE_324/vg-in-place
HOTGRIND_VG_LABEL=in-tree-3.24
HOTGRIND_VG_VERSION=3.24
. "${srcdir:-.}/version_oracles.sh"
