#!/usr/bin/env python3
"""The calling contexts of a hotgrind report made with --call-graph=yes
(docs/report-format.md, "Calling contexts"): the report's own
identities, and its figures against Cachegrind's and Callgrind's.

Usage:
  contexts.py check REPORT.xml
      the identities (exit 1 on a violation, each printed):
      1. <outside> + the contexts' self = <totals>, Ir and each cache
         figure;
      2. every context's inclusive = its self + its children's inclusive
         (Ir, each cache and heap figure);
      3. for every function with calls > 0 that is not mid-jump: the sum
         over its contexts of self Ir - no-symbol Ir = its self Ir, and of
         no-symbol Ir = its no-symbol Ir;
      4. the calls of all g's contexts = g's calls (every counted entry
         enters one context), and when not truncated: for every edge
         f -> g, the calls of g's contexts whose parent is f's = the
         edge's calls; of g's roots = g's outside-calls;
      5. ids 1..count in order, parent < id, every function an id,
         count = the number of contexts; pre-order, siblings by function
         id; at most max normal nodes and one truncated root a function.
  contexts.py cachegrind REPORT.xml CACHEGRIND.OUT
      for every function name whose functions all have calls > 0 and are
      not mid-jump, the sum over their contexts of self Ir - no-symbol Ir
      equals Cachegrind's self Ir of that name; <outside> + every
      context's self Ir equals Cachegrind's total.  Exit 1 on a difference
      or if nothing was compared.
  contexts.py callgrind REPORT.xml CALLGRIND.OUT K F1,F2,...
      Callgrind run with --separate-callers=K names a function called
      from a chain of callers f'c1'c2..'cK (innermost first); its calls=
      lines give that chain's calls.  For every chain of K+1 of the
      functions named (of the program, none recursive: Callgrind names
      recursion levels f'2 and leaves callers out there), the calls of
      the report's contexts whose path ends with the chain equal
      Callgrind's.  Exit 1 on a difference or if nothing was compared.
  contexts.py paths REPORT.xml
      one line per path (frames joined by ';', root first, a truncated
      root's path starting with "[truncated]"): calls, self Ir (for hand
      checks)."""
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cg_compare import read_cachegrind  # noqa: E402

CACHE = ("I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
         "cycles")
HEAP = ("allocs", "alloc-bytes", "frees", "free-bytes")


def figures(elem, names=("Ir",) + CACHE + HEAP):
    return {k: int(v) for k, v in elem.attrib.items() if k in names}


class Report:
    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.path = path
        self.fns = []
        for f in root.find("functions").findall("function"):
            nosym = f.find("no-symbol")
            callees = f.find("callees")
            self.fns.append({
                "name": f.get("name"),
                "object": f.get("object"),
                "calls": int(f.get("calls", "0")),
                "outside": int(f.get("outside-calls", "0")),
                "mid_jump": f.get("mid-jump") == "yes",
                "self": figures(f.find("self")),
                "nosym": figures(nosym) if nosym is not None else {},
                "edges": [(int(c.get("callee")), int(c.get("calls")))
                          for c in (callees.findall("call")
                                    if callees is not None else [])],
            })
        self.totals = figures(root.find("totals"))
        ctxs = root.find("contexts")
        if ctxs is None:
            raise SystemExit(f"{path}: no <contexts> (a report of "
                             "--call-graph=yes with --max-contexts > 0?)")
        self.max = int(ctxs.get("max"))
        self.count = int(ctxs.get("count"))
        self.truncated = ctxs.get("truncated") == "yes"
        self.outside = figures(ctxs.find("outside"))
        self.ctxs = []
        for c in ctxs.findall("context"):
            nosym = c.find("no-symbol")
            self.ctxs.append({
                "id": int(c.get("id")),
                "parent": int(c.get("parent", "0")),
                "fn": int(c.get("function")),
                "calls": int(c.get("calls")),
                "truncated": c.get("truncated") == "yes",
                "self": figures(c.find("self")),
                "incl": figures(c.find("inclusive")),
                "nosym": figures(nosym) if nosym is not None else {},
            })

    def path_of(self, i):
        """Frames of context index i, root first."""
        out = []
        c = self.ctxs[i]
        while True:
            out.append(self.fns[c["fn"] - 1]["name"])
            if c["parent"] == 0:
                break
            c = self.ctxs[c["parent"] - 1]
        if c["truncated"]:
            out.append("[truncated]")
        return out[::-1]


def check(path):
    r = Report(path)
    problems = []
    n = len(r.ctxs)
    # 5: structure.
    if r.count != n:
        problems.append(f"count {r.count} != {n} contexts")
    children = defaultdict(list)
    roots = []
    for i, c in enumerate(r.ctxs):
        if c["id"] != i + 1:
            problems.append(f"context {i + 1}: id {c['id']}")
        if not 1 <= c["fn"] <= len(r.fns):
            problems.append(f"context {c['id']}: function {c['fn']} is no id")
            return problems, r
        if c["parent"] >= c["id"]:
            problems.append(f"context {c['id']}: parent {c['parent']} "
                            "not before it")
            return problems, r
        if c["parent"]:
            if c["truncated"]:
                problems.append(f"context {c['id']}: truncated, not a root")
            children[c["parent"]].append(c)
        else:
            roots.append(c)
    # Pre-order with siblings by function, then the normal context, the
    # one with no calls (entered while collection was off), the
    # truncated root: walking the tree so gives the ids 1..n in order.
    def kind(c):
        return 2 if c["truncated"] else 1 if c["calls"] == 0 else 0
    order = []
    stack = [sorted(roots, key=lambda c: (c["fn"], kind(c)))[::-1]]
    while stack:
        if not stack[-1]:
            stack.pop()
            continue
        c = stack[-1].pop()
        order.append(c["id"])
        stack.append(sorted(children[c["id"]],
                            key=lambda k: (k["fn"], kind(k)))[::-1])
    if order != list(range(1, n + 1)):
        problems.append("contexts are not in pre-order with siblings by "
                        "function id")
    keys = [(c["parent"], c["fn"], kind(c)) for c in r.ctxs]
    if len(set(keys)) != len(keys):
        problems.append("two contexts with the same parent and function")
    n_trunc = sum(c["truncated"] for c in r.ctxs)
    for c in r.ctxs:
        if (c["calls"] == 0 and not any(c["incl"].values())
                and not children[c["id"]]):
            problems.append(f"context {c['id']}: no calls, no cost, no "
                            "child: not to be written")
    if n - n_trunc > r.max:
        problems.append(f"{n - n_trunc} normal contexts > max {r.max}")
    if (n_trunc > 0) != r.truncated:
        problems.append(f"truncated={r.truncated} with {n_trunc} "
                        "truncated roots")
    # 1: outside + self = totals.
    for m, total in r.totals.items():
        if m in HEAP:
            continue
        s = r.outside.get(m, 0) + sum(c["self"].get(m, 0) for c in r.ctxs)
        if s != total:
            problems.append(f"{m}: outside + contexts' self {s} != "
                            f"totals {total}")
    # 2: inclusive = self + children's inclusive.
    for c in r.ctxs:
        for m, v in c["incl"].items():
            if m == "cycles":
                continue
            s = c["self"].get(m, 0) + sum(k["incl"].get(m, 0)
                                          for k in children[c["id"]])
            if s != v:
                problems.append(f"context {c['id']} ({';'.join(r.path_of(c['id'] - 1))}): "
                                f"{m} inclusive {v} != self + children {s}")
    # 3: per function.
    own = defaultdict(int)
    nosym = defaultdict(int)
    calls = defaultdict(int)
    root_calls = defaultdict(int)
    via = defaultdict(int)
    for c in r.ctxs:
        own[c["fn"]] += c["self"]["Ir"] - c["nosym"].get("Ir", 0)
        nosym[c["fn"]] += c["nosym"].get("Ir", 0)
        calls[c["fn"]] += c["calls"]
        if c["parent"] == 0:
            root_calls[c["fn"]] += c["calls"]
        else:
            via[(r.ctxs[c["parent"] - 1]["fn"], c["fn"])] += c["calls"]
    exact = 0
    for i, f in enumerate(r.fns, 1):
        if f["calls"] == 0 or f["mid_jump"]:
            continue
        exact += 1
        if own[i] != f["self"]["Ir"]:
            problems.append(f"{f['name']} ({f['object']}): contexts' self - "
                            f"no-symbol Ir {own[i]} != self Ir "
                            f"{f['self']['Ir']}")
        if nosym[i] != f["nosym"].get("Ir", 0):
            problems.append(f"{f['name']} ({f['object']}): contexts' "
                            f"no-symbol Ir {nosym[i]} != "
                            f"{f['nosym'].get('Ir', 0)}")
    # 4: calls; by caller only when nothing was cut.
    for i, f in enumerate(r.fns, 1):
        if calls[i] != f["calls"]:
            problems.append(f"{f['name']}: contexts' calls {calls[i]} "
                            f"!= calls {f['calls']}")
    if not r.truncated:
        for i, f in enumerate(r.fns, 1):
            if root_calls[i] != f["outside"]:
                problems.append(f"{f['name']}: roots' calls {root_calls[i]}"
                                f" != outside-calls {f['outside']}")
            for callee, k in f["edges"]:
                if via[(i, callee)] != k:
                    problems.append(f"edge {f['name']} -> "
                                    f"{r.fns[callee - 1]['name']}: contexts'"
                                    f" calls {via[(i, callee)]} != {k}")
        for (a, b), k in via.items():
            if k > 0 and (b, k) not in r.fns[a - 1]["edges"]:
                problems.append(f"contexts {r.fns[a - 1]['name']} -> "
                                f"{r.fns[b - 1]['name']}: {k} calls, no "
                                "such edge")
    print(f"{n} contexts ({n_trunc} truncated roots), outside Ir "
          f"{r.outside['Ir']}; self of {exact} functions summed exactly")
    return problems, r


def concluded(problems, n, what, summary):
    """The problems of a comparison over n WHATs, with one more when n is
    0 (nothing compared), after printing summary."""
    if n == 0:
        problems.append(f"no {what} compared")
    print(summary)
    return problems


def compare_cachegrind(path, cg_path):
    r = Report(path)
    _, cg_fns, cg_summary = read_cachegrind(cg_path)
    cg = {name: ev["Ir"] for name, ev in cg_fns.items()}
    cg_total = cg_summary["Ir"]
    by_name = defaultdict(list)
    for i, f in enumerate(r.fns, 1):
        by_name[f["name"]].append(i)
    own = defaultdict(int)
    for c in r.ctxs:
        own[c["fn"]] += c["self"]["Ir"] - c["nosym"].get("Ir", 0)
    problems, n = [], 0
    for name, ids in sorted(by_name.items()):
        if any(r.fns[i - 1]["calls"] == 0 or r.fns[i - 1]["mid_jump"]
               for i in ids):
            continue
        n += 1
        s = sum(own[i] for i in ids)
        if s != cg.get(name, 0):
            problems.append(f"{name}: contexts' self Ir {s} != "
                            f"Cachegrind's {cg.get(name, 0)}")
    s = r.outside["Ir"] + sum(c["self"]["Ir"] for c in r.ctxs)
    if s != cg_total:
        problems.append(f"outside + contexts' self Ir {s} != Cachegrind's "
                        f"total {cg_total}")
    return concluded(problems, n, "function",
                     f"{n} functions' self Ir over their contexts equal "
                     f"Cachegrind's, and the total {cg_total}")


def read_callgrind_chains(path):
    """calls per chain (tuple, innermost first) from calls= lines."""
    out = defaultdict(int)
    cfn = None
    with open(path) as f:
        for line in f:
            if line.startswith("cfn="):
                cfn = line[4:].rstrip("\n")
                # Compressed names "(N) name" are not used: the run has
                # --compress-strings=no.
            elif line.startswith("calls="):
                out[tuple(cfn.split("'"))] += int(line[6:].split()[0])
    return out


def compare_callgrind(path, cgr_path, k, names):
    r = Report(path)
    ours = defaultdict(int)
    for i, c in enumerate(r.ctxs):
        frames = r.path_of(i)
        chain = tuple(frames[-(k + 1):][::-1])
        if len(chain) == k + 1 and all(n in names for n in chain):
            ours[chain] += c["calls"]
    theirs = {ch: v for ch, v in read_callgrind_chains(cgr_path).items()
              if len(ch) == k + 1 and all(n in names for n in ch)}
    problems = []
    for ch in sorted(set(ours) | set(theirs)):
        if ours.get(ch, 0) != theirs.get(ch, 0):
            problems.append(f"{chr(39).join(ch)}: contexts' calls "
                            f"{ours.get(ch, 0)} != Callgrind's "
                            f"{theirs.get(ch, 0)}")
    return concluded(problems, len(ours), "chain",
                     f"{len(ours)} chains of {k + 1} functions: calls equal "
                     f"Callgrind's --separate-callers={k}")


def paths(path):
    r = Report(path)
    agg = defaultdict(lambda: [0, 0])
    for i, c in enumerate(r.ctxs):
        p = ";".join(r.path_of(i))
        agg[p][0] += c["calls"]
        agg[p][1] += c["self"]["Ir"]
    for p, (calls, ir) in sorted(agg.items()):
        print(f"{p}\t{calls}\t{ir}")


def main(argv):
    if len(argv) == 3 and argv[1] == "check":
        problems, _ = check(argv[2])
    elif len(argv) == 4 and argv[1] == "cachegrind":
        problems = compare_cachegrind(argv[2], argv[3])
    elif len(argv) == 6 and argv[1] == "callgrind":
        problems = compare_callgrind(argv[2], argv[3], int(argv[4]),
                                     set(argv[5].split(",")))
    elif len(argv) == 3 and argv[1] == "paths":
        paths(argv[2])
        return 0
    else:
        sys.stderr.write(__doc__)
        return 2
    for p in problems[:50]:
        print("FAIL: " + p)
    if len(problems) > 50:
        print(f"FAIL: ... and {len(problems) - 50} more")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
