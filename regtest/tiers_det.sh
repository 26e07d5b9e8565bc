#!/bin/sh
# hotgrind regression tests: --tier under --det-sched=yes, with virtual
# time (the default there), on Valgrind built with patches/
# (HOTGRIND_INTREE, as det_sched.sh).
# GPL-2.0-or-later
#
# tiers.sh's check (tiers_lib.sh) on threaded programs scheduled by the
# patched core: det_prog's pingpong and pool modes and bench's prodcons,
# with --thread-events=yes and both simulations.  A promotion discards
# translations between two runs of translated code, where the core's
# det pass counts nothing, so the schedule and every count stay those of
# --tier=2.  The schedule itself is checked against Cachegrind by
# det_sched.sh.  tiers_det_324.sh and tiers_det_327.sh run this same test
# against the other supported releases (HOTGRIND_INTREE_324,
# HOTGRIND_INTREE_327).
# shellcheck disable=SC2086  # $SIMS: single-word options
. "${srcdir:-.}/lib.sh"
. "$srcdir/det_lib.sh"
. "$srcdir/tiers_lib.sh"
det_intree --det-sched=yes

det_build_progs

SIMS="--cache-sim=yes --branch-sim=yes --det-sched=yes --thread-events=yes"
tiers_same pingpong sims $SIMS -- ./det_prog pingpong
tiers_same pool sims $SIMS -- ./det_prog pool
tiers_same prodcons sims $SIMS -- ./prodcons 20000 16 20
for _n in pingpong pool prodcons; do
   test "$(xpath "$_n.t2.xml" 'count(/hotgrind/threads/thread)')" -ge 2 ||
      fail "$_n: fewer than two threads in the report"
done
pass "every program ran two threads or more"
