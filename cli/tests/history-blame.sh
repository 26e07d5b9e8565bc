#!/bin/sh
# hotgrind history blame and show, and the call graph's edges in the
# history: two generated histories (tests/history_gen.py's, without call
# graphs, and tests/history_graph_gen.py's, with them) recorded; every
# blame row, explanation and show change checked against the reports read
# with Python's xml.etree along the plans' first parents, the stored edges
# with the sqlite3 command; determinism; hostile names; refusals; and
# schema version 1 (tests/data/history-v1.sql, written by the hotgrind of
# before version 2) read as it is, migrated by record, and left version 1
# by a migration killed with SIGKILL.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).

. "$(dirname "$0")/lib.sh"
# Command lines below are kept in variables and split; their patterns
# ('*', 'leaf?b*') must reach hotgrind as they are.
set -f
fail_shows_stdout=no
PYTHON=${PYTHON:-/usr/bin/python3}
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 command"; exit 77; }

mkdir "$scratch/h" "$scratch/g"
"$PYTHON" "$(dirname "$0")/history_gen.py" "$scratch/h" &&
  "$PYTHON" "$(dirname "$0")/history_graph_gen.py" "$scratch/g" ||
  { echo "FAIL: the generators"; exit 1; }
hdb=$scratch/h.db
gdb=$scratch/g.db

# record_plan DIR DB [LAST-DIR]: every commit of DIR's plan, in order
# (up to LAST-DIR).
record_plan() {
  plan_dir=$1 plan_db=$2 plan_last=${3:-}
  while read -r sha parent branch time dir; do
    if [ "$parent" = - ]; then set --; else set -- --parent "$parent"; fi
    "$HOTGRIND" history record --db "$plan_db" --commit "$sha" "$@" \
      --branch "$branch" --time "$time" "$plan_dir/$dir" >"$out" 2>"$err" ||
      { fail "record $dir into $plan_db"; return 1; }
    [ "$dir" = "$plan_last" ] && break
  done <"$plan_dir/plan"
  return 0
}
sha_of() { awk -v d="$2" '$5 == d { print $1 }' "$1/plan"; }

checks=$((checks + 1))
record_plan "$scratch/h" "$hdb" && record_plan "$scratch/g" "$gdb"
run 0 history check --db "$gdb"

# --- blame and show against the reports, read with xml.etree
cat >"$scratch/check.py" <<'EOF'
"""Checks every blame row and every show change against the reports.
Usage: check.py HOTGRIND HDB HDIR GDB GDIR [blame|show]; with blame or
show, one expected value of that command is made wrong, and the checks
must then fail."""
import json, os, subprocess, sys, xml.etree.ElementTree as ET
hotgrind, hdb, hdir, gdb, gdir = sys.argv[1:6]
mutate = sys.argv[6] if len(sys.argv) > 6 else None
failures = 0
mutated = False

def fail(what):
    global failures
    failures += 1
    print("FAIL:", what)

def hg(*args):
    r = subprocess.run([hotgrind, "history"] + list(args),
                       capture_output=True)
    if r.returncode != 0:
        fail("%s: status %d: %s" % (args, r.returncode, r.stderr))
        return None
    return json.loads(r.stdout.decode("utf-8"))  # strict: valid UTF-8

class History:
    def __init__(self, base):
        self.base = base
        self.plan = [l.split() for l in open(os.path.join(base, "plan"))]
        self.by_sha = {p[0]: p for p in self.plan}
        self.cache = {}

    def report(self, dir_, bench):
        """The report's figures, {key: value}, or None for a run that did
        not pass.  A key is (kind, name, object, file, callee name,
        callee object, callee file, metric), as show names a figure."""
        if (dir_, bench) in self.cache:
            return self.cache[dir_, bench]
        m = ET.parse(os.path.join(self.base, dir_, "manifest.xml")).getroot()
        b = [b for b in m.iter("benchmark") if b.get("name") == bench]
        figures = None
        if b and b[0].get("status") == "ok":
            r = ET.parse(os.path.join(self.base, dir_, bench + ".xml")).getroot()
            graph = any(o.get("name") == "call-graph" and o.get("value") == "yes"
                        for o in r.iter("option"))
            figures = {}
            figures[("total", "", "", "", "", "", "", "Ir")] = \
                int(r.find("totals").get("Ir"))
            functions = list(r.iter("function"))
            for f in functions:
                key = ("function", f.get("name"), f.get("object"), f.get("file"),
                       "", "", "")
                put = lambda metric, v: figures.setdefault(key + (metric,), int(v))
                put("Ir", f.find("self").get("Ir"))
                if f.get("calls") is not None:
                    put("calls", f.get("calls"))
                if f.find("inclusive") is not None:
                    put("incl-Ir", f.find("inclusive").get("Ir"))
                pc = f.find("per-call")
                if pc is not None:
                    for p in ["min", "p50", "p95", "p99", "max"]:
                        put(p, pc.get(p))
                if graph:
                    ns = f.find("no-symbol")
                    put("no-symbol", ns.get("Ir") if ns is not None else 0)
                    for c in f.iter("call"):
                        callee = functions[int(c.get("callee")) - 1]
                        ekey = ("edge", f.get("name"), f.get("object"),
                                f.get("file"), callee.get("name"),
                                callee.get("object"), callee.get("file"))
                        figures.setdefault(ekey + ("calls",), int(c.get("calls")))
                        figures.setdefault(ekey + ("incl-Ir",), int(c.get("Ir")))
            for mk in r.iter("mark"):
                for metric in ["functions", "entered"]:
                    figures[("mark", mk.get("pattern"), "", "", "", "", "",
                             metric)] = int(mk.get(metric))
        self.cache[dir_, bench] = figures
        return figures

    def path(self, branch):
        """The plan's commits along first parents from BRANCH's last."""
        head = [p for p in self.plan if p[2] == branch][-1]
        out, sha = [], head[0]
        while sha in self.by_sha:
            out.append(self.by_sha[sha])
            sha = self.by_sha[sha][1]
        return out

def fkey(name, obj, src, metric):
    return ("function", name, obj, src, "", "", "", metric)

def signed(before, after):
    return (after or 0) - (before or 0)

def expected_blame(hist, branch, bench, name, obj, src, metric):
    """(runs, first, changes newest first) along BRANCH's first parents."""
    global mutated
    runs, older, first, changes = 0, None, None, []
    for p in reversed(hist.path(branch)):
        figures = hist.report(p[4], bench)
        if figures is None:
            continue                       # failed: skipped over
        runs += 1
        value = figures.get(fkey(name, obj, src, metric))
        if older is None:
            first = {"commit": p[0], "time": p[3], "value": value}
        elif older[1] != value:
            c = {"commit": p[0], "time": p[3], "base-commit": older[0][0],
                 "before": older[1], "after": value,
                 "delta": signed(older[1], value)}
            ofig = hist.report(older[0][4], bench)
            graph = any(k[-1] == "no-symbol" for k in figures) and \
                any(k[-1] == "no-symbol" for k in ofig)
            c["explained-by"] = explain(ofig, figures, name, obj, src) \
                if graph else None
            if mutate == "blame" and not mutated:
                c["after"] = (value or 0) + 1
                mutated = True
            changes.append(c)
        older = (p, value)
    return runs, first, list(reversed(changes))

def part(before, after):
    return {"before": before, "after": after, "delta": signed(before, after)}

def explain(old, new, name, obj, src):
    """The parts of NAME's incl-Ir in the two runs, as diff gives them."""
    def get(figs, metric):
        return figs.get(fkey(name, obj, src, metric))
    edges = {}
    for side, figs in enumerate([old, new]):
        for k, v in figs.items():
            if k[0] == "edge" and k[1:4] == (name, obj, src):
                e = edges.setdefault(k[4:7], [[None, None], [None, None]])
                e[0 if k[7] == "calls" else 1][side] = v
    moved = []
    for callee, (calls, ir) in edges.items():
        if calls[0] != calls[1] or ir[0] != ir[1]:
            moved.append({"name": callee[0], "object": callee[1],
                          "file": callee[2],
                          "status": "added" if ir[0] is None else
                                    "removed" if ir[1] is None else "changed",
                          "calls": part(*calls), **part(*ir)})
    moved.sort(key=lambda e: (-abs(e["delta"]), e["name"].encode(),
                              e["object"].encode(), e["file"].encode()))
    def adds_up(side):
        figs = [old, new][side]
        total = sum(ir[side] or 0 for calls, ir in edges.values())
        return get(figs, "incl-Ir") is not None and get(figs, "incl-Ir") == \
            (get(figs, "Ir") or 0) + (get(figs, "no-symbol") or 0) + total
    return {"adds-up": adds_up(0) and adds_up(1),
            "incl-Ir": part(get(old, "incl-Ir"), get(new, "incl-Ir")),
            "self": part(get(old, "Ir"), get(new, "Ir")),
            "no-symbol": part(get(old, "no-symbol"), get(new, "no-symbol")),
            "callees": moved}

def strip_change(d):
    """The JSON without its "change" texts (checked apart, below)."""
    if isinstance(d, dict):
        return {k: strip_change(v) for k, v in d.items() if k != "change"}
    if isinstance(d, list):
        return [strip_change(x) for x in d]
    return d

def change_text(before, after):
    if before is None:
        return "new" if after is not None else "="
    if after is None:
        return "gone"
    if before == after:
        return "="
    d = after - before
    if before == 0:
        return "%+d" % d
    return "%+d (%+.2f%%)" % (d, 100.0 * d / before)

def check_changes_text(d, where):
    """Every "change" text of the JSON against its before and after."""
    if isinstance(d, dict):
        if "change" in d and d["change"] != change_text(d["before"], d["after"]):
            fail("%s: change %r for %r -> %r" % (where, d["change"],
                                                 d["before"], d["after"]))
        for v in d.values():
            check_changes_text(v, where)
    elif isinstance(d, list):
        for v in d:
            check_changes_text(v, where)

blamed = 0
def check_blame(hist, db, branch, bench, pattern, name, obj, src, metric):
    global blamed
    if all(hist.report(p[4], bench) is None
           or fkey(name, obj, src, metric) not in hist.report(p[4], bench)
           for p in hist.path(branch)):
        return                  # never there: log's error, checked apart
    got = hg("blame", "--db", db, "--branch", branch, "--benchmark", bench,
             "--metric", metric, "--format=json", pattern)
    if got is None:
        return
    got = [s for s in got["series"] if (s["name"], s["object"], s["file"])
           == (name, obj, src)]
    if len(got) != 1:
        fail("blame %s %s %s: %d series" % (bench, name, metric, len(got)))
        return
    s = got[0]
    runs, first, changes = expected_blame(hist, branch, bench, name, obj,
                                          src, metric)
    where = "blame %s %s %r %s" % (branch, bench, name, metric)
    if (s["benchmark"], s["branch"], s["metric"], s["runs"], s["first"]) != \
            (bench, branch, metric, runs, first):
        fail("%s: heading %s" % (where, {k: s[k] for k in ["runs", "first"]}))
    if strip_change(s["changes"]) != changes:
        fail("%s: changes differ:\n got %s\nwant %s"
             % (where, strip_change(s["changes"]), changes))
    check_changes_text(s["changes"], where)
    blamed += 1

h, g = History(hdir), History(gdir)
for branch in ["main", "feature"]:
    for bench in ["alpha", "beta"]:
        for i in [1, 2, 3, 4, 5, 6, 30, 40]:
            name = "f%02d" % i
            obj, src = ("libm.so.6", "") if 30 <= i < 40 else ("prog", "prog.c")
            check_blame(h, hdb, branch, bench, name, name, obj, src, "Ir")
        check_blame(h, hdb, branch, bench, "f00", "f00", "prog", "prog.c",
                    "calls")
HOSTILE = "leaf\tb\r\n\x7f\u00e9"
for name, obj, src, pattern in [("work", "gamma", "work.c", "work"),
                                ("helper", "gamma", "main.c", "helper"),
                                ("main", "gamma", "main.c", "main"),
                                ("leaf_a", "gamma", "leaf.c", "leaf_a"),
                                (HOSTILE, "gamma", "leaf.c", "leaf?b*"),
                                ("newf", "gamma", "leaf.c", "newf"),
                                ("memcpy", "libc.so.6", "", "libc.so.6:*")]:
    for metric in ["Ir", "incl-Ir", "calls"]:
        check_blame(g, gdb, "main", "gamma", pattern, name, obj, src, metric)

# The commit where one callee of work went up and another down.
got = hg("blame", "--db", gdb, "--metric", "incl-Ir", "--format=json", "work")
c5 = [p[0] for p in g.plan if p[4] == "graph-05"][0]
c = [c for c in got["series"][0]["changes"] if c["commit"] == c5] if got else []
if not c or [(e["name"], e["delta"]) for e in c[0]["explained-by"]["callees"]] \
        != [(HOSTILE, -80), ("leaf_a", 60)]:
    fail("graph-05: work's callees are not %s -80, leaf_a +60" % repr(HOSTILE))

# show: every commit of both histories, each benchmark.
shown = 0
for hist, db, benches in [(h, hdb, ["alpha", "beta"]), (g, gdb, ["gamma", "plain"])]:
    for i, p in enumerate(hist.plan):
        got = hg("show", "--db", db, "--format=json", p[0])
        if got is None:
            continue
        if (got["commit"], got["branch"], got["time"], got["parents"]) != \
                (p[0], p[2], p[3], [] if p[1] == "-" else [p[1]]):
            fail("show %s: commit" % p[4])
        runs = {r["benchmark"]: r for r in got["runs"]}
        if sorted(runs) != sorted(b for b in benches
                                  if any(e.get("name") == b for e in
                                         ET.parse(os.path.join(hist.base, p[4], "manifest.xml")).getroot().iter("benchmark"))):
            fail("show %s: benchmarks %s" % (p[4], sorted(runs)))
        for bench, r in runs.items():
            cur = hist.report(p[4], bench)
            base = [q for q in hist.plan[:i] if q[2] == p[2]
                    and hist.report(q[4], bench) is not None]
            want_status = "ok" if cur is not None else "failed"
            if r["status"] != want_status or r["has-figures"] != (cur is not None):
                fail("show %s %s: status %s" % (p[4], bench, r["status"]))
            changes = []
            if cur is not None and base:
                old = hist.report(base[-1][4], bench)
                for k in set(cur) | set(old):
                    if cur.get(k) != old.get(k):
                        changes.append((k, old.get(k), cur.get(k)))
                changes.sort(key=lambda c: (-abs(signed(c[1], c[2])),
                                            [x.encode() for x in c[0]]))
            want_base = base[-1][0] if cur is not None and base else None
            if r["base-commit"] != want_base:
                fail("show %s %s: base %s, want %s"
                     % (p[4], bench, r["base-commit"], want_base))
            if cur is not None and r["totals"] != {"Ir": cur[("total", "", "", "", "", "", "", "Ir")]}:
                fail("show %s %s: totals %s" % (p[4], bench, r["totals"]))
            gotc = [((c["kind"], c["name"], c["object"], c["file"])
                     + ((c["callee"]["name"], c["callee"]["object"],
                         c["callee"]["file"]) if "callee" in c else ("", "", ""))
                     + (c["metric"],), c["before"], c["after"])
                    for c in r["changes"]]
            if mutate == "show" and changes and not mutated:
                changes[0] = (changes[0][0], changes[0][1], (changes[0][2] or 0) + 1)
                mutated = True
            if gotc != changes:
                fail("show %s %s: changes differ:\n got %s\nwant %s"
                     % (p[4], bench, gotc, changes))
            if any(c["delta"] != signed(c["before"], c["after"])
                   for c in r["changes"]):
                fail("show %s %s: a delta is not after - before" % (p[4], bench))
            check_changes_text(r["changes"], "show %s %s" % (p[4], bench))
            shown += 1
print("checked %d blame series, %d shown runs" % (blamed, shown))
if mutate and not mutated:
    sys.exit(3)
sys.exit(1 if failures else 0)
EOF
checks=$((checks + 1))
"$PYTHON" "$scratch/check.py" "$HOTGRIND" "$hdb" "$scratch/h" "$gdb" "$scratch/g" \
  >"$scratch/check.out" 2>&1 ||
  { echo "FAIL: blame and show against the reports"; sed 's/^/    /' "$scratch/check.out"; failures=$((failures + 1)); }
tail -1 "$scratch/check.out"
# The checks can fail: with one expected value wrong, they do, saying so.
for command in blame show; do
  checks=$((checks + 1))
  "$PYTHON" "$scratch/check.py" "$HOTGRIND" "$hdb" "$scratch/h" "$gdb" "$scratch/g" \
    $command >"$scratch/mutate.out" 2>&1
  [ $? = 1 ] && [ "$(grep -c '^FAIL: .*changes differ' "$scratch/mutate.out")" = 1 ] ||
    { echo "FAIL: a wrong expected value of $command did not fail one check";
      sed 's/^/    /' "$scratch/mutate.out"; failures=$((failures + 1)); }
done

# --- the stored edges, read with sqlite3: a run stores the edge figures
# that differ from its base run's, the first run all of them
cat >"$scratch/edges.py" <<'EOF'
"""The edge rows a run of gamma at DIR should store against BASE-DIR (or
all, when BASE-DIR is -), as hex(caller) hex(callee) metric value lines."""
import sys, xml.etree.ElementTree as ET
def edges(path):
    r = ET.parse(path).getroot()
    fs = list(r.iter("function"))
    out = {}
    for f in fs:
        for c in f.iter("call"):
            callee = fs[int(c.get("callee")) - 1]
            for metric, attr in [("calls", "calls"), ("incl-Ir", "Ir")]:
                out[(f.get("name").encode().hex().upper(),
                     callee.get("name").encode().hex().upper(), metric)] = c.get(attr)
    return out
new = edges(sys.argv[1])
old = edges(sys.argv[2]) if sys.argv[2] != "-" else {}
rows = ["%s %s %s %s" % (k + (v,)) for k, v in new.items() if old.get(k) != v]
rows += ["%s %s %s NULL" % k for k in old if k not in new]
print("\n".join(sorted(rows)))
EOF
stored_edges() {
  sqlite3 "$gdb" "SELECT hex(e.name) || ' ' || hex(e.callee_name) || ' ' ||
      m.name || ' ' || ifnull(f.value, 'NULL') FROM figures f
      JOIN runs r ON r.id = f.run_id JOIN commits c ON c.id = r.commit_id
      JOIN entities e ON e.id = f.entity_id JOIN metrics m ON m.id = f.metric_id
      WHERE c.sha = '$(sha_of "$scratch/g" "$1")' AND r.benchmark = 'gamma'
      AND e.kind = 'edge'" | sort
}
for pair in graph-01:- graph-03:graph-02 graph-04:graph-03 graph-05:graph-04 \
            graph-08:graph-06; do
  dir=${pair%:*} base=${pair#*:}
  [ "$base" = - ] || base=$scratch/g/$base/gamma.xml
  checks=$((checks + 1))
  "$PYTHON" "$scratch/edges.py" "$scratch/g/$dir/gamma.xml" "$base" >"$scratch/want-edges"
  stored_edges "$dir" >"$scratch/got-edges"
  cmp -s "$scratch/want-edges" "$scratch/got-edges" ||
    { fail "$dir: the stored edge rows are not those that changed";
      diff "$scratch/want-edges" "$scratch/got-edges" | head -20; }
done
checks=$((checks + 1))
[ "$(sqlite3 "$gdb" "SELECT count(*) FROM runs WHERE benchmark = 'gamma'
      AND call_graph = 1")" = 7 ] &&
  [ "$(sqlite3 "$gdb" "SELECT count(*) FROM runs WHERE call_graph = 1
      AND benchmark = 'plain'")" = 0 ] ||
  fail "runs.call_graph: not the 7 gamma runs that passed"

# --- text: the JSON's values, hostile names cleaned
c5=$(sha_of "$scratch/g" graph-05)
run 0 history blame --db "$gdb" --metric incl-Ir work && {
  checks=$((checks + 1))
  grep -q "^  $c5  2026-03-05T09:00:00Z  *415 -> 395  -20 (-4.82%)\$" "$out" &&
    grep -q "^      leaf?b???é (gamma, leaf.c) 120 -> 40  -80 (-66.67%)  calls 6 -> 2  callee\$" "$out" &&
    grep -q "^      leaf_a (gamma, leaf.c) 60 -> 120  +60 (+100.00%)  calls 4 -> 8  callee\$" "$out" &&
    grep -q "^      newf (gamma, leaf.c) absent -> 21  new  calls absent -> 3  callee added\$" "$out" ||
    fail "blame work text: not the JSON's rows, or a name not cleaned"
}
for args in "blame --db $gdb --metric incl-Ir work" "blame --db $gdb leaf?b*" \
            "show --db $gdb $c5"; do
  # shellcheck disable=SC2086
  run 0 history $args || continue
  checks=$((checks + 1))
  if LC_ALL=C grep -q "$(printf '[\t\r\177]')" "$out" || ! grep -q 'leaf?b???é' "$out"; then
    fail "history $args: a name's control characters reached the terminal"
  fi
done

# --- invalid UTF-8: the report reader refuses it; a database written by
# something else still gives valid JSON
sed "s/name=\"newf\"/name=\"new$(printf '\377')\"/" "$scratch/g/graph-08/gamma.xml" \
  >"$scratch/bad-utf8.xml"
checks=$((checks + 1))
LC_ALL=C grep -q "new$(printf '\377')" "$scratch/bad-utf8.xml" || fail "bad-utf8.xml: no invalid byte"
expect_trouble history record --db "$scratch/bad-utf8.db" --commit 1234567 "$scratch/bad-utf8.xml"
cp "$gdb" "$scratch/edited.db"
sqlite3 "$scratch/edited.db" "UPDATE entities SET callee_name = CAST(X'6E6577FF' AS TEXT)
  WHERE callee_name = 'newf'; UPDATE entities SET name = CAST(X'6E6577C0AF' AS TEXT)
  WHERE name = 'newf' AND kind = 'function'"
for args in "blame --db $scratch/edited.db --metric incl-Ir work" \
            "blame --db $scratch/edited.db new*" \
            "show --db $scratch/edited.db $(sha_of "$scratch/g" graph-08)"; do
  # shellcheck disable=SC2086
  run 0 history $args --format=json || continue
  checks=$((checks + 1))
  "$PYTHON" -c '
import json, sys
text = open(sys.argv[1], "rb").read().decode("utf-8")   # strict
assert "new?" in text, "the invalid byte is not a ?"
json.loads(text)' "$out" || fail "history $args: not valid UTF-8 JSON"
done

# --- determinism: the same output twice, and from a second database of
# the same inputs
record_plan "$scratch/g" "$scratch/g2.db"
for args in "blame --metric incl-Ir *" "blame --metric calls w*" "show $c5" \
            "show $(sha_of "$scratch/g" graph-08) --benchmark gamma"; do
  for format in text json; do
    # shellcheck disable=SC2086
    "$HOTGRIND" history $args --db "$gdb" --format=$format >"$scratch/d1" 2>&1
    # shellcheck disable=SC2086
    "$HOTGRIND" history $args --db "$gdb" --format=$format >"$scratch/d2" 2>&1
    # shellcheck disable=SC2086
    "$HOTGRIND" history $args --db "$scratch/g2.db" --format=$format >"$scratch/d3" 2>&1
    same "$scratch/d1" "$scratch/d2" "history $args --format=$format twice"
    same "$scratch/d1" "$scratch/d3" "history $args --format=$format of two databases"
  done
done

# --- refusals: exit 2; about the database, one line
expect_trouble history blame --db "$gdb"
expect_trouble history blame --db "$gdb" work main
expect_trouble history blame work
expect_trouble history blame --db "$gdb" --format=csv work
expect_trouble history blame --db "$gdb" --metric nometric work
expect_trouble history blame --db "$gdb" --nosuch work
for args in "nomatch" "--benchmark nobench work" "--branch nobranch work" \
            "--arch arm64 work" "--metric peak-bytes work"; do
  # shellcheck disable=SC2086
  expect_trouble history blame --db "$gdb" $args &&
    one_line_error "$gdb" history blame $args
done
expect_trouble history show --db "$gdb"
expect_trouble history show "$c5"
expect_trouble history show --db "$gdb" xyz12345
expect_trouble history show --db "$gdb" 123456
expect_trouble history show --db "$gdb" "$c5" "$c5"
expect_trouble history show --db "$gdb" --format=csv "$c5"
expect_trouble history show --db "$gdb" deadbeef &&
  one_line_error "$gdb" history show unknown commit
expect_trouble history show --db "$gdb" --benchmark nobench "$c5" &&
  one_line_error "$gdb" history show no benchmark
cp "$gdb" "$scratch/two.db"
run 0 history record --db "$scratch/two.db" --commit abcdef0000 "$scratch/g/graph-01"
run 0 history record --db "$scratch/two.db" --commit abcdef0111 "$scratch/g/graph-02"
expect_trouble history show --db "$scratch/two.db" abcdef0 &&
  one_line_error "$scratch/two.db" history show ambiguous &&
  { grep -q ambiguous "$err" || fail "show abcdef0: not said ambiguous"; }
run 0 history show --db "$scratch/two.db" ABCDEF01 --format=json &&
  { checks=$((checks + 1)); grep -q '"commit": "abcdef0111"' "$out" ||
      fail "show ABCDEF01: not commit abcdef0111"; }

# --- schema version 1: a file the hotgrind of before version 2 wrote
v1=$scratch/v1.db
sqlite3 "$v1" <"$HG_TEST_DATA/history-v1.sql"
checks=$((checks + 1))
[ "$(sqlite3 "$v1" 'PRAGMA user_version')" = 1 ] || fail "history-v1.sql: not version 1"
cp "$v1" "$scratch/v1-before.db"
v1_dump() {
  sqlite3 "$1" "SELECT * FROM commits; SELECT * FROM parents;
    SELECT id, commit_id, benchmark, arch, branch, program, platform,
      valgrind_version, tool_version, settings, status, exit, has_figures,
      base_run FROM runs;
    SELECT id, kind, name, object, file FROM entities; SELECT * FROM metrics;
    SELECT * FROM figures"
}
v1_dump "$v1" >"$scratch/v1-rows"
# Read commands read it as it is and write nothing.
run 0 history log --db "$v1" --function f01
run 0 history blame --db "$v1" f01 --format=json && cp "$out" "$scratch/v1-blame"
run 0 history show --db "$v1" "$(sha_of "$scratch/h" main-05)"
run 0 history check --db "$v1"
checks=$((checks + 1))
grep -qx 'ok (schema version 1)' "$out" ||
  fail "check on a version-1 file: not 'ok (schema version 1)': $(cat "$out")"
same "$scratch/v1-before.db" "$v1" "read commands on a version-1 file: nothing written"
# A migration killed with SIGKILL: still version 1, every row, readable.
c07=$(sha_of "$scratch/h" main-07)
c06=$(sha_of "$scratch/h" main-06)
rm -f "$scratch/paused"
HOTGRIND_HISTORY_PAUSE="migrate:$scratch/paused" \
  "$HOTGRIND" history record --db "$v1" --commit "$c07" --parent "$c06" \
  --branch main --time 2026-01-04T11:00:00Z "$scratch/h/main-07" 2>/dev/null &
pid=$!
n=0
while [ ! -e "$scratch/paused" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
kill -9 $pid; wait $pid 2>/dev/null
checks=$((checks + 1))
[ -e "$scratch/paused" ] || fail "the record never reached the migrate stage"
run 0 history check --db "$v1"
v1_dump "$v1" >"$scratch/v1-rows-killed"
checks=$((checks + 1))
[ "$(sqlite3 "$v1" 'PRAGMA user_version')" = 1 ] &&
  cmp -s "$scratch/v1-rows" "$scratch/v1-rows-killed" ||
  fail "a killed migration: not version 1 with the same rows"
run 0 history blame --db "$v1" f01 --format=json &&
  same "$scratch/v1-blame" "$out" "blame after a killed migration"
# record migrates: version 2, the old rows intact, the new run in, check
# passes, and the history is what a new file of the same commits holds.
run 0 history record --db "$v1" --commit "$c07" --parent "$c06" --branch main \
  --time 2026-01-04T11:00:00Z "$scratch/h/main-07"
checks=$((checks + 1))
v1_dump "$v1" >"$scratch/v1-rows-after"
[ "$(sqlite3 "$v1" 'PRAGMA user_version')" = 2 ] &&
  [ "$(sqlite3 "$v1" "SELECT count(*) FROM runs r JOIN commits c ON c.id = r.commit_id
        WHERE c.sha = '$c07'")" = 2 ] &&
  [ "$(sqlite3 "$v1" "SELECT count(*) FROM runs WHERE call_graph != 0")" = 0 ] ||
  fail "record on version 1: not version 2 with main-07's two runs"
checks=$((checks + 1))
grep -vxFf "$scratch/v1-rows-after" "$scratch/v1-rows" >"$scratch/v1-lost"
[ ! -s "$scratch/v1-lost" ] ||
  { fail "record on version 1: old rows changed"; head "$scratch/v1-lost"; }
run 0 history check --db "$v1" &&
  { checks=$((checks + 1)); grep -qx 'ok (schema version 2)' "$out" ||
      fail "check after the migration: $(cat "$out")"; }
record_plan "$scratch/h" "$scratch/fresh.db" main-07
for args in "blame f0*" "log --function *" "show $c07"; do
  # shellcheck disable=SC2086
  "$HOTGRIND" history $args --db "$v1" --format=json >"$scratch/m1" 2>&1
  # shellcheck disable=SC2086
  "$HOTGRIND" history $args --db "$scratch/fresh.db" --format=json >"$scratch/m2" 2>&1
  same "$scratch/m2" "$scratch/m1" "history $args: migrated file and new file"
done

finish
