#!/bin/sh
# hotgrind regression tests: Valgrind's --det-sched=yes (patches/0003) on
# arm64, under qemu.  GPL-2.0-or-later
#
# Needs Valgrind cross-built for arm64 from source with the patches:
# HOTGRIND_INTREE_ARM64 names that source tree (tools/build-in-tree.sh
# SRC --tools "none hotgrind cachegrind" --host aarch64-linux-gnu; test.sh
# builds one), whose .in_place/ tools run under qemu through the arm64
# cross build's vg-qemu (arm64_lib.sh builds it).  A plain `make check`
# skips, saying so.
#
# det_prog.c's futex-only modes and bench's prodcons, cross-compiled: two
# runs give byte-identical reports, the output is the native one (under
# qemu without Valgrind), and Cachegrind under --det-sched=yes counts the
# same Ir in every function (cg_compare.py).  hotgrind's arm64
# translations keep every register exact at each instruction (ht_main.c),
# so VEX cuts superblocks differently from Cachegrind's; timeslices are
# counted in instructions and end at a jump, call, return or backward
# branch, so the schedule is the same all the same (docs/threads.md,
# section 5).  The modes that let
# time in complete with the native output.  vt_prog clocks (virtual time:
# CNTVCT_EL0, CNTFRQ_EL0 and the clocks) passes its own checks, twice
# alike, vt_prog timerfd's timers expire on the virtual clock, and
# vt_cntvct_arm64.S reads CNTVCT_EL0 around a loop: the hand count, 2002.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

test -n "${HOTGRIND_INTREE_ARM64:-}" ||
   skip "HOTGRIND_INTREE_ARM64 is not set: no arm64 Valgrind built with patches/ (test.sh builds one: tools/build-in-tree.sh --host)"
DET_LIB=$HOTGRIND_INTREE_ARM64/.in_place
test -f "$DET_LIB/hotgrind-arm64-linux" ||
   hard_error "HOTGRIND_INTREE_ARM64=$HOTGRIND_INTREE_ARM64 has no .in_place/hotgrind-arm64-linux"
a64_build
a64_cc det_prog -O2 det_prog.c -pthread
a64_cc vt_prog -O2 vt_prog.c -pthread
a64_cc vt_cntvct -O0 vt_cntvct_arm64.S
"$A64_CC" -O2 -g -pthread -o prodcons "$top_srcdir/bench/prodcons.c" ||
   hard_error "cannot cross-compile bench/prodcons.c"

# det NAME PROG ARGS: one run of the patched arm64 hotgrind, report NAME.xml.
det() {
   _det_name=$1; shift
   run_client_env VALGRIND_LIB="$DET_LIB" timeout 600 "$A64_BUILD/vg-qemu" \
      --tool=hotgrind --det-sched=yes --thread-events=yes \
      --hotgrind-out-file="$_det_name.xml" "$@" >"$_det_name.xml.stdout" 2>"$_det_name.xml.stderr" ||
      fail "$_det_name: exit status $? under --det-sched=yes (124: timed out; see $WORK/$_det_name.xml.stderr)"
   check_report "$_det_name.xml" "$_det_name.xml.stderr"
}

# native NAME PROG ARGS: the program's output under qemu alone.
native() {
   _nat_name=$1; shift
   run_client_env "$A64_QEMU" -L "$A64_ROOT" -cpu neoverse-n1 "$@" >"$_nat_name.native" 2>&1 ||
      fail "$_nat_name: exits with $? under qemu"
}

same_output() {
   cmp -s "$1.native" "$2.xml.stdout" ||
      fail "$2: output differs from the native one: $(cat "$2.xml.stdout")"
}

repeatable() {
   _rep_name=$1; shift
   native "$_rep_name" "$@"
   det "$_rep_name.1" "$@"
   det "$_rep_name.2" "$@"
   same_output "$_rep_name" "$_rep_name.1"
   test "$(xpath "$_rep_name.1.xml" 'string(/hotgrind/run/options/option[@name="det-sched"]/@value)')" = yes ||
      fail "$_rep_name: the report does not record det-sched=yes"
   cmp "$_rep_name.1.xml" "$_rep_name.2.xml" || fail "$_rep_name: two arm64 runs under --det-sched=yes differ"
   # The oracle: Cachegrind, scheduled the same way.
   run_client_env VALGRIND_LIB="$DET_LIB" timeout 600 "$A64_BUILD/vg-qemu" \
      --tool=cachegrind --cache-sim=no --det-sched=yes \
      --cachegrind-out-file="$_rep_name.cg" "$@" >"$_rep_name.cg.stdout" 2>"$_rep_name.cg.stderr" ||
      fail "$_rep_name: cachegrind exited with $? (see $WORK/$_rep_name.cg.stderr)"
   "$PYTHON3" "$srcdir/cg_compare.py" "$_rep_name.1.xml" "$_rep_name.cg" >"$_rep_name.cmp" 2>&1 ||
      fail "$_rep_name: hotgrind and Cachegrind under --det-sched=yes differ on arm64: $(head -n 20 "$_rep_name.cmp")"
   pass "$_rep_name: two arm64 runs identical, total $(total_ir "$_rep_name.1.xml") = Cachegrind's, every function equal, $(xpath "$_rep_name.1.xml" 'count(/hotgrind/threads/thread)') threads"
}

completes() {
   _cmp_name=$1; shift
   native "$_cmp_name" "$@"
   det "$_cmp_name" "$@"
   same_output "$_cmp_name" "$_cmp_name"
   pass "$_cmp_name: completes on arm64 with the native output"
}

repeatable pingpong ./det_prog pingpong
repeatable pool ./det_prog pool
repeatable timed ./det_prog timed
repeatable prodcons ./prodcons 20000 16 20
completes pipe ./det_prog pipe
completes cancel ./det_prog cancel
completes exitblocked ./det_prog exitblocked
completes fifo ./det_prog fifo

# Virtual time on arm64: CNTVCT_EL0 ticks once an instruction, CNTFRQ_EL0
# says 1 GHz, the clocks start at their epochs (vt_prog's own checks).
det vt_clocks.1 ./vt_prog clocks
det vt_clocks.2 ./vt_prog clocks
cmp vt_clocks.1.xml vt_clocks.2.xml || fail "vt_clocks: two arm64 runs differ"
cmp vt_clocks.1.xml.stdout vt_clocks.2.xml.stdout || fail "vt_clocks: two arm64 runs printed different things"
grep -q '^ok$' vt_clocks.1.xml.stdout || fail "vt_clocks: vt_prog's checks failed on arm64: $(cat vt_clocks.1.xml.stdout)"
grep -q '^REALTIME  *946684800\.' vt_clocks.1.xml.stdout || fail "vt_clocks: CLOCK_REALTIME is not virtual on arm64"
pass "vt_clocks: virtual time on arm64, twice alike, the program's checks hold"

# Timerfds on the virtual clock (virtual_time.sh, 2d): the same lines
# as on x86-64, what the timers set say, twice alike.
det vt_timerfd.1 ./vt_prog timerfd
det vt_timerfd.2 ./vt_prog timerfd
cmp vt_timerfd.1.xml vt_timerfd.2.xml || fail "vt_timerfd: two arm64 runs differ"
cmp vt_timerfd.1.xml.stdout vt_timerfd.2.xml.stdout || fail "vt_timerfd: two arm64 runs printed different things"
for want in '^one-shot 45 ms, poll 1 s: 1 ready after 450[0-9]{2} us, read 1$' \
            '^one-shot 45 ms, poll 1 s, a thread spinning: 1 ready after 45 to 48 ms, read 1$' \
            '^one-shot 20 ms, blocking read: 1 after 200[0-9]{2} us$' \
            '^absolute \+30 ms, epoll_wait -1: 1 ready after 300[0-9]{2} us, read 1$' \
            '^periodic 10 ms, after 35 ms: read 3, next in 49[0-9]{2} us, interval 10000 us$' \
            '^re-armed after it expired: EAGAIN$' \
            '^closed timer.s number reused by a pipe: same number, pipe empty$'; do
   grep -Eq "$want" vt_timerfd.1.xml.stdout ||
      fail "vt_timerfd: no line matching '$want' on arm64 in: $(cat vt_timerfd.1.xml.stdout)"
done
pass "vt_timerfd: timerfds on the virtual clock on arm64, twice alike"

# CNTVCT_EL0 against a hand count: 1000 loop iterations between two reads
# are 2002 ticks (vt_cntvct_arm64.S says how).
det vt_cntvct ./vt_cntvct
test "$(cat vt_cntvct.xml.stdout)" = "cntvct 2002" ||
   fail "vt_cntvct: printed '$(cat vt_cntvct.xml.stdout)', the hand count is 'cntvct 2002'"
pass "vt_cntvct: CNTVCT_EL0 counted 2002 ticks around the loop, the hand count"
