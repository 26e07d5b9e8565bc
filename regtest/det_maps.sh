#!/bin/sh
# shellcheck disable=SC2046  # set -- $(maps_row ...): a row's three words
# hotgrind regression tests: the address map without Valgrind's
# gdbserver file (ht_maps.c).  GPL-2.0-or-later
#
# Under Valgrind, /proc/self/maps names the file Valgrind shares with vgdb,
# with the process ID in its name, so a program that reads the map (glibc's
# pthread_getattr_np, which Rust's runtime calls at start-up) moved by a
# few instructions with the PID's digits: det_hashmap.sh's Rust runs once
# differed by that.  The length of that line is set here with
# --vgdb-prefix instead of waiting for PIDs of another length.
# det_maps.c reads the map through pthread_getattr_np, fopen/getline of
# /proc/self/maps and /proc/thread-self/maps, and of /proc/self/smaps, and
# prints, per file, how many mappings name the gdbserver file and the
# bytes of their lines, measured by itself.  Checked:
#   1. --det-random=yes (the default), a prefix and one 40 bytes longer:
#      the program sees no gdbserver mapping; the two runs' functions and
#      totals are identical; each <input> row's bytes (the text taken out)
#      grow by 40 per open with the longer prefix; three runs with the
#      same prefix give byte-identical reports;
#   2. --det-random=no, the same two prefixes: the program sees the
#      mapping in each file, with the bytes the tool's rows give (the
#      program's own measure); the totals differ, so check 1 could fail;
#      the rows say pinned="no" and the exit note names /proc/self/maps;
#   3. --vgdb=no: no such mapping, rows with 0 bytes, pinned.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/inputs_lib.sh"

cc -O2 -g -o det_maps "$srcdir/det_maps.c" -lpthread ||
   hard_error "cannot compile det_maps.c"

SHORT=--vgdb-prefix=$WORK/vg
LONG=--vgdb-prefix=$WORK/vg0123456789012345678901234567890123456789

# functions REPORT: the <functions> part, which has no input rows.
functions() { sed -n '/<totals/,$p' "$1"; }
# maps_row REPORT SOURCE FUNCTION: "CALLS BYTES PINNED" of that row.
maps_row() { inputs_sum "$1" random "$2" "$3"; }

# 1. pinned
hg pin.short.xml "$SHORT" -- ./det_maps
hg pin.long.xml "$LONG" -- ./det_maps
for r in pin.short pin.long; do
   expect_eq "$r: what the program saw" "$(cat $r.xml.stdout)" \
"/proc/self/maps: 0, 0
/proc/thread-self/maps: 0, 0
/proc/self/smaps: 0, 0"
done
functions pin.short.xml >pin.short.fns
functions pin.long.xml >pin.long.fns
cmp -s pin.short.fns pin.long.fns ||
   fail "--det-random=yes: another --vgdb-prefix length moved the counts: $(diff pin.short.fns pin.long.fns | head -n 6)"
# The rows: pthread_getattr_np's one open, scan's two of the maps, one of
# smaps; the longer prefix adds 40 bytes to each open's text taken out.
set -- $(maps_row pin.short.xml /proc/self/maps pthread_getattr_np@@GLIBC_2.32)
test "$1 $3" = "1 yes" || fail "pin.short: pthread_getattr_np's row: $*"
g_short=$2
set -- $(maps_row pin.long.xml /proc/self/maps pthread_getattr_np@@GLIBC_2.32)
expect_eq "pthread_getattr_np's bytes with a prefix 40 bytes longer" "$2" $((g_short + 40))
test "$g_short" -gt 40 || fail "pin.short: pthread_getattr_np's row took out $g_short bytes: no gdbserver line?"
set -- $(maps_row pin.short.xml /proc/self/maps scan); m_short=$2
test "$1 $3" = "2 yes" || fail "pin.short: scan's /proc/self/maps row: $*"
set -- $(maps_row pin.long.xml /proc/self/maps scan)
expect_eq "scan's maps bytes, longer prefix" "$2" $((m_short + 80))
set -- $(maps_row pin.short.xml /proc/self/smaps scan); s_short=$2
test "$1 $3" = "1 yes" || fail "pin.short: scan's /proc/self/smaps row: $*"
set -- $(maps_row pin.long.xml /proc/self/smaps scan)
expect_eq "scan's smaps bytes, longer prefix" "$2" $((s_short + 40))
grep -q "unpinned" pin.short.xml.stderr && fail "pin.short: an exit note about unpinned input"
for i in 2 3; do
   hg pin.short.$i.xml "$SHORT" -- ./det_maps
   cmp pin.short.xml pin.short.$i.xml || fail "pinned runs 1 and $i gave different reports"
done
pass "--det-random=yes: no gdbserver line seen, the same $(total_ir pin.short.xml) Ir with either prefix, 3 identical reports; taken out $g_short + $m_short + $s_short bytes"

# 2. unpinned
hg free.short.xml --det-random=no "$SHORT" -- ./det_maps
hg free.long.xml --det-random=no "$LONG" -- ./det_maps
for r in free.short free.long; do
   # The program's own measure of the gdbserver text, per file.
   p_maps=$(sed -n 's|^/proc/self/maps: 1, ||p' $r.xml.stdout)
   p_task=$(sed -n 's|^/proc/thread-self/maps: 1, ||p' $r.xml.stdout)
   p_smaps=$(sed -n 's|^/proc/self/smaps: 1, ||p' $r.xml.stdout)
   { test -n "$p_maps" && test -n "$p_task" && test -n "$p_smaps"; } ||
      fail "$r: the program did not see one gdbserver mapping per file: $(cat $r.xml.stdout)"
   set -- $(maps_row $r.xml /proc/self/maps scan)
   expect_eq "$r: scan's maps row" "$*" "2 $((p_maps + p_task)) no"
   set -- $(maps_row $r.xml /proc/self/smaps scan)
   expect_eq "$r: scan's smaps row" "$*" "1 $p_smaps no"
   set -- $(maps_row $r.xml /proc/self/maps pthread_getattr_np@@GLIBC_2.32)
   expect_eq "$r: pthread_getattr_np's row" "$*" "1 $p_maps no"
   grep -q "bytes through /proc/self/maps from pthread_getattr_np" $r.xml.stderr ||
      fail "$r: the exit note does not name /proc/self/maps: $(cat $r.xml.stderr)"
done
a=$(total_ir free.short.xml) b=$(total_ir free.long.xml)
test "$a" != "$b" ||
   fail "--det-random=no: both prefixes gave $a Ir: the test could not tell a pinned map from the kernel's"
pass "--det-random=no: the program sees the gdbserver line ($p_maps bytes), the rows say so, the totals move ($a and $b Ir)"

# 3. no gdbserver
hg novgdb.xml --vgdb=no -- ./det_maps
expect_eq "--vgdb=no: rows" "$(maps_row novgdb.xml /proc/self/maps scan) / $(maps_row novgdb.xml /proc/self/smaps scan)" "2 0 yes / 1 0 yes"
pass "--vgdb=no: nothing to take out"
