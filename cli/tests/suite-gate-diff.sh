#!/bin/sh
# hotgrind diff over suite runs: the benchmarks in both compared as two
# reports are, the added, removed and not-run ones listed; text, markdown
# (a folded section per benchmark) and JSON (docs/diff-suite.schema.json,
# each benchmark's diff a document of docs/diff.schema.json); determinism
# and the usage errors.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND, HG_TEST_DATA and HG_SCHEMA_DIR in the
# environment.  The figures are calls of tick() counted by hand
# (suite-gate-lib.sh): alpha 100 -> 150 is +50, +50.00%.

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/suite-gate-lib.sh"
: "${HG_SCHEMA_DIR:?set HG_SCHEMA_DIR to docs/}"
need_python jsonschema
cd "$scratch" || exit 99
standard_suite
suite_run head-added count - alpha:ok:alpha-head.xml beta:ok:beta.xml \
  gamma:ok:gamma.xml delta:ok:delta-base.xml epsilon:ok:gamma.xml

# --- text: diff exits 0 whatever changed, a benchmark that crashed too.
twice_same 0 diff --limit 0 base head
has_line 'Base:      base (suite count, 4 benchmarks)'
has_line 'Benchmarks: 2 compared, 0 added, 1 removed, 1 not run'
has_line 'Removed:   gamma'
has_line 'Not run:   delta (head: signal SEGV)'
has_line '== alpha =='
has_line '== beta =='
checks=$((checks + 1))
grep -Eq '^ +calls +100 +150 +\+50 +\+50\.00%$' "$out" ||
  fail "no calls row 100 -> 150 in alpha's table"
run 0 diff base head-added
has_line 'Benchmarks: 4 compared, 1 added, 0 removed, 0 not run'
has_line 'Added:     epsilon'

# --- markdown: a folded section per benchmark compared.
twice_same 0 diff --format=markdown base head
has_line '**Benchmarks:** 2 compared, 0 added, 1 removed, 1 not run'
has_line '**Not run:** delta (head: signal SEGV)'
has_line '<details><summary><code>alpha</code></summary>'
has_line '|  |  |  |  | calls | 100 | 150 | +50 | +50.00% |'

# --history-url: a benchmark's functions link to their pages under the
# benchmark's name; without the links the output is the one above.
history_links 0 '^| \[`tick`\](https://example.org/h/TICK) | `count` | ' \
  "alpha's tick" diff --format=markdown

# --- JSON.
twice_same 0 diff --format=json base head
cp "$out" diff.json
suite_json diff-suite.schema.json diff.schema.json diff diff.json '
assert doc["counts"] == {"compared": 2, "added": 0, "removed": 1, "not-run": 1}, doc["counts"]
status = {b["name"]: b["status"] for b in doc["benchmarks"]}
assert status == {"alpha": "compared", "beta": "compared", "delta": "not-run", "gamma": "removed"}, status
alpha = doc["benchmarks"][0]["diff"]
tick = [r for r in alpha["rows"] if r.get("name") == "tick"][0]
calls = [m for m in tick["metrics"] if m["metric"] == "calls"][0]
assert (calls["base"], calls["head"], calls["delta"]) == (100, 150, 50), calls
plain["benchmarks"][0]["status"] = "same"
try:
    schema("diff-suite.schema.json").validate(plain)
    sys.exit("an unknown status was accepted")
except jsonschema.ValidationError:
    pass
'

# --- usage errors.
expect_trouble diff base "$fixtures/beta.xml"
checks=$((checks + 1))
head -n 1 "$err" | grep -Fxq "hotgrind diff: BASE and HEAD are both reports or both suite runs ('$fixtures/beta.xml' is a report)" ||
  fail "no usage error for a suite against a report"
expect_trouble diff --format=svg base head
checks=$((checks + 1))
head -n 1 "$err" | grep -Fxq "hotgrind diff: --format=svg compares two reports, not suite runs" ||
  fail "no usage error for svg of suites"

# A report that cannot be read, the last of the suite: status 2, its
# name on stderr, and no part of the output.
suite_run unreadable count - alpha:ok:alpha-head.xml beta:ok:beta.xml
echo '<hotgrind' >unreadable/beta.xml
expect_trouble diff base unreadable
checks=$((checks + 1))
grep -q '^hotgrind: unreadable/beta.xml: ' "$err" ||
  fail "the unreadable report is not named"

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
