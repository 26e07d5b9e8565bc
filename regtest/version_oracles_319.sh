#!/bin/sh
# hotgrind regression tests: version_oracles.sh (one program per oracle)
# against Valgrind 3.19 built in tree with hotgrind and its oracle tools, the
# source tree HOTGRIND_INTREE names (test.sh builds it; a plain
# `make check` skips).  Sourced, so that this test keeps its own name.
# GPL-2.0-or-later
# shellcheck disable=SC2034  # read by version_oracles.sh
oracles_tree_var=HOTGRIND_INTREE
oracles_version=3.19
. "${srcdir:-.}/version_oracles.sh"
