#!/bin/sh
# hotgrind regression tests: the same command gives byte-identical
# reports, whatever the report is called and whichever pid the run had.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

for prog in oracle_c oracle_cxx; do
   hg "$prog.xml" -- "../$prog" 500
   hg "$prog.again.xml" -- "../$prog" 500
   # A different name, a different kind of name (%p), a different pid.
   hg "$prog.%p.xml" -- "../$prog" 500
   pid=$(pid_of "$prog.%p.xml.stderr")
   third="$prog.$pid.xml"
   test -f "$third" || fail "no $third"
   check_report "$third" "$prog.%p.xml.stderr"

   p1=$(pid_of "$prog.xml.stderr")
   p2=$(pid_of "$prog.again.xml.stderr")
   if test "$p1" = "$p2" || test "$p2" = "$pid"; then
      hard_error "two runs had the same pid ($p1 $p2 $pid)"
   fi
   cmp "$prog.xml" "$prog.again.xml" ||
      fail "$prog: two runs gave different reports"
   cmp "$prog.xml" "$third" ||
      fail "$prog: a run with another report name gave a different report"
   pass "$prog: 3 runs (pids $p1 $p2 $pid), identical reports"
done
