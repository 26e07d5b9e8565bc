#!/bin/sh
# hotgrind regression tests: --call-graph=yes on arm64, under qemu.
# GPL-2.0-or-later
#
# The mark programs cross-compiled as arm64_marks.sh does, run with the
# arm64 hotgrind built in this build tree (arm64_lib.sh): the report's
# identities hold (cgr_edges.py check: calls = outside calls + edges
# into a function; inclusive = self + no-symbol + callees where no
# recursion is involved), including around ld.so's _start, which calls
# _dl_start without moving SP, so the return to it is a jump to LR with
# SP at its entry value, as a longjmp's is; and mark_tail's edges are the
# ones its source gives (main -> target D, main -> via_tail T,
# via_tail -> target T, whether via_tail calls target or jumps with `b`).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/graph_lib.sh"

a64_build

# graph64 NAME PROG [ARGS...]: graph_lib.sh's identities, arm64 tool.
graph64() { with_arm64 identities "$@"; }

a64_cc mark_tail -O2 mark_tail.c
a64_cc mark_fib_O0 -O0 mark_fib.c
a64_cc mark_mutual_O2 -O2 mark_mutual.c
a64_cc mark_longjmp_O2 -O2 mark_longjmp.c
a64_cc mark_threads -O0 mark_threads.c -pthread
a64_cc mark_except_O2 -O2 mark_except.cpp

D=100 T=37
graph64 tail ./mark_tail $D $T
expect_eq "arm64 main -> target calls" "$(edge tail.xml main target 3)" $D
expect_eq "arm64 main -> via_tail calls" "$(edge tail.xml main via_tail 3)" $T
expect_eq "arm64 via_tail -> target calls" "$(edge tail.xml via_tail target 3)" $T
graph64 fib_O0 ./mark_fib_O0 12 1
graph64 mutual_O2 ./mark_mutual_O2 101 3
graph64 longjmp_O2 ./mark_longjmp_O2 2 50
graph64 threads ./mark_threads 3 4 200
graph64 except_O2 ./mark_except_O2 3 2 10 20
