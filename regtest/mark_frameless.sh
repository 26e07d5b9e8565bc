#!/bin/sh
# hotgrind regression tests: recursion in a function without a stack
# frame (mk_rec, mark_asm_amd64.S), hand-counted.  GPL-2.0-or-later
#
# mk_rec's inner calls return to its own final ret, and since it pushes
# nothing, when an inner activation returns the stack pointer is back at
# its caller's entry value, at the caller's return address.  On x86-64
# that caller has not returned: ret pops the return address, so an
# activation that has returned has SP 8 above its entry value, and here
# the caller's return address is still on the stack.  Its ret is its
# last instruction: every entry's own inclusive Ir is 5k + 3 (k its
# argument), and the per-call distribution shows it (the inclusive Ir,
# owned by the outermost activation, does not).  mark_hand.sh has the
# same recursion with a frame (mk_rec_framed).
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"
. "$srcdir/mark_lib.sh"

# mk_rec(10), (0), (3): 11 + 1 + 4 entries; inclusive 53 + 3 + 18.
hg rec.xml --mark=mk_rec -- ../mark_hand rec 10 0 3
expect_calls rec.xml mk_rec 16
expect_incl rec.xml mk_rec $(($(rec_ir 10) + $(rec_ir 0) + $(rec_ir 3)))
expect_eq "mk_rec self Ir" "$(fn_self_ir rec.xml mk_rec)" "$(fn_incl_ir rec.xml mk_rec)"
rec_per_call rec_ir 10 0 3 >rec.spec
expect_per_call rec.xml function mk_rec rec.spec

