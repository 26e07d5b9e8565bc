# hotgrind regression tests: expectations for the hand-counted functions.
# GPL-2.0-or-later
#
# Sourced after lib.sh.  The formulas are derived, instruction by
# instruction, in the comments of asm_<arch>.S; they are restated here and
# nowhere else, and no number in them was taken from a hotgrind report.

case $HT_ARCH in
   amd64) HAND_ASM=asm_amd64.S ;;
   *) skip "no hand-counted functions for $HT_ARCH yet (only asm_amd64.S)" ;;
esac

# ht_loop_n(n): mov; n x (dec, jnz); ret
loop_n_ir() { echo $((1 + 2 * $1 + 1)); }

# ht_leaf3 called k times: 3 instructions a call
leaf3_ir() { echo $((3 * $1)); }

# ht_scan(n, k): xor; 5 per full iteration; the early exit costs cmp, je;
# ret.  Without an early exit (k >= n): 5n + 2.  With one (k < n): 5k + 4.
scan_ir() {
   if test "$2" -lt "$1"; then
      echo $((1 + 5 * $2 + 2 + 1))
   else
      echo $((1 + 5 * $1 + 1))
   fi
}

# ht::Counter::tick() called k times: addq, ret
tick_ir() { echo $((2 * $1)); }

# check_asm_fn REPORT NAME OBJECT WANT_IR: a hand-counted function has its
# count, the object it was linked into, and the file and line of its first
# instruction in the asm source (from the assembler's debug info).
check_asm_fn() {
   _ir=$(fn_self_ir "$1" "$2")
   expect_eq "$2 self Ir" "$_ir" "$4"
   _obj=$(fn_attr "$1" "$2" @object)
   expect_eq "$2 object" "$_obj" "$3"
   _file=$(fn_attr "$1" "$2" @file)
   expect_eq "$2 file" "$(basename "$_file")" "$HAND_ASM"
   _line=$(fn_attr "$1" "$2" @line)
   expect_eq "$2 line" "$_line" "$(marker_line "$srcdir/$HAND_ASM" "HT_LINE $2 ")"
}

# check_c_fn REPORT NAME OBJECT SOURCE: a function compiled from C or C++
# with -g names its object, its source file and a line inside it, between
# the HT_BEGIN and HT_END markers (which line exactly depends on the
# optimisation level the user's CFLAGS choose).
check_c_fn() {
   _obj=$(fn_attr "$1" "$2" @object)
   expect_eq "$2 object" "$_obj" "$3"
   _file=$(fn_attr "$1" "$2" @file)
   expect_eq "$2 file" "$(basename "$_file")" "$4"
   _line=$(fn_attr "$1" "$2" @line)
   _lo=$(marker_line "$srcdir/$4" "HT_BEGIN $2 ")
   _hi=$(marker_line "$srcdir/$4" "HT_END $2 ")
   if test "$_line" -lt "$_lo" || test "$_line" -gt "$_hi"; then
      fail "$2 line $_line is not in $4:$_lo-$_hi"
   fi
   pass "$2 line $_line in $4:$_lo-$_hi"
}

# check_hand_c PROG N CALLS SCAN_N SCAN_K: one run of the C driver
# (hand_c.c) and its four functions.
check_hand_c() {
   _p=$1; shift
   _r="$_p-$1-$2-$3-$4.xml"
   hg "$_r" -- "../$_p" "$@"
   check_asm_fn "$_r" ht_loop_n "$_p" "$(loop_n_ir "$1")"
   check_asm_fn "$_r" ht_leaf3  "$_p" "$(leaf3_ir "$2")"
   check_asm_fn "$_r" ht_scan   "$_p" "$(scan_ir "$3" "$4")"
   check_c_fn   "$_r" main      "$_p" hand_c.c
}
