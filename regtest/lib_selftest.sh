#!/bin/sh
# hotgrind regression tests: lib.sh's checks fail when a figure is
# missing, also inside $(...) and pipelines, where an exit alone only
# leaves the subshell.  Before, `expect_eq X "$(fn_incl_ir a f)"
# "$(fn_incl_ir b f)"` passed when f was in neither report: each lookup's
# fail exited its own subshell and expect_eq compared two empty strings.
# Each case below is a small script that sources lib.sh, as a test does,
# and must end with the status given; the helpers are those of the
# comparisons that were vacuous that way (heap_hand.sh's inclusive Ir,
# calls and zone of --heap=no against yes; mark_frameless.sh's self
# against inclusive Ir; the total Ir comparisons of mark_callgrind.sh,
# mark_options.sh and nosym.sh).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

cat >r.xml <<'XML'
<hotgrind format="1">
  <totals Ir="100"/>
  <functions>
    <function name="f" object="p"><self Ir="60"/><inclusive Ir="90"/></function>
    <function name="g" object="p" calls="3"><self Ir="40"/></function>
  </functions>
  <zones><zone name="z" calls="1"><inclusive Ir="7"/></zone></zones>
</hotgrind>
XML
echo '<hotgrind format="1"><functions/></hotgrind>' >empty.xml

# case NAME WANT-STATUS SHELL-LINES: runs the lines after sourcing lib.sh
# in a script of its own (its own folder: NAME.dir), in this folder.
case_() {
   _name=$1 _want=$2
   shift 2
   {
      echo ". \"$srcdir/lib.sh\""
      echo "cd \"$WORK\""
      printf '%s\n' "$@"
   } >"$_name.sh"
   _st=0
   srcdir=$srcdir top_srcdir=$top_srcdir top_builddir=$top_builddir \
   VG_IN_PLACE=$VG_IN_PLACE HT_ARCH=$HT_ARCH BUILDDIR=$WORK \
      sh "$_name.sh" >"$_name.out" 2>"$_name.err" || _st=$?
   test "$_st" = "$_want" ||
      fail "$_name: exit status $_st, want $_want: $(cat "$_name.err" "$_name.out")"
   pass "$_name: status $_st $(head -n 1 "$_name.err")"
}

case_ present 0 \
   'expect_eq "f inclusive" "$(fn_incl_ir r.xml f)" 90' \
   'expect_eq "g calls" "$(fn_calls r.xml g)" 3' \
   'expect_eq "total" "$(total_ir r.xml)" 100' \
   'expect_eq "zone" "$(zone_attr r.xml z inclusive/@Ir)" 7'
# heap_hand.sh: inclusive Ir and calls of a function in neither report.
case_ incl_ir_in_neither 1 \
   'expect_eq "h inclusive Ir" "$(fn_incl_ir empty.xml h)" "$(fn_incl_ir empty.xml h)"' \
   'echo reached'
case_ calls_in_neither 1 \
   'expect_eq "h calls" "$(fn_calls empty.xml h)" "$(fn_calls empty.xml h)"'
case_ zone_in_neither 1 \
   'expect_eq "zone" "$(zone_attr empty.xml z inclusive/@Ir)" "$(zone_attr empty.xml z inclusive/@Ir)"'
# A function there without the figure: g has no <inclusive> (unmarked).
case_ figure_missing 1 \
   'expect_eq "g inclusive" "$(fn_incl_ir r.xml g)" "$(fn_incl_ir r.xml g)"'
# mark_frameless.sh: self against inclusive Ir, the function missing.
case_ self_vs_incl_missing 1 \
   'expect_eq "h self" "$(fn_self_ir empty.xml h)" "$(fn_incl_ir empty.xml h)"'
# mark_callgrind.sh, mark_options.sh, nosym.sh: total Ir of two reports
# without totals.
case_ total_in_neither 1 \
   'expect_eq "total" "$(total_ir empty.xml)" "$(total_ir empty.xml)"'
# A check failing in a pipeline's loop (a subshell) fails the test.
case_ fail_in_pipeline 1 \
   'printf "a\nb\n" | while read -r l; do test "$l" = a || fail "line $l"; done' \
   'echo reached'
# The test's EXIT trap still runs (det_sched.sh stops its busy loops so).
case_ exit_trap_runs 1 \
   'trap "echo trap ran" EXIT' \
   'x=$(fail inside) || :' \
   'echo reached'
grep -qx 'trap ran' exit_trap_runs.out || fail "exit_trap_runs: the EXIT trap did not run: $(cat exit_trap_runs.out)"
for n in incl_ir_in_neither fail_in_pipeline exit_trap_runs; do
   if grep -q reached "$n.out"; then fail "$n: the script went on after the failure"; fi
done
# The absent-attribute form stays for checks that it is absent.
case_ absent_allowed 0 \
   'expect_eq "f calls" "$(fn_attr_or_empty r.xml f @calls)" ""'
pass "a missing figure fails the test, in a subshell too"
