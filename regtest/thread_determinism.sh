#!/bin/sh
# hotgrind regression tests: thread data from repeated runs.
# GPL-2.0-or-later
#
# A multithreaded program's instructions depend on the scheduling
# wherever two threads both have code to run: after every clone
# Valgrind yields so that the child may run first, and whichever thread
# the kernel gives Valgrind's lock to goes first.  A plain "create,
# join" without any contention is not enough: the child sometimes ends
# before main reaches pthread_join, which then does not wait (fewer
# instructions in glibc), and the event clock of the child's events
# counts main's last instructions before the join or not
# (thread_events.c, "lockstep", says how often and how the lockstep
# program avoids it).  So:
#   1. lockstep, whose instructions do not depend on the scheduling by
#      construction: byte-identical reports, whatever the report is
#      called, with --fair-sched=no (the default) and =yes;
#   2. seq, cond, contend, whose events are ordered by their own
#      synchronisation: the same threads, mutexes and events (without
#      their Ir) in every run; in seq the children's Ir too (only main's
#      pthread_join depends on the scheduling there).
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"

R=$TREPORT

# check_same NAME OPTION... -- PROG ARGS...: three runs (one named with
# %p), byte-identical reports, with events.
check_same() {
   three_runs hgt "$@"
   test "$(xpath "$1.1.xml" 'count(/hotgrind/events/event)')" -gt 0 ||
      hard_error "$1: no events"
   same_three "$1"
}

check_same lockstep --thread-events=yes -- $P lockstep 1000 3001 5
check_same lockstep-fair --thread-events=yes --fair-sched=yes -- $P lockstep 1000 3001 5
if test "$HT_ARCH" = amd64; then
   check_same lockstep-mark --thread-events=yes --mark=ht_loop_n -- $P lockstep 1000 3001 5
fi

# synchronised NAME WHAT ARGS...: three runs; the thread table, the mutex
# table and the events without Ir (WHAT=all), or each thread's own
# events (WHAT=per-thread), are the same in all three.
synchronised() {
   _n=$1 _what=$2; shift 2
   for _i in 1 2 3; do
      hgt "$_n.$_i.xml" --thread-events=yes -- $P "$@"
      "$PYTHON3" "$R" threads "$_n.$_i.xml" >"$_n.$_i.threads"
      "$PYTHON3" "$R" mutexes "$_n.$_i.xml" >"$_n.$_i.mutexes"
      "$PYTHON3" "$R" events "$_n.$_i.xml" >"$_n.$_i.events"
      if test "$_what" = per-thread; then
         sort -s -n -k1,1 "$_n.$_i.events" >"$_n.$_i.events.sorted"
         mv "$_n.$_i.events.sorted" "$_n.$_i.events"
      fi
   done
   for _f in threads mutexes events; do
      for _i in 2 3; do
         cmp "$_n.1.$_f" "$_n.$_i.$_f" ||
            fail "$_n: runs 1 and $_i have different $_f ($_what)"
      done
   done
   pass "$_n: 3 runs, the same threads, mutexes and events ($_what, without Ir)"
}

synchronised seq all seq 1000 2001 5
# The children's instructions do not depend on when they ran.
for t in 2 3; do
   a=$("$PYTHON3" "$R" thread-ir seq.1.xml $t)
   for i in 2 3; do
      expect_eq "seq: thread $t Ir, run $i" "$("$PYTHON3" "$R" thread-ir seq.$i.xml $t)" "$a"
   done
done
# main's may (pthread_join waited or not); say so when it did.
m1=$("$PYTHON3" "$R" thread-ir seq.1.xml 1)
for i in 2 3; do
   mi=$("$PYTHON3" "$R" thread-ir seq.$i.xml 1)
   test "$mi" = "$m1" ||
      echo "note: seq: main's Ir differs between runs 1 and $i ($m1, $mi): the scheduling after a clone differed"
done
synchronised contend all contend
# cond: the threads' events interleave as the scheduling decides where
# the condition variable does not order them (thread 2's broadcast and
# main's return from its wait, for instance).
synchronised cond per-thread cond
