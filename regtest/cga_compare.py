#!/usr/bin/env python3
# What callgrind_annotate (Valgrind's script) makes of `hotgrind export
# --format=callgrind` of a --call-graph=yes report, against the report.
# GPL-2.0-or-later; part of hotgrind.
#
#   cga_compare.py inclusive REPORT.xml ANNOTATE-INCLUSIVE.txt
#     every function that was entered, is not recursive and is not
#     mid-jump has, in `callgrind_annotate --inclusive=yes`, the report's
#     inclusive Ir (a function never entered has inclusive 0 in the
#     report: docs/export.md; export_recursion.py checks the recursive ones);
#   cga_compare.py edges REPORT.xml ANNOTATE-TREE.txt
#     `callgrind_annotate --tree=caller` shows exactly the report's calls,
#     each with its calls and Ir (the stand-ins of entries with no known
#     caller aside); a call into a recursive function with the Ir of the
#     callee's outermost entries from that caller, worked out from the
#     report's contexts (outermost_calls), as the export writes it.
#   cga_compare.py both REPORT.xml ANNOTATE-BOTH.txt
#     `callgrind_annotate --inclusive=yes --tree=both`: each function's
#     line (marked *) has the report's inclusive Ir (as for inclusive),
#     the lines above it (<) are exactly its callers' calls and the lines
#     below it (>) exactly its own calls, each with calls and Ir.
# Run callgrind_annotate with --threshold=100 so that every function is
# listed.  Exit status 0 when they agree; the last line says how many
# were compared.

import re
import sys
import xml.etree.ElementTree as ET


def functions(report):
    return ET.parse(report).getroot().find("functions").findall("function")


def shared_names(fs):
    """The (file, name) pairs of functions of two objects or more, which
    the export writes as "NAME [OBJECT]" (docs/export.md)."""
    objects = {}
    for f in fs:
        objects.setdefault((f.get("file"), f.get("name")), set()).add(
            f.get("object"))
    return {key for key, o in objects.items() if len(o) > 1}


def location(f, shared):
    """callgrind_annotate's FILE:NAME of a function (dir joined and
    " [OBJECT]" added as the export does)."""
    file, directory, name = f.get("file"), f.get("dir"), f.get("name")
    if (file, name) in shared or name == "???":
        name += " [%s]" % f.get("object")
    if not file:
        file = "???"
    elif directory and not file.startswith("/"):
        file = directory.rstrip("/") + "/" + file
    return file + ":" + name


def count(text):
    return int(text.replace(",", ""))


def inclusive(report, annotated):
    shown = {}
    for line in open(annotated):
        m = re.match(r"^\s*([\d,]+) .*\s{2,}(\S.*?)\s*$", line)
        if m and "PROGRAM TOTALS" not in line:
            shown.setdefault(m.group(2), []).append(count(m.group(1)))
    equal, differ, left = 0, 0, 0
    fs = functions(report)
    shared = shared_names(fs)
    for f in fs:
        if f.get("recursive") or f.get("mid-jump") or f.get("calls") == "0":
            left += 1
            continue
        names = (location(f, shared) + " [%s]" % f.get("object"),)
        values = shown.get(names[0], [])
        want = int(f.find("inclusive").get("Ir"))
        if values == [want]:
            equal += 1
        else:
            differ += 1
            print("%s: report %d, callgrind_annotate %s"
                  % (names[0], want, values or "none"))
    print("inclusive Ir: %d functions equal, %d differ, %d left out "
          "(recursive, mid-jump or never entered)" % (equal, differ, left))
    return differ == 0 and equal > 0


def outermost_calls(report):
    """(caller id, callee id) -> the Ir of the callee's outermost entries
    from the caller (contexts with no context of the callee above them),
    for every recursive callee; from the report's contexts, which must
    not be cut at --max-contexts."""
    root = ET.parse(report).getroot()
    recursive = {f.get("id") for f in root.find("functions").iter("function")
                 if f.get("recursive") == "yes"}
    contexts = root.find("contexts")
    if not recursive:
        return {}
    assert contexts is not None and contexts.get("truncated") != "yes"
    function, above, sums = {}, {}, {}
    for c in contexts.findall("context"):
        fid, parent = c.get("function"), c.get("parent")
        function[c.get("id")] = fid
        # The functions on the path above it.
        above[c.get("id")] = (above[parent] | {function[parent]}
                              if parent else frozenset())
        if parent and fid in recursive and fid not in above[c.get("id")]:
            key = (function[parent], fid)
            sums[key] = sums.get(key, 0) + int(c.find("inclusive").get("Ir"))
    return sums


def report_calls(report, fs, shared):
    """The report's calls, sorted: (caller, callee, calls, Ir), each
    function named as callgrind_annotate names it; a recursive callee's
    Ir its outermost entries' (outermost_calls)."""
    outer = outermost_calls(report)
    by_id = {f.get("id"): f for f in fs}
    return sorted((location(f, shared),
                   location(by_id[c.get("callee")], shared),
                   int(c.get("calls")),
                   outer.get((f.get("id"), c.get("callee")), 0)
                   if by_id[c.get("callee")].get("recursive") == "yes"
                   else int(c.get("Ir")))
                  for f in fs for c in f.iter("call"))


def edges(report, annotated):
    fs = functions(report)
    shared = shared_names(fs)
    want = report_calls(report, fs, shared)
    got, callers = [], []
    for line in open(annotated):
        m = re.match(
            r"^\s*([\d,]+) .*?\s<\s+(.*) \(([\d,]+)x\) \[[^]]*\]\s*$", line)
        if m:
            callers.append((m.group(2), count(m.group(3)), count(m.group(1))))
            continue
        m = re.match(r"^\s*[\d,]+ .*?\s\*\s+(.*) \[[^]]*\]\s*$", line)
        if m:
            got += [(c, m.group(1), n, ir) for c, n, ir in callers
                     if "(no known caller of " not in c]
            callers = []
    got = sorted(got)
    for missing in sorted(set(want) - set(got))[:10]:
        print("not in callgrind_annotate: %s -> %s %dx %d Ir" % missing)
    for extra in sorted(set(got) - set(want))[:10]:
        print("not in the report: %s -> %s %dx %d Ir" % extra)
    print("calls: %d in the report, %d in callgrind_annotate's tree%s"
          % (len(want), len(got), "" if want == got else ": they differ"))
    return want == got and len(want) > 0


def both(report, annotated):
    fs = functions(report)
    shared = shared_names(fs)
    want = report_calls(report, fs, shared)
    want_incl = {location(f, shared) + " [%s]" % f.get("object"):
                 int(f.find("inclusive").get("Ir"))
                 for f in fs if not (f.get("recursive") or f.get("mid-jump")
                                     or f.get("calls") == "0")}
    from_callers, from_callees, callers, current = [], [], [], None
    incl_equal, incl_differ = 0, 0
    arrow = r"^\s*([\d,]+) .*?\s%s\s+(.*) \(([\d,]+)x\) \[[^]]*\]\s*$"
    for line in open(annotated):
        m = re.match(arrow % "<", line)
        if m:
            callers.append((m.group(2), count(m.group(3)), count(m.group(1))))
            continue
        m = re.match(r"^\s*([\d,]+) .*?\s\*\s+(.*?) (\[[^]]*\])\s*$", line)
        if m:
            current = m.group(2)
            from_callers += [(c, current, n, ir) for c, n, ir in callers
                             if "(no known caller of " not in c]
            callers = []
            key = current + " " + m.group(3)
            if key in want_incl:
                if want_incl[key] == count(m.group(1)):
                    incl_equal += 1
                else:
                    incl_differ += 1
                    print("%s: inclusive Ir %d in the report, %s in "
                          "callgrind_annotate" % (key, want_incl[key],
                                                  m.group(1)))
            continue
        m = re.match(arrow % ">", line)
        if m and current is not None:
            from_callees.append((current, m.group(2), count(m.group(3)),
                                 count(m.group(1))))
            continue
        if not line.strip():
            current = None
    from_callers = sorted(from_callers)
    # The stand-ins of entries with no known caller call their functions.
    from_callees = sorted(e for e in from_callees
                          if "(no known caller of " not in e[0])
    for name, got in (("callers (<)", from_callers),
                      ("callees (>)", from_callees)):
        for missing in sorted(set(want) - set(got))[:10]:
            print("%s: missing %s -> %s %dx %d Ir" % ((name,) + missing))
        for extra in sorted(set(got) - set(want))[:10]:
            print("%s: not in the report %s -> %s %dx %d Ir"
                  % ((name,) + extra))
    ok = (want == from_callers == from_callees and len(want) > 0
          and incl_differ == 0 and incl_equal > 0)
    print("--tree=both: %d calls in the report, %d as callers, %d as "
          "callees; inclusive Ir: %d functions equal, %d differ%s"
          % (len(want), len(from_callers), len(from_callees), incl_equal,
             incl_differ, "" if ok else ": they differ"))
    return ok


if __name__ == "__main__":
    checks = {"inclusive": inclusive, "edges": edges, "both": both}
    if len(sys.argv) != 4 or sys.argv[1] not in checks:
        sys.exit("usage: cga_compare.py inclusive|edges|both REPORT.xml "
                 "ANNOTATED")
    sys.exit(0 if checks[sys.argv[1]](sys.argv[2], sys.argv[3]) else 1)
