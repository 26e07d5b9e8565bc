#!/bin/sh
# hotgrind regression tests: hand-counted functions in a C program (PIE).
# GPL-2.0-or-later
#
# Counts come from the formulas in hand_lib.sh (derived in asm_amd64.S).
# Two runs with different arguments, so a count that were right by
# accident for one set of arguments would be caught by the other:
#  - the first leaves ht_scan's loop early (k < n): the count must stop at
#    the exit taken, not include the rest of the block;
#  - the second runs ht_scan's loop to its end, calls ht_leaf3 once and
#    ht_loop_n with a small n.
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"

check_hand_c hand_c 1000 500 300 100
check_hand_c hand_c 7 1 40 1000
