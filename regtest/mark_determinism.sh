#!/bin/sh
# hotgrind regression tests: with marks and zones, the same command gives
# byte-identical reports, whatever the report is called and whichever
# pid the run had.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# check_same NAME OPTION... -- PROG ARGS...: three runs (one named with
# %p), byte-identical reports, with something marked.
check_same() {
   three_runs hg "$@"
   test "$(xpath "$1.1.xml" 'count(//function[@marked="yes"] | //zone)')" -gt 0 ||
      hard_error "$1: nothing marked, no zone"
   same_three "$1"
}

check_same fib --mark=fib -- ../mark_fib_O0 18 2
check_same except '--mark=*' -- ../mark_except_O2 2 2 20 1000

# Threads: whether pthread_join has to wait (a futex call or not) depends
# on when the kernel hands Valgrind's lock from one thread to another, so
# libc's share of a threaded program can differ between runs, as in
# Callgrind.  What runs inside each thread does not: the marked functions'
# lines (calls, self, inclusive, per-call) must be identical.
marked_lines() {
   grep -A3 'marked="yes"' "$1" | grep -v '^--$'
}
hg threads.1.xml --mark=work --mark=unit -- ../mark_threads 2 2 100000
hg threads.2.xml --mark=work --mark=unit -- ../mark_threads 2 2 100000
marked_lines threads.1.xml >threads.1.marked
marked_lines threads.2.xml >threads.2.marked
test -s threads.1.marked || hard_error "threads: nothing marked"
cmp threads.1.marked threads.2.marked ||
   fail "threads: marked functions differ between two runs"
pass "threads: marked functions identical in 2 runs"
check_same zones --mark=work -- ../mark_zone_O2 3 4 100
if test "$HT_ARCH" = amd64; then
   check_same asm --mark=mk_rec --mark='ht_*' -- ../mark_hand rec 30 4 0
fi
check_same collect --collect-atstart=no --mark=measured -- ../mark_collect 1000
