#!/bin/sh
# hotgrind regression tests: a C program (-O2: recursion, qsort, printf,
# malloc) against Cachegrind, every function and the total.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

same_as_cachegrind oracle_c ../oracle_c 2000

# The comparison must be able to fail: one instruction more in one
# function, or in the total, is a mismatch.
fn=$(xpath oracle_c.xml 'string(/hotgrind/functions/function[@name="main"]/self/@Ir)')
sed "/<function name=\"main\" /{n;s/Ir=\"$fn\"/Ir=\"$((fn + 1))\"/;}" \
   oracle_c.xml >off_by_one.xml
cmp -s oracle_c.xml off_by_one.xml && hard_error "could not alter main's count"
if "$PYTHON3" "$srcdir/cg_compare.py" off_by_one.xml oracle_c.cg Ir >/dev/null; then
   fail "cg_compare.py accepted a report with main's count off by one"
fi
tot=$(total_ir oracle_c.xml)
sed "s/<totals Ir=\"$tot\"/<totals Ir=\"$((tot - 1))\"/" oracle_c.xml >off_total.xml
cmp -s oracle_c.xml off_total.xml && hard_error "could not alter the total"
if "$PYTHON3" "$srcdir/cg_compare.py" off_total.xml oracle_c.cg Ir >/dev/null; then
   fail "cg_compare.py accepted a report with the total off by one"
fi
pass "cg_compare.py rejects counts off by one"
