#!/bin/sh
# hotgrind regression tests: with heap tracking, the same command gives
# byte-identical reports over three runs (different report names, a %p
# name, different pids): the heap programs of heap_dhat.sh and
# heap_hand.sh, with marks, a zone, --alloc-fn/--free-fn and two threads.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"

prog_built heap_c heap_cxx heap_many heap_hand heap_threads
need_heap_tool

# three_runs NAME [VALGRIND-OPTIONS...] -- PROG [ARGS...]
three_runs() {
   _tn=$1; shift
   hgh "$_tn.xml" "$@"
   hgh "$_tn.again.xml" "$@"
   hgh "$_tn.%p.xml" "$@"
   _pid=$(pid_of "$_tn.%p.xml.stderr")
   _third="$_tn.$_pid.xml"
   test -f "$_third" || fail "no $_third"
   _p1=$(pid_of "$_tn.xml.stderr")
   _p2=$(pid_of "$_tn.again.xml.stderr")
   if test "$_p1" = "$_p2" || test "$_p2" = "$_pid"; then
      hard_error "two runs had the same pid ($_p1 $_p2 $_pid)"
   fi
   test "$(xpath "$_tn.xml" 'count(/hotgrind/totals/heap)')" = 1 ||
      fail "$_tn.xml: no <totals><heap>: nothing about the heap was compared"
   cmp "$_tn.xml" "$_tn.again.xml" || fail "$_tn: two runs gave different reports"
   cmp "$_tn.xml" "$_third" || fail "$_tn: a run with another report name gave a different report"
   pass "$_tn: 3 runs (pids $_p1 $_p2 $_pid), identical reports"
}

three_runs c -- ../heap_c 3
three_runs cxx -- ../heap_cxx 3
three_runs many -- ../heap_many 300000
three_runs hand --mark=parent --mark=helper_a --alloc-fn=pool_alloc \
   --free-fn=pool_free -- ../heap_hand
three_runs threads --mark=t2_work -- ../heap_threads
