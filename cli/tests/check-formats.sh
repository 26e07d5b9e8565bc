#!/bin/sh
# hotgrind check: the JUnit and JSON outputs as CI consumers read them,
# the digits of a verdict at its threshold, the one message for a figure
# the report lacks, and marks never entered.  GPL-2.0-or-later; part of
# hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.
# The consumers are real ones: junitparser (Debian python3-junitparser)
# reads the JUnit files back, xmllint checks they are well-formed XML.
# Every expected figure is worked out below from the fixtures in
# tests/data/check, not copied from the command's output.

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/check
cd "$data" || exit 99

# Debian's interpreter: the python3 on PATH may be another without the
# Debian modules (tools/install-deps.sh installs them).
py=/usr/bin/python3
if ! "$py" -c 'import junitparser' 2>/dev/null || ! command -v xmllint >/dev/null
then
  echo "FAIL: needs /usr/bin/python3 with junitparser and xmllint (tools/install-deps.sh)"
  exit 99
fi

# expect_text STATUS ARGS...: stdout exactly $scratch/expected, nothing on
# stderr.
expect_text() {
  run "$@" || return
  same "$scratch/expected" "$out" "hotgrind $*"
  [ -s "$err" ] && fail "hotgrind $*: wrote to stderr"
}

# twice STATUS ARGS...: the same bytes from two runs (determinism); leaves
# the output in $out.
twice() {
  run "$@" || return
  cp "$out" "$scratch/first"
  run "$@" || return
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# junit FILE EXPECTATIONS: junitparser reads FILE; EXPECTATIONS is Python
# run with `xml` (the JUnitXml) and `cases` (suite name -> list of
# (testcase, result kinds)) defined, which asserts.
junit() {
  checks=$((checks + 1))
  xmllint --noout "$1" 2>"$scratch/xmllint" ||
    { fail "$1 is not well-formed XML: $(cat "$scratch/xmllint")"; return; }
  "$py" - "$1" >"$scratch/py" 2>&1 <<EOF || { fail "junitparser on $1:"; sed 's/^/    /' "$scratch/py"; }
import sys
from junitparser import JUnitXml, Failure, Skipped, Error
xml = JUnitXml.fromfile(sys.argv[1])
cases = {}
for suite in xml:
    cases[suite.name] = [(case, [type(r).__name__ for r in case.result])
                         for case in suite]
$2
EOF
}

# --- JUnit, pr.xml on base.xml -> head.xml.  Budgets: parse is called 100
# times (exactly 100: kept), the startup zone has 100,000 inclusive Ir (at
# most 90,000: broken).  Marks: parse, entered.  Thresholds on Ir (10%)
# and incl-alloc-bytes (25%, only parse is marked): parse 300,000 ->
# 360,000 Ir is +20% (FAIL), hash 200,000 -> 150,000 -25% (better, a
# pass), main 400,000 -> 404,000 +1% and the total 1,000,000 -> 994,400
# -0.56% within (passes), old_helper only in base and new_helper only in
# head (notes: skipped), tiny under the floor (no test case); parse's
# incl-alloc-bytes 6,400 -> 9,600 is +50% (FAIL).  So 2 + 1 + 7 = 10 test
# cases, 1 + 0 + 2 = 3 failures, 2 skipped.
twice 1 check --policy pr.xml --format=junit base.xml head.xml
cp "$out" "$scratch/pr.xml"
junit "$scratch/pr.xml" '
assert xml.tests == 10, xml.tests
assert xml.failures == 3, xml.failures
assert xml.skipped == 2, xml.skipped
assert xml.errors == 0, xml.errors
names = list(cases)
assert names == ["budgets on head.xml", "marks of head.xml",
                 "thresholds from base.xml to head.xml"], names
budgets = cases["budgets on head.xml"]
assert [kinds for _, kinds in budgets] == [[], ["Failure"]], budgets
failure = budgets[1][0].result[0]
assert failure.message == "pr.xml:6  incl-Ir of zone startup: 100,000, want at most 90,000", failure.message
assert failure.type == "budget"
assert budgets[1][0].name == "incl-Ir of zone startup"
thresholds = cases["thresholds from base.xml to head.xml"]
kinds = sorted(k[0] if k else "pass" for _, k in thresholds)
assert kinds == ["Failure", "Failure", "Skipped", "Skipped", "pass", "pass", "pass"], kinds
messages = [c.result[0].message for c, k in thresholds if k == ["Failure"]]
assert "pr.xml:9  Ir of parse (bench): 300,000 -> 360,000, +60,000 (+20.00%), more than +10.00%" in messages, messages
assert "pr.xml:10  incl-alloc-bytes of parse (bench): 6,400 -> 9,600, +3,200 (+50.00%), more than +25.00%" in messages, messages
for suite in xml:
    assert suite.tests == len(list(suite)), suite.name
'
# Budgets only (budgets.xml on head.xml): 12 kept, 9 broken, 1 skipped,
# as check.sh works them out, and the one mark; no thresholds suite.
twice 1 check --policy budgets.xml --format=junit head.xml
cp "$out" "$scratch/budgets.xml"
junit "$scratch/budgets.xml" '
assert (xml.tests, xml.failures, xml.skipped) == (23, 9, 1), (xml.tests, xml.failures, xml.skipped)
assert list(cases) == ["budgets on head.xml", "marks of head.xml"], list(cases)
'
# A pass: exit status 0, and no failure anywhere.
run 0 check --policy budgets-kept.xml --format=junit head.xml &&
  { cp "$out" "$scratch/kept.xml"
    junit "$scratch/kept.xml" '
assert (xml.tests, xml.failures, xml.skipped) == (6, 0, 1), (xml.tests, xml.failures, xml.skipped)
'; }
# strict.xml: Ir only, added="regression", improvements off, no floor but
# 1,000 Ir: new_helper (30,000 Ir, only in head) is a regression whose
# line has quotes; parse +20% is one too.
run 1 check --policy strict.xml --format=junit base.xml head.xml &&
  { cp "$out" "$scratch/strict.xml"
    junit "$scratch/strict.xml" '
suite = cases["thresholds from base.xml to head.xml"]
messages = [c.result[0].message for c, k in suite if k == ["Failure"]]
assert "strict.xml:5  Ir of new_helper (bench): only in head: 30,000 (added=\"regression\")" in messages, messages
'; }
# Text that XML must escape comes out as it is: a pattern with <, &, "
# and ', in the failure's message.
cat >"$scratch/names.xml" <<'EOF'
<policy format="1"><budgets>
  <function pattern="a&lt;b&amp;&quot;c&apos;" metric="Ir" max="1"/>
</budgets></policy>
EOF
run 1 check --policy "$scratch/names.xml" --format=junit head.xml &&
  { cp "$out" "$scratch/names-junit.xml"
    junit "$scratch/names-junit.xml" '
((case, kinds),) = cases["budgets on head.xml"]
assert kinds == ["Failure"], kinds
want = "Ir of function " + chr(39) + "a<b&\"c" + chr(39) + chr(39) + ": matched no function, want at most 1"
assert case.result[0].message.endswith(want), case.result[0].message
'; }

# --- the digits of a verdict at its threshold.  digits.xml: Ir may grow by
# 10%.  From digits-base.xml to digits-head.xml: at 1,000,000 ->
# 1,100,000 is exactly +10% (within: a pass); over 1,000,000 -> 1,100,001
# is +10.0001% (one instruction over: FAIL, shown with the four decimals
# that tell it from 10.00%); big 10,000,000 -> 11,000,001 is +10.00001%
# (five decimals); under 1,000,000 -> 1,099,999 is +9.9999% (within; two
# decimals would round it to 10.00); the total 14,000,000 -> 15,300,001
# is +9.2857...% (within, 9.29 to two decimals); main unchanged.
cat >"$scratch/expected" <<'EOF'
Policy: digits.xml
Base:   digits-base.xml (amd64)
Head:   digits-head.xml (amd64)

Thresholds from digits-base.xml to digits-head.xml:
FAIL    digits.xml:5  Ir of big (bench): 10,000,000 -> 11,000,001, +1,000,001 (+10.00001%), more than +10.00%
FAIL    digits.xml:5  Ir of over (bench): 1,000,000 -> 1,100,001, +100,001 (+10.0001%), more than +10.00%

Result: FAIL (budgets: 0 kept, 0 broken, 0 skipped; thresholds: 2 regressed, 0 improved, 0 noted, 3 within, 0 under the floor; 1 rows unchanged)
EOF
expect_text 1 check --policy digits.xml digits-base.xml digits-head.xml
run 1 check --policy digits.xml --format=markdown digits-base.xml digits-head.xml &&
  { grep -qxF '| **FAIL** | `digits.xml:5` | `over (bench)` | Ir | 1,000,000 | 1,100,001 | +100,001 (+10.0001%) | more than +10.00% |' "$out" ||
      fail "markdown: the verdict one instruction over the threshold"; }
twice 1 check --policy digits.xml --format=json digits-base.xml digits-head.xml &&
  { "$py" - "$out" >"$scratch/py" 2>&1 <<'EOF' || { fail "check --format=json digits:"; sed 's/^/    /' "$scratch/py"; }
import json, sys
from decimal import Decimal
text = open(sys.argv[1]).read()
doc = json.loads(text, parse_float=Decimal)
rows = {t["row"]: t for t in doc["thresholds"]}
assert doc["result"] == "fail" and doc["exit-status"] == 1
want = {
    "big (bench)": ("fail", 10000000, 11000001, 1000001, "10.00001"),
    "over (bench)": ("fail", 1000000, 1100001, 100001, "10.0001"),
    "at (bench)": ("within", 1000000, 1100000, 100000, "10.00"),
    "under (bench)": ("within", 1000000, 1099999, 99999, "9.9999"),
    "(total)": ("within", 14000000, 15300001, 1300001, "9.29"),
}
assert set(rows) == set(want), sorted(rows)
for row, (status, base, head, delta, percent) in want.items():
    t = rows[row]
    got = (t["status"], t["base"], t["head"], t["delta"], t["percent"])
    assert got == (status, base, head, delta, Decimal(percent)), (row, got)
    assert str(t["percent"]) == percent, (row, str(t["percent"]))
    assert t["threshold"] == Decimal("10"), t["threshold"]
assert doc["summary"]["within"] == 3 and doc["summary"]["regressions"] == 2
EOF
  }
run 1 check --policy digits.xml --format=junit digits-base.xml digits-head.xml &&
  { cp "$out" "$scratch/digits.xml"
    junit "$scratch/digits.xml" '
suite = list(xml)[1]     # after the empty suite of budgets
assert (suite.tests, suite.failures) == (5, 2), (suite.tests, suite.failures)
messages = sorted(c.result[0].message for c in suite if c.result)
assert messages == ["digits.xml:5  Ir of big (bench): 10,000,000 -> 11,000,001, +1,000,001 (+10.00001%), more than +10.00%",
                    "digits.xml:5  Ir of over (bench): 1,000,000 -> 1,100,001, +100,001 (+10.0001%), more than +10.00%"], messages
'; }

# --- a figure the report lacks: one message whatever the budget's target.
# head.xml has no cache figures (no cache simulation).
cat >"$scratch/expected" <<'EOF'
Policy: nofigure.xml
Head:   head.xml (amd64)

Budgets on head.xml:
FAIL    nofigure.xml:5  D1mr of function 'parse': the report has no D1mr figure, want at most 10
FAIL    nofigure.xml:6  incl-D1mr of zone 'startup': the report has no incl-D1mr figure, want at most 10
FAIL    nofigure.xml:7  D1mr of (total): the report has no D1mr figure, want at most 10
skip    nofigure.xml:8  D1mw of function 'nomatch': the report has no D1mw figure (optional), want at most 10

Result: FAIL (budgets: 0 kept, 3 broken, 1 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: not applied without BASE)
EOF
expect_text 1 check --policy nofigure.xml head.xml
twice 1 check --policy nofigure.xml --format=json head.xml &&
  { [ "$(grep -c '"problem": "no-figure"' "$out")" = 4 ] ||
      fail "check --format=json: the four budgets on missing figures"; }

# --- marks never entered.  marks-head.xml: parse entered (1 of 1),
# old_* matched no function that ran, libz.so.1:inflate* matched 2 never
# entered.  Without a word in the policy both fail.
cat >"$scratch/expected" <<'EOF'
Policy: empty.xml
Head:   marks-head.xml (amd64)

Marks never entered in marks-head.xml:
FAIL    (default)  mark 'old_*': never entered (matched 0 functions that ran)
FAIL    (default)  mark 'libz.so.1:inflate*': never entered (matched 2 functions that ran)

Result: FAIL (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 2 never entered, 0 optional; thresholds: not applied without BASE)
EOF
expect_text 1 check --policy empty.xml marks-head.xml
twice 1 check --policy empty.xml marks-head.xml
# Both optional (one by its pattern as written, one by a glob): a pass.
cat >"$scratch/expected" <<'EOF'
Policy: marks-optional.xml
Head:   marks-head.xml (amd64)

Marks never entered in marks-head.xml:
skip    marks-optional.xml:6  mark 'old_*': never entered (matched 0 functions that ran) (optional)
skip    marks-optional.xml:7  mark 'libz.so.1:inflate*': never entered (matched 2 functions that ran) (optional)

Result: PASS (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 0 never entered, 2 optional; thresholds: not applied without BASE)
EOF
expect_text 0 check --policy marks-optional.xml marks-head.xml
# One optional, the other said not to be: that one fails.
run 1 check --policy marks-one-optional.xml marks-head.xml &&
  { grep -qxF "FAIL    marks-one-optional.xml:6  mark 'libz.so.1:inflate*': never entered (matched 2 functions that ran)" "$out" ||
      fail "marks-one-optional: the mark said not optional"; }
# A mark entered and absent from the policy: nothing to say; the summary
# counts it.
run 0 check --policy empty.xml head.xml &&
  { [ "$(tail -n 1 "$out")" = "Result: PASS (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: not applied without BASE)" ] ||
      fail "an entered mark: summary"; }
# A report without <marks> (digits-head.xml): no marks, no word of them.
run 0 check --policy empty.xml digits-head.xml &&
  { [ "$(tail -n 1 "$out")" = "Result: PASS (budgets: 0 kept, 0 broken, 0 skipped; thresholds: not applied without BASE)" ] ||
      fail "a report without marks: summary"; }
# In JUnit: three mark test cases, two failures naming the marks.
run 1 check --policy empty.xml --format=junit marks-head.xml &&
  { cp "$out" "$scratch/marks.xml"
    junit "$scratch/marks.xml" '
suite = cases["marks of marks-head.xml"]
assert [k for _, k in suite] == [[], ["Failure"], ["Failure"]], suite
assert suite[2][0].result[0].message == "(default)  mark '"'"'libz.so.1:inflate*'"'"': never entered (matched 2 functions that ran)"
assert suite[2][0].result[0].type == "mark"
'; }
run 0 check --policy marks-optional.xml --format=junit marks-head.xml &&
  { cp "$out" "$scratch/marks-optional.xml"
    junit "$scratch/marks-optional.xml" '
assert (xml.tests, xml.failures, xml.skipped) == (3, 0, 2), (xml.tests, xml.failures, xml.skipped)
'; }

# --- OBJ of OBJ:GLOB names a library by its file name or its soname
# (<objects>), globs allowed.  objects-head.xml: inflate (600,000 Ir) and
# deflate (250,000) in libz.so.1.2.13, soname libz.so.1; main (100,000)
# in zprog.  objects.xml: inflate by soname, by file name and by glob
# (kept: at most 600,000); libz.so.1:*flate (at most 500,000: inflate
# broken, deflate kept); libz.so.2 and libz.so.1.2 name neither (matched
# no function); zprog:* (main, kept).
cat >"$scratch/expected" <<'EOF'
Policy: objects.xml
Head:   objects-head.xml (amd64)

Budgets on objects-head.xml:
pass    objects.xml:6  Ir of inflate (libz.so.1.2.13): 600,000, want at most 600,000
pass    objects.xml:7  Ir of inflate (libz.so.1.2.13): 600,000, want at most 600,000
pass    objects.xml:8  Ir of inflate (libz.so.1.2.13): 600,000, want at most 600,000
FAIL    objects.xml:9  Ir of inflate (libz.so.1.2.13): 600,000, want at most 500,000
pass    objects.xml:9  Ir of deflate (libz.so.1.2.13): 250,000, want at most 500,000
FAIL    objects.xml:10  Ir of function 'libz.so.2:inflate': matched no function, want at most 600,000
FAIL    objects.xml:11  Ir of function 'libz.so.1.2:inflate': matched no function, want at most 600,000
pass    objects.xml:12  Ir of main (zprog): 100,000, want at most 600,000

Result: FAIL (budgets: 5 kept, 3 broken, 0 skipped; thresholds: not applied without BASE)
EOF
expect_text 1 check --policy objects.xml objects-head.xml
twice 1 check --policy objects.xml --format=junit objects-head.xml
# A report without <objects> has no sonames: OBJ is a glob over the file
# name only (head.xml: memcpy in libc.so.6).
cat >"$scratch/libc.xml" <<'EOF'
<policy format="1"><budgets>
  <function pattern="libc.so.*:mem*" metric="Ir" exact="49500"/>
  <function pattern="libc.so:memcpy" metric="Ir" exact="49500"/>
</budgets></policy>
EOF
run 1 check --policy "$scratch/libc.xml" head.xml &&
  { grep -q "^pass    $scratch/libc.xml:2  Ir of memcpy (libc.so.6): 49,500, want exactly 49,500\$" "$out" &&
    grep -q "^FAIL    $scratch/libc.xml:3  Ir of function 'libc.so:memcpy': matched no function" "$out" ||
      fail "OBJ globs over a report without <objects>"; }

# The same on a real report of a program linked to Debian's zlib is
# regtest/docs_examples.sh's: it needs the tool, which is built after
# this folder's tests run.

# --- exit status 2 stays 2 in every format: nothing on stdout.
for format in json junit; do
  expect_trouble check --policy bad/malformed.xml --format=$format head.xml
  expect_trouble check --policy pr.xml --format=$format base.xml killed.xml
done

finish
