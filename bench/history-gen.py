#!/usr/bin/env python3
# hotgrind bench: a generated history for timing `hotgrind history`
# (bench/history.sh).  GPL-2.0-or-later; part of hotgrind.
#
# Usage: bench/history-gen.py [-c COMMITS] [-n FUNCTIONS] OUT
#
# Writes OUT/cNNNN/ for each of COMMITS commits (default 334): a suite
# run (manifest.xml and one report per benchmark) of three benchmarks,
# a, b and c, of FUNCTIONS functions each (default 600), in which each
# benchmark's function number (commit mod FUNCTIONS) costs one more
# instruction than at the commit before: one function of each benchmark
# changes per commit, as in the storage target of issue 29.  OUT/plan
# has one line per commit, "SHA PARENT DIR" (PARENT "-" for the first).
# The same arguments give the same files.

import argparse
import hashlib
import os
import sys

# The report and suite-run writers the history tests use too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "cli", "tests"))
import history_files  # noqa: E402

BENCHMARKS = ("a", "b", "c")


def sha(k):
    return hashlib.sha1(b"commit %d" % k).hexdigest()


def report(bench, ir):
    rows = "".join('<function name="fn%03d" object="%s" file="%s.c" line="%d">'
                   '<self Ir="%d"/></function>'
                   % (i, bench, bench, i + 1, v) for i, v in enumerate(ir))
    return history_files.report("./" + bench, sum(ir), rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", type=int, default=334)
    ap.add_argument("-n", type=int, default=600)
    ap.add_argument("out")
    a = ap.parse_args()
    ir = {b: [1000 + 7 * i + 100 * j for i in range(a.n)]
          for j, b in enumerate(BENCHMARKS)}
    plan = []
    for k in range(a.c):
        d = "c%04d" % k
        for b in BENCHMARKS:
            if k > 0:
                ir[b][k % a.n] += 1
        history_files.write_suite_run(os.path.join(a.out, d), "s", [
            (b, report(b, ir[b])) for b in BENCHMARKS])
        plan.append("%s %s %s" % (sha(k), sha(k - 1) if k else "-", d))
    with open(os.path.join(a.out, "plan"), "w") as w:
        w.write("\n".join(plan) + "\n")


main()
