#!/bin/sh
# hotgrind merge: sharded reports summed exactly (against merged files
# summed by hand), deterministic and associative; refusals that name both
# files and the difference; bad input.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).
# tests/data/merge/merged.xml is shard-a + shard-b + shard-c,
# merged-cache.xml is cache-a + cache-b, merged-inline.xml is inline-a +
# inline-b and run-merged.xml is run-a + run-b (reports of hotgrind run),
# all worked out by hand
# (docs/export.md, "hotgrind merge").

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA/merge
all=$HG_TEST_DATA
merged=$scratch/merged.xml

# A merge that must succeed: status 0, nothing on stdout or stderr, OUT
# valid, no OUT.tmp left.
merges() {
  target=$1; shift
  run 0 merge -o "$target" "$@" || return 1
  [ -s "$out" ] && fail "merge $*: wrote to stdout"
  [ -s "$err" ] && fail "merge $*: wrote to stderr"
  tmp_left "$target" && fail "merge $*: $target.tmp* left behind"
  run 0 validate "$target"
}

# A merge that must fail: status 2, one line on stderr that matches the
# extended regular expression PATTERN, and no OUT.
refuses() {
  pattern=$1; shift
  rm -f "$merged"
  expect_trouble merge -o "$merged" "$@" || return
  [ "$(lines "$err")" = 1 ] || fail "merge $*: not one line"
  grep -Eq -- "$pattern" "$err" ||
    fail "merge $*: stderr does not match '$pattern'"
  [ -e "$merged" ] || tmp_left "$merged" &&
    fail "merge $*: an output file was left"
}

# --- three shards, summed by hand
a=$data/shard-a.xml b=$data/shard-b.xml c=$data/shard-c.xml
merges "$merged" "$a" "$b" "$c" && same "$data/merged.xml" "$merged" "merge a b c"
# The same inputs in the same order: the same bytes.
merges "$scratch/again.xml" "$a" "$b" "$c" &&
  same "$merged" "$scratch/again.xml" "merge a b c, twice"
# Associative: merging a merge with the last shard gives the same report.
merges "$scratch/ab.xml" "$a" "$b" &&
  merges "$scratch/ab-c.xml" "$scratch/ab.xml" "$c" &&
  same "$data/merged.xml" "$scratch/ab-c.xml" "merge (merge a b) c"
# Another order: the same sums (functions, totals, zones), other thread
# numbers.
merges "$scratch/cba.xml" "$c" "$b" "$a" && {
  for format in folded bmf; do
    "$HOTGRIND" export --format=$format "$data/merged.xml" >"$scratch/abc.$format"
    "$HOTGRIND" export --format=$format "$scratch/cba.xml" >"$scratch/cba.$format"
    same "$scratch/abc.$format" "$scratch/cba.$format" "merge c b a ($format)"
  done
  checks=$((checks + 1))
  grep -q '<thread id="1" status="exited" Ir="500"' "$scratch/cba.xml" ||
    fail "merge c b a: thread 1 is not shard c's main thread"
}
# An existing OUT is replaced.
echo "not a report" >"$scratch/old.xml"
merges "$scratch/old.xml" "$a" "$b" "$c" &&
  same "$data/merged.xml" "$scratch/old.xml" "merge over an existing file"
# The same report twice is fine too: everything doubles.
merges "$scratch/aa.xml" "$a" "$a" && {
  checks=$((checks + 1))
  grep -q '<totals Ir="2000">' "$scratch/aa.xml" &&
    grep -q 'marked="yes" calls="4"' "$scratch/aa.xml" &&
    grep -q '<arg>--shard=1/3</arg>' "$scratch/aa.xml" &&
    grep -q '<environment variables="20" bytes="1500">' "$scratch/aa.xml" ||
    fail "merge a a: not the doubled figures, the arguments and environment"
}
# Cache figures and cycles are summed; the cache's source differs, so it
# is left out.
merges "$merged" "$data/cache-a.xml" "$data/cache-b.xml" &&
  same "$data/merged-cache.xml" "$merged" "merge cache-a cache-b"
# Per-line costs (lines=yes) are summed per function, file, dir and line
# (a line with no dir apart from the same line with one) and sorted as
# the tool sorts them (data/merge/merged-lines.xml, summed by hand); the
# same bytes twice; in the other order only the threads' numbering moves.
merges "$merged" "$data/lines-a.xml" "$data/lines-b.xml" &&
  same "$data/merged-lines.xml" "$merged" "merge lines-a lines-b"
merges "$scratch/lines-again.xml" "$data/lines-a.xml" "$data/lines-b.xml" &&
  same "$merged" "$scratch/lines-again.xml" "merge lines-a lines-b twice"
merges "$scratch/lines-ba.xml" "$data/lines-b.xml" "$data/lines-a.xml" && {
  checks=$((checks + 1))
  [ "$(grep '<line ' "$scratch/lines-ba.xml")" = "$(grep '<line ' "$merged")" ] ||
    fail "merge lines-b lines-a: other lines than lines-a lines-b"
}
# A lines=yes report cannot be merged with one without lines.
sed '/<option name="lines"/d; /<lines>/,/<\/lines>/d' "$data/lines-b.xml" \
  >"$scratch/no-lines.xml"
refuses "cannot be merged with $data/lines-a.xml: " \
  "$data/lines-a.xml" "$scratch/no-lines.xml"
# Inlined rows (--inline=yes) keep their flag, inlined-into and summed
# calls; scale's rows in run_a and run_b stay apart (data/merge/
# merged-inline.xml, summed by hand); the same bytes twice.
merges "$merged" "$data/inline-a.xml" "$data/inline-b.xml" &&
  same "$data/merged-inline.xml" "$merged" "merge inline-a inline-b"
merges "$scratch/inline-again.xml" "$data/inline-a.xml" "$data/inline-b.xml" &&
  same "$merged" "$scratch/inline-again.xml" "merge inline-a inline-b twice"
# A function inlined at a place in one report and a real function there
# in another (no report has both): the reports disagree, and are refused.
sed 's| inlined="yes" inlined-into="run_b" calls="10"||' \
  "$data/inline-b.xml" >"$scratch/not-inlined.xml"
refuses "^hotgrind: function 'scale' \(prog\.c:77\) is inlined into 'run_b' in $data/inline-a\.xml but not inlined in $scratch/not-inlined\.xml$" \
  "$data/inline-a.xml" "$scratch/not-inlined.xml"
# But a report with both, a real scale and one inlined on its line, says
# that the program has both: merged as two rows.
sed 's|name="outer" object="prog" file="prog.c" line="77" inlined="yes" inlined-into="run_b" calls="5"|name="scale" object="prog" file="prog.c" line="77"|' \
  "$data/inline-b.xml" >"$scratch/both.xml"
merges "$merged" "$data/inline-a.xml" "$scratch/both.xml" && {
  checks=$((checks + 1))
  grep -q '<function name="scale" object="prog" file="prog.c" line="77">' "$merged" &&
    grep -q '<function name="scale" object="prog" file="prog.c" line="77" inlined="yes" inlined-into="run_b" calls="30">' "$merged" ||
    fail "merge inline-a both: not a real and an inlined scale on line 77"
}
# Equal self Ir: the real function before the inlined row of its name,
# object, file and line (docs/report-format.md, "Order").
sed -e 's|<self Ir="40"/>|<self Ir="160"/>|' -e 's|<totals Ir="600"/>|<totals Ir="720"/>|' \
  "$scratch/both.xml" >"$scratch/tie.xml"
merges "$merged" "$data/inline-a.xml" "$scratch/tie.xml" && {
  checks=$((checks + 1))
  [ "$(grep -o '<function name="scale" [^>]*line="77"[^>]*>' "$merged")" = '<function name="scale" object="prog" file="prog.c" line="77">
<function name="scale" object="prog" file="prog.c" line="77" inlined="yes" inlined-into="run_b" calls="30">' ] ||
    fail "merge inline-a tie: not the real scale before the inlined one"
}
# The merged report reads like any other.
run 0 show "$data/merged.xml" && {
  grep -q '^Total: *3,500 Ir' "$out" || fail "show merged.xml: total"; }

# A merged report has no <per-call>: validate says so when it has one.
sed 's|<inclusive Ir="50" allocs="0" alloc-bytes="0" frees="0" free-bytes="0"/>|&\
      <per-call min="50" max="50" mean="50.00" p50="50" p95="50" p99="50"/>|' \
  "$data/merged.xml" >"$scratch/per-call.xml"
run 2 validate "$scratch/per-call.xml" &&
  { grep -q 'line 45: a merged report (<run><merge>) has no <per-call>' "$err" ||
      fail "validate: a merged report with <per-call>"; }
sed 's|<merge reports="3"/>|<merge reports="1"/>|' "$data/merged.xml" \
  >"$scratch/one.xml"
run 2 validate "$scratch/one.xml"

# --- <objects>: the union, by name, each once (objects-merged.xml worked
# out by hand); one object of two builds (build ids) is refused, naming
# both files; with an input from before <objects>, the merge has none.
oa=$data/objects-a.xml ob=$data/objects-b.xml
merges "$merged" "$oa" "$ob" &&
  same "$data/objects-merged.xml" "$merged" "merge objects-a objects-b"
merges "$scratch/objects-again.xml" "$oa" "$ob" &&
  same "$merged" "$scratch/objects-again.xml" "merge objects-a objects-b, twice"
refuses "object 'libz\.so\.1\.2\.13' has build id 1f95d5498d283b79505861523e20b3db2afdf518 in .*objects-b\.xml but 2f95d5498d283b79505861523e20b3db2afdf518 in .*objects-other-build\.xml: different builds" \
  "$oa" "$ob" "$data/objects-other-build.xml"
merges "$scratch/objects-old.xml" "$ob" "$all/valid.xml" && {
  checks=$((checks + 1))
  grep -q '<objects>' "$scratch/objects-old.xml" &&
    fail "merge with a report without <objects>: has <objects>"
}

# --- reports that differ in what changes the counts: refused, both files
# and the difference named.  Each variant is shard-b changed in one place.
variant() {   # variant NAME SED-SCRIPT: $scratch/NAME.xml from shard-b
  sed "$2" "$b" >"$scratch/$1.xml"
}
refuse_variant() {   # refuse_variant NAME SED-SCRIPT DIFFERENCE
  variant "$1" "$2"
  refuses "^hotgrind: $scratch/$1.xml: cannot be merged with $a: $3\$" \
    "$a" "$scratch/$1.xml"
}
refuse_variant tool 's/<tool name="hotgrind" version="0.1.0"/<tool name="hotgrind" version="0.2.0"/' \
  "hotgrind version '0.2.0', not '0.1.0'"
refuse_variant valgrind 's/<valgrind version="3.19.0"/<valgrind version="3.24.0"/' \
  "Valgrind version '3.24.0', not '3.19.0'"
refuse_variant arch 's/<arch>amd64</<arch>arm64</' \
  "architecture 'arm64', not 'amd64'"
refuse_variant exe 's/<exe>.\/tests</<exe>.\/other</' \
  "program './other', not './tests'"
refuse_variant platform 's/<arch>amd64<\/arch>/&<platform hwcaps="amd64-avx2"\/>/' \
  "platform 'amd64-avx2', not 'none'"
refuse_variant collect 's/"collect-atstart" value="yes"/"collect-atstart" value="no"/' \
  "option 1 '--collect-atstart=no', not '--collect-atstart=yes'"
refuse_variant alloc-fn 's/.*"thread-events".*/&<option name="alloc-fn" value="xmalloc"\/>/' \
  "option 4 '--alloc-fn=xmalloc', not 'none'"
refuse_variant bind-now 's/"LD_BIND_NOW" value="1"/"LD_BIND_NOW" value="0"/' \
  "LD_BIND_NOW '0', not '1'"
refuse_variant mark 's/<mark pattern="run_tests"/<mark pattern="run_*"/' \
  "mark pattern 'run_\\*', not 'run_tests'"
# How the program ended: the same <exit> is kept; differing ones, or one
# report without it, are refused (a killed shard is not summed with whole
# ones).
for shard in a b; do
  sed 's|  </run>|    <exit how="status" status="0"/>\n&|' "$data/shard-$shard.xml" \
    >"$scratch/exit0-$shard.xml"
done
sed 's|  </run>|    <exit how="signal" signal="6"/>\n&|' "$b" >"$scratch/abort-b.xml"
run 0 merge -o "$merged" "$scratch/exit0-a.xml" "$scratch/exit0-b.xml" && {
  grep -q '^    <exit how="status" status="0"/>$' "$merged" ||
    fail "merge of two reports that exited 0: no <exit>"
  run 0 validate "$merged"; }
refuses "^hotgrind: $scratch/abort-b.xml: cannot be merged with $scratch/exit0-a.xml: exit 'killed by signal 6 \\(SIGABRT\\)', not 'status 0'\$" \
  "$scratch/exit0-a.xml" "$scratch/abort-b.xml"
refuses "^hotgrind: $scratch/exit0-b.xml: cannot be merged with $a: exit 'status 0', not 'none'\$" \
  "$a" "$scratch/exit0-b.xml"
# Against the third input, too: every report is compared with the first.
variant arch3 's/<arch>amd64</<arch>x86</'
refuses "^hotgrind: $scratch/arch3.xml: cannot be merged with $a: architecture 'x86', not 'amd64'\$" \
  "$a" "$c" "$scratch/arch3.xml"
# Cache geometry and cost model.
sed 's/LL="8388608,16,64"/LL="4194304,16,64"/' "$data/cache-b.xml" >"$scratch/ll.xml"
refuses "^hotgrind: $scratch/ll.xml: cannot be merged with $data/cache-a.xml: LL cache '4194304,16,64', not '8388608,16,64'\$" \
  "$data/cache-a.xml" "$scratch/ll.xml"
sed 's/l1-miss="10"/l1-miss="20"/' "$data/cache-b.xml" >"$scratch/model.xml"
refuses "cannot be merged with $data/cache-a.xml: cost model l1-miss 20, not 10\$" \
  "$data/cache-a.xml" "$scratch/model.xml"
# Cache simulation in one report only.
sed -e 's/ I1mr="[^/]*cycles="[0-9]*"//' -e '/<cost-model/d' -e '/<cache /d' \
  "$data/cache-b.xml" >"$scratch/no-cache.xml"
refuses "cannot be merged with $data/cache-a.xml: cache simulation absent, not present\$" \
  "$data/cache-a.xml" "$scratch/no-cache.xml"
# A function marked in one report and not in the other (same patterns).
variant unmarked 's/ marked="yes" calls="3"//;/<inclusive Ir="1500"/d;/<per-call min="400"/d'
refuses "^hotgrind: function 'run_tests' is marked in $a but not in $scratch/unmarked.xml\$" \
  "$a" "$scratch/unmarked.xml"

# --- reports of hotgrind run: <exe> is /proc/self/fd/3 for every program,
# so the program compared is the launcher's program setting, and the
# launcher and its settings must be the same in every report.
ra=$data/run-a.xml rb=$data/run-b.xml
merges "$merged" "$ra" "$rb" &&
  same "$data/run-merged.xml" "$merged" "merge run-a run-b"
# The merged report keeps the launcher, and show names the program (all
# its settings on one line: --wide).
run 0 show --wide "$data/run-merged.xml" && {
  grep -qxF 'Command:   xz (run as /proc/self/fd/3)' "$out" ||
    fail "show run-merged.xml: the program"
  grep -qxF "Launcher:  hotgrind run; program=xz environment=cleared PATH=/usr/bin:/bin LC_ALL=C LD_BIND_NOW=1 glibc-tunables=x86-sse2 program-path=/proc/self/fd/3 valgrind-lib=default valgrind-wrapper=skipped 'open-fds=0 1 2 3' stdin=file stdout=pipe stderr=pipe aslr=off stack-limit=8388608 cwd=. cache-geometry=fixed" "$out" ||
    fail "show run-merged.xml: the launcher's settings"
}
# Merging the merge again with a shard: the launcher is still the same.
merges "$scratch/run-aba.xml" "$data/run-merged.xml" "$ra" && {
  checks=$((checks + 1))
  [ "$(grep -c '<setting ' "$scratch/run-aba.xml")" = 17 ] &&
    grep -q '<merge reports="3"/>' "$scratch/run-aba.xml" ||
    fail "merge run-merged run-a: not the 17 settings of 3 runs"
}
# <inputs>: the union of the rows, in the report's order, the calls and
# bytes of a row in both summed (inputs-merged.xml, by hand); the same
# bytes twice; merging the merge again sums again.  A row pinned in one
# report and not in the other is refused, naming both.
ia=$data/inputs-a.xml ib=$data/inputs-b.xml
merges "$merged" "$ia" "$ib" &&
  same "$data/inputs-merged.xml" "$merged" "merge inputs-a inputs-b"
merges "$scratch/inputs-again.xml" "$ia" "$ib" &&
  same "$merged" "$scratch/inputs-again.xml" "merge inputs-a inputs-b, twice"
merges "$scratch/inputs-aba.xml" "$data/inputs-merged.xml" "$ia" && {
  checks=$((checks + 1))
  grep -qF '<input kind="random" source="getrandom" function="hashmap_new" object="xz" calls="4" bytes="64" pinned="yes"/>' "$scratch/inputs-aba.xml" &&
    grep -qF '<input kind="clock" source="clock_gettime" function="main" object="xz" calls="4" pinned="yes"/>' "$scratch/inputs-aba.xml" ||
    fail "merge inputs-merged inputs-a: not the inputs of 3 runs"
}
refuses "^hotgrind: $data/inputs-unpinned.xml cannot be merged with $ia: the random input through 'getrandom' from 'hashmap_new' \\(xz\\) is pinned in $ia, not in $data/inputs-unpinned.xml\$" \
  "$ia" "$data/inputs-unpinned.xml"
# Runs with and without the inputs' options were measured differently.
refuses "^hotgrind: $ia: cannot be merged with $ra: option 4 '--det-random=yes', not 'none'\$" \
  "$ra" "$ia"
run_variant() {   # run_variant NAME SED-SCRIPT DIFFERENCE: run-b changed
  sed "$2" "$rb" >"$scratch/$1.xml"
  refuses "^hotgrind: $scratch/$1.xml: cannot be merged with $ra: $3\$" \
    "$ra" "$scratch/$1.xml"
}
# The same <exe>, another program.
run_variant run-program 's/"program" value="xz"/"program" value="unxz"/' \
  "program 'unxz', not 'xz'"
# A setting with another value, an extra one, one fewer.
run_variant run-stdout 's/"stdout" value="pipe"/"stdout" value="terminal"/' \
  "launcher setting stdout 'terminal', not 'pipe'"
run_variant run-keep 's|.*"glibc-tunables".*|&<setting name="keep-env" value="HOME"/>|' \
  "launcher setting 7 'keep-env=HOME', not 'program-path=/proc/self/fd/3'"
run_variant run-fewer '/"cache-geometry"/d' \
  "launcher setting 17 'none', not 'cache-geometry=fixed'"
# Another launcher; no launcher, in either order.
run_variant run-name 's/<launcher name="hotgrind run"/<launcher name="ci-pin"/' \
  "launcher 'ci-pin', not 'hotgrind run'"
run_variant run-none '/<launcher/,/<\/launcher>/d' \
  "launcher 'none', not 'hotgrind run'"
refuses "^hotgrind: $ra: cannot be merged with $scratch/run-none.xml: launcher 'hotgrind run', not 'none'\$" \
  "$scratch/run-none.xml" "$ra"

# --- bad input: one line naming the file, nothing written
refuses "^hotgrind: $all/does-not-exist.xml: " "$a" "$all/does-not-exist.xml"
refuses "^hotgrind: $all/truncated.xml: line [0-9]+: " "$a" "$all/truncated.xml"
refuses "^hotgrind: $all/malformed.xml: line [0-9]+: " "$all/malformed.xml" "$a"
refuses "^hotgrind: $all/wrong-format.xml: line 2: report format 2 is not supported" \
  "$a" "$all/wrong-format.xml"
refuses "^hotgrind: $all/entity-bomb.xml: .*DOCTYPE" "$a" "$all/entity-bomb.xml"
# Merge sums only what it knows: a report this release could not have
# written (unknown attribute, later additions, a broken rule) is refused.
refuses "^hotgrind: $all/unknown-attribute.xml: line 14: .*Bogus" \
  "$all/unknown-attribute.xml" "$a"
refuses "^hotgrind: $all/future-additions.xml: line [0-9]+: " \
  "$all/future-additions.xml" "$all/future-additions.xml"
refuses "^hotgrind: $all/rule-thread-ir-sum.xml: line [0-9]+: <threads>" \
  "$all/rule-thread-ir-sum.xml" "$all/rule-thread-ir-sum.xml"
# Sums past 2^64 - 1.
refuses "^hotgrind: the sums of .*valid-full.xml ... .*valid-full.xml do not fit in 64 bits" \
  "$all/valid-full.xml" "$all/valid-full.xml"
# Outputs that cannot be written.
run 2 merge -o "$scratch/no/such/dir/m.xml" "$a" "$b" &&
  { grep -q "$scratch/no/such/dir/m.xml.tmp" "$err" ||
      fail "merge -o into a missing folder: the file is not named"; }
run 2 merge -o "$scratch" "$a" "$b" &&
  { grep -q 'Is a directory' "$err" || fail "merge -o FOLDER"; }

# A name holding a tab, a line feed and a carriage return (the tool
# writes them as character references) keeps them through a merge: the
# merged report writes them back as references, where raw ones would
# read back as spaces.
sed 's/name="helper"/name="help\&#9;er\&#10;x\&#13;"/' "$a" > "$scratch/ws-a.xml"
sed 's/name="helper"/name="help\&#9;er\&#10;x\&#13;"/' "$b" > "$scratch/ws-b.xml"
if merges "$scratch/ws-m.xml" "$scratch/ws-a.xml" "$scratch/ws-b.xml"; then
  grep -q 'name="help&#9;er&#10;x&#13;"' "$scratch/ws-m.xml" ||
    fail "merge: a tab, line feed or carriage return in a name was not written as a reference"
fi

# --- usage: status 2 and a usage line
for args in "" "-o $merged" "-o $merged $a" "$a $b" "-o" "-o $merged --frobnicate $a $b"; do
  # shellcheck disable=SC2086
  run 2 merge $args &&
    { grep -q '^usage: hotgrind merge -o OUT REPORT REPORT' "$err" ||
        fail "merge $args: no usage line"; }
done
run 2 merge -o "" "$a" "$b"
run 0 merge --help && { grep -q 'per-call' "$out" || fail "merge --help"; }
run 0 help merge

finish
exit 0
