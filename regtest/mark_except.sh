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
   printf '%s\n' "$EXC_T" "$EXC_R" "$EXC_A" "$EXC_S" >plain.marks
   hg "$r" --mark-file=plain.marks -- "../$prog" 3 0 $depth $n
   expect_except_plain "$r" $depth $n

   # Both kinds of frames: Guard destructors run in each guarded frame
   # during the unwinding, each an entry.
   r="$prog-both.xml"
   hg "$r" --mark='thrower*' --mark='guarded*' --mark='Guard::~Guard*' \
      --mark='raise_it*' --mark='after*' --mark='step*' -- \
      "../$prog" 3 2 $depth $n
   expect_except_both "$r" $depth $n
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
