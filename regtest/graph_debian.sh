#!/bin/sh
# hotgrind regression tests: --call-graph=yes on Debian's sqlite3, bzip2
# and xz (the programs oracle_*.sh run), against Callgrind and
# Cachegrind, as graph_callgrind.sh does for the small programs: every
# edge's calls equal Callgrind's, inclusive Ir equal Callgrind's where it
# counts the same instructions, self Ir equal Cachegrind's, and the
# report's identities hold.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "Callgrind gets calls and returns wrong on $HT_ARCH (docs/arm64.md)"
fi
. "$srcdir/graph_lib.sh"

ran=0
if test -x /usr/bin/sqlite3; then
   ../gen_input sql 3000 >script.sql
   graph sqlite /usr/bin/sqlite3 -batch :memory: ".read script.sql"
   ran=$((ran + 1))
fi
../gen_input text 200000 >input.txt
if test -x /usr/bin/bzip2; then
   graph bzip2 /usr/bin/bzip2 -c -9 input.txt
   ran=$((ran + 1))
fi
if test -x /usr/bin/xz; then
   graph xz /usr/bin/xz -1 -T1 -c input.txt
   ran=$((ran + 1))
fi
test $ran -gt 0 || skip "none of /usr/bin/sqlite3, bzip2, xz is installed"
