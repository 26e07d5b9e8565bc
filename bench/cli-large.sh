#!/bin/sh
# hotgrind bench: the host command on large reports.
# GPL-2.0-or-later; part of hotgrind.
#
# Usage: bench/cli-large.sh [-n FUNCTIONS] [-r RUNS] [-k DIR] [HOTGRIND]
#
# Writes two reports of FUNCTIONS functions (default 100000) with
# bench/gen-report.py -- a base and a later run of the same program, with
# cache figures, heap figures, marked functions, zones and threads -- then
# times `hotgrind show`, `hotgrind validate`, `hotgrind diff` (text, and
# JSON of every row) and `hotgrind merge` (of the two) on them: the best wall-clock time of RUNS runs
# (default 3) and the peak resident memory, from /usr/bin/time -v when it
# is there (GNU time; the shell's clock otherwise, without memory).
#
# HOTGRIND is the command to time: the argument, else $HOTGRIND, else
# ../build/cli/hotgrind next to the source tree, else build/cli/hotgrind
# inside it.  The reports are written to a temporary folder, removed at
# the end unless -k DIR names a folder to keep them in.  Not part of
# `make check`: times depend on the machine.

set -eu

. "$(dirname "$0")/lib.sh"
report_bench_options 100000 HOTGRIND "$@"
shift "$opts_shift"
hotgrind=$(find_built "${1:-${HOTGRIND:-}}" cli/hotgrind)

report_bench_dir cli-large

python3 "$here/gen-report.py" -n "$functions" "$dir/base.xml"
python3 "$here/gen-report.py" -n "$functions" --head "$dir/head.xml"
size() { wc -c <"$1" | awk '{ printf "%.1f MB", $1 / 1e6 }'; }
echo "hotgrind: $hotgrind"
echo "reports:  $functions functions each; base.xml $(size "$dir/base.xml")," \
     "head.xml $(size "$dir/head.xml"), in $dir"
if test -x /usr/bin/time && /usr/bin/time -v true >/dev/null 2>&1; then
   gnu_time=yes
else
   gnu_time=no
   echo "(no GNU /usr/bin/time: wall-clock times only)"
fi
echo
printf '%-48s %8s %12s\n' "command" "best s" "peak RSS MB"

# measure LABEL ARGS...: runs hotgrind ARGS RUNS times (output discarded;
# status 0 required) and prints the best time and the largest peak RSS.
measure() {
   label=$1; shift
   best=
   peak=0
   i=0
   while test "$i" -lt "$runs"; do
      i=$((i + 1))
      if test "$gnu_time" = yes; then
         /usr/bin/time -v -o "$dir/time.txt" "$hotgrind" "$@" \
            >/dev/null 2>"$dir/stderr.txt" ||
            { echo "$0: hotgrind $* failed:" >&2; cat "$dir/stderr.txt" >&2
              exit 1; }
         seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {
                      n = split($2, t, ":"); s = 0
                      for (j = 1; j <= n; j++) s = s * 60 + t[j]
                      print s }' "$dir/time.txt")
         kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' \
              "$dir/time.txt")
      else
         start=$(date +%s.%N)
         "$hotgrind" "$@" >/dev/null 2>"$dir/stderr.txt" ||
            { echo "$0: hotgrind $* failed" >&2; exit 1; }
         seconds=$(echo "$(date +%s.%N) - $start" | bc)
         kb=0
      fi
      best=$(awk -v a="${best:-$seconds}" -v b="$seconds" \
                 'BEGIN { print (b < a ? b : a) }')
      peak=$(awk -v a="$peak" -v b="$kb" 'BEGIN { print (b > a ? b : a) }')
   done
   if test "$gnu_time" = yes; then
      printf '%-48s %8.2f %12.0f\n' "$label" "$best" "$(awk -v k="$peak" \
             'BEGIN { print k / 1024 }')"
   else
      printf '%-48s %8.2f %12s\n' "$label" "$best" "-"
   fi
}

cd "$dir"
measure "show base.xml" show base.xml
measure "validate base.xml" validate base.xml
measure "validate base.xml head.xml" validate base.xml head.xml
measure "diff base.xml head.xml" diff base.xml head.xml
measure "diff --format=json --limit 0 base.xml head.xml" \
   diff --format=json --limit 0 base.xml head.xml
measure "diff --format=markdown base.xml head.xml" \
   diff --format=markdown base.xml head.xml
measure "merge -o merged.xml base.xml head.xml" \
   merge -o "$dir/merged.xml" base.xml head.xml
