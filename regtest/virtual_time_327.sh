#!/bin/sh
# hotgrind regression tests: virtual_time.sh (virtual time under Valgrind's --det-sched=yes)
# against Valgrind 3.27 built in tree with patches/0003-det-sched/3.27.patch,
# the source tree HOTGRIND_INTREE_327 names (test.sh builds it; a plain
# `make check` skips).  Sourced, so that this test keeps its own name
# and work folder.  GPL-2.0-or-later
# shellcheck disable=SC2034  # det_intree_var: read by virtual_time.sh
det_intree_var=HOTGRIND_INTREE_327
. "${srcdir:-.}/virtual_time.sh"
