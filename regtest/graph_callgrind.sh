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

# identities NAME PROG [ARGS...]: the report's own identities.
identities() {
   _n=$1; shift
   hg "$_n.xml" --call-graph=yes -- "$@"
   "$PYTHON3" "$srcdir/cgr_edges.py" check "$_n.xml" >"$_n.check" 2>&1 || {
      cat "$_n.check" >&2
      fail "$_n.xml: the call graph's identities do not hold"
   }
   pass "$_n: $(tail -n 1 "$_n.check")"
}

# graph NAME PROG [ARGS...]: the identities, and Callgrind's edges.
graph() {
   identities "$@"
   _n=$1; shift
   cgr "$_n.cgr" "$@"
   cmp -s "$_n.xml.stdout" "$_n.cgr.stdout" ||
      fail "$* printed different output under hotgrind and Callgrind"
   "$PYTHON3" "$srcdir/cgr_edges.py" compare "$_n.xml" "$_n.cgr" \
      >"$_n.compare" 2>&1 || {
      cat "$_n.compare" >&2
      fail "$_n.xml: edge calls differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.compare")"
   cg "$_n.cg" "$@"
   if test -z "${SCHEDULING_DEPENDENT:-}"; then
      oracle "$_n.xml" "$_n.cg" >/dev/null
      pass "$_n: self Ir equal Cachegrind's"
   fi
   hg "$_n-nochase.xml" --call-graph=yes --vex-guest-chase=no -- "$@"
   "$PYTHON3" "$srcdir/cgr_edges.py" inclusive "$_n-nochase.xml" "$_n.cgr" \
      "$_n.cg" >"$_n.inclusive" 2>&1 || {
      cat "$_n.inclusive" >&2
      fail "$_n-nochase.xml: inclusive Ir differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.inclusive")"
}

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
# How long a join or a lock waits (and so the self Ir of the futex
# functions) depends on the scheduling of each run, which is not the same
# across the three tools: self Ir are compared in the threaded tests
# (thread_counts.sh), not here.
SCHEDULING_DEPENDENT=yes graph threads ../mark_threads 3 4 2000
# Collection stopped and started by the program (hotgrind's client
# requests, which Callgrind ignores, so it counts what hotgrind does not):
# the identities only.
identities collect ../mark_collect 1000
identities collect_span ../mark_collect 1000 span
graph hand_c ../hand_c 1000 500 300 100
graph hand_cxx ../hand_cxx 100 7
