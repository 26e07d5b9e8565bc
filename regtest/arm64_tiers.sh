#!/bin/sh
# hotgrind regression tests: --tier on arm64, under qemu.
# GPL-2.0-or-later
#
# tiers.sh's check (tiers_lib.sh) with the arm64 hotgrind built in this
# build tree (arm64_lib.sh) on the cross-compiled oracle programs:
# --tier=1, --tier=2 and --tier=auto with promotions give byte-identical
# reports, with both simulations alone and beside marks, lines and the
# call graph.  Arguments are smaller than the x86-64 tests' (qemu is
# ~10x slower).
# shellcheck disable=SC2086  # $SIMS: single-word options
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/tiers_lib.sh"

a64_build_oracles
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
SIMS="--cache-sim=yes --branch-sim=yes $A64_GEOM"

# a64_hg: lib.sh's hg with the arm64 launcher (tiers_same's TIERS_RUN).
a64_hg() { with_arm64 hg "$@"; }
TIERS_RUN=a64_hg

tiers_same ir none -- ./oracle_c 100
tiers_same cache none $SIMS --branch-sim=no -- ./oracle_c 100
tiers_same sims sims $SIMS -- ./oracle_c 300
tiers_same marks_lines sims $SIMS '--mark=fib' --lines=yes -- ./oracle_c 300
tiers_same graph sims $SIMS --call-graph=yes -- ./oracle_cxx 200
