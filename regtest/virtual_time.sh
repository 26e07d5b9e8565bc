#!/bin/sh
# hotgrind regression tests: virtual time and instruction-counted
# timeslices under Valgrind's --det-sched=yes
# (patches/0003-det-sched/<version>.patch; docs/threads.md, section 5).
# GPL-2.0-or-later
#
# Needs a Valgrind built from source with the patches, as det_sched.sh
# does: HOTGRIND_INTREE names the source tree (test.sh builds one); a
# plain `make check` skips.  virtual_time_324.sh and virtual_time_327.sh
# run it against the other supported versions (det_intree_var).
#
#   1. vt_prog clocks reads every clock: two runs under hotgrind give
#      byte-identical reports and output; the clocks start at the
#      documented epochs (REALTIME 946684800 s, MONOTONIC 1000 s), the
#      process has no vDSO, and the program's own checks hold;
#      Cachegrind under the same options counts the same Ir in every
#      function.
#   2. vt_prog threads spins on the clocks in one thread while main
#      sleeps and waits with timeouts (nanosleep, absolute
#      clock_nanosleep, pthread_cond_timedwait, sem_timedwait, poll,
#      select): three identical runs; each wait takes what the program
#      asked for on CLOCK_MONOTONIC, plus less than 100 us of
#      instructions; Cachegrind agrees on every function, also with
#      --det-quantum=20000 (50 times as many timeslices).
#      vt_prog pollwake: a poll, a select and an epoll_wait with a 10 s
#      timeout return when a thread writes to their pipe 5 ms in; two
#      identical runs; Cachegrind agrees.
#      vt_prog timerfd: timerfds expire on the virtual clock, whether
#      polled, read or epoll-waited for, one-shot, absolute, periodic,
#      re-armed or closed: each call returns what and when the timers
#      set say; two identical runs; Cachegrind agrees.
#   3. vt_prog sleep30 sleeps 30 virtual seconds in three threads within
#      a few real seconds.
#      vt_prog signals: a thread cancelled in sleep(100) 1 ms in is
#      cancelled, a nanosleep(50 s) that a signal interrupts 1 ms in
#      returns -1 (EINTR) with 49 s left, as natively.
#   4. --virtual-time=no: CLOCK_REALTIME is the real one (within a
#      minute of date +%s).
#   5. x86-64: vt_rdtsc_amd64.S reads the time stamp counter around a
#      loop: the difference is the instruction count worked out by hand
#      in its comment (2005), under hotgrind and Cachegrind.
#   6. xz -T2 (a program that computes deadlines from the clock)
#      compressing a generated 1.7 MB text in 400 KiB blocks (five, so
#      both compressing threads get some): two byte-identical reports,
#      whose total is Cachegrind's; each of the two threads xz starts
#      counts at least a tenth of it.
# The repeated runs check that the schedule and the clocks repeat: three
# for the threads that spin on the clock while main waits (the case where
# the timeslices decide what the clock reads), two where the section is
# about what the clocks or timers read (the timerfd runs spin 60 ms of
# virtual time on clock_gettime and are the slowest here).
#   7. --virtual-time=yes and --det-quantum without --det-sched=yes are
#      refused with a message.
. "${srcdir:-.}/lib.sh"
. "$srcdir/det_lib.sh"
det_intree --det-sched=yes --virtual-time=yes

cc -O2 -g -pthread -o vt_prog "$srcdir/vt_prog.c" ||
   hard_error "cannot compile vt_prog.c"

# cachegrind_agrees NAME [VALGRIND-OPTIONS] PROG ARGS: Cachegrind under
# --det-sched=yes (and the options, which start with --) counts
# NAME.1.xml's Ir in every function (cg_compare.py).
cachegrind_agrees() {
   _n=$1; shift
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=no --det-sched=yes \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "$_n: cachegrind exited with $? (see $WORK/$_n.cg.stderr)"
   cmp -s "$_n.1.xml.stdout" "$_n.cg.stdout" ||
      fail "$_n: the program printed something else under Cachegrind: $(diff "$_n.1.xml.stdout" "$_n.cg.stdout" | head -n 10)"
   "$PYTHON3" "$srcdir/cg_compare.py" "$_n.1.xml" "$_n.cg" >"$_n.cmp" 2>&1 ||
      fail "$_n: hotgrind and Cachegrind under --det-sched=yes differ: $(head -n 20 "$_n.cmp")"
}

# same_runs N NAME PROG ARGS: N runs under --det-sched=yes give
# byte-identical reports and output.
same_runs() {
   _runs=$1 _n=$2; shift 2
   _i=1
   while test "$_i" -le "$_runs"; do
      hg "$_n.$_i.xml" --det-sched=yes -- "$@"
      _i=$((_i + 1))
   done
   for _i in $(seq 2 "$_runs"); do
      cmp "$_n.1.xml" "$_n.$_i.xml" || fail "$_n: runs 1 and $_i gave different reports"
      cmp "$_n.1.xml.stdout" "$_n.$_i.xml.stdout" ||
         fail "$_n: runs 1 and $_i printed different things: $(diff "$_n.1.xml.stdout" "$_n.$_i.xml.stdout" | head -n 10)"
   done
   test "$(xpath "$_n.1.xml" 'string(/hotgrind/run/options/option[@name="det-sched"]/@value)')" = yes ||
      fail "$_n: the report does not record det-sched=yes"
}

# has_line NAME FILE REGEX: FILE has a line matching the extended REGEX.
has_line() {
   grep -Eq "$3" "$2" || fail "$1: no line matching '$3' in: $(cat "$2")"
}

# 1. every clock
same_runs 2 clocks ./vt_prog clocks
out=clocks.1.xml.stdout
has_line clocks $out '^ok$'
has_line clocks $out '^REALTIME +946684800\.000[0-9]{6} \(resolution 1 ns\)$'
has_line clocks $out '^MONOTONIC +1000\.000[0-9]{6} \(resolution 1 ns\)$'
has_line clocks $out '^TAI +946684800\.'
has_line clocks $out '^time +946684800$'
has_line clocks $out '^vDSO +no$'
cachegrind_agrees clocks ./vt_prog clocks
# The report says where the clocks started, and the program saw the same:
# its first reads are in the seconds the <clock> element names.
clock='/hotgrind/run/clock'
test "$(xpath clocks.1.xml "string($clock/@realtime-start)")" = \
     "$(sed -n 's/^REALTIME  *\([0-9]*\)\..*/\1/p' $out)" ||
   fail "clocks: <clock realtime-start> is not the second the program read"
test "$(xpath clocks.1.xml "string($clock/@monotonic-start)")" = \
     "$(sed -n 's/^MONOTONIC  *\([0-9]*\)\..*/\1/p' $out)" ||
   fail "clocks: <clock monotonic-start> is not the second the program read"
test "$(xpath clocks.1.xml "string($clock/@kind)")" = virtual ||
   fail "clocks: the report has no <clock kind=\"virtual\">"
test "$(xpath clocks.1.xml 'string(/hotgrind/run/options/option[@name="virtual-time"]/@value)')" = yes ||
   fail "clocks: the report does not record virtual-time=yes (on by default under --det-sched=yes)"
pass "clocks: 2 identical runs, epochs 946684800 s and 1000 s, no vDSO, the program's checks hold; total $(total_ir clocks.1.xml) = Cachegrind's, every function equal"

# 2. threads that branch on the clock, sleeps and timed waits
same_runs 3 threads ./vt_prog threads
out=threads.1.xml.stdout
has_line threads $out '^nanosleep 2 ms +returned 0 +after 0\.0020[0-9]{5} s$'
has_line threads $out '^clock_nanosleep absolute \+1 s +returned 0 +after 1\.0000[0-9]{5} s$'
has_line threads $out '^pthread_cond_timedwait 5 ms +returned Connection timed out after 0\.0050[0-9]{5} s$'
has_line threads $out '^sem_timedwait 2 s +returned Connection timed out after 2\.0000[0-9]{5} s$'
has_line threads $out '^poll 30 ms on an empty pipe: 0 ready$'
has_line threads $out '^poll 30 ms +returned 0 +after 0\.0300[0-9]{5} s$'
has_line threads $out '^select 40 ms on an empty pipe: 0 ready$'
has_line threads $out '^select 40 ms +returned 0 +after 0\.0400[0-9]{5} s$'
has_line threads $out '^spinner: [0-9]+ clock reads for 1 ms'
cachegrind_agrees threads ./vt_prog threads
pass "threads: 3 identical runs; every sleep and timeout took what was asked on the virtual clock; total $(total_ir threads.1.xml) = Cachegrind's, every function equal"

# 2b. a short timeslice: the turn passes 50 times as often, at the same
# instructions under both tools
hg quantum.1.xml --det-sched=yes --det-quantum=20000 -- ./vt_prog threads
cachegrind_agrees quantum --det-quantum=20000 ./vt_prog threads
pass "quantum: --det-quantum=20000, total $(total_ir quantum.1.xml) = Cachegrind's, every function equal"

# 2c. a poll, a select and an epoll_wait with a 10 s timeout on a pipe a
# thread writes to 5 ms in return when the turn passes after the write,
# not at the timeout (vt_prog checks 5 ms <= waited < 1 s itself)
same_runs 2 pollwake ./vt_prog pollwake
printf '%s\n' "poll       10 s timeout: 1 ready, after 5 ms to 1 s" \
   "select     10 s timeout: 1 ready, after 5 ms to 1 s" \
   "epoll_wait 10 s timeout: 1 ready, after 5 ms to 1 s" >pollwake.expected
cmp -s pollwake.expected pollwake.1.xml.stdout ||
   fail "pollwake: printed '$(cat pollwake.1.xml.stdout)', expected '$(cat pollwake.expected)'"
cachegrind_agrees pollwake ./vt_prog pollwake
pass "pollwake: poll, select and epoll_wait woken by a write 5 ms in, not at their 10 s timeout; 2 identical runs; Cachegrind agrees"

# 2d. timerfds expire on the virtual clock: what each call returns and
# how long it took follow from the timers the program sets (the
# durations, plus less than 100 us of instructions; the periodic timer's
# next expiry 5 ms less those instructions).  Under a build without
# virtual timerfds the poll times out after 1 s and the periodic timer
# reads 1.
same_runs 2 timerfd ./vt_prog timerfd
out=timerfd.1.xml.stdout
has_line timerfd $out '^one-shot 45 ms, poll 1 s: 1 ready after 450[0-9]{2} us, read 1$'
has_line timerfd $out '^one-shot 45 ms, poll 1 s, a thread spinning: 1 ready after 45 to 48 ms, read 1$'
has_line timerfd $out '^one-shot 20 ms, blocking read: 1 after 200[0-9]{2} us$'
has_line timerfd $out '^absolute \+30 ms, epoll_wait -1: 1 ready after 300[0-9]{2} us, read 1$'
has_line timerfd $out '^periodic 10 ms, after 35 ms: read 3, next in 49[0-9]{2} us, interval 10000 us$'
has_line timerfd $out '^non-blocking before expiry: EAGAIN$'
has_line timerfd $out '^re-armed after it expired: EAGAIN$'
has_line timerfd $out '^disarmed: 0 s 0 ns left$'
has_line timerfd $out '^closed timer.s number reused by a pipe: same number, pipe empty$'
cachegrind_agrees timerfd ./vt_prog timerfd
pass "timerfd: one-shot, absolute, periodic and re-armed timers expire on the virtual clock (poll, blocking read, epoll_wait); 2 identical runs; Cachegrind agrees"

# 3. 30 virtual seconds of sleep in a few real ones
start=$(date +%s)
hg sleep30.xml --det-sched=yes -- ./vt_prog sleep30
took=$(($(date +%s) - start))
has_line sleep30 sleep30.xml.stdout '^slept 30 s$'
test "$took" -lt 25 || fail "sleep30: 30 virtual seconds took $took real seconds (a real sleep takes 30)"
pass "sleep30: 30 virtual seconds in $took real seconds"

# 3b. signals still end parked sleeps: a cancellation, and EINTR with the
# time left
hg signals.1.xml --det-sched=yes -- ./vt_prog signals
hg signals.2.xml --det-sched=yes -- ./vt_prog signals
cmp signals.1.xml signals.2.xml || fail "signals: two runs gave different reports"
printf 'sleeping thread cancelled\nnanosleep returned -1 (Interrupted system call), 49 s left\n' >signals.expected
cmp -s signals.expected signals.1.xml.stdout ||
   fail "signals: printed '$(cat signals.1.xml.stdout)', expected '$(cat signals.expected)'"
pass "signals: a cancel and a signal end parked sleeps (EINTR, 49 s of 50 left), twice alike"

# 4. --virtual-time=no keeps the real clocks
hg realtime.xml --det-sched=yes --virtual-time=no -- ./vt_prog realtime
now=$(date +%s)
got=$(cat realtime.xml.stdout)
case $got in ''|*[!0-9]*) fail "realtime: printed '$got'" ;; esac
diff=$((now - got))
test "${diff#-}" -le 60 || fail "realtime: --virtual-time=no gave $got, date +%s $now"
hg realtime_v.xml --det-sched=yes -- ./vt_prog realtime
test "$(cat realtime_v.xml.stdout)" = 946684800 ||
   fail "realtime: under virtual time CLOCK_REALTIME said $(cat realtime_v.xml.stdout)"
test "$(xpath realtime.xml 'count(/hotgrind/run/clock)')" = 0 ||
   fail "realtime: --virtual-time=no, but the report has a <clock>"
test "$(xpath realtime.xml 'string(/hotgrind/run/options/option[@name="virtual-time"]/@value)')" = no ||
   fail "realtime: the report does not record virtual-time=no"
pass "realtime: --virtual-time=no gives the real clock ($got, date +%s $now); virtual time 946684800"

# 5. the time stamp counter against a hand count
case $(uname -m) in
   x86_64)
      cc -o vt_rdtsc "$srcdir/vt_rdtsc_amd64.S" || hard_error "cannot assemble vt_rdtsc_amd64.S"
      hg rdtsc.xml --det-sched=yes -- ./vt_rdtsc
      test "$(cat rdtsc.xml.stdout)" = "rdtsc 2005 rdtscp 2005 aux 0" ||
         fail "rdtsc: hotgrind printed '$(cat rdtsc.xml.stdout)', the hand count is 'rdtsc 2005 rdtscp 2005 aux 0'"
      run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=no --det-sched=yes \
         --cachegrind-out-file=rdtsc.cg ./vt_rdtsc >rdtsc.cg.stdout 2>rdtsc.cg.stderr ||
         fail "rdtsc: cachegrind exited with $?"
      test "$(cat rdtsc.cg.stdout)" = "rdtsc 2005 rdtscp 2005 aux 0" ||
         fail "rdtsc: Cachegrind printed '$(cat rdtsc.cg.stdout)', the hand count is 2005"
      # One tick per instruction: the rate the report states.
      test "$(xpath rdtsc.xml 'string(/hotgrind/run/clock/@ns-per-instruction)')" = 1 ||
         fail "rdtsc: 2005 ticks for 2005 instructions, but the report's <clock> gives another rate"
      pass "rdtsc: 1000 loop iterations read as 2005 ticks under hotgrind and Cachegrind, the hand count" ;;
   *) echo "rdtsc: not x86-64, skipped (arm64: arm64_det.sh)" ;;
esac

# 6. xz -T2: 1.7 MB in 400 KiB blocks is five blocks, enough for both
# compressing threads (xz runs small inputs single-threaded otherwise)
if XZ=$(command -v xz); then
   awk 'BEGIN { for (i = 0; i < 60000; i++) printf "%d %d some words of text\n", i, (i * 7919) % 1000 }' >input.txt
   set -- "$XZ" -1 -T2 --block-size=400KiB -c input.txt
   hg xz.1.xml --det-sched=yes -- "$@"
   hg xz.2.xml --det-sched=yes -- "$@"
   cmp xz.1.xml xz.2.xml || fail "xz: two runs of xz -T2 gave different reports"
   cmp -s xz.1.xml.stdout xz.2.xml.stdout || fail "xz: two runs compressed differently"
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=no --det-sched=yes \
      --cachegrind-out-file=xz.cg "$@" >xz.cg.stdout 2>xz.cg.stderr ||
      fail "xz: cachegrind exited with $?"
   cg_total=$(summary_ir xz.cg.stderr)
   test "$(total_ir xz.1.xml)" = "$cg_total" ||
      fail "xz: hotgrind counted $(total_ir xz.1.xml) Ir, Cachegrind $cg_total"
   # Both threads main starts compressed: each ran at least a tenth of
   # the instructions (a 400 KiB block is a fifth of them).
   test "$(xpath xz.1.xml 'count(/hotgrind/threads/thread[@parent])')" = 2 ||
      fail "xz: xz -T2 did not start two threads: $(grep '<thread ' xz.1.xml)"
   test "$(xpath xz.1.xml 'count(/hotgrind/threads/thread[@parent][@Ir * 10 >= /hotgrind/totals/@Ir])')" = 2 ||
      fail "xz: a thread of xz -T2 ran less than a tenth of the instructions: $(grep '<thread ' xz.1.xml)"
   pass "xz -T2: 2 identical reports, total $cg_total = Cachegrind's, both compressing threads at work"
else
   echo "xz: not installed, skipped (Debian's xz-utils)"
fi

# 7. the options' checks
for opt in --virtual-time=yes --det-quantum=5000; do
   if "$VG_IN_PLACE" --tool=none "$opt" true >opt.out 2>&1; then
      fail "$opt without --det-sched=yes was accepted"
   fi
   grep -q "Bad option: ${opt%%=5000}" opt.out || fail "$opt: no message naming it: $(cat opt.out)"
done
pass "--virtual-time=yes and --det-quantum without --det-sched=yes: refused"
pass "all of the above on $vg_version"
