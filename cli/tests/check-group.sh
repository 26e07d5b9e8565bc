#!/bin/sh
# hotgrind check: one regression, one verdict (the regressions of incl-
# figures that one function's own regression explains, folded into its
# verdict, in text, markdown, JSON and JUnit), <thresholds group="no">,
# and <ignore pattern reason>.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The reports are
# tests/data/check-group/*.xml, whose comments give every figure; the
# policies judge Ir (line 4) and incl-Ir (line 5) at the default 5%, and
# calls (line 3), which no report changes.  The rule (docs/policy.md,
# "One regression, one verdict"): a regression of incl-X of a function G
# or an edge into G, of increase d, is explained by the regression of a
# function F's own X, of increase D, when F is G or below G in HEAD's call
# graph and d <= D + G's own increase of X.  So, by hand:
#   chain: get +8,000 (1,000 -> 9,000) and nothing else of its own; main,
#     main -> run, run, run -> step, step -> get each +8,000 <= 8,000 + 0:
#     the five are get's (main and run are marked, so their incl-Ir rows
#     are judged); the total's Ir (+8,000 of 35,000) stays a verdict of
#     its own, being no function's.
#   extra: chain, and aux +500 (20,000 -> 20,500, +2.50%: within), called
#     by run: run, main -> run and main are +8,500 > 8,000 + 0 (their own
#     Ir did not move), so they stay verdicts of their own; run -> step
#     and step -> get (+8,000) are get's.
#   two: x +4,000 under a, y +2,000 under b; a -> x and main -> a are x's,
#     b -> y and main -> b y's; main (+6,000) is neither's alone.
# Every run is made twice and must give the same bytes.

. "$(dirname "$0")/lib.sh"
py=/usr/bin/python3
data=$HG_TEST_DATA/check-group
cd "$data" || exit 99
if ! "$py" -c 'import jsonschema' 2>/dev/null || ! command -v xmllint >/dev/null
then
  echo "FAIL: needs /usr/bin/python3 with jsonschema and xmllint (tools/install-deps.sh)"
  exit 99
fi

# twice STATUS ARGS...: hotgrind ARGS exits STATUS, with the same bytes
# both times; stdout in $out.
twice() {
  want=$1; shift
  run "$want" "$@" || return 1
  cp "$out" "$scratch/first"
  run "$want" "$@" || return 1
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# verdicts STATUS ARGS...: twice, then the lines of the thresholds'
# section and the result line into $scratch/verdicts.
verdicts() {
  twice "$@" || return 1
  sed -n '/^Thresholds/,/^$/{/^Thresholds/d;/^$/d;p};/^Result/p' \
    "$out" >"$scratch/verdicts"
}

# expect FILE WHAT ARGS...: check ARGS exits 1 with the verdicts of
# tests/data/check-group/FILE, worked out by hand (above, and below).
expect() {
  file=$1 what=$2; shift 2
  verdicts 1 check "$@" && same "$data/$file" "$scratch/verdicts" "$what"
}

# --- text: the chain is two lines and the total's
expect chain-grouped.text "check, a chain grouped" \
  --policy grouped.xml chain-base.xml chain-head.xml

# --- group="no": every row its own verdict, in the order of change, then
# label (all +8,000 of incl-Ir).  26,000 -> 34,000 is +30.77%, 3,000 ->
# 11,000 +266.67%.
expect chain-ungrouped.text "check, group=\"no\"" \
  --policy ungrouped.xml chain-base.xml chain-head.xml

# --- a caller with a change of its own beyond get's stays a verdict:
# 8,500 / 35,000 is +24.29%, 8,500 / 26,000 +32.69%; aux's Ir and
# run -> aux are within (+2.50%); other is the one row unchanged.
expect extra-grouped.text "check, a caller's own change not explained" \
  --policy grouped.xml chain-base.xml extra-head.xml

# --- two independent causes, two groups; main's +6,000 is neither's.
expect two-grouped.text "check, two causes" \
  --policy grouped.xml two-base.xml two-head.xml

# --- <ignore>: get's row and the edge into it are printed with the
# reason instead of judged (skip, after the regressions); with get out,
# nothing explains the chain, so each of its rows is a verdict.
expect chain-ignore.text "check, <ignore>" \
  --policy ignore.xml chain-base.xml chain-head.xml

# An <ignore> needs its reason, and its pattern is a function's.
sed 's/ reason="[^"]*"//' ignore.xml >"$scratch/no-reason.xml"
expect_trouble check --policy "$scratch/no-reason.xml" chain-base.xml \
  chain-head.xml && grep -q "line 6: .*reason" "$err" ||
  fail "an <ignore> without a reason: not refused at line 6"
sed 's/pattern="prog:get"/pattern="prog:"/' ignore.xml >"$scratch/bad-pattern.xml"
expect_trouble check --policy "$scratch/bad-pattern.xml" chain-base.xml \
  chain-head.xml && grep -q "line 6: <ignore> pattern=\"prog:\": OBJ:PATTERN" "$err" ||
  fail "an <ignore> pattern=\"prog:\": not refused at line 6"

# --- markdown: the folded rows are one table row under the cause's.
expected=$data/two-grouped.md
twice 1 check --format=markdown --policy grouped.xml two-base.xml two-head.xml && {
  grep '^|' "$out" >"$scratch/table"
  same "$expected" "$scratch/table" "check --format=markdown, two causes"
}
expected=$data/chain-ignore.md
twice 1 check --format=markdown --policy ignore.xml chain-base.xml chain-head.xml && {
  grep -e '(total)' -e '| `get (prog)`' "$out" >"$scratch/table"
  same "$expected" "$scratch/table" "check --format=markdown, <ignore>"
}

# --- JSON: every row is there, each explained one naming its cause by
# its place in "thresholds" (the total 0, get 1), valid against
# docs/check.schema.json.
twice 1 check --format=json --policy grouped.xml chain-base.xml chain-head.xml &&
  cp "$out" "$scratch/chain.json"
twice 1 check --format=json --policy grouped.xml two-base.xml two-head.xml &&
  cp "$out" "$scratch/two.json"
twice 1 check --format=json --policy ignore.xml chain-base.xml chain-head.xml &&
  cp "$out" "$scratch/ignore.json"
checks=$((checks + 1))
"$py" - "$HG_SCHEMA_DIR/check.schema.json" "$scratch" >"$scratch/py" 2>&1 <<'PY' ||
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
docs = {n: json.load(open("%s/%s.json" % (sys.argv[2], n)))
        for n in ("chain", "two", "ignore")}
for name, doc in docs.items():
    jsonschema.Draft202012Validator(schema).validate(doc)
def rows(doc):
    return [(t["status"], t["metric"], t["row"], t["delta"],
             t.get("explained-by", {}).get("index"), t.get("explains"))
            for t in doc["thresholds"]]
want = [("fail", "Ir", "(total)", 8000, None, None),
        ("fail", "Ir", "get (prog)", 8000, None, 5),
        ("fail", "incl-Ir", "main (prog)", 8000, 1, None),
        ("fail", "incl-Ir", "main (prog) -> run (prog)", 8000, 1, None),
        ("fail", "incl-Ir", "run (prog)", 8000, 1, None),
        ("fail", "incl-Ir", "run (prog) -> step (prog)", 8000, 1, None),
        ("fail", "incl-Ir", "step (prog) -> get (prog)", 8000, 1, None)]
assert rows(docs["chain"]) == want, rows(docs["chain"])
s = docs["chain"]["summary"]
assert (s["regressions"], s["explained"], s["causes"]) == (7, 5, 1), s
assert docs["chain"]["exit-status"] == 1
by = [(t["row"], t.get("explained-by", {}).get("row"))
      for t in docs["two"]["thresholds"]]
# In the order of the verdicts: by metric, then largest change.
assert by == [("(total)", None), ("x (prog)", None), ("y (prog)", None),
              ("main (prog)", None),
              ("a (prog) -> x (prog)", "x (prog)"),
              ("main (prog) -> a (prog)", "x (prog)"),
              ("b (prog) -> y (prog)", "y (prog)"),
              ("main (prog) -> b (prog)", "y (prog)")], by
ignored = [(t["row"], t["ignored"]["line"], t["ignored"]["pattern"])
           for t in docs["ignore"]["thresholds"] if t["status"] == "skip"]
assert ignored == [("get (prog)", 6, "prog:get"),
                   ("step (prog) -> get (prog)", 6, "prog:get")], ignored
assert docs["ignore"]["summary"]["ignored"] == 2
assert "explained" not in docs["ignore"]["summary"]
PY
  fail "check --format=json, grouped: $(cat "$scratch/py")"

# --- JUnit: one test case per cause (the total, x, y, main), the
# explained ones in their cause's failure text; well-formed XML.
twice 1 check --format=junit --policy grouped.xml two-base.xml two-head.xml && {
  checks=$((checks + 1))
  xmllint --noout "$out" 2>"$scratch/xmllint" ||
    fail "check --format=junit, grouped: not XML: $(cat "$scratch/xmllint")"
  "$py" - "$out" >"$scratch/py" 2>&1 <<'PY' ||
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert (root.get("tests"), root.get("failures")) == ("4", "4"), root.attrib
cases = [c.get("name") for c in root.iter("testcase")]
assert cases == ["Ir of (total)", "Ir of x (prog)", "Ir of y (prog)",
                 "incl-Ir of main (prog)"], cases
x = [c for c in root.iter("testcase") if c.get("name") == "Ir of x (prog)"][0]
text = x.find("failure").text.split("\n")
assert text[1] == ("FAIL    grouped.xml:5  incl-Ir of 2 edges up the chain, "
                   "each +4,000, explained by x (prog)"), text
PY
  fail "check --format=junit, grouped: $(cat "$scratch/py")"
}

# --- hostile names in the new lines: get renamed with a carriage return,
# backticks, a pipe and markup; the text has no control character, the
# markdown a code span that gives the name back, the JSON the name.
for side in base head; do
  sed 's/name="get"/name="g`e|t\&lt;b\&gt;\&#13;x"/' "chain-$side.xml" \
    >"$scratch/hostile-$side.xml"
done
# printed_clean TEXT WHAT: $out has TEXT, and no control character.
printed_clean() {
  checks=$((checks + 2))
  grep -qF -- "$1" "$out" || fail "$2: no '$1'"
  if tr -d '\n' <"$out" | LC_ALL=C grep -q '[[:cntrl:]]'; then
    fail "$2: a control character in the text"
  fi
}
twice 1 check --policy grouped.xml "$scratch/hostile-base.xml" "$scratch/hostile-head.xml" &&
  printed_clean 'FAIL    grouped.xml:5  incl-Ir of 5 rows up the chain (2 functions, 3 edges), each +8,000, explained by g`e|t<b>?x (prog)' \
    "check, hostile name: the folded line"
twice 1 check --format=markdown --policy grouped.xml "$scratch/hostile-base.xml" "$scratch/hostile-head.xml" && {
  checks=$((checks + 1))
  "$py" - "$out" >"$scratch/py" 2>&1 <<'PY' ||
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\r" not in text
fold = [l for l in text.split("\n") if "up the chain" in l]
assert len(fold) == 1, fold
# The name as CommonMark reads the code span: a run of N backticks,
# its content, the same run; one space each side stripped when both.
m = re.search(r"explained by (`+)(.*?)\1 \|", fold[0])
assert m, fold[0]
content = m.group(2)
if content.startswith(" ") and content.endswith(" "):
    content = content[1:-1]
assert content == "g`e\\|t<b>?x (prog)" or content == "g`e|t<b>?x (prog)", content
PY
  fail "check --format=markdown, hostile name: $(cat "$scratch/py")"
}
twice 1 check --format=json --policy grouped.xml "$scratch/hostile-base.xml" "$scratch/hostile-head.xml" && {
  checks=$((checks + 1))
  "$py" - "$out" >"$scratch/py" 2>&1 <<'PY' ||
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
causes = {t["explained-by"]["row"] for t in doc["thresholds"]
          if "explained-by" in t}
assert causes == {"g`e|t<b>\rx (prog)"}, causes
PY
  fail "check --format=json, hostile name: $(cat "$scratch/py")"
}

# --- suite runs: a benchmark's section groups as two reports do (the
# same verdict lines as chain-grouped.text), its JUnit suite has the run
# and one case per cause (3 tests, 2 failures), and the worst regressions
# of the markdown list the causes only (the total and get: 2 rows).
for side in base head; do
  mkdir -p "$scratch/suite-$side"
  cp "chain-$side.xml" "$scratch/suite-$side/chain.xml"
done
ir() { sed -n 's/^  <totals Ir="\([0-9]*\)".*/\1/p' "chain-$1.xml"; }
for side in base head; do
  printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<suite-run format="1" suite="g">' \
    "  <benchmark name=\"chain\" position=\"1\" status=\"ok\" exit=\"0\" report=\"chain.xml\" ir=\"$(ir $side)\"/>" \
    '</suite-run>' >"$scratch/suite-$side/manifest.xml"
done
twice 1 check --policy grouped.xml "$scratch/suite-base" "$scratch/suite-head" && {
  sed -n '/^Thresholds/,/^$/{/^Thresholds/d;/^$/d;p}' "$out" >"$scratch/verdicts"
  sed '$d' "$data/chain-grouped.text" >"$scratch/want"
  same "$scratch/want" "$scratch/verdicts" "check of suite runs, grouped"
}
twice 1 check --format=junit --policy grouped.xml "$scratch/suite-base" "$scratch/suite-head" && {
  checks=$((checks + 1))
  xmllint --noout "$out" 2>"$scratch/xmllint" ||
    fail "check of suite runs --format=junit: not XML: $(cat "$scratch/xmllint")"
  grep -q '<testsuite name="chain" tests="3" failures="2" errors="0" skipped="0">' "$out" ||
    fail "check of suite runs --format=junit: not 3 cases, 2 failing"
}
twice 1 check --format=markdown --policy grouped.xml "$scratch/suite-base" "$scratch/suite-head" && {
  checks=$((checks + 1))
  [ "$(sed -n '/^#### Worst/,/^| verdict/p' "$out" | grep -c '^| `chain`')" = 2 ] ||
    fail "check of suite runs --format=markdown: the worst are not the 2 causes"
}
twice 1 check --format=json --policy grouped.xml "$scratch/suite-base" "$scratch/suite-head" && {
  checks=$((checks + 1))
  "$py" - "$HG_SCHEMA_DIR" "$out" >"$scratch/py" 2>&1 <<'PY' ||
import json, sys
import jsonschema
doc = json.load(open(sys.argv[2]))
for name, part in (("check-suite", doc), ("check", doc["benchmarks"][0]["check"])):
    schema = json.load(open("%s/%s.schema.json" % (sys.argv[1], name)))
    jsonschema.Draft202012Validator(schema).validate(part)
causes = [t.get("explained-by", {}).get("index")
          for t in doc["benchmarks"][0]["check"]["thresholds"]]
assert causes == [None, None, 1, 1, 1, 1, 1], causes
PY
  fail "check of suite runs --format=json: $(cat "$scratch/py")"
}

# --- a hostile reason: a carriage return, backticks and markup in the
# <ignore>'s reason, as text, markdown and JSON print it.
sed 's/reason="[^"]*"/reason="a`b|c\&lt;i\&gt;\&#13;d"/' ignore.xml >"$scratch/reason.xml"
twice 1 check --policy "$scratch/reason.xml" chain-base.xml chain-head.xml &&
  printed_clean "ignored by $scratch/reason.xml:6: a\`b|c<i>?d" \
    "check, hostile reason"
twice 1 check --format=markdown --policy "$scratch/reason.xml" chain-base.xml chain-head.xml && {
  checks=$((checks + 1))
  "$py" - "$out" >"$scratch/py" 2>&1 <<'PY' ||
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\r" not in text
cells = re.findall(r": (`+)(.*?)\1 \|$", text, re.M)
assert cells, text
for ticks, content in cells:
    if content.startswith(" ") and content.endswith(" "):
        content = content[1:-1]
    assert content.replace("\\|", "|") == "a`b|c<i>?d", content
PY
  fail "check --format=markdown, hostile reason: $(cat "$scratch/py")"
}
twice 1 check --format=json --policy "$scratch/reason.xml" chain-base.xml chain-head.xml && {
  checks=$((checks + 1))
  "$py" - "$out" >"$scratch/py" 2>&1 <<'PY' ||
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
reasons = {t["ignored"]["reason"] for t in doc["thresholds"] if "ignored" in t}
assert reasons == {"a`b|c<i>\rd"}, reasons
PY
  fail "check --format=json, hostile reason: $(cat "$scratch/py")"
}

finish
