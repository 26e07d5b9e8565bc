#!/bin/sh
# hotgrind regression tests: 20 runs of a single-threaded benchmark under
# `hotgrind run`, each with another pid, from one of two directories,
# with another caller environment: byte-identical reports.
# GPL-2.0-or-later
# shellcheck disable=SC2086  # $MARKS and $WORDS: words by construction
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

RUNS=20
i=1
pids=
while test $i -le $RUNS; do
   # Odd runs from here by a relative path, even ones from elsewhere by the
   # absolute path; a variable of another length every time.
   if test $((i % 2)) = 1; then
      cd "$WORK"; prog=$(relative "$WORK" "$WORDBENCH")
   else
      cd "$LONG_DIR"; prog=$LONG_PROG
   fi
   (HOTGRIND_TEST_RUN=$(printf "%0${i}d" "$i"); export HOTGRIND_TEST_RUN
    hgrun "run$i.xml" $MARKS -- "$prog" $WORDS)
   cd "$WORK"
   pids="$pids $(pid_of "run$i.xml.stderr")"
   if test $i -gt 1; then
      cmp run1.xml "run$i.xml" || fail "run $i gave a report other than run 1's"
   fi
   i=$((i + 1))
done
distinct=$(echo $pids | tr ' ' '\n' | sort -u | wc -l)
test "$distinct" -gt 1 || hard_error "every run had the same pid ($pids)"
pass "$RUNS runs ($distinct pids), byte-identical reports: total Ir $(total_ir run1.xml)"
