#!/bin/sh
# hotgrind regression tests: `hotgrind diff` explains why a function's
# incl-Ir changed, on two real runs with --call-graph=yes.
# GPL-2.0-or-later
#
# diff_why N: work calls crunch(N) (N iterations) and light() once; base
# runs N=100, head N=1000, so work's incl-Ir grows by crunch's edge.  work
# is marked, so diff shows it as a changed row (incl-Ir).  The figures are
# read from the reports with ElementTree, never from diff's output, which
# is then checked against them: crunch is the callee named first, each
# part's delta is the reports', and the parts add up to the change of
# work's incl-Ir (the identity holds: work is not recursive, not
# mid-jump).  The output is the same bytes when made twice.
#
# Why this test and cli/tests/diff-why.sh both exist: this one checks
# that on two real runs under the tool the explanation's parts are the
# reports' own figures and add up to the change of incl-Ir; diff-why.sh
# checks the explanation's exact wording and order (the five callees of
# most change, the rest summed, added and removed callees, no-symbol Ir)
# on hand-written reports, with no Valgrind. Neither covers the other.
. "${srcdir:-.}/lib.sh"

HOTGRIND_CLI="$top_builddir/cli/hotgrind"
test -x "$HOTGRIND_CLI" || hard_error "no cli at $HOTGRIND_CLI (run make first)"

hg base.xml --call-graph=yes --mark=work -- ../diff_why 100
hg head.xml --call-graph=yes --mark=work -- ../diff_why 1000

for f in text json; do
   "$HOTGRIND_CLI" diff --format=$f --limit 0 base.xml head.xml \
      >why.$f 2>why.$f.stderr || fail "hotgrind diff --format=$f failed"
   "$HOTGRIND_CLI" diff --format=$f --limit 0 base.xml head.xml \
      >why2.$f 2>/dev/null || fail "hotgrind diff --format=$f failed twice"
   cmp -s why.$f why2.$f || fail "diff --format=$f: two runs differ"
done

"$PYTHON3" - base.xml head.xml why.json why.text <<'EOF' || fail "the explanation of work's incl-Ir"
import json, sys
import xml.etree.ElementTree as ET

def work_of(path):
    fns = ET.parse(path).getroot().find("functions")
    by_id = {f.get("id"): f for f in fns}
    work = [f for f in fns if f.get("name") == "work"]
    assert len(work) == 1, path + ": not one work"
    w = work[0]
    nosym = w.find("no-symbol")
    edges = {}
    callees = w.find("callees")
    for c in (callees if callees is not None else []):
        edges[by_id[c.get("callee")].get("name")] = int(c.get("Ir"))
    return {"incl": int(w.find("inclusive").get("Ir")),
            "self": int(w.find("self").get("Ir")),
            "nosym": int(nosym.get("Ir")) if nosym is not None else 0,
            "edges": edges,
            "plain": w.get("recursive") is None and w.get("mid-jump") is None}

base, head = work_of(sys.argv[1]), work_of(sys.argv[2])
assert base["plain"] and head["plain"], "work is recursive or mid-jump"
names = set(base["edges"]) | set(head["edges"])
delta = {n: head["edges"].get(n, 0) - base["edges"].get(n, 0) for n in names}
incl = head["incl"] - base["incl"]
parts = (head["self"] - base["self"]) + (head["nosym"] - base["nosym"]) \
        + sum(delta.values())
# The reports' own identity, so the check below means something.
assert parts == incl, "reports: parts %d, incl %d" % (parts, incl)
assert incl > 0 and max(delta, key=lambda n: abs(delta[n])) == "crunch"

doc = json.load(open(sys.argv[3]))
row = [r for r in doc["rows"] if r.get("name") == "work"]
assert len(row) == 1, "work is not a row of diff"
why = row[0]["explained-by"]
assert why["adds-up"] is True and why["caveat"] is None
assert why["incl-Ir"]["delta"] == incl
assert why["self"]["delta"] == head["self"] - base["self"]
assert why["no-symbol"]["delta"] == head["nosym"] - base["nosym"]
assert why["callees"][0]["name"] == "crunch", why["callees"]
for c in why["callees"]:
    assert c["delta"] == delta[c["name"]], c
shown = sum(c["delta"] for c in why["callees"])
assert why["self"]["delta"] + why["no-symbol"]["delta"] + shown \
    + why["other-callees"]["delta"] == incl

text = open(sys.argv[4]).read()
section = text[text.index("\nWhy incl-Ir changed"):]
lines = section.splitlines()
start = [i for i, l in enumerate(lines) if l.startswith("work ")][0]
assert lines[start + 3].split()[0] == "crunch", lines[start:start + 5]
assert all(len(l) <= 120 for l in text.splitlines())
print("work: incl-Ir %+d = self %+d + no-symbol %+d + callees %s"
      % (incl, head["self"] - base["self"], head["nosym"] - base["nosym"],
         ", ".join("%s %+d" % (n, delta[n]) for n in sorted(delta))))
EOF
pass "diff explains work's incl-Ir by crunch; the parts add up"

# The chain main -> parse -> lex -> ht_loop_n: ht_loop_n(N) is 2N + 2 Ir
# (hand.h), so from N = 100 to 1000 it grows by 2 * 900 = 1,800, in one
# call each time; lex and parse run the same instructions whatever N (a
# call, a volatile increment), so their self Ir does not change and their
# incl-Ir grows by 1,800 each.  diff shows them as rows all the same and
# explains each by the next edge down: lex by ht_loop_n +1,800, parse by
# lex +1,800, main by parse +1,800 (and work's change, read from the
# reports).  ht_loop_n's own row shows Ir only: its incl-Ir moved as its
# Ir did.
"$PYTHON3" - base.xml head.xml why.json why.text <<'EOF' || fail "the chain main -> parse -> lex"
import json, sys
import xml.etree.ElementTree as ET

def incl(path, name):
    f = [f for f in ET.parse(path).getroot().find("functions")
         if f.get("name") == name]
    assert len(f) == 1, path + ": not one " + name
    return int(f[0].find("inclusive").get("Ir"))

grow = 2 * (1000 - 100)
rows = {r.get("name"): r for r in json.load(open(sys.argv[3]))["rows"]}
def delta(row, metric):
    d = [v["delta"] for v in rows[row]["metrics"] if v["metric"] == metric]
    assert len(d) == 1, (row, metric)
    return d[0]

assert delta("ht_loop_n", "Ir") == grow and delta("ht_loop_n", "calls") == 0
for name, callee in (("lex", "ht_loop_n"), ("parse", "lex")):
    assert delta(name, "Ir") == 0 and delta(name, "incl-Ir") == grow, name
    why = rows[name]["explained-by"]
    assert why["adds-up"] and why["incl-Ir"]["delta"] == grow, name
    assert why["self"]["delta"] == 0, name
    first = why["callees"][0]
    assert (first["name"], first["delta"], first["base-calls"],
            first["head-calls"]) == (callee, grow, 1, 1), (name, first)
    assert all(c["delta"] == 0 for c in why["callees"][1:]), name
work = incl(sys.argv[2], "work") - incl(sys.argv[1], "work")
why = rows["main"]["explained-by"]
edges = {c["name"]: c["delta"] for c in why["callees"]}
assert edges.get("parse") == grow and edges.get("work") == work, edges
assert why["incl-Ir"]["delta"] == delta("main", "incl-Ir")

# The text table: lex and parse have one line each, incl-Ir +1,800;
# ht_loop_n has no incl-Ir line.
text = open(sys.argv[4]).read()
table = text[:text.index("\nWhy incl-Ir changed")].splitlines()
for name in ("lex", "parse"):
    line = [l.split() for l in table if l.startswith(name + " ")]
    # name object file status metric base head delta change
    assert len(line) == 1 and line[0][4] == "incl-Ir" \
        and line[0][7] == "+1,800", (name, line)
at = [i for i, l in enumerate(table) if l.startswith("ht_loop_n ")][0]
assert "incl-Ir" not in " ".join(table[at:at + 3]), table[at:at + 3]
print("lex, parse: incl-Ir %+d by the edge below; main: parse %+d, work %+d"
      % (grow, grow, work))
EOF
pass "diff shows lex, parse and main for their incl-Ir and explains each by the edge below"
