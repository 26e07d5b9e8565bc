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

# a64_delta A B FIGURE WANT: hotgrind's B minus A (and DHAT's, for the
# figures DHAT prints).
a64_delta() {
   expect_eq "arm64 hotgrind $3, $2 - $1" \
      $(( $(hg_fig "$2.xml" "$3") - $(hg_fig "$1.xml" "$3") )) "$4"
   case $3 in
      frees|free-bytes) ;;
      *) expect_eq "arm64 DHAT $3, $2 - $1" \
            $(( $(dhat_fig "$2" "$3") - $(dhat_fig "$1" "$3") )) "$4";;
   esac
}

# heap_c.c: one round = 18 allocations of 203905 bytes, 13 frees of
# 201625 bytes, 2 blocks of 1020 bytes kept.
a64_vs_dhat c1 ./heap_c_a64 1
a64_vs_dhat c2 ./heap_c_a64 2
a64_delta c1 c2 allocs 18
a64_delta c1 c2 alloc-bytes 203905
a64_delta c1 c2 frees 13
a64_delta c1 c2 free-bytes 201625
a64_delta c1 c2 exit-blocks 2
a64_delta c1 c2 exit-bytes 1020

# heap_cxx.cpp: one round = 25 allocations of 2917 bytes, 23 frees of
# 2684 bytes, 2 blocks of 233 bytes kept.
a64_vs_dhat cxx1 ./heap_cxx_a64 1
a64_vs_dhat cxx2 ./heap_cxx_a64 2
a64_delta cxx1 cxx2 allocs 25
a64_delta cxx1 cxx2 alloc-bytes 2917
a64_delta cxx1 cxx2 frees 23
a64_delta cxx1 cxx2 free-bytes 2684
a64_delta cxx1 cxx2 exit-blocks 2
a64_delta cxx1 cxx2 exit-bytes 233

echo "arm64_heap: done"
