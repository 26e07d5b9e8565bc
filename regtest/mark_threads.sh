#!/bin/sh
# hotgrind regression tests: a marked function called in two threads
# (mark_threads.c derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

A=3 B=4 K=200000
hg threads.xml --mark=work --mark=unit -- ../mark_threads $A $B $K
# shellcheck disable=SC2046  # numbers the program printed
set -- $(cat threads.xml.stdout)
expect_eq "work calls counted per thread" "$1 $2" "$A $B"
expect_calls threads.xml work $((A + B))
expect_calls threads.xml unit $(((A + B) * K))
# Each thread's work activations hold what that thread executes only:
# the other thread's other() and spin(), which run while work is active
# in this one, are not in work's inclusive Ir.
expect_incl threads.xml work \
   $(( $(fn_self_ir threads.xml work) + $(fn_self_ir threads.xml unit) ))
# Every call of work(K) executes the same instructions.
w=$(fn_incl_ir threads.xml work)
test $((w % (A + B))) = 0 || fail "work's calls cost different amounts ($w Ir, $((A + B)) calls)"
echo "$((w / (A + B))) $((A + B))" >work.spec
expect_per_call threads.xml function work work.spec
