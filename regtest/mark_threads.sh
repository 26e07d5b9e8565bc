#!/bin/sh
# hotgrind regression tests: a marked function called in two threads
# (mark_threads.c derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

A=3 B=4 K=200000
hg threads.xml --mark=work --mark=unit -- ../mark_threads $A $B $K
expect_threads threads.xml $A $B $K
# Every call of work(K) executes the same instructions.
w=$(fn_incl_ir threads.xml work)
test $((w % (A + B))) = 0 || fail "work's calls cost different amounts ($w Ir, $((A + B)) calls)"
echo "$((w / (A + B))) $((A + B))" >work.spec
expect_per_call threads.xml function work work.spec
