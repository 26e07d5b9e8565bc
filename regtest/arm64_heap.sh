#!/bin/sh
# hotgrind regression tests: heap totals on arm64, under qemu, against
# arm64 DHAT.  GPL-2.0-or-later
#
# heap_c.c (every C allocation function) and heap_cxx.cpp (every form of
# new/delete, growing containers), cross-compiled at -O2 as make check
# builds them natively, run with the arm64 hotgrind built in this tree
# (arm64_lib.sh) and with arm64 DHAT through the same launcher:
# - allocs, alloc-bytes, peak and exit figures equal DHAT's (Total, At
#   t-gmax, At t-end), as heap_dhat.sh checks on x86-64;
# - one more round changes them by the hand counts of the programs'
#   comments, frees included: the same figures as on x86-64, since the
#   programs allocate the same sizes on both 64-bit ABIs;
# - every report validates (schema and `hotgrind validate`).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/heap_lib.sh"

a64_build
a64_cc heap_c_a64 -O2 heap_c.c
a64_cc heap_cxx_a64 -O2 heap_cxx.cpp -std=c++17

# a64_vs_dhat NAME PROG [ARGS...]
a64_vs_dhat() {
   _n=$1; shift
   with_arm64 hgh "$_n.xml" -- "$@"
   with_arm64 dhat "$_n" "$@"
   same_as_dhat "$_n.xml" "$_n"
}

# One more round of each: HEAP_C_ROUND and HEAP_CXX_ROUND (heap_lib.sh).
a64_vs_dhat c1 ./heap_c_a64 1
a64_vs_dhat c2 ./heap_c_a64 2
expect_heap_deltas c1 c2 1 "$HEAP_C_ROUND"
a64_vs_dhat cxx1 ./heap_cxx_a64 1
a64_vs_dhat cxx2 ./heap_cxx_a64 2
expect_heap_deltas cxx1 cxx2 1 "$HEAP_CXX_ROUND"

echo "arm64_heap: done"
