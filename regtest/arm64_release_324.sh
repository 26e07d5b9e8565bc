#!/bin/sh
# hotgrind regression tests: arm64_release.sh (arm64 under qemu: the
# oracles, --det-sched=yes, and the figures against 3.19) for Valgrind
# 3.24 cross-built in tree with patches/, the source tree
# HOTGRIND_INTREE_ARM64_324 names (test.sh builds it; a plain `make
# check` skips).  Sourced, so that this test keeps its own name and work
# folder.  GPL-2.0-or-later
# shellcheck disable=SC2034  # read by arm64_release.sh
a64_release=3.24
a64_release_var=HOTGRIND_INTREE_ARM64_324
a64_bases=HOTGRIND_INTREE_ARM64
. "${srcdir:-.}/arm64_release.sh"
