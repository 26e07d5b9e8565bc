#!/bin/sh
# hotgrind regression tests: the thread table -- names, parents, ids,
# statuses -- for threads named every way, threads still running at the
# end, a thread that calls exit, a main thread that ends first
# (thread_events.c derives every expectation).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"

#--------------------------------------------------------------------------
# names: pthread_setname_np on itself and on another thread, prctl,
# a refused name, two names (the last one stays), a long prctl name,
# the main thread named by another thread.
#--------------------------------------------------------------------------
hgt names.xml --thread-events=yes -- $P names
th_threads names.xml >names.threads
# Thread 1 is checked at the end (below).
sed 1d names.threads >names.threads.2-7
expect_lines "names: threads 2 to 7" names.threads.2-7 <<EOF
2 name=te-alpha parent=1 status=exited
3 name=te-beta parent=1 status=exited
4 name=te-gamma parent=1 status=exited
5 name=te-last parent=1 status=exited
6 name=te-very-long-th parent=1 status=exited
7 name=- parent=1 status=exited
EOF
# Each child is created after the previous one was joined.
expect_th events names <<EOF
1 create 2
2 exit
1 join 2
1 create 3
3 exit
1 join 3
1 create 4
4 exit
1 join 4
1 create 5
5 exit
1 join 5
1 create 6
6 exit
1 join 6
1 create 7
7 exit
1 join 7
1 exit
EOF
# Names do not need --thread-events.
hgt names-noev.xml -- $P names
same_threads names names-noev "with --thread-events=no"
pass "names: the same without --thread-events"

#--------------------------------------------------------------------------
# running: two threads still alive (blocked in read, sleeping) when main
# calls exit.
#--------------------------------------------------------------------------
hgt running.xml --thread-events=yes -- $P running
expect_thread_rows running "1 - - exited" "2 - 1 running" "3 - 1 running"
expect_th events running <<EOF
1 create 2
1 create 3
1 exit
EOF

#--------------------------------------------------------------------------
# exitthread: a created thread calls exit while main is blocked.
#--------------------------------------------------------------------------
hgt exitthread.xml --thread-events=yes -- $P exitthread
expect_thread_rows exitthread "1 - - running" "2 - 1 exited"
expect_th events exitthread <<EOF
1 create 2
2 exit
EOF

#--------------------------------------------------------------------------
# mainexit: main calls pthread_exit; its thread joins main, then ends the
# program by exit (glibc's last thread does).
#--------------------------------------------------------------------------
hgt mainexit.xml --thread-events=yes -- $P mainexit
expect_thread_rows mainexit "1 - - exited" "2 - 1 exited"
# main's own end comes before the join of it returns; pthread_exit
# locks glibc's mutexes on its way (left out).
expect_th events mainexit <<EOT
1 create 2
1 exit
2 join 1
2 exit
EOT

#--------------------------------------------------------------------------
# names, continued: thread F of the names run named main by main's
# pthread_t (pthread_setname_np on another thread; main was not created
# by pthread_create).
#--------------------------------------------------------------------------
expect_eq "names: thread 1" "$(head -n 1 names.threads)" \
   "1 name=te-main parent=- status=exited"
