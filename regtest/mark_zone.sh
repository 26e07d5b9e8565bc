#!/bin/sh
# hotgrind regression tests: zones made with hotgrind.h's macros in C, at
# -O0 and -O2 (mark_zone.c derives the counts).  Zones whose every
# instruction is hand-counted are in mark_hand.sh.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

R=3 I=5
for prog in mark_zone_O0 mark_zone_O2; do
   for k in 100 1100; do
      r="$prog-$k.xml"
      hg "$r" -- "../$prog" $R $I $k
      expect_eq "$prog K=$k zone round calls" "$(zone_attr "$r" round @calls)" $R
      expect_eq "$prog K=$k zone item calls" "$(zone_attr "$r" item @calls)" $((R * I))
      expect_eq "$prog K=$k zone empty calls" "$(zone_attr "$r" empty @calls)" $R
      expect_eq "$prog K=$k zone open calls" "$(zone_attr "$r" open @calls)" 1
      # Every item zone is the same code with the same K: one value.
      item=$(zone_attr "$r" item per-call/@max)
      expect_eq "$prog K=$k item per-call min" "$(zone_attr "$r" item per-call/@min)" "$item"
      expect_eq "$prog K=$k item inclusive" "$(zone_attr "$r" item inclusive/@Ir)" $((R * I * item))
      # It holds work(K) entirely, and little else.
      w=$(( $(fn_self_ir "$r" work) + $(fn_self_ir "$r" unit) ))
      test $((w % (R * I))) = 0 || fail "work's calls cost different amounts"
      extra=$((item - w / (R * I)))
      if test "$extra" -lt 1 || test "$extra" -gt 40; then
         fail "$r: an item zone is work(K) plus $extra Ir of main's"
      fi
      pass "$prog K=$k: an item zone is work(K) plus $extra Ir of main's"
      eval "extra_$k=$extra item_$k=$item"
      # round holds its items and its empty zone.
      round=$(zone_attr "$r" round per-call/@min)
      empty=$(zone_attr "$r" empty per-call/@max)
      test "$(zone_attr "$r" round per-call/@max)" = "$round" || fail "rounds differ"
      if test "$round" -le $((I * item + empty)); then
         fail "$r: a round zone ($round Ir) holds less than its zones"
      fi
      pass "$prog K=$k: a round zone ($round Ir) holds its zones"
      if test "$empty" -lt 1 || test "$empty" -gt 20; then
         fail "$r: an empty zone has $empty Ir"
      fi
      pass "$prog K=$k: an empty zone has $empty Ir (END's request and its set-up)"
      # The END with no zone open is reported on stderr.
      grep -i warning "$r.stderr" | grep -q ZONE_END ||
         fail "no warning for HOTGRIND_ZONE_END with no open zone"
   done
   # What a zone adds to work(K) does not depend on K.
   # shellcheck disable=SC2154  # set by eval
   expect_eq "$prog: item zone overhead, K=100 and K=1100" "$extra_100" "$extra_1100"
done

# Zones are found by name in a hash table (HT_(hash_str)).  No time is
# compared, as load could fail that: instead 300,000 zones of distinct
# names must finish within a bound the table meets by far (100,000 took
# 0.6 s; 300,000 about 2 s: a 60x margin) and a scan of a list cannot
# (quadratic: 100,000 took 77 s idle and 343 s loaded, so 300,000 would
# take about 700 s idle).  Each distinct zone is in the report once, with
# one call.
cat >manyzones.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "hotgrind.h"
int main(int argc, char** argv)
{
   long n = atol(argv[1]), i;
   int  distinct = atoi(argv[2]);
   char name[32];
   for (i = 0; i < n; i++) {
      snprintf(name, sizeof name, "z%ld", distinct ? i : 0L);
      HOTGRIND_ZONE_BEGIN(name);
      HOTGRIND_ZONE_END();
   }
   return 0;
}
C
# valgrind.h's folder, as configure found it for the test programs.
vginc=$(sed -n 's/^VG_INCLUDEDIR = //p' "$BUILDDIR/Makefile")
cc -O1 -I"$top_srcdir/hotgrind" -I"${vginc:-/usr/include/valgrind}" -o manyzones manyzones.c ||
   hard_error "cannot build manyzones.c"
DISTINCT=300000 BOUND=120
st=0
run_client_env timeout -k 10 $BOUND "$VG_IN_PLACE" --tool=hotgrind \
   --hotgrind-out-file=distinct.xml ./manyzones $DISTINCT 1 \
   >distinct.xml.stdout 2>distinct.xml.stderr || st=$?
case $st in
   0) pass "$DISTINCT distinct zones within ${BOUND} s" ;;
   124|137) fail "$DISTINCT distinct zones took more than ${BOUND} s (about 2 s expected): is the zone lookup a scan again?" ;;
   *) fail "manyzones $DISTINCT 1 exited with $st under hotgrind (see $WORK/distinct.xml.stderr)" ;;
esac
hg same.xml -- ./manyzones 100000 0
validate distinct.xml
expect_eq "zones of distinct names" "$(xpath distinct.xml 'count(/hotgrind/zones/zone[@calls="1"])')" $DISTINCT
expect_eq "zones in all" "$(xpath distinct.xml 'count(/hotgrind/zones/zone)')" $DISTINCT
expect_eq "calls of the one zone" "$(zone_attr same.xml z0 @calls)" 100000
