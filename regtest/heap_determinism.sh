#!/bin/sh
# hotgrind regression tests: with heap tracking, the same command gives
# byte-identical reports over three runs (different report names, a %p
# name, different pids): the heap programs of heap_dhat.sh and
# heap_hand.sh, with marks, a zone, --alloc-fn/--free-fn; and for two
# threads, identical heap figures.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"

prog_built heap_c heap_cxx heap_many heap_hand heap_threads
need_heap_tool

# heap_view REPORT: every heap figure of the report (totals, functions,
# inclusive, threads) and the calls of marked functions, without any Ir.
heap_view() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
HEAP = ("allocs", "alloc-bytes", "frees", "free-bytes", "peak-bytes",
        "peak-blocks", "exit-bytes", "exit-blocks")
root = ET.parse(sys.argv[1]).getroot()
def figs(e):
    return " ".join(f"{k}={e.get(k)}" for k in HEAP if e.get(k) is not None)
print("totals", figs(root.find("totals/heap")))
for f in root.iter("function"):
    h, i = f.find("heap"), f.find("inclusive")
    if h is not None or f.get("marked"):
        print(f.get("name"), f.get("object"), f.get("calls"),
              figs(h) if h is not None else "-",
              figs(i) if i is not None else "-")
for t in root.iter("thread"):
    print("thread", t.get("id"), t.get("parent"), figs(t))' "$1"
}

# heap_same NAME [VALGRIND-OPTIONS...] -- PROG [ARGS...]: three_runs
# (lib.sh) under hgh, byte-identical reports.
# With THREADED=yes only the heap figures must be identical: whether
# pthread_join has to wait depends on which thread the kernel runs after
# the clone (docs/threads.md: 94 instructions in 2 of 40 runs, under
# Cachegrind too), which moves Ir but never an allocation.
heap_same() {
   _tn=$1
   three_runs hgh "$@"
   test "$(xpath "$_tn.1.xml" 'count(/hotgrind/totals/heap)')" = 1 ||
      fail "$_tn.1.xml: no <totals><heap>: nothing about the heap was compared"
   if test "${THREADED:-no}" = yes; then
      for _r in "$_tn.1.xml" "$_tn.2.xml" "$THIRD"; do
         heap_view "$_r" >"$_r.heap" || fail "cannot read the heap figures of $_r"
      done
      cmp "$_tn.1.xml.heap" "$_tn.2.xml.heap" ||
         fail "$_tn: two runs gave different heap figures"
      cmp "$_tn.1.xml.heap" "$THIRD.heap" ||
         fail "$_tn: a run with another report name gave different heap figures"
      pass "$_tn: 3 runs (pids $PIDS), identical heap figures ($(wc -l <"$_tn.1.xml.heap") lines)"
      return
   fi
   same_three "$_tn"
}

heap_same c -- ../heap_c 3
heap_same cxx -- ../heap_cxx 3
heap_same many -- ../heap_many 300000
heap_same hand --mark=parent --mark=helper_a --alloc-fn=pool_alloc \
   --free-fn=pool_free -- ../heap_hand
THREADED=yes heap_same threads --mark=t2_work -- ../heap_threads
