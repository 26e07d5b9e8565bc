#!/bin/sh
# hotgrind regression tests: a marked leaf whose loop VEX merges with its
# "&&-idiom" recovery (mark_andand.S says how).  hotgrind's inclusive Ir
# equals Cachegrind's self Ir, which counts 2 instructions that did not
# run each time the loop leaves at its first branch; Callgrind, which
# turns VEX's chasing off, and hotgrind with --vex-guest-chase=no count
# what ran.  All against the hand counts of mark_andand.S.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test "$HT_ARCH" = amd64 || skip "ht_andand is x86-64 assembly"

# Per call (mark_andand.S): ran N BUDGET, the instructions that ran;
# counted N BUDGET, what VEX's merged superblock has counted.
ran() {
   if test "$2" -ge "$1"; then echo $((7 * $1 + 6)); else echo $((7 * $2 + 8)); fi
}
counted() {
   if test "$2" -ge "$1"; then echo $((7 * $1 + 8)); else echo $((7 * $2 + 8)); fi
}
# spec FORMULA N:BUDGET...: "VALUE 1" per call (mark_report.py per-call).
spec() {
   _f=$1; shift
   for _c in "$@"; do $_f "${_c%:*}" "${_c#*:}"; done | sed 's/$/ 1/'
}
sum() { awk '{ s += $1 } END { print s }' "$1"; }

# Three calls leave at A (budget >= n), two at B.
set -- 1000:2000 1000:10 1:5 5:5 5:4
spec counted "$@" >counted.spec
spec ran "$@" >ran.spec
counted_ir=$(sum counted.spec)
ran_ir=$(sum ran.spec)
expect_eq "instructions counted but not run" $((counted_ir - ran_ir)) $((2 * 3))

# hotgrind as it runs by default: Cachegrind's count.
hg andand.xml --mark=ht_andand -- ../mark_andand "$@"
expect_calls andand.xml ht_andand 5
expect_incl andand.xml ht_andand "$counted_ir"
expect_per_call andand.xml function ht_andand counted.spec
cachegrind_agrees andand ../mark_andand "$@"
cg_self=$(awk '/^fn=/ { on = ($0 == "fn=ht_andand") } on && /^[0-9]/ { s += $2 }
               END { print s + 0 }' andand.cg)
expect_eq "Cachegrind's self Ir of ht_andand" "$cg_self" "$counted_ir"

# Callgrind: what ran, 2 less for each call that left at A.
cgr andand.cgr ../mark_andand "$@"
cmp -s andand.xml.stdout andand.cgr.stdout ||
   fail "mark_andand printed different output under Callgrind"
"$PYTHON3" "$srcdir/cgr_inclusive.py" dump andand.cgr >andand.cgr.dump
cgr_line=$(awk -F '\t' '$1 == "mark_andand" && $2 == "ht_andand"' andand.cgr.dump)
expect_eq "Callgrind's ht_andand (object, name, self, inclusive, calls)" \
   "$cgr_line" "$(printf 'mark_andand\tht_andand\t%s\t%s\t5' "$ran_ir" "$ran_ir")"

# hotgrind and Cachegrind without VEX's chasing: what ran, like Callgrind.
hg nochase.xml --vex-guest-chase=no --mark=ht_andand -- ../mark_andand "$@"
expect_incl nochase.xml ht_andand "$ran_ir"
# The option moves counts, so the report says it was given, and only then.
grep -q '<option name="vex-guest-chase" value="no"/>' nochase.xml ||
   fail "nochase.xml does not list --vex-guest-chase=no in <options>"
! grep -q 'vex-guest-chase' andand.xml ||
   fail "andand.xml lists vex-guest-chase, which was not given"
expect_per_call nochase.xml function ht_andand ran.spec
cg nochase.cg --vex-guest-chase=no ../mark_andand "$@"
oracle nochase.xml nochase.cg

# Two runs, byte-identical reports.
hg again.xml --mark=ht_andand -- ../mark_andand "$@"
cmp andand.xml again.xml || fail "two runs gave different reports"
pass "a second run gave a byte-identical report"
