# hotgrind regression tests: helpers of the heap tests (heap_*.sh).
# GPL-2.0-or-later
#
# Sourced after lib.sh.  The oracle for the heap totals is DHAT, run as
# Valgrind's default `--tool=dhat` through the same launcher, environment
# and working directory as hotgrind (run_client_env), its summary read by
# heap_report.py; the spec's counting rules are DHAT's (Total = allocs and
# alloc-bytes, At t-gmax = peak, At t-end = exit, after freeres).  The
# per-function figures are derived by hand in the programs' comments.

# The host command, for `hotgrind validate` (the schema and the rules the
# schema cannot express).  It is part of this build; when it is absent
# (a tree built without it), xmllint's schema check in lib.sh still runs.
: "${HOTGRIND_CLI:=$top_builddir/cli/hotgrind}"

# heap_py ARGS...: heap_report.py.
heap_py() {
   # shellcheck disable=SC2154  # srcdir: lib.sh
   "$PYTHON3" "$srcdir/heap_report.py" "$@"
}

# cli_validate REPORT: `hotgrind validate REPORT` must accept it.
cli_validate() {
   if test -x "$HOTGRIND_CLI"; then
      "$HOTGRIND_CLI" validate "$1" >"$1.validate" 2>&1 ||
         fail "$1: hotgrind validate refuses it: $(cat "$1.validate")"
   elif test -z "${HEAP_CLI_NOTED:-}"; then
      echo "note: $HOTGRIND_CLI is absent: reports validated by xmllint's schema check only" >&2
      HEAP_CLI_NOTED=yes
   fi
}

# hgh REPORT [VALGRIND-OPTIONS...] -- PROG [ARGS...]: lib.sh's hg (the
# run, the schema, the Ir checks of every report), then `hotgrind
# validate` and the heap invariants (heap_report.py invariants).
# A %p in REPORT is the pid valgrind printed (report_file), as in hg.
hgh() {
   hg "$@"
   _hr=$(report_file "$1")
   cli_validate "$_hr"
   heap_py invariants "$_hr" >"$_hr.heap-invariants" 2>&1 ||
      fail "heap invariants: $(cat "$_hr.heap-invariants")"
}

# dhat NAME PROG [ARGS...]: PROG under DHAT (its defaults: freeres
# runs), output in NAME.dhat.stdout and NAME.dhat.stderr, its profile
# (the stacks) in NAME.dhat.json.
dhat() {
   _dn=$1; shift
   run_client_env "$VG_IN_PLACE" --tool=dhat --dhat-out-file="$_dn.dhat.json" "$@" \
      >"$_dn.dhat.stdout" 2>"$_dn.dhat.stderr" ||
      fail "dhat run exited with $? (see $WORK/$_dn.dhat.stderr)"
   heap_py dhat "$_dn.dhat.stderr" >"$_dn.dhat" ||
      fail "$(cat "$_dn.dhat")"
}

# dhat_fig NAME FIGURE: one of DHAT's figures (alloc-bytes, allocs,
# peak-bytes, peak-blocks, exit-bytes, exit-blocks) of the run NAME.
dhat_fig() {
   tr ' ' '\n' <"$1.dhat" | sed -n "s/^$2=//p"
}

# hg_fig REPORT FIGURE: one of the eight figures of <totals><heap>.
hg_fig() {
   heap_py totals "$1" >"$1.totals" || fail "$(cat "$1.totals")"
   tr ' ' '\n' <"$1.totals" | sed -n "s/^$2=//p"
}

# same_as_dhat REPORT NAME: the report's heap totals are DHAT's (run
# NAME), all six figures, and the program printed the same under both.
same_as_dhat() {
   cmp -s "$1.stdout" "$2.dhat.stdout" ||
      fail "$1: the program printed different output under hotgrind and DHAT"
   heap_py same-as-dhat "$1" "$2.dhat.stderr" >"$1.dhat-compare" 2>&1 || {
      cat "$1.dhat-compare" >&2
      fail "$1: heap totals differ from DHAT's"
   }
   pass "$1: heap totals = DHAT's: $(cat "$1.dhat-compare")"
}

# What one more round of heap_c and heap_cxx (ROUNDS, their argument)
# changes, as the programs' comments count it: "ALLOCS ALLOC-BYTES FREES
# FREE-BYTES EXIT-BLOCKS EXIT-BYTES" (the blocks kept are still live at
# the end).  The same on every 64-bit ABI: the sizes do not depend on it.
# heap_c.c: 18 allocations of 203905 bytes, 13 frees of 201625 bytes, 2
# blocks of 1020 bytes kept.
# shellcheck disable=SC2034  # used by the tests that source this
HEAP_C_ROUND="18 203905 13 201625 2 1020"
# heap_cxx.cpp: 25 allocations of 2917 bytes, 23 frees of 2684 bytes, 2
# blocks of 233 bytes kept.
# shellcheck disable=SC2034
HEAP_CXX_ROUND="25 2917 23 2684 2 233"

# expect_heap_delta A B FIGURE WANT: FIGURE of hotgrind's report B.xml
# minus that of A.xml; for the figures DHAT has (not frees, free-bytes),
# DHAT's run B minus run A too.
expect_heap_delta() {
   expect_eq "hotgrind $3, $2 - $1" \
      $(( $(hg_fig "$2.xml" "$3") - $(hg_fig "$1.xml" "$3") )) "$4"
   case $3 in
      frees|free-bytes) ;;
      *) expect_eq "DHAT $3, $2 - $1" \
            $(( $(dhat_fig "$2" "$3") - $(dhat_fig "$1" "$3") )) "$4";;
   esac
}

# expect_heap_deltas A B N "ALLOCS ALLOC-BYTES FREES FREE-BYTES
# EXIT-BLOCKS EXIT-BYTES": run B did N times these more than run A
# (expect_heap_delta of each figure).
expect_heap_deltas() {
   # shellcheck disable=SC2086  # the six numbers
   set -- "$1" "$2" "$3" $4
   test $# = 9 || hard_error "expect_heap_deltas: not six figures"
   expect_heap_delta "$1" "$2" allocs $(($3 * $4))
   expect_heap_delta "$1" "$2" alloc-bytes $(($3 * $5))
   expect_heap_delta "$1" "$2" frees $(($3 * $6))
   expect_heap_delta "$1" "$2" free-bytes $(($3 * $7))
   expect_heap_delta "$1" "$2" exit-blocks $(($3 * $8))
   expect_heap_delta "$1" "$2" exit-bytes $(($3 * $9))
}

# expect_self REPORT NAME "ALLOCS ALLOC-BYTES FREES FREE-BYTES": the self
# heap figures of the one function NAME.
expect_self() {
   _got=$(heap_py self "$1" "$2") || fail "$1: $_got"
   expect_eq "$1: $2 self heap (allocs alloc-bytes frees free-bytes)" "$_got" "$3"
}

# expect_incl_heap REPORT function|zone NAME "ALLOCS ALLOC-BYTES FREES
# FREE-BYTES CALLS": a marked function's or zone's inclusive heap figures
# and calls.
expect_incl_heap() {
   _got=$(heap_py inclusive "$1" "$2" "$3") || fail "$1: $_got"
   expect_eq "$1: $2 $3 inclusive heap (allocs alloc-bytes frees free-bytes) and calls" \
      "$_got" "$4"
}

# expect_thread REPORT ID "ALLOCS ALLOC-BYTES FREES FREE-BYTES".
expect_thread() {
   _got=$(heap_py thread "$1" "$2") || fail "$1: $_got"
   expect_eq "$1: thread $2 heap (allocs alloc-bytes frees free-bytes)" "$_got" "$3"
}

# need_heap_tool: the tool under test must know --heap (a tool without
# heap tracking is a failure of the tool, not a reason to skip).
need_heap_tool() {
   _st=$(hg_status heapopt --heap=yes --hotgrind-out-file=heapopt.xml -- /bin/true)
   test "$_st" = 0 ||
      fail "the tool does not accept --heap=yes (exit $_st): $(head -n 3 heapopt.stderr)"
   rm -f heapopt.xml
}

# option_value REPORT NAME: the value of <option name="NAME"> (several:
# one a line, in the report's order).
option_value() {
   "$XMLLINT" --xpath "/hotgrind/run/options/option[@name=\"$2\"]/@value" "$1" 2>/dev/null |
      sed 's/^ *value="\(.*\)"$/\1/' || true
}

# prog_built PROG...: the test programs (built by make check) exist.
prog_built() {
   for _p in "$@"; do
      test -x "../$_p" || hard_error "../$_p is not built (make check builds it)"
   done
}

# heap_tail.c's figures for `heap_tail $TAIL_N`, as its comment derives
# them: S = N(N+1)/2.
TAIL_N=199
TAIL_S=$((TAIL_N * (TAIL_N + 1) / 2))

# expect_tail_rows REPORT: each wrapper of heap_tail.c has the self heap
# figures of the allocator calls it tail-jumped into; churn, its own
# free.
expect_tail_rows() {
   expect_self "$1" zeroed "$TAIL_N $((8 * TAIL_S)) 0 0"
   expect_self "$1" raw "$TAIL_N $TAIL_S 0 0"
   expect_self "$1" grow "$TAIL_N $((2 * TAIL_S)) 0 0"
   expect_self "$1" release "0 0 $TAIL_N $((8 * TAIL_S))"
   expect_self "$1" churn "0 0 $TAIL_N $((2 * TAIL_S))"
}

# expect_tail_dhat NAME: DHAT's profile of the run NAME (heap_tail
# $TAIL_N), a stack of return addresses: the wrappers are on no stack
# (their frame is gone at the jump), and churn is the frame under
# calloc, malloc and realloc: 3N blocks of 8S + S + 2S bytes.
expect_tail_dhat() {
   expect_eq "DHAT $1: blocks and bytes with churn under the allocator, then with churn on the stack" \
      "$(heap_py dhat-frame "$1.dhat.json" churn)" \
      "$((3 * TAIL_N)) $((11 * TAIL_S)) $((3 * TAIL_N)) $((11 * TAIL_S))"
   for _w in zeroed raw grow release; do
      expect_eq "DHAT $1: blocks and bytes with $_w under the allocator, then on the stack" \
         "$(heap_py dhat-frame "$1.dhat.json" $_w)" "0 0 0 0"
   done
}

# tail_runs PROG: heap_tail $TAIL_N (the program PROG) under hotgrind,
# reports marked.xml (the four wrappers marked), plain.xml (nothing
# marked, no call graph), graph.xml (--call-graph=yes), and each checked:
# - marked, and with the call graph: the wrappers' self rows (the call
#   graph's caller rule: a tail jump's caller is the function that
#   jumped), their inclusive figures and calls, and, in graph.xml, each
#   wrapper -> allocator edge's N calls (graph_lib.sh's edge) and every
#   function's self heap = its edges into the allocators;
# - plain: unmarked wrappers have no activation, so the function holding
#   the return address, churn, has all that the wrappers did;
# - two runs of each of marked and graph: byte-identical reports.
# Run it with_arm64 for arm64's tool.
tail_runs() {
   _tp=$1
   _marks="--mark=zeroed --mark=raw --mark=grow --mark=release"
   # shellcheck disable=SC2086  # options are single words
   hgh marked.xml $_marks -- "$_tp" $TAIL_N
   expect_eq "heap_tail's own checks" "$(cat marked.xml.stdout)" "heap_tail ok"
   expect_tail_rows marked.xml
   expect_incl_heap marked.xml function zeroed "$TAIL_N $((8 * TAIL_S)) 0 0 $TAIL_N"
   expect_incl_heap marked.xml function raw "$TAIL_N $TAIL_S 0 0 $TAIL_N"
   expect_incl_heap marked.xml function grow "$TAIL_N $((2 * TAIL_S)) 0 0 $TAIL_N"
   expect_incl_heap marked.xml function release "0 0 $TAIL_N $((8 * TAIL_S)) $TAIL_N"

   hgh plain.xml -- "$_tp" $TAIL_N
   expect_self plain.xml churn \
      "$((3 * TAIL_N)) $((11 * TAIL_S)) $((2 * TAIL_N)) $((10 * TAIL_S))"
   for _w in zeroed raw grow release; do
      expect_self plain.xml $_w "0 0 0 0"
   done
   expect_eq "heap totals, marked and not" "$(heap_py totals plain.xml)" \
      "$(heap_py totals marked.xml)"

   hgh graph.xml --call-graph=yes -- "$_tp" $TAIL_N
   expect_tail_rows graph.xml
   for _w in zeroed:calloc raw:malloc grow:realloc release:free; do
      expect_eq "graph.xml: calls of ${_w%%:*} -> ${_w#*:}" \
         "$(edge graph.xml "${_w%%:*}" "${_w#*:}" 3)" $TAIL_N
   done
   heap_py graph-self graph.xml >graph.self 2>&1 || {
      cat graph.self >&2
      fail "graph.xml: a function's self heap is not its edges into the allocators"
   }
   pass "graph.xml: $(cat graph.self)"
   # That check can fail: zeroed's row one allocation short.
   sed "/<function name=\"zeroed\"/,/<\/function>/s/<heap allocs=\"$TAIL_N\"/<heap allocs=\"$((TAIL_N - 1))\"/" \
      graph.xml >graph-off.xml
   cmp -s graph.xml graph-off.xml && hard_error "could not alter zeroed's row in graph.xml"
   heap_py graph-self graph-off.xml >/dev/null &&
      fail "heap_report.py graph-self accepted zeroed's self allocs one short"
   pass "heap_report.py graph-self rejects a self row one allocation short"

   hgh graph2.xml --call-graph=yes -- "$_tp" $TAIL_N
   cmp -s graph.xml graph2.xml || fail "two --call-graph=yes runs of heap_tail differ"
   # shellcheck disable=SC2086  # options are single words
   hgh marked2.xml $_marks -- "$_tp" $TAIL_N
   cmp -s marked.xml marked2.xml || fail "two marked runs of heap_tail differ"
   pass "heap_tail: two runs, byte-identical reports (marked, and with the call graph)"
}
