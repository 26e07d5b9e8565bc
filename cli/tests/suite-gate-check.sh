#!/bin/sh
# hotgrind check over suite runs: one gate for a whole benchmark suite.
# A regression in one benchmark fails and names benchmark and function, a
# removed benchmark and a crashed one fail, a budget scoped to benchmarks
# judges only those; the markdown, JUnit and JSON outputs as their
# consumers read them; determinism; the errors.  GPL-2.0-or-later; part
# of hotgrind.
#
# Run by `make check` with HOTGRIND, HG_TEST_DATA and HG_SCHEMA_DIR in the
# environment.  Every figure below is a count of calls of tick() that the
# fixtures' programs were built to make (suite-gate-lib.sh), worked out
# by hand: 100 -> 150 is +50, +50.00%, past the default 5%.

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/suite-gate-lib.sh"
: "${HG_SCHEMA_DIR:?set HG_SCHEMA_DIR to docs/}"
need_python junitparser jsonschema
cd "$scratch" || exit 99
standard_suite
write_policy p.xml

# --- text: the verdict of each benchmark, then each judged one's section.
twice_same 1 check --policy p.xml base head
has_line 'Base:   base (suite count, 4 benchmarks)'
has_line 'Head:   head (suite count, 3 benchmarks)'
has_line 'FAIL    alpha: 1 regression'
has_line 'pass    beta'
has_line 'FAIL    delta: the run crashed (signal SEGV), no report'
has_line 'FAIL    gamma: only in base: removed from the suite'
has_line '== alpha: FAIL =='
has_line 'FAIL    p.xml:7  calls of tick (count): 100 -> 150, +50 (+50.00%), more than +5.00%'
# The budget scoped to al*: alpha's 150 calls kept under 160; beta's 200
# would break it, but it does not judge beta.
has_line 'pass    p.xml:4  calls of tick (count): 150, want at most 160'
checks=$((checks + 1))
[ "$(grep -c 'want at most 160' "$out")" = 1 ] ||
  fail "the budget scoped to al* judged another benchmark"
has_line 'Result: FAIL (benchmarks: 1 passed, 3 failed; 0 added, 1 removed, 1 did not run)'
[ -s "$err" ] && fail "check over suites wrote to stderr"

# --- the manifests themselves name the same runs.
run 1 check --policy p.xml base/manifest.xml head/manifest.xml
has_line 'Result: FAIL (benchmarks: 1 passed, 3 failed; 0 added, 1 removed, 1 did not run)'

# --- the same budget unscoped judges beta too, and beta breaks it.
sed 's/ benchmark="al\*"//' p.xml >unscoped.xml
run 1 check --policy unscoped.xml base head
has_line 'FAIL    beta: 1 budget broken'
has_line 'FAIL    unscoped.xml:4  calls of tick (count): 200, want at most 160'

# --- only the regression: alpha fails alone, and names function and figures.
suite_run base2 count - alpha:ok:alpha-base.xml beta:ok:beta.xml
suite_run head2 count - alpha:ok:alpha-head.xml beta:ok:beta.xml
run 1 check --policy p.xml base2 head2
has_line 'FAIL    alpha: 1 regression'
has_line 'Result: FAIL (benchmarks: 1 passed, 1 failed; 0 added, 0 removed, 0 did not run)'
# Without the change (alpha's head as its base), the suite passes.
suite_run base3 count - alpha:ok:alpha-head.xml beta:ok:beta.xml
run 0 check --policy p.xml base3 head2
has_line 'Result: PASS (benchmarks: 2 passed, 0 failed; 0 added, 0 removed, 0 did not run)'

# --- a removed benchmark alone fails, unless the policy says note; a
# benchmark only in head is judged on budgets.
suite_run head4 count - alpha:ok:alpha-head.xml
run 1 check --policy p.xml base3 head4
has_line 'FAIL    beta: only in base: removed from the suite'
sed 's|</policy>|  <suite removed="note"/>\n</policy>|' p.xml >note.xml
run 0 check --policy note.xml base3 head4
has_line 'note    beta: only in base: removed from the suite'
has_line 'Result: PASS (benchmarks: 1 passed, 0 failed; 0 added, 1 removed, 0 did not run)'
suite_run head5 count - alpha:ok:alpha-head.xml beta:ok:beta.xml \
  gamma:ok:gamma.xml
run 0 check --policy p.xml base3 head5
has_line 'pass    gamma: only in head: added to the suite, budgets only'

# A benchmark whose base run crashed is judged on its budgets alone.
suite_run base9 count - alpha:ok:alpha-head.xml beta:crashed:ABRT
run 0 check --policy p.xml base9 head2
has_line 'pass    beta: its base run did not end well (signal ABRT): budgets only'

# --- a crashed, failed or timed-out benchmark fails the gate by itself.
suite_run head6 count - alpha:ok:alpha-head.xml beta:failed:3
run 1 check --policy p.xml base3 head6
has_line 'FAIL    beta: the run failed (exit status 3), no report'
suite_run head7 count - alpha:ok:alpha-head.xml beta:timeout
run 1 check --policy p.xml head7
has_line 'FAIL    beta: the run timed out, no report'

# --- markdown: the worst regressions first, a folded section each.
twice_same 1 check --policy p.xml --format=markdown base head
has_line '### hotgrind check: FAIL (suite `count`)'
has_line '| `alpha` | `tick (count)` | calls | 100 | 150 | +50 (+50.00%) |'
has_line '| **FAIL** | `delta` | the run crashed (signal SEGV), no report |'
has_line '<details><summary><code>alpha</code>: FAIL</summary>'
has_line '<details><summary><code>beta</code>: pass</summary>'
checks=$((checks + 1))
[ "$(grep -c '^</details>$' "$out")" = 2 ] || fail "not two folded sections"
# --history-url: in each benchmark's section, a function's row links to
# its page under the benchmark's name; without the links the output is
# the one above.
history_links 1 '| \[`tick (count)`\](https://example.org/h/TICK) | ' \
  "alpha's section's tick" check --policy p.xml --format=markdown
# The worst regression is the larger change: a second regressed benchmark,
# gamma 50 -> 100 calls (+100.00%), comes before alpha's +50.00%.
suite_run base8 count - alpha:ok:alpha-base.xml gamma:ok:gamma.xml
suite_run head8 count - alpha:ok:alpha-head.xml gamma:ok:alpha-base.xml
run 1 check --policy p.xml --format=markdown base8 head8
checks=$((checks + 1))
[ "$(grep '^| `[a-z]*` | `tick' "$out" | cut -d' ' -f2 | tr '\n' ' ')" = "\`gamma\` \`alpha\` " ] ||
  fail "the worst regression is not first"

# Thresholds scoped to a benchmark: alpha may grow by 60% (its +50.00%
# passes), gamma is judged by the policy's 5% (its +100.00% fails).
cat >scoped.xml <<'POLICY'
<?xml version="1.0" encoding="UTF-8"?>
<policy format="1">
  <thresholds default-metrics="no">
    <metric name="calls"/>
    <benchmark pattern="al*">
      <metric name="calls" regression="60"/>
    </benchmark>
  </thresholds>
</policy>
POLICY
run 1 check --policy scoped.xml base8 head8
has_line 'pass    alpha'
has_line 'FAIL    gamma: 1 regression'
has_line 'FAIL    scoped.xml:4  calls of tick (count): 50 -> 100, +50 (+100.00%), more than +5.00%'

# --- JUnit, read by junitparser: one test suite per benchmark.
twice_same 1 check --policy p.xml --format=junit base head
cp "$out" suite.junit
checks=$((checks + 1))
"$py" - suite.junit >py.out 2>&1 <<'PY' || { fail "junitparser on the suite's JUnit:"; sed 's/^/    /' py.out; }
import sys
from junitparser import JUnitXml, Failure
xml = JUnitXml.fromfile(sys.argv[1])
suites = {s.name: s for s in xml}
assert sorted(suites) == ["alpha", "beta", "delta", "gamma"], sorted(suites)
def failed(suite):
    return [c.name for c in suite if any(isinstance(r, Failure) for r in c.result)]
assert failed(suites["alpha"]) == ["calls of tick (count)"], failed(suites["alpha"])
assert failed(suites["beta"]) == [], failed(suites["beta"])
assert failed(suites["delta"]) == ["run"] and failed(suites["gamma"]) == ["run"]
assert (suites["alpha"].tests, suites["alpha"].failures) == (4, 1)
assert (xml.tests, xml.failures) == (8, 3), (xml.tests, xml.failures)
PY

# --- JSON against docs/check-suite.schema.json, each benchmark's check
# against docs/check.schema.json.
twice_same 1 check --policy p.xml --format=json base head
cp "$out" suite.json
suite_json check-suite.schema.json check.schema.json check suite.json '
assert (doc["result"], doc["exit-status"], doc["suite"]) == ("fail", 1, "count")
assert doc["summary"] == {"benchmarks": 4, "passed": 1, "failed": 3, "added": 0, "removed": 1, "not-run": 1}, doc["summary"]
byname = {b["name"]: b for b in doc["benchmarks"]}
assert [b["name"] for b in doc["benchmarks"]] == ["alpha", "beta", "delta", "gamma"]
t = byname["alpha"]["check"]["thresholds"][0]
assert (t["row"], t["base"], t["head"], t["delta"], t["percent"]) == ("tick (count)", 100, 150, 50, Decimal("50.00")), t
assert (byname["delta"]["head-run"], byname["delta"]["check"]) == ("crashed", None)
assert (byname["gamma"]["head-run"], byname["gamma"]["result"]) == (None, "fail")
# The budget scoped to al* judges alpha alone, and says so.
scoped = [b for b in byname["alpha"]["check"]["budgets"] if "benchmark" in b]
assert [(b["benchmark"], b["value"], b["max"], b["status"]) for b in scoped] == [("al*", 150, 160, "pass")], scoped
assert not any("benchmark" in b for b in byname["beta"]["check"]["budgets"]), byname["beta"]["check"]["budgets"]
# The schema is strict: an unknown member is refused.
plain["benchmarks"][0]["extra"] = 1
try:
    schema("check-suite.schema.json").validate(plain)
    sys.exit("an unknown member was accepted")
except jsonschema.ValidationError:
    pass
'

# --- errors: one line naming the file and the problem, status 2.
mkdir empty
expect_trouble check --policy p.xml base empty
has_err() {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "$1" ] || fail "stderr is not '$1'"
}
has_err "hotgrind: empty: has no manifest.xml, so it is not a suite run directory (\`hotgrind suite run\` writes one)"
suite_run broken count - alpha:ok:alpha-head.xml
rm broken/alpha.xml
expect_trouble check --policy p.xml base broken
has_err "hotgrind: broken/alpha.xml: benchmark 'alpha' is ok in broken/manifest.xml, but its report is not there"
suite_run other words - alpha:ok:alpha-head.xml
expect_trouble check --policy p.xml base other
has_err "hotgrind: other: is a run of suite 'words', but the base is one of suite 'count': compare runs of one suite"
expect_trouble check --policy p.xml base "$fixtures/beta.xml"
checks=$((checks + 1))
head -n 1 "$err" | grep -Fxq "hotgrind check: BASE and HEAD are both reports or both suite runs ('$fixtures/beta.xml' is a report)" ||
  fail "no usage error for a suite against a report"

# A report that cannot be read, the last of the suite: status 2, its
# name on stderr, and no part of the output.
suite_run unreadable count - alpha:ok:alpha-head.xml beta:ok:beta.xml
echo '<hotgrind' >unreadable/beta.xml
expect_trouble check --policy p.xml base unreadable
checks=$((checks + 1))
grep -q '^hotgrind: unreadable/beta.xml: ' "$err" ||
  fail "the unreadable report is not named"

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
