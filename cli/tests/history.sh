#!/bin/sh
# hotgrind history: a history of 36 commits (a branch among them) recorded
# from generated reports and suite runs, its log checked against the
# reports read with Python's xml.etree and the database read with the
# sqlite3 command; storage of changes only; refusals; bad databases
# (nothing written); a record killed at each stage; two records at once;
# the same inputs give the same output.  GPL-2.0-or-later; part of
# hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The reports are made
# here, in the scratch folder, by editing the figures of a template: the
# known changes are listed in tests/history_gen.py.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
PYTHON=${PYTHON:-/usr/bin/python3}
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 command"; exit 77; }
db=$scratch/history.db
hist() { "$HOTGRIND" history "$@"; }

# --- the generator: suite runs of benchmarks alpha and beta per commit,
# with the changes tests/history_gen.py lists
"$PYTHON" "$(dirname "$0")/history_gen.py" "$scratch" ||
  { echo "FAIL: history_gen.py"; exit 1; }

# record_plan DB: every commit of the plan, in order.
record_plan() {
  target=$1
  while read -r sha parent branch time dir; do
    if [ "$parent" = - ]; then set --; else set -- --parent "$parent"; fi
    "$HOTGRIND" history record --db "$target" --commit "$sha" "$@" \
      --branch "$branch" --time "$time" "$scratch/$dir" >"$out" 2>"$err" ||
      { fail "record $dir into $target"; return 1; }
  done <"$scratch/plan"
}
sha_of() { awk -v d="$1" '$5 == d { print $1 }' "$scratch/plan"; }
q() { sqlite3 "$db" "$1"; }

checks=$((checks + 1))
record_plan "$db"
run 0 history check --db "$db"

# --- the database, read with sqlite3
checks=$((checks + 1))
[ "$(q 'SELECT count(*) FROM commits')" = 36 ] &&
  [ "$(q 'SELECT count(*) FROM runs')" = 72 ] &&
  [ "$(q "SELECT count(*) FROM runs WHERE status = 'failed'")" = 1 ] &&
  [ "$(q "SELECT count(*) FROM figures f JOIN runs r ON r.id = f.run_id
          WHERE r.status = 'failed'")" = 0 ] &&
  [ "$(q "SELECT count(*) FROM entities WHERE kind = 'function'")" = 41 ] &&
  [ "$(q 'PRAGMA user_version')" = 2 ] ||
  fail "sqlite3: not 36 commits, 72 runs, one failed without figures, 41 functions"
# Storage: main-05 changed f01 alone, so alpha's run there holds two rows,
# f01's Ir and the total's, with the report's values; beta's none.
main05=$(sha_of main-05)
rows=$(q "SELECT e.name || '=' || f.value FROM figures f
          JOIN runs r ON r.id = f.run_id JOIN commits c ON c.id = r.commit_id
          JOIN entities e ON e.id = f.entity_id
          JOIN metrics m ON m.id = f.metric_id
          WHERE c.sha = '$main05' AND r.benchmark = 'alpha' AND m.name = 'Ir'
          ORDER BY e.name" | tr '\n' ' ')
all=$(q "SELECT count(*) FROM figures f JOIN runs r ON r.id = f.run_id
         JOIN commits c ON c.id = r.commit_id WHERE c.sha = '$main05'")
checks=$((checks + 1))
want=$("$PYTHON" -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
f01 = [f for f in r.iter("function") if f.get("name") == "f01"][0]
print("=%s f01=%s " % (r.find("totals").get("Ir"), f01.find("self").get("Ir")))
' "$scratch/main-05/alpha.xml")
[ "$rows" = "$want" ] && [ "$all" = 2 ] ||
  fail "main-05: rows '$rows' (all $all), want '$want' (all 2)"
# main-22 changed the calls of the marked f00 alone: its calls and
# inclusive Ir are the rows stored (the per-call figures stay 500), with
# the report's values; the mark pattern's counts were stored once on
# main (a branch's first run stores everything).
rows=$(q "SELECT e.name || ' ' || m.name || '=' || f.value FROM figures f
          JOIN runs r ON r.id = f.run_id JOIN commits c ON c.id = r.commit_id
          JOIN entities e ON e.id = f.entity_id
          JOIN metrics m ON m.id = f.metric_id
          WHERE c.sha = '$(sha_of main-22)' ORDER BY m.name" | tr '\n' ' ')
want=$("$PYTHON" -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
f = [f for f in r.iter("function") if f.get("name") == "f00"][0]
print("f00 calls=%s f00 incl-Ir=%s " % (f.get("calls"), f.find("inclusive").get("Ir")))
' "$scratch/main-22/alpha.xml")
checks=$((checks + 1))
[ "$rows" = "$want" ] || fail "main-22: rows '$rows', want '$want'"
checks=$((checks + 1))
[ "$(q "SELECT m.name || '=' || f.value FROM figures f
        JOIN runs r ON r.id = f.run_id JOIN entities e ON e.id = f.entity_id
        JOIN metrics m ON m.id = f.metric_id WHERE e.kind = 'mark'
        AND e.name = 'f00' AND r.branch = 'main' ORDER BY m.name" |
   tr '\n' ' ')" = "entered=1 functions=1 " ] ||
  fail "the mark pattern's counts are not stored once on main"
# The failed beta at main-17 and f04 gone at main-15: a NULL row.
checks=$((checks + 1))
[ "$(q "SELECT count(*) FROM figures f JOIN runs r ON r.id = f.run_id
        JOIN commits c ON c.id = r.commit_id
        JOIN entities e ON e.id = f.entity_id
        WHERE c.sha = '$(sha_of main-15)' AND e.name = 'f04'
        AND f.value IS NULL")" = 1 ] || fail "main-15: f04 not stored as gone"

# --- log against the reports, read with xml.etree
cat >"$scratch/check.py" <<'EOF'
import json, os, subprocess, sys, xml.etree.ElementTree as ET
hotgrind, db, base = sys.argv[1:4]
plan = [l.split() for l in open(os.path.join(base, "plan"))]
by_sha = {p[0]: p for p in plan}
failures = 0

def fail(what):
    global failures
    failures += 1
    print("FAIL: log:", what)

def figure(dir_, bench, function, metric):
    """(status, value) of BENCH at DIR from its manifest and report."""
    m = ET.parse(os.path.join(base, dir_, "manifest.xml")).getroot()
    b = [b for b in m.iter("benchmark") if b.get("name") == bench][0]
    if b.get("status") != "ok":
        return b.get("status"), None
    r = ET.parse(os.path.join(base, dir_, bench + ".xml")).getroot()
    if function is None:
        return "ok", int(r.find("totals").get(metric))
    for f in r.iter("function"):
        if f.get("name") == function:
            v = f.get("calls") if metric == "calls" else \
                f.find("self").get(metric)
            return "ok", None if v is None else int(v)
    return "ok", None

def expected(branch, bench, function, metric):
    head = [p for p in plan if p[2] == branch][-1]
    points, sha = [], head[0]
    while sha in by_sha:
        p = by_sha[sha]
        status, value = figure(p[4], bench, function, metric)
        points.append({"commit": sha, "time": p[3], "status": status,
                       "value": value})
        sha = p[1]
    older = None
    for pt in reversed(points):
        pt["changed"] = pt["status"] == "ok" and older is not None and \
            older["value"] != pt["value"]
        pt["delta"] = pt["value"] - older["value"] if older is not None \
            and pt["value"] is not None and older["value"] is not None \
            else None
        if pt["status"] == "ok":
            older = pt
    return points

def log(*args):
    r = subprocess.run([hotgrind, "history", "log", "--db", db,
                        "--format=json"] + list(args),
                       capture_output=True, text=True)
    if r.returncode != 0:
        fail("%s: status %d: %s" % (args, r.returncode, r.stderr))
        return []
    return json.loads(r.stdout)["series"]

checked = 0
for branch in ["main", "feature"]:
    for bench in ["alpha", "beta"]:
        for function, metric in [(None, "Ir"), ("f01", "Ir"), ("f02", "Ir"),
                                 ("f03", "Ir"), ("f04", "Ir"), ("f05", "Ir"),
                                 ("f06", "Ir"), ("f40", "Ir"),
                                 ("f00", "calls")]:
            want = expected(branch, bench, function, metric)
            if all(p["value"] is None for p in want):
                continue
            args = ["--branch", branch, "--benchmark", bench,
                    "--metric", metric]
            if function:
                args += ["--function", function]
            got = log(*args)
            if len(got) != 1:
                fail("%s: %d series" % (args, len(got)))
                continue
            if got[0]["points"] != want:
                fail("%s: points differ:\n got %s\nwant %s"
                     % (args, got[0]["points"], want))
            checked += 1
# The commit that moved one function up and another down.
c10 = [p for p in plan if p[4] == "main-10"][0][0]
for function, delta in [("f02", 300), ("f03", -200)]:
    s = log("--benchmark", "alpha", "--function", function)
    pt = [p for p in s[0]["points"] if p["commit"] == c10] if s else []
    if not pt or pt[0]["delta"] != delta or not pt[0]["changed"]:
        fail("main-10: %s not %+d" % (function, delta))
# A glob: every function of libm.so.6, each a series.
s = log("--benchmark", "beta", "--function", "libm.so.6:*")
if sorted(x["name"] for x in s) != ["f%02d" % i for i in range(30, 40)]:
    fail("libm.so.6:* did not give f30..f39")
print("checked %d series" % checked)
sys.exit(1 if failures else 0)
EOF
checks=$((checks + 1))
"$PYTHON" "$scratch/check.py" "$HOTGRIND" "$db" "$scratch" >"$scratch/check.out" 2>&1 ||
  { echo "FAIL: log against the reports"; sed 's/^/    /' "$scratch/check.out"; failures=$((failures + 1)); }

# The text and CSV give the JSON's values.
run 0 history log --db "$db" --benchmark alpha --function f02 --format=csv &&
  cp "$out" "$scratch/f02.csv"
run 0 history log --db "$db" --benchmark alpha --function f02 --format=json &&
  cp "$out" "$scratch/f02.json"
run 0 history log --db "$db" --benchmark alpha --function f02 && {
  checks=$((checks + 1))
  "$PYTHON" - "$scratch/f02.csv" "$scratch/f02.json" "$out" <<'EOF' ||
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
points = json.load(open(sys.argv[2]))["series"][0]["points"]
text = open(sys.argv[3]).read().splitlines()[1:]
assert len(rows) == len(points) == len(text) == 32, (len(rows), len(text))
for row, p, line in zip(rows, points, text):
    assert row["commit"] == p["commit"] and int(row["value"]) == p["value"]
    words = line[2:].split()
    assert words[0] == p["commit"] and int(words[2]) == p["value"], line
    assert line.startswith("* ") == p["changed"], line
EOF
  fail "log f02: text, CSV and JSON disagree"
}

# Nothing matches: an error, not an empty history.
expect_trouble history log --db "$db" --function nomatch &&
  one_line_error "$db" history log nomatch
expect_trouble history log --db "$db" --branch nobranch &&
  one_line_error "$db" history log nobranch
expect_trouble history log --db "$db" --metric nometric

# --- determinism: the same log twice; the same inputs in a second database
run 0 history log --db "$db" --function '*' && cp "$out" "$scratch/log1"
run 0 history log --db "$db" --function '*' && same "$scratch/log1" "$out" "log twice"
record_plan "$scratch/again.db"
for format in text json csv; do
  "$HOTGRIND" history log --db "$db" --function 'f0*' --format=$format \
    >"$scratch/a.$format" 2>&1
  "$HOTGRIND" history log --db "$scratch/again.db" --function 'f0*' \
    --format=$format >"$scratch/b.$format" 2>&1
  same "$scratch/a.$format" "$scratch/b.$format" "log --format=$format of two databases"
done

# --- refusals
c32=$(sha_of main-32)
cp "$db" "$scratch/before.db"
expect_trouble history record --db "$db" --commit "$c32" "$scratch/alpha-option.xml" &&
  one_line_error "$scratch/alpha-option.xml" history record other settings &&
  { grep -q 'other settings; --replace' "$err" || fail "other settings: message"; }
same "$scratch/before.db" "$db" "refused record: database untouched"
expect_trouble history record --db "$db" --commit 1234567 "$scratch/other-program" &&
  { grep -q 'recorded as a run of alpha, not of zzz' "$err" ||
      fail "another program: message"; }
expect_trouble history record --db "$db" --commit xyz1234 "$scratch/main-01"
expect_trouble history record --db "$db" --commit abc12 "$scratch/main-01"
expect_trouble history record --db "$db" --commit 1234567 --time yesterday "$scratch/main-01"
# log's options are refused by record, not silently ignored.
for opt in --function=main --format=json --benchmark=alpha --metric=Ir; do
  expect_trouble history record --db "$db" --commit 1234567 "$opt" "$scratch/main-01" &&
    { grep -q 'are options of log' "$err" || fail "record $opt: message: $(cat "$err")"; }
done
same "$scratch/before.db" "$db" "refused records: database untouched"
# The commit again with another branch: refused; --replace moves it and
# its runs.
c03=$(sha_of main-03)
cp "$db" "$scratch/moved.db"
expect_trouble history record --db "$scratch/moved.db" --commit "$c03" \
  --branch other "$scratch/main-03" &&
  one_line_error "$scratch/moved.db" history record another branch
run 0 history record --db "$scratch/moved.db" --commit "$c03" --branch other \
  --replace "$scratch/main-03"
checks=$((checks + 1))
[ "$(sqlite3 "$scratch/moved.db" "SELECT DISTINCT c.branch || r.branch FROM runs r
      JOIN commits c ON c.id = r.commit_id WHERE c.sha = '$c03'")" = otherother ] ||
  fail "--replace --branch: the commit or its runs did not move"
# The same run again: nothing to do, nothing written.
run 0 history record --db "$db" --commit "$c32" "$scratch/main-32"
same "$scratch/before.db" "$db" "the same run again: database untouched"
# --replace: the run with the option replaces the one of the suite run;
# the rows of later runs are untouched, f40 is still 777.
run 0 history record --db "$db" --commit "$c32" --replace "$scratch/alpha-option.xml"
checks=$((checks + 1))
[ "$(q "SELECT r.settings FROM runs r JOIN commits c ON c.id = r.commit_id
        WHERE c.sha = '$c32' AND r.benchmark = 'alpha'" | grep -c collect-atstart)" = 1 ] ||
  fail "--replace: the run was not replaced"
run 0 history log --db "$db" --benchmark alpha --function f40 --format=csv &&
  { checks=$((checks + 1)); [ "$(grep -c ',777,' "$out")" = 8 ] ||
      fail "--replace: f40 not 777 at its 8 commits"; }
run 0 history check --db "$db"

# --- bad databases: exit 2, one line, nothing written
bad() {
  what=$1 file=$2
  cp "$file" "$scratch/bad-before"
  for action in record log check; do
    case $action in
      record) set -- record --db "$file" --commit 1234567 "$scratch/main-01" ;;
      *) set -- "$action" --db "$file" ;;
    esac
    expect_trouble history "$@" && one_line_error "$file" history "$@"
  done
  same "$scratch/bad-before" "$file" "$what: nothing written"
}
echo "not a database at all, but long enough to have a header of 100 bytes................................." >"$scratch/text.db"
bad "not SQLite" "$scratch/text.db"
sqlite3 "$scratch/other.db" 'CREATE TABLE t (x); INSERT INTO t VALUES (1);'
bad "another application's" "$scratch/other.db"
cp "$db" "$scratch/newer.db"
sqlite3 "$scratch/newer.db" 'PRAGMA user_version = 3'
bad "a newer schema" "$scratch/newer.db"
grep -q 'newer' "$err" || fail "newer schema: message"
size=$(wc -c <"$db")
head -c $((size - 4096)) "$db" >"$scratch/short.db"
bad "truncated at a page" "$scratch/short.db"
head -c $((size / 2 + 100)) "$db" >"$scratch/half.db"
bad "truncated mid-page" "$scratch/half.db"

# --- a record killed in its transaction: wholly out, check passes
runs_before=$(q 'SELECT count(*) FROM runs')
rows_before=$(q 'SELECT count(*) FROM figures')
for stage in begin run figures commit; do
  rm -f "$scratch/paused"
  HOTGRIND_HISTORY_PAUSE="$stage:$scratch/paused" \
    "$HOTGRIND" history record --db "$db" --commit 00000000aa \
    --branch main --parent "$c32" "$scratch/main-01" 2>/dev/null &
  pid=$!
  n=0
  while [ ! -e "$scratch/paused" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
  kill -9 $pid; wait $pid 2>/dev/null
  run 0 history check --db "$db"
  checks=$((checks + 1))
  [ -e "$scratch/paused" ] &&
    [ "$(q 'SELECT count(*) FROM runs')" = "$runs_before" ] &&
    [ "$(q 'SELECT count(*) FROM figures')" = "$rows_before" ] ||
    fail "killed at $stage: the run is partly in"
done
# And then it goes in whole.
run 0 history record --db "$db" --commit 00000000aa --branch main --parent "$c32" "$scratch/main-01"
checks=$((checks + 1))
[ "$(q 'SELECT count(*) FROM runs')" = $((runs_before + 2)) ] ||
  fail "record after the kills"

# --- names a report controls: control characters never reach the
# terminal, and the JSON is valid UTF-8 with the name as it was
names=$scratch/names.db
sed -e 's/name="f07"/name="tab\&#9;caf\&#233;"/' \
  "$scratch/main-01/alpha.xml" >"$scratch/names.xml"
run 0 history record --db "$names" --commit 7777777 "$scratch/names.xml"
run 0 history log --db "$names" --function 'tab*' && {
  checks=$((checks + 1))
  if tr -d '\n' <"$out" | LC_ALL=C grep -q '[[:cntrl:]]' ||
     ! grep -q 'tab?caf' "$out"; then
    fail "log: a control character of a name reached the text"
  fi
}
run 0 history log --db "$names" --function 'tab*' --format=json && {
  checks=$((checks + 1))
  "$PYTHON" -c '
import json, sys
s = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))["series"]
assert [x["name"] for x in s] == ["tab\tcaf\u00e9"], s
' "$out" || fail "log --format=json: not the name, or not UTF-8"
}
# Another architecture at the same commit: its own series; --arch picks.
sed -e 's|<arch>amd64</arch>|<arch>arm64</arch>|' \
  -e 's/<totals Ir="[0-9]*"/<totals Ir="4242"/' "$scratch/main-01/alpha.xml" >"$scratch/arm64.xml"
run 0 history record --db "$names" --commit 7777777 "$scratch/arm64.xml"
run 0 history log --db "$names" --format=csv && {
  checks=$((checks + 1))
  [ "$(grep -c '"amd64"' "$out")" = 1 ] && [ "$(grep -c '"arm64".*,4242,' "$out")" = 1 ] ||
    fail "log: not one series per architecture"
}
run 0 history log --db "$names" --arch arm64 --format=csv && {
  checks=$((checks + 1))
  [ "$(lines "$out")" = 2 ] && grep -q '"arm64".*,4242,' "$out" ||
    fail "log --arch arm64: not arm64's series alone"
}
# A suite run's shards joined by commas: one run per benchmark.
for i in 1 2; do
  mkdir "$scratch/shard-$i"
  bench=$(if [ $i = 1 ]; then echo alpha; else echo beta; fi)
  cp "$scratch/main-02/$bench.xml" "$scratch/shard-$i/"
  printf '<suite-run format="1" suite="s"><shard index="%s" count="2"/><benchmark name="%s" position="%s" status="ok" exit="0" report="%s.xml"/></suite-run>\n' \
    $i $bench $i $bench >"$scratch/shard-$i/manifest.xml"
done
run 0 history record --db "$names" --commit 8888888 "$scratch/shard-1,$scratch/shard-2"
checks=$((checks + 1))
[ "$(sqlite3 "$names" "SELECT group_concat(r.benchmark) FROM runs r
      JOIN commits c ON c.id = r.commit_id WHERE c.sha = '8888888'")" = alpha,beta ] ||
  fail "record of two shards: not alpha and beta"
# A database with garbage in one of its pages: check finds it.
cp "$names" "$scratch/garbage.db"
pages=$(($(wc -c <"$names") / 4096))
printf 'garbage%.0s' $(seq 1 500) |
  dd of="$scratch/garbage.db" bs=4096 seek=$((pages - 1)) conv=notrunc 2>/dev/null
expect_trouble history check --db "$scratch/garbage.db" &&
  one_line_error "$scratch/garbage.db" history check garbage

# Killed at moments no stage chose, recording a large suite run (three
# reports of 600 functions, every row new): wholly in or wholly out.
"$PYTHON" - "$scratch/large" <<'EOF'
import os, sys
out = sys.argv[1]
os.makedirs(out)
entries = []
for pos, bench in enumerate(["big1", "big2", "big3"], 1):
    rows = "".join('<function name="g%03d" object="big" file="big.c" line="%d">'
                   '<self Ir="%d"/></function>' % (i, i + 1, 5000 - i)
                   for i in range(600))
    with open(os.path.join(out, bench + ".xml"), "w") as w:
        w.write('<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">'
                '<run><tool name="hotgrind" version="0.1.0"/><valgrind'
                ' version="3.19.0"/><arch>amd64</arch><command><exe>./%s</exe>'
                '</command></run><totals Ir="%d"/><functions>%s</functions>'
                '</hotgrind>\n' % (bench, sum(5000 - i for i in range(600)), rows))
    entries.append('<benchmark name="%s" position="%d" status="ok" exit="0"'
                   ' report="%s.xml"/>' % (bench, pos, bench))
with open(os.path.join(out, "manifest.xml"), "w") as w:
    w.write('<suite-run format="1" suite="big">%s</suite-run>\n' % "".join(entries))
EOF
cp "$db" "$scratch/whole.db"
"$HOTGRIND" history record --db "$scratch/whole.db" --commit bbbbbbbb "$scratch/large"
whole=$(sqlite3 "$scratch/whole.db" 'SELECT count(*) FROM figures')
outside=$(q 'SELECT count(*) FROM figures')
# (On the machine this was written on, reading the reports takes about
# 0.06 s and the transaction the next 0.03 s; the stages above are killed
# inside the transaction whatever the machine.)
for delay in 0.01 0.04 0.06 0.07 0.08 0.09 0.1 0.12 0.2; do
  cp "$db" "$scratch/killed.db"
  "$HOTGRIND" history record --db "$scratch/killed.db" --commit bbbbbbbb \
    "$scratch/large" 2>/dev/null &
  pid=$!
  sleep $delay
  kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
  run 0 history check --db "$scratch/killed.db"
  figures=$(sqlite3 "$scratch/killed.db" 'SELECT count(*) FROM figures')
  runs=$(sqlite3 "$scratch/killed.db" "SELECT count(*) FROM runs r JOIN commits c
           ON c.id = r.commit_id WHERE c.sha = 'bbbbbbbb'")
  checks=$((checks + 1))
  { [ "$runs" = 0 ] && [ "$figures" = "$outside" ]; } ||
    { [ "$runs" = 3 ] && [ "$figures" = "$whole" ]; } ||
    fail "killed after ${delay}s: $runs runs and $figures figures, neither out ($outside) nor in ($whole)"
done

# --- two records at once: the second waits for the first; both land
two=$scratch/two.db
rm -f "$scratch/paused"
HOTGRIND_HISTORY_PAUSE="figures:$scratch/paused:2" \
  "$HOTGRIND" history record --db "$two" --commit "$(sha_of main-01)" "$scratch/main-01" &
first=$!
n=0
while [ ! -e "$scratch/paused" ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
"$HOTGRIND" history record --db "$two" --commit "$(sha_of main-02)" "$scratch/main-02" 2>"$err"
second=$?
wait $first
first=$?
checks=$((checks + 1))
[ $first = 0 ] && [ $second = 0 ] &&
  [ "$(sqlite3 "$two" 'SELECT count(*) FROM runs')" = 4 ] ||
  fail "two records at once: status $first and $second, not 4 runs"
run 0 history check --db "$two"

# --- a lock held past the wait: a clear error, nothing written; held
# less than the wait: the record waits and lands.  The sqlite3 command
# holds a write transaction open (HOTGRIND_HISTORY_BUSY_SECONDS, for the
# tests only, makes the 60 s wait 1 s or 10 s).
locked=$scratch/locked.db
"$HOTGRIND" history record --db "$locked" --commit "$(sha_of main-01)" \
  "$scratch/main-01" >/dev/null || fail "record main-01 into locked.db"
cp "$locked" "$scratch/locked-before.db"
hold_lock() {   # hold_lock SECONDS: a write transaction on locked.db
  { echo "BEGIN IMMEDIATE; INSERT INTO metrics (name) VALUES ('held');"
    sleep "$1"; echo "ROLLBACK;"; } | sqlite3 "$locked" &
  holder=$!
  n=0
  while [ "$(sqlite3 "$locked" 'PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK;' 2>&1)" = "" ] &&
        [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
}
hold_lock 4
HOTGRIND_HISTORY_BUSY_SECONDS=1; export HOTGRIND_HISTORY_BUSY_SECONDS
run 2 history record --db "$locked" \
  --commit "$(sha_of main-02)" --parent "$(sha_of main-01)" "$scratch/main-02"
checks=$((checks + 1))
grep -qx "hotgrind: $locked: the database is locked by another process (waited 1 s)" "$err" ||
  fail "a lock held past the wait: $(cat "$err")"
wait $holder
same "$scratch/locked-before.db" "$locked" "a lock held past the wait: nothing written"
hold_lock 2
HOTGRIND_HISTORY_BUSY_SECONDS=10
run 0 history record --db "$locked" \
  --commit "$(sha_of main-02)" --parent "$(sha_of main-01)" "$scratch/main-02"
unset HOTGRIND_HISTORY_BUSY_SECONDS
wait $holder
checks=$((checks + 1))
[ "$(sqlite3 "$locked" 'SELECT count(*) FROM runs')" = 4 ] ||
  fail "a lock held less than the wait: the record did not land"

# --- log of a zone and of a mark pattern: check's fixtures, the head's
# zone made dearer and called twice, read back against the reports
# (values worked out from the files: 100000 -> 150000, calls 1 -> 2,
# the mark entered once in both)
zones=$scratch/zones.db
sed -e 's|<zone name="startup" calls="1">|<zone name="startup" calls="2">|' \
    -e 's|<inclusive Ir="100000" allocs="2"|<inclusive Ir="150000" allocs="2"|' \
    "$HG_TEST_DATA/check/base.xml" >"$scratch/zones-head.xml"
"$HOTGRIND" history record --db "$zones" --commit aaaaaaa \
  "$HG_TEST_DATA/check/base.xml" >/dev/null || fail "record base.xml"
"$HOTGRIND" history record --db "$zones" --commit bbbbbbb --parent aaaaaaa \
  "$scratch/zones-head.xml" >/dev/null || fail "record zones-head.xml"
run 0 history log --db "$zones" --zone 'start*' --format=csv
checks=$((checks + 1))
[ "$(cut -d, -f4,5,8,9,12,14 "$out" | tr -d '\r' | tail -n 2)" = '"zone","startup","incl-Ir","bbbbbbb",150000,50000
"zone","startup","incl-Ir","aaaaaaa",100000,' ] ||
  fail "log --zone: $(cat "$out")"
run 0 history log --db "$zones" --zone startup --metric calls --format=csv
checks=$((checks + 1))
[ "$(cut -d, -f12 "$out" | tr -d '\r' | tail -n 2 | tr '\n' ' ')" = "2 1 " ] ||
  fail "log --zone --metric calls: $(cat "$out")"
run 0 history log --db "$zones" --mark parse
checks=$((checks + 1))
grep -q '^bench on amd64, branch (none): mark parse entered$' "$out" &&
  [ "$(grep -c ' 1\( \|$\)' "$out")" = 2 ] || fail "log --mark: $(cat "$out")"
run 2 history log --db "$zones" --mark parse --metric Ir
run 2 history log --db "$zones" --mark parse --zone startup
run 2 history log --db "$zones" --zone nosuch

# --- the head of a branch: a commit recorded last but older (as bisect
# records commits between two recorded ones) is not where log starts.
# main-01..03 in order, then a commit between 01 and 02 by time, whose
# first parent is main-01: log of main still starts at main-03.
heads=$scratch/heads.db
previous=
for k in 01 02 03; do
  if [ -z "$previous" ]; then set --; else set -- --parent "$previous"; fi
  previous=$(sha_of main-$k)
  "$HOTGRIND" history record --db "$heads" --commit "$(sha_of main-$k)" "$@" \
    --branch main --time "2026-03-${k}T10:00:00Z" "$scratch/main-$k" >/dev/null ||
    fail "record main-$k into heads.db"
done
"$HOTGRIND" history record --db "$heads" --commit abcabcabcabc \
  --parent "$(sha_of main-01)" --branch main --time 2026-03-01T12:00:00+01:00 \
  "$scratch/main-02" >/dev/null || fail "record the older commit into heads.db"
run 0 history log --db "$heads" --benchmark alpha --format=csv
checks=$((checks + 1))
[ "$(grep -c "$(sha_of main-03)" "$out")" = 1 ] &&
  ! grep -q abcabcabcabc "$out" ||
  fail "log of heads.db does not start at main-03: $(cat "$out")"

finish
