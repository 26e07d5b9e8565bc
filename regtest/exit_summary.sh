#!/bin/sh
# hotgrind regression tests: the summary printed at exit.
# - --cache-sim=yes: Cachegrind's summary block (I refs to LL miss
#   rate), byte for byte after the ==PID== prefix, against `valgrind
#   --tool=cachegrind --cache-sim=yes` with the same geometry, launcher,
#   environment and folder (as cache_oracle.sh runs its oracle);
# - --branch-sim=yes: Cachegrind's Branches, Mispredicts and Mispred rate
#   lines, byte for byte, with and without --cache-sim=yes;
# - --heap=yes: DHAT's Total, At t-gmax and At t-end lines, byte for byte,
#   against `valgrind --tool=dhat` (as heap_dhat.sh runs it);
# - the number of threads, for programs whose threads are known by hand;
# - code without symbols: the zlib benchmark linked with Debian 12's
#   stripped libz.so.1 runs mostly in '???': the warning gives the Ir
#   Cachegrind gives the '???' functions, its integer percentage of the
#   total, and libz's file name first; a program with symbols gets none.
# Each summary is the same on a second run.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"

prog_built cache_walk heap_c heap_threads zlib_prog oracle_c
GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# lines FILE FIRST LAST: the lines of a tool's stderr from the one
# starting with FIRST to the one starting with LAST, without the
# ==PID== prefix.
lines() {
   sed -n 's/^==[0-9]*== //p' "$1" | sed -n "/^$2/,/^$3/p"
}

# same_lines WHAT A B: files A and B are the same, and not empty.
same_lines() {
   test -s "$2" || fail "$1: no summary lines in $2"
   cmp -s "$2" "$3" || {
      diff "$3" "$2" >&2 || true
      fail "$1: the summary differs from the oracle's ($2, $3)"
   }
   pass "$1: $(wc -l <"$2") summary lines equal the oracle's"
}

# --- Cachegrind's block (an empty LD_PRELOAD: see cache_oracle.sh).
cache_summary() {
   _n=$1; shift
   # shellcheck disable=SC2086
   hg "$_n.xml" --cache-sim=yes $GEOM -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=yes $GEOM \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   lines "$_n.xml.stderr" 'I *refs:' 'LL miss rate:' >"$_n.hg.summary"
   lines "$_n.cg.stderr" 'I *refs:' 'LL miss rate:' >"$_n.cg.summary"
   same_lines "$_n (--cache-sim=yes)" "$_n.hg.summary" "$_n.cg.summary"
}
CLIENT_ENV=LD_PRELOAD=
cache_summary walk ../cache_walk 256 2
cache_summary zlib ../zlib_prog
# Deterministic: a second run prints the same block.
# shellcheck disable=SC2086
hg walk2.xml --cache-sim=yes $GEOM -- ../cache_walk 256 2
lines walk2.xml.stderr 'I *refs:' 'LL miss rate:' >walk2.hg.summary
cmp -s walk.hg.summary walk2.hg.summary || fail "two runs printed different cache summaries"
pass "two runs, the same cache summary"
CLIENT_ENV=

# Without --cache-sim the block is the one line Cachegrind prints then.
hg plain.xml -- ../cache_walk 256 2
cg plain.cg ../cache_walk 256 2
sed -n 's/^==[0-9]*== \(I *refs:\)/\1/p' plain.xml.stderr >plain.hg.summary
sed -n 's/^==[0-9]*== \(I *refs:\)/\1/p' plain.cg.stderr >plain.cg.summary
same_lines "cache_walk (--cache-sim=no)" plain.hg.summary plain.cg.summary
grep -q 'miss' plain.xml.stderr && fail "plain.xml.stderr has miss figures without --cache-sim=yes"

# --- Cachegrind's branch lines (--branch-sim=yes), after the cache block
# or the I refs line, byte for byte: their columns are sized by the cache
# figures too, and a kind of branch that never ran counts as one.
branch_summary() {
   _n=$1 _sim=$2; shift 2
   # shellcheck disable=SC2086
   hg "$_n.xml" --cache-sim=$_sim --branch-sim=yes $GEOM -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=$_sim \
      --branch-sim=yes $GEOM --cachegrind-out-file="$_n.cg" "$@" \
      >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   lines "$_n.xml.stderr" 'I *refs:' 'Mispred rate:' >"$_n.hg.summary"
   lines "$_n.cg.stderr" 'I *refs:' 'Mispred rate:' >"$_n.cg.summary"
   grep -q '^Mispred rate:' "$_n.hg.summary" ||
      fail "$_n: no branch lines in hotgrind's summary"
   same_lines "$_n (--cache-sim=$_sim --branch-sim=yes)" "$_n.hg.summary" \
      "$_n.cg.summary"
}
CLIENT_ENV=LD_PRELOAD=
branch_summary walk-br yes ../cache_walk 256 2
branch_summary walk-br-nocache no ../cache_walk 256 2
branch_summary zlib-br yes ../zlib_prog
CLIENT_ENV=

# --- DHAT's totals.
heap_summary() {
   _n=$1; shift
   hg "$_n.xml" -- "$@"
   dhat "$_n" "$@"
   lines "$_n.xml.stderr" 'Total:' 'At t-end:' >"$_n.hg.summary"
   lines "$_n.dhat.stderr" 'Total:' 'At t-end:' >"$_n.dhat.summary"
   same_lines "$_n (--heap=yes)" "$_n.hg.summary" "$_n.dhat.summary"
}
heap_summary heap_c ../heap_c 3
heap_summary zlib_heap ../zlib_prog
heap_summary threads ../heap_threads
hg heap_c2.xml -- ../heap_c 3
lines heap_c2.xml.stderr 'Total:' 'At t-end:' >heap_c2.hg.summary
cmp -s heap_c.hg.summary heap_c2.hg.summary || fail "two runs printed different heap summaries"
pass "two runs, the same heap summary"
hg noheap.xml --heap=no -- ../heap_c 3
grep -q 'Total:\|t-gmax\|t-end' noheap.xml.stderr &&
   fail "noheap.xml.stderr has heap lines with --heap=no"

# --- Threads: heap_threads runs main and one thread it creates
# (heap_threads.c); heap_c creates none.
expect_eq "heap_threads' threads line" \
   "$(sed -n 's/^==[0-9]*== Threads: *//p' threads.xml.stderr)" 2
expect_eq "heap_c's threads line" \
   "$(sed -n 's/^==[0-9]*== Threads: *//p' heap_c.xml.stderr)" 1
grep -q '^==[0-9]*== Threads:   2$' threads.xml.stderr ||
   fail "threads.xml.stderr: the threads line is not 'Threads:   2'"

# --- Code without symbols.  Cachegrind's '???' functions (every object)
# hold the Ir the warning counts.
unnamed_ir() {
   awk '/^fn=/ { unnamed = ($0 == "fn=???") }
        /^[0-9]/ && unnamed { s += $2 } END { printf "%.0f\n", s }' "$1"
}
# grouped N: N with thousands separators, as %'llu prints it.
grouped() {
   echo "$1" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'
}
libz=$(ldd ../zlib_prog | awk '$1 == "libz.so.1" { print $3 }')
test -n "$libz" || hard_error "zlib_prog is not linked with libz.so.1"
libz_file=$(basename "$(readlink -f "$libz")")
hg zlib_plain.xml -- ../zlib_prog
cg zlib_plain.cg ../zlib_prog
oracle zlib_plain.xml zlib_plain.cg >/dev/null
unnamed=$(unnamed_ir zlib_plain.cg)
total=$(total_ir zlib_plain.xml)
test $((unnamed * 10)) -ge "$total" ||
   skip "$libz_file has symbols here: only $unnamed of $total Ir in '???' (Debian 12's is stripped)"
percent=$((unnamed * 100 / total))
grep -q "^==[0-9]*== hotgrind: $(grouped "$unnamed") Ir ($percent%) ran in code without symbols (function \"???\"), most in $libz_file (" \
   zlib_plain.xml.stderr ||
   fail "zlib_plain.xml.stderr does not say $unnamed Ir ($percent%) ran without symbols, most in $libz_file: $(grep 'without symbols' zlib_plain.xml.stderr)"
grep -q '^==[0-9]*== hotgrind: hint: install the library.s debug symbols (Debian: its -dbgsym package .*see the manual, "Code without symbols"$' \
   zlib_plain.xml.stderr || fail "zlib_plain.xml.stderr has no hint"
pass "zlib_prog: $unnamed Ir ($percent%) without symbols, most in $libz_file"
hg zlib_plain2.xml -- ../zlib_prog
lines zlib_plain.xml.stderr 'hotgrind: [0-9,]* Ir' 'hotgrind: hint' >zlib_plain.unnamed
lines zlib_plain2.xml.stderr 'hotgrind: [0-9,]* Ir' 'hotgrind: hint' >zlib_plain2.unnamed
cmp -s zlib_plain.unnamed zlib_plain2.unnamed ||
   fail "two runs printed different warnings about code without symbols"
# A program with symbols: no warning.
hg oracle_c.xml -- ../oracle_c 100
grep -q 'without symbols' oracle_c.xml.stderr &&
   fail "oracle_c (built with -g) got the warning about code without symbols"
pass "oracle_c: no warning about code without symbols"
