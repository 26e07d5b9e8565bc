#!/bin/sh
# hotgrind regression tests: heap totals against DHAT.  Programs: every
# C allocation function (heap_c.c), C++ new/delete in all forms and
# containers that grow (heap_cxx.cpp), 200,000 small allocations into a
# table of 8,192 slots, so each slot is reused some 25 times
# (heap_many.c; a million took DHAT 6 s of CPU), and Debian's xz, bzip2
# and sqlite3, which nobody here wrote.  For each run, hotgrind's allocs
# and alloc-bytes must equal DHAT's Total, peak-bytes and peak-blocks
# its At t-gmax, exit-bytes and exit-blocks its At t-end (default
# `valgrind --tool=dhat`, same launcher, environment and folder); with
# heap tracking on, every function's self Ir must still equal
# Cachegrind's (--cache-sim=no).  Where the program says by hand what
# one round allocates and frees (the comments of heap_c.c and
# heap_cxx.cpp) or counts it (heap_many.c), the difference between two
# runs of different lengths must be that, under DHAT and under hotgrind,
# frees included (which DHAT's summary does not give).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"

prog_built heap_c heap_cxx heap_many gen_input
if ! test -x /usr/bin/xz && ! test -x /usr/bin/bzip2 && ! test -x /usr/bin/sqlite3; then
   skip "none of /usr/bin/xz, /usr/bin/bzip2, /usr/bin/sqlite3 is installed (Debian packages xz-utils, bzip2, sqlite3: a program nobody here wrote is part of this test)"
fi
need_heap_tool

# heap_vs_dhat NAME [cg] -- PROG [ARGS...]: hotgrind's report NAME.xml
# (default options: --heap=yes) and DHAT's run NAME of the same command;
# with cg, Cachegrind's too (NAME.cg).
heap_vs_dhat() {
   _hn=$1; shift
   _hcg=no
   test "$1" = cg && _hcg=yes && shift
   shift   # --
   hgh "$_hn.xml" -- "$@"
   expect_eq "$_hn: <option name=\"heap\">" "$(option_value "$_hn.xml" heap)" yes
   dhat "$_hn" "$@"
   same_as_dhat "$_hn.xml" "$_hn"
   if test "$_hcg" = yes; then
      cachegrind_agrees "$_hn" "$@"
   fi
}

# --- heap_c: the C family.  One round: HEAP_C_ROUND (heap_lib.sh).
heap_vs_dhat c1 -- ../heap_c 1
heap_vs_dhat c3 cg -- ../heap_c 3
# The comparisons must be able to fail: any figure one off is a mismatch
# with DHAT, and totals that the functions' and threads' figures do not
# add up to break the invariants.
for fig in alloc-bytes allocs peak-bytes peak-blocks exit-bytes exit-blocks; do
   v=$(hg_fig c1.xml $fig)
   sed "/<heap .*peak-bytes=/s/ $fig=\"$v\"/ $fig=\"$((v + 1))\"/" c1.xml >off.xml
   cmp -s c1.xml off.xml && hard_error "could not alter $fig in c1.xml"
   if heap_py same-as-dhat off.xml c1.dhat.stderr >/dev/null; then
      fail "heap_report.py same-as-dhat accepted $fig one off"
   fi
   if test $fig = allocs && heap_py invariants off.xml >/dev/null; then
      fail "heap_report.py invariants accepted totals allocs one off"
   fi
done
pass "heap_report.py rejects heap totals one off"
expect_heap_deltas c1 c3 2 "$HEAP_C_ROUND"

# --- heap_cxx: C++.  One round: HEAP_CXX_ROUND (heap_lib.sh).
heap_vs_dhat cxx1 -- ../heap_cxx 1
heap_vs_dhat cxx3 cg -- ../heap_cxx 3
expect_heap_deltas cxx1 cxx3 2 "$HEAP_CXX_ROUND"

# --- heap_many: 200,000 allocations; the program counts its own.
N=200000
heap_vs_dhat many0 -- ../heap_many 0
heap_vs_dhat many cg -- ../heap_many $N
# shellcheck disable=SC2046  # the words the program printed
set -- $(cat many.xml.stdout)
test "$1 $2 $3 $5 $7 $9 ${11} ${13}" = \
   "heap_many $N allocs bytes frees free-bytes live live-bytes" ||
   hard_error "heap_many printed '$*'"
test "$4" = $N || fail "heap_many made $4 allocations, not $N"
expect_heap_deltas many0 many 1 "$4 $6 $8 ${10} ${12} ${14}"

# --- Debian's programs, on generated inputs (as the oracle_*.sh tests).
../gen_input text 200000 >input.txt
if test -x /usr/bin/xz; then
   # -T1: one thread, so the order of the allocations cannot vary.
   heap_vs_dhat xz cg -- /usr/bin/xz -1 -T1 -c input.txt
else
   echo "note: /usr/bin/xz is not installed: xz not compared" >&2
fi
if test -x /usr/bin/bzip2; then
   heap_vs_dhat bzip2 cg -- /usr/bin/bzip2 -9 -c input.txt
   /usr/bin/bzip2 -9 -c input.txt >input.txt.bz2
   heap_vs_dhat bunzip2 -- /usr/bin/bzip2 -d -c input.txt.bz2
else
   echo "note: /usr/bin/bzip2 is not installed: bzip2 not compared" >&2
fi
if test -x /usr/bin/sqlite3; then
   ../gen_input sql 3000 >script.sql
   # -batch and no HOME: no ~/.sqliterc, no history, no interactive mode.
   heap_vs_dhat sqlite cg -- /usr/bin/sqlite3 -batch :memory: ".read script.sql"
else
   echo "note: /usr/bin/sqlite3 is not installed: sqlite3 not compared" >&2
fi
