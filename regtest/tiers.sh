#!/bin/sh
# hotgrind regression tests: --tier (ht_tier.c) changes how blocks are
# instrumented, never a count.
# GPL-2.0-or-later
#
# Every command below runs three times: --tier=2 (every block with the
# inline checks), --tier=1 (every block with helper calls only, never
# promoted) and --tier=auto --tier-threshold=2 (blocks promoted to tier 2
# after two runs, so most blocks that run at all are translated in both
# tiers, and most promotions happen in the middle of the run).  The three
# reports must be byte for byte the same, and each run's -v statistics
# must show what it claims: tier 1 alone, tier 2 alone, and blocks
# promoted.  The modes, each beside --cache-sim=yes --branch-sim=yes
# (without a simulation both tiers are the same instrumentation, which the
# first command checks): Ir alone, marks, lines, inlined functions, the
# call graph, the heap (on in every run: the default), thread events.
# --det-sched is tiers_det.sh, arm64 arm64_tiers.sh.  The oracle tests
# (cache_oracle.sh, branch.sh, lines.sh...) check the default, auto, run
# against Cachegrind and Callgrind; this test extends that to the tiers.
. "${srcdir:-.}/lib.sh"
. "$srcdir/tiers_lib.sh"

# The cache figures vary with ld.so's reads past LD_PRELOAD's end unless
# every client has one of its own (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
SIMS="--cache-sim=yes --branch-sim=yes"

tiers_same ir none -- ../oracle_c 300
tiers_same sims sims $SIMS -- ../oracle_c 500
tiers_same sims_cxx sims $SIMS -- ../oracle_cxx 300
tiers_same marks sims $SIMS '--mark=fib' '--mark=insert' -- ../oracle_c 500
tiers_same lines sims $SIMS --lines=yes -- ../oracle_c 500
tiers_same inline sims $SIMS --inline=yes -- ../inline_prog 2000
tiers_same graph sims $SIMS --call-graph=yes -- ../oracle_cxx 300
tiers_same threads sims $SIMS --thread-events=yes -- \
   ../thread_events lockstep 1000 3001 5
