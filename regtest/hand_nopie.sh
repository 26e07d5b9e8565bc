#!/bin/sh
# hotgrind regression tests: the hand-counted C program linked with -no-pie.
# GPL-2.0-or-later
#
# A non-PIE client loads at a fixed low address, which a tool linked
# without -Ttext-segment collides with (docs/dev/architecture.md section 6): this checks that such
# a client runs and is counted exactly like the PIE one.
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"

# The test means nothing if the link made a PIE anyway: ELF e_type
# (bytes 16-17, little-endian here) must be ET_EXEC (2), not ET_DYN (3).
etype=$(od -An -tu2 -j16 -N2 ../hand_nopie | tr -d ' ')
expect_eq "hand_nopie ELF type" "$etype" 2

check_hand_c hand_nopie 4096 333 1 0
check_hand_c hand_nopie 10 70 9 9
