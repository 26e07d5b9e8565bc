#!/bin/sh
# hotgrind regression tests: deterministic thread scheduling,
# Valgrind's --det-sched=yes from patches/0003-det-sched/<version>.patch.
# GPL-2.0-or-later
#
# Needs a Valgrind built from source with the patches
# (tools/build-in-tree.sh): HOTGRIND_INTREE names that source tree, whose
# vg-in-place runs hotgrind and Cachegrind built in it.  test.sh (and so
# CI) builds one and runs this test with it; a plain `make check` skips
# it, saying so.  det_sched_324.sh and det_sched_327.sh run this same
# test against the other supported versions (HOTGRIND_INTREE_324,
# HOTGRIND_INTREE_327): they set det_intree_var to that variable's name
# and source this file.  The first line of the log names the version.
#
# For det_prog's futex-only modes (pingpong, pool, timed) and bench's
# prodcons:
#   1. three runs under hotgrind, one of them beside two busy loops that
#      compete for the CPU, give byte-identical reports (for pingpong,
#      two runs without --det-sched show in the log that the same
#      command gives differing ones: not required, since they may happen
#      to repeat, and so not repeated for every mode);
#   2. Cachegrind under --det-sched=yes, a tool no one here wrote,
#      counts the same total and the same Ir for every function
#      (cg_compare.py), so the schedule is the program's, not hotgrind's;
#   3. the program prints what it prints natively.
# For the modes where the scheduler must let real time in (a read that
# blocks on an empty pipe, a cancellation signal, exit while threads
# wait, fork from a thread, an open() of a FIFO that waits for another
# thread) the run ends, with the native output, within the time limit;
# the FIFO one after the 3-second guard says so; from Valgrind 3.27 on, a
# thread in futex_waitv is woken by another's FUTEX_WAKE.  A program whose threads
# deadlock (natively too) gets the deadlock message, and SIGTERM then
# still ends it with a complete report.
. "${srcdir:-.}/lib.sh"
. "$srcdir/thread_lib.sh"
. "$srcdir/det_lib.sh"
det_intree --det-sched=yes

det_build_progs
P=./det_prog

hogs=
stop_hogs() {
   for _h in $hogs; do kill "$_h" 2>/dev/null || :; done
   hogs=
}
trap stop_hogs EXIT

# native_output NAME PROG ARGS: the program's output run natively.
native_output() {
   _n=$1; shift
   run_client_env "$@" >"$_n.native" 2>&1 || fail "$_n: exits with $? natively"
}

# same_output NAME REPORT: the program printed under Valgrind what it
# printed natively.
same_output() {
   cmp -s "$1.native" "$2.stdout" ||
      fail "$1: output under Valgrind differs from the native one: $(cat "$2.stdout")"
}

# repeatable NAME [free] PROG ARGS: points 1 to 3 above; "free" adds the
# two runs without --det-sched for the log.
repeatable() {
   _n=$1 _show_free=no; shift
   if test "$1" = free; then _show_free=yes; shift; fi
   native_output "$_n" "$@"
   hgt "$_n.1.xml" --det-sched=yes --thread-events=yes -- "$@"
   same_output "$_n" "$_n.1.xml"
   hgt "$_n.2.xml" --det-sched=yes --thread-events=yes -- "$@"
   sh -c 'while :; do :; done' & hogs="$hogs $!"
   sh -c 'while :; do :; done' & hogs="$hogs $!"
   hgt "$_n.3.xml" --det-sched=yes --thread-events=yes -- "$@"
   stop_hogs
   test "$(xpath "$_n.1.xml" 'string(/hotgrind/run/options/option[@name="det-sched"]/@value)')" = yes ||
      fail "$_n: the report does not record det-sched=yes"
   test "$(xpath "$_n.1.xml" 'count(/hotgrind/threads/thread)')" -ge 2 ||
      fail "$_n: fewer than two threads in the report"
   cmp "$_n.1.xml" "$_n.2.xml" || fail "$_n: two runs under --det-sched=yes gave different reports"
   cmp "$_n.1.xml" "$_n.3.xml" ||
      fail "$_n: a run beside two busy loops gave a different report under --det-sched=yes"
   # The oracle: Cachegrind, scheduled the same way.
   run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=no --det-sched=yes \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "$_n: cachegrind exited with $? (see $WORK/$_n.cg.stderr)"
   "$PYTHON3" "$srcdir/cg_compare.py" "$_n.1.xml" "$_n.cg" >"$_n.cmp" 2>&1 ||
      fail "$_n: hotgrind and Cachegrind under --det-sched=yes differ: $(head -n 20 "$_n.cmp")"
   _free=
   if test "$_show_free" = yes; then
      # Without the option: shown for the log.
      hg "$_n.free1.xml" --thread-events=yes -- "$@"
      hg "$_n.free2.xml" --thread-events=yes -- "$@"
      if cmp -s "$_n.free1.xml" "$_n.free2.xml"; then _free="the same"; else
         _free="$(total_ir "$_n.free1.xml") and $(total_ir "$_n.free2.xml") Ir"; fi
      _free="; without --det-sched two runs: $_free"
   fi
   pass "$_n: 3 runs identical (one under load), total $(total_ir "$_n.1.xml") = Cachegrind's, every function equal$_free"
}

# completes NAME REPORTS PROG ARGS: ends in time with the native output
# and REPORTS valid reports (fork: the child writes one too).
completes() {
   _n=$1 _want=$2; shift 2
   native_output "$_n" "$@"
   run_client_env timeout 120 "$VG_IN_PLACE" --tool=hotgrind --det-sched=yes \
      --thread-events=yes --hotgrind-out-file="$_n.%p.xml" "$@" \
      >"$_n.stdout" 2>"$_n.stderr" ||
      fail "$_n: exit status $? under --det-sched=yes (124: timed out; see $WORK/$_n.stderr)"
   cmp -s "$_n.native" "$_n.stdout" ||
      fail "$_n: output under Valgrind differs from the native one: $(cat "$_n.stdout")"
   _got=0
   for _r in "$_n".*.xml; do
      test -f "$_r" || continue
      validate "$_r"
      _got=$((_got + 1))
   done
   test "$_got" = "$_want" || fail "$_n: $_got reports, expected $_want"
   no_tmp_files
   pass "$_n: completes with the native output ($_want valid reports)"
}

repeatable pingpong free $P pingpong
repeatable pool $P pool
repeatable timed $P timed
repeatable prodcons ./prodcons 20000 16 20
completes pipe 1 $P pipe
completes cancel 1 $P cancel
completes exitblocked 1 $P exitblocked
completes fork 2 $P fork
completes fifo 1 $P fifo
grep -q 'has been in system call .* letting the other threads run' fifo.stderr ||
   fail "fifo: no message from the 3-second guard in $WORK/fifo.stderr"
pass "fifo: the guard let the writer run, and said so"
# futex_waitv: Valgrind wraps it from 3.27 on (before, it fails with
# ENOSYS, and det_prog dies); the scheduler leaves it to the kernel, so
# main's FUTEX_WAKE must reach the kernel (patches/0003-det-sched/3.27.patch).
case $vg_version in
   valgrind-3.19.*|valgrind-3.24.*) ;;
   *) completes waitv 1 $P waitv ;;
esac

# deadlock: wait for the message, then SIGTERM; a complete report.
run_client_env "$VG_IN_PLACE" --tool=hotgrind --det-sched=yes \
   --hotgrind-out-file=deadlock.xml $P deadlock >deadlock.stdout 2>deadlock.stderr &
_waited=0
until grep -qs 'every thread waits on a futex that no thread can wake' deadlock.stderr; do
   test $_waited -lt 60 || { kill -KILL $! 2>/dev/null; fail "deadlock: no deadlock message after 30 s"; }
   sleep 0.5; _waited=$((_waited + 1))
done
_pid=$(pid_of deadlock.stderr)
kill -TERM "$_pid"
_st=0
wait $! || _st=$?
test "$_st" -ne 0 || fail "deadlock: exit status 0 after SIGTERM"
validate deadlock.xml
no_tmp_files
pass "deadlock: the message, then SIGTERM gave a complete report (exit status $_st)"
pass "all of the above on $vg_version"
