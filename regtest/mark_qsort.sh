#!/bin/sh
# hotgrind regression tests: a marked callback called from libc (qsort's
# comparator), at -O0 and -O2.  The oracle is the program's own count of
# its comparator's calls (mark_qsort.c).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

for prog in mark_qsort_O0 mark_qsort_O2; do
   for args in "1000 3" "7 1" "100000 1"; do
      # shellcheck disable=SC2086  # two numbers
      set -- $args
      r="$prog-$1-$2.xml"
      hg "$r" --mark=cmp_int -- "../$prog" "$1" "$2"
      expect_qsort "$r"
   done
done
