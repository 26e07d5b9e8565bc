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

Every event compared must be in both files (and in the second runs'):
an event neither file has would compare nothing, and fails.

--oracle-again names a second Cachegrind run of the same command.  Where
the two oracle runs disagree (a figure that depends on something outside
the program, e.g. a tiny direct-mapped cache seeing an address that varies
between processes), that figure is not compared and is listed as unstable;
everything else must still be equal, and each event must keep at least
one figure to compare.  --report-again names a second hotgrind run of the
same command: hotgrind's figures must not vary from run to run, so any
figure on which its two runs disagree is a failure (printed), never a
figure left out.
"""
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

import cg_out


def read_cachegrind(path):
    """The events, {function: {event: count}} summed over the function's
    files, and the summary of a Cachegrind output file."""
    events, summary, costs = cg_out.read_cachegrind(path)
    per_fn = defaultdict(lambda: defaultdict(int))
    for _, fn, _, counts in costs:
        for ev, val in zip(events, counts):
            per_fn[fn][ev] += val
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
    bad = 0
    # An event a file lacks reads as 0 (None for a total) on that side:
    # missing from both, it would "match" without comparing anything.
    files = [(args[1], set(events)), (args[0], set(hg_tot))]
    if again:
        cg2_events, cg2_fn, cg2_tot = read_cachegrind(again)
        files.append((again, set(cg2_events)))
    if report_again:
        hg2_fn, hg2_tot = read_hotgrind(report_again)
        files.append((report_again, set(hg2_tot)))
    for path, has in files:
        for ev in wanted:
            if ev not in has:
                print(f"event {ev} is not in {path}")
                bad += 1
    if not wanted:
        print(f"no events to compare (no events: line in {args[1]})")
        bad += 1
    if bad:
        print(f"MISMATCH: {bad} events missing")
        return 1
    unstable_fn, unstable_tot = set(), set()
    if again:
        for name in set(cg_fn) | set(cg2_fn):
            for ev in wanted:
                if cg_fn[name].get(ev, 0) != cg2_fn[name].get(ev, 0):
                    unstable_fn.add((name, ev))
        unstable_tot = {ev for ev in wanted if cg_tot.get(ev) != cg2_tot.get(ev)}
        for name, ev in sorted(unstable_fn):
            print(f"unstable in the oracle, not compared: {name} {ev}")
    if report_again:
        # Not a second sample to vote with: hotgrind must repeat itself.
        for ev in wanted:
            if hg_tot.get(ev) != hg2_tot.get(ev):
                print(f"total {ev}: hotgrind's two runs differ: "
                      f"{hg_tot.get(ev)} and {hg2_tot.get(ev)}")
                bad += 1
        for name in sorted(set(hg_fn) | set(hg2_fn)):
            for ev in wanted:
                h, h2 = hg_fn[name].get(ev, 0), hg2_fn[name].get(ev, 0)
                if h != h2:
                    print(f"{name}: {ev} hotgrind's two runs differ: {h} and {h2}")
                    bad += 1
    compared = defaultdict(int)   # figures compared (not 0 = 0), per event
    for ev in wanted:
        if ev in unstable_tot:
            continue
        compared[ev] += 1
        if hg_tot.get(ev) != cg_tot.get(ev):
            print(f"total {ev}: hotgrind {hg_tot.get(ev)} cachegrind {cg_tot.get(ev)}")
            bad += 1
    names = sorted(set(hg_fn) | set(cg_fn))
    for name in names:
        for ev in wanted:
            if (name, ev) in unstable_fn:
                continue
            h, c = hg_fn[name].get(ev, 0), cg_fn[name].get(ev, 0)
            compared[ev] += bool(h or c)
            if h != c:
                print(f"{name}: {ev} hotgrind {h} cachegrind {c}")
                bad += 1
    for ev in wanted:
        if not compared[ev]:
            print(f"{ev}: every figure unstable in the oracle, nothing compared")
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
