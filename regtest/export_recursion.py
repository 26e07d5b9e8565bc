#!/usr/bin/env python3
"""What callgrind_annotate --inclusive=yes makes of `hotgrind export
--format=callgrind` of a --call-graph=yes report, recursive functions
included.  GPL-2.0-or-later; part of hotgrind.

  export_recursion.py inclusive REPORT.xml ANNOTATED.txt
    every function that was entered (calls > 0) and is not mid-jump has,
    in `callgrind_annotate --inclusive=yes --threshold=100`, the report's
    inclusive Ir, and it is at most the total; the recursive ones among
    them are counted apart (there must be some).  The report is read with
    xml.etree; callgrind_annotate names a function FILE:NAME [OBJECT],
    FILE with the function's dir joined, NAME with " [OBJECT]" when two
    objects share the pair or it is "???" (docs/export.md).  Run
    callgrind_annotate from a directory that holds none of the sources,
    or it shortens the fn= files but not the cfn= ones.
  export_recursion.py edges REPORT.xml TREE.txt
    `callgrind_annotate --tree=caller` shows exactly the report's calls,
    each with its calls, and its Ir but for a recursive callee: the
    inclusive Ir of the callee's contexts under the caller's that have
    no context of the callee above them (its outermost entries), worked
    out here from the report's contexts (which must not be cut at
    --max-contexts).  cga_compare.py's comparison of the edges, with
    those figures.
Exit status 0 when they agree; the last line says how many were
compared."""
import re
import sys
import xml.etree.ElementTree as ET

import cga_compare


def count(text):
    return int(text.replace(",", ""))


def edges(report, annotated):
    """cga_compare's comparison of the edges, whose report_calls gives a
    recursive callee the Ir of its outermost entries."""
    return cga_compare.edges(report, annotated)


def inclusive(report, annotated):
    root = ET.parse(report).getroot()
    total = int(root.find("totals").get("Ir"))
    fs = root.find("functions").findall("function")
    objects = {}
    for f in fs:
        objects.setdefault((f.get("file"), f.get("name")), set()).add(
            f.get("object"))
    shown = {}
    for line in open(annotated):
        m = re.match(r"^\s*([\d,]+) .*\s{2,}(\S.*?)\s*$", line)
        if m and "PROGRAM TOTALS" not in line:
            shown.setdefault(m.group(2), []).append(count(m.group(1)))
    equal = recursive = 0
    bad = []
    for f in fs:
        if f.get("mid-jump") or f.get("calls", "0") == "0":
            continue
        file, name = f.get("file"), f.get("name")
        if len(objects[(file, name)]) > 1 or name == "???":
            name += " [%s]" % f.get("object")
        if not file:
            file = "???"
        elif f.get("dir") and not file.startswith("/"):
            file = f.get("dir").rstrip("/") + "/" + file
        key = "%s:%s [%s]" % (file, name, f.get("object"))
        want = int(f.find("inclusive").get("Ir"))
        got = shown.get(key, [])
        if got == [want] and want <= total:
            equal += 1
            recursive += f.get("recursive") == "yes"
        else:
            bad.append("%s: report %d, callgrind_annotate %s (total %d)"
                       % (key, want, got or "none", total))
    for line in bad[:20]:
        print(line)
    print("inclusive Ir: %d functions equal (%d recursive), %d differ"
          % (equal, recursive, len(bad)))
    return not bad and recursive > 0


if __name__ == "__main__":
    checks = {"inclusive": inclusive, "edges": edges}
    if len(sys.argv) != 4 or sys.argv[1] not in checks:
        sys.exit("usage: export_recursion.py inclusive|edges REPORT.xml "
                 "ANNOTATED")
    sys.exit(0 if checks[sys.argv[1]](sys.argv[2], sys.argv[3]) else 1)
