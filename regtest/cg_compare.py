#!/usr/bin/env python3
"""Compare a hotgrind report with a Cachegrind output file, per function.

Cachegrind keys its counts by (source file of the instruction, function),
so one function whose code comes from several files (inlined headers) is
split there; hotgrind keys by the function itself.  Both sides are summed
by function name, which is what both tools take from Valgrind's debug
info, and every name must agree exactly, as must the totals.

Usage: cg_compare.py [--oracle-again=CACHEGRIND2.OUT [--report-again=REPORT2.xml]]
                     REPORT.xml CACHEGRIND.OUT [EVENT...]
Exit status 0 when everything matches, 1 otherwise (differences printed).

--oracle-again names a second Cachegrind run of the same command.  Where
the two oracle runs disagree (a figure that depends on something outside
the program, e.g. a tiny direct-mapped cache seeing an address that varies
between processes), that figure is not compared and is listed as unstable;
everything else must still be equal.  --report-again names a second
hotgrind run: a figure on which the two hotgrind runs disagree varies
between processes too (both tools see the same outside input, one sample
each), so it is left out and listed the same way.
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
    args = sys.argv[1:]
    again = report_again = None
    if args and args[0].startswith("--oracle-again="):
        again = args.pop(0).split("=", 1)[1]
    if again and args and args[0].startswith("--report-again="):
        report_again = args.pop(0).split("=", 1)[1]
    if len(args) < 2:
        sys.exit(__doc__)
    hg_fn, hg_tot = read_hotgrind(args[0])
    events, cg_fn, cg_tot = read_cachegrind(args[1])
    wanted = args[2:] or events
    unstable_fn, unstable_tot = set(), set()
    if again:
        _, cg2_fn, cg2_tot = read_cachegrind(again)
        for name in set(cg_fn) | set(cg2_fn):
            for ev in wanted:
                if cg_fn[name].get(ev, 0) != cg2_fn[name].get(ev, 0):
                    unstable_fn.add((name, ev))
        unstable_tot = {ev for ev in wanted if cg_tot.get(ev) != cg2_tot.get(ev)}
        for name, ev in sorted(unstable_fn):
            print(f"unstable in the oracle, not compared: {name} {ev}")
    if report_again:
        hg2_fn, hg2_tot = read_hotgrind(report_again)
        for name in set(hg_fn) | set(hg2_fn):
            for ev in wanted:
                if (hg_fn[name].get(ev, 0) != hg2_fn[name].get(ev, 0)
                        and (name, ev) not in unstable_fn):
                    unstable_fn.add((name, ev))
                    print(f"unstable between two hotgrind runs, not compared: {name} {ev}")
        unstable_tot |= {ev for ev in wanted if hg_tot.get(ev) != hg2_tot.get(ev)}
    bad = 0
    for ev in wanted:
        if ev in unstable_tot:
            continue
        if hg_tot.get(ev) != cg_tot.get(ev):
            print(f"total {ev}: hotgrind {hg_tot.get(ev)} cachegrind {cg_tot.get(ev)}")
            bad += 1
    names = sorted(set(hg_fn) | set(cg_fn))
    for name in names:
        for ev in wanted:
            if (name, ev) in unstable_fn:
                continue
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
