#!/bin/sh
# hotgrind export of per-line costs (--lines=yes) and of branch figures:
# --format=callgrind puts each function's self cost on its source lines,
# with fi=/fe= for the lines of another file (inlined code) and the heap
# figures, which no line has, on line 0; --format=cachegrind writes
# Cachegrind's out file; --format=json has each function's "lines".  The
# first two against expected files written by hand, then read by the real
# callgrind_annotate and cg_annotate.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The fixtures and
# their figures (see the comment in data/export-lines/lines.xml):
#   main  inline.h:3 30, main.c:5 10, main.c:7 60; heap 1 block of 64 bytes
#   work  inline.h:3 50, work.c:2 20, work.c:4 130
#   strlen  no line info: 40 on line 0 of ???
# data/export-lines/lines-sim.xml: every event on each line.
# data/diff/branch-base.xml: kernel and main with cache and branch
# figures, no lines.  Exits 77 (skipped) only when callgrind_annotate or
# cg_annotate is missing and all else passed.
#
# Why this test and regtest/export_lines.sh both exist: this one checks
# the exported files themselves (fi=/fe=, heap figures on line 0, JSON
# "lines") against expected files written by hand from a hand-written
# report, with no Valgrind; export_lines.sh checks that Valgrind's own
# annotators read the exports of real runs as they read Cachegrind's and
# Callgrind's files of the same runs, count for count. Neither covers
# the other.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA/export-lines
branch=$HG_TEST_DATA/diff/branch-base.xml

# --- the files, byte for byte, and the same bytes twice
for format in callgrind cachegrind; do
  run 0 export --format=$format "$data/lines.xml" &&
    same "$data/lines.$format" "$out" "export --format=$format lines.xml"
  run 0 export --format=$format -o "$scratch/again.$format" "$data/lines.xml" &&
    same "$data/lines.$format" "$scratch/again.$format" \
      "export --format=$format lines.xml, second run"
done
run 0 export --format=cachegrind "$branch" &&
  same "$data/branch.cachegrind" "$out" "export --format=cachegrind branch-base.xml"

# --- Callgrind: the branch events of a --branch-sim=yes report (no lines),
# after cycles; the stand-in caller's call has no branch figures (a report
# has no inclusive ones): 0.
has() {
  checks=$((checks + 1))
  grep -qxF -- "$1" "$out" || fail "export --format=callgrind $2: no line '$1'"
}
run 0 export --format=callgrind "$branch" && {
  has "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles Bc Bcm Bi Bim" branch
  has "summary: 1000 10 5 300 30 6 100 10 2 2800 200 20 10 4" branch
  has "0 600 6 3 200 20 4 60 6 1 1720 150 15 6 3" branch
  has "0 400 4 2 100 10 2 40 4 1 1080 50 5 4 1" branch
  has "0 800 8 4 250 25 5 80 8 2 2310 0 0 0 0" branch
  has "totals: 1000 10 5 300 30 6 100 10 2 2800 200 20 10 4" branch
  has "event: Bcm : Conditional branches mispredicted" branch
}
# A report without lines keeps every cost on line 0.
run 0 export --format=callgrind "$HG_TEST_DATA/export/report.xml" &&
  same "$HG_TEST_DATA/export/report.callgrind" "$out" "export --format=callgrind report.xml"

# --- every event on each line (data/export-lines/lines-sim.xml, cache and
# branch figures on <line>: see its comment).
run 0 validate "$data/lines-sim.xml"
run 0 export --format=cachegrind "$data/lines-sim.xml" &&
  same "$data/lines-sim.cachegrind" "$out" "export --format=cachegrind lines-sim.xml"
run 0 export --format=callgrind "$data/lines-sim.xml" && {
  has "events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles Bc Bcm Bi Bim" lines-sim
  has "2 60 1 1 20 3 2 5 1 0 410 15 2 0 0" lines-sim
  has "fi=(2) /src/inline.h" lines-sim
  has "7 40 1 0 10 1 0 5 0 0 60 5 1 2 1" lines-sim
  has "fe=(1)" lines-sim
  has "totals: 100 2 1 30 4 2 10 1 0 470 20 3 2 1" lines-sim
  checks=$((checks + 1))
  grep -q '^0 ' "$out" && fail "lines-sim: a cost on line 0: $(grep '^0 ' "$out")"
}

# --- JSON: each function's lines, as the report has them
run 0 export --format=json "$data/lines.xml" && {
  checks=$((checks + 1))
  /usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
lines = {f["name"]: f.get("lines") for f in r["functions"]}
assert lines["main"] == [
    {"file": "inline.h", "dir": "/src", "line": 3, "Ir": 30},
    {"file": "main.c", "dir": "/src", "line": 5, "Ir": 10},
    {"file": "main.c", "dir": "/src", "line": 7, "Ir": 60}], lines["main"]
assert lines["work"] == [
    {"file": "inline.h", "dir": "/src", "line": 3, "Ir": 50},
    {"file": "work.c", "dir": "/src", "line": 2, "Ir": 20},
    {"file": "work.c", "dir": "/src", "line": 4, "Ir": 130}], lines["work"]
assert lines["strlen"] == [{"file": "", "line": 0, "Ir": 40}], lines["strlen"]
keys = list(r["functions"][0].keys())
assert keys.index("lines") == keys.index("self") + 1, keys
' "$out" 2>"$err" || fail "export --format=json lines.xml: the lines"
}
run 0 export --format=json "$HG_TEST_DATA/export/report.xml" &&
  same "$HG_TEST_DATA/export/report.json" "$out" "export --format=json report.xml (no lines)"

# --- usage: the new format is listed
run 2 export --format=cachegrid "$data/lines.xml"
checks=$((checks + 1))
grep -qF "unknown format 'cachegrid' (callgrind, cachegrind, json, bmf, folded or svg)" "$err" ||
  fail "export --format=cachegrid: no message listing the formats"
checks=$((checks + 1))
[ -s "$out" ] && fail "export --format=cachegrid wrote output"

# --- the real consumers: per-function figures of the hand-worked fixture
# (a function's lines in another file are a function of that file for
# both: inline.h:main, inline.h:work).
missing=false
# figures FILE LINE COMMAND...: COMMAND's output, percentages and commas
# taken out, has LINE.
figures() {
  file=$1 line=$2; shift 2
  checks=$((checks + 1))
  "$@" "$file" 2>"$err" |
    sed -e 's/([^)]*%)//g' -e 's/,//g' -e 's/  */ /g' -e 's/^ //' -e 's/ $//' \
      >"$scratch/figures"
  grep -qxF "$line" "$scratch/figures" || {
    fail "$1 $(basename "$file"): no line '$line'"
    sed 's/^/    /' "$scratch/figures" | tail -20
  }
}
if command -v callgrind_annotate >/dev/null 2>&1 &&
   command -v perl >/dev/null 2>&1; then
  ca="callgrind_annotate --threshold=100 --auto=no --inclusive=no"
  cg=$data/lines.callgrind
  figures "$cg" "340 1 64 1 64 PROGRAM TOTALS" $ca
  figures "$cg" "150 0 0 0 0 /src/work.c:work [prog]" $ca
  figures "$cg" "70 1 64 1 64 /src/main.c:main [prog]" $ca
  figures "$cg" "50 0 0 0 0 /src/inline.h:work" $ca
  figures "$cg" "30 0 0 0 0 /src/inline.h:main" $ca
  figures "$cg" "40 0 0 0 0 ???:strlen [libc.so.6]" $ca
  # The calls keep working: main calls work twice, work strlen twice.
  checks=$((checks + 1))
  callgrind_annotate --tree=caller --threshold=100 --auto=no "$cg" 2>"$err" |
    grep -qF '< /src/main.c:main (2x) [prog]' ||
    fail "callgrind_annotate --tree=caller: work is not called twice by main"
  checks=$((checks + 1))
  callgrind_annotate --auto=no "$cg" >/dev/null 2>"$err"
  [ -s "$err" ] && fail "callgrind_annotate warns about lines.callgrind"
else
  missing=true
fi
if command -v cg_annotate >/dev/null 2>&1; then
  ga="cg_annotate --threshold=0 --auto=no"
  figures "$data/lines.cachegrind" "340 PROGRAM TOTALS" $ga
  figures "$data/lines.cachegrind" "150 /src/work.c:work" $ga
  figures "$data/lines.cachegrind" "70 /src/main.c:main" $ga
  figures "$data/lines.cachegrind" "50 /src/inline.h:work" $ga
  figures "$data/lines.cachegrind" "30 /src/inline.h:main" $ga
  figures "$data/lines.cachegrind" "40 ???:strlen" $ga
  figures "$data/branch.cachegrind" \
    "600 6 3 200 20 4 60 6 1 150 15 6 3 k.c:kernel" $ga
  figures "$data/branch.cachegrind" \
    "1000 10 5 300 30 6 100 10 2 200 20 10 4 PROGRAM TOTALS" $ga
  checks=$((checks + 1))
  cg_annotate --auto=no "$data/lines.cachegrind" >/dev/null 2>"$err"
  [ -s "$err" ] && fail "cg_annotate warns about lines.cachegrind"
else
  missing=true
fi

finish
$missing && { echo "callgrind_annotate or cg_annotate missing: their checks skipped"; exit 77; }
exit 0
