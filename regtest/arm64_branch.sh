#!/bin/sh
# hotgrind regression tests: --branch-sim=yes on arm64, under qemu.
# GPL-2.0-or-later
#
# oracle_c.c, oracle_cxx.cpp (-O2 -g, as make check builds them natively)
# and arm64_cpu.c (-O2, as arm64_run.sh builds it), cross-compiled and run
# with the arm64 hotgrind built in this build tree (arm64_lib.sh) and with
# arm64 Cachegrind, both with --branch-sim=yes:
# - every function's and the total's Bc, Bcm, Bi and Bim equal
#   Cachegrind's (cg_compare.py), alone and beside --cache-sim=yes;
# - arm64's conditional branches (b.cond, cbz/cbnz, tbz/tbnz: side exits
#   of VEX's superblocks) and indirect ones (br, blr; ret is not counted)
#   are in the programs: the disassembly of oracle_c and oracle_cxx has
#   each kind, and every run's totals have Bc and Bi above 0;
# - two runs give byte-identical reports.
# Arguments are smaller than the x86-64 tests' (qemu is ~10x slower).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

t0=$(date +%s)
a64_build
a64_cc oracle_c -O2 oracle_c.c
a64_cc oracle_cxx -O2 oracle_cxx.cpp -std=c++17
a64_cc arm64_cpu -O2 arm64_cpu.c -pthread

# The cache figures compared beside the branches vary with ld.so's reads
# past LD_PRELOAD's end unless every client has one of its own
# (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
# qemu presents no cache geometry: pinned, as docs/arm64.md says to.
GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# branch_same NAME CACHE-OPTIONS -- PROG ARGS...: the arm64 hotgrind and
# arm64 Cachegrind with --branch-sim=yes and these cache options
# (Cachegrind's --cache-sim=no when empty): the same output, and every
# event of Cachegrind's file equal per function and in total.
branch_same() {
   _n=$1; _cache=$2; shift 3
   # shellcheck disable=SC2086
   with_arm64 hg "$_n.xml" --branch-sim=yes $_cache -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$A64_VG" --tool=cachegrind --branch-sim=yes \
      ${_cache:---cache-sim=no} --cachegrind-out-file="$_n.cg" "$@" \
      >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   cmp -s "$_n.xml.stdout" "$_n.cg.stdout" ||
      fail "$* printed different output under hotgrind and cachegrind"
   grep -q '^events: .*Bc Bcm Bi Bim' "$_n.cg" ||
      hard_error "$_n.cg has no branch events"
   "$PYTHON3" "$srcdir/cg_compare.py" "$_n.xml" "$_n.cg" >"$_n.compare" 2>&1 || {
      cat "$_n.compare" >&2
      fail "arm64 $_n: figures differ from arm64 Cachegrind's"
   }
   for _e in Bc Bi; do
      _v=$(xpath "$_n.xml" "string(/hotgrind/totals/@$_e)")
      test "${_v:-0}" -gt 0 || fail "arm64 $_n: total $_e is '$_v'"
   done
   pass "arm64 $_n: $(tail -n 1 "$_n.compare")"
}

# Each kind of arm64 branch the model must see is in the programs' own
# code compared (besides libc's).
"$A64_OBJDUMP" -d --no-show-raw-insn oracle_c oracle_cxx >programs.dis
for _kind in 'b\.[a-z]+' 'cbn?z' 'tbn?z' 'br' 'blr'; do
   grep -E -q "^\s+[0-9a-f]+:\s+$_kind\s" programs.dis ||
      hard_error "arm64 oracle_c and oracle_cxx have no $_kind instruction to compare"
done
pass "arm64 oracle_c and oracle_cxx have b.cond, cbz/cbnz, tbz/tbnz, br and blr"

branch_same oracle_c "" -- ./oracle_c 300
branch_same oracle_cxx "" -- ./oracle_cxx 200
branch_same arm64_cpu "" -- ./arm64_cpu
branch_same oracle_c_cache "--cache-sim=yes $GEOM" -- ./oracle_c 300

# Determinism: the same run twice, byte for byte.
# shellcheck disable=SC2086  # GEOM is three options
with_arm64 hg again.xml --branch-sim=yes --cache-sim=yes $GEOM -- ./oracle_c 300
cmp oracle_c_cache.xml again.xml ||
   fail "two arm64 runs with --branch-sim=yes gave different reports"
pass "two arm64 runs with --branch-sim=yes --cache-sim=yes give identical reports"

echo "arm64_branch.sh took $(($(date +%s) - t0)) s"
