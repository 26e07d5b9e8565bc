#!/usr/bin/env python3
"""The oracle of history_git.sh: the reports of each commit's run, read
with xml.etree (not with hotgrind), against what `hotgrind history log`,
`history blame` and `history bisect` print, and against the source changes that
history_prog.py made at known commits.

SHAS is the test's list "NAME SHA" of every commit; RUNS/NAME/prog.xml
the report of commit NAME's run.

  history_oracle.py log SHAS RUNS JSON...
      the one series of each JSON, log-BRANCH-FUNCTION.json (log
      --format=json of FUNCTION, or of the total when FUNCTION is
      empty), along BRANCH's first parents from its last commit: every
      commit, value, changed and delta
  history_oracle.py blame SHAS RUNS JSON...
      the one series of each JSON, blame-BRANCH-FUNCTION.json (blame
      --format=json): exactly the commits along BRANCH's first parents
      where the reports' figure changed, with before, after and delta,
      and where the series starts
  history_oracle.py changes SHAS RUNS
      each function changes exactly at the commits where its loop count
      (or presence) changed, by what the change implies: f_spin by 2 per
      iteration, each C loop by one fixed count per iteration; the
      total by the sum of the program's functions' changes
  history_oracle.py bisect SHAS RUNS OUT FUNCTION GOOD BAD
      OUT, the output of `history bisect FUNCTION GOOD BAD` (commit
      names), against a binary search done here on the reports' figures
  history_oracle.py table SHAS RUNS
      "NAME FUNCTION VALUE" of every commit and function (FUNCTION
      "total": the total), for the shell
GPL-2.0-or-later; part of hotgrind."""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import history_prog  # noqa: E402

OURS = ["f_" + f for f in history_prog.FUNCTIONS] + ["main"]


def fail(message):
    sys.exit("history_oracle.py: " + message)


def read_shas(path):
    with open(path) as f:
        return dict(line.split() for line in f if line.strip())


_reports = {}


def figures(runs, name):
    """{function: self Ir} of the program's functions, and None: the
    total, of commit NAME's report."""
    if name not in _reports:
        root = ET.parse(os.path.join(runs, name, "prog.xml")).getroot()
        values = {None: int(root.find("totals").get("Ir"))}
        for fn in root.find("functions").findall("function"):
            if fn.get("object") == "prog":
                if fn.get("name") in values:
                    fail("%s: two functions %s" % (name, fn.get("name")))
                values[fn.get("name")] = int(fn.find("self").get("Ir"))
        _reports[name] = values
    return _reports[name]


def path(branch):
    """The first-parent path of BRANCH from its last commit, newest
    first: the plan's parents, not git's or hotgrind's."""
    if branch == "main":
        return ["main-%d" % k
                for k in reversed(range(history_prog.MAIN_COUNT))]
    return (["feature-%d" % i
             for i in reversed(range(1, history_prog.BRANCH_COUNT + 1))]
            + ["main-%d" % k for k in reversed(range(history_prog.FORK + 1))])


def check_log(shas, runs, branch, json_path, function):
    with open(json_path) as f:
        series = json.load(f)["series"]
    if len(series) != 1:
        fail("%s: %d series, not 1" % (json_path, len(series)))
    s = series[0]
    want_kind = "function" if function else "total"
    if s["kind"] != want_kind or (function and s["name"] != function) \
            or s["metric"] != "Ir" or s["benchmark"] != "prog" \
            or s["branch"] != branch:
        fail("%s: the series is %r" % (json_path, {k: s[k] for k in s
                                                   if k != "points"}))
    names = path(branch)
    if [p["commit"] for p in s["points"]] != [shas[n] for n in names]:
        fail("%s: the commits are not %s's first parents" % (json_path,
                                                             branch))
    for i, (p, name) in enumerate(zip(s["points"], names)):
        value = figures(runs, name).get(function)
        older = (figures(runs, names[i + 1]).get(function)
                 if i + 1 < len(names) else None)
        changed = i + 1 < len(names) and value != older
        delta = (value - older if value is not None and older is not None
                 else None)
        if (p["value"], p["changed"], p["delta"], p["status"]) != \
                (value, changed, delta, "ok"):
            fail("%s at %s: value %s changed %s delta %s, the reports say"
                 " %s %s %s" % (function or "total", name, p["value"],
                                p["changed"], p["delta"], value, changed,
                                delta))
    print("log of %s on %s: %d commits as the reports say"
          % (function or "the total", branch, len(names)))


def check_blame(shas, runs, branch, json_path, function):
    """history blame --format=json of FUNCTION on BRANCH: exactly the
    commits along the plan's first parents where the report's figure
    differs from the next older one's, newest first, with before, after
    and delta, and the oldest as its first point."""
    with open(json_path) as f:
        series = json.load(f)["series"]
    if len(series) != 1:
        fail("%s: %d series, not 1" % (json_path, len(series)))
    s = series[0]
    if s["name"] != function or s["branch"] != branch \
            or s["benchmark"] != "prog" or s["metric"] != "Ir":
        fail("%s: the series is %r" % (json_path, {k: s[k] for k in s
                                                   if k != "changes"}))
    names = path(branch)
    want = []
    for i, name in enumerate(names[:-1]):
        after = figures(runs, name).get(function)
        before = figures(runs, names[i + 1]).get(function)
        if after != before:
            want.append((shas[name], shas[names[i + 1]], before, after,
                         (after or 0) - (before or 0)))
    got = [(c["commit"], c["base-commit"], c["before"], c["after"],
            c["delta"]) for c in s["changes"]]
    if got != want:
        fail("%s: blame of %s on %s gives %s, the reports %s"
             % (json_path, function, branch, got, want))
    oldest = names[-1]
    if (s["first"]["commit"], s["first"]["value"], s["runs"]) != \
            (shas[oldest], figures(runs, oldest).get(function), len(names)):
        fail("%s: starts at %r, the reports at %s %s over %d runs"
             % (json_path, s["first"], oldest,
                figures(runs, oldest).get(function), len(names)))
    print("blame of %s on %s: %d changes as the reports say"
          % (function, branch, len(want)))


def check_changes(runs):
    for branch in ("main", "feature"):
        names = list(reversed(path(branch)))
        per_iteration = {}
        for before, after in zip(names, names[1:]):
            p0, p1 = history_prog.params(before), history_prog.params(after)
            f0, f1 = figures(runs, before), figures(runs, after)
            moved = 0
            for fn in OURS:
                key = fn[2:]
                if fn == "main":
                    # main only calls: it changes when a call is added.
                    source_changed = (p0["eps"] is None) != (p1["eps"] is None)
                else:
                    source_changed = p0[key] != p1[key]
                changed = f0.get(fn) != f1.get(fn)
                if changed != source_changed:
                    fail("%s at %s: %s in the reports, but the source %s"
                         % (fn, after, "changed" if changed else "same",
                            "changed" if source_changed else "did not"))
                if not changed:
                    continue
                if f0.get(fn) is not None and f1.get(fn) is not None:
                    moved += f1[fn] - f0[fn]
                elif f1.get(fn) is not None:
                    moved += f1[fn]
                else:
                    moved -= f0[fn]
                if fn == "main" or p0[key] is None:
                    continue
                d_n, d_ir = p1[key] - p0[key], f1[fn] - f0[fn]
                if fn == "f_spin" and d_ir != 2 * d_n:
                    fail("f_spin at %s: %+d Ir for %+d iterations of two"
                         " instructions" % (after, d_ir, d_n))
                if d_ir % d_n != 0 or d_ir // d_n <= 0:
                    fail("%s at %s: %+d Ir for %+d iterations"
                         % (fn, after, d_ir, d_n))
                per_iteration.setdefault(fn, set()).add(d_ir // d_n)
            if f1[None] - f0[None] != moved:
                fail("total at %s: %+d, the program's functions %+d"
                     % (after, f1[None] - f0[None], moved))
        for fn, costs in sorted(per_iteration.items()):
            if len(costs) != 1:
                fail("%s on %s: %s Ir per iteration at different commits"
                     % (fn, branch, sorted(costs)))
        print("on %s every function changes exactly where its source did,"
              " by a fixed Ir per iteration (%s; f_spin 2); the total by"
              " their sum" % (branch, ", ".join(
                  "%s %d" % (fn, min(c)) for fn, c in
                  sorted(per_iteration.items()) if fn != "f_spin")))


def check_bisect(shas, runs, out_path, function, good, bad):
    names = list(reversed(path("main")))
    lo, hi = names.index(good), names.index(bad)
    commits = names[lo + 1:hi + 1]
    good_value = figures(runs, good).get(function)
    with open(out_path) as f:
        lines = f.read().split("\n")
    steps = [l for l in lines if l.startswith("step ")]
    want = []
    lo, hi = 0, len(commits)
    while hi - lo > 1:
        mid = lo + (hi - lo) // 2
        name = commits[mid - 1]
        value = figures(runs, name).get(function)
        bad_here = value != good_value
        if bad_here:
            hi = mid
        else:
            lo = mid
        want.append((shas[name], mid, value, bad_here, hi - lo))
    if len(steps) != len(want):
        fail("%s: %d steps, a binary search over %d commits takes %d"
             % (out_path, len(steps), len(commits), len(want)))
    for line, (sha, position, value, bad_here, left) in zip(steps, want):
        m = re.match(r"step \d+: ([0-9a-f]{40}) \((\d+) of (\d+)\), "
                     r"(?:built|recorded), (\d+|absent), (good|bad), "
                     r"(\d+) left$", line)
        got = m and (m.group(1), int(m.group(2)),
                     None if m.group(4) == "absent" else int(m.group(4)),
                     m.group(5) == "bad", int(m.group(6)))
        if got != (sha, position, value, bad_here, left) \
                or int(m.group(3)) != len(commits):
            fail("%s: %r, expected %r" % (out_path, line,
                                          (sha, position, value, bad_here,
                                           left)))
    first = commits[hi - 1]
    before = good if lo == 0 else commits[lo - 1]
    b, a = (figures(runs, before).get(function),
            figures(runs, first).get(function))
    tail = "first changed: %s\n  before %s  %d\n  after  %d  %+d" % (
        shas[first], shas[before], b, a, a - b)
    if tail not in "\n".join(lines):
        fail("%s: no %r" % (out_path, tail))
    print("bisect of %s from %s to %s: %d commits, %d steps as a binary"
          " search on the reports, %s found (%d -> %d)"
          % (function, good, bad, len(commits), len(want), first, b, a))


def main():
    a = sys.argv[1:]
    if len(a) >= 4 and a[0] == "log":
        for json_path in a[3:]:
            m = re.match(r"log-([^-]+)-(.*)\.json$",
                         os.path.basename(json_path))
            check_log(read_shas(a[1]), a[2], m.group(1), json_path,
                      m.group(2) or None)
    elif len(a) >= 4 and a[0] == "blame":
        for json_path in a[3:]:
            m = re.match(r"blame-([^-]+)-(.*)\.json$",
                         os.path.basename(json_path))
            check_blame(read_shas(a[1]), a[2], m.group(1), json_path,
                        m.group(2))
    elif len(a) == 3 and a[0] == "changes":
        check_changes(a[2])
    elif len(a) == 7 and a[0] == "bisect":
        check_bisect(read_shas(a[1]), a[2], a[3], a[4], a[5], a[6])
    elif len(a) == 3 and a[0] == "table":
        for name in sorted(read_shas(a[1])):
            for fn, value in sorted(figures(a[2], name).items(),
                                    key=lambda kv: kv[0] or ""):
                print(name, fn or "total", value)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
