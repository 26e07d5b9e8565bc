#!/usr/bin/env python3
"""Compare a hotgrind report with a Cachegrind output file, per function.

Cachegrind keys its counts by (source file of the instruction, function),
so one function whose code comes from several files (inlined headers) is
split there; hotgrind keys by the function itself.  Both sides are summed
by function name, which is what both tools take from Valgrind's debug
info, and every name must agree exactly, as must the totals.

Usage: cg_compare.py REPORT.xml CACHEGRIND.OUT [EVENT...]
Exit status 0 when everything matches, 1 otherwise (differences printed).
"""
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict


def read_cachegrind(path):
    events = None
    per_fn = defaultdict(lambda: defaultdict(int))
    summary = None
    fn = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("fn="):
                fn = line[3:]
            elif line.startswith("summary:"):
                summary = dict(zip(events, map(int, line.split()[1:])))
            elif line and line[0].isdigit():
                parts = line.split()
                for ev, val in zip(events, parts[1:]):
                    per_fn[fn][ev] += int(val)
    return events, per_fn, summary


def read_hotgrind(path):
    root = ET.parse(path).getroot()
    per_fn = defaultdict(lambda: defaultdict(int))
    for f in root.find("functions").findall("function"):
        self_ = f.find("self")
        for ev, val in self_.attrib.items():
            per_fn[f.get("name")][ev] += int(val)
    totals = {k: int(v) for k, v in root.find("totals").attrib.items()}
    return per_fn, totals


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    hg_fn, hg_tot = read_hotgrind(sys.argv[1])
    events, cg_fn, cg_tot = read_cachegrind(sys.argv[2])
    wanted = sys.argv[3:] or events
    bad = 0
    for ev in wanted:
        if hg_tot.get(ev) != cg_tot.get(ev):
            print(f"total {ev}: hotgrind {hg_tot.get(ev)} cachegrind {cg_tot.get(ev)}")
            bad += 1
    names = sorted(set(hg_fn) | set(cg_fn))
    for name in names:
        for ev in wanted:
            h, c = hg_fn[name].get(ev, 0), cg_fn[name].get(ev, 0)
            if h != c:
                print(f"{name}: {ev} hotgrind {h} cachegrind {c}")
                bad += 1
    nonzero = sum(1 for n in names if any(cg_fn[n].get(e, 0) for e in wanted))
    if bad:
        print(f"MISMATCH: {bad} differences over {len(names)} functions")
        return 1
    print(f"match: {nonzero} functions, events {' '.join(wanted)}, "
          f"total Ir {cg_tot.get('Ir')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
