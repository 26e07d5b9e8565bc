#!/bin/sh
# hotgrind regression tests: --call-graph=yes against Callgrind and
# Cachegrind.  Each program runs under the three tools with the same
# arguments:
# - every caller -> callee edge's calls equal Callgrind's calls= lines
#   (cgr_edges.py compare says what it leaves out and why);
# - every function's inclusive Ir equals Callgrind's where Callgrind
#   counts the same instructions (cgr_edges.py inclusive; hotgrind with
#   --vex-guest-chase=no, which Callgrind forces);
# - self Ir still equals Cachegrind's, call graph or not;
# - the report's own identities hold (cgr_edges.py check: calls = outside
#   calls + edges into the function; inclusive Ir = self + no-symbol +
#   callees for every function neither recursive, nor mid-jump, nor on a
#   cycle).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "Callgrind gets calls and returns wrong on $HT_ARCH (docs/arm64.md)"
fi

. "$srcdir/graph_lib.sh"

graph tail ../mark_tail 1000 357
for o in O0 O2; do
   graph fib_$o ../mark_fib_$o 15 2
   graph mutual_$o ../mark_mutual_$o 101 3
   graph qsort_$o ../mark_qsort_$o 1000 3
   graph fnptr_$o ../mark_fnptr_$o 31
   graph longjmp_$o ../mark_longjmp_$o 2 200
   graph except_$o ../mark_except_$o 3 2 10 100
done
graph plt ../mark_plt 50 20 7
# Virtual calls, a lambda through std::function and std::sort with a
# lambda comparator (mark_virtual.cpp), and by hand: main calls area() on
# 300 shapes, 200 Sq and 100 Tri, through the vtable, and apply() 300
# times.
for o in O0 O2; do
   graph virtual_$o ../mark_virtual_$o 300
   expect_eq "virtual_$o: main -> Sq::area calls" \
      "$(edge virtual_$o.xml main 'Sq::area(long) const' 3)" 200
   expect_eq "virtual_$o: main -> Tri::area calls" \
      "$(edge virtual_$o.xml main 'Tri::area(long) const' 3)" 100
   expect_eq "virtual_$o: main -> apply calls" \
      "$(edge virtual_$o.xml main 'apply(std::function<long (long)> const&, long)' 3)" 300
done
# Signal handlers: Callgrind writes no calls= line into a handler (it
# runs it on a call stack of its own), so the calls into it, and the
# inclusive Ir of the functions it interrupted (and their callers), which
# in hotgrind hold the handler, are not compared with Callgrind's;
# hotgrind's calls are the program's own count (mark_signal.c: N signals,
# N handler runs), the handler's caller being the function the signal
# interrupted.  What the handler calls is compared.
N=50 K=1000
EXCLUDE=--exclude-callee=on_usr1 graph signal_O0 ../mark_signal_O0 $N $K
expect_eq "signal_O0: on_usr1's calls" "$(fn_calls signal_O0.xml on_usr1)" $N
EXCLUDE=--exclude-callee=on_usr1 graph signal_O2 ../mark_signal_O2 $N $K
expect_eq "signal_O2: on_usr1's calls" "$(fn_calls signal_O2.xml on_usr1)" $N
# A SIGSEGV handler that siglongjmps out of the faulting function.
EXCLUDE=--exclude-callee=on_segv graph oracle_signal ../oracle_signal
# Whether a join waits, and how long (the futex functions' calls and self
# Ir), depends on the scheduling of each run, which is not the same across
# the three tools: self Ir are compared in the threaded tests
# (thread_counts.sh), not here, and neither are the calls of the futex
# wait, nor the inclusive Ir of the functions that waited.
SCHEDULING_DEPENDENT=yes \
EXCLUDE="--exclude-callee=__futex_abstimed_wait_cancelable64 --exclude-callee=__futex_abstimed_wait_common" \
   graph threads ../mark_threads 3 4 2000
# Collection stopped and started by the program (hotgrind's client
# requests, which Callgrind ignores, so it counts what hotgrind does not):
# the identities only.
identities collect ../mark_collect 1000
identities collect_span ../mark_collect 1000 span
graph hand_c ../hand_c 1000 500 300 100
graph hand_cxx ../hand_cxx 100 7
# A function falling through into the next one, no jump (fall_through.c
# works out the numbers): hotgrind counts the fall-through as a call,
# Callgrind sees none and charges fall_target's instructions run from
# fall_into's block to fall_into; cgr_edges.py compare proves the edge
# (graph_lib.sh's compare_edges); Cachegrind charges per instruction.
F=1000 D=300
graph fall ../fall_through $F $D
expect_eq "fall: fall_into -> fall_target calls" \
   "$(edge fall.xml fall_into fall_target 3)" $F
expect_eq "fall: main -> fall_target calls" \
   "$(edge fall.xml main fall_target 3)" $D
expect_eq "fall: fall_target's calls" "$(fn_calls fall.xml fall_target)" \
   $((F + D))
expect_eq "fall: hotgrind's self Ir of fall_into, fall_target" \
   "$(fn_self_ir fall.xml fall_into), $(fn_self_ir fall.xml fall_target)" \
   "$((2 * F)), $((3 * (F + D)))"
cg_self() {
   awk -v f="fn=$2" '/^fn=/ { on = ($0 == f) } on && /^[0-9]/ { s += $2 }
      END { print s + 0 }' "$1"
}
expect_eq "fall: Cachegrind's self Ir of fall_into, fall_target" \
   "$(cg_self fall.cg fall_into), $(cg_self fall.cg fall_target)" \
   "$((2 * F)), $((3 * (F + D)))"
# Callgrind's: self Ir, and the calls into fall_target (main's only).
cgr_fn() {
   "$PYTHON3" "$srcdir/cgr_inclusive.py" dump "$1" |
      awk -F '\t' -v n="$2" -v c="$3" '$2 == n { v = $c } END { print v + 0 }'
}
expect_eq "fall: Callgrind's self Ir of fall_into, fall_target" \
   "$(cgr_fn fall.cgr fall_into 3), $(cgr_fn fall.cgr fall_target 3)" \
   "$((5 * F)), $((3 * D))"
expect_eq "fall: Callgrind's calls into fall_target" \
   "$(cgr_fn fall.cgr fall_target 5)" $D
grep -q '^fall-through proven: fall_into (fall_through) -> fall_target (fall_through): 1000 calls$' \
   fall.compare || fail "fall.compare: the fall-through is not proven"
# The proof can fail: against a Cachegrind output with no functions, or
# Callgrind's output without per-instruction counts, it does not hold.
for bad in "--instr=fall.cgr-instr --cachegrind=/dev/null" \
   "--instr=fall.cgr --cachegrind=fall.cg"; do
   st=0
   # shellcheck disable=SC2086  # two option words
   "$PYTHON3" "$srcdir/cgr_edges.py" compare fall.xml fall.cgr $bad \
      >fall.bad-proof 2>&1 || st=$?
   expect_eq "fall: compare with $bad exits" "$st" 1
   grep -q '^fall_into (fall_through) -> fall_target (fall_through): not proven a fall-through' \
      fall.bad-proof || fail "fall.bad-proof: no 'not proven' line"
done
# Determinism: the same run twice, byte-identical reports.
hg fall-again.xml --call-graph=yes -- ../fall_through $F $D
cmp fall.xml fall-again.xml || fail "fall.xml and fall-again.xml differ"
pass "fall: two runs, identical reports"
