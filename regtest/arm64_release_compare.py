#!/usr/bin/env python3
"""Compare two hotgrind reports of the same run made under two Valgrind
releases, figure by figure, and hold hotgrind's note on the release
difference to what moved.  GPL-2.0-or-later

Usage: arm64_release_compare.py BASE.xml HEAD.xml NOTE
NOTE is what `hotgrind diff` says of the two releases (the `why` of its
Valgrind runs-differ entry).

Every figure outside <run> is compared: the totals (and heap totals),
each function's self, inclusive and no-symbol figures, calls, lines and
callees, each calling context's figures, the marks and the threads.
Functions are keyed by (object, name, file, line), calling contexts by
their chain of functions, never by the report's ids.  A figure present
on one side only is 0 on the other (a function that did not run
costs nothing).  Prints how many figures were
compared, and per metric (the attribute: Ir, D1mr, calls, ...) how many
moved with the first few; exits 1 when a metric moved that NOTE does not
name, or when NOTE says that no figure moved and one did.
"""
import sys
import xml.etree.ElementTree as ET

FIGURE_KIDS = ("self", "inclusive", "no-symbol", "heap")


def figures(path):
    """{(where..., metric): value} of every figure in the report."""
    root = ET.parse(path).getroot()
    out = {}

    def put(where, attrs, skip=()):
        for k, v in attrs.items():
            if k not in skip:
                out[where + (k,)] = v

    totals = root.find("totals")
    put(("totals",), totals.attrib)
    for kid in totals:
        put(("totals", kid.tag), kid.attrib)
    fns = root.find("functions")
    key_of = {}
    for f in fns.findall("function"):
        key_of[f.get("id")] = (f.get("object"), f.get("name"), f.get("file"),
                               f.get("line"))
    for f in fns.findall("function"):
        k = ("function",) + key_of[f.get("id")]
        put(k, f.attrib, skip=("id", "name", "object", "file", "line", "dir"))
        for kid in f:
            if kid.tag in FIGURE_KIDS:
                put(k + (kid.tag,), kid.attrib)
            elif kid.tag == "lines":
                for ln in kid.findall("line"):
                    put(k + ("line", ln.get("file"), ln.get("line")),
                        ln.attrib, skip=("file", "dir", "line"))
            elif kid.tag == "callees":
                for c in kid.findall("call"):
                    put(k + ("call",) + key_of[c.get("callee")], c.attrib,
                        skip=("callee",))
    ctxs = root.find("contexts")
    if ctxs is not None:
        chain = {}
        for c in ctxs.findall("context"):
            parent = chain.get(c.get("parent"), ())
            chain[c.get("id")] = parent + (key_of[c.get("function")],)
            k = ("context",) + chain[c.get("id")]
            put(k, c.attrib, skip=("id", "parent", "function"))
            for kid in c:
                put(k + (kid.tag,), kid.attrib)
        for kid in ctxs:
            if kid.tag != "context":
                put(("contexts", kid.tag), kid.attrib)
    for tag, child, ident in (("marks", "mark", "pattern"),
                              ("threads", "thread", "id")):
        sec = root.find(tag)
        if sec is not None:
            for e in sec.findall(child):
                put((child, e.get(ident)), e.attrib, skip=(ident,))
    return out


def main():
    base_path, head_path, note = sys.argv[1:]
    base, head = figures(base_path), figures(head_path)
    moved = {}
    keys = set(base) | set(head)
    for key in sorted(keys, key=repr):
        b, h = base.get(key, "0"), head.get(key, "0")
        if b != h:
            moved.setdefault(key[-1], []).append(
                f"{' '.join(str(x) for x in key[:-1])}: {b} -> {h}")
    count = sum(len(v) for v in moved.values())
    print(f"note: {note}")
    for metric in sorted(moved):
        print(f"moved: {metric} ({len(moved[metric])}): "
              + "; ".join(moved[metric][:3]))
    fns = {k[1:5] for k in keys if k[0] == "function"}
    print(f"{len(keys)} figures ({len(fns)} functions), {len(keys) - count} "
          f"equal, {count} moved")
    named = note.replace(",", " ").replace(":", " ").split()
    bad = sorted(m for m in moved if m not in named)
    if bad:
        print(f"moved but not named by the note: {' '.join(bad)}")
        return 1
    if moved and "no figure moved" in note:
        print("the note says that no figure moved")
        return 1
    if not moved and "no figure moved" not in note:
        print("nothing moved, and the note does not say so")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
