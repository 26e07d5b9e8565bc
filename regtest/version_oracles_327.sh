#!/bin/sh
# hotgrind regression tests: version_oracles.sh (one program per oracle)
# against Valgrind 3.27 built in tree with hotgrind and its oracle tools, the
# source tree HOTGRIND_INTREE_327 names (test.sh builds it; a plain
# `make check` skips).  GPL-2.0-or-later
if test -z "${HOTGRIND_INTREE_327:-}"; then
   echo "SKIP: version_oracles_327: HOTGRIND_INTREE_327 is not set (test.sh builds Valgrind 3.27 in tree)" >&2
   exit 77
fi
HOTGRIND_VG_LAUNCHER=$HOTGRIND_INTREE_327/vg-in-place
HOTGRIND_VG_LABEL=in-tree-3.27
HOTGRIND_VG_VERSION=3.27
. "${srcdir:-.}/version_oracles.sh"
