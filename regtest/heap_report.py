#!/usr/bin/env python3
"""Reads the heap figures of hotgrind reports and DHAT's summary.

Usage:
  heap_report.py invariants REPORT
      What holds for the heap figures of every report written with
      collection on from start to end (the heap tests' runs), by the
      counting rules of the spec (each counted allocation is >= 1 byte
      and is made by one thread, from one function; a counted free is of
      a live block, which an allocation made; realloc of a live block is
      an allocation that makes no new block):
      - <options> has exactly one <option name="heap">, yes or no;
      - --heap=no: no <heap> element and no heap attribute anywhere;
      - --heap=yes: <totals> has one <heap> with its eight figures, and
          alloc-bytes >= allocs, free-bytes >= frees,
          frees + exit-blocks <= allocs, peak-blocks <= allocs,
          peak-bytes <= alloc-bytes, exit-bytes <= peak-bytes,
          peak-bytes >= peak-blocks, exit-bytes >= exit-blocks;
        every function's <heap> has its four figures, not all zero, with
        alloc-bytes >= allocs and free-bytes >= frees; the functions'
        allocs and alloc-bytes add up to the totals', their frees and
        free-bytes to at most the totals';
        every <thread> has the four figures; the threads' allocs and
        alloc-bytes add up to the totals', their frees and free-bytes
        to at most the totals';
        every marked function and zone with calls > 0 has the four
        figures on <inclusive>, each at least the function's self
        figure (marked functions) and at most the totals'.
  heap_report.py totals REPORT
      Prints the eight figures of <totals><heap>, "name=value" words.
  heap_report.py self REPORT NAME
      Prints "allocs alloc-bytes frees free-bytes" of the one function
      called NAME: its <heap>, or 0 0 0 0 when it has none (the report
      leaves out all-zero <heap>).  Fails unless exactly one function has
      that name.
  heap_report.py inclusive REPORT function|zone NAME
      The same four figures of the <inclusive> of the one marked function
      or zone called NAME, then its calls.
  heap_report.py thread REPORT ID
      The same four figures of <thread id="ID">.
  heap_report.py dhat STDERR
      DHAT's summary as the heap figures it stands for:
      "alloc-bytes=.. allocs=.. peak-bytes=.. peak-blocks=.. exit-bytes=..
      exit-blocks=.." (Total, At t-gmax, At t-end).
  heap_report.py same-as-dhat REPORT STDERR
      The report's alloc-bytes, allocs, peak-bytes, peak-blocks,
      exit-bytes and exit-blocks equal DHAT's Total, At t-gmax and
      At t-end.  Prints the six figures, or each difference.
  heap_report.py graph-self REPORT
      A --call-graph=yes report: every function that is not an allocator
      (the malloc family, by the names hotgrind observes, and operator
      new and delete) has as self heap figures the sum of those of its
      edges into the allocators (the caller rule: an allocation is its
      caller's, and counts inside the allocator's activation), and its
      allocs + frees are at most those edges' calls; an allocator has no
      self figures.  Prints how many functions have heap figures, and
      their sums.
  heap_report.py dhat-frame JSON NAME
      DHAT's profile (--dhat-out-file): "CALLER-BLOCKS CALLER-BYTES
      STACK-BLOCKS STACK-BYTES", the blocks and bytes of the program
      points whose first frame outside the allocator (Valgrind's
      replacement in vgpreload) is the function NAME, then of those that
      have NAME anywhere on their stack.
Exit status 0 when everything holds, 1 otherwise (each problem printed).
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

FOUR = ("allocs", "alloc-bytes", "frees", "free-bytes")
EIGHT = FOUR + ("peak-bytes", "peak-blocks", "exit-bytes", "exit-blocks")
HEAP_ATTRS = set(EIGHT)


class Problem(Exception):
    pass


def num(elem, attr, where):
    v = elem.get(attr)
    if v is None:
        raise Problem(f"{where}: no {attr}")
    if not re.fullmatch(r"0|[1-9][0-9]*", v):
        raise Problem(f"{where}: {attr}='{v}' is not a count")
    return int(v)


def figures(elem, names, where):
    return {a: num(elem, a, where) for a in names}


def heap_option(root):
    opts = root.findall("run/options/option[@name='heap']")
    if len(opts) != 1:
        raise Problem(f"{len(opts)} <option name=\"heap\"> in <run><options>, expected 1")
    value = opts[0].get("value")
    if value not in ("yes", "no"):
        raise Problem(f"<option name=\"heap\" value=\"{value}\">")
    return value


def invariants(path):
    root = ET.parse(path).getroot()
    problems = []

    def bad(msg):
        problems.append(f"{path}: {msg}")

    try:
        heap = heap_option(root)
    except Problem as e:
        bad(str(e))
        heap = None
    if heap == "no":
        n = len(root.findall(".//heap"))
        if n:
            bad(f"--heap=no, but {n} <heap> elements")
        for e in root.iter():
            extra = HEAP_ATTRS & set(e.attrib)
            if extra:
                bad(f"--heap=no, but <{e.tag}> has {sorted(extra)}")
                break
    elif heap == "yes":
        try:
            check_yes(root, bad)
        except Problem as e:
            bad(str(e))
    for p in problems:
        print(p)
    return 1 if problems else 0


def check_yes(root, bad):
    totals = root.find("totals")
    th = totals.findall("heap")
    if len(th) != 1:
        raise Problem(f"{len(th)} <heap> in <totals>, expected 1")
    t = figures(th[0], EIGHT, "totals/heap")
    rules = [
        ("alloc-bytes >= allocs", t["alloc-bytes"] >= t["allocs"]),
        ("free-bytes >= frees", t["free-bytes"] >= t["frees"]),
        ("frees + exit-blocks <= allocs",
         t["frees"] + t["exit-blocks"] <= t["allocs"]),
        ("peak-blocks <= allocs", t["peak-blocks"] <= t["allocs"]),
        ("peak-bytes <= alloc-bytes", t["peak-bytes"] <= t["alloc-bytes"]),
        ("exit-bytes <= peak-bytes", t["exit-bytes"] <= t["peak-bytes"]),
        ("peak-bytes >= peak-blocks", t["peak-bytes"] >= t["peak-blocks"]),
        ("exit-bytes >= exit-blocks", t["exit-bytes"] >= t["exit-blocks"]),
    ]
    for what, ok in rules:
        if not ok:
            bad(f"totals: not {what}: {t}")

    sums = dict.fromkeys(FOUR, 0)
    selfs = {}
    for f in root.find("functions").findall("function"):
        name = f.get("name")
        hs = f.findall("heap")
        if len(hs) > 1:
            bad(f"function {name}: {len(hs)} <heap>")
            continue
        if not hs:
            continue
        h = figures(hs[0], FOUR, f"function {name} heap")
        selfs[id(f)] = h
        if not any(h.values()):
            bad(f"function {name}: an all-zero <heap>")
        if h["alloc-bytes"] < h["allocs"] or h["free-bytes"] < h["frees"]:
            bad(f"function {name}: fewer bytes than blocks: {h}")
        for a in FOUR:
            sums[a] += h[a]
    compare_sums("functions' <heap>", sums, t, bad)

    threads = root.find("threads")
    if threads is None or not threads.findall("thread"):
        bad("no <threads>")
    else:
        tsums = dict.fromkeys(FOUR, 0)
        for th_ in threads.findall("thread"):
            h = figures(th_, FOUR, f"thread {th_.get('id')}")
            for a in FOUR:
                tsums[a] += h[a]
        compare_sums("threads'", tsums, t, bad)

    marked = [("function", f, f.get("name"))
              for f in root.find("functions").findall("function")
              if f.get("marked") == "yes"]
    zones = root.find("zones")
    marked += [("zone", z, z.get("name"))
               for z in (zones.findall("zone") if zones is not None else [])]
    for kind, e, name in marked:
        if int(e.get("calls") or 0) == 0:
            continue
        incl = e.find("inclusive")
        if incl is None:
            continue    # mark_report.py invariants says so
        h = figures(incl, FOUR, f"{kind} {name} inclusive")
        own = selfs.get(id(e), dict.fromkeys(FOUR, 0))
        for a in FOUR:
            if kind == "function" and h[a] < own[a]:
                bad(f"{kind} {name}: inclusive {a} {h[a]} < self {own[a]}")
            if h[a] > t[a]:
                bad(f"{kind} {name}: inclusive {a} {h[a]} > totals {t[a]}")


def compare_sums(what, sums, t, bad):
    for a in ("allocs", "alloc-bytes"):
        if sums[a] != t[a]:
            bad(f"{what} {a} add up to {sums[a]}, totals say {t[a]}")
    for a in ("frees", "free-bytes"):
        if sums[a] > t[a]:
            bad(f"{what} {a} add up to {sums[a]}, more than the totals' {t[a]}")


def unique(root, parent, tag, name):
    par = root.find(parent)
    found = [e for e in (par.findall(tag) if par is not None else [])
             if e.get("name") == name]
    if len(found) != 1:
        raise Problem(f"{len(found)} {tag}s named '{name}', expected 1")
    return found[0]


def show(values, names):
    return " ".join(str(values[a]) for a in names)


def read_dhat(path):
    want = {"Total": ("alloc-bytes", "allocs"),
            "At t-gmax": ("peak-bytes", "peak-blocks"),
            "At t-end": ("exit-bytes", "exit-blocks")}
    got = {}
    rx = re.compile(r"^==\d+== (Total|At t-gmax|At t-end): +([0-9,]+) bytes "
                    r"in ([0-9,]+) blocks$")
    with open(path) as f:
        for line in f:
            m = rx.match(line.rstrip("\n"))
            if m:
                b, n = want[m.group(1)]
                got[b] = int(m.group(2).replace(",", ""))
                got[n] = int(m.group(3).replace(",", ""))
    if len(got) != 6:
        raise Problem(f"{path}: no DHAT summary (Total, At t-gmax, At t-end)")
    return got


# The functions hotgrind observes as allocators (ht_heap.c), as the
# report names them: a symbol version suffix ("@GLIBC_2.2.5") aside.
ALLOCATOR_NAMES = {
    "malloc", "__libc_malloc", "valloc", "__libc_valloc", "pvalloc",
    "__libc_pvalloc", "calloc", "__libc_calloc", "realloc", "__libc_realloc",
    "reallocarray", "__libc_reallocarray", "memalign", "__libc_memalign",
    "aligned_alloc", "posix_memalign", "__posix_memalign", "free",
    "__libc_free", "cfree"}


def is_allocator(name):
    return (name.split("@")[0] in ALLOCATOR_NAMES
            or name.startswith("operator new")
            or name.startswith("operator delete"))


def graph_self(root):
    """graph-self (the usage above): the problems, and the sums."""
    fns = root.find("functions").findall("function")
    allocators = {f.get("id") for f in fns if is_allocator(f.get("name"))}
    if not allocators:
        raise Problem("no allocator function in the report")
    problems = []
    sums = dict.fromkeys(FOUR, 0)
    with_heap = 0
    for f in fns:
        name = f.get("name")
        hs = f.findall("heap")
        own = (figures(hs[0], FOUR, f"function {name} heap") if hs
               else dict.fromkeys(FOUR, 0))
        if f.get("id") in allocators:
            if any(own.values()):
                problems.append(f"allocator {name} has self heap {own}")
            continue
        edges = dict.fromkeys(FOUR, 0)
        calls = 0
        for c in f.findall("callees/call"):
            if c.get("callee") in allocators:
                calls += num(c, "calls", f"{name}'s edge to {c.get('callee')}")
                for a in FOUR:
                    edges[a] += int(c.get(a, "0"))
        if own != edges:
            problems.append(f"function {name}: self heap {own}, "
                            f"its edges into the allocators {edges}")
        if own["allocs"] + own["frees"] > calls:
            problems.append(f"function {name}: {own['allocs']} allocs + "
                            f"{own['frees']} frees, {calls} calls of "
                            f"allocators")
        if any(own.values()):
            with_heap += 1
            for a in FOUR:
                sums[a] += own[a]
    return problems, with_heap, sums


def dhat_frame(path, name):
    """dhat-frame (the usage above): the four figures."""
    with open(path) as f:
        prof = json.load(f)
    # A frame is "ADDRESS: FUNCTION (FILE:LINE)" or "... (in OBJECT)".
    names = [fr.split(": ", 1)[-1].rsplit(" (", 1)[0] for fr in prof["ftbl"]]
    # The allocator is Valgrind's replacement in vgpreload_dhat-*.so.
    # Without its debug info DHAT lists it as the first frame ("calloc (in
    # .../vgpreload_dhat-amd64-linux.so)"); with Debian's valgrind-dbg
    # installed the stack starts at the caller.  Either way the frame
    # under the allocator is the first one outside it.
    in_allocator = ["vgpreload_" in fr or "vg_replace_malloc.c" in fr
                    for fr in prof["ftbl"]]
    caller = [0, 0]
    stack = [0, 0]
    for pp in prof["pps"]:
        client = [i for i in pp["fs"] if not in_allocator[i]]
        frames = [names[i] for i in pp["fs"]]
        if client and names[client[0]] == name:
            caller[0] += pp["tbk"]
            caller[1] += pp["tb"]
        if name in frames:
            stack[0] += pp["tbk"]
            stack[1] += pp["tb"]
    return caller + stack


DHAT_ORDER = ("alloc-bytes", "allocs", "peak-bytes", "peak-blocks",
              "exit-bytes", "exit-blocks")


def main(argv):
    try:
        if len(argv) == 3 and argv[1] == "invariants":
            return invariants(argv[2])
        if len(argv) == 3 and argv[1] == "dhat":
            d = read_dhat(argv[2])
            print(" ".join(f"{a}={d[a]}" for a in DHAT_ORDER))
            return 0
        if len(argv) == 4 and argv[1] == "same-as-dhat":
            root = ET.parse(argv[2]).getroot()
            hs = root.findall("totals/heap")
            if len(hs) != 1:
                raise Problem(f"{argv[2]}: {len(hs)} <totals><heap>, expected 1")
            t = figures(hs[0], EIGHT, "totals/heap")
            d = read_dhat(argv[3])
            diffs = [a for a in DHAT_ORDER if t[a] != d[a]]
            for a in diffs:
                print(f"{argv[2]}: {a}: hotgrind {t[a]}, DHAT {d[a]}")
            if diffs:
                return 1
            print(" ".join(f"{a}={d[a]}" for a in DHAT_ORDER))
            return 0
        if len(argv) == 4 and argv[1] == "dhat-frame":
            print(" ".join(str(v) for v in dhat_frame(argv[2], argv[3])))
            return 0
        if len(argv) < 3:
            sys.exit(__doc__)
        root = ET.parse(argv[2]).getroot()
        if argv[1] == "totals" and len(argv) == 3:
            hs = root.findall("totals/heap")
            if len(hs) != 1:
                raise Problem(f"{len(hs)} <totals><heap>, expected 1")
            t = figures(hs[0], EIGHT, "totals/heap")
            print(" ".join(f"{a}={t[a]}" for a in EIGHT))
            return 0
        if argv[1] == "self" and len(argv) == 4:
            f = unique(root, "functions", "function", argv[3])
            hs = f.findall("heap")
            if len(hs) > 1:
                raise Problem(f"function {argv[3]}: {len(hs)} <heap>")
            h = (figures(hs[0], FOUR, f"function {argv[3]} heap") if hs
                 else dict.fromkeys(FOUR, 0))
            print(show(h, FOUR))
            return 0
        if (argv[1] == "inclusive" and len(argv) == 5
                and argv[3] in ("function", "zone")):
            parent = "functions" if argv[3] == "function" else "zones"
            e = unique(root, parent, argv[3], argv[4])
            incl = e.find("inclusive")
            if incl is None:
                raise Problem(f"{argv[3]} {argv[4]}: no <inclusive>")
            h = figures(incl, FOUR, f"{argv[3]} {argv[4]} inclusive")
            print(show(h, FOUR), e.get("calls"))
            return 0
        if argv[1] == "graph-self" and len(argv) == 3:
            problems, with_heap, sums = graph_self(root)
            for p in problems:
                print(f"{argv[2]}: {p}")
            if problems:
                return 1
            print(f"{with_heap} functions' self heap = their edges into the "
                  f"allocators: {show(sums, FOUR)}")
            return 0
        if argv[1] == "thread" and len(argv) == 4:
            ts = root.findall(f"threads/thread[@id='{argv[3]}']")
            if len(ts) != 1:
                raise Problem(f"{len(ts)} threads with id {argv[3]}, expected 1")
            print(show(figures(ts[0], FOUR, f"thread {argv[3]}"), FOUR))
            return 0
    except (Problem, ET.ParseError, OSError, ValueError, KeyError) as e:
        print(f"heap_report.py: {e}")
        return 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
