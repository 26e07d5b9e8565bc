#!/bin/sh
# hotgrind diff on two reports with a call graph: why a changed function's
# incl-Ir moved, by self Ir, no-symbol Ir and its callee edges.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.
# The fixtures are tests/data/graph/why-base.xml and why-head.xml; the
# explanation below was worked out by hand from their comments:
#   main: incl-Ir 910 -> 1,374, +464 =
#     self 100 -> 100 (0) + no-symbol 0 -> 5 (+5)
#     + work 600 -> 1,000 (+400; calls 1 -> 1; leaf 4 -> 8 calls inside)
#     + new added (+70) + old removed (-50) + rec 60 -> 90 (+30)
#     + c2 20 -> 25 (+5)                       the five of most |change|
#     + c1, c3, c4: 10 + 30 + 40 = 80 -> 10 + 33 + 41 = 84 (+4)
#   0 + 5 + 400 + 70 - 50 + 30 + 5 + 4 = 464.
#   rec: recursive, so its parts (self +30, rec -> rec 40 -> 60, calls
#   2 -> 3) are shown without adding up.  leaf, c2, c3, c4 have no callees
#   and no no-symbol Ir: their incl-Ir moved as their self Ir, not
#   explained again (nor shown as a line of the table: it would repeat
#   Ir).  work is not marked and its self Ir did not change (400), yet it
#   is a row, since with a call graph every function has calls and
#   incl-Ir: 600 -> 1,000 (+400) = self 0 + no-symbol 0 + leaf 200 -> 600
#   (+400, calls 4 -> 8).  It ranks after main: both change self Ir by 0,
#   calls by 0, and main's incl-Ir by more.  JSON: tests/json-schemas.sh.
#   A mid-jump function: below.
#
# Why this test and regtest/diff_why.sh both exist: this one checks the
# explanation's exact wording and order (the five callees of most
# change, the rest summed, added and removed callees, no-symbol Ir) on
# hand-written reports, with no Valgrind; diff_why.sh checks that on two
# real runs under the tool the explanation's parts are the reports' own
# figures and add up to the change of incl-Ir. Neither covers the other.

. "$(dirname "$0")/lib.sh"
expected=$scratch/expected
cd "$HG_TEST_DATA/graph" || exit 99

# explanation FORMAT: the lines of `diff --format=FORMAT` from the
# explanation's title on, twice the same bytes.
explanation() {
  run 0 diff --format="$1" why-base.xml why-head.xml || return
  cp "$out" "$scratch/first"
  run 0 diff --format="$1" why-base.xml why-head.xml || return
  same "$scratch/first" "$out" "a second run of diff --format=$1"
  sed -n '/^\**Why/,$p' "$out" >"$scratch/why"
}

cat >"$expected" <<'EXPECTED'
Why incl-Ir changed: self, no-symbol and callee Ir (the callees of most change):

function  part             base Ir  head Ir  delta  calls   note
rec       incl-Ir               60       90    +30          recursive: the parts do not add up to it
          self                  60       90    +30          its own instructions
          no-symbol              0        0      0          code without a symbol, run while innermost
          rec                   40       60    +20  2 -> 3  callee
main      incl-Ir              910    1,374   +464          = the sum of the parts below
          self                 100      100      0          its own instructions
          no-symbol              0        5     +5          code without a symbol, run while innermost
          work                 600    1,000   +400  1 -> 1  callee
          new                    -       70    +70  - -> 1  callee added
          old                   50        -    -50  1 -> -  callee removed
          rec                   60       90    +30  1 -> 1  callee
          c2                    20       25     +5  1 -> 1  callee
          3 other callees       80       84     +4          summed
work      incl-Ir              600    1,000   +400          = the sum of the parts below
          self                 400      400      0          its own instructions
          no-symbol              0        0      0          code without a symbol, run while innermost
          leaf                 200      600   +400  4 -> 8  callee
EXPECTED
explanation text && same "$expected" "$scratch/why" "diff, text explanation"

cat >"$expected" <<'EXPECTED'
**Why incl-Ir changed**: self, no-symbol and callee Ir (the callees of most change)

| function | part | base Ir | head Ir | delta | calls | note |
|:--|:--|--:|--:|--:|:--|:--|
| `rec` | incl-Ir | 60 | 90 | +30 |  | recursive: the parts do not add up to it |
|  | self | 60 | 90 | +30 |  | its own instructions |
|  | no-symbol | 0 | 0 | 0 |  | code without a symbol, run while innermost |
|  | `rec` | 40 | 60 | +20 | 2 -> 3 | callee |
| `main` | incl-Ir | 910 | 1,374 | +464 |  | = the sum of the parts below |
|  | self | 100 | 100 | 0 |  | its own instructions |
|  | no-symbol | 0 | 5 | +5 |  | code without a symbol, run while innermost |
|  | `work` | 600 | 1,000 | +400 | 1 -> 1 | callee |
|  | `new` | - | 70 | +70 | - -> 1 | callee added |
|  | `old` | 50 | - | -50 | 1 -> - | callee removed |
|  | `rec` | 60 | 90 | +30 | 1 -> 1 | callee |
|  | `c2` | 20 | 25 | +5 | 1 -> 1 | callee |
|  | 3 other callees | 80 | 84 | +4 |  | summed |
| `work` | incl-Ir | 600 | 1,000 | +400 |  | = the sum of the parts below |
|  | self | 400 | 400 | 0 |  | its own instructions |
|  | no-symbol | 0 | 0 | 0 |  | code without a symbol, run while innermost |
|  | `leaf` | 200 | 600 | +400 | 4 -> 8 | callee |
EXPECTED
explanation markdown && same "$expected" "$scratch/why" "diff, markdown explanation"

# The table: every function whose figures differ, work included; the
# calls of leaf (4 -> 8), new (- -> 1), old (1 -> -) and rec (3 -> 4) from
# the comments; no incl-Ir line for the unmarked ones whose incl-Ir moved
# as their Ir (all but work), main's as a marked function's.
cat >"$expected" <<'EXPECTED'
name     object  file    status   metric   base   head  delta    change
(total)                           Ir        910  1,374   +464   +50.99%
leaf     prog    prog.c  changed  Ir        200    600   +400  +200.00%
                                  calls       4      8     +4  +100.00%
new      prog    prog.c  added    Ir          -     70    +70       new
                                  calls       -      1     +1       new
old      prog    prog.c  removed  Ir         50      -    -50      gone
                                  calls       1      -     -1      gone
rec      prog    prog.c  changed  Ir         60     90    +30   +50.00%
                                  calls       3      4     +1   +33.33%
c2       prog    prog.c  changed  Ir         20     25     +5   +25.00%
???      ???     ???     added    Ir          -      5     +5       new
c3       prog    prog.c  changed  Ir         30     33     +3   +10.00%
c4       prog    prog.c  changed  Ir         40     41     +1    +2.50%
main     prog    prog.c  changed  incl-Ir   910  1,374   +464   +50.99%
                                  min       910  1,374   +464   +50.99%
                                  p50       910  1,374   +464   +50.99%
                                  p95       910  1,374   +464   +50.99%
                                  p99       910  1,374   +464   +50.99%
                                  max       910  1,374   +464   +50.99%
work     prog    prog.c  changed  incl-Ir   600  1,000   +400   +66.67%
EXPECTED
run 0 diff why-base.xml why-head.xml &&
  sed -n '/^name/,/^$/p' "$out" | sed '$d' >"$scratch/table" &&
  same "$expected" "$scratch/table" "diff, the rows of a call graph's functions"
run 0 diff why-base.xml why-head.xml &&
  { grep -qx 'Compared:  11 functions and zones: 7 changed, 2 added, 1 removed, 1 unchanged (not shown)' "$out" ||
    fail "diff, call graph: work not counted as changed"; }

# JSON: work's row has calls and incl-Ir (1 -> 1, 600 -> 1,000) and its
# explanation; leaf's row has its incl-Ir too (JSON shows every figure).
run 0 diff --format=json why-base.xml why-head.xml &&
  { python3 - "$out" <<'EOF' || fail "diff --format=json: work's and leaf's rows"
import json, sys
rows = {r.get("name"): r for r in json.load(open(sys.argv[1]))["rows"]}
fig = lambda row, m: [(v["base"], v["head"]) for v in rows[row]["metrics"]
                      if v["metric"] == m]
assert fig("work", "Ir") == [(400, 400)] and fig("work", "calls") == [(1, 1)]
assert fig("work", "incl-Ir") == [(600, 1000)]
assert fig("leaf", "incl-Ir") == [(200, 600)] and fig("leaf", "calls") == [(4, 8)]
why = rows["work"]["explained-by"]
assert why["adds-up"] and why["incl-Ir"]["delta"] == 400
assert [(c["name"], c["delta"], c["base-calls"], c["head-calls"])
        for c in why["callees"]] == [("leaf", 400, 4, 8)]
EOF
  }

# mid-jump.xml (graph.xml with work mid-jump="yes": its incl-Ir 607 is
# not 500 + 10 + 96) against graph-b.xml: work 607 -> 303 is -304, but
# its parts are self 500 -> 250 (-250), no-symbol 10 -> 5 (-5) and strlen
# 96 -> 48 (-48, calls 4 -> 2), -303: said, not claimed to add up.  main
# 1,066 -> 463 (-603) = work 606 -> 303 (-303) + fib removed (-300) +
# helper 60 -> 60 (0).
cat >"$expected" <<'EXPECTED'
Why incl-Ir changed: self, no-symbol and callee Ir (the callees of most change):

function  part            base Ir  head Ir  delta  calls   note
work      incl-Ir             607      303   -304          mid-jump: the parts do not add up to it
          self                500      250   -250          its own instructions
          no-symbol            10        5     -5          code without a symbol, run while innermost
          strlen               96       48    -48  4 -> 2  callee
main      incl-Ir           1,066      463   -603          = the sum of the parts below
          self                100      100      0          its own instructions
          no-symbol             0        0      0          code without a symbol, run while innermost
          work                606      303   -303  2 -> 1  callee
          fib                 300        -   -300  1 -> -  callee removed
          1 other callee       60       60      0          summed
EXPECTED
run 0 diff mid-jump.xml graph-b.xml &&
  sed -n '/^Why/,$p' "$out" >"$scratch/why" &&
  same "$expected" "$scratch/why" "diff mid-jump.xml graph-b.xml, explanation"

# Names of 200 characters are cut: no line of text is over 120 columns
# (characters, as "…" is one).
long=$(printf '%0200d' 0 | tr 0 x)
sed "s/name=\"work\"/name=\"w$long\"/; s/name=\"new\"/name=\"n$long\"/" \
  why-head.xml >"$scratch/long-head.xml"
if run 0 diff why-base.xml "$scratch/long-head.xml"; then
  sed -n '/^Why/,$p' "$out" >"$scratch/why"
  if [ ! -s "$scratch/why" ]; then
    fail "diff with long names: no explanation"
  elif ! python3 -c 'import sys
sys.exit(any(len(l.rstrip("\n")) > 120
             for l in open(sys.argv[1], encoding="utf-8")))' "$scratch/why"
  then
    fail "diff with long names: an explanation line over 120 columns"
  fi
fi

# One report with a call graph, one without: one line says why there is
# no explanation, in text, markdown and JSON.
run 0 diff why-base.xml ../diff/base.xml &&
  { { [ "$(grep -c '^Why' "$out")" = 1 ] &&
      grep -qx 'Why:       only the base report has a call graph (--call-graph=yes), so changes of incl-Ir are not explained' "$out"; } ||
    fail "diff, head without a call graph: not the one line"; }
run 0 diff --format=markdown ../diff/base.xml why-head.xml &&
  { grep -qx '\*\*Why:\*\* only the head report has a call graph (--call-graph=yes), so changes of incl-Ir are not explained.' "$out" ||
    fail "diff --format=markdown, base without a call graph: not the line"; }
run 0 diff --format=json ../diff/base.xml why-head.xml &&
  { { grep -q '"no-explanation": "only the head report has a call graph' "$out" &&
      ! grep -q explained-by "$out"; } ||
    fail "diff --format=json, base without a call graph: no no-explanation"; }

# With one call graph only, functions that are not marked have no calls or
# incl- figures: work is not a row for its incl-Ir alone.
sed '/call-graph/d; /<function /s/ id="[0-9]*"//; s/ outside-calls="[0-9]*"//; s/ recursive="yes"//; /<callees>/,/<\/callees>/d; /<no-symbol /d' \
  why-head.xml | sed '/<function name="main"/!{/<function /{s/ calls="[0-9]*"//}}' |
  sed '/<function name="main"/,/<\/function>/!{/<inclusive /d}' >"$scratch/nograph.xml"
run 0 diff --format=json --limit 0 why-base.xml "$scratch/nograph.xml" &&
  { python3 - "$out" <<'EOF' || fail "diff, one call graph: figures of unmarked functions"
import json, sys
doc = json.load(open(sys.argv[1]))
assert "no-explanation" in doc
rows = {r.get("name"): r for r in doc["rows"]}
assert "leaf" in rows and "work" not in rows, sorted(rows, key=str)
for name, r in rows.items():
    if name not in (None, "main"):
        assert not [m for m in r["metrics"] if m["metric"] in ("calls", "incl-Ir")], r
EOF
  }

# Neither has one: nothing about explanations.
cd ../diff || exit 99
run 0 diff base.xml head.xml &&
  { ! grep -q '^Why' "$out" || fail "diff without call graphs: a Why line"; }

finish
