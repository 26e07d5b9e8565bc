#!/bin/sh
# hotgrind regression tests: `hotgrind suite run` (docs/suite.md).  Each
# benchmark's report is the very report `hotgrind run` writes for its
# command; -j 2 and the two shards of --shard 1/2 and 2/2 give the same
# bytes as -j 1, and the shards partition the suite; two runs give the
# same directory; a benchmark that crashes, exits 3 or runs past its
# timeout is recorded as such (the exit status and signal worked out by
# hand from the commands), fails the run, and the others still run.
# GPL-2.0-or-later
# shellcheck disable=SC2086  # $NAMES and $WORDS: words by construction
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

LINECOUNT=$top_builddir/example/linecount
test -x "$LINECOUNT" || hard_error "no $LINECOUNT (run make first)"
export VALGRIND_LIB="$IN_PLACE"

# suite NAME: runs $HOTGRIND_CLI suite ARGS..., its stderr in NAME.err,
# its exit status in $st.
suite() {
   _sn=$1; shift
   st=0
   "$HOTGRIND_CLI" suite "$@" </dev/null >"$_sn.out" 2>"$_sn.err" || st=$?
}

# The suite: the example's programs by absolute path (relative ones would
# be the suite file's folder's), the input beside the suite file.
cp "$top_srcdir/example/input.txt" input.txt
cat >bench.xml <<EOF
<suite format="1" name="regtest">
  <defaults>
    <mark>main</mark>
  </defaults>
  <benchmark name="words-small">
    <command>$WORDBENCH</command>
    <arg>2000</arg>
    <mark>by_count_then_word</mark>
  </benchmark>
  <benchmark name="words-large">
    <command>$WORDBENCH</command>
    <arg>$WORDS</arg>
    <mark>by_count_then_word</mark>
  </benchmark>
  <benchmark name="lines">
    <command>$LINECOUNT</command>
    <arg>input.txt</arg>
    <mark>count_file</mark>
    <input>input.txt</input>
  </benchmark>
</suite>
EOF
NAMES="words-small words-large lines"

# -j 1: every benchmark ok, each report valid and equal to hotgrind run's.
suite j1 run bench.xml -o j1
test "$st" = 0 || fail "suite run -j 1 exited $st: $(cat j1.err)"
"$XMLLINT" --noout --schema "$top_srcdir/docs/suite-run.xsd" j1/manifest.xml \
   2>j1.schema || fail "j1/manifest.xml: not valid: $(cat j1.schema)"
hgrun direct-words-small.xml --mark=main --mark=by_count_then_word -- "$WORDBENCH" 2000
hgrun direct-words-large.xml --mark=main --mark=by_count_then_word -- "$WORDBENCH" $WORDS
hgrun direct-lines.xml --mark=main --mark=count_file -- "$LINECOUNT" input.txt
for n in $NAMES; do
   cli_validate "j1/$n.xml"
   cmp "direct-$n.xml" "j1/$n.xml" ||
      fail "j1/$n.xml differs from hotgrind run's report of its command"
   expect_eq "$n: status" "$(xpath j1/manifest.xml "string(//benchmark[@name='$n']/@status)")" ok
   expect_eq "$n: ir, the report's total" \
      "$(xpath j1/manifest.xml "string(//benchmark[@name='$n']/@ir)")" "$(total_ir "j1/$n.xml")"
done
pass "-j 1: each report is hotgrind run's report of its command"
# hotgrind run's pinned inputs reach every benchmark (docs/manual.md):
# the tool records them in <options>.
for n in $NAMES; do
   for pair in det-random=yes random-seed=0 det-clock=yes cpus=4; do
      expect_eq "$n: option ${pair%%=*}" \
         "$(xpath "j1/$n.xml" "string(//options/option[@name='${pair%%=*}']/@value)")" "${pair#*=}"
   done
done
pass "each benchmark ran with --det-random=yes --random-seed=0 --det-clock=yes --cpus=4"
expect_eq "the manifest's order" \
   "$(xpath j1/manifest.xml '//benchmark/@name' | tr -d ' ' | tr '\n' ' ')" \
   'name="words-small" name="words-large" name="lines" '
# Not a terminal: one plain line per finished benchmark.
grep -Eq '^\[3/3\] (words-small|words-large|lines) ok [0-9]+\.[0-9]s$' j1.err ||
   fail "no '[3/3] NAME ok N.Ns' line: $(cat j1.err)"
pass "progress: $(tr '\n' '|' <j1.err)"

# -j 2, then shards 1/2 and 2/2: the same reports and manifest lines.
suite j2 run bench.xml -o j2 -j 2
test "$st" = 0 || fail "suite run -j 2 exited $st: $(cat j2.err)"
for n in $NAMES; do
   cmp "j1/$n.xml" "j2/$n.xml" || fail "-j 2 gave another $n.xml"
done
cmp j1/manifest.xml j2/manifest.xml || fail "-j 2 gave another manifest"
pass "-j 2: every report and the manifest byte-identical to -j 1's"

suite s1 run bench.xml -o s1 -j 2 --shard 1/2
test "$st" = 0 || fail "suite run --shard 1/2 exited $st: $(cat s1.err)"
suite s2 run bench.xml -o s2 --shard 2/2
test "$st" = 0 || fail "suite run --shard 2/2 exited $st: $(cat s2.err)"
for f in s1/*.xml s2/*.xml; do
   case $f in */manifest.xml) ;; *) basename "$f";; esac
done | sort >shards.list
printf '%s.xml\n' $NAMES | sort >all.list
cmp all.list shards.list || fail "the shards do not hold each report once: $(tr '\n' ' ' <shards.list)"
for n in $NAMES; do
   d=s1; test -f "s1/$n.xml" || d=s2
   cmp "j1/$n.xml" "$d/$n.xml" || fail "--shard gave another $n.xml"
done
grep -h '<benchmark ' s1/manifest.xml s2/manifest.xml | sort >shards.lines
grep '<benchmark ' j1/manifest.xml | sort >j1.lines
cmp j1.lines shards.lines || fail "the shards' manifests do not hold -j 1's lines"
expect_eq "s1/manifest.xml's shard" "$(xpath s1/manifest.xml 'string(//shard/@index)')/$(xpath s1/manifest.xml 'string(//shard/@count)')" 1/2
# Sorted names dealt in turn: lines and words-small to shard 1,
# words-large to shard 2; each shard in suite order.
expect_eq "shard 1/2 by name" "$(xpath s1/manifest.xml '//benchmark/@name' | tr -d ' ' | tr '\n' ' ')" 'name="words-small" name="lines" '
pass "--shard 1/2 and 2/2 partition the suite; reports and lines as -j 1's"

# On a terminal (script(1) gives it one): the progress line is rewritten
# in place, and the reports are still -j 1's (each benchmark's streams
# are /dev/null and its log, whatever suite run's are).
if command -v script >/dev/null 2>&1; then
   script -qec "'$HOTGRIND_CLI' suite run bench.xml -o tty -j 2" /dev/null \
      </dev/null >tty.out 2>&1 || fail "suite run on a terminal failed: $(cat tty.out)"
   for n in $NAMES; do
      cmp "j1/$n.xml" "tty/$n.xml" || fail "on a terminal, another $n.xml"
   done
   grep -q "$(printf '\r\033\[K')" tty.out ||
      fail "on a terminal, no line rewritten in place: $(cat -v tty.out)"
   grep -Eq '\[3/3\] (words-small|words-large|lines) ok [0-9]+\.[0-9]s' tty.out ||
      fail "on a terminal, no '[3/3] NAME ok N.Ns': $(cat -v tty.out)"
   pass "on a terminal: the same reports; progress rewritten in place"
else
   echo "note: no script(1): the terminal's progress line is not tested" >&2
fi

# Balanced by the previous run's Ir: words-large (the most Ir, by far)
# alone in shard 1, the two others in shard 2.
suite list1 list bench.xml --shard 1/2 --previous j1
expect_eq "list --shard 1/2 --previous j1" "$(tr '\n' ' ' <list1.out)" "words-large "
suite list2 list bench.xml --shard 2/2 --previous j1/manifest.xml
expect_eq "list --shard 2/2 --previous j1/manifest.xml" "$(tr '\n' ' ' <list2.out)" "words-small lines "
suite s1p run bench.xml -o s1p --shard 1/2 --previous s1 --previous s2
test "$st" = 0 || fail "suite run --previous s1 --previous s2 exited $st: $(cat s1p.err)"
expect_eq "run --shard 1/2 --previous (two shards)" "$(xpath s1p/manifest.xml '//benchmark/@name' | tr -d ' ')" 'name="words-large"'

# Twice the same command: the same directory, logs aside (Valgrind's
# lines carry its process id).
suite again run bench.xml -o again
for f in manifest.xml $(printf '%s.xml ' $NAMES); do
   cmp "j1/$f" "again/$f" || fail "a second run gave another $f"
done
pass "a second run: the same reports and manifest"

# A directory that holds a run: refused without --force.
suite force run bench.xml -o j1 --only lines
test "$st" = 2 || fail "a second run into j1 exited $st, not 2"
grep -q 'give --force' force.err || fail "no word of --force: $(cat force.err)"
suite force run bench.xml -o j1 --only 'line?' --force
test "$st" = 0 || fail "--force exited $st: $(cat force.err)"
expect_eq "--only 'line?' --force: the manifest" \
   "$(xpath j1/manifest.xml '//benchmark/@name' | tr -d ' ')|$(xpath j1/manifest.xml 'string(//only/@pattern)')" \
   'name="lines"|line?'

# --valgrind reaches each hotgrind run: the same report by it as by
# HOTGRIND_VALGRIND; a Valgrind that is not there fails each benchmark
# with hotgrind run's status 2, its reason in the log.
VALGRIND_GIVEN=$HOTGRIND_VALGRIND
(unset HOTGRIND_VALGRIND
 suite vg run bench.xml -o vg --only lines --valgrind="$VALGRIND_GIVEN"
 test "$st" = 0 || fail "--valgrind=$VALGRIND_GIVEN exited $st: $(cat vg.err)"
 cmp j1/lines.xml vg/lines.xml || fail "--valgrind gave another lines.xml"
 suite novg run bench.xml -o novg --only lines --valgrind=/no/such/valgrind
 test "$st" = 1 || fail "--valgrind=/no/such/valgrind exited $st, not 1"
 expect_eq "--valgrind=/no/such/valgrind: lines" \
    "$(xpath novg/manifest.xml 'string(//benchmark/@status)') $(xpath novg/manifest.xml 'string(//benchmark/@exit)')" "failed 2"
 grep -q '^hotgrind: /no/such/valgrind: not an executable file, so no Valgrind to run' novg/lines.log ||
    fail "novg/lines.log does not say why: $(cat novg/lines.log)")
pass "--valgrind is given to each hotgrind run"

# A crash, an exit status of 3 and a timeout, between two benchmarks
# that pass.  sh kills itself with SIGSEGV (Valgrind then dies of it
# too), exits 3, or loops until suite run kills it after one second.
cat >bad.xml <<EOF
<suite format="1" name="bad">
  <benchmark name="first"><command>$WORDBENCH</command><arg>100</arg></benchmark>
  <benchmark name="crash"><command>/bin/sh</command><arg>-c</arg><arg>kill -SEGV \$\$</arg></benchmark>
  <benchmark name="three"><command>/bin/sh</command><arg>-c</arg><arg>exit 3</arg></benchmark>
  <benchmark name="slow" timeout="1"><command>/bin/sh</command><arg>-c</arg><arg>while :; do :; done</arg></benchmark>
  <benchmark name="last"><command>$WORDBENCH</command><arg>200</arg></benchmark>
</suite>
EOF
suite bad run bad.xml -o bad -j 2
test "$st" = 1 || fail "a suite with failures exited $st, not 1: $(cat bad.err)"
b() { xpath bad/manifest.xml "string(//benchmark[@name='$1']/@$2)"; }
expect_eq "crash" "$(b crash status) $(b crash signal) $(b crash exit)" "crashed SEGV "
expect_eq "three" "$(b three status) $(b three exit)" "failed 3"
expect_eq "slow" "$(b slow status) $(b slow exit) $(b slow report)" "timeout  "
for n in first last; do
   expect_eq "$n" "$(b "$n" status) $(b "$n" exit) $(b "$n" report)" "ok 0 $n.xml"
   cli_validate "bad/$n.xml"
done
for n in crash three slow; do
   grep -q "line [0-9]*: benchmark '$n' " bad.err || fail "stderr does not name $n: $(cat bad.err)"
done
grep -q "benchmark 'crash' killed by signal SEGV" bad.err || fail "no signal named: $(cat bad.err)"
grep -q "3 of 5 benchmarks did not pass" bad.err || fail "no summary: $(cat bad.err)"
"$XMLLINT" --noout --schema "$top_srcdir/docs/suite-run.xsd" bad/manifest.xml \
   2>bad.schema || fail "bad/manifest.xml: not valid: $(cat bad.schema)"
pass "crashed, failed and timeout recorded, the run failed (1): $(grep -c '' bad.err) lines on stderr"
