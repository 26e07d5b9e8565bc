#!/usr/bin/env python3
# hotgrind regression tests: compares a --lines=yes report's per-line
# self Ir with Cachegrind's per-line records (its out file's fl=, fn= and
# line lines), summed per (file path, function name, line) on both sides:
# Cachegrind names a file dir/file and a function by name only.
# Usage: cg_lines_compare.py REPORT.xml CACHEGRIND.out
# GPL-2.0-or-later
import collections
import sys
import xml.etree.ElementTree as ET


def report_lines(path):
    counts = collections.Counter()
    for fn in ET.parse(path).getroot().iter("function"):
        lines = fn.find("lines")
        if lines is None:
            sys.exit(f"{path}: function {fn.get('name')} has no <lines>")
        total = 0
        for ln in lines.findall("line"):
            name = ln.get("file") or "???"
            if ln.get("dir"):
                name = ln.get("dir") + "/" + name
            counts[(name, fn.get("name"), int(ln.get("line")))] += int(ln.get("Ir"))
            total += int(ln.get("Ir"))
        self_ir = int(fn.find("self").get("Ir"))
        if total != self_ir:
            sys.exit(f"{path}: {fn.get('name')}: lines sum to {total}, self Ir is {self_ir}")
    return counts


def cachegrind_lines(path):
    counts = collections.Counter()
    events = None
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
                ir = int(fields[1 + events.index("Ir")])
                if ir:
                    counts[(file, name, int(fields[0]))] += ir
    return counts


def main():
    mine = report_lines(sys.argv[1])
    theirs = cachegrind_lines(sys.argv[2])
    diffs = sorted(k for k in set(mine) | set(theirs) if mine[k] != theirs[k])
    for key in diffs[:20]:
        print(f"{key[0]}:{key[2]} {key[1]}: hotgrind {mine[key]}, cachegrind {theirs[key]}")
    if diffs:
        sys.exit(f"{len(diffs)} of {len(theirs)} lines differ")
    print(f"{len(theirs)} lines, every Ir equal")


main()
