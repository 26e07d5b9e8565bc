#!/usr/bin/env python3
# hotgrind regression tests: compares a --lines=yes report's per-line
# self costs with Cachegrind's per-line records (its out file's fl=, fn=
# and line lines), summed per (file path, function name, line) on both
# sides: Cachegrind names a file dir/file and a function by name only.
# Every event of Cachegrind's file (Ir, and with --cache-sim=yes and
# --branch-sim=yes its cache and branch events) is compared, and must be
# on every <line> of the report; each function's lines must add up to its
# <self> in every event.
# Usage: cg_lines_compare.py REPORT.xml CACHEGRIND.out
# GPL-2.0-or-later
import collections
import sys
import xml.etree.ElementTree as ET

import cg_out

# The events a <line> may carry besides the cycle estimate.
EVENTS = ("Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw",
          "Bc", "Bcm", "Bi", "Bim")


def report_lines(path, events):
    counts = collections.defaultdict(collections.Counter)
    for fn in ET.parse(path).getroot().iter("function"):
        name = fn.get("name")
        lines = fn.find("lines")
        if lines is None:
            sys.exit(f"{path}: function {name} has no <lines>")
        totals = collections.Counter()
        for ln in lines.findall("line"):
            shown = [e for e in EVENTS if ln.get(e) is not None]
            if shown != events:
                sys.exit(f"{path}: {name}: a <line> has {' '.join(shown)}, "
                         f"Cachegrind's file {' '.join(events)}")
            file = ln.get("file") or "???"
            if ln.get("dir"):
                file = ln.get("dir") + "/" + file
            for e in events:
                counts[(file, name, int(ln.get("line")))][e] += int(ln.get(e))
                totals[e] += int(ln.get(e))
        own = fn.find("self")
        for e in events:
            if totals[e] != int(own.get(e)):
                sys.exit(f"{path}: {name}: lines' {e} sum to {totals[e]}, "
                         f"self {e} is {own.get(e)}")
    return counts


def cachegrind_lines(path):
    """The events and {(file, function, line): Counter of events} of a
    Cachegrind output file."""
    events, _, costs = cg_out.read_cachegrind(path)
    counts = collections.defaultdict(collections.Counter)
    for file, name, line, figures in costs:
        for e, value in zip(events, figures):
            counts[(file, name, line)][e] += value
    # A line Cachegrind saw with no instruction counted is no line.
    return events, {k: v for k, v in counts.items() if v["Ir"]}


def main():
    events, theirs = cachegrind_lines(sys.argv[2])
    if "Ir" not in events:
        sys.exit(f"{sys.argv[2]}: no events: line")
    mine = report_lines(sys.argv[1], events)
    diffs = sorted(k for k in set(mine) | set(theirs)
                   if any(mine.get(k, {}).get(e, 0) != theirs.get(k, {}).get(e, 0)
                          for e in events))
    for key in diffs[:20]:
        got = mine.get(key, collections.Counter())
        want = theirs.get(key, collections.Counter())
        what = ", ".join(f"{e} {got[e]} vs {want[e]}" for e in events
                         if got[e] != want[e])
        print(f"{key[0]}:{key[2]} {key[1]}: hotgrind vs cachegrind: {what}")
    if diffs:
        sys.exit(f"{len(diffs)} of {len(theirs)} lines differ")
    print(f"{len(theirs)} lines, every {' '.join(events)} equal")


if __name__ == "__main__":
    main()
