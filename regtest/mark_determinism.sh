#!/bin/sh
# hotgrind regression tests: with marks and zones, the same command gives
# byte-identical reports, whatever the report is called and whichever
# pid the run had.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# check_same NAME OPTION... -- PROG ARGS...
check_same() {
   _n=$1; shift
   hg "$_n.1.xml" "$@"
   hg "$_n.2.xml" "$@"
   hg "$_n.%p.xml" "$@"
   _pid=$(pid_of "$_n.%p.xml.stderr")
   cmp "$_n.1.xml" "$_n.2.xml" || fail "$_n: two runs gave different reports"
   cmp "$_n.1.xml" "$_n.$_pid.xml" || fail "$_n: a run with another report name differs"
   test "$(xpath "$_n.1.xml" 'count(//function[@marked="yes"] | //zone)')" -gt 0 ||
      hard_error "$_n: nothing marked, no zone"
   pass "$_n: 3 runs, identical reports"
}

check_same fib --mark=fib -- ../mark_fib_O0 18 2
check_same except '--mark=*' -- ../mark_except_O2 2 2 20 1000
check_same threads --mark=work --mark=unit -- ../mark_threads 2 2 100000
check_same zones --mark=work -- ../mark_zone_O2 3 4 100
if test "$HT_ARCH" = amd64; then
   check_same asm --mark=mk_rec --mark='ht_*' -- ../mark_hand rec 30 4 0
fi
check_same collect --collect-atstart=no --mark=measured -- ../mark_collect 1000
