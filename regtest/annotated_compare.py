#!/usr/bin/env python3
# What cg_annotate or callgrind_annotate (Valgrind's scripts, run with
# --auto=yes) print for one source file, from two profiles of the same
# run: hotgrind's export and the Valgrind tool's own out file.  The file's
# rows of the function table and its annotated source (each line's counts
# and text) must be equal; percentages, thousands separators and the
# object names callgrind_annotate puts after a function are left out (the
# objects are basenames in hotgrind's files, paths in Callgrind's), and so
# are callgrind_annotate's call lines ("=> callee"), which only Callgrind's
# files have (hotgrind records no call sites).
# Usage: annotated_compare.py OURS.txt THEIRS.txt FILE-SUFFIX [rows]
# With "rows", only the function rows, each function's summed over its
# files (a report without lines has every cost on line 0 of the function's
# file, inlined code included: no annotated source to compare, and one row
# where Cachegrind has one a file).
# Prints how many rows and annotated lines agree.  GPL-2.0-or-later
import re
import sys

PERCENT = re.compile(r"\(\s*[0-9.]+%\)")
SOURCE_HEADER = re.compile(
    r"^-- (?:Auto-annotated source|User-annotated source|Annotated source file): (.*)$")
RULE = re.compile(r"^-{20,}$")
UNIDENTIFIED_NONE = re.compile(r"^(0 )+<(counts for unidentified lines|unknown \(line 0\))")


def normal(line):
    """Counts without percentages or commas, single spaces."""
    line = PERCENT.sub("", line).replace(",", "")
    return " ".join(line.split())


def parse(path, suffix):
    """The function rows naming a file ending in SUFFIX, and that file's
    annotated source lines, normalised."""
    rows, all_rows, source, section, in_table = [], [], [], None, False
    rules_left = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    for line in lines:
        header = SOURCE_HEADER.match(line)
        if header:
            # The header's closing rule, then the rule after the source.
            section, rules_left = header.group(1), 2
            in_table = False
            continue
        if line.rstrip().endswith("file:function"):
            in_table, section = True, None
            continue
        if RULE.match(line):
            rules_left -= 1
            if rules_left <= 0:
                section = None
            continue
        if UNIDENTIFIED_NONE.match(normal(line)):
            # A line-0 cost of 0 in the events shown carries nothing.
            continue
        if in_table:
            if not line.strip():
                in_table = False
                continue
            row = re.sub(r" \[[^]]*\]$", "", normal(line))
            name = row.split(" ")[-1] if row else ""
            file = name.rsplit(":", 1)[0]
            all_rows.append(row)
            if file.endswith(suffix):
                rows.append(row)
        elif section is not None and section.endswith(suffix):
            if "=>" in line or not line.strip():
                continue
            source.append(normal(line))
    return sorted(rows), source, all_rows


def summed_by_function(rows, all_rows):
    """For each function with a row in ROWS, its counts summed over all
    its rows (every file)."""
    def split(row):
        words = row.split(" ")
        return words[-1].rsplit(":", 1)[1], [int(w) for w in words[:-1]]
    wanted = {split(row)[0] for row in rows}
    sums = {}
    for row in all_rows:
        name, counts = split(row)
        if name in wanted:
            old = sums.get(name, [0] * len(counts))
            sums[name] = [a + b for a, b in zip(old, counts)]
    return sorted(" ".join(map(str, c)) + " " + n for n, c in sums.items())


def main():
    if len(sys.argv) not in (4, 5) or sys.argv[4:] not in ([], ["rows"]):
        sys.exit("usage: annotated_compare.py OURS.txt THEIRS.txt FILE-SUFFIX [rows]")
    ours_path, theirs_path, suffix = sys.argv[1:4]
    rows_only = len(sys.argv) == 5
    ours_rows, ours_source, ours_all = parse(ours_path, suffix)
    theirs_rows, theirs_source, theirs_all = parse(theirs_path, suffix)
    if rows_only:
        ours_source = theirs_source = ["(not compared)"]
        ours_rows = summed_by_function(ours_rows, ours_all)
        theirs_rows = summed_by_function(theirs_rows, theirs_all)
    problems = []
    if not theirs_rows or not theirs_source:
        problems.append(f"{theirs_path}: no function or annotated source of *{suffix}")
    if ours_rows != theirs_rows:
        problems.append("function rows differ:\n  ours:   "
                        + "\n          ".join(ours_rows)
                        + "\n  theirs: " + "\n          ".join(theirs_rows))
    if ours_source != theirs_source:
        for n, (a, b) in enumerate(zip(ours_source, theirs_source)):
            if a != b:
                problems.append(f"annotated line {n + 1} differs:\n  ours:   {a}\n  theirs: {b}")
                break
        else:
            problems.append(f"annotated source: {len(ours_source)} lines, "
                            f"theirs {len(theirs_source)}")
    if problems:
        sys.exit("\n".join(problems))
    if rows_only:
        print(f"*{suffix}: {len(ours_rows)} functions' rows agree, summed over their files")
        return
    counted = sum(1 for s in ours_source if re.match(r"^[0-9]", s))
    print(f"*{suffix}: {len(ours_rows)} function rows and {counted} counted "
          f"lines of {len(ours_source)} agree")


if __name__ == "__main__":
    main()
