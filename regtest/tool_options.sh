#!/bin/sh
# hotgrind regression tests: the tool's integer options (--max-contexts,
# --dead-mark-exitcode, --cpus, --tier-threshold) take a whole number in
# their range and nothing else; --tier takes auto, 1 or 2.  Valgrind's
# VG_BINT_CLO took an empty value as 0 and wrapped numbers past 64 bits
# (--max-contexts=18446744073709551616 was 0, exit 0); each bad value
# here is refused with status 1, a message naming the option, and the
# program not run.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# bad OPTION VALUE: refused before the program runs.
bad() {
   st=$(hg_status bad "--hotgrind-out-file=bad.xml" "$1=$2" -- /bin/echo CLIENT-RAN)
   test "$st" = 1 || fail "$1=$2: exit status $st, not 1: $(cat bad.stderr)"
   grep -q -F -- "Bad option: $1=$2" bad.stderr ||
      fail "$1=$2: the message does not name the option: $(cat bad.stderr)"
   grep -q -F -- "'$1' argument" bad.stderr ||
      fail "$1=$2: the message does not say what is wrong: $(cat bad.stderr)"
   ! grep -q CLIENT-RAN bad.stdout || fail "$1=$2: the program ran"
   test ! -e bad.xml || fail "$1=$2: a report was written"
}

# Not numbers, and numbers past 64 bits (2^64, 2^64 + 1, 2^64 + 64 wrap
# to 0, 1 and 64), or past 32 bits (2^32 + 1 is 1 in a UInt).
for opt in --max-contexts --dead-mark-exitcode --cpus --tier-threshold; do
   for v in '' -1 +1 abc 5x 0x10 1.0 18446744073709551616 \
            18446744073709551617 18446744073709551680 4294967297 \
            99999999999999999999999999; do
      bad "$opt" "$v"
   done
done
# Just out of range.
bad --max-contexts 100000001
bad --dead-mark-exitcode 256
bad --cpus 0
bad --cpus 65
bad --tier-threshold 0
bad --tier-threshold 1000000001
pass "empty, signed, non-decimal, overflowing and out-of-range values: refused with status 1"
# --tier: only its three values.
for v in '' 0 3 12 one AUTO; do
   st=$(hg_status bad "--hotgrind-out-file=bad.xml" "--tier=$v" -- /bin/echo CLIENT-RAN)
   test "$st" = 1 || fail "--tier=$v: exit status $st, not 1: $(cat bad.stderr)"
   grep -q -F -- "the tiers are auto, 1 and 2" bad.stderr ||
      fail "--tier=$v: the message does not give the values: $(cat bad.stderr)"
   ! grep -q CLIENT-RAN bad.stdout || fail "--tier=$v: the program ran"
done
pass "--tier= '', 0, 3, 12, one, AUTO: refused with status 1, naming the values"

# Good values still work, at both ends of each range, leading zeros too.
# --dead-mark-exitcode=N with a mark never entered: the run exits N.
for v in 0:0 1:1 255:255 0255:255 007:7; do
   st=$(hg_status dead --hotgrind-out-file=dead.xml "--dead-mark-exitcode=${v%:*}" \
        --mark=no_such_function_xyz -- /bin/true)
   test "$st" = "${v#*:}" ||
      fail "--dead-mark-exitcode=${v%:*}: exit $st, want ${v#*:}: $(cat dead.stderr)"
done
pass "--dead-mark-exitcode=0, 1, 255, 0255 and 007: the run exits with that status"
# --max-contexts: recorded as given in the report's options.
for v in 0:0 1:1 100000000:100000000 0042:42; do
   hg "ctx-${v%:*}.xml" --call-graph=yes "--max-contexts=${v%:*}" -- /bin/true
   expect_eq "--max-contexts=${v%:*} in the report" \
      "$(xpath "ctx-${v%:*}.xml" 'string(/hotgrind/run/options/option[@name="max-contexts"]/@value)')" \
      "${v#*:}"
done
# --tier-threshold at both ends, and each --tier, with --branch-sim=yes:
# the program runs and the report is written.
for v in --tier-threshold=1 --tier-threshold=1000000000 --tier=1 --tier=2 \
         --tier=auto; do
   hg "tier$v.xml" --branch-sim=yes "$v" -- /bin/true
done
pass "--tier-threshold=1 and 1000000000, --tier=1, 2 and auto: accepted"
# --cpus=N: the program sees N CPUs (nproc asks sched_getaffinity, which
# --cpus pins).
for v in 1:1 64:64 02:2; do
   hg "cpus-${v%:*}.xml" "--cpus=${v%:*}" -- /usr/bin/nproc
   expect_eq "nproc under --cpus=${v%:*}" "$(cat "cpus-${v%:*}.xml.stdout")" "${v#*:}"
done
