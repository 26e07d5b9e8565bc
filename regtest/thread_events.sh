#!/bin/sh
# hotgrind regression tests: threads and their events, for programs
# whose thread behaviour follows from the code (thread_events.c derives
# every expectation; glibc 2.36's own mutexes, named _rtld_local+N, are
# left out by name).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"

#--------------------------------------------------------------------------
# seq: A (thread 2) created and joined, then B (thread 3).
#--------------------------------------------------------------------------
# NA = 1000 and NB = 2001: ht_loop_n's exit copy differs (residues 0 and 1
# mod 4, asm_amd64.S).  K = 5 lock/unlock pairs in A.
NA=1000 NB=2001 K=5
hgt seq.xml --thread-events=yes --mark=ht_loop_n -- $P seq $NA $NB $K
expect_eq "seq: option thread-events" \
   "$(xpath seq.xml 'string(//option[@name="thread-events"]/@value)')" yes

# Nobody names a thread; each child is created by main and returns.
expect_thread_rows seq "1 - - exited" "2 - 1 exited" "3 - 1 exited"

# The whole order is forced: A runs between its create and main's join
# of it, B between its own; main's last lock comes after both joins.
# A: K lock/unlock pairs of te_seq, none can wait (nobody else runs).
# B: te_pair.m (te_pair+8: the mutex follows an int, padded to 8), the
# malloc'd mutex (no name), then trylock and timedlock of te_try, each
# followed by an unlock.  The thread that ends the program (main,
# returning from main) ends last.
expect_th events seq <<EOF
1 create 2
$(lock_pairs 2 te_seq "$K")
2 exit
1 join 2
1 create 3
3 lock te_pair+8 no
3 unlock te_pair+8
3 lock - no
3 unlock -
3 lock te_try no
3 unlock te_try
3 lock te_try no
3 unlock te_try
3 exit
1 join 3
1 lock te_seq no
1 unlock te_seq
1 exit
EOF
# Mutexes in order of first use: te_seq (K + 1 = 6 acquisitions: A's 5
# and main's), te_pair+8, the heap one, te_try (trylock and timedlock:
# 2); none contended.
expect_th mutexes seq <<EOF
te_seq $((K + 1)) 0
te_pair+8 1 0
- 1 0
te_try 2 0
EOF

if test "$HT_ARCH" = amd64; then
   # ht_loop_n(n) is 2n + 2 instructions: once in A, once in B; each
   # thread executed at least its own ht_loop_n.
   expect_loops seq $NA $NB
   expect_incl seq.xml ht_loop_n $(( $(loop_n_ir $NA) + $(loop_n_ir $NB) ))
fi

#--------------------------------------------------------------------------
# held: failed trylock and timedlock record nothing; a futex wait inside
# a failed call does not make the next lock "waited".
#--------------------------------------------------------------------------
hgt held.xml --thread-events=yes -- $P held
expect_th events held <<EOF
1 lock te_held no
1 create 2
2 lock te_free no
2 unlock te_free
2 exit
1 join 2
1 unlock te_held
1 exit
EOF
expect_th mutexes held <<EOF
te_held 1 0
te_free 1 0
EOF

#--------------------------------------------------------------------------
# cond: a handshake through a condition variable.  Each thread's own
# sequence is fixed; across threads, only what the synchronisation
# forces is checked.
#--------------------------------------------------------------------------
hgt cond.xml --thread-events=yes -- $P cond
th_events cond.xml >cond.events
# main: lock, create, one wait (flag is set only after main waits: A's
# trylock succeeds only once pthread_cond_wait released the mutex, and
# A signals once), unlock, join.  A: the successful trylock (a trylock
# never waits), unlock, signal te_cv (cond 1: main's wait used it
# first), broadcast te_cv2 (cond 2), exit.
thread_lines cond.events 1 >cond.events.1
expect_lines "cond: main's events" cond.events.1 <<EOF
1 lock te_cv_mutex no
1 create 2
1 cond-wait 1 te_cv_mutex
1 unlock te_cv_mutex
1 join 2
1 exit
EOF
thread_lines cond.events 2 >cond.events.2
expect_lines "cond: thread 2's events" cond.events.2 <<EOF
2 lock te_cv_mutex no
2 unlock te_cv_mutex
2 cond-signal 1
2 cond-broadcast 2
2 exit
EOF
expect_before cond.events "1 create 2" "2 lock te_cv_mutex no"
expect_before cond.events "2 unlock te_cv_mutex" "1 cond-wait 1 te_cv_mutex"
expect_before cond.events "2 cond-signal 1" "1 cond-wait 1 te_cv_mutex"
expect_before cond.events "2 exit" "1 join 2"
# main's lock and A's trylock; the wait's re-acquisition is no lock.
expect_th mutexes cond <<EOF
te_cv_mutex 2 0
EOF

#--------------------------------------------------------------------------
# contend: W (thread 3, created by H, thread 2) must wait for the mutex
# H holds: H unlocks only once glibc's lock word says W is about to
# sleep in the kernel.
#--------------------------------------------------------------------------
hgt contend.xml --thread-events=yes -- $P contend
expect_thread_rows contend "1 - - exited" "2 - 1 exited" "3 - 2 exited"
# W's lock returns after H's unlock (recorded at its entry), waited.
expect_th events contend <<EOF
1 create 2
2 lock te_contended no
2 create 3
2 unlock te_contended
3 lock te_contended yes
3 unlock te_contended
3 exit
2 join 3
2 exit
1 join 2
1 exit
EOF
expect_th mutexes contend <<EOF
te_contended 2 1
EOF

#--------------------------------------------------------------------------
# Every successful lock call is a lock event, and every unlock call an
# unlock event, whoever calls it: glibc's own calls too (the report
# names glibc's mutexes, docs/report-format.md).  In seq every lock,
# trylock and timedlock succeeds, so the lock events are the calls of
# the three functions, and the unlock events those of
# pthread_mutex_unlock -- counted by --mark in the same run (calls of a
# marked function: entries, whoever makes them; mark_*.sh test them).
# In glibc 2.36 the calls include two that ld.so makes inside each
# pthread_create (_dl_allocate_tls_init locks its TLS mutex,
# _rtld_local+2648, through a function pointer).
#--------------------------------------------------------------------------
hgt calls.xml --thread-events=yes --mark='pthread_mutex_lock*' \
   --mark='pthread_mutex_trylock*' --mark='pthread_mutex_timedlock*' \
   --mark='pthread_mutex_unlock*' -- $P seq 1000 2001 5
sum_calls() {
   xpath calls.xml "sum(//function[starts-with(@name, '$1')]/@calls)"
}
locks=$(( $(sum_calls pthread_mutex_lock) + $(sum_calls pthread_mutex_trylock) \
          + $(sum_calls pthread_mutex_timedlock) ))
unlocks=$(sum_calls pthread_mutex_unlock)
expect_eq "seq: lock events = lock, trylock and timedlock calls" \
   "$(xpath calls.xml 'count(//event[@kind="lock"])')" "$locks"
expect_eq "seq: unlock events = pthread_mutex_unlock calls" \
   "$(xpath calls.xml 'count(//event[@kind="unlock"])')" "$unlocks"

#--------------------------------------------------------------------------
# sync-Ir: each thread's Ir inside synchronisation calls (join, mutex
# lock/trylock/timedlock/unlock, condition wait/signal/broadcast),
# outermost calls only.  None of those calls another (glibc's condition
# wait re-locks through internal functions), so over all threads it is
# the inclusive Ir of those functions, which --mark measures in the same
# run (mark_*.sh check inclusive Ir against Callgrind and hand counts).
# cond exercises condition variables, seq the locks and joins.
#--------------------------------------------------------------------------
for mode in seq cond; do
   case $mode in
      seq) args="1000 2001 5";;
      *)   args="";;
   esac
   # shellcheck disable=SC2086  # args: words by construction
   hgt sync-$mode.xml --thread-events=yes --mark='pthread_mutex_lock*' \
      --mark='pthread_mutex_trylock*' --mark='pthread_mutex_timedlock*' \
      --mark='pthread_mutex_unlock*' --mark='pthread_cond_wait*' \
      --mark='pthread_cond_timedwait*' --mark='pthread_cond_signal*' \
      --mark='pthread_cond_broadcast*' --mark='pthread_join*' \
      -- $P $mode $args
   sync_sum=$(xpath sync-$mode.xml 'sum(//thread/@sync-Ir)')
   incl_sum=$(xpath sync-$mode.xml 'sum(//function[@marked="yes"]/inclusive/@Ir)')
   expect_eq "$mode: sync-Ir over threads = inclusive Ir of the marked synchronisation functions" \
      "$sync_sum" "$incl_sum"
   test "$sync_sum" -gt 0 || fail "$mode: no Ir inside synchronisation calls"
done
