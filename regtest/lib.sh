# hotgrind regression tests: helpers shared by the test scripts.  GPL-2.0-or-later
#
# Sourced by every test (". "$srcdir/lib.sh"").  `make check` exports:
#   srcdir        this folder in the source tree (scripts, inputs, cg_compare.py)
#   top_srcdir    the source tree (docs/hotgrind.xsd)
#   top_builddir  the build tree
#   VG_IN_PLACE   the build tree's vg-in-place launcher
#   HT_ARCH       Valgrind's name for the architecture (amd64, arm64, ...)
# A test can also be run by hand from the build tree's regtest folder with
# those variables set.  Exit status follows the automake harness:
# 0 pass, 1 fail, 77 skip, 99 hard error.

set -eu

: "${srcdir:=.}"
: "${top_srcdir:=$srcdir/..}"
: "${top_builddir:=..}"
: "${VG_IN_PLACE:=$top_builddir/vg-in-place}"
: "${HT_ARCH:=$(uname -m)}"
: "${XMLLINT:=xmllint}"
: "${PYTHON3:=python3}"

TEST_NAME=$(basename "$0" .sh)
BUILDDIR=$(pwd)                 # where check_PROGRAMS were built

# Absolute paths: the tests change directory (below).
abs() { (cd "$1" && pwd); }
srcdir=$(abs "$srcdir")
top_srcdir=$(abs "$top_srcdir")
top_builddir=$(abs "$top_builddir")
case $VG_IN_PLACE in /*) ;; *) VG_IN_PLACE="$BUILDDIR/$VG_IN_PLACE";; esac
XSD="$top_srcdir/docs/hotgrind.xsd"

# A check that fails inside $(...) or a pipeline runs in a subshell, and
# an exit there alone would let the test go on: expect_eq of two lookups
# that both failed would then compare two empty strings and pass.  So
# fail also ends the test's own shell ($$ is its pid in every subshell),
# through a TERM that it turns into exit 1, so that its EXIT traps run.
trap 'exit 1' TERM
fail() { echo "FAIL: $TEST_NAME: $*" >&2; kill -TERM $$ 2>/dev/null; exit 1; }
skip() { echo "SKIP: $TEST_NAME: $*" >&2; exit 77; }
hard_error() { echo "ERROR: $TEST_NAME: $*" >&2; exit 99; }
pass() { echo "ok: $*"; }

# The launcher and the tool are what is under test: their absence is an
# error of the build, not a reason to skip.
test -x "$VG_IN_PLACE" || hard_error "no launcher at $VG_IN_PLACE (run make first)"
command -v "$XMLLINT" >/dev/null 2>&1 ||
   skip "xmllint is needed to read and validate reports (Debian: libxml2-utils)"

# Every test works in its own folder, so the parallel harness can run
# tests side by side; it is kept for a look after a failure and removed by
# make clean.  Clients are run as ../PROG from there.
# WORK_NAME: a test run once per Valgrind (version_oracles.sh) names its
# folder after the run.
WORK="$BUILDDIR/${WORK_NAME:-$TEST_NAME}.dir"
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"
WORK=$(pwd -P)

# The client's environment.  Each variable, its length, argv and the cwd
# change start-up instruction counts (docs/performance.md "Why counts move"), so every client runs
# with exactly this environment from the same cwd; tools under comparison
# also share the launcher.  Extra NAME=VALUE words may be given first, or
# set for every client of a test in CLIENT_ENV (words; cache_oracle.sh).
run_client_env() {
   # shellcheck disable=SC2086  # NAME=VALUE words by construction
   env -i PATH=/usr/bin:/bin LC_ALL=C ${CLIENT_ENV:-} "$@"
}

#--------------------------------------------------------------------------
# Running the tools
#--------------------------------------------------------------------------

# hg_status LOG [VALGRIND-OPTIONS...] -- PROG [ARGS...]
# Runs hotgrind with these options only (no report name is added), for
# runs expected to fail; output in LOG.stdout and LOG.stderr.  Prints the
# exit status.
hg_status() {
   _log=$1; shift
   _opts=
   while test $# -gt 0 && test "$1" != --; do
      _opts="$_opts $1"; shift
   done
   test $# -gt 0 && shift
   _st=0
   # shellcheck disable=SC2086  # options are single words by construction
   run_client_env "$VG_IN_PLACE" --tool=hotgrind $_opts "$@" \
      >"$_log.stdout" 2>"$_log.stderr" || _st=$?
   echo "$_st"
}

# hg REPORT [VALGRIND-OPTIONS...] -- PROG [ARGS...]
# Runs PROG under hotgrind writing REPORT, with stdout and stderr saved as
# REPORT.stdout/.stderr (with %p, if any, left as is), then checks what holds for every report: it
# validates against the schema, no temporary file is left, the stderr
# summary equals the report's total, and the functions' self counts add up
# to it.  Fails on a non-zero exit of valgrind.
hg() {
   _report=$1; shift
   _hgst=$(hg_status "$_report" --hotgrind-out-file="$_report" "$@")
   test "$_hgst" = 0 ||
      fail "hotgrind run exited with $_hgst (see $WORK/$_report.stderr)"
   check_report "$(report_file "$_report")" "$_report.stderr"
}

# report_file REPORT: the file a run of hg REPORT wrote: a %p in the name
# is the pid valgrind printed (in REPORT.stderr).
report_file() {
   echo "$1" | sed "s/%p/$(pid_of "$1.stderr")/g"
}

# three_runs RUN NAME [VALGRIND-OPTIONS...] -- PROG [ARGS...]: the same
# command three times under RUN (hg, or a helper that calls it: hgh,
# hgt), reports NAME.1.xml, NAME.2.xml and NAME.%p.xml, whose file
# (report_file) is left in THIRD.  The three runs must have had three
# pids, else the %p name was not put to the test (hard error); PIDS
# lists them.
three_runs() {
   _3run=$1 _3n=$2; shift 2
   "$_3run" "$_3n.1.xml" "$@"
   "$_3run" "$_3n.2.xml" "$@"
   "$_3run" "$_3n.%p.xml" "$@"
   THIRD=$(report_file "$_3n.%p.xml")
   test -f "$THIRD" || fail "no $THIRD"
   PIDS="$(pid_of "$_3n.1.xml.stderr") $(pid_of "$_3n.2.xml.stderr") $(pid_of "$_3n.%p.xml.stderr")"
   # shellcheck disable=SC2086  # three numbers
   test "$(printf '%s\n' $PIDS | sort -u | wc -l)" = 3 ||
      hard_error "$_3n: runs with the same pid ($PIDS)"
}

# same_three NAME: the three reports of three_runs NAME are byte for byte
# the same.
same_three() {
   cmp "$1.1.xml" "$1.2.xml" || fail "$1: two runs gave different reports"
   cmp "$1.1.xml" "$THIRD" || fail "$1: a run with another report name gave a different report"
   pass "$1: 3 runs (pids $PIDS), identical reports"
}

# cg OUT PROG [ARGS...]: the same client under Cachegrind, no cache simulation.
cg() {
   _out=$1; shift
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=no \
      --cachegrind-out-file="$_out" "$@" \
      >"$_out.stdout" 2>"$_out.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_out.stderr)"
}

# branch_same NAME CACHE-OPTIONS -- PROG ARGS...: hotgrind and Cachegrind
# with --branch-sim=yes and these cache options (Cachegrind's
# --cache-sim=no when empty); the same output, and every event of
# Cachegrind's file equal per function and in total (branch_sim.sh,
# arm64_branch.sh).
branch_same() {
   _n=$1; _cache=$2; shift 3
   # shellcheck disable=SC2086
   hg "$_n.xml" --branch-sim=yes $_cache -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --branch-sim=yes \
      ${_cache:---cache-sim=no} --cachegrind-out-file="$_n.cg" "$@" \
      >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   cmp -s "$_n.xml.stdout" "$_n.cg.stdout" ||
      fail "$* printed different output under hotgrind and cachegrind"
   grep -q '^events: .*Bc Bcm Bi Bim' "$_n.cg" ||
      hard_error "$_n.cg has no branch events"
   "$PYTHON3" "$srcdir/cg_compare.py" "$_n.xml" "$_n.cg" >"$_n.compare" 2>&1 || {
      cat "$_n.compare" >&2
      fail "$_n: figures differ from Cachegrind's"
   }
   pass "$_n: $(tail -n 1 "$_n.compare")"
}

# cache_same NAME GEOMETRY-OPTIONS -- PROG ARGS...: hotgrind and Cachegrind,
# both --cache-sim=yes with this geometry; the same output, and every
# cache figure equal per function and in total (cache_oracle.sh).
# With CACHE_ORACLE_TWICE=yes, both tools run twice (cg_compare.py
# --oracle-again, --report-again).  Figures on which Cachegrind's two runs
# disagree are left out, listed as unstable (none with the
# CLIENT_ENV=LD_PRELOAD= that cache_oracle.sh explains; before it, ld.so's
# strcspn and memcpy D1mr were, in both tools).
# hotgrind's two runs must agree on every figure: a difference between
# them fails the test, and never takes a figure out of the comparison.
cache_same() {
   _n=$1; _geom=$2; shift 3
   _again=
   if test "${CACHE_ORACLE_TWICE:-no}" = yes; then
      # shellcheck disable=SC2086
      run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=yes $_geom \
         --cachegrind-out-file="$_n.cg2" "$@" >"$_n.cg2.stdout" 2>"$_n.cg2.stderr" ||
         fail "cachegrind run exited with $? (see $WORK/$_n.cg2.stderr)"
      # shellcheck disable=SC2086
      hg "$_n.2.xml" --cache-sim=yes $_geom -- "$@"
      _again="--oracle-again=$_n.cg2 --report-again=$_n.2.xml"
   fi
   # shellcheck disable=SC2086
   hg "$_n.xml" --cache-sim=yes $_geom -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=yes $_geom \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   cmp -s "$_n.xml.stdout" "$_n.cg.stdout" ||
      fail "$* printed different output under hotgrind and cachegrind"
   # shellcheck disable=SC2086
   "$PYTHON3" "$srcdir/cg_compare.py" $_again "$_n.xml" "$_n.cg" >"$_n.compare" 2>&1 || {
      cat "$_n.compare" >&2
      fail "$_n: cache figures differ from Cachegrind's"
   }
   pass "$_n: $(tail -n 1 "$_n.compare")"
}

# fn_branch REPORT NAME ATTR: one branch figure of a function's <self>.
fn_branch() {
   xpath "$1" "string(/hotgrind/functions/function[@name=\"$2\"]/self/@$3)"
}

#--------------------------------------------------------------------------
# Checks on reports
#--------------------------------------------------------------------------

# validate REPORT: against docs/hotgrind.xsd.  Skipped, with a message,
# only when the schema file is absent.
validate() {
   if test -f "$XSD"; then
      "$XMLLINT" --noout --schema "$XSD" "$1" 2>"$1.xmllint" ||
         fail "$1 does not validate against $XSD: $(cat "$1.xmllint")"
   else
      echo "note: schema validation skipped: $XSD is absent" >&2
   fi
}

# xpath REPORT EXPR: the string value of an XPath expression.
xpath() {
   "$XMLLINT" --xpath "$2" "$1" 2>/dev/null || true
}

total_ir() {
   _t=$(xpath "$1" 'string(/hotgrind/totals/@Ir)')
   test -n "$_t" || fail "$1: no <totals Ir>"
   echo "$_t"
}

# summary_ir STDERR: the "I refs:" count of the stderr summary, no commas
# ("I   refs:" before Valgrind 3.21).
summary_ir() {
   sed -n 's/^==[0-9]*== I *refs: *\([0-9,]*\)$/\1/p' "$1" | tr -d ,
}

# pid_of STDERR: the pid valgrind prints in its "==PID==" prefixes.
pid_of() {
   sed -n '1s/^==\([0-9]*\)==.*/\1/p' "$1"
}

# no_tmp_files: no temporary report file (NAME.PID.tmp) left in this folder.
no_tmp_files() {
   _tmps=$(find . -name '*.tmp')
   test -z "$_tmps" || fail "temporary files left behind: $_tmps"
}

check_report() {
   _r=$1 _err=$2
   test -f "$_r" || fail "no report $_r"
   validate "$_r"
   no_tmp_files
   _tot=$(total_ir "$_r")
   case $_tot in ''|*[!0-9]*) fail "$_r: totals Ir is '$_tot'";; esac
   _sum=$(summary_ir "$_err")
   test "$_sum" = "$_tot" ||
      fail "$_r: stderr says I refs $_sum, report totals say $_tot"
   # Self counts add up to the total (the report leaves out zeros only).
   _self=$("$XMLLINT" --xpath '/hotgrind/functions/function/self/@Ir' "$_r" |
           tr -dc '0-9\n ' | awk '{ for (i = 1; i <= NF; i++) s += $i }
                                  END { printf "%.0f\n", s }')
   test "$_self" = "$_tot" ||
      fail "$_r: self Ir of all functions add up to $_self, total is $_tot"
   # Marked functions, zones and marks are consistent (mark_report.py).
   "$PYTHON3" "$srcdir/mark_report.py" invariants "$_r" >"$_r.invariants" 2>&1 ||
      fail "$(cat "$_r.invariants")"
}

# unique_attr REPORT XPATH WHAT ATTR: ATTR (relative to XPATH) of the one
# element XPATH selects; fails unless exactly one does (WHAT names it in
# the message).
# unique_attr REPORT XPATH WHAT ATTR: ATTR of the one element XPATH
# selects; fails unless there is exactly one and it has ATTR (a figure
# that is missing must not compare equal to another missing one).
unique_attr() {
   _v=$(unique_attr_or_empty "$@")
   test -n "$_v" || fail "$1: $3 has no $4"
   echo "$_v"
}

# unique_attr_or_empty REPORT XPATH WHAT ATTR: the same, "" when the one
# element lacks ATTR (for checks that it is absent).
unique_attr_or_empty() {
   _n=$(xpath "$1" "count($2)")
   test "$_n" = 1 || fail "$1: $_n $3, expected 1"
   xpath "$1" "string($2/$4)"
}

# fn_attr REPORT NAME ATTR: an attribute of the one function called NAME.
# Fails unless exactly one <function> has that name.
fn_attr() {
   unique_attr "$1" "/hotgrind/functions/function[@name=\"$2\"]" \
      "functions named '$2'" "$3"
}

# fn_attr_or_empty REPORT NAME ATTR: the same, "" when it lacks ATTR.
fn_attr_or_empty() {
   unique_attr_or_empty "$1" "/hotgrind/functions/function[@name=\"$2\"]" \
      "functions named '$2'" "$3"
}

fn_self_ir() {
   fn_attr "$1" "$2" self/@Ir
}

# fn_calls / fn_incl_ir REPORT NAME: calls and inclusive Ir of the one
# (marked) function called NAME.
fn_calls() {
   fn_attr "$1" "$2" @calls
}

fn_incl_ir() {
   fn_attr "$1" "$2" inclusive/@Ir
}

# zone_attr REPORT NAME ATTR: an attribute of the one zone called NAME
# (ATTR: @calls, inclusive/@Ir, per-call/@p50 ...).
zone_attr() {
   unique_attr "$1" "/hotgrind/zones/zone[@name=\"$2\"]" \
      "zones named '$2'" "$3"
}

# mark_attr REPORT PATTERN ATTR: an attribute (@functions, @entered) of
# the one <mark> for PATTERN.
mark_attr() {
   unique_attr "$1" "/hotgrind/marks/mark[@pattern=\"$2\"]" \
      "marks for pattern '$2'" "$3"
}

# expect_calls REPORT NAME WANT: a marked function's calls.
expect_calls() {
   expect_eq "$2 calls" "$(fn_calls "$1" "$2")" "$3"
}

# expect_incl REPORT NAME WANT: a marked function's inclusive Ir.
expect_incl() {
   expect_eq "$2 inclusive Ir" "$(fn_incl_ir "$1" "$2")" "$3"
}

# expect_per_call REPORT function|zone NAME SPEC: the calls and per-call
# distribution are exactly those of the multiset of per-call inclusive
# Ir in SPEC ("VALUE COUNT" lines; mark_report.py per-call).
expect_per_call() {
   "$PYTHON3" "$srcdir/mark_report.py" per-call "$@" >"$1.per-call" 2>&1 || {
      cat "$1.per-call" >&2
      fail "$2 $3: per-call distribution differs from $4"
   }
   pass "$(cat "$1.per-call")"
}

# expect_eq WHAT GOT WANT
expect_eq() {
   test "$2" = "$3" || fail "$1: got '$2', expected '$3'"
   pass "$1 = $3"
}

# policy_file FILE: writes FILE, a policy for `hotgrind check`
# (docs/policy.md) whose body, what goes inside <policy format="1">, is
# stdin.  The XML declaration is line 1 and <policy> line 2, so the
# body's first line is line 3 in what check prints.
policy_file() {
   {
      echo '<?xml version="1.0" encoding="UTF-8"?>'
      echo '<policy format="1">'
      cat
      echo '</policy>'
   } >"$1"
}

# expect_has_line WHAT FILE LINE...: each LINE is a whole line of FILE,
# to the letter; fails naming the first that is not (WHAT says what FILE
# holds).
expect_has_line() {
   _ehw=$1 _ehf=$2; shift 2
   for _ehl in "$@"; do
      grep -qxF -- "$_ehl" "$_ehf" || fail "$_ehw: no line '$_ehl' in $_ehf"
   done
   pass "$_ehw: the $# lines expected"
}

# marker_line FILE MARKER: the line of FILE holding MARKER (exactly one).
marker_line() {
   _l=$(grep -n -F -- "$2" "$1" | cut -d: -f1)
   case $_l in
      ''|*[!0-9]*) hard_error "marker '$2' not found once in $1";;
   esac
   echo "$_l"
}

# oracle REPORT CGOUT: every function's self Ir and the total equal
# Cachegrind's exactly (cg_compare.py prints the differences).
oracle() {
   "$PYTHON3" "$srcdir/cg_compare.py" "$1" "$2" Ir >"$1.compare" 2>&1 || {
      cat "$1.compare" >&2
      fail "$1 differs from Cachegrind's $2"
   }
   cat "$1.compare"
}

# cgr OUT PROG [ARGS...]: the same client under Callgrind, with what
# cgr_inclusive.py reads: plain names and positions, and caller chains
# (--separate-callers) to tell under which functions code ran.
# CGR_SEPARATE_CALLERS=0: no chains, for a test that compares calls
# only (on cc1plus the chains made a 2.4 GB file and most of the run).
cgr() {
   _out=$1; shift
   run_client_env "$VG_IN_PLACE" --tool=callgrind \
      --compress-strings=no --compress-pos=no \
      --separate-callers="${CGR_SEPARATE_CALLERS:-30}" \
      --callgrind-out-file="$_out" "$@" \
      >"$_out.stdout" 2>"$_out.stderr" ||
      fail "callgrind run exited with $? (see $WORK/$_out.stderr)"
}

# callgrind_runs BASE PROG [ARGS...]: PROG under Callgrind (BASE.cgr) and
# Cachegrind (BASE.cg), for same_as_callgrind.
callgrind_runs() {
   _base=$1; shift
   cgr "$_base.cgr" "$@"
   cg "$_base.cg" "$@"
}

# same_as_callgrind REPORT BASE NAME...: on x86-64, the marked functions
# NAME (none: every marked function) have Callgrind's inclusive Ir and
# calls, from callgrind_runs BASE with the same program and arguments.
# cgr_inclusive.py says why only functions that are not recursive, and
# under which Callgrind counts every instruction Cachegrind counts (a
# NAME that is not such a function fails).  Callgrind gets calls and
# returns wrong on arm64 (docs/arm64.md section 4): elsewhere this is skipped, saying
# so.
same_as_callgrind() {
   if test "$HT_ARCH" != amd64; then
      echo "note: Callgrind comparison skipped on $HT_ARCH" >&2
      return 0
   fi
   _rep=$1 _base=$2; shift 2
   "$PYTHON3" "$srcdir/cgr_inclusive.py" compare "$_rep" "$_base.cgr" "$_base.cg" \
      "$@" >"$_rep.cgr-compare" 2>&1 || {
      cat "$_rep.cgr-compare" >&2
      fail "$_rep: inclusive Ir or calls differ from Callgrind's ($_base.cgr)"
   }
   cat "$_rep.cgr-compare"
}

# same_as_cachegrind NAME PROG [ARGS...]: runs PROG under both tools
# (hotgrind report NAME.xml, Cachegrind output NAME.cg) and compares.
same_as_cachegrind() {
   _name=$1; shift
   hg "$_name.xml" -- "$@"
   cachegrind_agrees "$_name" "$@"
}

# cachegrind_agrees NAME PROG [ARGS...]: runs PROG under Cachegrind
# (NAME.cg) and compares with the hotgrind report NAME.xml of the same
# run, already made: the same output, and the same self Ir (oracle).
cachegrind_agrees() {
   _name=$1; shift
   cg "$_name.cg" "$@"
   cmp -s "$_name.xml.stdout" "$_name.cg.stdout" ||
      fail "$* printed different output under hotgrind and cachegrind"
   oracle "$_name.xml" "$_name.cg"
}

# disasm PROG FUNCTION: the objdump disassembly of one function (its
# instructions only, no raw bytes), or nothing when objdump is missing
# (callers skip then) or the function is not in PROG.
disasm() {
   command -v objdump >/dev/null 2>&1 || return 0
   objdump -d --no-show-raw-insn "$1" |
      awk -v f="<$2>:" '$2 == f { on = 1; next } on && /^$/ { exit } on'
}

# need_objdump: skip when the test's disassembly checks cannot run.
need_objdump() {
   command -v objdump >/dev/null 2>&1 ||
      skip "objdump (binutils) is needed to check the compiled code"
}

#--------------------------------------------------------------------------
# The mark programs' counts, checked by their x86-64 tests (mark_*.sh) and
# by arm64_marks.sh alike; each program's comments derive them.  Each
# helper checks one report of a run that marked the functions it names.
#--------------------------------------------------------------------------

# fib_entries_loop N: entries of one call fib(N) when fib is compiled as
# "acc = 0; while (n > 1) { acc += fib(n - 1); n -= 2; }", by simulating
# that loop (mark_fib.c shows it is F(N+1)).
fib_entries_loop() {
   "$PYTHON3" -c '
import sys
from functools import lru_cache
@lru_cache(maxsize=None)
def entries(n):
    e = 1
    while n > 1:
        e += entries(n - 1)
        n -= 2
    return e
print(entries(int(sys.argv[1])))' "$1"
}

# expect_mutual REPORT N ROUNDS: mark_mutual.c's is_even(N) ROUNDS times,
# is_even and is_odd marked.
#
# is_odd's inclusive Ir: every activation of is_even for n > 0 executes
# the same instructions, P of them (at -O0 some before its call of
# is_odd and some after it returns; at -O2 all before its jump).  Of
# what is_even's outermost activation (main's call) executes, only the
# first is_even activation's P are outside is_odd's outermost activation:
# inclusive(is_odd) = inclusive(is_even) - ROUNDS * P.  With N odd, the
# chain's n = 0 falls to is_odd, so every is_even activation has n > 0
# and P = self(is_even) / calls(is_even), kept in MUTUAL_P: a run with N
# odd sets it for the next runs of the same program.
expect_mutual() {
   _mr=$1 _mn=$2 _mk=$3
   expect_calls "$_mr" is_even $(( (_mn / 2 + 1) * _mk ))
   # shellcheck disable=SC2017  # ceil(N / 2) entries a round
   expect_calls "$_mr" is_odd $(( (_mn + 1) / 2 * _mk ))
   # main calls only is_even: its activations span both functions' code.
   _meven=$(fn_incl_ir "$_mr" is_even)
   expect_eq "$_mr is_even inclusive Ir" "$_meven" \
      $(( $(fn_self_ir "$_mr" is_even) + $(fn_self_ir "$_mr" is_odd) ))
   if test $((_mn % 2)) = 1; then
      _mself=$(fn_self_ir "$_mr" is_even)
      _mcalls=$(fn_calls "$_mr" is_even)
      test $((_mself % _mcalls)) = 0 ||
         fail "$_mr: is_even's calls with n > 0 cost different amounts ($_mself Ir over $_mcalls calls)"
      MUTUAL_P=$((_mself / _mcalls))
   fi
   expect_incl "$_mr" is_odd $((_meven - _mk * MUTUAL_P))
}

# expect_fnptr REPORT N ADD SUB MUL: mark_fnptr.c's loop of N calls of
# apply, op_* and apply marked; ADD, SUB and MUL calls of op_add, op_sub
# and op_mul, as the loop's arithmetic gives them for N.
expect_fnptr() {
   _pr=$1 _pn=$2 _padd=$3 _psub=$4 _pmul=$5
   # The program's own counts agree with the loop's arithmetic.
   expect_eq "$_pr: counted by the program" \
      "$(cut -d' ' -f1-3 "$_pr.stdout")" "$_padd $_psub $_pmul"
   expect_calls "$_pr" op_add "$_padd"
   expect_calls "$_pr" op_sub "$_psub"
   expect_calls "$_pr" op_mul "$_pmul"
   expect_calls "$_pr" apply "$_pn"
   for _pf in op_add op_sub op_mul; do
      expect_incl "$_pr" "$_pf" "$(fn_self_ir "$_pr" "$_pf")"
   done
   # apply's inclusive: its self + N of op_mul's calls, each the same.
   _pm=$(fn_self_ir "$_pr" op_mul)
   test $((_pm % _pmul)) = 0 || fail "$_pr: op_mul's calls cost different amounts"
   expect_incl "$_pr" apply $(( $(fn_self_ir "$_pr" apply) + _pn * (_pm / _pmul) ))
}

# expect_qsort REPORT: mark_qsort.c's comparator cmp_int, marked, has the
# calls the program counted (first word of its output), and is a leaf.
expect_qsort() {
   _qcounted=$(cut -d' ' -f1 "$1.stdout")
   test "$_qcounted" -gt 0 || hard_error "$1: the program counted no comparator calls"
   expect_calls "$1" cmp_int "$_qcounted"
   # A leaf: inclusive = self.
   expect_incl "$1" cmp_int "$(fn_self_ir "$1" cmp_int)"
}

# expect_longjmp REPORT ROUNDS STEPS: mark_longjmp.c run with ROUNDS
# STEPS, dive, jumper, after and step marked.
expect_longjmp() {
   _lr=$1 _lk=$2 _ls=$3
   # shellcheck disable=SC2046  # numbers the program printed
   set -- $(cat "$_lr.stdout")
   expect_eq "$_lr: calls counted by the program" "$1 $2 $3 $4" \
      "$((51 * _lk)) $_lk $_lk $((_ls * _lk))"
   expect_calls "$_lr" dive $((51 * _lk))
   expect_calls "$_lr" jumper "$_lk"
   expect_calls "$_lr" after "$_lk"
   expect_calls "$_lr" step $((_ls * _lk))
   # Every dive and jumper activation ends at the longjmp's stack switch.
   expect_incl "$_lr" dive $(( $(fn_self_ir "$_lr" dive) + $(fn_incl_ir "$_lr" jumper) ))
   # after, called once the skipped activations are gone, is right.
   expect_incl "$_lr" after $(( $(fn_self_ir "$_lr" after) + $(fn_self_ir "$_lr" step) ))
   expect_incl "$_lr" step "$(fn_self_ir "$_lr" step)"
}

# mark_except.cpp's functions, as the report gives them (demangled, with
# their parameter types).
EXC_T="thrower(unsigned int, unsigned int)" EXC_R="raise_it(unsigned int)"
EXC_A="after(unsigned long)" EXC_S="step(unsigned long)"
EXC_G="guarded(unsigned int, unsigned int)" EXC_D="Guard::~Guard()"

# expect_except_plain REPORT DEPTH STEPS: mark_except.cpp run with 3 0
# DEPTH STEPS (3 throws through plain frames), thrower, raise_it, after
# and step marked: thrower's inclusive Ir is its self plus raise_it's
# (the unwinder runs under raise_it).
expect_except_plain() {
   _er=$1 _ed=$2 _es=$3
   expect_calls "$_er" "$EXC_T" $((3 * (_ed + 1)))
   expect_calls "$_er" "$EXC_R" 3
   expect_calls "$_er" "$EXC_A" 3
   expect_calls "$_er" "$EXC_S" $((3 * _es))
   expect_incl "$_er" "$EXC_T" $(( $(fn_self_ir "$_er" "$EXC_T") + $(fn_incl_ir "$_er" "$EXC_R") ))
   expect_incl "$_er" "$EXC_A" $(( $(fn_self_ir "$_er" "$EXC_A") + $(fn_self_ir "$_er" "$EXC_S") ))
}

# expect_except_both REPORT DEPTH STEPS: mark_except.cpp run with 3 2
# DEPTH STEPS (3 plain throws, 2 through guarded frames, whose Guard
# destructors run during the unwinding, each an entry), all six
# functions marked.
expect_except_both() {
   _er=$1 _ed=$2 _es=$3
   # shellcheck disable=SC2046  # numbers the program printed
   set -- $(cat "$_er.stdout")
   expect_eq "$_er: calls counted by the program" "$1 $2 $3 $4 $5 $6" \
      "$((3 * (_ed + 1))) 5 $((2 * (_ed + 1))) $((2 * (_ed + 1))) 5 $((5 * _es))"
   expect_calls "$_er" "$EXC_T" $((3 * (_ed + 1)))
   expect_calls "$_er" "$EXC_G" $((2 * (_ed + 1)))
   expect_calls "$_er" "$EXC_D" $((2 * (_ed + 1)))
   expect_calls "$_er" "$EXC_R" 5
   expect_calls "$_er" "$EXC_A" 5
   expect_calls "$_er" "$EXC_S" $((5 * _es))
   expect_incl "$_er" "$EXC_A" $(( $(fn_self_ir "$_er" "$EXC_A") + $(fn_self_ir "$_er" "$EXC_S") ))
}

# expect_threads REPORT A B K: mark_threads.c run with A B K, work and
# unit marked.
expect_threads() {
   _tr=$1 _ta=$2 _tb=$3 _tk=$4
   # shellcheck disable=SC2046  # numbers the program printed
   set -- $(cat "$_tr.stdout")
   expect_eq "$_tr: work calls counted per thread" "$1 $2" "$_ta $_tb"
   expect_calls "$_tr" work $((_ta + _tb))
   expect_calls "$_tr" unit $(((_ta + _tb) * _tk))
   # Each thread's work activations hold what that thread executes only:
   # the other thread's other() and spin(), which run while work is active
   # in this one, are not in work's inclusive Ir.
   expect_incl "$_tr" work \
      $(( $(fn_self_ir "$_tr" work) + $(fn_self_ir "$_tr" unit) ))
}
