#!/usr/bin/env python3
"""hotgrind regression tests: the per-line counts `hotgrind annotate`
prints against those cg_annotate prints for the same source files.

usage: annotate_compare.py HOTGRIND-ANNOTATE-OUTPUT CG-ANNOTATE-OUTPUT PATH...

Both outputs are read the same way: each "-- ...-annotated source: PATH"
section of a PATH given, its rows numbered from line 1 or from the
"-- line N ----" mark that starts a run (a mark repeating the last row's
number ends one), until an empty line.  A row's first word is its Ir
('.' for none).  hotgrind annotate gives one section per function and
file, so its counts are summed per (file, line) first.  Every PATH's
counts must be equal, line for line.  GPL-2.0-or-later
"""

import re
import sys

HEADER = re.compile(r"^-- (?:Auto|User)-annotated source: (.*)$")
MARK = re.compile(r"^-- line (\d+) -+$")
ROW = re.compile(r"^\s*([0-9,]+|\.)(?:\s|$)")


def per_line_counts(path, wanted):
    counts = {}
    with open(path, encoding="utf-8", errors="replace") as output:
        lines = output.read().split("\n")
    i = 0
    while i < len(lines):
        header = HEADER.match(lines[i])
        i += 1
        if not header or header.group(1) not in wanted:
            continue
        source = header.group(1)
        # The events' titles (under a rule, in cg_annotate), then an empty
        # line.
        while i < len(lines) and lines[i] != "":
            i += 1
        i += 1
        next_line, last_row = 1, None
        while i < len(lines) and lines[i] != "":
            mark = MARK.match(lines[i])
            if mark:
                number = int(mark.group(1))
                if number != last_row:
                    next_line = number
            else:
                row = ROW.match(lines[i])
                if not row:
                    sys.exit(f"{path}: not a row: {lines[i]!r}")
                if row.group(1) != ".":
                    key = (source, next_line)
                    counts[key] = counts.get(key, 0) + int(
                        row.group(1).replace(",", ""))
                last_row = next_line
                next_line += 1
            i += 1
    return counts


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    wanted = set(sys.argv[3:])
    hotgrind = per_line_counts(sys.argv[1], wanted)
    cachegrind = per_line_counts(sys.argv[2], wanted)
    if not cachegrind:
        sys.exit("cg_annotate annotated none of the files")
    differ = sorted(key for key in set(hotgrind) | set(cachegrind)
                    if hotgrind.get(key) != cachegrind.get(key))
    for source, line in differ[:20]:
        print(f"{source}:{line}: hotgrind annotate "
              f"{hotgrind.get((source, line), '.')}, cg_annotate "
              f"{cachegrind.get((source, line), '.')}", file=sys.stderr)
    if differ:
        sys.exit(f"{len(differ)} lines differ")
    files = len({source for source, _ in cachegrind})
    print(f"{len(cachegrind)} lines of {files} file{'s' if files != 1 else ''}, "
          f"{sum(cachegrind.values())} Ir, equal")


main()
