#!/bin/sh
# hotgrind regression tests: marked functions and zones whose every
# instruction is hand-counted (mark_asm_amd64.S, asm_amd64.S).
# GPL-2.0-or-later
#
# Expectations come from the formulas of hand_lib.sh and mark_lib.sh;
# per-call distributions are worked out by mark_report.py from the
# multiset of every call's own inclusive Ir, which the formulas give.
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"
. "$srcdir/mark_lib.sh"

# A leaf marked, called with several n: ht_loop_n's calls, inclusive Ir
# (= its self Ir, 2n + 2 a call) and per-call distribution.  Two sets of
# n: the first has a mean that needs rounding (1164 / 7 = 166.2857), the
# second 100 calls whose percentiles are different values.
loops_spec() {
   for _n in "$@"; do echo "$(loop_n_ir "$_n") 1"; done
}
set -- 1 2 2 9 30 31 500
hg loops7.xml --mark=ht_loop_n -- ../mark_hand loops "$@"
loops_spec "$@" >loops7.spec
want=$(awk '{ s += $1 } END { print s }' loops7.spec)
expect_calls loops7.xml ht_loop_n 7
expect_incl loops7.xml ht_loop_n "$want"
expect_eq "ht_loop_n self Ir" "$(fn_self_ir loops7.xml ht_loop_n)" "$want"
expect_per_call loops7.xml function ht_loop_n loops7.spec
expect_eq "mark ht_loop_n functions" "$(mark_attr loops7.xml ht_loop_n @functions)" 1
expect_eq "mark ht_loop_n entered" "$(mark_attr loops7.xml ht_loop_n @entered)" 1

# shellcheck disable=SC2046  # 100 numbers, one word each
set -- $(awk 'BEGIN { for (i = 0; i < 100; i++) print (i * 37) % 100 + 1 }')
hg loops100.xml --mark=ht_loop_n -- ../mark_hand loops "$@"
loops_spec "$@" >loops100.spec
expect_per_call loops100.xml function ht_loop_n loops100.spec

# Recursion: mk_rec_framed(10), (0), (3).  Entries 11 + 1 + 4; the
# inclusive Ir counts each outermost activation once: 75 + 5 + 26; each
# entry's own inclusive Ir is 7k + 5 (k its argument).
hg framed.xml --mark=mk_rec_framed -- ../mark_hand framed 10 0 3
expect_calls framed.xml mk_rec_framed 16
expect_incl framed.xml mk_rec_framed \
   $(($(rec_framed_ir 10) + $(rec_framed_ir 0) + $(rec_framed_ir 3)))
expect_eq "mk_rec_framed self Ir" "$(fn_self_ir framed.xml mk_rec_framed)" \
   "$(fn_incl_ir framed.xml mk_rec_framed)"
rec_per_call rec_framed_ir 10 0 3 >framed.spec
expect_per_call framed.xml function mk_rec_framed framed.spec

# The same without a stack frame: mark_frameless.sh.

# A tail jump: mk_tail_leaf3 is called 40 times and jumps to ht_leaf3,
# which main also calls 7 times.  ht_leaf3 is entered 47 times (40 by the
# jump to its first instruction); mk_tail_leaf3's activations end at
# ht_leaf3's ret: inclusive 4 a call.
hg tail.xml --mark=ht_leaf3 --mark=mk_tail_leaf3 -- ../mark_hand tail 40 7
expect_calls tail.xml ht_leaf3 47
expect_incl tail.xml ht_leaf3 "$(leaf3_ir 47)"
expect_calls tail.xml mk_tail_leaf3 40
expect_eq "mk_tail_leaf3 self Ir" "$(fn_self_ir tail.xml mk_tail_leaf3)" \
   $((40 * $(tail_leaf3_self_ir)))
expect_incl tail.xml mk_tail_leaf3 $((40 * $(tail_leaf3_incl_ir)))
echo "$(tail_leaf3_incl_ir) 40" >tail.spec
expect_per_call tail.xml function mk_tail_leaf3 tail.spec
echo "$(leaf3_ir 1) 47" >leaf3.spec
expect_per_call tail.xml function ht_leaf3 leaf3.spec

# A function that runs without being entered: mk_enter_middle jumps past
# mk_skipped_entry's first instruction.  calls = 0 for mk_skipped_entry,
# which still has its self Ir; one pattern for both: functions 2,
# entered 1.
hg middle.xml '--mark=mk_*' -- ../mark_hand middle 9
expect_calls middle.xml mk_enter_middle 9
expect_incl middle.xml mk_enter_middle $((9 * $(enter_middle_incl_ir)))
expect_eq "mk_enter_middle self Ir" "$(fn_self_ir middle.xml mk_enter_middle)" \
   $((9 * $(enter_middle_self_ir)))
expect_calls middle.xml mk_skipped_entry 0
expect_eq "mk_skipped_entry self Ir" "$(fn_self_ir middle.xml mk_skipped_entry)" \
   $((9 * $(skipped_entry_self_ir)))
expect_eq "mark mk_* functions" "$(mark_attr middle.xml 'mk_*' @functions)" 2
expect_eq "mark mk_* entered" "$(mark_attr middle.xml 'mk_*' @entered)" 1
# Marked alone, the function never entered is reported on stderr too.
hg never.xml --mark=mk_skipped_entry -- ../mark_hand middle 9
expect_calls never.xml mk_skipped_entry 0
expect_eq "mark mk_skipped_entry entered" \
   "$(mark_attr never.xml mk_skipped_entry @entered)" 0
grep -i 'warning' never.xml.stderr | grep -q -F 'mk_skipped_entry' ||
   fail "no stderr warning about mk_skipped_entry, never entered: $(cat never.xml.stderr)"
pass "a warning names mk_skipped_entry, never entered"

# A zone whose every instruction is hand-counted: 6 times the "asm" zone
# around ht_loop_n(N); 2N + 7 a time.  Two N of different residues mod 4
# (the loop's side exit, see asm_amd64.S).
for n in 5 1002; do
   hg "zone-$n.xml" -- ../mark_hand zone "$n" 6
   expect_eq "zone asm calls (N=$n)" "$(zone_attr "zone-$n.xml" asm @calls)" 6
   expect_eq "zone asm inclusive Ir (N=$n)" \
      "$(zone_attr "zone-$n.xml" asm inclusive/@Ir)" $((6 * $(request_pair_inside_ir "$n")))
   echo "$(request_pair_inside_ir "$n") 6" >"zone-$n.spec"
   expect_per_call "zone-$n.xml" zone asm "zone-$n.spec"
done

# Nested zones: "outer" (hotgrind.h's macros, in C) around two "asm"
# zones.  The inner ones are exact; outer holds both whole calls of
# mk_request_pair (self 17, ht_loop_n 2N + 2, each) plus main's few
# instructions, the same for every N: between N = 5 and N = 1002 each
# outer zone grows by exactly 2 * 2 * (1002 - 5).
for n in 5 1002; do
   hg "nested-$n.xml" -- ../mark_hand nested "$n" 4
   expect_eq "zone asm calls (nested, N=$n)" "$(zone_attr "nested-$n.xml" asm @calls)" 8
   expect_eq "zone asm inclusive Ir (nested, N=$n)" \
      "$(zone_attr "nested-$n.xml" asm inclusive/@Ir)" $((8 * $(request_pair_inside_ir "$n")))
   expect_eq "zone outer calls (N=$n)" "$(zone_attr "nested-$n.xml" outer @calls)" 4
   outer=$(zone_attr "nested-$n.xml" outer per-call/@max)
   test "$(zone_attr "nested-$n.xml" outer per-call/@min)" = "$outer" ||
      fail "outer zones of N=$n differ from each other"
   test "$(zone_attr "nested-$n.xml" outer inclusive/@Ir)" = $((4 * outer)) ||
      fail "outer zone inclusive Ir is not 4 times its per-call value $outer"
   inner_whole=$((2 * ($(request_pair_self_ir) + $(loop_n_ir "$n"))))
   test "$outer" -gt "$inner_whole" ||
      fail "an outer zone ($outer Ir) holds less than its two calls ($inner_whole)"
   eval "outer_$n=$outer"
done
# shellcheck disable=SC2154  # set by the eval above
expect_eq "outer zone growth from N=5 to N=1002" $((outer_1002 - outer_5)) $((4 * (1002 - 5)))

# A zone nested in itself: "asm" begun by the macro, and again by
# mk_request_pair inside.  Entries 2 a round; the inclusive Ir counts
# the outer one only (the outermost owns it); the per-call values are
# the inner 2N + 7 and the outer S, S the same every round.
for n in 5 1002; do
   hg "again-$n.xml" -- ../mark_hand again "$n" 3
   expect_eq "zone asm calls (again, N=$n)" "$(zone_attr "again-$n.xml" asm @calls)" 6
   s=$(zone_attr "again-$n.xml" asm per-call/@max)
   expect_eq "zone asm inclusive Ir (again, N=$n)" \
      "$(zone_attr "again-$n.xml" asm inclusive/@Ir)" $((3 * s))
   test "$s" -gt "$(($(request_pair_self_ir) + $(loop_n_ir "$n")))" ||
      fail "the outer asm zone ($s Ir) holds less than mk_request_pair's call"
   printf '%s 3\n%s 3\n' "$(request_pair_inside_ir "$n")" "$s" >"again-$n.spec"
   expect_per_call "again-$n.xml" zone asm "again-$n.spec"
   eval "again_$n=$s"
done
# shellcheck disable=SC2154
expect_eq "outer asm zone growth from N=5 to N=1002" $((again_1002 - again_5)) $((2 * (1002 - 5)))

# The collected region: with --collect-atstart=no only what lies between
# START_INSTRUMENTATION and STOP_INSTRUMENTATION counts, which is 2N + 7
# instructions: mk_request_pair's 5 and ht_loop_n's 2N + 2.  Nothing
# else appears: not ht_scan or ht_leaf3 (before and after), not main,
# not start-up.
for n in 9 1000; do
   hg "region-$n.xml" --collect-atstart=no -- ../mark_hand region "$n"
   expect_eq "total Ir, region N=$n" "$(total_ir "region-$n.xml")" "$(request_pair_inside_ir "$n")"
   expect_eq "ht_loop_n self Ir, region N=$n" "$(fn_self_ir "region-$n.xml" ht_loop_n)" "$(loop_n_ir "$n")"
   expect_eq "mk_request_pair self Ir, region N=$n" \
      "$(fn_self_ir "region-$n.xml" mk_request_pair)" $(($(request_pair_inside_ir "$n") - $(loop_n_ir "$n")))
   expect_eq "functions in the region report" \
      "$(xpath "region-$n.xml" 'count(/hotgrind/functions/function)')" 2
   expect_eq "collect-atstart option" \
      "$(xpath "region-$n.xml" 'string(/hotgrind/run/options/option[@name="collect-atstart"]/@value)')" no
done
# Collecting from the start, START changes nothing and STOP leaves out
# what follows: ht_scan and ht_leaf3 once each (before), not twice.
hg region-on.xml -- ../mark_hand region 9
expect_eq "ht_scan self Ir, STOP after it" "$(fn_self_ir region-on.xml ht_scan)" "$(scan_ir 1000 1000)"
expect_eq "ht_leaf3 self Ir, STOP after it" "$(fn_self_ir region-on.xml ht_leaf3)" "$(leaf3_ir 1)"
expect_eq "ht_loop_n self Ir, collected" "$(fn_self_ir region-on.xml ht_loop_n)" "$(loop_n_ir 9)"
expect_eq "mk_request_pair self Ir, STOP last" "$(fn_self_ir region-on.xml mk_request_pair)" \
   "$(request_pair_self_ir | awk '{ print $1 - 4 }')"
expect_eq "collect-atstart option (default)" \
   "$(xpath region-on.xml 'string(/hotgrind/run/options/option[@name="collect-atstart"]/@value)')" yes
