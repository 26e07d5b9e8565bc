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
      expect_fnptr "$r" "$n" "$add" "$sub" "$mul"
      expect_eq "$prog $n: mark op_* functions" "$(mark_attr "$r" 'op_*' @functions)" 3
   done
done
