#!/bin/sh
# hotgrind regression tests: --collect-atstart=no with hotgrind.h's
# START/STOP_INSTRUMENTATION in C (mark_collect.c).  The hand-counted
# region is in mark_hand.sh.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

K=5000
hg all.xml --mark=measured -- ../mark_collect $K
hg region.xml --collect-atstart=no --mark=measured -- ../mark_collect $K
cg all.cg ../mark_collect $K
expect_eq "outputs" "$(cat region.xml.stdout)" "$(cat all.xml.stdout)"

cgself() {
   awk -v f="fn=$1" '/^fn=/ { on = ($0 == f) } on && /^[0-9]/ { s += $2 }
                     END { print s + 0 }' all.cg
}
# measured and measured_leaf run inside the region only: all of their
# instructions, which Cachegrind counts.
for f in measured measured_leaf; do
   expect_eq "$f self Ir (collected)" "$(fn_self_ir region.xml "$f")" "$(cgself "$f")"
done
expect_calls region.xml measured 1
expect_incl region.xml measured \
   $(( $(fn_self_ir region.xml measured) + $(fn_self_ir region.xml measured_leaf) ))
# The rest ran outside: before, after, their leaves, start-up and exit.
for f in before before_leaf after after_leaf _dl_start __libc_start_main exit; do
   n=$(xpath region.xml "count(//function[@name=\"$f\"])")
   test "$n" = 0 || fail "$f, which ran outside the collected region, is in the report"
done
pass "before, after, their leaves, start-up and exit are not in the report"
# main: only its part between START and STOP.
m=$(fn_self_ir region.xml main)
test "$m" -lt "$(cgself main)" || fail "main's self Ir $m is not less than the whole run's"
test "$m" -le 20 || fail "main's self Ir $m: more than a few instructions between START and STOP"
pass "main's self Ir $m: the instructions between START and STOP"
# The total is the sum of what was collected, and smaller.
expect_eq "total Ir (collected)" "$(total_ir region.xml)" \
   $(( $(fn_self_ir region.xml measured) + $(fn_self_ir region.xml measured_leaf) + m ))
test "$(total_ir region.xml)" -lt "$(total_ir all.xml)" || fail "the collected total is not smaller"
pass "collected total $(total_ir region.xml) < $(total_ir all.xml)"
# Collecting from the start (the default), START changes nothing and
# STOP still stops: before is counted like Cachegrind counts it, after
# not at all.
for f in before before_leaf measured; do
   expect_eq "$f self Ir (collected from the start)" "$(fn_self_ir all.xml "$f")" "$(cgself "$f")"
done
test "$(xpath all.xml 'count(//function[@name="after"])')" = 0 ||
   fail "after, which ran after STOP, is in the report"
pass "after, which ran after STOP, is not in the report"
expect_eq "measured's inclusive Ir, collected or not" \
   "$(fn_incl_ir region.xml measured)" "$(fn_incl_ir all.xml measured)"

# A marked function entered while collection is off, returning after
# START: that call is not counted, nor its cost; what runs inside it
# after START is still in the self Ir of what runs.
hg span.xml --collect-atstart=no --mark=starter --mark=measured -- ../mark_collect $K span
cg span.cg ../mark_collect $K span
expect_eq "span output" "$(cat span.xml.stdout)" "$(cat span.cg.stdout)"
expect_calls span.xml starter 0
expect_eq "starter entered" "$(mark_attr span.xml starter @entered)" 0
expect_eq "starter functions" "$(mark_attr span.xml starter @functions)" 1
grep -i warning span.xml.stderr | grep -F starter | grep -q 'never entered' ||
   fail "no warning that starter was never entered: $(cat span.xml.stderr)"
expect_calls span.xml measured 1
for f in measured measured_leaf after after_leaf; do
   expect_eq "$f self Ir (span)" "$(fn_self_ir span.xml "$f")" \
      "$(awk -v f="fn=$f" '/^fn=/ { on = ($0 == f) } on && /^[0-9]/ { s += $2 }
                           END { print s + 0 }' span.cg)"
done
expect_incl span.xml measured \
   $(( $(fn_self_ir span.xml measured) + $(fn_self_ir span.xml measured_leaf) ))
for f in before before_leaf; do
   test "$(xpath span.xml "count(//function[@name=\"$f\"])")" = 0 ||
      fail "$f, which ran before START, is in the report"
done
pass "before and before_leaf, before START, are not in the report"

# --collect-atstart takes yes or no only.
st=$(hg_status bad --collect-atstart=maybe -- /bin/echo CLIENT-RAN)
test "$st" -ne 0 || fail "--collect-atstart=maybe exited 0"
! grep -q CLIENT-RAN bad.stdout || fail "the client ran with --collect-atstart=maybe"
pass "--collect-atstart=maybe rejected, exit $st"
