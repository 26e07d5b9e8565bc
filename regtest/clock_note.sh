#!/bin/sh
# hotgrind regression tests: the note at exit about clock reads the tool
# left unpinned (neither --det-clock=yes nor the patched core's virtual
# time answered them).  GPL-2.0-or-later
#
# det_clock.c's header counts its reads by hand: time 1, clock_gettime
# 6, gettimeofday 1, clock_getres 1 system calls and 3 rdtsc, all in
# main: 12.  Checked:
#   1. --det-clock=no: the note on stderr is exactly those five rows
#      (sorted by source, as the report's <inputs>), 12 reads in the
#      head, and the remedy; the dynamic loader's own rdtsc reads, in
#      every program, are not named, but stay in <inputs> (read with
#      xml.etree) with pinned="no";
#   2. the report's <inputs> carries the same counts and function
#      (det_inputs.py), so the report states what the note says;
#   3. --det-clock=yes: no note, every clock row pinned.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/inputs_lib.sh"

test "$HT_ARCH" = amd64 ||
   skip "det_clock.c's rdtsc reads are x86-64 (arm64: arm64_det.sh runs the clock)"
cc -O2 -g -o det_clock "$srcdir/det_clock.c" || hard_error "cannot compile det_clock.c"

# The note: stderr's lines after Valgrind's ==PID== prefix, from the
# clock note's head to its remedy.
clock_note() {
   sed -n 's/^==[0-9]*== hotgrind: //p' "$1.stderr" |
      sed -n '/^the program read the clock/,/^its counts may differ/p'
}

# 1. --det-clock=no
hg real.xml --det-clock=no -- ./det_clock
clock_note real.xml >real.note
cat >expected.note <<'EOF'
the program read the clock 12 times outside virtual time (--det-clock=no, no --det-sched=yes):
  clock_getres from main (det_clock), 1 call
  clock_gettime from main (det_clock), 6 calls
  gettimeofday from main (det_clock), 1 call
  rdtsc from main (det_clock), 3 calls
  time from main (det_clock), 1 call
its counts may differ from run to run; --det-clock=yes (or --det-sched=yes's virtual time) answers the clock from the instruction count, and `hotgrind run --repeat` tells whether the counts move
EOF
diff expected.note real.note || fail "--det-clock=no: the clock note differs from the hand count (above)"
pass "--det-clock=no: the note names 12 reads in main, by source"
loader=$("$PYTHON3" - real.xml <<'PY'
import sys, xml.etree.ElementTree as ET
rows = ET.parse(sys.argv[1]).getroot().find("run").find("inputs").findall("input")
print(sum(int(r.get("calls")) for r in rows
          if r.get("kind") == "clock" and r.get("object").startswith("ld-linux")
          and r.get("pinned") == "no"))
PY
)
test "$loader" -gt 0 || fail "no unpinned clock row of the dynamic loader in real.xml: the note's exclusion is not tested"
grep -q 'ld-linux' real.note && fail "the note names the dynamic loader's reads"
pass "the loader's $loader rdtsc reads are in <inputs>, not in the note"

# 2. the report states it
expect_eq "report: clock_gettime from main" "$(inputs_sum real.xml clock clock_gettime main)" "6 0 no"
expect_eq "report: rdtsc from main" "$(inputs_sum real.xml clock rdtsc main)" "3 0 no"
expect_eq "report: time" "$(inputs_sum real.xml clock time main)" "1 0 no"
expect_eq "report: gettimeofday" "$(inputs_sum real.xml clock gettimeofday main)" "1 0 no"
expect_eq "report: clock_getres" "$(inputs_sum real.xml clock clock_getres main)" "1 0 no"

# 3. --det-clock=yes
hg det.xml --det-clock=yes -- ./det_clock
test -z "$(clock_note det.xml)" || fail "--det-clock=yes: a clock note: $(clock_note det.xml)"
expect_eq "--det-clock=yes: pinned values of the rdtsc rows" \
   "$(inputs_sum det.xml clock rdtsc | cut -d' ' -f3)" yes
pass "--det-clock=yes: no note, the clock rows pinned"
