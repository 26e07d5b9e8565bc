#!/usr/bin/env python3
"""Read a Callgrind output file: per function, self Ir, inclusive Ir and
the calls into it; compare a hotgrind report's marked functions with it.

Callgrind's format (callgrind/dump.c, "Callgrind Format Specification"
in its manual), the parts used here:
  ob= fl= fi= fe= fn=       context: object, file, inlined file, function
  cob= cfi= cfl= cfn=       the callee of the next calls= line
  calls=COUNT POSITION      a call; the next line is a cost line holding
                            the call's INCLUSIVE cost
  POSITIONS COSTS           a cost line; 'positions:' says how many
                            position columns come first ('+N', '-N', '*'
                            are relative to the previous position), then
                            one column per event of 'events:' (trailing
                            zeros omitted)
Names may be compressed: the first use is "(ID) name", later ones "(ID)";
fn= and cfn= share one table, ob= and cob= another, the file kinds a
third.  With --separate-recs (default 2) a recursive activation's
function is written "name'2", and with --separate-callers=N the callers
follow: "name'caller1'caller2..." (N of them).  Costs are summed here
over all of a function's contexts, so a recursive function's inclusive
Ir as summed here counts nested calls more than once: only functions in
no cycle of the call graph are compared (the cycles are found from the
calls= lines).  The contexts say under which functions a function ran.

Inclusive Ir of a function = its self Ir + the inclusive cost of every
call it makes (Callgrind's own definition; callgrind_annotate
--inclusive=yes adds the same numbers).  Functions are keyed by
(object basename, name), as hotgrind's report does.

Callgrind is not exact everywhere.  Callgrind 3.19 counts fewer
instructions than Cachegrind and Lackey (which agree with each other) in
parts of glibc 2.36 and ld.so (seen: _int_free, ____strtol_l_internal,
the IFUNC resolvers, check_match; the whole run of a small program is
hundreds of Ir short).  So, given the same run under Cachegrind, the
comparison first finds the source lines (file, line) whose instructions
Callgrind counts fewer of than Cachegrind, summed over the whole run
(a per-line sum does not depend on which function either tool charges an
instruction to), and the functions holding them (Cachegrind's); a
marked function under which one of those ran (it is in one of their
caller chains; Callgrind must run with --separate-callers deep enough)
is not compared, and said so.

Usage:
  cgr_inclusive.py dump CALLGRIND.OUT
      one line per function: object, name, self, inclusive, calls into
      it, 'recursive' when in a cycle
  cgr_inclusive.py compare REPORT.xml CALLGRIND.OUT CACHEGRIND.OUT NAME...
      the marked functions NAME (none: every marked function) that are
      not recursive and that Callgrind counts right (above): hotgrind's
      inclusive Ir and calls must equal Callgrind's.  Exit 1 on a
      difference, if a NAME is not a marked function of the report, is
      recursive or cannot be compared, or if nothing was compared.
Callgrind must have run with --compress-pos=no --compress-strings=no
--separate-callers=N and the default --dump-instr=no (positions are
lines); lib.sh's cgr does.  A run with --dump-instr=yes (positions
"instr line") is read too, its per-instruction Ir kept (cgr_edges.py's
fall-through proof uses them)."""
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

import cg_out


def split_context(name):
    """Callgrind's "name'REC'caller1'caller2..." (--separate-recs,
    --separate-callers) -> (name, (caller1, caller2, ...))."""
    parts = name.split("'")
    rest = parts[1:]
    if rest and rest[0].isdigit():
        rest = rest[1:]
    return parts[0], tuple(rest)


class Callgrind:
    def __init__(self, path):
        self.self_ir = defaultdict(int)
        self.call_ir = defaultdict(int)        # inclusive cost of calls made
        self.calls_in = defaultdict(int)       # calls into a function
        self.edges = defaultdict(set)          # caller -> callees
        self.edge_calls = defaultdict(int)     # (caller, callee) -> calls
        self.edge_ir = defaultdict(int)        # (caller, callee) -> Ir
        self.per_line = defaultdict(int)       # (file, line) -> self Ir
        # With --dump-instr=yes: (function, address) -> Ir, the address
        # relative to the object as its symbols give it.
        self.per_instr = defaultdict(int)
        self.object_paths = {}                 # basename -> ob= path
        self.source = {}                       # function -> its fl= file
        self.callers = defaultdict(set)        # name -> caller chains
        self.summary = None
        self._read(path)
        self.recursive = self._in_cycles()

    def _read(self, path):
        names = {"ob": {}, "fl": {}, "fn": {}}
        kind_table = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl",
                      "fe": "fl", "cfi": "fl", "cfl": "fl", "fn": "fn",
                      "cfn": "fn"}
        npos = 1
        instr = False           # positions: instr line
        events = None
        ob = fn = None
        fl = fi = None
        cob = None
        callee = None
        pending_call = None
        with open(path, encoding="utf-8", errors="replace") as f:
            for raw in f:
                line = raw.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                if pending_call is not None:
                    # The cost line of a calls= line: inclusive cost.
                    ir = self._ir(line, npos, events)
                    self.call_ir[fn] += ir
                    self.calls_in[pending_call[0]] += pending_call[1]
                    self.edges[fn].add(pending_call[0])
                    self.edge_calls[(fn, pending_call[0])] += pending_call[1]
                    self.edge_ir[(fn, pending_call[0])] += ir
                    pending_call = None
                    continue
                c = line[0]
                if c.isdigit() or c in "+-*":
                    if fn is None:
                        raise SystemExit(f"{path}: cost line outside fn=: {line}")
                    ir = self._ir(line, npos, events)
                    self.self_ir[fn] += ir
                    if c in "+-*":
                        raise SystemExit(f"{path}: relative position "
                                         "(run Callgrind with --compress-pos=no)")
                    cols = line.split()
                    if instr:
                        self.per_instr[(fn, int(cols[0], 16))] += ir
                    self.per_line[(fi or fl, int(cols[npos - 1]))] += ir
                    continue
                key, sep, value = line.partition("=")
                if sep and key in kind_table:
                    name = self._name(names[kind_table[key]], value)
                    if key == "ob":
                        ob = os.path.basename(name)
                        self.object_paths[ob] = name
                        cob = None
                    elif key == "fl":
                        fl, fi = name, None
                    elif key in ("fi", "fe"):
                        fi = name
                    elif key == "fn":
                        base, chain = split_context(name)
                        fn = (ob, base)
                        self.source.setdefault(fn, fl)
                        self.callers[base].add(chain)
                        cob = None
                    elif key == "cob":
                        cob = os.path.basename(name)
                    elif key == "cfn":
                        callee = (cob if cob is not None else ob,
                                  split_context(name)[0])
                        cob = None
                    continue
                if key == "calls":
                    pending_call = (callee, int(value.split()[0]))
                    continue
                if key in ("jump", "jcnd", "jfi", "jfn"):
                    raise SystemExit(f"{path}: jump lines are not handled "
                                     "(run Callgrind without --collect-jumps)")
                key, sep, value = line.partition(":")
                if sep:
                    if key == "positions":
                        npos = len(value.split())
                        instr = value.split() == ["instr", "line"]
                        if npos != 1 and not instr:
                            raise SystemExit(f"{path}: positions {value} "
                                             "(expected line, or instr line)")
                    elif key == "events":
                        events = value.split()
                        if events[0] != "Ir":
                            raise SystemExit(f"{path}: first event is not Ir")
                    elif key == "summary":
                        self.summary = int(value.split()[0])

    @staticmethod
    def _name(table, value):
        m = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if not m:
            return value
        if m.group(2) is not None:
            table[m.group(1)] = m.group(2)
            return m.group(2)
        return table[m.group(1)]

    @staticmethod
    def _ir(line, npos, events):
        cols = line.split()
        return int(cols[npos]) if len(cols) > npos else 0

    def _in_cycles(self):
        """Functions on a cycle of the call graph (Tarjan's SCC)."""
        index, low, on, stack, out = {}, {}, set(), [], set()
        counter = [0]
        nodes = set(self.edges) | {c for cs in self.edges.values() for c in cs}
        sys.setrecursionlimit(max(10000, 4 * len(nodes)))

        def visit(v):
            index[v] = low[v] = counter[0]
            counter[0] += 1
            stack.append(v)
            on.add(v)
            for w in self.edges.get(v, ()):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in self.edges.get(v, ()):
                    out.update(comp)

        for v in sorted(nodes, key=str):
            if v not in index:
                visit(v)
        return out

    def functions(self):
        return sorted(set(self.self_ir) | set(self.calls_in), key=str)

    def inclusive(self, key):
        return self.self_ir.get(key, 0) + self.call_ir.get(key, 0)


def marked_functions(report):
    root = ET.parse(report).getroot()
    out = {}
    for f in root.find("functions").findall("function"):
        if f.get("marked") != "yes":
            continue
        incl = f.find("inclusive")
        out[(f.get("object"), f.get("name"))] = (
            int(f.get("calls")),
            int(incl.get("Ir")) if incl is not None else 0)
    return out


def cachegrind_lines(path):
    """(file, line) -> (Ir, set of functions), from a Cachegrind output."""
    events, _, costs = cg_out.read_cachegrind(path, encoding="utf-8",
                                              errors="replace")
    if events[:1] != ["Ir"]:
        raise SystemExit(f"{path}: first event is not Ir")
    per_line = defaultdict(int)
    fns = defaultdict(set)
    for fl, fn, line, counts in costs:
        key = (fl, line)
        per_line[key] += counts[0] if counts else 0
        fns[key].add(fn)
    return per_line, fns


def miscounted(cg, cachegrind):
    """Functions (names) holding lines whose instructions Callgrind counts
    fewer of than Cachegrind over the whole run.  Line 0 (no line
    information) and unknown files are left out, and so are lines where
    Callgrind counts more: it charges the instructions of PLT stubs (no
    line information: Cachegrind's line 0) to the caller's line."""
    cg_lines, cg_fns = cachegrind_lines(cachegrind)
    bad = {}
    for key in set(cg_lines) | set(cg.per_line):
        if key[1] == 0 or key[0] in (None, "???"):
            continue
        a, b = cg_lines.get(key, 0), cg.per_line.get(key, 0)
        if b < a:
            for name in cg_fns.get(key, ()):
                bad.setdefault(name, []).append((key, a, b))
    return bad


def main(argv):
    if len(argv) >= 3 and argv[1] == "dump":
        cg = Callgrind(argv[2])
        for key in cg.functions():
            print(f"{key[0]}\t{key[1]}\t{cg.self_ir.get(key, 0)}\t"
                  f"{cg.inclusive(key)}\t{cg.calls_in.get(key, 0)}"
                  + ("\trecursive" if key in cg.recursive else ""))
        return 0
    if len(argv) < 5 or argv[1] != "compare":
        sys.exit(__doc__)
    report, cgr_out, cg_out, wanted = argv[2], argv[3], argv[4], argv[5:]
    marked = marked_functions(report)
    cg = Callgrind(cgr_out)
    bad_fns = miscounted(cg, cg_out)
    bad = compared = 0
    for name in wanted:
        n = sum(1 for k in marked if k[1] == name)
        if n != 1:
            print(f"{name}: {n} marked functions of that name in {report}, "
                  "expected 1")
            bad += 1
    for key in sorted(marked, key=str):
        if wanted and key[1] not in wanted:
            continue
        if key in cg.recursive:
            print(f"{key[1]} ({key[0]}): recursive, not compared")
            bad += bool(wanted)
            continue
        under = sorted(g for g in bad_fns
                       if g == key[1] or any(key[1] in chain
                                             for chain in cg.callers.get(g, ())))
        if under:
            g = under[0]
            (fl, ln), a, b = bad_fns[g][0]
            print(f"{key[1]} ({key[0]}): not compared: Callgrind counts "
                  f"code under it short of Cachegrind, e.g. in {g} "
                  f"({fl}:{ln}: Cachegrind {a} Ir, Callgrind {b})")
            bad += bool(wanted)
            continue
        calls, incl = marked[key]
        want_incl, want_calls = cg.inclusive(key), cg.calls_in.get(key, 0)
        compared += 1
        if (incl, calls) != (want_incl, want_calls):
            print(f"{key[1]} ({key[0]}): hotgrind inclusive Ir {incl} "
                  f"calls {calls}, Callgrind inclusive Ir {want_incl} "
                  f"calls {want_calls}")
            bad += 1
        else:
            print(f"{key[1]} ({key[0]}): inclusive Ir {incl} calls {calls}")
    if bad:
        print(f"MISMATCH: {bad} problems, {compared} marked functions "
              "compared with Callgrind")
        return 1
    if compared == 0:
        print("nothing compared")
        return 1
    print(f"match: {compared} marked functions equal Callgrind's inclusive "
          "Ir and calls")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
