#!/usr/bin/env python3
"""A generated history for the history tests: suite runs of benchmarks
alpha and beta (40 functions each, f00 of alpha marked) for 32 commits
of main and 4 of a branch feature forked at main-12, with changes at
known commits (functions() lists them), and the plan OUT/plan: one line
per commit, in recording order, "SHA PARENT BRANCH TIME DIR" (PARENT "-"
for the first).  Also alpha-option.xml (another option) and
other-program/ (another program under the name alpha).

Usage: history_gen.py OUT.  GPL-2.0-or-later; part of hotgrind."""
import hashlib, os, sys

import history_files

out = sys.argv[1]

def sha(name):
    return hashlib.sha1(name.encode()).hexdigest()

def functions(bench, k, branch_step):
    """The self Ir of each function at commit K (main: 1..32; the feature
    branch forks at 12 and adds BRANCH_STEP 1..4)."""
    f = {}
    for i in range(40):
        f["f%02d" % i] = (1000 + 10 * i) * (2 if bench == "beta" else 1)
    if bench == "alpha":
        if k >= 5: f["f01"] += 100                 # one function up
        if k >= 10:                                 # one up, one down
            f["f02"] += 300
            f["f03"] -= 200
        if 15 <= k < 20: del f["f04"]               # gone, then back
        if k >= 25: f["f40"] = 777                  # a new function
        if branch_step: f["f05"] += 1000 * branch_step
    elif k >= 8:
        f["f06"] += 50
    return f

def calls(k):
    return 3 if k >= 22 else 2

def report(bench, k, branch_step, exe=None, option=None):
    f = functions(bench, k, branch_step)
    c = calls(k)
    rows = []
    for name in sorted(f, key=lambda n: (-f[n], n)):
        i = int(name[1:])
        obj, src = ("libm.so.6", "") if 30 <= i < 40 else ("prog", "prog.c")
        if name == "f00" and bench == "alpha":
            rows.append(
                '<function name="f00" object="prog" file="prog.c" line="1"'
                ' marked="yes" calls="%d"><self Ir="%d"/>'
                '<inclusive Ir="%d"/><per-call min="500" max="500"'
                ' mean="500.00" p50="500" p95="500" p99="500"/></function>'
                % (c, f[name], 500 * c))
        else:
            rows.append('<function name="%s" object="%s" file="%s" line="%d">'
                        '<self Ir="%d"/></function>'
                        % (name, obj, src, i + 1, f[name]))
    marks = '<marks><mark pattern="f00" functions="1" entered="1"/></marks>' \
        if bench == "alpha" else ""
    return history_files.report(exe or "./" + bench, sum(f.values()),
                                "".join(rows),
                                [(option, "yes")] if option else (), marks)

def suite_run(path, k, branch_step, beta_fails):
    history_files.write_suite_run(path, "s", [
        ("alpha", report("alpha", k, branch_step)),
        ("beta", None if beta_fails else report("beta", k, branch_step))])

plan = []
parent = None
for k in range(1, 33):
    name = "main-%02d" % k
    suite_run(os.path.join(out, name), k, 0, k == 17)
    plan.append((sha(name), parent or "-", "main",
                 "2026-01-%02dT%02d:00:00Z" % (k // 2 + 1, 10 + k % 2), name))
    parent = sha(name)
parent = sha("main-12")
for j in range(1, 5):
    name = "feature-%d" % j
    suite_run(os.path.join(out, name), 12, j, False)
    plan.append((sha(name), parent, "feature",
                 "2026-02-%02dT12:00:00+01:00" % j, name))
    parent = sha(name)
with open(os.path.join(out, "plan"), "w") as w:
    for row in plan:
        w.write(" ".join(row) + "\n")
# Reports of their own: another option (settings), another program.
with open(os.path.join(out, "alpha-option.xml"), "w") as w:
    w.write(report("alpha", 32, 0, option="collect-atstart"))
os.makedirs(os.path.join(out, "other-program"))
with open(os.path.join(out, "other-program", "alpha.xml"), "w") as w:
    w.write(report("alpha", 32, 0, exe="./zzz"))
with open(os.path.join(out, "other-program", "manifest.xml"), "w") as w:
    w.write('<suite-run format="1" suite="s"><benchmark name="alpha"'
            ' position="1" status="ok" exit="0" report="alpha.xml"/>'
            '</suite-run>\n')
