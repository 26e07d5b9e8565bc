#!/bin/sh
# hotgrind regression tests: the number of CPUs the program is told
# (--cpus=N).  GPL-2.0-or-later
#
# det_cpus.c prints sysconf(_SC_NPROCESSORS_ONLN/_CONF), get_nprocs(),
# get_nprocs_conf(), the sched_getaffinity count, the contents of
# /sys/devices/system/cpu/{online,possible,present}, /proc/cpuinfo's and
# /proc/stat's CPUs, the cgroup CPU files, and starts one worker thread
# per CPU.  Checked:
#   1. without --cpus: the program prints under hotgrind what it prints
#      natively (the host's figures; the affinity count is nproc's);
#   2. --cpus=3: every count is 3, the CPU lists "0-2", the cgroup quota
#      unlimited ("max 100000", "-1") and the cpuset "0-2" where the file
#      exists, 3 workers (whatever this machine has: the test needs one
#      with other than 3, or it says so); cpus=3 recorded; <inputs>
#      (xml.etree, det_inputs.py) lists sched_getaffinity,
#      /sys/devices/system/cpu/online, /proc/cpuinfo and /proc/stat, all
#      pinned;
#   3. under `taskset -c 0` without --cpus the affinity count is 1 (so
#      taskset changes what the program sees), and with --cpus=3 the
#      program prints what it prints without taskset; with HOTGRIND_INTREE
#      (a Valgrind built with patches/, for --det-sched=yes) the two
#      reports are byte-identical; without it only the output is compared
#      (the threads' interleaving is not pinned), saying so.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/inputs_lib.sh"

command -v taskset >/dev/null 2>&1 || skip "taskset (util-linux) is needed"
cc -O2 -g -pthread -o det_cpus "$srcdir/det_cpus.c" || hard_error "cannot compile det_cpus.c"
"$VG_IN_PLACE" --tool=hotgrind --help 2>&1 | grep -q -e '--cpus' ||
   fail "the tool has no --cpus option"
host=$(nproc)
test "$host" != 3 || skip "this machine has 3 CPUs: --cpus=3 would prove nothing (the test pins 3)"

# 1. the host's figures
run_client_env ./det_cpus >native.out 2>&1 || fail "det_cpus exits with $? natively"
hg host.xml -- ./det_cpus
cmp -s native.out host.xml.stdout ||
   fail "without --cpus the program printed other figures under hotgrind:
$(diff native.out host.xml.stdout)"
expect_eq "affinity without --cpus (nproc)" "$(sed -n 's/^affinity //p' host.xml.stdout)" "$host"
expect_eq "option cpus without --cpus (absent)" "$(opt host.xml cpus)" ""
pass "without --cpus: the native figures ($(tr '\n' ' ' <native.out))"

# 2. --cpus=3
hg three.xml --cpus=3 -- ./det_cpus
cat three.xml.stdout
{
   for k in onln conf get_nprocs nprocs_conf affinity cpuinfo stat; do echo "$k 3"; done
   for k in online possible present; do echo "$k 0-2"; done
   # The cgroup files: pinned where the machine has them.
   grep -v ' absent$' native.out |
      sed -n 's/^cpu\.max .*/cpu.max max 100000/p; s/^cfs_quota .*/cfs_quota -1/p; s/^cpuset .*/cpuset 0-2/p'
   echo "workers 3 sum $((6 * 4999950000))"    # (1 + 2 + 3) * (0 + ... + 99999)
} | sort >three.expected
grep -v ' absent$' three.xml.stdout | sort >three.got
cmp -s three.expected three.got ||
   fail "--cpus=3: figures other than expected (< expected, > printed):
$(diff three.expected three.got)"
expect_eq "option cpus" "$(opt three.xml cpus)" 3
inputs_rows three.xml | tee three.inputs
for s in sched_getaffinity /sys/devices/system/cpu/online /proc/cpuinfo /proc/stat; do
   got=$(inputs_sum three.xml cpu-count "$s")
   case $got in
      "0 0 -") fail "<inputs> has no cpu-count row for $s" ;;
      *" 0 yes") pass "<inputs> cpu-count $s: $got (calls bytes pinned)" ;;
      *) fail "<inputs> cpu-count $s: '$got' (calls bytes pinned), expected pinned" ;;
   esac
done
grep '^cpu-count ' three.inputs | grep -q ' pinned=no$' && fail "a cpu-count <inputs> row is not pinned under --cpus=3"
pass "$(inputs_order three.xml)"
pass "--cpus=3 on a $host-CPU machine: every figure 3, lists 0-2, 3 workers (sum $((6 * 4999950000)))"

# 3. taskset -c 0
run_client_env taskset -c 0 "$VG_IN_PLACE" --tool=hotgrind --hotgrind-out-file=one.xml \
   ./det_cpus >one.xml.stdout 2>one.xml.stderr || fail "hotgrind under taskset -c 0 exited with $?"
expect_eq "affinity under taskset -c 0 without --cpus" "$(sed -n 's/^affinity //p' one.xml.stdout)" 1
if test -n "${HOTGRIND_INTREE:-}"; then
   . "$srcdir/det_lib.sh"
   det_intree --det-sched=yes
   opts="--det-sched=yes --cpus=3"
else
   opts="--cpus=3"
fi
# shellcheck disable=SC2086  # words
hg plain.xml $opts -- ./det_cpus
# shellcheck disable=SC2086
run_client_env taskset -c 0 "$VG_IN_PLACE" --tool=hotgrind --hotgrind-out-file=pinned.xml \
   $opts ./det_cpus >pinned.xml.stdout 2>pinned.xml.stderr ||
   fail "hotgrind $opts under taskset -c 0 exited with $?"
check_report pinned.xml pinned.xml.stderr
cmp -s plain.xml.stdout pinned.xml.stdout ||
   fail "$opts: the program printed other figures under taskset -c 0:
$(diff plain.xml.stdout pinned.xml.stdout)"
grep -v ' absent$' pinned.xml.stdout | sort >pinned.got
cmp -s three.expected pinned.got ||
   fail "$opts under taskset -c 0: not the figures of --cpus=3: $(diff three.expected pinned.got)"
if test -n "${HOTGRIND_INTREE:-}"; then
   cmp plain.xml pinned.xml || fail "$opts: taskset -c 0 gave another report"
   pass "$opts: the same report, byte for byte, under taskset -c 0 and without (total $(total_ir plain.xml) Ir, $(xpath plain.xml 'count(/hotgrind/threads/thread)') threads)"
else
   pass "$opts: the same figures under taskset -c 0 and without"
   echo "note: HOTGRIND_INTREE is not set: the reports under taskset -c 0 and without are not compared (threads interleave freely without --det-sched=yes; test.sh builds one: tools/build-in-tree.sh)"
fi
