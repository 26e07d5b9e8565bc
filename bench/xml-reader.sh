#!/bin/sh
# hotgrind bench: the command's report reader against libxml2's
# xmlTextReader, on one large generated report.
# GPL-2.0-or-later; part of hotgrind.
#
# Usage: bench/xml-reader.sh [-n FUNCTIONS] [-r RUNS] [-k DIR] [BUILD]
#
# Writes a report of FUNCTIONS functions (default 500000, about 114 MB)
# with bench/gen-report.py, builds bench/xml-reader.c against BUILD's
# cli/libhotgrind-cli.a (BUILD: the argument, else ../build next to the
# source tree, else build inside it), and runs each of its modes RUNS
# times (default 3) under GNU /usr/bin/time -v:
#
#   report       the reader every command uses (hg_report_load)
#   dom          the whole document, as `hotgrind validate` builds it
#   reader-walk  xmlTextReader visiting every element and attribute
#   reader-load  xmlTextReader loading every <function> into the
#                command's struct hg_function
#
# and prints, per mode, the median wall-clock seconds, the median CPU
# seconds (user + system) with the lowest and highest, and the median
# peak resident set size (MiB).  The numbers are in
# docs/performance.md, "The command's report reader".  Not part of `make check`: times
# depend on the machine.

set -eu

. "$(dirname "$0")/lib.sh"
report_bench_options 500000 BUILD "$@"
shift "$opts_shift"
library=
for build in ${1:-"$top/../build" "$top/build"}; do
   if test -f "$build/cli/libhotgrind-cli.a"; then
      library=$(cd "$build/cli" && pwd)/libhotgrind-cli.a
      break
   fi
done
test -n "$library" ||
   { echo "$0: no cli/libhotgrind-cli.a in ${1:-$top/../build or $top/build}; pass the build folder" >&2
     exit 2; }
/usr/bin/time -v true >/dev/null 2>&1 ||
   { echo "$0: GNU /usr/bin/time is needed for peak memory" >&2; exit 2; }
if pkg-config --exists libxml-2.0 2>/dev/null; then
   xml_cflags=$(pkg-config --cflags libxml-2.0)
   xml_libs=$(pkg-config --libs libxml-2.0)
else
   xml_cflags=$(xml2-config --cflags)
   xml_libs=$(xml2-config --libs)
fi

report_bench_dir xml-reader

# shellcheck disable=SC2086  # the flags are lists
${CC:-cc} -O2 -Wall -Wextra -I"$top/cli" $xml_cflags \
   -o "$dir/xml-reader" "$here/xml-reader.c" "$library" $xml_libs
python3 "$here/gen-report.py" -n "$functions" "$dir/report.xml"

echo "library:  $library ($(xml2-config --version 2>/dev/null ||
                            pkg-config --modversion libxml-2.0) libxml2)"
echo "report:   $functions functions, $(wc -c <"$dir/report.xml" |
        awk '{ printf "%.1f MB", $1 / 1e6 }') ($dir/report.xml)"
echo "runs:     $runs per mode; medians"
echo
printf '%-12s %10s %10s %13s %12s  %s\n' mode "wall s" "CPU s" \
       "CPU min-max" "peak RSS MiB" "output"

# median: the middle of the numbers on stdin (the lower middle of an even
# count).
median() {
   sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for mode in report dom reader-walk reader-load; do
   : >"$dir/wall" ; : >"$dir/cpu" ; : >"$dir/rss"
   i=0
   while test "$i" -lt "$runs"; do
      i=$((i + 1))
      /usr/bin/time -v -o "$dir/time.txt" "$dir/xml-reader" "$mode" \
         "$dir/report.xml" >"$dir/out.txt" 2>"$dir/err.txt" ||
         { echo "$0: $mode failed:" >&2; cat "$dir/err.txt" >&2; exit 1; }
      awk -F': ' '/Elapsed \(wall clock\)/ {
                     n = split($2, t, ":"); s = 0
                     for (j = 1; j <= n; j++) s = s * 60 + t[j]
                     print s }' "$dir/time.txt" >>"$dir/wall"
      awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 }
                  END { print u + s }' "$dir/time.txt" >>"$dir/cpu"
      awk -F': ' '/Maximum resident set size/ { print $2 / 1024 }' \
         "$dir/time.txt" >>"$dir/rss"
   done
   printf '%-12s %10.2f %10.2f %13s %12.1f  %s\n' "$mode" \
      "$(median <"$dir/wall")" "$(median <"$dir/cpu")" \
      "$(sort -n "$dir/cpu" | awk 'NR == 1 { lo = $1 } { hi = $1 }
                                    END { printf "%.2f-%.2f", lo, hi }')" \
      "$(median <"$dir/rss")" "$(cut -d' ' -f2- "$dir/out.txt")"
done
