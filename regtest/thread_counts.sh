#!/bin/sh
# hotgrind regression tests: per-thread Ir, exactly, on a program whose
# threads never have client code to run at the same time except where
# nothing depends on it (thread_events.c, "lockstep"): the threads' Ir
# add up to Cachegrind's total, each thread's share moves by exactly
# what its hand-counted loop changes, and --thread-events changes no
# count.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"

#--------------------------------------------------------------------------
# lockstep: the same work, handed over so that nothing depends on the
# scheduling (thread_events.c): the report is exact, and Cachegrind's
# run of the same command executes the same instructions.
#--------------------------------------------------------------------------
NA=1000 NB=3001 K=5
hgt lockstep.xml --thread-events=yes --mark=ht_loop_n -- $P lockstep $NA $NB $K
expect_thread_rows lockstep "1 - - exited" "2 te-one 1 exited" "3 te-two 1 exited"
# Child 1: K lock/unlock pairs, a signal of te_cv (first condition
# variable used: cond 1).  main: te_seq once.  Child 2: te_pair.m,
# trylock te_try, both unlocked, a broadcast of te_cv2 (cond 2).
expect_th events lockstep <<EOF
1 create 2
$(lock_pairs 2 te_seq "$K")
2 cond-signal 1
2 exit
1 join 2
1 lock te_seq no
1 unlock te_seq
1 create 3
3 lock te_pair+8 no
3 lock te_try no
3 unlock te_try
3 unlock te_pair+8
3 cond-broadcast 2
3 exit
1 join 3
1 exit
EOF
expect_th mutexes lockstep <<EOF
te_seq $((K + 1)) 0
te_pair+8 1 0
te_try 1 0
EOF
# Sum of the threads' Ir = totals Ir (th_invariants) = Cachegrind's
# total, and every function's self Ir = Cachegrind's: observing pthread
# functions adds no instruction to the client.
cachegrind_agrees lockstep $P lockstep $NA $NB $K
pass "lockstep: threads' Ir add up to Cachegrind's total $(sed -n 's/^summary: //p' lockstep.cg)"

# Without --thread-events: the same threads and Ir, no mutexes, no events.
hgt lockstep-noev.xml --mark=ht_loop_n -- $P lockstep $NA $NB $K
expect_eq "lockstep, thread-events=no: option" \
   "$(xpath lockstep-noev.xml 'string(//option[@name="thread-events"]/@value)')" no
expect_eq "lockstep, thread-events=no: <mutexes> and <events>" \
   "$(xpath lockstep-noev.xml 'count(/hotgrind/mutexes | /hotgrind/events)')" 0
same_threads lockstep lockstep-noev "with --thread-events=no"
for t in 1 2 3; do
   expect_eq "lockstep: thread $t Ir, with and without events" \
      "$(th_ir lockstep-noev.xml $t)" "$(th_ir lockstep.xml $t)"
done
expect_eq "lockstep: totals with and without events" \
   "$(total_ir lockstep-noev.xml)" "$(total_ir lockstep.xml)"

# Without marks and thread events the clock is not kept inline: each
# thread's Ir is summed from the functions' counts at thread switches.
# The same figures, with and without heap tracking.
for heap in yes no; do
   hgt lockstep-plain-$heap.xml --heap=$heap -- $P lockstep $NA $NB $K
   same_threads lockstep lockstep-plain-$heap \
      "without marks and events (--heap=$heap)"
   for t in 1 2 3; do
      expect_eq "lockstep: thread $t Ir, summed clock (--heap=$heap)" \
         "$(th_ir lockstep-plain-$heap.xml $t)" "$(th_ir lockstep.xml $t)"
   done
done

if test "$HT_ARCH" = amd64; then
   expect_loops lockstep $NA $NB

   # Per-thread attribution, exactly: swap the loop lengths (arguments
   # of the same length, so main parses them with the same
   # instructions).  Child 1 runs ht_loop_n(3000) instead of (1000):
   # 2 x 2000 = 4000 more; child 2 ht_loop_n(1001) instead of (3001):
   # 4000 fewer; main and the total do not change.
   hgt swap.xml --thread-events=yes -- $P lockstep 3000 1001 $K
   expect_eq "lockstep swapped: thread 1 Ir - before" \
      $(( $(th_ir swap.xml 1) - $(th_ir lockstep.xml 1) )) 0
   expect_eq "lockstep swapped: thread 2 Ir - before" \
      $(( $(th_ir swap.xml 2) - $(th_ir lockstep.xml 2) )) \
      $(( $(loop_n_ir 3000) - $(loop_n_ir 1000) ))
   expect_eq "lockstep swapped: thread 3 Ir - before" \
      $(( $(th_ir swap.xml 3) - $(th_ir lockstep.xml 3) )) \
      $(( $(loop_n_ir 1001) - $(loop_n_ir 3001) ))
   expect_eq "lockstep swapped: totals Ir - before" \
      $(( $(total_ir swap.xml) - $(total_ir lockstep.xml) )) 0
fi

# K more lock/unlock pairs cost child 1, and only child 1, the same for
# every pair: K = 5, 7, 9 gives two equal steps.
hgt k7.xml --thread-events=yes -- $P lockstep $NA $NB 7
hgt k9.xml --thread-events=yes -- $P lockstep $NA $NB 9
s1=$(( $(th_ir k7.xml 2) - $(th_ir lockstep.xml 2) ))
s2=$(( $(th_ir k9.xml 2) - $(th_ir k7.xml 2) ))
test "$s1" -gt 0 || fail "lockstep: 2 more lock/unlock pairs cost thread 2 $s1 Ir"
expect_eq "lockstep: thread 2's cost of 2 more pairs, 7 -> 9 (5 -> 7: $s1)" "$s2" "$s1"
for t in 1 3; do
   expect_eq "lockstep K=9: thread $t Ir as with K=5" \
      "$(th_ir k9.xml $t)" "$(th_ir lockstep.xml $t)"
done
expect_eq "lockstep K=9: te_seq acquisitions" "$(th_mutexes k9.xml | sed -n 's/^te_seq //p')" "10 0"

