#!/bin/sh
# hotgrind check on reports with a call graph: budgets on caller -> callee
# edges, thresholds that judge every edge, budgets on calling contexts,
# and what becomes of them on a report without a call graph or contexts.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.
# The policies are in tests/data/check-graph; the reports are
# tests/data/graph/why-base.xml and why-head.xml, whose comments give every
# figure, so the verdicts below are worked out by hand:
#   base: main calls work (600 Ir), c1 10, c2 20, c3 30, c4 40, old 50,
#         rec 60 once each; work calls leaf 4 times (200); rec -> rec 2
#         calls (40); main (marked) incl-Ir 910.
#   head: work -> leaf 8 calls (600), so main -> work 1,000; c2 25, c3 33,
#         c4 41; old gone, new 70; main -> rec 90, rec -> rec 3 calls
#         (60); main incl-Ir 1,374.
# JSON: tests/json-schemas.sh.
#
# Why this test and regtest/check_graph.sh both exist: this one checks
# every kind of call-graph budget and threshold, and what becomes of
# them on reports without a call graph or contexts, on hand-written
# reports whose verdicts are worked out by hand, with no Valgrind;
# check_graph.sh checks budgets and thresholds on the edges of two real
# runs under the tool, whose figures come from the program's hand-
# counted source. Neither covers the other.

. "$(dirname "$0")/lib.sh"
expected=$scratch/expected
cd "$HG_TEST_DATA/check-graph" || exit 99

# verdicts STATUS ARGS...: hotgrind check ARGS exits STATUS, twice the same
# bytes; the verdict lines (after the "Budgets"/"Thresholds" title, up to
# the blank line) and the result line into $scratch/verdicts.
verdicts() {
  want=$1; shift
  run "$want" check "$@" || return
  cp "$out" "$scratch/first"
  run "$want" check "$@" || return
  same "$scratch/first" "$out" "a second run of check $*"
  sed -n '/^\(Budgets\|Thresholds\)/,/^$/{/^\(Budgets\|Thresholds\)/d;/^$/d;p};/^Result/p' \
    "$out" >"$scratch/verdicts"
}

# --- budgets on edges (edges.xml on why-head.xml): work -> leaf has 8
# calls; main's edges to c1-c4 (in the order of the callees' ids) carry
# 10, 25, 33, 41 against at most 30; rec -> rec 3 calls, at least 4
# wanted; main -> old is gone (optional: skip; else: FAIL); the report
# has no cache figures; work, not marked, has calls 1 and incl-Ir 1,000
# all the same, as every function of a call graph.
cat >"$expected" <<'EXPECTED'
pass    edges.xml:5  calls of work (prog) -> leaf (prog): 8, want exactly 8
pass    edges.xml:6  incl-Ir of main (prog) -> c1 (prog): 10, want at most 30
pass    edges.xml:6  incl-Ir of main (prog) -> c2 (prog): 25, want at most 30
FAIL    edges.xml:6  incl-Ir of main (prog) -> c3 (prog): 33, want at most 30
FAIL    edges.xml:6  incl-Ir of main (prog) -> c4 (prog): 41, want at most 30
FAIL    edges.xml:7  calls of rec (prog) -> rec (prog): 3, want at least 4
skip    edges.xml:8  calls of edge 'main -> old': matched no edge (optional), want at most 0
FAIL    edges.xml:9  calls of edge 'main -> prog:old': matched no edge, want at most 0
FAIL    edges.xml:10  incl-D1mr of edge '* -> *': the report has no incl-D1mr figure, want at most 0
pass    edges.xml:11  calls of work (prog): 1, want exactly 1
FAIL    edges.xml:12  incl-Ir of work (prog): 1,000, want at most 999
Result: FAIL (budgets: 4 kept, 6 broken, 1 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: not applied without BASE)
EXPECTED
verdicts 1 --policy edges.xml ../graph/why-head.xml &&
  same "$expected" "$scratch/verdicts" "check, budgets on edges"

# On a report without a call graph, each edge budget judges nothing and
# says why (a failure, or skip when optional), as a budget on a figure
# the report lacks does; the function budgets find no work.
verdicts 1 --policy edges.xml ../check/head.xml &&
  { [ "$(grep -c "^FAIL    edges.xml:[0-9]*  .* of edge '.*': the report has no call graph (--call-graph=yes), want" "$scratch/verdicts")" = 5 ] &&
    grep -qx "skip    edges.xml:8  calls of edge 'main -> old': the report has no call graph (--call-graph=yes) (optional), want at most 0" "$scratch/verdicts" ||
    fail "check, edge budgets without a call graph"; }

# --- thresholds (thresholds.xml: calls and incl-Ir, 5%, floor 0.1% of
# 910 and 1,374 Ir, which every edge clears).  Edges: work -> leaf calls
# 4 -> 8 (+100%), rec -> rec 2 -> 3 (+50%); incl-Ir main -> work 600 ->
# 1,000 (+66.67%), work -> leaf 200 -> 600 (+200%), main -> rec 60 -> 90
# (+50%), rec -> rec 40 -> 60 (+50%), main -> c2 20 -> 25 (+25%), main ->
# c3 30 -> 33 (+10%) regress; main -> c4 40 -> 41 (+2.5%) is within;
# main -> c1 did not change; main -> new and main -> old are in one
# report each (notes, calls and incl-Ir).  Rows: main (marked) incl-Ir
# 910 -> 1,374 (+50.99%, 464/910); the functions that are not marked are
# judged on their edges, not by their own calls and incl-Ir.  Order:
# regressions, notes; calls before incl-Ir; larger change first; ties by
# name.  9 regressed, 4 noted, 1 within; c1 the one row unchanged.
cat >"$expected" <<'EXPECTED'
FAIL    thresholds.xml:4  calls of work (prog) -> leaf (prog): 4 -> 8, +4 (+100.00%), more than +5.00%
FAIL    thresholds.xml:4  calls of rec (prog) -> rec (prog): 2 -> 3, +1 (+50.00%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of main (prog): 910 -> 1,374, +464 (+50.99%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of main (prog) -> work (prog): 600 -> 1,000, +400 (+66.67%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of work (prog) -> leaf (prog): 200 -> 600, +400 (+200.00%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of main (prog) -> rec (prog): 60 -> 90, +30 (+50.00%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of rec (prog) -> rec (prog): 40 -> 60, +20 (+50.00%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of main (prog) -> c2 (prog): 20 -> 25, +5 (+25.00%), more than +5.00%
FAIL    thresholds.xml:5  incl-Ir of main (prog) -> c3 (prog): 30 -> 33, +3 (+10.00%), more than +5.00%
note    thresholds.xml:4  calls of main (prog) -> new (prog): only in head: 1
note    thresholds.xml:4  calls of main (prog) -> old (prog): only in base: 1
note    thresholds.xml:5  incl-Ir of main (prog) -> new (prog): only in head: 70
note    thresholds.xml:5  incl-Ir of main (prog) -> old (prog): only in base: 50
Result: FAIL (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: 9 regressed, 0 improved, 4 noted, 1 within, 0 under the floor; 1 rows unchanged)
EXPECTED
verdicts 1 --policy thresholds.xml ../graph/why-base.xml ../graph/why-head.xml &&
  same "$expected" "$scratch/verdicts" "check, thresholds on edges"

# edges="no": main's row alone.
cat >"$expected" <<'EXPECTED'
FAIL    no-edges.xml:5  incl-Ir of main (prog): 910 -> 1,374, +464 (+50.99%), more than +5.00%
Result: FAIL (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: 1 regressed, 0 improved, 0 noted, 0 within, 0 under the floor; 1 rows unchanged)
EXPECTED
verdicts 1 --policy no-edges.xml ../graph/why-base.xml ../graph/why-head.xml &&
  same "$expected" "$scratch/verdicts" "check, thresholds with edges=\"no\""

# One report with a call graph: a note says the edges were not judged
# (the rows of the two programs are in one report each: notes, a pass).
run 0 check --policy thresholds.xml ../check/base.xml ../graph/why-head.xml &&
  { grep -qx 'note: thresholds on edges not applied: the base report has no call graph (--call-graph=yes)' "$out" &&
    ! grep -q ' -> ' "$out" || fail "check, base without a call graph: no note"; }

# --- the other formats name the edge "caller -> callee" too: markdown
# (a code span, where '>' is itself), JUnit (escaped), JSON (caller and
# callee).
run 1 check --format=markdown --policy thresholds.xml ../graph/why-base.xml ../graph/why-head.xml &&
  { grep -qxF '| **FAIL** | `thresholds.xml:5` | `work (prog) -> leaf (prog)` | incl-Ir | 200 | 600 | +400 (+200.00%) | more than +5.00% |' "$out" ||
    fail "check --format=markdown: the edge work -> leaf"; }
run 1 check --format=junit --policy thresholds.xml ../graph/why-base.xml ../graph/why-head.xml &&
  { grep -qF '<testcase classname="hotgrind.check.thresholds" name="incl-Ir of work (prog) -&gt; leaf (prog)">' "$out" ||
    fail "check --format=junit: the edge work -> leaf"; }
run 1 check --format=json --policy thresholds.xml ../graph/why-base.xml ../graph/why-head.xml &&
  { grep -qF '"row": "work (prog) -> leaf (prog)", "caller": "work (prog)", "callee": "leaf (prog)", "change": "change", "base": 200, "head": 600, "delta": 400, "percent": 200.00' "$out" ||
    fail "check --format=json: the edge work -> leaf"; }

# --- budgets on calling contexts (contexts.xml on ../contexts/contexts.xml,
# whose comment lists its 8 contexts: main 1 call, self 100, incl 1,066;
# main;work 2, 510, 606; main;work;strlen 4, 96, 96; main;fib 1, 60, 300;
# main;fib;fib 2, 120, 240; main;fib;fib;fib 2, 120, 120; main;helper 1,
# 36, 60; main;helper;strlen 1, 24, 24).  Each budget judges the sum over
# the contexts its stack matches, root first, "**" any number of frames:
#   main;work;strlen calls 4; **;strlen incl-Ir 96 + 24 = 120;
#   main;fib;** matches the three fib contexts: incl-Ir 300 once (the two
#   inner ones are inside it), Ir 60 + 120 + 120 = 300, calls 1 + 2 + 2 =
#   5; **;fib;fib matches the inner two: Ir 240, incl-Ir 240 (the inner
#   one is inside the other); main;h* is helper, 60 > 50; ** is all 8,
#   self 1,066 = the total (nothing outside); nosuch;** none (FAIL), the
#   optional one none (strlen is one object's, its frame "strlen"), and no
#   cache figures.
cat >"$expected" <<'EXPECTED'
pass    contexts.xml:5  calls of stack 'main;work;strlen' (1 context): 4, want exactly 4
pass    contexts.xml:6  incl-Ir of stack '**;strlen' (2 contexts): 120, want exactly 120
pass    contexts.xml:7  incl-Ir of stack 'main;fib;**' (3 contexts): 300, want exactly 300
pass    contexts.xml:8  Ir of stack 'main;fib;**' (3 contexts): 300, want exactly 300
pass    contexts.xml:9  calls of stack 'main;fib;**' (3 contexts): 5, want exactly 5
pass    contexts.xml:10  Ir of stack '**;fib;fib' (2 contexts): 240, want exactly 240
pass    contexts.xml:11  incl-Ir of stack '**;fib;fib' (2 contexts): 240, want exactly 240
FAIL    contexts.xml:12  incl-Ir of stack 'main;h*' (1 context): 60, want at most 50
pass    contexts.xml:13  Ir of stack '**' (8 contexts): 1,066, want exactly 1,066
FAIL    contexts.xml:14  Ir of stack 'nosuch;**': matched no context, want at most 1
skip    contexts.xml:15  calls of stack 'main;**;strlen [libc.so.6]': matched no context (optional), want at most 1
FAIL    contexts.xml:16  D1mr of stack 'main;work': the report has no D1mr figure, want at most 1
Result: FAIL (budgets: 8 kept, 3 broken, 1 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: not applied without BASE)
EXPECTED
verdicts 1 --policy contexts.xml ../contexts/contexts.xml &&
  same "$expected" "$scratch/verdicts" "check, budgets on contexts"

# A report with a call graph but no contexts: each judges nothing.
verdicts 1 --policy contexts.xml ../graph/why-head.xml &&
  { [ "$(grep -c "^FAIL    contexts.xml:[0-9]*  .* of stack '.*': the report has no calling contexts (--call-graph=yes, --max-contexts not 0), want" "$scratch/verdicts")" = 11 ] ||
    fail "check, context budgets without contexts"; }

# --- policies the reader refuses, with their line.
expect_bad() {
  run 2 check --policy "bad/$1" ../graph/why-head.xml || return
  [ "$(cat "$err")" = "hotgrind: bad/$1: $2" ] ||
    fail "check --policy bad/$1: stderr is not 'hotgrind: bad/$1: $2'"
  [ ! -s "$out" ] || fail "check --policy bad/$1: wrote to stdout"
}
expect_bad edge-self-metric.xml "line 4: <edge> cannot have metric Ir: an edge has calls and the incl- figures of its calls (incl-Ir, incl-D1mr, incl-cycles, incl-allocs, ...), no self or per-call ones"
expect_bad edge-per-call-metric.xml "line 4: <edge> cannot have metric p95: an edge has calls and the incl- figures of its calls (incl-Ir, incl-D1mr, incl-cycles, incl-allocs, ...), no self or per-call ones"
expect_bad edge-empty-object.xml "line 4: <edge> callee=\":parse\": OBJ:PATTERN needs both an object and a pattern"
expect_bad edge-no-callee.xml "line 4: Element 'edge': The attribute 'callee' is required but missing."
expect_bad context-empty-frame.xml "line 4: <context> stack=\"main;;lex\": an empty frame (frames are separated by single ';')"
expect_bad context-per-call-metric.xml "line 4: <context> cannot have metric mean: a context has calls, self figures (Ir, cache, heap) and incl- figures, no per-call or run ones"

finish
