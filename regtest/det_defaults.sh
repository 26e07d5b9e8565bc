#!/bin/sh
# hotgrind regression tests: the defaults of --det-random, --det-clock and
# --cpus, under `hotgrind run` and a plain valgrind --tool=hotgrind.
# GPL-2.0-or-later
#
# `hotgrind run` gives the tool --det-random=yes, --det-clock=yes and
# --cpus=4 unless the Valgrind options give another value, which wins; a
# plain valgrind --tool=hotgrind has --det-random=yes and neither of the
# others.  With det_random.c, det_clock.c and det_cpus.c (det_random.sh,
# det_clock.sh, det_cpus.sh check the options themselves):
#   1. hotgrind run ./det_cpus: every count 4, four workers; the report's
#      options det-random=yes, random-seed=0, det-clock=yes, cpus=4;
#   2. hotgrind run ./det_clock: time() 946684800, CLOCK_MONOTONIC at
#      1000 s, the raw pair 4 ns apart; hotgrind run --det-clock=no: the
#      real clock, det-clock absent from the options;
#   3. hotgrind run ./det_random: the reference generator's bytes for seed
#      0 (det_random_ref.py);
#   4. hotgrind run --cpus=2 ./det_cpus: 2 wins;
#   5. valgrind --tool=hotgrind ./det_clock without options: the real
#      clock; the options det-random=yes, no det-clock, no cpus.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"
. "$srcdir/inputs_lib.sh"

test "$HT_ARCH" = amd64 || skip "det_clock.c's hand-counted pair is x86-64 assembly"
cc -O2 -g -pthread -o det_cpus "$srcdir/det_cpus.c" || hard_error "cannot compile det_cpus.c"
cc -O2 -g -o det_clock "$srcdir/det_clock.c" || hard_error "cannot compile det_clock.c"
cc -O2 -g -o det_random "$srcdir/det_random.c" || hard_error "cannot compile det_random.c"

line() { sed -n "s/^$2 //p" "$1.stdout"; }

# 1. the CPU count, and the options recorded
hgrun cpus.xml -- ./det_cpus
for k in onln conf get_nprocs nprocs_conf affinity cpuinfo stat; do
   expect_eq "hotgrind run: $k" "$(line cpus.xml "$k")" 4
done
expect_eq "hotgrind run: online" "$(line cpus.xml online)" 0-3
expect_eq "hotgrind run: workers" "$(line cpus.xml workers)" "4 sum $((10 * 4999950000))"
expect_eq "hotgrind run: option det-random" "$(opt cpus.xml det-random)" yes
expect_eq "hotgrind run: option random-seed" "$(opt cpus.xml random-seed)" 0
expect_eq "hotgrind run: option det-clock" "$(opt cpus.xml det-clock)" yes
expect_eq "hotgrind run: option cpus" "$(opt cpus.xml cpus)" 4

# 2. the clock
hgrun clock.xml -- ./det_clock
expect_eq "hotgrind run: time()" "$(line clock.xml time)" 946684800
case $(line clock.xml monotonic) in
   1000.*) pass "hotgrind run: CLOCK_MONOTONIC $(line clock.xml monotonic)" ;;
   *) fail "hotgrind run: CLOCK_MONOTONIC $(line clock.xml monotonic), expected 1000 s + the instructions" ;;
esac
expect_eq "hotgrind run: raw_pair" "$(line clock.xml raw_pair)" 4
hgrun realclock.xml --det-clock=no -- ./det_clock
case $(line realclock.xml time) in
   946684800|'') fail "hotgrind run --det-clock=no: time() $(line realclock.xml time)" ;;
esac
expect_eq "hotgrind run --det-clock=no: option det-clock" "$(opt realclock.xml det-clock)" ""
pass "hotgrind run --det-clock=no: the real time() $(line realclock.xml time)"

# 3. the generator, seed 0
hgrun random.xml -- ./det_random
"$PYTHON3" "$srcdir/det_random_ref.py" det_random 0 none none | head -n 10 >random.expected
head -n 10 random.xml.stdout >random.got
cmp -s random.expected random.got ||
   fail "hotgrind run: det_random's bytes are not the reference's for seed 0: $(diff random.expected random.got)"
pass "hotgrind run: getrandom, the devices and AT_RANDOM give the reference's bytes for seed 0"

# 4. an explicit --cpus wins
hgrun cpus2.xml --cpus=2 -- ./det_cpus
expect_eq "hotgrind run --cpus=2: affinity" "$(line cpus2.xml affinity)" 2
expect_eq "hotgrind run --cpus=2: onln" "$(line cpus2.xml onln)" 2
expect_eq "hotgrind run --cpus=2: option cpus" "$(opt cpus2.xml cpus)" 2

# 5. plain valgrind --tool=hotgrind
hg plain.xml -- ./det_clock
case $(line plain.xml time) in
   946684800|'') fail "plain valgrind: time() $(line plain.xml time): the clock is pinned without --det-clock" ;;
esac
expect_eq "plain valgrind: option det-random" "$(opt plain.xml det-random)" yes
expect_eq "plain valgrind: option det-clock" "$(opt plain.xml det-clock)" ""
expect_eq "plain valgrind: option cpus" "$(opt plain.xml cpus)" ""
pass "plain valgrind --tool=hotgrind: the real time() $(line plain.xml time); det-random=yes only"
