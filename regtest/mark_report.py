#!/usr/bin/env python3
"""Checks on the marked functions, zones and marks of a hotgrind report.

Usage:
  mark_report.py invariants REPORT
      What holds for every report (lib.sh's check_report runs it):
      - a marked function has calls; when calls > 0 it has <inclusive>
        and <per-call>, and so does every zone; with --call-graph=yes
        every function has calls and <inclusive>, and only marked ones a
        <per-call>;
      - per-call: min <= p50 <= p95 <= p99 <= max <= inclusive Ir <=
        total Ir, min <= mean <= max, mean has two decimals, and
        mean * calls >= inclusive Ir (each call's own inclusive Ir counts
        what nested calls of the same function count again, so the sum
        of the per-call values is at least the inclusive Ir; equal when
        there is no recursion);
      - <marks>: each pattern's entered = how many functions in the
        report whose name, and object (its file name or its soname) when
        the pattern has OBJ:, match it (glob: * and ? only) have calls > 0, and functions is at least
        the number of those functions (docs/report-format.md: it also
        counts functions that ran only while collection was off, which
        are not in <functions>; with collection on from start to end,
        which the caller of this script knows, the two are equal); every
        such function is marked, and every marked function matches a
        pattern.
  mark_report.py per-call REPORT function|zone NAME SPEC
      The <per-call> element of the one function (or zone) called NAME is
      exactly what SPEC gives: SPEC is a file of "VALUE COUNT" lines, the
      multiset of every call's own inclusive Ir.  min, max, nearest-rank
      p50, p95, p99 (the value of rank ceil(p N / 100) in ascending order,
      N the number of calls) and the mean rounded to two decimals (a tie
      may go either way), and calls = N.
Exit status 0 when everything holds, 1 otherwise (each problem printed).
"""
import re
import sys
import xml.etree.ElementTree as ET


class glob_re:
    """A glob (* and ?) matched whole, by simulating its automaton: the
    set of pattern positions reachable after each byte.  Not re: .*x.*x
    backtracks exponentially on long names, as the tool's old matcher
    did, and this must check the tool's matcher on such names."""

    def __init__(self, pattern):
        self.p = pattern

    def _close(self, states):
        out = set()
        for i in states:
            while True:
                out.add(i)
                if i < len(self.p) and self.p[i] == "*":
                    i += 1
                else:
                    break
        return out

    def match(self, text):
        p = self.p
        states = self._close({0})
        for ch in text:
            nxt = set()
            for i in states:
                if i < len(p):
                    if p[i] == "*":
                        nxt.add(i)
                    elif p[i] == "?" or p[i] == ch:
                        nxt.add(i + 1)
            states = self._close(nxt)
            if not states:
                return False
        return len(p) in states


def split_mark(text):
    """OBJ:PATTERN -> (OBJ, PATTERN): the first ':' not part of '::'."""
    i = 0
    while i < len(text):
        if text[i] == ":":
            if i + 1 < len(text) and text[i + 1] == ":":
                i += 2
                continue
            return text[:i], text[i + 1:]
        i += 1
    return None, text


def mean_ok(text, total, n):
    """text is total / n rounded to two decimals (ties either way)."""
    if not re.fullmatch(r"[0-9]+\.[0-9]{2}", text):
        return False
    got = int(text.replace(".", ""))
    q, r = divmod(total * 100, n)
    if 2 * r < n:
        return got == q
    if 2 * r > n:
        return got == q + 1
    return got in (q, q + 1)


def per_call_of(elem):
    pc = elem.find("per-call")
    if pc is None:
        return None
    return {k: (v if k == "mean" else int(v)) for k, v in pc.attrib.items()}


def invariants(path):
    root = ET.parse(path).getroot()
    problems = []
    total = int(root.find("totals").get("Ir"))
    funcs = root.find("functions").findall("function")

    def check(kind, name, elem, calls):
        incl = elem.find("inclusive")
        pc = per_call_of(elem)
        if calls == 0:
            if pc is not None:
                problems.append(f"{kind} {name}: calls 0 but a <per-call>")
            return
        if incl is None or pc is None:
            problems.append(f"{kind} {name}: calls {calls} but no "
                            "<inclusive> or no <per-call>")
            return
        ir = int(incl.get("Ir"))
        order = [pc["min"], pc["p50"], pc["p95"], pc["p99"], pc["max"], ir,
                 total]
        if order != sorted(order):
            problems.append(f"{kind} {name}: not min <= p50 <= p95 <= p99 <= "
                            f"max <= inclusive <= total: {order}")
        if not re.fullmatch(r"[0-9]+\.[0-9]{2}", pc["mean"]):
            problems.append(f"{kind} {name}: mean '{pc['mean']}' does not "
                            "have two decimals")
            return
        mean100 = int(pc["mean"].replace(".", ""))
        if not pc["min"] * 100 <= mean100 <= pc["max"] * 100:
            problems.append(f"{kind} {name}: mean {pc['mean']} outside "
                            f"[{pc['min']}, {pc['max']}]")
        # sum of per-call values >= inclusive, and the mean is that sum
        # over calls, rounded: mean + 0.005 >= inclusive / calls.
        if (2 * mean100 + 1) * calls < 200 * ir:
            problems.append(f"{kind} {name}: mean {pc['mean']} times calls "
                            f"{calls} is below inclusive Ir {ir}")
        if calls == 1 and not pc["min"] == pc["max"] == ir:
            problems.append(f"{kind} {name}: one call, but per-call "
                            f"{pc} and inclusive Ir {ir}")

    # With --call-graph=yes every function has calls, an id and
    # <inclusive>; <per-call> stays a marked function's.
    graph = any(o.get("name") == "call-graph" and o.get("value") == "yes"
                for o in root.iter("option"))
    for f in funcs:
        # --inline=yes: an inlined function's row has calls (entries into
        # its code from outside it), marked or not; its activations, like
        # a real function's, only when marked.
        if f.get("inlined") == "yes":
            if f.get("inlined-into") is None or f.get("calls") is None:
                problems.append(f"function {f.get('name')}: an inlined "
                                "row needs inlined-into and calls")
            elif f.get("marked") == "yes":
                check("function", f.get("name"), f, int(f.get("calls")))
            elif (f.find("inclusive") is not None
                  or f.find("per-call") is not None):
                problems.append(f"function {f.get('name')}: an inlined "
                                "row that is not marked has <inclusive> "
                                "or <per-call>")
            continue
        if graph and f.get("marked") is None:
            if (f.get("calls") is None or f.find("inclusive") is None
                    or f.find("per-call") is not None):
                problems.append(f"function {f.get('name')}: a call-graph "
                                "report's function needs calls and "
                                "<inclusive>, and no <per-call> unless "
                                "marked")
            continue
        if f.get("marked") is None:
            if f.get("calls") is not None or f.find("inclusive") is not None:
                problems.append(f"function {f.get('name')}: calls or "
                                "inclusive without marked=\"yes\"")
            continue
        if f.get("marked") != "yes" or f.get("calls") is None:
            problems.append(f"function {f.get('name')}: marked="
                            f"'{f.get('marked')}' calls='{f.get('calls')}'")
            continue
        check("function", f.get("name"), f, int(f.get("calls")))
    zones = root.find("zones")
    for z in (zones.findall("zone") if zones is not None else []):
        check("zone", z.get("name"), z, int(z.get("calls")))

    marks = root.find("marks")
    marks = marks.findall("mark") if marks is not None else []
    # OBJ is a glob over the object's file name or its soname (listed in
    # <objects>).
    objects = root.find("objects")
    soname = {o.get("name"): o.get("soname")
              for o in (objects.findall("object") if objects is not None
                        else [])}

    def object_matches(obj_rx, f):
        name = f.get("object")
        so = soname.get(name)
        return bool(obj_rx.match(name) or (so is not None and obj_rx.match(so)))

    matched_any = set()
    for m in marks:
        obj, pat = split_mark(m.get("pattern"))
        rx = glob_re(pat)
        obj_rx = glob_re(obj) if obj is not None else None
        hits = [f for f in funcs
                if rx.match(f.get("name"))
                and (obj is None or object_matches(obj_rx, f))]
        matched_any.update(id(f) for f in hits)
        entered = sum(1 for f in hits if int(f.get("calls") or 0) > 0)
        unmarked = [f.get("name") for f in hits if f.get("marked") != "yes"]
        if unmarked:
            problems.append(f"mark '{m.get('pattern')}' matches functions "
                            f"that are not marked: {unmarked[:5]}")
        got = (int(m.get("functions")), int(m.get("entered")))
        if got[1] != entered or got[0] < len(hits):
            problems.append(f"mark '{m.get('pattern')}': functions, entered "
                            f"= {got}, the report's functions give "
                            f"{(len(hits), entered)}")
    for f in funcs:
        if f.get("marked") == "yes" and id(f) not in matched_any:
            problems.append(f"function {f.get('name')} ({f.get('object')}) is "
                            "marked but matches no <mark> pattern")
    for p in problems:
        print(f"{path}: {p}")
    return 1 if problems else 0


def per_call(path, kind, name, spec):
    root = ET.parse(path).getroot()
    parent = root.find("functions" if kind == "function" else "zones")
    elems = [e for e in (parent if parent is not None else [])
             if e.get("name") == name]
    if len(elems) != 1:
        print(f"{path}: {len(elems)} {kind}s named '{name}', expected 1")
        return 1
    values = []
    with open(spec) as f:
        for line in f:
            if line.strip():
                v, c = line.split()
                values.append((int(v), int(c)))
    values.sort()
    n = sum(c for _, c in values)
    total = sum(v * c for v, c in values)

    def rank_value(p):
        rank = -(-p * n // 100)
        seen = 0
        for v, c in values:
            seen += c
            if seen >= rank:
                return v
        raise AssertionError

    want = {"min": values[0][0], "max": values[-1][0], "p50": rank_value(50),
            "p95": rank_value(95), "p99": rank_value(99)}
    got = per_call_of(elems[0]) or {}
    problems = []
    if int(elems[0].get("calls")) != n:
        problems.append(f"calls {elems[0].get('calls')}, expected {n}")
    for k, v in want.items():
        if got.get(k) != v:
            problems.append(f"per-call {k} {got.get(k)}, expected {v}")
    if not mean_ok(got.get("mean", ""), total, n):
        problems.append(f"per-call mean {got.get('mean')}, expected "
                        f"{total}/{n} = {total / n:.4f} to two decimals")
    for p in problems:
        print(f"{path}: {kind} {name}: {p}")
    if not problems:
        print(f"{kind} {name}: {n} calls, per-call min {want['min']} max "
              f"{want['max']} mean {got['mean']} p50 {want['p50']} p95 "
              f"{want['p95']} p99 {want['p99']}")
    return 1 if problems else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "invariants":
        return invariants(argv[2])
    if len(argv) == 6 and argv[1] == "per-call" and argv[3] in ("function", "zone"):
        return per_call(argv[2], argv[3], argv[4], argv[5])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
