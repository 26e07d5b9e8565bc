#!/bin/sh
# hotgrind regression tests: the clock on stock Valgrind, answered by the
# tool from the instruction count (--det-clock=yes), with the constants of
# the det-sched patch's virtual time (docs/threads.md, section 5).
# GPL-2.0-or-later
#
# det_clock.c reads time, clock_gettime (REALTIME, MONOTONIC),
# gettimeofday, rdtsc and clock_getres, then pairs of back-to-back reads,
# prints them and loops by their last digits.  Checked:
#   1. five runs with --det-clock=yes: byte-identical reports and output;
#      det-clock=yes recorded;
#   2. the values follow the documented clock, vnow being the
#      instructions executed so far: time() 946684800; CLOCK_REALTIME
#      946684800 s + vnow ns, CLOCK_MONOTONIC 1000 s + vnow ns,
#      gettimeofday that in us, rdtsc vnow, each read later than the one
#      before it and below the report's total Ir; clock_getres 1 ns; two
#      raw clock_gettime system calls 4 instructions apart differ by 4 ns
#      and two rdtsc 4 apart by 4 (counted by hand in det_clock.c); two
#      calls through glibc by a small positive number;
#   3. <inputs> (xml.etree, det_inputs.py): clock_gettime 6 calls from
#      main, time, gettimeofday and clock_getres 1, rdtsc 3 from main (and
#      ld.so's own), all pinned;
#   4. --det-clock=no: two runs print different times (the test can fail);
#   5. with HOTGRIND_INTREE (a Valgrind built with patches/, test.sh
#      builds one): the program prints under --det-sched=yes, whose core
#      answers the clock, exactly what it prints on stock Valgrind with
#      --det-clock=yes --vex-guest-chase=no (det-sched turns VEX's chasing
#      off, which changes what is counted: README.md, mark_andand), both
#      run by `hotgrind run` (below: why), and the totals are equal; the
#      part is skipped, saying so, when it is unset.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/inputs_lib.sh"

test "$HT_ARCH" = amd64 ||
   skip "det_clock.c's hand-counted pairs are x86-64 assembly (arm64: not written)"
cc -O2 -g -o det_clock "$srcdir/det_clock.c" || hard_error "cannot compile det_clock.c"
"$VG_IN_PLACE" --tool=hotgrind --help 2>&1 | grep -q -e '--det-clock' ||
   fail "the tool has no --det-clock option"

# 1. five runs
five_runs clock --det-clock=yes -- ./det_clock
expect_eq "option det-clock" "$(opt clock.1.xml det-clock)" yes
cat clock.1.xml.stdout
pass "5 runs with --det-clock=yes: identical reports and output, total $(total_ir clock.1.xml) Ir"

# 2. the values
"$PYTHON3" - clock.1.xml.stdout "$(total_ir clock.1.xml)" <<'PY' || fail "the clock values do not follow the instruction count (above)"
import sys
v = dict(l.split(" ", 1) for l in open(sys.argv[1]).read().splitlines())
total = int(sys.argv[2])
def ns(text, epoch):
    s, f = text.split(".")
    assert int(s) == epoch, "%s s, expected %d" % (s, epoch)
    return int(f) * (10 ** (9 - len(f)))
errors = []
def check(what, ok):
    print(("ok: " if ok else "WRONG: ") + what)
    if not ok:
        errors.append(what)
check("time %s = 946684800" % v["time"], v["time"] == "946684800")
rt = ns(v["realtime"], 946684800)
mono = ns(v["monotonic"], 1000)
tv = ns(v["gettimeofday"], 946684800)       # microseconds, as ns
tsc = int(v["rdtsc"])
check("vnow at REALTIME %d < at MONOTONIC %d" % (rt, mono), 0 < rt < mono)
check("gettimeofday %d us: after MONOTONIC %d ns (truncated to us)" % (tv // 1000, mono),
      tv >= mono - mono % 1000)
check("rdtsc %d: after gettimeofday's %d us" % (tsc, tv // 1000), tsc > tv and tsc > mono)
check("rdtsc %d < total Ir %d" % (tsc, total), tsc < total)
check("getres %s = 0.000000001" % v["getres"], v["getres"] == "0.000000001")
check("raw_pair %s = 4 (hand count)" % v["raw_pair"], v["raw_pair"] == "4")
check("rdtsc_pair %s = 4 (hand count)" % v["rdtsc_pair"], v["rdtsc_pair"] == "4")
check("libc_pair %s: 0 < d < 1000" % v["libc_pair"], 0 < int(v["libc_pair"]) < 1000)
sys.exit(1 if errors else 0)
PY
pass "values follow vnow: REALTIME 946684800 s + $(sed -n 's/^realtime 946684800\.0*//p' clock.1.xml.stdout) ns, MONOTONIC 1000 s + $(sed -n 's/^monotonic 1000\.0*//p' clock.1.xml.stdout) ns, rdtsc $(sed -n 's/^rdtsc //p' clock.1.xml.stdout); the raw pairs 4 apart"

# 3. <inputs>
inputs_rows clock.1.xml
expect_eq "clock sources" "$(inputs_sources clock.1.xml clock)" \
   clock_getres,clock_gettime,gettimeofday,rdtsc,time
expect_eq "clock_gettime calls bytes pinned" "$(inputs_sum clock.1.xml clock clock_gettime)" "6 0 yes"
expect_eq "clock_gettime from main" "$(inputs_sum clock.1.xml clock clock_gettime main)" "6 0 yes"
expect_eq "time" "$(inputs_sum clock.1.xml clock time)" "1 0 yes"
expect_eq "gettimeofday" "$(inputs_sum clock.1.xml clock gettimeofday)" "1 0 yes"
expect_eq "clock_getres" "$(inputs_sum clock.1.xml clock clock_getres)" "1 0 yes"
# ld.so reads the time stamp counter too (rtld's HP_TIMING, for
# LD_DEBUG=statistics): its rows are left out.
expect_eq "rdtsc from main" "$(inputs_sum clock.1.xml clock rdtsc main)" "3 0 yes"
pass "$(inputs_order clock.1.xml)"

# 4. --det-clock=no
hg real.1.xml --det-clock=no -- ./det_clock
hg real.2.xml --det-clock=no -- ./det_clock
a=$(sed -n 's/^realtime //p' real.1.xml.stdout) b=$(sed -n 's/^realtime //p' real.2.xml.stdout)
test "$a" != "$b" || fail "--det-clock=no: two runs read the same CLOCK_REALTIME $a"
case $a in 946684800.*) fail "--det-clock=no: CLOCK_REALTIME reads the virtual $a";; esac
expect_eq "--det-clock=no clock_gettime row" "$(inputs_sum real.1.xml clock clock_gettime)" "6 0 no"
pass "--det-clock=no: CLOCK_REALTIME $a and $b; totals $(total_ir real.1.xml) and $(total_ir real.2.xml) Ir"

# 5. the patched core's virtual time.  Both runs go through `hotgrind
# run`, which passes VALGRIND_LIB as /proc/self/fd/4: through each
# build's own launcher, ld.so's start-up reads an LD_PRELOAD naming that
# build's folder, whose length differs (/work/main/build/.in_place and
# an in-tree SRC/.in_place), and executes a few thousand instructions
# more or fewer before main, which every clock value then shows.
if test -n "${HOTGRIND_INTREE:-}"; then
   HOTGRIND_CLI=$top_builddir/cli/hotgrind
   test -x "$HOTGRIND_CLI" || hard_error "no $HOTGRIND_CLI"
   : "${HOTGRIND_VALGRIND:=$(sed -n 's/^exec "\(.*\)" "\$@"$/\1/p' "$VG_IN_PLACE")}"
   VALGRIND_LIB=$top_builddir/.in_place "$HOTGRIND_CLI" run --valgrind="$HOTGRIND_VALGRIND" \
      -o "$WORK/nochase.xml" --det-clock=yes --vex-guest-chase=no -- ./det_clock \
      </dev/null >nochase.xml.stdout 2>nochase.xml.stderr ||
      fail "hotgrind run --vex-guest-chase=no exited with $? (see $WORK/nochase.xml.stderr)"
   check_report nochase.xml nochase.xml.stderr
   . "$srcdir/det_lib.sh"
   det_intree --det-sched=yes --virtual-time=yes
   VALGRIND_LIB=$HOTGRIND_INTREE/.in_place "$HOTGRIND_CLI" run \
      --valgrind="$HOTGRIND_INTREE/coregrind/valgrind" \
      -o "$WORK/vt.xml" --det-sched=yes -- ./det_clock \
      </dev/null >vt.xml.stdout 2>vt.xml.stderr ||
      fail "hotgrind run --det-sched=yes exited with $? (see $WORK/vt.xml.stderr)"
   check_report vt.xml vt.xml.stderr
   expect_eq "patched core: option det-sched" "$(opt vt.xml det-sched)" yes
   cmp -s nochase.xml.stdout vt.xml.stdout ||
      fail "the patched core's virtual time and --det-clock=yes --vex-guest-chase=no print different values:
$(diff nochase.xml.stdout vt.xml.stdout)"
   expect_eq "total Ir, patched core against stock" "$(total_ir vt.xml)" "$(total_ir nochase.xml)"
   pass "patched core (--det-sched=yes) and stock --det-clock=yes --vex-guest-chase=no, both under hotgrind run: the same $(grep -c . vt.xml.stdout) lines (REALTIME $(sed -n 's/^realtime //p' vt.xml.stdout), rdtsc $(sed -n 's/^rdtsc //p' vt.xml.stdout)) and total Ir"
else
   echo "note: HOTGRIND_INTREE is not set: the comparison with the patched core's virtual time is skipped (test.sh builds one: tools/build-in-tree.sh)"
fi
