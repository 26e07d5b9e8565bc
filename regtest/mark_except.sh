#!/bin/sh
# hotgrind regression tests: a C++ exception thrown through marked frames,
# with and without destructors to run on the way, at -O0 and -O2
# (mark_except.cpp derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

depth=30 n=100000
for prog in mark_except_O0 mark_except_O2; do
   # Plain frames only: thrower's inclusive Ir is its self plus
   # raise_it's (the unwinder runs under raise_it).
   r="$prog-plain.xml"
   # C++ names are matched as the report gives them: demangled, with
   # their parameter types; with spaces, so from a mark file.
   T="thrower(unsigned int, unsigned int)" R="raise_it(unsigned int)"
   A="after(unsigned long)" S="step(unsigned long)"
   printf '%s\n' "$T" "$R" "$A" "$S" >plain.marks
   hg "$r" --mark-file=plain.marks -- "../$prog" 3 0 $depth $n
   expect_calls "$r" "$T" $((3 * (depth + 1)))
   expect_calls "$r" "$R" 3
   expect_calls "$r" "$A" 3
   expect_calls "$r" "$S" $((3 * n))
   expect_incl "$r" "$T" $(( $(fn_self_ir "$r" "$T") + $(fn_incl_ir "$r" "$R") ))
   expect_incl "$r" "$A" $(( $(fn_self_ir "$r" "$A") + $(fn_self_ir "$r" "$S") ))

   # Both kinds of frames: Guard destructors run in each guarded frame
   # during the unwinding, each an entry.
   r="$prog-both.xml"
   hg "$r" --mark='thrower*' --mark='guarded*' --mark='Guard::~Guard*' \
      --mark='raise_it*' --mark='after*' --mark='step*' -- \
      "../$prog" 3 2 $depth $n
   # shellcheck disable=SC2046  # numbers the program printed
   set -- $(cat "$r.stdout")
   expect_eq "$prog: calls counted by the program" "$1 $2 $3 $4 $5 $6" \
      "$((3 * (depth + 1))) 5 $((2 * (depth + 1))) $((2 * (depth + 1))) 5 $((5 * n))"
   expect_calls "$r" "thrower(unsigned int, unsigned int)" $((3 * (depth + 1)))
   expect_calls "$r" "guarded(unsigned int, unsigned int)" $((2 * (depth + 1)))
   expect_calls "$r" "Guard::~Guard()" $((2 * (depth + 1)))
   expect_calls "$r" "raise_it(unsigned int)" 5
   expect_calls "$r" "after(unsigned long)" 5
   expect_calls "$r" "step(unsigned long)" $((5 * n))
   expect_incl "$r" "after(unsigned long)" \
      $(( $(fn_self_ir "$r" "after(unsigned long)") + $(fn_self_ir "$r" "step(unsigned long)") ))
   # The activations the exceptions ended hold none of after's work: no
   # call of thrower or guarded costs as much as one call of after.
   a=$(xpath "$r" 'string(//function[@name="after(unsigned long)"]/per-call/@min)')
   for f in "thrower(unsigned int, unsigned int)" "guarded(unsigned int, unsigned int)"; do
      i=$(xpath "$r" "string(//function[@name=\"$f\"]/per-call/@max)")
      test "$i" -lt "$a" ||
         fail "$r: a call of $f ($i Ir) holds what came after the catch (one after() is $a Ir)"
   done
   pass "$prog: no call of thrower or guarded holds one of after() ($a Ir)"
   callgrind_runs "$prog" "../$prog" 3 2 $depth $n
   same_as_callgrind "$r" "$prog" "after(unsigned long)" "step(unsigned long)" \
      "Guard::~Guard()"
done
