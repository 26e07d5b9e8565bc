#!/usr/bin/env python3
"""hotgrind regression tests: reads a report's <run><inputs> with
xml.etree (not with hotgrind's own reader), for det_random.sh,
det_clock.sh and det_cpus.sh.  GPL-2.0-or-later

    det_inputs.py rows REPORT
        every <input>, one a line:
        KIND SOURCE FUNCTION OBJECT calls=N bytes=N pinned=yes|no
    det_inputs.py sum REPORT KIND SOURCE [FUNCTION]
        "CALLS BYTES PINNED" summed over the rows of that kind and source
        (and function, if given); PINNED is the set of pinned values
        ("yes", "no", "yes,no"; "-" when there is no row).
    det_inputs.py sources REPORT KIND
        the sources of that kind, sorted, comma-separated ("-": none).
    det_inputs.py order REPORT
        checks the documented order (kind: random, clock, cpu-count; then
        source, object, function by bytes) and that no (kind, source,
        function, object) repeats; prints "ordered N rows" or fails.
"""
import sys
import xml.etree.ElementTree as ET

KINDS = ["random", "clock", "cpu-count"]


def inputs(path):
    run = ET.parse(path).getroot().find("run")
    block = run.find("inputs") if run is not None else None
    return [] if block is None else list(block.findall("input"))


def row(i):
    return (i.get("kind"), i.get("source"), i.get("function"), i.get("object"),
            int(i.get("calls")), int(i.get("bytes", "0")), i.get("pinned"))


def main(argv):
    cmd, path = argv[1], argv[2]
    rows = [row(i) for i in inputs(path)]
    if cmd == "rows":
        for k, s, f, o, c, b, p in rows:
            print("%s %s %s %s calls=%d bytes=%d pinned=%s" % (k, s, f, o, c, b, p))
    elif cmd == "sum":
        kind, source = argv[3], argv[4]
        func = argv[5] if len(argv) > 5 else None
        sel = [r for r in rows if r[0] == kind and r[1] == source
               and (func is None or r[2] == func)]
        pinned = ",".join(sorted({r[6] for r in sel}, reverse=True)) or "-"
        print(sum(r[4] for r in sel), sum(r[5] for r in sel), pinned)
    elif cmd == "sources":
        print(",".join(sorted({r[1] for r in rows if r[0] == argv[3]})) or "-")
    elif cmd == "order":
        def key(r):
            return (KINDS.index(r[0]), r[1].encode(), r[3].encode(), r[2].encode())
        for r in rows:
            if r[0] not in KINDS:
                sys.exit("%s: unknown kind %r" % (path, r[0]))
            if r[4] < 1:
                sys.exit("%s: a row with calls=%d: %r" % (path, r[4], r))
        keys = [key(r) for r in rows]
        if keys != sorted(keys):
            sys.exit("%s: <inputs> rows out of the documented order" % path)
        if len(set(keys)) != len(keys):
            sys.exit("%s: a (kind, source, function, object) repeats" % path)
        print("ordered %d rows" % len(rows))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
