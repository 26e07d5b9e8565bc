# hotgrind regression tests: helpers for the thread tests (thread_*.sh).
# GPL-2.0-or-later
#
# Sourced after lib.sh.  thread_report.py reads <threads>, <mutexes>
# and <events>; the tests compare what it prints with what the
# programs' comments (thread_events.c) derive.

# shellcheck disable=SC2154  # srcdir: set by lib.sh
TREPORT="$srcdir/thread_report.py"

# loop_n_ir (expect_loops): ht_loop_n's hand count, where there is one.
if test "$HT_ARCH" = amd64; then
   . "$srcdir/hand_lib.sh"
fi

# The program the thread tests run (det_sched.sh runs its own).
# shellcheck disable=SC2034  # P: used by the tests that source this
P=../thread_events

# th_invariants REPORT: what holds for the threads, mutexes and events of
# every report (thread_report.py invariants lists it).
th_invariants() {
   "$PYTHON3" "$TREPORT" invariants "$1" >"$1.thread-inv" 2>&1 ||
      fail "$(cat "$1.thread-inv")"
}

# hgt REPORT [VALGRIND-OPTIONS...] -- PROG [ARGS...]: hg (lib.sh: the
# run, the schema, the totals) and the thread invariants (of the file a
# %p in REPORT names, report_file).
hgt() {
   hg "$@"
   th_invariants "$(report_file "$1")"
}

# th_threads REPORT: "ID name=N parent=P status=S" lines.
th_threads() {
   "$PYTHON3" "$TREPORT" threads "$1"
}

# th_events REPORT: the events, without Ir, with the program's own
# mutexes only (te_*, and unnamed ones as "-").
th_events() {
   "$PYTHON3" "$TREPORT" events "$1" te_
}

# th_mutexes REPORT: "NAME acquisitions contended" of the program's own
# mutexes, by id.
th_mutexes() {
   "$PYTHON3" "$TREPORT" mutexes "$1" te_
}

# th_ir REPORT ID: the Ir of one thread.
th_ir() {
   "$PYTHON3" "$TREPORT" thread-ir "$1" "$2" || fail "$1: no thread $2"
}

# expect_lines WHAT GOT: the file GOT holds exactly the lines given on
# stdin (a here-document), in order; fails showing the difference.
expect_lines() {
   cat >"$2.want"
   diff -u "$2.want" "$2" >"$2.diff" || {
      cat "$2.diff" >&2
      fail "$1: differs from what the program implies (- expected, + got)"
   }
   pass "$1: $(wc -l <"$2" | tr -d ' ') lines as derived"
}

# expect_before FILE A B: line A occurs in FILE (an events listing), and
# its first occurrence is before the first occurrence of line B.
expect_before() {
   _a=$(grep -n -x -F -- "$2" "$1" | head -n 1 | cut -d: -f1)
   _b=$(grep -n -x -F -- "$3" "$1" | head -n 1 | cut -d: -f1)
   test -n "$_a" || fail "$1: no event '$2'"
   test -n "$_b" || fail "$1: no event '$3'"
   test "$_a" -lt "$_b" || fail "$1: '$2' (event $_a) is not before '$3' (event $_b)"
   pass "'$2' before '$3'"
}

# thread_lines FILE T: the events of thread T (lines starting "T ").
thread_lines() {
   grep "^$2 " "$1" || true
}

# expect_ge WHAT GOT MIN
expect_ge() {
   test "$2" -ge "$3" || fail "$1: got $2, expected at least $3"
   pass "$1 = $2 >= $3"
}

# expect_th KIND NAME: the KIND listing (threads, events or mutexes: what
# th_threads, th_events or th_mutexes prints) of NAME.xml, kept in
# NAME.KIND, is exactly the lines on stdin (expect_lines).
expect_th() {
   "th_$1" "$2.xml" >"$2.$1"
   expect_lines "$2: $1" "$2.$1"
}

# expect_thread_rows NAME ROW...: expect_th threads NAME, the expected lines
# given as rows "ID NAME PARENT STATUS" (each its own word), one per
# thread in order.
expect_thread_rows() {
   _etn=$1; shift
   for _etrow in "$@"; do
      # shellcheck disable=SC2086  # the row's four words
      printf '%s name=%s parent=%s status=%s\n' $_etrow
   done | expect_th threads "$_etn"
}

# lock_pairs T MUTEX K: K lock/unlock pairs of MUTEX by thread T, none
# waited, as th_events lists them.
lock_pairs() {
   _lpk=0
   while test "$_lpk" -lt "$3"; do
      printf '%s lock %s no\n%s unlock %s\n' "$1" "$2" "$1" "$2"
      _lpk=$((_lpk + 1))
   done
}

# same_threads REF NAME WHY: NAME.xml lists the same threads as REF.xml
# (REF.threads, from expect_th or th_threads), byte for byte.
same_threads() {
   th_threads "$2.xml" >"$2.threads"
   cmp "$1.threads" "$2.threads" || fail "$1: threads differ $3"
}

# expect_loops NAME NA NB (amd64; loop_n_ir from hand_lib.sh): NAME.xml,
# run with --mark=ht_loop_n, has ht_loop_n called twice, as ht_loop_n(NA)
# and ht_loop_n(NB), each with its hand-counted Ir, and threads 2 and 3,
# which ran them, at least those Ir.
expect_loops() {
   expect_calls "$1.xml" ht_loop_n 2
   printf '%s 1\n%s 1\n' "$(loop_n_ir "$2")" "$(loop_n_ir "$3")" >"$1.spec"
   expect_per_call "$1.xml" function ht_loop_n "$1.spec"
   expect_ge "$1: thread 2 Ir" "$(th_ir "$1.xml" 2)" "$(loop_n_ir "$2")"
   expect_ge "$1: thread 3 Ir" "$(th_ir "$1.xml" 3)" "$(loop_n_ir "$3")"
}
