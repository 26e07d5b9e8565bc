#!/bin/sh
# The call graph of a --call-graph=yes report on the host side: show
# --callers, --callees and --tree, export to Callgrind's format (read by
# the real callgrind_annotate) and to JSON, merge and diff.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The reports in
# data/graph/ are written by hand; their comments work out every figure
# checked here (graph.xml: main calls work 2x for 606 Ir, fib 1x for 300,
# helper 1x for 60; work calls strlen 4x for 96, helper 1x for 24; fib
# calls itself 4x for 360; total 1,066).  Every output is made twice and
# compared.  The callgrind_annotate part is skipped without it.

. "$(dirname "$0")/lib.sh"
graph=$HG_TEST_DATA/graph/graph.xml
graph_b=$HG_TEST_DATA/graph/graph-b.xml
cycle=$HG_TEST_DATA/graph/cycle.xml
plain=$HG_TEST_DATA/export/report.xml

# has_line LINE WHAT: stdout has LINE, white space runs as one space.
has_line() {
  checks=$((checks + 1))
  tr -s ' ' <"$out" | sed 's/^ //; s/ $//' | grep -qxF -- "$1" ||
    fail "$2: no line '$1'"
}

# twice ARGS...: hotgrind ARGS gives status 0 and the same bytes twice;
# $out holds them.
twice() {
  run 0 "$@" && cp "$out" "$scratch/first" && run 0 "$@" &&
    same "$scratch/first" "$out" "hotgrind $* run twice"
}

for report in "$graph" "$graph_b" "$cycle" "$HG_TEST_DATA/graph/mid-jump.xml"; do
  run 0 validate "$report"
done

# --- show --callees and --callers: the function's line, then its calls,
# biggest first, each with its share of the function's inclusive Ir
# (606 / 1,066 = 56.85%, 300 / 1,066 = 28.14%, 60 / 1,066 = 5.63%).
twice show --callees main "$graph" && {
  has_line '100 0 1,066 (100.00%) 1 1 main prog main.c:20' "--callees main"
  has_line 'Callees of main:' "--callees main"
  has_line '2 606 (56.85%) work prog work.c:10' "--callees main"
  has_line '1 300 (28.14%) fib prog fib.c:3' "--callees main"
  has_line '1 60 (5.63%) helper prog main.c:12' "--callees main"
  checks=$((checks + 1))
  [ "$(tr -s ' ' <"$out" | grep -n ' work prog' | cut -d: -f1)" -lt \
    "$(tr -s ' ' <"$out" | grep -n ' helper prog' | cut -d: -f1)" ] ||
    fail "--callees main: work (606) not before helper (60)"
}
# strlen's 120 Ir: 96 from work (80.00%), 24 from helper (20.00%).
twice show --callers strlen "$graph" && {
  has_line '120 0 120 (11.26%) 5 0 strlen libc.so.6 ???' "--callers strlen"
  has_line '4 96 (80.00%) work prog work.c:10' "--callers strlen"
  has_line '1 24 (20.00%) helper prog main.c:12' "--callers strlen"
}
# OBJ:GLOB as in policies; work's own line has its no-symbol Ir.
twice show --callers 'prog:wo*' "$graph" &&
  has_line '500 10 606 (56.85%) 2 0 work prog work.c:10' "--callers prog:wo*"
run 0 show --callers 'libc.so.*:str*' "$graph" &&
  has_line '4 96 (80.00%) work prog work.c:10' "--callers libc.so.*:str*"
# Entries with no known caller are a row of their own; fib calls itself
# for 360, more than its inclusive 300 (120.00%), as recursion makes it.
run 0 show --callers main "$graph" &&
  has_line '1 - (no known caller)' "--callers main"
run 0 show --callers fib "$graph" && {
  has_line '300 0 300 (28.14%) 5 0 fib (recursive) prog fib.c:3' "--callers fib"
  has_line '4 360 (120.00%) fib prog fib.c:3' "--callers fib"
  has_line '1 300 (100.00%) main prog main.c:20' "--callers fib"
}
# --limit cuts the rows and says so.
run 0 show --callees main --limit 1 "$graph" && {
  has_line '(2 more callees not shown: --limit 0 shows all)' "--limit 1"
  checks=$((checks + 1))
  grep -q 'helper' "$out" && fail "--limit 1: helper shown"
}

# --- show --tree: from main, each call's Ir, share of the total and
# calls; fib's call of itself is a cycle, cut.
cat >"$scratch/tree" <<'EOF'
Call tree from the functions entered with no known caller (depth 8; Ir and calls of each call, share of the total Ir):

   Ir        (%)  calls  function
1,066  (100.00%)      1  main (prog)
  606   (56.85%)      2    work (prog)
   96    (9.01%)      4      strlen (libc.so.6)
  300   (28.14%)      1    fib (prog)
  360   (33.77%)      4      fib (prog)  [cycle]
   60    (5.63%)      1    helper (prog)
   24    (2.25%)      1      strlen (libc.so.6)
EOF
twice show --tree "$graph" && same "$scratch/tree" "$out" "show --tree"
twice show --tree --depth 1 "$graph" && {
  has_line '606 (56.85%) 2 work (prog) [...]' "--tree --depth 1"
  has_line '60 (5.63%) 1 helper (prog) [...]' "--tree --depth 1"
  checks=$((checks + 1))
  grep -q strlen "$out" && fail "--tree --depth 1: strlen shown"
}
# A cycle of three functions: main -> a -> b -> c -> a is cut at a; d,
# called by c, is shown.
twice show --tree "$cycle" && {
  has_line '108 (100.00%) 1 main (cycle)' "--tree cycle.xml"
  has_line '10 (9.26%) 1 a (cycle) [cycle]' "--tree cycle.xml"
  has_line '8 (7.41%) 2 d (cycle)' "--tree cycle.xml"
}

# A tree that would grow past 10,000 rows stops there and says so: root
# calls 200 functions, each calling the same 200 leaves (40,201 rows with
# --limit 0); each leaf runs 1 instruction a call.
awk 'BEGIN {
  print "<hotgrind format=\"1\"><run><tool name=\"hotgrind\" version=\"0.1.0\"/>"
  print "<valgrind version=\"3.19.0\"/><arch>amd64</arch><command><exe>fan</exe>"
  print "</command><options><option name=\"call-graph\" value=\"yes\"/>"
  print "</options></run><totals Ir=\"40201\"/><functions>"
  for (i = 0; i < 200; i++)
    printf "<function name=\"l%03d\" object=\"fan\" file=\"\" line=\"0\" " \
           "calls=\"200\" id=\"%d\"><self Ir=\"200\"/><inclusive " \
           "Ir=\"200\"/></function>\n", i, i + 1
  for (i = 0; i < 200; i++) {
    printf "<function name=\"m%03d\" object=\"fan\" file=\"\" line=\"0\" " \
           "calls=\"1\" id=\"%d\"><self Ir=\"1\"/><inclusive Ir=\"201\"/>" \
           "<callees>", i, i + 201
    for (j = 1; j <= 200; j++)
      printf "<call callee=\"%d\" calls=\"1\" Ir=\"1\"/>", j
    print "</callees></function>"
  }
  printf "<function name=\"root\" object=\"fan\" file=\"\" line=\"0\" " \
         "calls=\"1\" id=\"401\" outside-calls=\"1\"><self Ir=\"1\"/>" \
         "<inclusive Ir=\"40201\"/><callees>"
  for (j = 201; j <= 400; j++)
    printf "<call callee=\"%d\" calls=\"1\" Ir=\"201\"/>", j
  print "</callees></function></functions></hotgrind>"
}' >"$scratch/fan.xml" || exit 99
run 0 validate "$scratch/fan.xml"
twice show --tree --limit 0 "$scratch/fan.xml" && {
  # The title, a blank line, the column titles, 10,000 rows, the note.
  checks=$((checks + 1))
  [ "$(lines "$out")" = 10004 ] || fail "--tree of fan.xml: $(lines "$out") lines"
  has_line '(cut at 10000 rows: a smaller --depth or --limit shows the whole tree)' \
    "--tree of fan.xml"
}
expect_trouble show --tree --depth 1001 "$graph"

# --- refused: a report without a call graph, no match, bad options
for view in '--callers main' '--callees main' --tree; do
  # shellcheck disable=SC2086
  expect_trouble show $view "$plain" &&
    one_line_error "$plain" show $view "$plain" && {
      checks=$((checks + 1))
      grep -q 'has no call graph' "$err" || fail "show $view: $(cat "$err")"
    }
done
expect_trouble show --callers nothing "$graph" &&
  one_line_error "$graph" show --callers nothing "$graph" && {
    checks=$((checks + 1))
    grep -qF "no function matches 'nothing'" "$err" ||
      fail "show --callers nothing: $(cat "$err")"
  }
expect_trouble show --callers main --tree "$graph"
expect_trouble show --depth 3 "$graph"
expect_trouble show --tree --depth x "$graph"

# --- export --format=json: the call graph, field by field
twice export --format=json "$graph" && {
  checks=$((checks + 1))
  /usr/bin/python3 - "$out" <<'EOF' || fail "export --format=json: call graph"
import json, sys
r = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in r["functions"]}
def edges(name):
    return [(c["callee"], c["calls"], c["Ir"]) for c in f[name]["callees"]]
assert [x["id"] for x in r["functions"]] == [1, 2, 3, 4, 5, 6]
assert (f["main"]["calls"], f["main"]["outside-calls"]) == (1, 1)
assert f["main"]["inclusive"] == {"Ir": 1066}
assert edges("main") == [(1, 2, 606), (2, 1, 300), (5, 1, 60)]
assert f["work"]["no-symbol"] == {"Ir": 10}
assert edges("work") == [(3, 4, 96)]
assert f["fib"]["recursive"] is True and f["work"]["recursive"] is False
assert edges("fib") == [(2, 4, 360)]
assert f["strlen"]["callees"] == [] and f["strlen"]["calls"] == 5
assert f["???"]["calls"] == 0 and f["???"]["inclusive"] == {"Ir": 0}
assert f["work"]["mid-jump"] is False
EOF
}

# --- merge: calls summed by (caller, callee); ids renumbered in the
# merged order (graph-b.xml's comment; work 750, fib 300, main 200,
# strlen 192, helper 72, ??? 15).
run 0 merge -o "$scratch/merged.xml" "$graph" "$graph_b" &&
  run 0 merge -o "$scratch/merged2.xml" "$graph" "$graph_b" &&
  same "$scratch/merged.xml" "$scratch/merged2.xml" "merge run twice" && {
  run 0 validate "$scratch/merged.xml"
  checks=$((checks + 1))
  /usr/bin/python3 - "$scratch/merged.xml" <<'EOF' || fail "merge: call graph"
import sys, xml.etree.ElementTree as ET
fs = ET.parse(sys.argv[1]).getroot().find("functions").findall("function")
got = []
for f in fs:
    calls = [(int(c.get("callee")), int(c.get("calls")), int(c.get("Ir")))
             for c in f.iter("call")]
    ns = f.find("no-symbol")
    got.append((f.get("name"), int(f.get("id")), int(f.get("calls")),
                int(f.get("outside-calls", "0")), f.get("recursive"),
                int(f.find("self").get("Ir")),
                int(f.find("inclusive").get("Ir")),
                int(ns.get("Ir")) if ns is not None else 0, calls))
want = [
    ("work", 1, 3, 0, None, 750, 909, 15, [(4, 6, 144)]),
    ("fib", 2, 5, 0, "yes", 300, 300, 0, [(2, 4, 360)]),
    ("main", 3, 2, 2, None, 200, 1529, 0,
     [(1, 3, 909), (2, 1, 300), (5, 2, 120)]),
    ("strlen", 4, 8, 0, None, 192, 192, 0, []),
    ("helper", 5, 2, 0, None, 72, 120, 0, [(4, 2, 48)]),
    ("???", 6, 0, 0, None, 15, 0, 0, []),
]
assert got == want, got
EOF
}
expect_trouble merge -o "$scratch/mixed.xml" "$graph" "$plain" && {
  checks=$((checks + 1))
  grep -q 'call graph' "$err" || fail "merge with a plain report: $(cat "$err")"
  [ -e "$scratch/mixed.xml" ] && fail "merge with a plain report: wrote OUT"
}

# --- diff keeps comparing functions (work: 500 -> 250) and marked ones.
twice diff "$graph" "$graph_b" &&
  has_line 'work prog work.c changed Ir 500 250 -250 -50.00%' "diff"

# --- export --format=callgrind, read by callgrind_annotate
cg=$scratch/graph.cg
twice export --format=callgrind "$graph" && cp "$out" "$cg"
if ! command -v callgrind_annotate >/dev/null 2>&1; then
  finish
  echo "callgrind_annotate not found: its checks skipped"
  exit 77
fi
# Inclusive Ir of each function: the report's (fib's 300 too: callgrind_annotate
# sums a function's incoming calls, and the export gives a call into a
# recursive function only what its outermost entries cost, so fib's four
# calls into itself carry 0, not 360), but that of ???, never entered (0 in
# the report), which it makes its self cost, 10.
checks=$((checks + 1))
callgrind_annotate --inclusive=yes "$cg" >"$scratch/incl" 2>&1 ||
  fail "callgrind_annotate --inclusive=yes failed: $(cat "$scratch/incl")"
for row in '1,066 main.c:main [prog]' '606 work.c:work [prog]' \
           '120 ???:strlen [libc.so.6]' '60 main.c:helper [prog]' \
           '300 fib.c:fib [prog]' '10 ???:??? [???] [???]'; do
  checks=$((checks + 1))
  sed 's/ *([^)]*%) */ /; s/^ *//' "$scratch/incl" | grep -qxF -- "$row" ||
    fail "callgrind_annotate --inclusive=yes: no row '$row'"
done
# Its call tree: every edge of the report, with its calls and Ir.
checks=$((checks + 1))
callgrind_annotate --tree=caller "$cg" >"$scratch/tree-cg" 2>&1 ||
  fail "callgrind_annotate --tree=caller failed"
# "  606 (56.85%)  < main.c:main (2x) [prog]" then "*  work.c:work": the
# caller, calls and Ir of each edge into the function below.
# A 0 row has no percentage.
sed -nE 's/^ *([0-9,]+) +(\([^)]*\) +)?< (.*) (\([0-9]+x\)) \[.*$/<|\3 \4 \1/p
         s/^.*\*  (.*) \[.*$/*|\1/p' "$scratch/tree-cg" |
  awk -F'|' '$1 == "<" { edges[++n] = $2; next }
             { for (i = 1; i <= n; i++) print edges[i] " -> " $2; n = 0 }' |
  sort >"$scratch/edges"
sort >"$scratch/edges-want" <<'EOF'
main.c:(no known caller of main) (1x) 1,066 -> main.c:main
main.c:main (2x) 606 -> work.c:work
main.c:main (1x) 300 -> fib.c:fib
main.c:main (1x) 60 -> main.c:helper
work.c:work (4x) 96 -> ???:strlen
main.c:helper (1x) 24 -> ???:strlen
fib.c:fib (4x) 0 -> fib.c:fib
EOF
same "$scratch/edges-want" "$scratch/edges" "callgrind_annotate --tree=caller edges"

finish
