#!/bin/sh
# hotgrind bench: how much slower than native, next to Cachegrind and Callgrind.
# GPL-2.0-or-later
#
# Usage: bench/bench.sh [-r RUNS] [-s MB] [-c] [VG_IN_PLACE]
#
# With -c, the cache simulation instead: hotgrind, Cachegrind and
# Callgrind, all with --cache-sim=yes and the same geometry.
#
# Runs real programs from Debian packages on generated inputs natively and
# under --tool=none, cachegrind --cache-sim=no, callgrind and hotgrind
# (plain, with --mark on a function the workload calls often, and with a
# --mark that matches nothing),
# all through the same vg-in-place launcher, and prints each tool's
# slowdown (best of RUNS wall-clock times, default 3, divided by the best
# native time) and hotgrind's time over Cachegrind's.
#
#   bzip2    bzip2 -9 compressing a generated text file of MB megabytes (8)
#   xz       xz -1 -T1 compressing the same file
#   sqlite3  sqlite3 running a generated script: 100000 single-row inserts
#            in a transaction, an index, joins, aggregates, update, delete
#
# VG_IN_PLACE is the build tree's launcher: the argument, else
# $VG_IN_PLACE, else ../build/vg-in-place next to the source tree, else
# build/vg-in-place inside it.  Not part of `make check`: timings depend on
# the machine; the instruction counts are what the tests check.

set -eu

runs=3
mb=8
cache=no
while getopts r:s:c opt; do
   case $opt in
      r) runs=$OPTARG ;;
      s) mb=$OPTARG ;;
      c) cache=yes ;;
      *) echo "usage: $0 [-r RUNS] [-s MB] [-c] [VG_IN_PLACE]" >&2; exit 2 ;;
   esac
done
shift $((OPTIND - 1))

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
vg=${1:-${VG_IN_PLACE:-}}
if test -z "$vg"; then
   for c in "$top/../build/vg-in-place" "$top/build/vg-in-place"; do
      if test -x "$c"; then vg=$c; break; fi
   done
fi
if test -z "$vg" || ! test -x "$vg"; then
   echo "$0: no vg-in-place found; pass the build tree's one" >&2
   exit 2
fi
vg=$(cd "$(dirname "$vg")" && pwd)/$(basename "$vg")

for p in bzip2 xz sqlite3 cc; do
   command -v $p >/dev/null || { echo "$0: $p is not installed" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

# Inputs, from the generator the regression tests use.
cc -O2 -o gen_input "$top/regtest/gen_input.c"
./gen_input text $((mb * 1024 * 1024)) >input.txt
./gen_input sql 100000 >script.sql

# The same small environment for every run (counts and times depend on it).
run() {
   env -i PATH=/usr/bin:/bin LC_ALL=C "$@"
}

# best_time CMD...: the shortest wall-clock time of $runs runs, in seconds.
# A failing run stops the bench: a time for a run that did not work means
# nothing.
best_time() {
   best=
   i=0
   while test $i -lt "$runs"; do
      t0=$(date +%s.%N)
      if ! "$@" >/dev/null 2>"$work/last.stderr"; then
         echo "$0: failed: $*" >&2
         tail -n 20 "$work/last.stderr" >&2
         exit 1
      fi
      t1=$(date +%s.%N)
      best=$(awk -v a="$t0" -v b="$t1" -v best="$best" \
         'BEGIN { t = b - a; if (best == "" || t < best) best = t; printf "%.3f", best }')
      i=$((i + 1))
   done
   echo "$best"
}

# bench NAME MARK CMD...: one table row.  MARK is a --mark pattern for a
# small function the workload calls often: "hg mark" runs hotgrind with it,
# "hg nomark" with a pattern that matches nothing (the exit checks alone).
bench() {
   name=$1; mark=$2; shift 2
   native=$(best_time run "$@")
   none=$(best_time run "$vg" --tool=none "$@")
   cgt=$(best_time run "$vg" --tool=cachegrind --cache-sim=no \
      --cachegrind-out-file=/dev/null "$@")
   clg=$(best_time run "$vg" --tool=callgrind --callgrind-out-file=/dev/null "$@")
   # hotgrind renames a temporary file onto its report name: a real file.
   hgt=$(best_time run "$vg" --tool=hotgrind --hotgrind-out-file="$work/hg.xml" "$@")
   hgm=$(best_time run "$vg" --tool=hotgrind --hotgrind-out-file="$work/hgm.xml" \
      "--mark=$mark" "$@")
   hgn=$(best_time run "$vg" --tool=hotgrind --hotgrind-out-file="$work/hgn.xml" \
      --mark=no_such_function_anywhere "$@")
   calls=$(sed -n 's/.*marked="yes" calls="\([0-9]*\)".*/\1/p' "$work/hgm.xml" |
      awk '{ s += $1 } END { print s + 0 }')
   ir=$(sed -n 's/^<totals Ir="\([0-9]*\)".*/\1/p; s/^ *<totals Ir="\([0-9]*\)".*/\1/p' \
      "$work/hg.xml" | head -n 1)
   awk -v n="$name" -v nat="$native" -v none="$none" -v cg="$cgt" \
       -v clg="$clg" -v hg="$hgt" -v hgm="$hgm" -v hgn="$hgn" -v ir="$ir" \
       -v calls="$calls" 'BEGIN {
      printf "%-8s %9.3f %7.1f %12.1f %11.1f %10.1f %9.2f %10.1f %9.2f %10.1f %11s %12s\n",
             n, nat, none / nat, cg / nat, clg / nat, hg / nat, hg / cg,
             hgm / nat, hgm / clg, hgn / nat, calls, ir
   }'
}

# bench_cache NAME CMD...: the three tools with cache simulation.
GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
bench_cache() {
   name=$1; shift
   native=$(best_time run "$@")
   # shellcheck disable=SC2086
   cgt=$(best_time run "$vg" --tool=cachegrind --cache-sim=yes $GEOM \
      --cachegrind-out-file=/dev/null "$@")
   # shellcheck disable=SC2086
   clg=$(best_time run "$vg" --tool=callgrind --cache-sim=yes $GEOM \
      --callgrind-out-file=/dev/null "$@")
   # shellcheck disable=SC2086
   hgt=$(best_time run "$vg" --tool=hotgrind --cache-sim=yes $GEOM \
      --hotgrind-out-file="$work/hgc.xml" "$@")
   awk -v n="$name" -v nat="$native" -v cg="$cgt" -v clg="$clg" -v hg="$hgt" 'BEGIN {
      printf "%-8s %9.3f %12.1f %11.1f %10.1f %9.2f %10.2f\n",
             n, nat, cg / nat, clg / nat, hg / nat, hg / cg, hg / clg
   }'
}

if test "$cache" = yes; then
   echo "hotgrind bench, cache simulation ($GEOM): best of $runs runs; launcher $vg"
   printf "%-8s %9s %12s %11s %10s %9s %10s\n" workload "native s" \
      "cachegrind x" "callgrind x" "hotgrind x" "hg/cg" "hg/clg"
   bench_cache bzip2 bzip2 -9 -c input.txt
   bench_cache xz xz -1 -T1 -c input.txt
   bench_cache sqlite3 sqlite3 -batch :memory: ".read script.sql"
   exit 0
fi

echo "hotgrind bench: best of $runs runs; launcher $vg"
echo "machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
echo "valgrind $("$vg" --version | sed 's/^valgrind-//'); inputs: ${mb} MB text, 100000-row SQL script"
echo
printf "%-8s %9s %7s %12s %11s %10s %9s %10s %9s %10s %11s %12s\n" workload \
   "native s" "none x" "cachegrind x" "callgrind x" "hotgrind x" "hg/cg" \
   "hg mark x" "mark/clg" "hg nomark" "marked calls" "Ir (hotgrind)"
bench bzip2 'BZ2_*' bzip2 -9 -c input.txt
bench xz '*memcpy*' xz -1 -T1 -c input.txt
bench sqlite3 '*memcpy*' sqlite3 -batch :memory: ".read script.sql"
