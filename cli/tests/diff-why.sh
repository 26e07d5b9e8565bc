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
#   explained again.  JSON: tests/json-schemas.sh.  A mid-jump function:
#   below.

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
EXPECTED
explanation markdown && same "$expected" "$scratch/why" "diff, markdown explanation"

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

# Neither has one: nothing about explanations.
cd ../diff || exit 99
run 0 diff base.xml head.xml &&
  { ! grep -q '^Why' "$out" || fail "diff without call graphs: a Why line"; }

finish
