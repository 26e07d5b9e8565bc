#!/bin/sh
# hotgrind regression tests: the per-line exports read by Valgrind's own
# annotators.  For each program, a --lines=yes report and Cachegrind's out
# file of the same run, both with cache and branch simulation:
# - cg_annotate on `hotgrind export --format=cachegrind` prints for the
#   program's source files the same function rows and the same annotated
#   source, count for count, as cg_annotate on Cachegrind's file;
# - callgrind_annotate on `hotgrind export --format=callgrind` prints the
#   same per-line counts as cg_annotate on Cachegrind's file, and for
#   hand_c the same as callgrind_annotate on Callgrind's own file
#   (--skip-plt=no --separate-recs=1: by default Callgrind charges a PLT
#   stub to the line that called it; on oracle_c its counts differ from
#   Cachegrind's even so, 156,468 Ir against 160,040 on fib's line 13, so
#   Cachegrind is the oracle there);
# - both exports give the same bytes twice;
# - a report without lines, with cache and branch simulation: the
#   Cachegrind export has Cachegrind's events line, and cg_annotate's
#   figures of the functions of the program's file, summed over their
#   files (inlined code), are those of Cachegrind's file.
# annotated_compare.py says what it compares.  GPL-2.0-or-later
#
# Why this test and cli/tests/export-lines.sh both exist: this one
# checks that Valgrind's own annotators read the exports of real runs as
# they read Cachegrind's and Callgrind's files of the same runs, count
# for count; export-lines.sh checks the exported files themselves
# (fi=/fe=, heap figures on line 0, JSON "lines") against expected files
# written by hand from a hand-written report, with no Valgrind. Neither
# covers the other.
. "${srcdir:-.}/lib.sh"

cli=$top_builddir/cli/hotgrind
test -x "$cli" || hard_error "no $cli: the host command is built first"
command -v cg_annotate >/dev/null 2>&1 &&
   command -v callgrind_annotate >/dev/null 2>&1 ||
   skip "no cg_annotate or callgrind_annotate (Valgrind's, with perl)"

# The cache figures need the same ld.so accesses in every run
# (cache_oracle.sh says why).
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# Every event the tool gives per line: Ir, the cache and the branch
# figures.
SIM="--cache-sim=yes --branch-sim=yes $GEOM"

# twice OUT ARGS...: `hotgrind ARGS -o OUT` twice, the same bytes.
twice() {
   _out=$1; shift
   "$cli" "$@" -o "$_out" 2>"$_out.err" ||
      fail "hotgrind $* failed: $(cat "$_out.err")"
   "$cli" "$@" -o "$_out.again" 2>&1 || fail "hotgrind $* failed the second time"
   cmp -s "$_out" "$_out.again" ||
      fail "hotgrind $* wrote different bytes twice"
}

# same_annotation OURS THEIRS SUFFIX [rows]: what annotated_compare.py
# says.
same_annotation() {
   "$PYTHON3" "$srcdir/annotated_compare.py" "$@" >"$1.cmp" 2>&1 || {
      cat "$1.cmp" >&2
      fail "$1 and $2 differ for *$3"
   }
   pass "$1 = $2: $(cat "$1.cmp")"
}

# exports_agree NAME SOURCES -- PROG ARGS...: the checks above for the
# source files SOURCES (suffixes such as /oracle_c.c).
exports_agree() {
   _n=$1 _sources=$2; shift 3
   # shellcheck disable=SC2086
   hg "$_n.xml" --lines=yes $SIM -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind $SIM \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   twice "$_n.hcg" export --format=cachegrind "$_n.xml"
   twice "$_n.hcl" export --format=callgrind "$_n.xml"
   # callgrind_annotate shows the events of Cachegrind's file, in its order.
   _show=$(sed -n 's/^events: //p' "$_n.cg" | tr ' ' ,)
   cg_annotate --auto=yes "$_n.cg" >"$_n.cg.txt" 2>"$_n.cg.txt.err" ||
      fail "cg_annotate $_n.cg failed"
   cg_annotate --auto=yes "$_n.hcg" >"$_n.hcg.txt" 2>"$_n.hcg.txt.err" ||
      fail "cg_annotate $_n.hcg failed: $(cat "$_n.hcg.txt.err")"
   test -s "$_n.hcg.txt.err" && fail "cg_annotate $_n.hcg warns: $(cat "$_n.hcg.txt.err")"
   callgrind_annotate --auto=yes --inclusive=no --show="$_show" "$_n.hcl" \
      >"$_n.hcl.txt" 2>"$_n.hcl.txt.err" ||
      fail "callgrind_annotate $_n.hcl failed"
   test -s "$_n.hcl.txt.err" && fail "callgrind_annotate $_n.hcl warns: $(cat "$_n.hcl.txt.err")"
   for _s in $_sources; do
      same_annotation "$_n.hcg.txt" "$_n.cg.txt" "$_s"
      same_annotation "$_n.hcl.txt" "$_n.cg.txt" "$_s"
   done
}

exports_agree oracle_c "/oracle_c.c /xorshift.h" -- ../oracle_c 2000
exports_agree hand_c /hand_c.c -- ../hand_c 1000 500 300 100

# Callgrind's own file as the oracle, where it counts lines as Cachegrind
# does: hand_c, Ir.
run_client_env "$VG_IN_PLACE" --tool=callgrind --skip-plt=no \
   --separate-recs=1 --callgrind-out-file=hand_c.cl ../hand_c 1000 500 300 100 \
   >hand_c.cl.stdout 2>hand_c.cl.stderr ||
   fail "callgrind run exited with $? (see $WORK/hand_c.cl.stderr)"
callgrind_annotate --auto=yes --inclusive=no --show=Ir hand_c.cl \
   >hand_c.cl.txt 2>/dev/null || fail "callgrind_annotate hand_c.cl failed"
callgrind_annotate --auto=yes --inclusive=no --show=Ir hand_c.hcl \
   >hand_c.hcl-ir.txt 2>/dev/null || fail "callgrind_annotate hand_c.hcl failed"
same_annotation hand_c.hcl-ir.txt hand_c.cl.txt /hand_c.c

# The comparison must be able to fail: one annotated count changed.
sed '0,/^ *[1-9][0-9,]* .*return/s/^\( *\)\([1-9]\)/\19\2/' oracle_c.hcg.txt >changed.txt
cmp -s changed.txt oracle_c.hcg.txt && hard_error "could not change a count"
if "$PYTHON3" "$srcdir/annotated_compare.py" changed.txt oracle_c.cg.txt /oracle_c.c \
   >/dev/null 2>&1; then
   fail "annotated_compare.py accepted a changed count"
fi
pass "annotated_compare.py rejects a changed count"

# Every event Cachegrind has, from a report without lines.
# shellcheck disable=SC2086
hg sim.xml $SIM -- ../oracle_c 2000
# shellcheck disable=SC2086
run_client_env "$VG_IN_PLACE" --tool=cachegrind $SIM \
   --cachegrind-out-file=sim.cg ../oracle_c 2000 >sim.cg.stdout 2>sim.cg.stderr ||
   fail "cachegrind run exited with $? (see $WORK/sim.cg.stderr)"
twice sim.hcg export --format=cachegrind sim.xml
test "$(grep '^events:' sim.hcg)" = "$(grep '^events:' sim.cg)" ||
   fail "events: $(grep '^events:' sim.hcg), Cachegrind's $(grep '^events:' sim.cg)"
pass "sim.hcg: Cachegrind's $(grep '^events:' sim.cg)"
cg_annotate --auto=no sim.cg >sim.cg.txt 2>/dev/null || fail "cg_annotate sim.cg failed"
cg_annotate --auto=no sim.hcg >sim.hcg.txt 2>/dev/null || fail "cg_annotate sim.hcg failed"
same_annotation sim.hcg.txt sim.cg.txt /oracle_c.c rows
