#!/usr/bin/env python3
# hotgrind regression tests: compares a --lines=yes report's per-line
# self costs with Cachegrind's per-line records (its out file's fl=, fn=
# and line lines), summed per (file path, function name, line) on both
# sides: Cachegrind names a file dir/file and a function by name only.
# Every event both files have is compared (Ir always: a report whose lines
# lack it, or a Cachegrind file without it, is refused), so a report with
# cache or branch events per line is checked against a Cachegrind run
# with --cache-sim=yes or --branch-sim=yes in full.
# Usage: cg_lines_compare.py REPORT.xml CACHEGRIND.out
# GPL-2.0-or-later
import collections
import sys
import xml.etree.ElementTree as ET

LINE_KEYS = ("file", "dir", "line")


def report_lines(path):
    """{(file path, function, line): {event: count}} and the events seen."""
    counts = collections.defaultdict(collections.Counter)
    events = set()
    for fn in ET.parse(path).getroot().iter("function"):
        lines = fn.find("lines")
        if lines is None:
            sys.exit(f"{path}: function {fn.get('name')} has no <lines>")
        totals = collections.Counter()
        for ln in lines.findall("line"):
            name = ln.get("file") or "???"
            if ln.get("dir"):
                name = ln.get("dir") + "/" + name
            key = (name, fn.get("name"), int(ln.get("line")))
            for event, value in ln.attrib.items():
                if event not in LINE_KEYS:
                    events.add(event)
                    counts[key][event] += int(value)
                    totals[event] += int(value)
        self_cost = fn.find("self").attrib
        for event, total in totals.items():
            if total != int(self_cost.get(event, 0)):
                sys.exit(f"{path}: {fn.get('name')}: lines sum to {event} {total}, "
                         f"self {event} is {self_cost.get(event, 0)}")
    return counts, events


def cachegrind_lines(path):
    """{(file path, function, line): {event: count}} and the events."""
    counts = collections.defaultdict(collections.Counter)
    events = []
    file = name = None
    with open(path) as out:
        for text in out:
            text = text.rstrip("\n")
            if text.startswith("events:"):
                events = text.split()[1:]
            elif text.startswith("fl="):
                file = text[3:]
            elif text.startswith("fn="):
                name = text[3:]
            elif text[:1].isdigit():
                fields = text.split()
                for event, value in zip(events, fields[1:]):
                    counts[(file, name, int(fields[0]))][event] += int(value)
    return counts, events


def main():
    mine, mine_events = report_lines(sys.argv[1])
    theirs, their_events = cachegrind_lines(sys.argv[2])
    events = [e for e in their_events if e in mine_events]
    if "Ir" not in events:
        sys.exit(f"Ir is not in both files: the report's lines have "
                 f"{sorted(mine_events)}, Cachegrind's {their_events}")
    diffs = []
    for key in sorted(set(mine) | set(theirs)):
        for event in events:
            if mine[key][event] != theirs[key][event]:
                diffs.append((key, event))
    for key, event in diffs[:20]:
        print(f"{key[0]}:{key[2]} {key[1]}: {event} hotgrind {mine[key][event]}, "
              f"cachegrind {theirs[key][event]}")
    ran = sum(1 for costs in theirs.values() if costs["Ir"])
    if diffs:
        sys.exit(f"{len(diffs)} figures of {ran} lines differ ({' '.join(events)})")
    print(f"{ran} lines, every {', '.join(events)} equal")


main()
