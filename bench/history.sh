#!/bin/sh
# hotgrind bench: `hotgrind history` on a generated history, against the
# storage and speed targets of issue 29 (docs/performance.md gives the
# figures).  GPL-2.0-or-later; part of hotgrind.
#
# Usage: bench/history.sh [-c COMMITS] [-n FUNCTIONS] [-k DIR] [HOTGRIND]
#
# bench/history-gen.py writes COMMITS (default 334) suite runs of three
# benchmarks of FUNCTIONS functions (default 600), one function of each
# changed per commit; each is recorded in order (1,002 runs by default).
# Printed: the time of every record (mean and slowest), the database's
# size after the first commit and at the end, what one commit added on
# average, and the time of log, blame, html and check over the whole
# history (each the best of three; blame and html when this hotgrind has
# them).  Not part of `make check`: times depend on the machine.

set -eu

. "$(dirname "$0")/lib.sh"
commits=334 functions=600 keep=
usage="usage: $0 [-c COMMITS] [-n FUNCTIONS] [-k DIR] [HOTGRIND]"
bench_opts "c:commits n:functions k:keep" "$@"
shift "$opts_shift"
hotgrind=$(find_built "${1:-${HOTGRIND:-}}" cli/hotgrind)
report_bench_dir history

python3 "$here/history-gen.py" -c "$commits" -n "$functions" "$dir"
db=$dir/history.db
rm -f "$db"
now() { date +%s.%N; }
size() { wc -c <"$1"; }

sum=0 slowest=0 first_size=
while read -r sha parent d; do
   if test "$parent" = -; then set --; else set -- --parent "$parent"; fi
   t0=$(now)
   "$hotgrind" history record --db "$db" --commit "$sha" "$@" \
      --branch main "$dir/$d" >/dev/null
   t=$(echo "$(now) - $t0" | bc)
   sum=$(echo "$sum + $t" | bc)
   if test "$(echo "$t > $slowest" | bc)" = 1; then slowest=$t; fi
   test -n "$first_size" || first_size=$(size "$db")
done <"$dir/plan"
end_size=$(size "$db")
runs=$((commits * 3))
echo "hotgrind: $hotgrind"
echo "history:  $commits commits of 3 benchmarks of $functions functions ($runs runs), in $dir"
printf 'record:   %d suite runs in %.1f s: %.3f s each on average, the slowest %.3f s\n' \
   "$commits" "$sum" "$(echo "$sum / $commits" | bc -l)" "$slowest"
echo "database: $first_size bytes after the first commit, $end_size after the last;" \
   "$(( (end_size - first_size) / (commits - 1) )) bytes per later commit on average"
echo "rows:     $(sqlite3 "$db" 'SELECT count(*) FROM figures') figures stored" \
   "($(sqlite3 "$db" "SELECT count(*) FROM figures f JOIN runs r ON r.id = f.run_id
      WHERE r.id = (SELECT max(id) FROM runs)") by the last run)"

# best NAME COMMAND...: the best wall-clock time of three runs.
best() {
   _name=$1; shift
   _best=
   for _i in 1 2 3; do
      _t0=$(now)
      "$@" >/dev/null 2>&1 || { echo "$_name: not available (exit $?)"; return 0; }
      _t=$(echo "$(now) - $_t0" | bc)
      if test -z "$_best" || test "$(echo "$_t < $_best" | bc)" = 1; then _best=$_t; fi
   done
   printf '%-34s %.3f s\n' "$_name:" "$_best"
}
best "log of a total" "$hotgrind" history log --db "$db" --benchmark a
best "log of one function" "$hotgrind" history log --db "$db" --benchmark a --function fn005
best "log of one function, JSON" "$hotgrind" history log --db "$db" --function fn005 --format=json
best "blame of one function" "$hotgrind" history blame --db "$db" --benchmark a fn005
best "blame of every function" "$hotgrind" history blame --db "$db" --benchmark a 'fn*'
best "html" "$hotgrind" history html --db "$db" -o "$dir/site"
best "check" "$hotgrind" history check --db "$db"
