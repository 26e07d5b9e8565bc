#!/bin/sh
# hotgrind regression tests: a signal handler that calls a marked
# function, at -O0 and -O2 (mark_signal.c derives the counts).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

for prog in mark_signal_O0 mark_signal_O2; do
   for args in "25 100" "1 3"; do
      # shellcheck disable=SC2086
      set -- $args
      N=$1 K=$2
      r="$prog-$N-$K.xml"
      hg "$r" --mark=on_usr1 --mark=in_handler --mark=tick -- "../$prog" "$N" "$K"
      # shellcheck disable=SC2046  # numbers the program printed
      set -- $(cat "$r.stdout")
      expect_eq "$prog: counted by the program" "$1 $2 $3 $4" "$N $N $N $((N * K))"
      expect_calls "$r" on_usr1 "$N"
      expect_calls "$r" in_handler "$N"
      expect_calls "$r" tick $((N * K))
      expect_incl "$r" in_handler $(( $(fn_self_ir "$r" in_handler) + $(fn_self_ir "$r" tick) ))
      # The handler ends when it returns to the signal trampoline.
      expect_incl "$r" on_usr1 $(( $(fn_self_ir "$r" on_usr1) + $(fn_incl_ir "$r" in_handler) ))
   done
done
