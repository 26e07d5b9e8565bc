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
