#!/bin/sh
# hotgrind suite: what needs no Valgrind (regtest/suite_run.sh runs
# suites).  Suite files and manifests refused with their file and line;
# options refused with the usage line; and `suite list`'s shards, worked
# out by hand from the names (sorted, dealt in turn) and from the Ir of
# a previous run (longest first, each to the least loaded shard; one
# the previous run did not measure weighs the mean of those it did).
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/suite
six=$data/six.xml

# refuses FILE PATTERN ARGS...: `hotgrind ARGS` exits 2 with one line on
# stderr, "hotgrind: FILE: ", that matches the extended regular
# expression PATTERN.
refuses() {
  file=$1 pattern=$2; shift 2
  expect_trouble "$@" || return
  one_line_error "$file" "$@" || return
  grep -Eq -- "$pattern" "$err" ||
    fail "hotgrind $*: stderr does not match '$pattern'"
}

# --- suite files: the schema, then the rules after it (nothing runs:
# every command is /bin/true, and no -o folder is made)
cd "$data" || exit 99
for action in "list" "run -o $scratch/never"; do
  # shellcheck disable=SC2086  # $action: words
  {
    refuses dup.xml "^hotgrind: dup.xml: line 4: a second benchmark named 'a' \(the first is at line 2\)" suite $action dup.xml
    refuses named-manifest.xml "^hotgrind: named-manifest.xml: line 3: a benchmark cannot be named 'manifest': its report would be the run's own manifest.xml$" suite $action named-manifest.xml
    refuses named-manifest-case.xml "^hotgrind: named-manifest-case.xml: line 3: a benchmark cannot be named 'MANIFEST': its report would be the run's own manifest.xml on a case-insensitive file system$" suite $action named-manifest-case.xml
    refuses case-collision.xml "^hotgrind: case-collision.xml: line 4: benchmark 'foo' and benchmark 'Foo' \(line 2\) differ only in case: on a case-insensitive file system their reports would be one file$" suite $action case-collision.xml
    refuses no-command.xml "^hotgrind: no-command.xml: line 4: Element 'arg': This element is not expected. Expected is \( command \)" suite $action no-command.xml
    refuses empty-benchmark.xml "^hotgrind: empty-benchmark.xml: line 2: Element 'benchmark': Missing child element\(s\). Expected is \( command \)" suite $action empty-benchmark.xml
    refuses misspelt.xml "^hotgrind: misspelt.xml: line 3: Element 'benchmark', attribute 'dirr': The attribute 'dirr' is not allowed" suite $action misspelt.xml
    refuses timeout-zero.xml "^hotgrind: timeout-zero.xml: line 2: Element 'defaults', attribute 'timeout'" suite $action timeout-zero.xml
    refuses bad-name.xml "^hotgrind: bad-name.xml: line 2: Element 'benchmark', attribute 'name': \[facet 'pattern'\] The value '../up'" suite $action bad-name.xml
    refuses reserved.xml "^hotgrind: reserved.xml: line 3: <option>--cwd=/tmp</option>: hotgrind suite run sets --cwd itself \(give the benchmark a dir=" suite $action reserved.xml
    refuses reserved-output.xml "^hotgrind: reserved-output.xml: line 5: <option>--hotgrind-out-file=x.xml</option>: hotgrind suite run sets --hotgrind-out-file itself$" suite $action reserved-output.xml
    refuses doctype.xml "^hotgrind: doctype.xml: line 2: DOCTYPE not allowed in a hotgrind suite file" suite $action doctype.xml
    refuses format-2.xml "^hotgrind: format-2.xml: line 1: suite file format 2 is not supported" suite $action format-2.xml
    refuses policy.xml "^hotgrind: policy.xml: line 1: <policy> is not a hotgrind suite file \(its root element is <suite>, in no namespace\): this is a policy$" suite $action policy.xml
    refuses no-such.xml "^hotgrind: no-such.xml: " suite $action no-such.xml
  }
done
# A name is a file name once .xml or .log is added: at most 251
# characters, as the file system says (a 300-character name once ran
# until its report's path failed with "File name too long").  The
# names: 251 and 252 characters, and 300.
n251=$(printf '%0251d' 0 | tr 0 n)
touch "$scratch/$n251.xml" || fail "the file system refuses $n251.xml: the test's limit is wrong"
! touch "$scratch/${n251}x.xml" 2>/dev/null || fail "the file system accepts a 256-byte file name: the test's limit is wrong"
for length in 251 252 300; do
  name=$(printf "%0${length}d" 0 | tr 0 n)
  printf '<suite format="1" name="t">\n  <benchmark name="a"><command>/bin/true</command></benchmark>\n  <benchmark name="%s"><command>/bin/true</command></benchmark>\n</suite>\n' "$name" >"$scratch/long-$length.xml"
done
run 0 suite list "$scratch/long-251.xml" &&
  { [ "$(cat "$out")" = "a
$n251" ] || fail "suite list long-251.xml: $(cat "$out")"; }
for length in 252 300; do
  for action in "list" "run -o $scratch/never"; do
    # shellcheck disable=SC2086  # $action: words
    refuses "$scratch/long-$length.xml" "^hotgrind: $scratch/long-$length.xml: line 3: a benchmark name of $length characters: at most 251, so that NAME.xml and NAME.log fit the file-name limit of 255 bytes$" suite $action "$scratch/long-$length.xml"
  done
done
[ -e "$scratch/never" ] && fail "a suite with a long name made its -o folder"

# The files a benchmark needs: checked by run, before anything runs, and
# relative to the suite file's folder (here $data, run from elsewhere).
cd "$scratch" || exit 99
refuses "$data/missing-input.xml" "line 6: benchmark 'b': input $data/no-such-input.txt: No such file or directory$" suite run -o never "$data/missing-input.xml"
refuses "$data/missing-dir.xml" "line 2: benchmark 'a': dir $data/no-such-dir: No such file or directory$" suite run -o never "$data/missing-dir.xml"
refuses "$data/dir-is-file.xml" "line 2: benchmark 'a': dir $data/dup.xml: not a directory$" suite run -o never "$data/dir-is-file.xml"
refuses "$data/missing-command.xml" "line 2: benchmark 'a': command $data/./no-such-program is not an executable file$" suite run -o never "$data/missing-command.xml"
refuses "$data/command-not-in-path.xml" "line 2: benchmark 'a': command no-such-program-in-path: not found in PATH$" suite run -o never "$data/command-not-in-path.xml"
[ -e never ] && fail "a refused suite made its -o folder"
run 0 suite list "$data/missing-input.xml"   # list runs nothing: no check
[ "$(cat "$out")" = "a
b" ] || fail "list of missing-input.xml: $(cat "$out")"

# --- the command line
for args in "" "frobnicate" "run" "run $six" "list" "list $six $six" \
            "list $six -o x" "list $six -j 2" "run $six -o x -j 0" \
            "run $six -o x -j 2x" "run $six -o x -j2" "list $six --shard 0/2" \
            "list $six --shard 3/2" "list $six --shard 1" "list $six --shard 1/" \
            "list $six --shard /2" "list $six --shard a/b" \
            "list $six --previous $data/prev-whole" \
            "list $six --shard 1/2 --shard 2/2" "run $six -o x -o y"; do
  # shellcheck disable=SC2086
  run 2 suite $args &&
    { grep -q '^usage: hotgrind suite run SUITE -o DIR' "$err" ||
        fail "suite $args: no usage line"; }
done
refuses "$six" "^hotgrind: $six: no benchmark's name matches --only 'z\*x'$" suite list "$six" --only 'z*x'
run 0 suite --help && { grep -q -- '--shard I/N' "$out" || fail "suite --help"; }
run 0 help suite && { grep -q -- 'Exit status: 0 when every benchmark' "$out" || fail "help suite"; }

# --- suite list: which benchmarks, in suite order
# list EXPECTED ARGS...: `hotgrind suite list $six ARGS` prints the names
# EXPECTED (one line, space-separated) and nothing on stderr.
lists() {
  expected=$1; shift
  run 0 suite list "$six" "$@" || return
  [ -s "$err" ] && fail "suite list $*: wrote to stderr"
  got=$(tr '\n' ' ' <"$out")
  [ "$got" = "${expected:+$expected }" ] ||
    fail "suite list $*: '$got', want '$expected'"
}
lists "zeta alpha eta.2 beta delta_1 gamma-x"
lists "zeta eta.2 beta delta_1" --only '*t*a*'
lists "gamma-x" --only 'g?mma-*'
# By name: alpha beta delta_1 eta.2 gamma-x zeta dealt to 1 2 3 1 2 3.
lists "alpha eta.2" --shard 1/3
lists "beta gamma-x" --shard 2/3
lists "zeta delta_1" --shard 3/3
lists "alpha delta_1 gamma-x" --shard 1/2
lists "zeta eta.2 beta" --shard 2/2
lists "" --shard 7/7
# --only first, then the shards: beta delta_1 eta.2 zeta to 1 2 1 2.
lists "eta.2 beta" --only '*e*' --shard 1/2
# By Ir: alpha 90000, beta and gamma-x unmeasured (the mean of 100,
# 90000, 300 and 200: 22650), eta.2 300, delta_1 200, zeta 100.  Two
# shards: alpha alone, the rest (45900) in the other.  Three: alpha;
# beta 22650 then eta.2 (22950); gamma-x 22650, delta_1 and zeta (22950).
lists "alpha" --shard 1/2 --previous "$data/prev-whole"
lists "zeta eta.2 beta delta_1 gamma-x" --shard 2/2 --previous "$data/prev-whole/manifest.xml"
lists "alpha" --shard 1/3 --previous "$data/prev-whole"
lists "eta.2 beta" --shard 2/3 --previous "$data/prev-whole"
lists "zeta delta_1 gamma-x" --shard 3/3 --previous "$data/prev-whole"
# A previous run in two shards is the same previous run.
lists "eta.2 beta" --shard 2/3 --previous "$data/prev-2" --previous "$data/prev-1"
# Twice the same: the same bytes.
run 0 suite list "$six" --shard 3/3 --previous "$data/prev-whole" && cp "$out" "$scratch/once"
run 0 suite list "$six" --shard 3/3 --previous "$data/prev-whole" && same "$scratch/once" "$out" "suite list, twice"

# --- manifests (read here through --previous): their file and line
refuses "$data/manifest-dup.xml" "line 3: benchmark 'zeta' has the name of benchmark 'zeta' \(line 2\)$" suite list "$six" --shard 1/2 --previous "$data/manifest-dup.xml"
refuses "$data/manifest-named-manifest.xml" "line 2: a benchmark cannot be named 'manifest': its report would be this manifest$" suite list "$six" --shard 1/2 --previous "$data/manifest-named-manifest.xml"
refuses "$data/manifest-crash-exit.xml" "line 2: benchmark 'zeta': crashed takes a signal and no exit$" suite list "$six" --shard 1/2 --previous "$data/manifest-crash-exit.xml"
refuses "$data/manifest-report.xml" "line 2: benchmark 'zeta': its report is zeta.xml, not alpha.xml$" suite list "$six" --shard 1/2 --previous "$data/manifest-report.xml"
refuses "$data/manifest-status.xml" "line 2: Element 'benchmark', attribute 'status': \[facet 'enumeration'\] The value 'passed'" suite list "$six" --shard 1/2 --previous "$data/manifest-status.xml"
refuses "$six" "line 3: <suite> is not a hotgrind suite run manifest \(its root element is <suite-run>, in no namespace\): this is a suite file$" suite list "$six" --shard 1/2 --previous "$six"
refuses "$data/prev-1/manifest.xml" "^hotgrind: $data/prev-1/manifest.xml: shard 2 of 2 of this run is not among the 1 given$" suite list "$six" --shard 1/2 --previous "$data/prev-1"
refuses "$data/prev-1/manifest.xml" ": the same shard given twice$" suite list "$six" --shard 1/2 --previous "$data/prev-1" --previous "$data/prev-1"
refuses "$data/prev-other/manifest.xml" ": a run of suite 'other', not of 'six' as $data/prev-1/manifest.xml$" suite list "$six" --shard 1/2 --previous "$data/prev-1" --previous "$data/prev-other"
refuses "$data/prev-1/manifest.xml" ": shard 1 of 2, where $data/prev-whole/manifest.xml is a whole run: not the shards of one run$" suite list "$six" --shard 1/2 --previous "$data/prev-whole" --previous "$data/prev-1"
refuses "$data/manifest-other-suite.xml" ": a run of suite 'other', not of 'six' \($six\)$" suite list "$six" --shard 1/2 --previous "$data/manifest-other-suite.xml"
refuses "$scratch/none/manifest.xml" "^hotgrind: $scratch/none/manifest.xml: " suite list "$six" --shard 1/2 --previous "$scratch/none/manifest.xml"
mkdir "$scratch/empty"
refuses "$scratch/empty/manifest.xml" "^hotgrind: $scratch/empty/manifest.xml: " suite list "$six" --shard 1/2 --previous "$scratch/empty"

# --- run's folder: one that holds a manifest is refused without --force,
# and nothing runs (every benchmark is /bin/true: none would fail)
mkdir "$scratch/held"
: >"$scratch/held/manifest.xml"
refuses "$scratch/held" "^hotgrind: $scratch/held: holds the run of a suite already \(manifest.xml\); give --force to replace it$" suite run "$six" -o "$scratch/held"
refuses "$scratch/no/such" "^hotgrind: $scratch/no/such: cannot make the directory: No such file or directory$" suite run "$six" -o "$scratch/no/such"
refuses "$six" "^hotgrind: $six: cannot make the directory: File exists$|^hotgrind: $six: not a directory$" suite run "$six" -o "$six"

# --- logs are bounded: the first and the last MiB of a benchmark's
# output, and a line between them saying how many bytes were left out (a
# program once wrote 200 MB in 0.3 s).  The "Valgrind" here is a script
# that writes BEGIN, the numbers 1 to 700000 (4.7 MB) and END, and no
# report (so the benchmarks fail); hotgrind run's own warnings come
# first.  Benchmark quiet's "Valgrind" writes one line.  The log is
# checked against that output, made here by seq.
cat >"$scratch/chatty-valgrind" <<'SCRIPT'
#!/bin/sh
case $* in
  *WRITE-A-LOT*) echo BEGIN; /usr/bin/seq 1 700000; echo END ;;
  *) echo quiet ;;
esac
SCRIPT
chmod +x "$scratch/chatty-valgrind"
printf '<suite format="1" name="t">\n  <benchmark name="chatty"><command>/bin/true</command><arg>WRITE-A-LOT</arg></benchmark>\n  <benchmark name="quiet"><command>/bin/true</command></benchmark>\n</suite>\n' >"$scratch/chatty.xml"
{ echo BEGIN; seq 1 700000; echo END; } >"$scratch/chatty.expected"
for k in 1 2; do
  run 1 suite run "$scratch/chatty.xml" -o "$scratch/chatty-$k" --valgrind="$scratch/chatty-valgrind"
  /usr/bin/python3 - "$scratch/chatty-$k/chatty.log" "$scratch/chatty.expected" <<'PY' || fail "chatty-$k/chatty.log is not bounded as it should be"
import sys
log = open(sys.argv[1], "rb").read()
output = open(sys.argv[2], "rb").read()
MiB = 1024 * 1024
full = log[:log.index(b"BEGIN\n")] + output     # what the benchmark wrote
marker = b"\n[hotgrind suite: %d bytes of output left out here; the log keeps the first %d and the last %d]\n" % (len(full) - 2 * MiB, MiB, MiB)
want = full[:MiB] + marker + full[-MiB:]
if log != want:
    sys.exit("%s: %d bytes, want %d" % (sys.argv[1], len(log), len(want)))
PY
  # A log under the bound is left whole.
  grep -q '^quiet$' "$scratch/chatty-$k/quiet.log" && ! grep -q 'left out' "$scratch/chatty-$k/quiet.log" || fail "quiet.log was cut: $(cat "$scratch/chatty-$k/quiet.log")"
done
same "$scratch/chatty-1/chatty.log" "$scratch/chatty-2/chatty.log" "a bounded log, twice"

finish
exit 0
