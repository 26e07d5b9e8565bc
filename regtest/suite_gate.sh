#!/bin/sh
# hotgrind regression tests: the gate over a benchmark suite run in
# shards, as the CI workflows run it (docs/ci.md, "A benchmark suite"):
# `hotgrind suite run --shard I/2` for base and head, each shard a process
# of its own and all four at once, then `hotgrind check` over the shard
# directories gathered gives byte for byte the output of the same check
# over unsharded runs, in every format; a benchmark whose work grew, one
# that crashed and one removed each fail it.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

LINECOUNT=$top_builddir/example/linecount
test -x "$LINECOUNT" || hard_error "no $LINECOUNT (run make first)"
export VALGRIND_LIB="$IN_PLACE"
cp "$top_srcdir/example/input.txt" input.txt

# The base suite and the head's: words-small does half as much work again
# (300 words for 200), crash is new and kills itself, lines is gone.
cat >base.xml <<SUITE
<suite format="1" name="gate">
  <defaults><mark>main</mark></defaults>
  <benchmark name="words-small"><command>$WORDBENCH</command><arg>200</arg></benchmark>
  <benchmark name="words-large"><command>$WORDBENCH</command><arg>400</arg></benchmark>
  <benchmark name="lines"><command>$LINECOUNT</command><arg>input.txt</arg><input>input.txt</input></benchmark>
</suite>
SUITE
cat >head.xml <<SUITE
<suite format="1" name="gate">
  <defaults><mark>main</mark></defaults>
  <benchmark name="words-small"><command>$WORDBENCH</command><arg>300</arg></benchmark>
  <benchmark name="words-large"><command>$WORDBENCH</command><arg>400</arg></benchmark>
  <benchmark name="crash"><command>/bin/sh</command><arg>-c</arg><arg>kill -SEGV \$\$</arg></benchmark>
</suite>
SUITE
echo '<policy format="1"><thresholds regression="5"/></policy>' >policy.xml

# run_suite DIR SUITE [ARGS...]: one `hotgrind suite run`; its exit
# status in DIR.status.
run_suite() {
   _dir=$1 _suite=$2; shift 2
   _st=0
   "$HOTGRIND_CLI" suite run "$_suite" -o "$_dir" "$@" </dev/null \
      >"$_dir.out" 2>"$_dir.err" || _st=$?
   echo "$_st" >"$_dir.status"
}
run_suite base base.xml
run_suite head head.xml
run_suite base-1 base.xml --shard 1/2 &
run_suite base-2 base.xml --shard 2/2 &
run_suite head-1 head.xml --shard 1/2 &
run_suite head-2 head.xml --shard 2/2 &
wait
for d in base base-1 base-2; do
   test "$(cat $d.status)" = 0 ||
      fail "suite run $d exited $(cat $d.status): $(cat $d.err)"
done
test "$(cat head.status)" = 1 ||
   fail "suite run head exited $(cat head.status), not 1 (the crash)"

# check_suite NAME ARGS...: hotgrind check --policy policy.xml ARGS,
# stdout in NAME; its status must be 1.
check_suite() {
   _name=$1; shift
   _st=0
   "$HOTGRIND_CLI" check --policy policy.xml "$@" >"$_name" \
      2>"$_name.err" || _st=$?
   test "$_st" = 1 ||
      fail "check $* exited $_st, not 1: $(cat "$_name.err")"
}
for format in text markdown json junit; do
   check_suite single.$format --format=$format base head
   check_suite gathered.$format --format=$format base-1,base-2 head-1,head-2
   # The operands and the shard folders named as the unsharded run's.
   sed -e 's/base-1,base-2/base/g; s/head-1,head-2/head/g' \
       -e 's/base-[12]\//base\//g; s/head-[12]\//head\//g' \
       gathered.$format >gathered.$format.named
   cmp single.$format gathered.$format.named ||
      fail "check --format=$format of the shards differs from the unsharded: $(diff single.$format gathered.$format.named | head -5)"
done
pass "check over the shards gathered = check over unsharded runs (text, markdown, json, junit)"

# The verdicts the changes imply, in the text.
# The crash and the removed benchmark fail, words-large passes.
expect_has_line "the verdicts" single.text \
   'FAIL    crash: the run crashed (signal SEGV), no report' \
   'FAIL    lines: only in base: removed from the suite' \
   'pass    words-large'
grep -Eq '^FAIL    words-small: [0-9]+ regressions?$' single.text ||
   fail "words-small's growth is not a regression"
grep -Eq '^FAIL +policy.xml:1  Ir of main \(wordbench\): ' single.text ||
   fail "no regression of main's Ir named: $(grep 'Ir of main' single.text)"
pass "words-small regressed, crash and lines fail, words-large passes"
