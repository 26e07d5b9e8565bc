#!/bin/sh
# hotgrind regression tests: marked functions called through function
# pointers, at -O0 and -O2 (mark_fnptr.c derives the counts).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

for prog in mark_fnptr_O0 mark_fnptr_O2; do
   for n in 1000 2 31; do
      r="$prog-$n.xml"
      hg "$r" --mark='op_*' --mark=apply -- "../$prog" "$n"
      add=$(((n + 2) / 3)) sub=$(((n + 1) / 3)) mul=$((n / 3 + n))
      # The program's own counts agree with the loop's arithmetic.
      expect_eq "$prog $n: counted by the program" \
         "$(cut -d' ' -f1-3 "$r.stdout")" "$add $sub $mul"
      expect_calls "$r" op_add "$add"
      expect_calls "$r" op_sub "$sub"
      expect_calls "$r" op_mul "$mul"
      expect_calls "$r" apply "$n"
      expect_eq "$prog $n: mark op_* functions" "$(mark_attr "$r" 'op_*' @functions)" 3
      for f in op_add op_sub op_mul; do
         expect_incl "$r" "$f" "$(fn_self_ir "$r" "$f")"
      done
      # apply's inclusive: its self + n of op_mul's calls, each the same.
      mself=$(fn_self_ir "$r" op_mul)
      test $((mself % mul)) = 0 || fail "op_mul's calls cost different amounts"
      expect_incl "$r" apply $(( $(fn_self_ir "$r" apply) + n * (mself / mul) ))
   done
done
