#!/usr/bin/env python3
"""The subtrees `hotgrind show --tree --root` and `export --format=folded
--root` print, worked out from a --call-graph=yes report read with
xml.etree, and compared with what they printed.  GPL-2.0-or-later; part
of hotgrind.

A context belongs to the subtree of PATTERN when a function PATTERN
matches is on its path (itself included); its place there is its path
from the first (outermost) such function down, so contexts of one path
below their root function add up (calls, self and inclusive Ir), and a
root function's recursion is a path inside its own subtree.  A root is
a path of one function: its inclusive Ir is the sum of the contexts
that end there, and those are "the contexts" it merges.  PATTERN is a
glob (* and ?) over the name, or OBJ:GLOB, OBJ a glob over the object.

  roots.py REPORT.xml PATTERN SHOW.txt FOLDED.txt FLAME.svg
      SHOW.txt (show --tree --root PATTERN --depth 1000 --limit 0
      --wide) has exactly the subtree's paths, each with its calls and
      inclusive Ir and share of the total, and one "root NAME (OBJECT):
      ..." line per root with its inclusive Ir, share of the run and
      contexts; FOLDED.txt (export --format=folded --root PATTERN) has
      exactly one line per path of the subtree whose self Ir is not 0,
      frames joined by ';' (a name in two objects, or ???, as "NAME
      [OBJECT]"); FLAME.svg (export --format=svg --root PATTERN) is XML
      whose subtitle gives the roots' inclusive Ir, their share of the
      run and the run's total.
Exit status 0 when they agree; a line says what was compared in each."""
import fnmatch
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict


def matcher(pattern):
    # OBJ:GLOB splits at a ':' with no ':' beside it (C++'s "::" stays).
    m = re.match(r"^(.*?[^:]):([^:].*)$", pattern)
    if m:
        return lambda f: (fnmatch.fnmatchcase(f["name"], m.group(2)) and
                          fnmatch.fnmatchcase(f["object"], m.group(1)))
    return lambda f: fnmatch.fnmatchcase(f["name"], pattern)


def subtree(root, pattern):
    total = int(root.find("totals").get("Ir"))
    fs = {}
    for f in root.find("functions").findall("function"):
        fs[f.get("id")] = {"name": f.get("name"), "object": f.get("object")}
    matches = matcher(pattern)
    paths, nodes = {}, defaultdict(lambda: [0, 0, 0, 0])
    for c in root.find("contexts").findall("context"):
        fn = fs[c.get("function")]
        above = paths[c.get("parent")] if c.get("parent") else ()
        here = above + (c.get("function"),)
        paths[c.get("id")] = here
        for k, fid in enumerate(here):
            if matches(fs[fid]):
                node = nodes[here[k:]]
                node[0] += int(c.get("calls"))
                node[1] += int(c.find("self").get("Ir"))
                node[2] += int(c.find("inclusive").get("Ir"))
                node[3] += 1
                break
    return fs, nodes, total


def percent(part, whole):
    """Two decimals, rounded half up, as the command prints them."""
    h = (part * 20000 + whole) // (2 * whole) if whole else 0
    return "%d.%02d%%" % (h // 100, h % 100)


def label(fs, fid):
    return "%s (%s)" % (fs[fid]["name"], fs[fid]["object"])


def show(fs, nodes, total, pattern, printed):
    want_rows = sorted((tuple(label(fs, f) for f in key), n[0], n[2],
                        percent(n[2], total)) for key, n in nodes.items())
    want_roots = sorted((label(fs, key[0]), n[2], percent(n[2], total), n[3])
                        for key, n in nodes.items() if len(key) == 1)
    got_rows, got_roots, stack = [], [], []
    row = re.compile(r"^ *([\d,]+) +\( *([\d.]+%)\) +([\d,]+)  ( *)(\S.*)$")
    root = re.compile(r"^root (.*): ([\d,]+) Ir inclusive, ([\d.]+%) of the "
                      r"run, from (\d+) contexts?$")
    for line in open(printed, encoding="utf-8"):
        line = line.rstrip("\n")
        m = root.match(line)
        if m:
            got_roots.append((m.group(1), int(m.group(2).replace(",", "")),
                              m.group(3), int(m.group(4))))
            continue
        m = row.match(line)
        if not m:
            continue
        depth = len(m.group(4)) // 2
        stack[depth:] = [m.group(5)]
        got_rows.append((tuple(stack), int(m.group(3).replace(",", "")),
                         int(m.group(1).replace(",", "")), m.group(2)))
    got_rows.sort()
    got_roots.sort()
    ok = want_rows == got_rows and want_roots == got_roots and want_rows
    for what, want, got in (("rows", want_rows, got_rows),
                            ("roots", want_roots, got_roots)):
        for x in sorted(set(want) - set(got))[:8]:
            print("%s: expected, not printed: %s" % (what, x))
        for x in sorted(set(got) - set(want))[:8]:
            print("%s: printed, not expected: %s" % (what, x))
    print("show --root %s: %d paths, %d roots%s" % (
        pattern, len(want_rows), len(want_roots), "" if ok else ": differ"))
    return ok


def folded(fs, nodes, pattern, printed):
    objects = defaultdict(set)
    for f in fs.values():
        objects[f["name"]].add(f["object"])

    def frame(fid):
        name = fs[fid]["name"]
        if len(objects[name]) > 1 or name == "???":
            name = "%s [%s]" % (name, fs[fid]["object"])
        return re.sub(r"[\x00-\x1f\x7f;]", "?", name)

    want = sorted("%s %d" % (";".join(frame(f) for f in key), n[1])
                  for key, n in nodes.items() if n[1] != 0)
    got = sorted(open(printed, encoding="utf-8").read().splitlines())
    for x in sorted(set(want) - set(got))[:8]:
        print("expected, not printed: %s" % x)
    for x in sorted(set(got) - set(want))[:8]:
        print("printed, not expected: %s" % x)
    ok = want == got and len(want) > 0
    print("folded --root %s: %d lines%s" % (pattern, len(want),
                                            "" if ok else ": differ"))
    return ok


def flame(nodes, total, pattern, drawn):
    svg = ET.parse(drawn).getroot()
    sub = [t for t in svg.iter("{http://www.w3.org/2000/svg}text")
           if t.get("id") == "subtitle"][0].text
    roots = sum(n[2] for key, n in nodes.items() if len(key) == 1)
    want = "Ir, %s under %s: %s of the run's %s" % (
        "{:,}".format(roots), pattern, percent(roots, total),
        "{:,}".format(total))
    print("svg --root %s: subtitle %r%s" % (
        pattern, sub, "" if sub == want else ", want %r" % want))
    return sub == want


def main(path, pattern, shown, folded_text, drawn):
    report = ET.parse(path).getroot()
    fs, nodes, total = subtree(report, pattern)
    ok = show(fs, nodes, total, pattern, shown)
    ok = folded(fs, nodes, pattern, folded_text) and ok
    return flame(nodes, total, pattern, drawn) and ok


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit("usage: roots.py REPORT.xml PATTERN SHOW.txt FOLDED.txt "
                 "FLAME.svg")
    sys.exit(0 if main(*sys.argv[1:]) else 1)
