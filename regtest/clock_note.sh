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
#   2. the report's <inputs> (read with xml.etree) carries the same
#      counts and function, so the report states what the note says;
#   3. --det-clock=yes: no note, every clock row pinned.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"

case $HT_ARCH in
   amd64) cc -O2 -g -o det_clock "$srcdir/det_clock.c" ||
             hard_error "cannot compile det_clock.c";;
   *) skip "det_clock.c's rdtsc reads are x86-64 (arm64: arm64_det.sh runs the clock)";;
esac

# clock_rows REPORT: the report's clock rows (xml.etree), one a line:
# "SOURCE FUNCTION OBJECT CALLS PINNED", then "loader N": the unpinned
# calls of the dynamic loader's rows.
clock_rows() {
   "$PYTHON3" - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
block = ET.parse(sys.argv[1]).getroot().find("run").find("inputs")
rows = [] if block is None else block.findall("input")
loader = 0
for r in rows:
    if r.get("kind") != "clock":
        continue
    if r.get("object").startswith("ld-linux"):
        loader += int(r.get("calls")) if r.get("pinned") == "no" else 0
        continue
    print(r.get("source"), r.get("function"), r.get("object"), r.get("calls"), r.get("pinned"))
print("loader", loader)
PY
}

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
clock_rows real.xml >real.rows
loader=$(sed -n 's/^loader //p' real.rows)
test "${loader:-0}" -gt 0 ||
   fail "no unpinned clock row of the dynamic loader in real.xml: the note's exclusion is not tested"
grep -q 'ld-linux' real.note && fail "the note names the dynamic loader's reads"
pass "the loader's $loader rdtsc reads are in <inputs>, not in the note"

# 2. the report states it: the same rows, counts and function
cat >expected.rows <<'EOF'
clock_getres main det_clock 1 no
clock_gettime main det_clock 6 no
gettimeofday main det_clock 1 no
rdtsc main det_clock 3 no
time main det_clock 1 no
EOF
grep -v '^loader ' real.rows | diff expected.rows - ||
   fail "--det-clock=no: the report's clock rows differ from the hand count (above)"
pass "the report's <inputs> has the note's rows: $(grep -c -v '^loader ' real.rows) sources from main, unpinned"

# 3. --det-clock=yes
hg det.xml --det-clock=yes -- ./det_clock
test -z "$(clock_note det.xml)" || fail "--det-clock=yes: a clock note: $(clock_note det.xml)"
clock_rows det.xml >det.rows
test "$(grep -v '^loader ' det.rows | grep -c ' no$')" = 0 ||
   fail "--det-clock=yes: unpinned clock rows: $(cat det.rows)"
pass "--det-clock=yes: no note, the clock rows pinned"
