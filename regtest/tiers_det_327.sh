#!/bin/sh
# hotgrind regression tests: tiers_det.sh (--tier under --det-sched=yes)
# against Valgrind 3.27 built in tree with patches/, the source tree
# HOTGRIND_INTREE_327 names (test.sh builds it; a plain `make check`
# skips): promotion discards translations from the core's
# start_client_code under the core's VG_(ok_to_discard_translations),
# which each release must still have.  Sourced, so that this test keeps
# its own name and work folder.  GPL-2.0-or-later
# shellcheck disable=SC2034  # det_intree_var: read by det_lib.sh
det_intree_var=HOTGRIND_INTREE_327
. "${srcdir:-.}/tiers_det.sh"
