#!/bin/sh
# hotgrind export: every format, exactly, against hand-written expected
# files; Callgrind's through callgrind_annotate, JSON through Python's
# parser; -o, usage and bad input.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The expected
# files in tests/data/export/ were written by hand from the fixtures next
# to them (report.xml, names.xml); so were the figures below.  Exits 77
# (skipped) only when callgrind_annotate is missing and all else passed.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA/export
all=$HG_TEST_DATA

expect_usage_error() {
  expect_trouble "$@" || return
  grep -q '^usage: hotgrind export' "$err" ||
    fail "hotgrind $*: no usage line"
}

# --- every format of both fixtures, byte for byte
for name in report names twins; do
  for format in callgrind json bmf folded; do
    [ -f "$data/$name.$format" ] || continue
    run 0 export --format=$format "$data/$name.xml" &&
      same "$data/$name.$format" "$out" "export --format=$format $name.xml"
    [ -s "$err" ] && fail "export --format=$format $name.xml: wrote to stderr"
  done
done
# A report made by `hotgrind run` has <exe>/proc/self/fd/3; the program is
# the launcher's `program` setting (merge/run-a.xml: xz -d a.xz).
run 0 export --format=callgrind "$all/merge/run-a.xml" && {
  grep -qx 'cmd: xz -d a.xz' "$out" ||
    fail "export --format=callgrind of a hotgrind run report: cmd line is '$(grep '^cmd:' "$out")', expected 'cmd: xz -d a.xz'"
}
run 0 export --format=bmf "$all/merge/run-a.xml" && {
  grep -q '"xz -d a.xz: (total)"' "$out" ||
    fail "export --format=bmf of a hotgrind run report: no benchmark named 'xz -d a.xz: (total)' in: $(head -c 300 "$out")"
  grep -q 'fd/3' "$out" && fail "export --format=bmf of a hotgrind run report names /proc/self/fd/3"
}
# --format FORMAT (two words) is the same option.
run 0 export --format folded "$data/report.xml" &&
  same "$data/report.folded" "$out" "export --format folded"

# --- -o OUT: the same bytes in OUT, nothing on stdout, no OUT.tmp left
for format in callgrind json bmf folded; do
  target=$scratch/report.$format
  run 0 export -o "$target" --format=$format "$data/report.xml" && {
    [ -s "$out" ] && fail "export -o: wrote to stdout"
    tmp_left "$target" && fail "export -o: $target.tmp* left behind"
    same "$data/report.$format" "$target" "export -o ($format)"
  }
done
# An existing OUT is replaced whole.
printf 'old content that is longer than the new one\n%.0s' 1 2 3 4 5 6 7 8 9 \
  >"$scratch/old.folded"
run 0 export --format=folded -o "$scratch/old.folded" "$data/names.xml" &&
  same "$data/names.folded" "$scratch/old.folded" "export -o over a file"

# --- JSON and BMF of every valid report parse, and JSON is laid out the
# way Python lays it out (so its layout is a reformatting's fixed point).
if command -v python3 >/dev/null 2>&1; then
  for report in "$data"/*.xml "$all"/valid*.xml "$all"/no-functions.xml; do
    for format in json bmf; do
      run 0 export --format=$format "$report" || continue
      checks=$((checks + 1))
      python3 -m json.tool "$out" >/dev/null 2>"$err" ||
        fail "export --format=$format $(basename "$report"): not JSON"
    done
    run 0 export --format=json "$report" || continue
    checks=$((checks + 1))
    python3 -c '
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
again = json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
sys.exit(0 if again == text else 1)' "$out" 2>"$err" ||
      fail "export --format=json $(basename "$report"): not in json.dumps layout"
  done
  # The JSON holds the report's figures (read back by Python).
  run 0 export --format=json "$data/report.xml" && {
    checks=$((checks + 1))
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in r["functions"]}
assert r["totals"]["Ir"] == 10000 and r["totals"]["cycles"] == 14610
assert sum(x["self"]["Ir"] for x in r["functions"]) == 10000
assert f["sort"]["calls"] == 3 and f["sort"]["inclusive"]["Ir"] == 9000
assert f["sort"]["per-call"]["mean"] == "3000.00"
assert r["zones"][0]["inclusive"]["allocs"] == 3
assert r["totals"]["heap"]["peak-bytes"] == 1100
assert r["run"]["exit"] == {"how": "signal", "signal": 6}
' "$out" 2>"$err" || fail "export --format=json report.xml: figures"
  }
  # Branch figures (--branch-sim=yes) on <totals> and <self>, as the
  # fixture has them; none on <inclusive>.  Twice, byte for byte.
  run 0 export --format=json "$HG_TEST_DATA/diff/branch-head.xml" && {
    checks=$((checks + 1))
    cp "$out" "$scratch/branch-first.json"
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in r["functions"]}
t = r["totals"]
assert (t["Bc"], t["Bcm"], t["Bi"], t["Bim"]) == (200, 10, 10, 2), t
k = f["kernel"]
assert (k["self"]["Bc"], k["self"]["Bcm"], k["self"]["Bi"], k["self"]["Bim"]) == (150, 5, 6, 1)
assert "Bc" not in k["inclusive"]
m = f["main"]["self"]
assert (m["Bc"], m["Bcm"], m["Bi"], m["Bim"]) == (50, 5, 4, 1)
assert list(t)[-4:] == ["Bc", "Bcm", "Bi", "Bim"], list(t)
' "$out" 2>"$err" || fail "export --format=json branch-head.xml: figures"
    run 0 export --format=json "$HG_TEST_DATA/diff/branch-head.xml" &&
      { cmp -s "$scratch/branch-first.json" "$out" ||
          fail "export --format=json branch-head.xml: two runs differ"; }
  }
  # BMF: the total's four branch measures, as the fixture has them; a
  # marked function has none (its measures are inclusive ones).
  run 0 export --format=bmf "$HG_TEST_DATA/diff/branch-head.xml" && {
    checks=$((checks + 1))
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
t = r["mm 64: (total)"]
got = [t[m]["value"] for m in ("conditional-branches",
       "conditional-branch-mispredictions", "indirect-branches",
       "indirect-branch-mispredictions")]
assert got == [200, 10, 10, 2], got
assert "conditional-branches" not in r["mm 64: kernel (mm)"]
' "$out" 2>"$err" || fail "export --format=bmf branch-head.xml: branch measures"
  }
fi

# --- folded: one line per function with self Ir, summing to the total
run 0 export --format=folded "$all/valid.xml" && {
  checks=$((checks + 1))
  [ "$(awk '{ s += $NF } END { print s }' "$out")" = 1234567 ] ||
    fail "folded valid.xml does not add up to 1234567"
}

# --- Callgrind through callgrind_annotate: its totals and per-function
# figures are the report's.  Numbers as the hand-worked fixture has them:
# Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles allocs allocBytes frees
# freeBytes.
annotate_missing=false
annotate() {
  callgrind_annotate --threshold=100 --auto=no "$@" 2>"$err" |
    sed -e 's/([^)]*%)//g' -e 's/,//g' -e 's/  */ /g' -e 's/^ //'
}
# annotated FILE LINE [OPTIONS]: callgrind_annotate prints LINE.
annotated() {
  file=$1 line=$2; shift 2
  checks=$((checks + 1))
  annotate "$@" "$file" >"$scratch/annotated"
  grep -qxF "$line" "$scratch/annotated" || {
    fail "callgrind_annotate $* $(basename "$file"): no line '$line'"
    sed 's/^/    /' "$scratch/annotated" | tail -20
  }
}
if command -v callgrind_annotate >/dev/null 2>&1 &&
   command -v perl >/dev/null 2>&1; then
  cg=$scratch/report.cg
  "$HOTGRIND" export --format=callgrind "$data/report.xml" >"$cg"
  annotated "$cg" "10000 23 14 3440 67 13 1560 31 7 14610 4 3100 3 3000 PROGRAM TOTALS"
  annotated "$cg" "6000 10 5 2000 40 4 1000 20 2 7800 3 3000 3 3000 sort.c:sort [sorter]"
  annotated "$cg" "2000 1 1 800 8 0 100 2 1 2310 0 0 0 0 sort.c:compare [sorter]"
  annotated "$cg" "1200 6 3 400 10 2 300 5 1 2010 1 100 0 0 main.c:main [sorter]"
  annotated "$cg" "500 2 1 150 3 1 100 1 0 760 0 0 0 0 ???:malloc [libc.so.6]"
  annotated "$cg" "300 4 4 90 6 6 60 3 3 1730 0 0 0 0 rtld.c:_dl_start [ld-linux-x86-64.so.2]"
  # With --inclusive=yes, the marked function and the zone show their
  # inclusive figures, carried by the calls into them.
  annotated "$cg" "9000 12 6 3000 50 5 1500 25 3 11270 3 3000 3 3000 sort.c:sort [sorter]" --inclusive=yes
  annotated "$cg" "9200 13 7 3050 52 5 1520 26 3 11610 3 3000 3 3000 (zones):zone sorting [(zones)]" --inclusive=yes
  annotated "$cg" "2000 1 1 800 8 0 100 2 1 2310 0 0 0 0 sort.c:compare [sorter]" --inclusive=yes
  # The calls count: callgrind_annotate's caller tree shows "3x".
  checks=$((checks + 1))
  callgrind_annotate --tree=caller --threshold=100 --auto=no "$cg" 2>"$err" |
    grep -qF '< sort.c:(callers of sort) (3x) [sorter]' ||
    fail "callgrind_annotate --tree=caller: sort is not called 3 times"
  # Names that are hard to carry keep their figures.
  cg=$scratch/names.cg
  "$HOTGRIND" export --format=callgrind "$data/names.xml" >"$cg"
  annotated "$cg" "3000 PROGRAM TOTALS"
  annotated "$cg" "400 ???:(1) starts like an id [prog]"
  annotated "$cg" '500 x.c:a;b "quoted" \back [we;ird]'
  # Every valid report: callgrind_annotate's total Ir is the report's.
  for report in "$all"/valid.xml "$all"/valid-marked.xml \
                "$all"/valid-heap-threads.xml "$all"/valid-escapes.xml; do
    "$HOTGRIND" export --format=callgrind "$report" >"$scratch/any.cg"
    total=$(sed -n 's/^ *<totals Ir="\([0-9]*\)".*/\1/p' "$report")
    checks=$((checks + 1))
    [ "$(annotate "$scratch/any.cg" | sed -n 's/ .*PROGRAM TOTALS$//p')" \
      = "$total" ] ||
      fail "callgrind_annotate: total Ir of $(basename "$report") is not $total"
  done
  # No warnings about lines it cannot read.
  checks=$((checks + 1))
  callgrind_annotate --auto=no "$data/report.callgrind" >/dev/null 2>"$err"
  [ -s "$err" ] && fail "callgrind_annotate warns about report.callgrind"
else
  echo "SKIP: callgrind_annotate (Valgrind's, with perl) is not installed"
  annotate_missing=true
fi

# --- the bound on folded stacks.  Each line holds its context's whole
# stack, so a recursion as deep as the cap on contexts made a file of
# 19.9 GB.  deep_contexts_gen.py writes a chain of DEPTH contexts (main,
# then NAME recursing) and prints the bytes of its folded stacks, worked
# out from the format, not by hotgrind.
gen=$(dirname "$0")/deep_contexts_gen.py
size=$(/usr/bin/python3 "$gen" 300 recurse "$scratch/deep.xml") || exit 99
# At the bound: written whole, those bytes, the deepest line last.
run 0 export --format=folded --max-output-bytes "$size" "$scratch/deep.xml" && {
  checks=$((checks + 1))
  [ "$(wc -c <"$out" | tr -d ' ')" = "$size" ] ||
    fail "folded of a 300-deep chain: not $size bytes"
  checks=$((checks + 1))
  [ "$(tail -n 1 "$out")" = "main$(printf ';recurse%.0s' $(seq 299)) 1" ] ||
    fail "folded of a 300-deep chain: the last line"
  cp "$out" "$scratch/deep.first"
}
run 0 export --format=folded --max-output-bytes=0 "$scratch/deep.xml" &&
  same "$scratch/deep.first" "$out" "folded, --max-output-bytes=0 (no bound), twice"
# One byte over: refused before writing any, saying what raises it.
expect_trouble export --format=folded --max-output-bytes $((size - 1)) \
    "$scratch/deep.xml" &&
  one_line_error "$scratch/deep.xml" export deep.xml &&
  { checks=$((checks + 1))
    [ "$(cat "$err")" = "hotgrind: $scratch/deep.xml: the folded stacks would be $size bytes, over the bound of $((size - 1)) (each line holds its context's whole stack: deep recursion); --max-output-bytes N raises it, 0 removes it" ] ||
      fail "folded over --max-output-bytes: the message"; }
run 2 export --format=folded --max-output-bytes $((size - 1)) \
    -o "$scratch/deep.folded" "$scratch/deep.xml" && {
  checks=$((checks + 1))
  [ -e "$scratch/deep.folded" ] && fail "folded over the bound: OUT written"
  tmp_left "$scratch/deep.folded" && fail "folded over the bound: OUT.tmp left"
}
# By default the bound is 1 GiB: a chain 10,000 deep of a 28-byte name
# would be 1,449,925,000 bytes, refused at once.
big=$(/usr/bin/python3 "$gen" 10000 recurse_deeply_into_the_tree \
        "$scratch/deeper.xml") || exit 99
expect_trouble export --format=folded "$scratch/deeper.xml" &&
  { checks=$((checks + 1))
    [ "$(cat "$err")" = "hotgrind: $scratch/deeper.xml: the folded stacks would be $big bytes, over the bound of 1073741824 (each line holds its context's whole stack: deep recursion); --max-output-bytes N raises it, 0 removes it" ] ||
      fail "folded over the default bound: the message"; }
expect_usage_error export --format=folded --max-output-bytes x "$scratch/deep.xml"
expect_usage_error export --format=folded --max-output-bytes -1 "$scratch/deep.xml"
expect_usage_error export --format=json --max-output-bytes 10 "$scratch/deep.xml" &&
  { grep -q -- '--max-output-bytes is for --format=folded' "$err" ||
      fail "--max-output-bytes with json: the message"; }

# --- usage errors: status 2, a usage line, nothing written
expect_usage_error export
expect_usage_error export "$data/report.xml"
expect_usage_error export --format=xml "$data/report.xml"
expect_usage_error export --format= "$data/report.xml"
expect_usage_error export --format=json
expect_usage_error export --format=json "$data/report.xml" "$data/names.xml"
expect_usage_error export --format=json --frobnicate "$data/report.xml"
expect_usage_error export --format=json "$data/report.xml" -o
expect_usage_error export --format
run 0 export --help && { grep -q 'callgrind' "$out" || fail "export --help"; }
# The temporary file has a name of its own: something already at OUT.tmp
# (here a folder) is no obstacle, and two exports to the same OUT at once
# both succeed (with a fixed OUT.tmp, one renamed the other's file away:
# "cannot rename OUT.tmp").
mkdir "$scratch/conc.json.tmp"
run 0 export --format=json -o "$scratch/conc.json" "$data/report.xml" &&
  same "$data/report.json" "$scratch/conc.json" "export -o beside OUT.tmp"
rmdir "$scratch/conc.json.tmp"
checks=$((checks + 1))
pids=
for i in 1 2 3 4 5 6 7 8; do
  "$HOTGRIND" export --format=json -o "$scratch/conc.json" \
    "$data/report.xml" 2>"$scratch/conc.$i.err" &
  pids="$pids $!"
done
for pid in $pids; do
  wait "$pid" || { fail "export -o, 8 at once: one failed"
                   cat "$scratch"/conc.*.err; break; }
done
same "$data/report.json" "$scratch/conc.json" "export -o, 8 at once"
tmp_left "$scratch/conc.json" && fail "export -o, 8 at once: a temporary file left"
# The output gets the mode fopen would give it, not mkstemp's 0600.
(umask 022 && "$HOTGRIND" export --format=json -o "$scratch/mode.json" "$data/report.xml")
checks=$((checks + 1))
[ "$(ls -l "$scratch/mode.json" | cut -c1-10)" = "-rw-r--r--" ] ||
  fail "export -o: mode $(ls -l "$scratch/mode.json" | cut -c1-10), want -rw-r--r--"

run 0 help export && { grep -q -- '--format=' "$out" || fail "help export"; }

# --- bad reports: one line naming the file, nothing on stdout, no OUT
for name in does-not-exist.xml truncated.xml malformed.xml wrong-format.xml \
            missing-attribute.xml entity-bomb.xml; do
  for format in callgrind json bmf folded; do
    run 2 export --format=$format -o "$scratch/never" "$all/$name" || continue
    [ -e "$scratch/never" ] || tmp_left "$scratch/never" &&
      fail "export $name: an output file was created"
    case $(cat "$err") in
      "hotgrind: $all/$name: "?*) ;;
      *) fail "export $name: stderr does not start 'hotgrind: FILE: '" ;;
    esac
    [ "$(wc -l <"$err" | tr -d ' ')" = 1 ] || fail "export $name: not one line"
  done
done
run 2 export --format=json "$all/truncated.xml" &&
  { [ -s "$out" ] && fail "export of a bad report wrote to stdout"; }

# --- outputs that cannot be written: status 2, the file named
run 2 export --format=json -o "$scratch/no/such/dir/out.json" "$data/report.xml" &&
  { grep -q "$scratch/no/such/dir/out.json.tmp" "$err" ||
      fail "export -o into a missing folder: the file is not named"; }
run 2 export --format=json -o "$scratch" "$data/report.xml" &&
  { grep -q 'Is a directory' "$err" || fail "export -o FOLDER"; }
if [ -w /dev/full ]; then
  checks=$((checks + 1))
  "$HOTGRIND" export --format=json "$data/report.xml" >/dev/full 2>"$err"
  [ $? -eq 2 ] || fail "export to /dev/full did not fail"
  run 2 export --format=json -o /dev/full "$data/report.xml"
fi

finish
$annotate_missing && exit 77
exit 0
