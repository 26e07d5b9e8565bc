#!/bin/sh
# hotgrind regression tests: --tier (ht_tier.c) changes how blocks are
# instrumented, never a count.
# GPL-2.0-or-later
#
# Every command below runs three times: --tier=2 (every block with the
# inline branch predictor), --tier=1 (every block with a predictor call
# per conditional branch, never promoted) and --tier=auto
# --tier-threshold=2 (blocks promoted to tier 2 after two runs, so most
# blocks that run at all are translated in both tiers, and most
# promotions happen in the middle of the run).  The three reports must be
# byte for byte the same, and each run's -v statistics must show what it
# claims: tier 1 alone, tier 2 alone, and blocks promoted.  The modes,
# each beside --branch-sim=yes and --cache-sim=yes: both simulations
# alone, marks, lines, inlined functions, the call graph, the heap (on in
# every run: the default).  Without --branch-sim=yes both tiers are the
# same instrumentation, which the first two commands check (tier 2 alone
# in all three runs).  Threads and thread events are tiers_det.sh's,
# under --det-sched=yes: without it the OS interleaves the threads, and
# the simulated caches and predictor they share see another order from
# run to run (a --tier=1 run of thread_events lockstep had one D1mr more
# in pthread_create than four identical --tier=2 runs).  arm64 is
# arm64_tiers.sh.  The oracle tests (branch_sim.sh, lines.sh...) check
# the default, auto, against Cachegrind; this test extends that to the
# tiers.
# shellcheck disable=SC2086  # $SIMS: single-word options
. "${srcdir:-.}/lib.sh"
. "$srcdir/tiers_lib.sh"

# The cache figures vary with ld.so's reads past LD_PRELOAD's end unless
# every client has one of its own (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
SIMS="--cache-sim=yes --branch-sim=yes"

tiers_same ir none -- ../oracle_c 300
tiers_same cache none --cache-sim=yes -- ../oracle_c 300
tiers_same sims sims $SIMS -- ../oracle_c 500
tiers_same sims_cxx sims $SIMS -- ../oracle_cxx 300
tiers_same marks sims $SIMS '--mark=fib' '--mark=insert' -- ../oracle_c 500
tiers_same lines sims $SIMS --lines=yes -- ../oracle_c 500
tiers_same inline sims $SIMS --inline=yes -- ../inline_prog 2000
tiers_same graph sims $SIMS --call-graph=yes -- ../oracle_cxx 300
