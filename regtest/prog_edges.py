#!/usr/bin/env python3
"""A --call-graph=yes report's edges against a program's own counts of
its calls, and against the report of the same source built for another
architecture.  Callgrind's output of the same run is read the same way
wherever a REPORT.xml is named (its calls= lines, through
cgr_inclusive.py; recognised by not being XML).

A program's own functions are those of its executable and libraries
(OBJECT..., the report's object names of them) that have a source file: its C or C++
functions and the templates instantiated in it, not the C runtime's
start-up code, which has no debug information and differs by
architecture.  Edges are keyed by the caller's and callee's names,
summed over functions of one name.

Usage:
  prog_edges.py counts REPORT.xml COUNTS
      COUNTS: the program's "CALLER<TAB>CALLEE<TAB>CALLS" lines
      (edge_count.h).  Each edge's calls in the report equal the
      program's count; for CALLER "*", the callee's calls from everywhere.
      An edge of the report between two functions that COUNTS names must
      be one of its lines.  Exit 1 on a difference.
  prog_edges.py same REPORT.xml OTHER.xml OBJECT...
      every edge between two of the program's own functions, and every
      edge into one of them from any caller, has the same calls in both
      reports, and both have the same such edges.  Exit 1 on a
      difference, or if there is none to compare."""
import os
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cgr_edges import Graph  # noqa: E402
from cgr_inclusive import Callgrind  # noqa: E402


class Edges:
    """One run's calls, from a hotgrind report or a Callgrind output:
    tool, the name the messages give it; calls[(caller key, callee
    key)]; calls_of[name], the calls into functions of that name from
    everywhere; source[key], the function's source file ("" or "???"
    without one).  A key is (object, name)."""

    def __init__(self, path):
        with open(path, "rb") as fh:
            xml = fh.read(5) == b"<?xml"
        self.calls, self.calls_of, self.source = (
            defaultdict(int), defaultdict(int), {})
        if xml:
            self.tool = "hotgrind"
            g = Graph(path)
            files = [f.get("file", "") for f in ET.parse(path).getroot()
                     .find("functions").findall("function")]
            for f, file in zip(g.fns, files):
                self.source[f["key"]] = file
                self.calls_of[f["key"][1]] += f["calls"]
            self.calls.update(g.edges_by_key())
        else:
            self.tool = "Callgrind"
            cg = Callgrind(path)
            self.source = cg.source
            for (caller, callee), calls in cg.edge_calls.items():
                self.calls[(caller, callee)] += calls
                self.calls_of[callee[1]] += calls

    def by_name(self, wanted=lambda callee: True):
        """Calls per (caller name, callee name), of the callees for
        which wanted(callee key) holds."""
        out = defaultdict(int)
        for (caller, callee), calls in self.calls.items():
            if wanted(callee):
                out[(caller[1], callee[1])] += calls
        return out


def counts(report, counts_path):
    run = Edges(report)
    ours, calls_of, tool = run.by_name(), run.calls_of, run.tool
    want, named = {}, set()
    with open(counts_path) as fh:
        for line in fh:
            caller, callee, calls = line.rstrip("\n").split("\t")
            want[(caller, callee)] = int(calls)
            named.update({caller, callee} - {"*"})
    bad, shown = 0, []
    for (caller, callee), calls in want.items():
        got = calls_of[callee] if caller == "*" else ours.get((caller,
                                                               callee), 0)
        what = (f"calls of {callee}" if caller == "*"
                else f"{caller} -> {callee}")
        if got != calls:
            bad += 1
            print(f"{what}: {tool} {got}, the program counted {calls}")
        shown.append(f"{what} {calls}")
    for (caller, callee), calls in sorted(ours.items()):
        if caller in named and callee in named and \
           (caller, callee) not in want:
            bad += 1
            print(f"{caller} -> {callee}: {tool} {calls}, a call the "
                  "program never makes")
    if bad:
        print(f"MISMATCH: {bad} edges differ from the program's counts")
        return 1
    print(f"match: {len(want)} edges have the program's counts: "
          + "; ".join(shown))
    return 0


def own_edges(report, objs):
    """Edges into the program's own functions from any caller."""
    run = Edges(report)
    return run.by_name(lambda callee: callee[0] in objs and
                       run.source.get(callee, "") not in ("", "???"))


def same(report, other, objs):
    ours, theirs = own_edges(report, objs), own_edges(other, objs)
    bad = 0
    for key in sorted(set(ours) | set(theirs)):
        if ours.get(key, 0) != theirs.get(key, 0):
            bad += 1
            print(f"{key[0]} -> {key[1]}: {ours.get(key, 0)} calls in "
                  f"{report}, {theirs.get(key, 0)} in {other}")
    for (caller, callee), calls in sorted(ours.items()):
        print(f"{caller} -> {callee}: {calls}")
    if bad or not ours:
        print(f"MISMATCH: {bad} of {len(set(ours) | set(theirs))} edges "
              "into the program's functions differ")
        return 1
    print(f"match: {len(ours)} edges into the program's functions have "
          "the same calls (one line each above)")
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "counts":
        return counts(argv[2], argv[3])
    if len(argv) >= 5 and argv[1] == "same":
        return same(argv[2], argv[3], set(argv[4:]))
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
