#!/bin/sh
# hotgrind regression tests: --lines=yes on arm64, under qemu.
# GPL-2.0-or-later
#
# oracle_c.c, oracle_cxx.cpp (as make check builds them natively, -O2 -g)
# and arm64_cpu.c (-O2, as arm64_run.sh builds it), cross-compiled and run
# with the arm64 hotgrind built in this build tree (arm64_lib.sh):
# - every function's self costs per source line equal arm64 Cachegrind's
#   per-line records (fl=/fn=/line) in every event cg_lines_compare.py
#   compares, and each function's lines add up to its self cost;
# - the same with --cache-sim=yes --branch-sim=yes against Cachegrind with
#   both: every cache and branch event per line;
# - two runs give byte-identical reports.  (lines.sh shows that
#   cg_lines_compare.py fails on a changed line count.)
# Arguments are smaller than the x86-64 tests' (qemu is ~10x slower).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

t0=$(date +%s)
a64_build_oracles

# The cache figures vary with ld.so's reads past LD_PRELOAD's end unless
# every client has one of its own (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
SIMS="--cache-sim=yes --branch-sim=yes $A64_GEOM"

# compare_lines NAME: NAME.xml's lines against NAME.cg's.
compare_lines() {
   "$PYTHON3" "$srcdir/cg_lines_compare.py" "$1.xml" "$1.cg" \
      >"$1.compare" 2>&1 || {
      cat "$1.compare" >&2
      fail "arm64 $1: per-line costs differ from arm64 Cachegrind's"
   }
   pass "arm64 $1: $(cat "$1.compare")"
}

# lines_agree NAME PROG [ARGS...]: a --lines=yes run and a Cachegrind run
# (--cache-sim=no) of the same command.
lines_agree() {
   _name=$1; shift
   with_arm64 hg "$_name.xml" --lines=yes -- "$@"
   with_arm64 cg "$_name.cg" "$@"
   compare_lines "$_name"
}

lines_agree oracle_c ./oracle_c 300
lines_agree oracle_cxx ./oracle_cxx 200
lines_agree arm64_cpu ./arm64_cpu

# With the cache and branch simulations: every event per line must equal
# Cachegrind's.
# shellcheck disable=SC2086  # single-word options
with_arm64 hg oracle_c_sims.xml --lines=yes $SIMS -- ./oracle_c 300
# shellcheck disable=SC2086
run_client_env "$A64_VG" --tool=cachegrind $SIMS \
   --cachegrind-out-file=oracle_c_sims.cg ./oracle_c 300 \
   >oracle_c_sims.cg.stdout 2>oracle_c_sims.cg.stderr ||
   fail "cachegrind run exited with $? (see $WORK/oracle_c_sims.cg.stderr)"
for _e in D1mr Bcm; do
   grep -q "<line [^>]* $_e=" oracle_c_sims.xml ||
      fail "arm64 oracle_c_sims: no line has $_e"
done
compare_lines oracle_c_sims

# Determinism.
with_arm64 hg again.xml --lines=yes -- ./oracle_c 300
cmp oracle_c.xml again.xml || fail "two arm64 --lines=yes runs differ"
pass "two arm64 --lines=yes runs are byte-identical"

echo "arm64_lines.sh took $(($(date +%s) - t0)) s"
