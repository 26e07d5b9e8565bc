#!/usr/bin/env python3
"""A generated history with call graphs, for the blame and show tests:
suite runs of benchmark gamma (reports of --call-graph=yes) and of plain
(no call graph, never changing), for 8
commits of main, and the plan OUT/plan as history_gen.py writes it ("SHA
PARENT BRANCH TIME DIR" a line, in recording order).

The program: main calls work and helper; work calls leaf_a, a function
with a hostile name (HOSTILE: a tab, CR, LF, DEL and a non-ASCII letter),
memcpy and, from commit 8, newf; helper calls leaf_a.  The changes, at
known commits (graph() has the figures):
  3: leaf_a costs 15 a call instead of 10 (its self Ir, both edges to it,
     the inclusive Ir of work, helper and main move);
  4: helper's own Ir 50 -> 60 (no edge moves);
  5: work calls leaf_a 8 times instead of 4 and HOSTILE 2 times instead
     of 6: one callee up, another down, in one commit;
  7: gamma fails (no report);
  8: work calls newf (a callee added; compared with commit 6).

Usage: history_graph_gen.py OUT.  GPL-2.0-or-later; part of hotgrind."""
import hashlib, os, sys
from xml.sax.saxutils import quoteattr

import history_files

HOSTILE = "leaf\tb\r\n\x7f\u00e9"

def sha(name):
    return hashlib.sha1(name.encode()).hexdigest()

def graph(k):
    """{name: (object, file, self, no_symbol, outside, {callee: (calls,
    Ir of one call)})} at commit K; inclusive Ir and calls follow."""
    a = 10 if k < 3 else 15
    n_a, n_b = (4, 6) if k < 5 else (8, 2)
    work_calls = {"leaf_a": (n_a, a), HOSTILE: (n_b, 20), "memcpy": (1, 30)}
    if k >= 8:
        work_calls["newf"] = (3, 7)
    return {
        "main": ("gamma", "main.c", 100, 0, 1, {"work": (1, None),
                                                "helper": (1, None)}),
        "work": ("gamma", "work.c", 200, 5, 0, work_calls),
        "helper": ("gamma", "main.c", 50 if k < 4 else 60, 0, 0,
                   {"leaf_a": (2, a)}),
        "leaf_a": ("gamma", "leaf.c", a * (n_a + 2), 0, 0, {}),
        HOSTILE: ("gamma", "leaf.c", 20 * n_b, 0, 0, {}),
        "memcpy": ("libc.so.6", "", 30, 0, 0, {}),
        "newf": ("gamma", "leaf.c", 21, 0, 0, {}) if k >= 8 else None,
        "???": ("???", "", 5, 0, 0, {}),
    }

def report(k):
    g = {n: v for n, v in graph(k).items() if v is not None}
    inclusive = {}
    def incl(name):
        if name not in inclusive:
            obj, src, own, nosym, outside, callees = g[name]
            total = own + nosym
            for callee, (calls, each) in callees.items():
                total += calls * each if each is not None else incl(callee)
            inclusive[name] = total if name != "???" else 0
        return inclusive[name]
    calls = {n: g[n][4] for n in g}
    for name in g:
        for callee, (n, _) in g[name][5].items():
            calls[callee] += n
    order = sorted(g, key=lambda n: (-g[n][2], n))
    ids = {n: i + 1 for i, n in enumerate(order)}
    rows = []
    for name in order:
        obj, src, own, nosym, outside, callees = g[name]
        edges = "".join(
            '<call callee="%d" calls="%d" Ir="%d"/>'
            % (ids[c], n, n * each if each is not None else incl(c))
            for c, (n, each) in sorted(callees.items(),
                                       key=lambda e: ids[e[0]]))
        rows.append(
            '<function name=%s object="%s" file="%s" line="1" calls="%d"'
            ' id="%d"%s><self Ir="%d"/><inclusive Ir="%d"/>%s%s</function>'
            % (quoteattr(name, {"\t": "&#9;", "\r": "&#13;", "\n": "&#10;"}),
               obj, src, calls[name], ids[name],
               ' outside-calls="%d"' % outside if outside else "", own,
               incl(name), '<no-symbol Ir="%d"/>' % nosym if nosym else "",
               "<callees>%s</callees>" % edges if edges else ""))
    return history_files.report("./gamma", sum(v[2] for v in g.values()),
                                "".join(rows), [("call-graph", "yes")])

# A second benchmark without a call graph, the same at every commit, so
# that the suite run of commit 7 still says the architecture.
PLAIN = history_files.report(
    "./plain", 500, '<function name="main" object="plain" file="plain.c"'
    ' line="1"><self Ir="500"/></function>')

def suite_run(path, k):
    history_files.write_suite_run(path, "g", [
        ("gamma", None if k == 7 else report(k)), ("plain", PLAIN)])

out = sys.argv[1]
parent = None
with open(os.path.join(out, "plan"), "w") as plan:
    for k in range(1, 9):
        name = "graph-%02d" % k
        suite_run(os.path.join(out, name), k)
        plan.write("%s %s main 2026-03-%02dT09:00:00Z %s\n"
                   % (sha(name), parent or "-", k, name))
        parent = sha(name)
