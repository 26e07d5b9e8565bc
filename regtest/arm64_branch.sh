#!/bin/sh
# hotgrind regression tests: --branch-sim=yes on arm64, under qemu.
# GPL-2.0-or-later
#
# oracle_c.c, oracle_cxx.cpp (-O2 -g, as make check builds them natively),
# arm64_cpu.c (-O2, as arm64_run.sh builds it) and arm64_branches.c (-O2,
# hand-counted branches in aarch64 assembly), cross-compiled and run
# with the arm64 hotgrind built in this build tree (arm64_lib.sh) and with
# arm64 Cachegrind, both with --branch-sim=yes:
# - every function's and the total's Bc, Bcm, Bi and Bim equal
#   Cachegrind's (cg_compare.py), alone and beside --cache-sim=yes;
# - arm64's conditional branches (b.cond, cbz/cbnz, tbz/tbnz: side exits
#   of VEX's superblocks) and indirect ones (br, blr; ret is not
#   counted): the functions of arm64_branches.c run each kind a known
#   number of times, and have the Bc and Bi counted by hand there (and
#   Cachegrind's, with Bcm and Bim); every run's totals have Bc and Bi
#   above 0;
# - arm64_dead_load.S, a load whose register is overwritten before it
#   is read, then a chased `bl`, 1,000 times: every figure equals
#   Cachegrind's (its default register-update policy drops the load;
#   hotgrind once kept every register exact and counted 1,000 Dr more),
#   and dead_loads's Dr is under 1,000;
# - two runs give byte-identical reports.
# Arguments are smaller than the x86-64 tests' (qemu is ~10x slower).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

t0=$(date +%s)
a64_build_oracles
a64_cc arm64_branches -O2 arm64_branches.c
a64_cc arm64_dead_load -O2 arm64_dead_load.S

# The cache figures compared beside the branches vary with ld.so's reads
# past LD_PRELOAD's end unless every client has one of its own
# (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=

# a64_branch_same: lib.sh's branch_same with the arm64 tools; every
# run's totals also have conditional and indirect branches.
a64_branch_same() {
   with_arm64 branch_same "$@"
   for _e in Bc Bi; do
      _v=$(xpath "$1.xml" "string(/hotgrind/totals/@$_e)")
      test "${_v:-0}" -gt 0 || fail "arm64 $1: total $_e is '$_v'"
   done
}

a64_branch_same oracle_c "" -- ./oracle_c 300
a64_branch_same oracle_cxx "" -- ./oracle_cxx 200
a64_branch_same arm64_cpu "" -- ./arm64_cpu
a64_branch_same oracle_c_cache "--cache-sim=yes $A64_GEOM" -- ./oracle_c 300
a64_branch_same dead_load "--cache-sim=yes $A64_GEOM" -- ./arm64_dead_load
dr=$(xpath dead_load.xml 'string(/hotgrind/functions/function[@name="dead_loads"]/self/@Dr)')
test "${dr:-1000}" -lt 1000 ||
   fail "arm64_dead_load: dead_loads has Dr=\"$dr\": its 1,000 dead loads are counted"
pass "arm64_dead_load: dead_loads has Dr=$dr, not the 1,000 dead loads"

# The hand-counted functions (arm64_branches.c): a64_cbz_count(n) runs
# its cbz n + 1 times, a64_tbz_bcond(n) a tbz and a b.ne n times each,
# a64_indirect(n, f) a b.ne, a blr and a br n times each; a64_leaf has
# no branch but its ret, which is not counted.
n=500
a64_branch_same arm64_branches "" -- ./arm64_branches $n
test "$(cat arm64_branches.xml.stdout)" = "0 $(((n + 1) / 2)) $((3 * n))" ||
   fail "arm64_branches $n printed $(cat arm64_branches.xml.stdout)"
for expect in "a64_cbz_count Bc $((n + 1))" "a64_cbz_count Bi 0" \
              "a64_tbz_bcond Bc $((2 * n))" "a64_tbz_bcond Bi 0" \
              "a64_indirect Bc $n" "a64_indirect Bi $((2 * n))" \
              "a64_leaf Bc 0" "a64_leaf Bi 0"; do
   # shellcheck disable=SC2086  # three words, split on purpose
   set -- $expect
   got=$(fn_branch arm64_branches.xml "$1" "$2")
   test "$got" = "$3" || fail "arm64_branches: $1 has $2=\"$got\", by hand $3"
done
pass "arm64_branches $n: Bc and Bi of cbz, tbz, b.ne, blr and br as counted by hand"

# Determinism: the same run twice, byte for byte.
# shellcheck disable=SC2086  # A64_GEOM is three options
with_arm64 hg again.xml --branch-sim=yes --cache-sim=yes $A64_GEOM -- ./oracle_c 300
cmp oracle_c_cache.xml again.xml ||
   fail "two arm64 runs with --branch-sim=yes gave different reports"
pass "two arm64 runs with --branch-sim=yes --cache-sim=yes give identical reports"

echo "arm64_branch.sh took $(($(date +%s) - t0)) s"
