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
      inclusive Ir = self Ir + no-symbol Ir + its edges' Ir, and the
      same for each cache figure; each inclusive heap figure is its
      edges' (allocations count inside the allocator's activation).  Exit 1 on a violation.
  cgr_edges.py compare REPORT.xml CALLGRIND.OUT [--exclude-callee=NAME]...
                       [--instr=CALLGRIND-INSTR.OUT --cachegrind=CG.OUT]
      every edge's calls equal on both sides (above).  Exit 1 on a
      difference, or if nothing was compared.  An edge within one object
      with more calls in the report may be a fall-through: the caller's
      code ends where the callee starts, without a jump, and hotgrind
      counts reaching a function's first instruction as an entry, where
      Callgrind starts a function only at a block's start and sees no
      call.  Without the two files such an edge exits 2 (run again with
      them); with them, Callgrind --dump-instr=yes and Cachegrind runs of
      the same command, it must be proven (fall_through() says how and
      prints the numbers), or it is a difference.
  cgr_edges.py inclusive REPORT.xml CALLGRIND.OUT CACHEGRIND.OUT
                        [--exclude-callee=NAME]... [--fall-throughs=COMPARE.OUT]
      every function with calls > 0 and a symbol, in no cycle of
      Callgrind's call graph (its summed inclusive counts nested calls
      again) and under which Callgrind counts every instruction
      Cachegrind counts (cgr_inclusive.py says why): its inclusive Ir
      equals Callgrind's.  --fall-throughs=COMPARE.OUT: the callees of
      the fall-throughs that compare output proved are not compared
      (Callgrind charges what ran of them after a fall-through to the
      function that fell into them).  The report must come from a run with
      --vex-guest-chase=no, which Callgrind forces (docs/manual.md,
      "Where Callgrind counts fewer").  An excluded callee, every
      function that called it and every function it called, directly or
      not, is not compared.
  cgr_edges.py edges REPORT.xml
      one line per edge: caller, callee, calls, Ir (for hand checks)."""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cgr_inclusive import Callgrind, miscounted  # noqa: E402
from cg_compare import read_cachegrind  # noqa: E402


CACHE = ("I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
         "cycles")
HEAP = ("allocs", "alloc-bytes", "frees", "free-bytes")


def costs_of(elem):
    """The cache and heap figures of an element, by name."""
    return {k: int(v) for k, v in elem.attrib.items() if k in CACHE + HEAP}


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
            call_costs = []
            callees = f.find("callees")
            last = 0
            for c in callees.findall("call") if callees is not None else []:
                callee = int(c.get("callee"))
                if callee <= last:
                    self.problems.append(f"function {f.get('name')}: callee "
                                         f"{callee} after {last}")
                last = callee
                calls.append((callee, int(c.get("calls")), int(c.get("Ir"))))
                call_costs.append(costs_of(c))
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
                "incl_costs": costs_of(incl),
                "self_costs": costs_of(f.find("self")),
                "heap_self": (costs_of(f.find("heap"))
                              if f.find("heap") is not None else {}),
                "nosym_costs": costs_of(nosym) if nosym is not None else {},
                "call_costs": call_costs,
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
        own = defaultdict(int)
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
                # The cache figures add up as Ir does.  A heap event is
                # counted inside the allocator's activation, so beyond its
                # edges' a function's inclusive heap figures hold only the
                # events it made as an allocator: over all functions those
                # are every event once, as the self <heap>s are (below).
                for m, v in f["incl_costs"].items():
                    edges = sum(c.get(m, 0) for c in f["call_costs"])
                    if m in HEAP:
                        own[m] += v - edges
                        if v < edges:
                            problems.append(f"{f['name']} ({f['key'][0]}): "
                                            f"inclusive {m} {v} < its "
                                            f"edges' {edges}")
                        continue
                    want = (f["self_costs"].get(m, 0)
                            + f["nosym_costs"].get(m, 0) + edges)
                    if v != want:
                        problems.append(f"{f['name']} ({f['key'][0]}): "
                                        f"inclusive {m} {v} != {want}")
        for m in HEAP:
            heap_self = sum(f["heap_self"].get(m, 0) for f in self.fns)
            if m in own and own[m] != heap_self:
                problems.append(f"allocators' own {m} {own[m]} != the sum of "
                                f"the functions' <heap> {m} {heap_self}")
        return problems, exact


def no_symbol(key):
    return key[0] == "???" or key[1] == "???" or key[1].startswith("0x")


def excluded(key, excl):
    return key[1] in excl or f"{key[0]}:{key[1]}" in excl


def function_symbols(path):
    """name -> [(address, size)] of an object's function symbols, from
    the object and, when installed, its debug file (found by build-id):
    Debian's libraries keep their local symbols there only."""
    files = [path]
    note = subprocess.run(["readelf", "-n", path], capture_output=True,
                          text=True).stdout
    m = re.search(r"Build ID: ([0-9a-f]{2})([0-9a-f]+)", note)
    if m:
        debug = f"/usr/lib/debug/.build-id/{m.group(1)}/{m.group(2)}.debug"
        if os.path.exists(debug):
            files.append(debug)
    out = defaultdict(set)
    for f in files:
        table = subprocess.run(["readelf", "-sW", f], capture_output=True,
                               text=True, check=True).stdout
        for line in table.splitlines():
            cols = line.split()
            if len(cols) >= 8 and cols[3] == "FUNC" and cols[6] != "UND":
                size = int(cols[2], 16) if cols[2].startswith("0x") \
                    else int(cols[2])
                out[cols[7].split("@")[0]].add((int(cols[1], 16), size))
    return out


UNCONDITIONAL = {"jmp", "jmpq", "ret", "retq", "ud2", "hlt"}


def last_instruction(path, start, stop):
    """(address, text) of the last instruction in [start, stop)."""
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn",
                          f"--start-address={start:#x}",
                          f"--stop-address={stop:#x}", path],
                         capture_output=True, text=True, check=True).stdout
    last = None
    for line in dis.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(\S.*)$", line)
        if m:
            last = (int(m.group(1), 16), m.group(2).split("#")[0].strip())
    return last


def fall_through(caller, callee, extra, cgi, cg_self):
    """Proves that 'extra' of hotgrind's calls caller -> callee are
    entries by falling through, not a jump, from the caller's end into
    the callee's first instruction, which Callgrind does not see as a
    call (it starts a function only at a block's start): prints the proof
    and returns True, or says what does not hold and returns False.
    cgi: Callgrind --dump-instr=yes of the same command; cg_self:
    Cachegrind's self figures by function name."""
    path = cgi.object_paths.get(callee[0])
    where = f"{caller[1]} ({caller[0]}) -> {callee[1]} ({callee[0]})"
    if path is None or not os.path.exists(path):
        print(f"{where}: not a fall-through: no object file {callee[0]}")
        return False
    syms = function_symbols(path)
    pairs = [(a, s, b, t) for a, s in syms.get(caller[1], ())
             for b, t in syms.get(callee[1], ()) if a + s == b and s > 0]
    if len(pairs) != 1:
        print(f"{where}: not a fall-through: {callee[1]} does not start "
              f"where {caller[1]} ends in {path} (symbols "
              f"{sorted(syms.get(caller[1], ()))}, "
              f"{sorted(syms.get(callee[1], ()))})")
        return False
    start, size, first, callee_size = pairs[0]
    last = last_instruction(path, start, first)
    if last is None or (set(last[1].split()[:2]) & UNCONDITIONAL):
        print(f"{where}: not a fall-through: {caller[1]}'s last "
              f"instruction is {last}")
        return False
    # (b) the entries that are no call: the first instruction's
    # executions, wherever Callgrind charged them, less its calls into it.
    ran = sum(ir for (fn, addr), ir in cgi.per_instr.items()
              if fn[0] == callee[0] and addr == first)
    called = cgi.calls_in.get(callee, 0)
    # (c) the callee's instructions Callgrind charged to the caller.
    moved = sum(ir for (fn, addr), ir in cgi.per_instr.items()
                if fn == caller and first <= addr < first + callee_size)
    cg_callee = cg_self.get(callee[1], {}).get("Ir", 0)
    cg_caller = cg_self.get(caller[1], {}).get("Ir", 0)
    cgr_callee = cgi.self_ir.get(callee, 0)
    cgr_caller = cgi.self_ir.get(caller, 0)
    print(f"  (a) {caller[1]} {start:#x}+{size} ends where {callee[1]} "
          f"starts, {first:#x}; its last instruction {last[0]:#x} "
          f"'{last[1]}' falls through")
    print(f"  (b) {first:#x} ran {ran} times, Callgrind saw {called} calls "
          f"into {callee[1]}: {ran} - {called} = {ran - called} "
          f"fall-through entries, hotgrind's extra calls {extra}")
    print(f"  (c) Callgrind charged {moved} Ir of {callee[1]} to "
          f"{caller[1]}: {callee[1]} self Ir Callgrind {cgr_callee}, "
          f"Cachegrind {cg_callee}; {caller[1]} Callgrind {cgr_caller}, "
          f"Cachegrind {cg_caller}")
    if ran - called != extra or moved == 0 or \
            cg_callee - cgr_callee != moved or \
            cgr_caller - cg_caller != moved:
        print(f"{where}: not proven a fall-through (above)")
        return False
    print(f"fall-through proven: {where}: {extra} calls")
    return True


def compare(report, cgr_out, excl, proof=None):
    """proof: (Callgrind --dump-instr=yes output, Cachegrind output) of
    the same command, to prove fall-throughs with."""
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
    unproven = []
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
            print(f"{caller[1]} ({caller[0]}) -> {callee[1]} ({callee[0]}): "
                  f"hotgrind {a} calls, Callgrind {b}")
            if a > b and caller[0] == callee[0]:
                unproven.append((caller, callee, a - b))
            else:
                bad += 1
    if unproven and proof is None:
        # More calls than Callgrind's within one object: maybe falls
        # through into the next function, which needs a run with
        # --dump-instr=yes to prove (exit 2 asks the caller for it).
        print(f"UNPROVEN: {len(unproven)} edges with more calls than "
              "Callgrind's may be fall-throughs: give --instr= and "
              "--cachegrind=")
        return 2
    proven = 0
    for caller, callee, extra in unproven:
        if fall_through(caller, callee, extra, *proof):
            proven += 1
        else:
            bad += 1
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
    if proven:
        print(f"match: {compared} edges have Callgrind's calls, plus, "
              f"on {proven}, the entries of a proven fall-through")
        return 0
    print(f"match: {compared} edges have Callgrind's calls")
    return 0


def reachable(g, names, upwards):
    """Keys of the functions that called one of 'names' (NAME or
    OBJECT:NAME), directly or not, in the report's graph (upwards), or
    that one of them called (downwards)."""
    ids = {i + 1: f for i, f in enumerate(g.fns)}
    step = defaultdict(set)
    for i, f in ids.items():
        for callee, _, _ in f["callees"]:
            if upwards:
                step[callee].add(i)
            else:
                step[i].add(callee)
    start = [i for i, f in ids.items() if excluded(f["key"], names)]
    return {ids[i]["key"] for i in closure(step, start)}


def closure(step, start):
    """What step leads to from start, in one step or more."""
    todo = list(start)
    seen = set()
    while todo:
        v = todo.pop()
        for w in step[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def cg_reachable(cg, names, upwards):
    """The same as reachable() in Callgrind's graph: a run may wait (call
    an excluded callee) under one tool and not under the other."""
    step = defaultdict(set)
    for caller, callees in cg.edges.items():
        for callee in callees:
            if upwards:
                step[callee].add(caller)
            else:
                step[caller].add(callee)
    return closure(step, [k for k in list(step) if excluded(k, names)])


PROVEN = re.compile(r"^fall-through proven: .* -> (.*) \((.*)\): \d+ calls$")


def fallen_into(compare_out):
    """The callees of the fall-throughs a compare output proved."""
    with open(compare_out, encoding="utf-8") as f:
        return {(m.group(2), m.group(1))
                for m in map(PROVEN.match, f.read().splitlines()) if m}


def inclusive(report, cgr_out, cg_out, excl=(), fell=frozenset()):
    g = Graph(report)
    cg = Callgrind(cgr_out)
    bad_fns = miscounted(cg, cg_out)
    ours = defaultdict(int)
    recursive = set()
    for f in g.fns:
        ours[f["key"]] += f["incl"]
        if f["calls"] == 0 or f["recursive"]:
            recursive.add(f["key"])
    # In either tool's graph: whether a join waits on its futex can differ
    # between the two runs.
    above = reachable(g, excl, upwards=True) | cg_reachable(cg, excl, True)
    # What an excluded function called ran as many times as it did, which
    # is why it is excluded (a futex wait's cancellation switches).
    below = (reachable(g, excl, upwards=False)
             | cg_reachable(cg, excl, False))
    # The names of the miscounted functions and of every function in one
    # of their caller chains: what runs under a miscounted line, or what
    # one runs under (a set, so each function is one lookup).
    under_bad = set(bad_fns)
    for h in bad_fns:
        for chain in cg.callers.get(h, ()):
            under_bad.update(chain)
    bad = compared = skipped = 0
    for key in sorted(ours, key=str):
        if no_symbol(key) or key in recursive or key in cg.recursive:
            continue
        if key in above or key in below or excluded(key, excl):
            continue
        if key in fell:
            print(f"not compared: {key[1]} ({key[0]}), entered by a proven "
                  "fall-through: Callgrind charges what ran of it then to "
                  "the function it fell from")
            continue
        if key not in cg.self_ir and key not in cg.calls_in:
            continue
        if key[1] in under_bad:
            skipped += 1
            continue
        compared += 1
        if ours[key] != cg.inclusive(key):
            bad += 1
            print(f"{key[1]} ({key[0]}): hotgrind inclusive Ir {ours[key]}, "
                  f"Callgrind {cg.inclusive(key)}")
    print(f"not compared: {skipped} functions under code Callgrind counts "
          "short of Cachegrind")
    for name in excl:
        print(f"not compared: {name}, the {len(above)} functions above "
              f"the excluded callees and the {len(below)} below them (the "
              "test says why)")
    if bad or compared == 0:
        print(f"MISMATCH: {bad} of {compared} functions' inclusive Ir "
              "differ from Callgrind's")
        return 1
    print(f"match: {compared} functions have Callgrind's inclusive Ir")
    return 0


def main(argv):
    if len(argv) >= 5 and argv[1] == "inclusive":
        excl = [a.split("=", 1)[1] for a in argv[5:]
                if a.startswith("--exclude-callee=")]
        fell = set()
        for a in argv[5:]:
            if a.startswith("--fall-throughs="):
                fell |= fallen_into(a.split("=", 1)[1])
                excl.append(None)
        if len(excl) != len(argv) - 5:
            sys.exit(__doc__)
        return inclusive(argv[2], argv[3], argv[4],
                         [e for e in excl if e is not None], fell)
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
        given = dict(a.split("=", 1) for a in argv[4:]
                     if a.startswith(("--instr=", "--cachegrind=")))
        if len(excl) + len(given) != len(argv) - 4 or len(given) == 1:
            sys.exit(__doc__)
        proof = None
        if given:
            proof = (Callgrind(given["--instr"]),
                     read_cachegrind(given["--cachegrind"])[1])
        return compare(argv[2], argv[3], excl, proof)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
