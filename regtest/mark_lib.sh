# hotgrind regression tests: expectations for the hand-counted functions
# of marks and zones.  GPL-2.0-or-later
#
# Sourced after lib.sh and hand_lib.sh (which skips on architectures
# without hand-counted functions).  The formulas are derived, instruction
# by instruction, in the comments of mark_asm_<arch>.S; they are restated
# here and nowhere else, and no number in them was taken from a hotgrind
# report.

# mk_request_pair(first, second, n): what lies between the two requests,
# the second request instruction included: mov, call, ht_loop_n(n),
# mov, xor, request.
request_pair_inside_ir() { echo $((1 + 1 + $(loop_n_ir "$1") + 1 + 1 + 1)); }

# ... and mk_request_pair's own instructions when everything is counted:
# 3 push, 4 mov/xor, request; the 5 of the inside; 3 pop, ret.
request_pair_self_ir() { echo 17; }

# mk_tail_leaf3: jmp ht_leaf3 (self 1); with ht_leaf3's 3, inclusive 4.
tail_leaf3_self_ir() { echo 1; }
tail_leaf3_incl_ir() { echo $((1 + $(leaf3_ir 1))); }

# mk_enter_middle: jmp into mk_skipped_entry's body (self 1), which runs
# mov, ret (2) without being entered: inclusive 3.
enter_middle_self_ir() { echo 1; }
skipped_entry_self_ir() { echo 2; }
enter_middle_incl_ir() { echo 3; }

# mk_rec(n): n + 1 entries, self and inclusive Ir 5n + 3; the entry at
# depth k from the bottom (argument k) has its own inclusive Ir 5k + 3.
rec_ir() { echo $((5 * $1 + 3)); }

# mk_rec_framed(n): the same with push and pop: 7n + 5, 7k + 5 an entry.
rec_framed_ir() { echo $((7 * $1 + 5)); }

# rec_per_call FORMULA N...: the multiset ("VALUE COUNT" lines) of the
# per-call inclusive Ir of the entries of one call with argument N1, one
# with N2, ..., FORMULA (rec_ir or rec_framed_ir) giving an entry's.
rec_per_call() {
   _f=$1; shift
   for _n in "$@"; do
      _k=0
      while test "$_k" -le "$_n"; do
         echo "$($_f "$_k") 1"
         _k=$((_k + 1))
      done
   done
}
