#!/usr/bin/env python3
"""The call graph of a hotgrind report made with --call-graph=yes: its
own identities, and its edges' call counts against Callgrind's calls=
lines of the same run.

Functions are keyed by (object basename, name) on both sides, summing a
report's functions of one name and object (static functions of one name
in two files; Callgrind's fn= names them alike).  Callgrind's calls=
lines (cgr_inclusive.py reads them) give, per (caller, callee), how many
times the callee was called or jumped into from the caller.

What is not compared, each for a stated reason:
  - edges from or to code without a symbol: Callgrind names it by its
    address ("0x...", object "???" when unmapped); hotgrind gives it no
    activation (docs/report-format.md, "The call graph"), so a call
    through a PLT stub or stripped code is an edge of the functions on
    either side of it.  Callgrind's own --skip-plt=yes does the same for
    PLT sections; for other no-symbol code, the callees it called in
    Callgrind are compared by their totals only (the calls into them
    from every caller), which must still be equal;
  - functions named in --exclude-callee (a NAME or OBJECT:NAME, with the
    reason the calling test gives, printed).

Usage:
  cgr_edges.py check REPORT.xml
      the report's identities: ids 1..N in order, every callee an id,
      calls = outside-calls + the calls of the edges into it, and, for a
      function neither recursive, nor mid-jump, nor on a cycle of edges,
      inclusive Ir = self Ir + no-symbol Ir + its edges' Ir.  Exit 1 on a violation.
  cgr_edges.py compare REPORT.xml CALLGRIND.OUT [--exclude-callee=NAME]...
      every edge's calls equal on both sides (above).  Exit 1 on a
      difference, or if nothing was compared.
  cgr_edges.py inclusive REPORT.xml CALLGRIND.OUT CACHEGRIND.OUT
      every function with calls > 0 and a symbol, in no cycle of
      Callgrind's call graph (its summed inclusive counts nested calls
      again) and under which Callgrind counts every instruction
      Cachegrind counts (cgr_inclusive.py says why): its inclusive Ir
      equals Callgrind's.  The report must come from a run with
      --vex-guest-chase=no, which Callgrind forces (docs/manual.md,
      "Where Callgrind counts fewer").
  cgr_edges.py edges REPORT.xml
      one line per edge: caller, callee, calls, Ir (for hand checks)."""
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cgr_inclusive import Callgrind, miscounted  # noqa: E402


class Graph:
    """A report's call graph, by id and by (object, name)."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.fns = []          # index id-1: dict of the function's figures
        self.problems = []
        for i, f in enumerate(root.find("functions").findall("function")):
            if f.get("id") is None:
                raise SystemExit(f"{path}: not a --call-graph=yes report "
                                 "(a <function> has no id)")
            if int(f.get("id")) != i + 1:
                self.problems.append(f"function {f.get('name')}: id "
                                     f"{f.get('id')}, expected {i + 1}")
            incl = f.find("inclusive")
            nosym = f.find("no-symbol")
            calls = []
            callees = f.find("callees")
            last = 0
            for c in callees.findall("call") if callees is not None else []:
                callee = int(c.get("callee"))
                if callee <= last:
                    self.problems.append(f"function {f.get('name')}: callee "
                                         f"{callee} after {last}")
                last = callee
                calls.append((callee, int(c.get("calls")), int(c.get("Ir"))))
            self.fns.append({
                "key": (f.get("object"), f.get("name")),
                "name": f.get("name"),
                "calls": int(f.get("calls")),
                "outside": int(f.get("outside-calls", "0")),
                "recursive": f.get("recursive") == "yes",
                "mid_jump": f.get("mid-jump") == "yes",
                "self": int(f.find("self").get("Ir")),
                "incl": int(incl.get("Ir")),
                "nosym": int(nosym.get("Ir")) if nosym is not None else 0,
                "callees": calls,
            })
        for f in self.fns:
            for callee, _, _ in f["callees"]:
                if not 1 <= callee <= len(self.fns):
                    self.problems.append(f"function {f['name']}: callee "
                                         f"{callee} is no function's id")

    def edges_by_key(self):
        out = defaultdict(int)
        for f in self.fns:
            for callee, calls, _ in f["callees"]:
                if 1 <= callee <= len(self.fns):
                    out[(f["key"], self.fns[callee - 1]["key"])] += calls
        return out

    def on_cycles(self):
        """Ids on a cycle of edges (Kosaraju's strongly connected
        components, without recursion: call graphs can be deep)."""
        n = len(self.fns)
        succ = {i: [c for c, _, _ in self.fns[i - 1]["callees"]
                    if 1 <= c <= n] for i in range(1, n + 1)}
        pred = defaultdict(list)
        for v, ws in succ.items():
            for w in ws:
                pred[w].append(v)
        seen, order = set(), []
        for root in succ:
            if root in seen:
                continue
            seen.add(root)
            work = [(root, iter(succ[root]))]
            while work:
                v, it = work[-1]
                w = next(it, None)
                if w is None:
                    work.pop()
                    order.append(v)
                elif w not in seen:
                    seen.add(w)
                    work.append((w, iter(succ[w])))
        comp, out = {}, set()
        for root in reversed(order):
            if root in comp:
                continue
            members, todo = [], [root]
            comp[root] = root
            while todo:
                v = todo.pop()
                members.append(v)
                for w in pred[v]:
                    if w not in comp:
                        comp[w] = root
                        todo.append(w)
            if len(members) > 1 or root in succ[root]:
                out.update(members)
        return out

    def check(self):
        problems = list(self.problems)
        into = defaultdict(int)
        for f in self.fns:
            for callee, calls, _ in f["callees"]:
                into[callee] += calls
        cyc = self.on_cycles()
        exact = 0
        for i, f in enumerate(self.fns, 1):
            if f["calls"] != f["outside"] + into[i]:
                problems.append(f"{f['name']} ({f['key'][0]}): calls "
                                f"{f['calls']} != outside-calls "
                                f"{f['outside']} + edges into it {into[i]}")
            if f["recursive"] or f["mid_jump"] or i in cyc:
                continue
            parts = f["self"] + f["nosym"] + sum(ir for _, _, ir
                                                 in f["callees"])
            if f["calls"] > 0:
                exact += 1
                if f["incl"] != parts:
                    problems.append(f"{f['name']} ({f['key'][0]}): "
                                    f"inclusive Ir {f['incl']} != self + "
                                    f"no-symbol + callees {parts}")
        return problems, exact


def no_symbol(key):
    return key[0] == "???" or key[1] == "???" or key[1].startswith("0x")


def excluded(key, excl):
    return key[1] in excl or f"{key[0]}:{key[1]}" in excl


def compare(report, cgr_out, excl):
    g = Graph(report)
    cg = Callgrind(cgr_out)
    ours = g.edges_by_key()
    theirs = defaultdict(int)
    # Callees that Callgrind shows called from no-symbol code: hotgrind
    # gives those calls to the function that ran the no-symbol code, so
    # only the callee's total is compared.
    totals_only = set()
    for (caller, callee), calls in cg.edge_calls.items():
        if no_symbol(callee):
            continue
        if no_symbol(caller):
            totals_only.add(callee)
            continue
        theirs[(caller, callee)] += calls
    bad = compared = 0
    for key in sorted(set(ours) | set(theirs), key=str):
        caller, callee = key
        if no_symbol(caller) or no_symbol(callee):
            continue
        if excluded(callee, excl) or excluded(caller, excl):
            continue
        if callee in totals_only:
            continue
        a, b = ours.get(key, 0), theirs.get(key, 0)
        compared += 1
        if a != b:
            bad += 1
            print(f"{caller[1]} ({caller[0]}) -> {callee[1]} ({callee[0]}): "
                  f"hotgrind {a} calls, Callgrind {b}")
    into_ours, into_theirs = defaultdict(int), defaultdict(int)
    for (caller, callee), calls in ours.items():
        into_ours[callee] += calls
    for f in g.fns:                     # no-symbol callers have no activation
        into_ours[f["key"]] += f["outside"]
    for (caller, callee), calls in cg.edge_calls.items():
        into_theirs[callee] += calls
    for callee in sorted(totals_only, key=str):
        if excluded(callee, excl):
            continue
        compared += 1
        a, b = into_ours[callee], into_theirs[callee]
        if a != b:
            bad += 1
            print(f"-> {callee[1]} ({callee[0]}), called from no-symbol code "
                  f"in Callgrind: hotgrind {a} calls in all, Callgrind {b}")
    for name in excl:
        print(f"not compared: calls into or from {name} (the test says why)")
    if bad:
        print(f"MISMATCH: {bad} of {compared} edges differ from Callgrind's")
        return 1
    if compared == 0:
        print("nothing compared")
        return 1
    print(f"match: {compared} edges have Callgrind's calls")
    return 0


def inclusive(report, cgr_out, cg_out):
    g = Graph(report)
    cg = Callgrind(cgr_out)
    bad_fns = miscounted(cg, cg_out)
    ours = defaultdict(int)
    recursive = set()
    for f in g.fns:
        ours[f["key"]] += f["incl"]
        if f["calls"] == 0 or f["recursive"]:
            recursive.add(f["key"])
    bad = compared = skipped = 0
    for key in sorted(ours, key=str):
        if no_symbol(key) or key in recursive or key in cg.recursive:
            continue
        if key not in cg.self_ir and key not in cg.calls_in:
            continue
        if any(h == key[1] or any(key[1] in chain
                                  for chain in cg.callers.get(h, ()))
               for h in bad_fns):
            skipped += 1
            continue
        compared += 1
        if ours[key] != cg.inclusive(key):
            bad += 1
            print(f"{key[1]} ({key[0]}): hotgrind inclusive Ir {ours[key]}, "
                  f"Callgrind {cg.inclusive(key)}")
    print(f"not compared: {skipped} functions under code Callgrind counts "
          "short of Cachegrind")
    if bad or compared == 0:
        print(f"MISMATCH: {bad} of {compared} functions' inclusive Ir "
              "differ from Callgrind's")
        return 1
    print(f"match: {compared} functions have Callgrind's inclusive Ir")
    return 0


def main(argv):
    if len(argv) == 5 and argv[1] == "inclusive":
        return inclusive(argv[2], argv[3], argv[4])
    if len(argv) == 3 and argv[1] == "check":
        problems, exact = Graph(argv[2]).check()
        for p in problems:
            print(p)
        if problems:
            print(f"MISMATCH: {len(problems)} identities fail")
            return 1
        print(f"ok: identities hold ({exact} functions' inclusive Ir are "
              "self + no-symbol + callees)")
        return 0
    if len(argv) == 3 and argv[1] == "edges":
        g = Graph(argv[2])
        for f in g.fns:
            for callee, calls, ir in f["callees"]:
                print(f"{f['name']}\t{g.fns[callee - 1]['name']}\t{calls}\t{ir}")
        return 0
    if len(argv) >= 4 and argv[1] == "compare":
        excl = [a.split("=", 1)[1] for a in argv[4:]
                if a.startswith("--exclude-callee=")]
        if len(excl) != len(argv) - 4:
            sys.exit(__doc__)
        return compare(argv[2], argv[3], excl)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
