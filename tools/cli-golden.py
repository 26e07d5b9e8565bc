#!/usr/bin/env python3
"""Every output of the hotgrind command on a fixed set of inputs, for a
byte-for-byte comparison of two builds (a refactoring must not change
any): show, validate, export (every format), annotate, diff (every
format), check (every format, reports and suite runs), merge and suite
list, on every report, policy and suite file under cli/tests/data and
on the reports and suite runs of EXTRA folders (made by the tool, see
docs/dev/architecture.md "Moving code").

  cli-golden.py HOTGRIND OUTDIR [EXTRA...]

writes OUTDIR/NNNNN.out for each invocation: its arguments, exit
status, stdout, stderr and the file it wrote with -o.  Compare two
builds' OUTDIRs with `diff -r`.  Inputs are named relative to a
scratch folder (d/ is cli/tests/data, e0/, e1/... the EXTRA folders), so
messages that name a file are the same whichever checkout runs.
GPL-2.0-or-later
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "cli", "tests", "data")


def root_of(path):
    """The root element's name of an XML file, '' when unreadable."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return ""
    i = 0
    while True:
        i = head.find("<", i)
        if i < 0 or i + 1 >= len(head):
            return ""
        if head[i + 1] not in "?!":
            j = i + 1
            while j < len(head) and head[j] not in " \t\r\n>/":
                j += 1
            return head[i + 1:j]
        i += 1


def inputs(scratch, links):
    """(reports, policies, suites, runs) per folder, as relative paths."""
    groups = {}
    for link in links:
        top = os.path.join(scratch, link)
        for dirpath, dirnames, filenames in os.walk(top, followlinks=True):
            dirnames.sort()
            rel = os.path.relpath(dirpath, scratch)
            g = groups.setdefault(rel, ([], [], [], []))
            if "manifest.xml" in filenames:
                parent = os.path.relpath(os.path.dirname(dirpath), scratch)
                groups.setdefault(parent, ([], [], [], []))[3].append(rel)
            for f in sorted(filenames):
                p = os.path.join(rel, f)
                r = root_of(os.path.join(scratch, p))
                if f == "manifest.xml":
                    continue
                if r == "hotgrind" or (f.endswith(".xml") and r == ""):
                    g[0].append(p)
                elif r == "policy":
                    g[1].append(p)
                elif r == "suite":
                    g[2].append(p)
    return groups


def invocations(groups):
    """Every command line, in a fixed order."""
    out = []
    for folder in sorted(groups):
        reports, policies, suites, runs = groups[folder]
        for r in reports:
            out.append(["validate", r])
            out.append(["show", r])
            out.append(["show", "--wide", "--limit", "0", r])
            out.append(["show", "--width", "60", r])
            out.append(["show", "--tree", r])
            out.append(["show", "--callers", "main", r])
            out.append(["show", "--callees", "main", r])
            for fmt in ("callgrind", "cachegrind", "json", "bmf", "folded",
                        "svg"):
                out.append(["export", "--format=" + fmt, r])
            for m in ("I1mr", "alloc-bytes"):
                out.append(["export", "--format=folded", "--metric", m, r])
            out.append(["export", "--format=svg", "--title", "<t&>",
                        "--width", "300", r])
            out.append(["annotate", "--limit", "0", r])
            out.append(["annotate", "--context", "2", "--source-dir",
                        os.path.join(folder, "src"), r])
            out.append(["merge", "-o", "OUT", r, r])
        # Each report against itself, the next one and the folder's first
        # (every pair would be 40,000 runs for little more).
        for i, h in enumerate(reports):
            pairs = [(h, h), (reports[0], h)]
            if i + 1 < len(reports):
                pairs.append((h, reports[i + 1]))
            for b, h2 in pairs:
                for fmt in ("text", "markdown", "json"):
                    out.append(["diff", "--format=" + fmt, "--limit", "0",
                                "--allow-exit=any", b, h2])
            out.append(["diff", "--format=svg", h, h])
            out.append(["diff", "--lines", h, h])
        for i in range(len(reports) - 1):
            out.append(["merge", "-o", "OUT", reports[i], reports[i + 1]])
        base = reports[0] if reports else None
        for p in policies:
            for h in reports:
                for fmt in ("text", "markdown", "json", "junit"):
                    out.append(["check", "--policy", p, "--format=" + fmt,
                                "--allow-exit=any", h])
                    if base is not None:
                        out.append(["check", "--policy", p,
                                    "--format=" + fmt, base, h])
            for b in runs:
                for h in runs:
                    for fmt in ("text", "markdown", "json", "junit"):
                        out.append(["check", "--policy", p,
                                    "--format=" + fmt, b, h])
        for s in suites:
            out.append(["suite", "list", s])
    return out


def run_one(hotgrind, scratch, outdir, k, argv):
    work = tempfile.mkdtemp(dir=scratch, prefix="w")
    args = [os.path.join("..", a) if a not in ("OUT",) and
            os.path.exists(os.path.join(scratch, a)) else a for a in argv]
    args = ["OUT" if a == "OUT" else a for a in args]
    p = subprocess.run([hotgrind] + args, cwd=work, capture_output=True,
                       env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
                       timeout=120)
    with open(os.path.join(outdir, "%05d.out" % k), "wb") as fh:
        fh.write(("$ hotgrind " + " ".join(argv) + "\nexit %d\n" %
                  p.returncode).encode())
        fh.write(b"--- stdout\n" + p.stdout + b"\n--- stderr\n" + p.stderr)
        for f in sorted(os.listdir(work)):
            with open(os.path.join(work, f), "rb") as wf:
                fh.write(("\n--- file " + f + "\n").encode() + wf.read())
    shutil.rmtree(work)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: cli-golden.py HOTGRIND OUTDIR [EXTRA...]\n")
        return 2
    hotgrind = os.path.abspath(argv[1])
    outdir = os.path.abspath(argv[2])
    os.makedirs(outdir, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="cli-golden.")
    links = ["d"]
    os.symlink(os.path.abspath(DATA), os.path.join(scratch, "d"))
    for i, extra in enumerate(argv[3:]):
        links.append("e%d" % i)
        os.symlink(os.path.abspath(extra), os.path.join(scratch, links[-1]))
    todo = invocations(inputs(scratch, links))
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        for f in [ex.submit(run_one, hotgrind, scratch, outdir, k, a)
                  for k, a in enumerate(todo)]:
            f.result()
    shutil.rmtree(scratch)
    print("%d invocations written to %s" % (len(todo), outdir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
