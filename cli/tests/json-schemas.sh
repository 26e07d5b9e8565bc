#!/bin/sh
# The JSON outputs of diff and check against their JSON Schemas
# (docs/diff.schema.json, docs/check.schema.json), with the validator a
# consumer would use: jsonschema (Debian python3-jsonschema).
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND, HG_TEST_DATA and HG_SCHEMA_DIR (the
# docs folder) in the environment.  Each output is validated, produced
# twice (the same bytes), and its figures checked against what the
# fixtures imply, worked out by hand below; documents that break the
# schema on purpose must be refused, so the validator is known to run.

. "$(dirname "$0")/lib.sh"
: "${HG_SCHEMA_DIR:?set HG_SCHEMA_DIR to docs/}"
py=/usr/bin/python3
if ! "$py" -c 'import jsonschema' 2>/dev/null; then
  echo "FAIL: needs /usr/bin/python3 with jsonschema (tools/install-deps.sh)"
  exit 99
fi

# validate SCHEMA FILE [PYTHON]: FILE is valid against docs/SCHEMA; then
# PYTHON (with `doc` the document, numbers as Decimal) asserts.
validate() {
  checks=$((checks + 1))
  "$py" - "$HG_SCHEMA_DIR/$1" "$2" >"$scratch/py" 2>&1 <<EOF ||
import json, sys
from decimal import Decimal
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
doc = json.loads(open(sys.argv[2]).read(), parse_float=Decimal)
jsonschema.Draft202012Validator(schema).validate(
    json.loads(open(sys.argv[2]).read()))
${3:-}
EOF
  { fail "$2 against $1:"; sed 's/^/    /' "$scratch/py"; }
}

# refused SCHEMA PYTHON WHAT: the document of the last output, changed by
# PYTHON (on `doc`), is invalid against SCHEMA.
refused() {
  checks=$((checks + 1))
  "$py" - "$HG_SCHEMA_DIR/$1" "$out" >"$scratch/py" 2>&1 <<EOF ||
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
$2
try:
    jsonschema.Draft202012Validator(schema).validate(doc)
except jsonschema.ValidationError:
    sys.exit(0)
sys.exit("accepted")
EOF
  { fail "$1 accepts a document with $3:"; sed 's/^/    /' "$scratch/py"; }
}

# output NAME STATUS ARGS...: hotgrind ARGS twice, the same bytes both
# times; the output kept as $scratch/NAME.json.
output() {
  name=$1; shift
  run "$@" || return
  cp "$out" "$scratch/$name.json"
  run "$@" || return
  same "$scratch/$name.json" "$out" "a second run of hotgrind $*"
}

# --- diff.  tests/data/diff: base.xml -> head.xml (added and removed
# functions, heap, zones, per-call figures), cache-base.xml ->
# cache-head.xml (cache figures and cycles), base.xml -> arm64.xml
# (ratios), match-* (rows matched by name), fp-* (runs measured
# differently), a report against itself.
cd "$HG_TEST_DATA/diff" || exit 99
output diff-heap 0 diff --format=json --limit 0 base.xml head.xml
# The totals: 10,000 -> 10,100 Ir is +100, +1.00%; peak-bytes 300 -> 400
# +33.33%; exit-bytes 0 -> 0 unchanged.  new_fn (700 Ir) only in head:
# "new", no percent; parse 3,000 -> 2,400 Ir is -600, -20.00%.
validate diff.schema.json "$scratch/diff-heap.json" '
assert doc["format"] == 2
total = {m["metric"]: m for m in doc["rows"][0]["metrics"]}
assert (total["Ir"]["status"], total["Ir"]["delta"], total["Ir"]["percent"]) == ("changed", 100, Decimal("1.00")), total["Ir"]
assert total["peak-bytes"]["percent"] == Decimal("33.33"), total["peak-bytes"]
assert total["exit-bytes"]["status"] == "unchanged" and total["exit-bytes"]["percent"] == 0
rows = {r.get("name"): r for r in doc["rows"]}
new_ir = rows["new_fn"]["metrics"][0]
assert (rows["new_fn"]["status"], new_ir["status"], new_ir["base"], new_ir["head"], new_ir["delta"], new_ir["percent"]) == ("added", "new", None, 700, 700, None), new_ir
parse_ir = rows["parse"]["metrics"][0]
assert (parse_ir["delta"], parse_ir["percent"]) == (-600, Decimal("-20.00")), parse_ir
assert any(r["kind"] == "zone" for r in doc["rows"]), "no zone row"
assert any(r["status"] == "removed" for r in doc["rows"]), "no removed row"
'
output diff-cache 0 diff --format=json --limit 0 cache-base.xml cache-head.xml
# D1mr 30 -> 20 is -10, -33.33%.
validate diff.schema.json "$scratch/diff-cache.json" '
total = {m["metric"]: m for m in doc["rows"][0]["metrics"]}
assert (total["D1mr"]["delta"], total["D1mr"]["percent"]) == (-10, Decimal("-33.33")), total["D1mr"]
'
output diff-arch 0 diff --format=json --limit 0 base.xml arm64.xml
# Across architectures Ir is a ratio: no delta, no percent.
validate diff.schema.json "$scratch/diff-arch.json" '
assert doc["cross-arch"] is True
ir = doc["rows"][0]["metrics"][0]
assert ir["metric"] == "Ir" and ir["delta"] is None and ir["percent"] is None and ir["ratio"] is not None, ir
'
output diff-match 0 diff --format=json --limit 0 match-base.xml match-head.xml
validate diff.schema.json "$scratch/diff-match.json"
output diff-drift 0 diff --format=json --limit 0 fp-base.xml fp-head.xml
validate diff.schema.json "$scratch/diff-drift.json"
output diff-same 0 diff --format=json base.xml base.xml
validate diff.schema.json "$scratch/diff-same.json" '
assert doc["shown"] == 0 and len(doc["rows"]) == 1
assert all(m["status"] == "unchanged" for m in doc["rows"][0]["metrics"])
'
# Documents the schema must refuse: the percentages of before (strings),
# a member it does not know, a row without its status, the old format.
cp "$scratch/diff-heap.json" "$out"
refused diff.schema.json 'doc["rows"][0]["metrics"][0]["percent"] = "+1.00%"' 'a percentage as a string'
refused diff.schema.json 'doc["rows"][0]["extra"] = 1' 'an unknown member'
refused diff.schema.json 'del doc["rows"][1]["metrics"][0]["status"]' 'a figure without status'
refused diff.schema.json 'del doc["format"]' 'no format'
refused diff.schema.json 'doc["rows"][1]["metrics"][0]["percent"] = 5' 'a percentage for a new figure'

# --- check.  tests/data/check: pr.xml on base.xml -> head.xml (the
# verdicts check-formats.sh works out), budgets.xml on head.xml (12 kept,
# 9 broken, 1 skipped: check.sh), across architectures, the runs made
# differently, and marks never entered.
# --- diff with call graphs: tests/data/graph/why-base.xml -> why-head.xml
# (tests/diff-why.sh works the explanation out).  main: incl-Ir +464 =
# self 0 + no-symbol +5 + work +400, new +70 (added), old -50 (removed),
# rec +30, c2 +5, and 3 other callees +4; rec is recursive.
cd "$HG_TEST_DATA/graph" || exit 99
output diff-why 0 diff --format=json --limit 0 why-base.xml why-head.xml
validate diff.schema.json "$scratch/diff-why.json" '
rows = {r.get("name"): r for r in doc["rows"]}
why = rows["main"]["explained-by"]
assert why["adds-up"] is True and why["caveat"] is None
assert why["incl-Ir"] == {"base": 910, "head": 1374, "delta": 464}
assert why["self"]["delta"] == 0 and why["no-symbol"]["delta"] == 5
assert [(c["name"], c["status"], c["delta"]) for c in why["callees"]] == [
    ("work", "changed", 400), ("new", "added", 70), ("old", "removed", -50),
    ("rec", "changed", 30), ("c2", "changed", 5)]
assert why["callees"][1]["base"] is None and why["callees"][1]["base-calls"] is None
assert why["other-callees"] == {"count": 3, "base": 80, "head": 84, "delta": 4}
assert (why["self"]["delta"] + why["no-symbol"]["delta"]
        + sum(c["delta"] for c in why["callees"])
        + why["other-callees"]["delta"]) == why["incl-Ir"]["delta"]
rec = rows["rec"]["explained-by"]
assert rec["adds-up"] is False and rec["caveat"] == "recursive"
assert "explained-by" not in rows["leaf"] and "no-explanation" not in doc
'
refused diff.schema.json 'doc["rows"][-1]["explained-by"]["self"]["delta"] = "+0"' 'a delta as a string'
refused diff.schema.json 'doc["rows"][-1]["explained-by"]["callees"][0]["status"] = "gone"' 'an unknown callee status'
output diff-why-one 0 diff --format=json why-base.xml ../diff/base.xml
validate diff.schema.json "$scratch/diff-why-one.json" '
assert doc["no-explanation"].startswith("only the base report has a call graph")
assert all("explained-by" not in r for r in doc["rows"])
'

cd "$HG_TEST_DATA/check" || exit 99
output check-pr 1 check --policy pr.xml --format=json base.xml head.xml
# parse: 300,000 -> 360,000 Ir, +60,000, +20.00%, over 10%; hash -25.00%
# better; the zone budget 100,000 against at most 90,000.
validate check.schema.json "$scratch/check-pr.json" '
assert (doc["result"], doc["exit-status"]) == ("fail", 1)
t = {(x["metric"], x["row"]): x for x in doc["thresholds"]}
parse = t[("Ir", "parse (bench)")]
assert (parse["status"], parse["base"], parse["head"], parse["delta"], parse["percent"], parse["threshold"]) == ("fail", 300000, 360000, 60000, Decimal("20.00"), Decimal("10.00")), parse
hash_ = t[("Ir", "hash (bench)")]
assert (hash_["status"], hash_["delta"], hash_["percent"]) == ("better", -50000, Decimal("-25.00")), hash_
assert t[("Ir", "new_helper (bench)")]["change"] == "added"
zone = doc["budgets"][1]
assert (zone["status"], zone["value"], zone["max"], zone["min"]) == ("fail", 100000, 90000, None), zone
assert doc["summary"]["budgets-kept"] == 1 and doc["summary"]["budgets-broken"] == 1
'
output check-budgets 1 check --policy budgets.xml --format=json head.xml
# The mean of parse, 4,200.00, keeps its two decimals.
validate check.schema.json "$scratch/check-budgets.json" '
s = doc["summary"]
assert (s["budgets-kept"], s["budgets-broken"], s["budgets-skipped"]) == (12, 9, 1), s
assert doc["base"] is None and doc["thresholds"] == [] and doc["thresholds-applied"] is False
means = [b for b in doc["budgets"] if b["metric"] == "mean"]
assert [b["value"] for b in means] == [Decimal("4200.00")] * 2, means
assert [b["max"] for b in means] == [Decimal("4200.00"), Decimal("4199.99")], means
'
output check-arch 1 check --policy defaults.xml --format=json base.xml head-arm64.xml
validate check.schema.json "$scratch/check-arch.json" '
assert doc["cross-arch"] is True
'
output check-drift 0 check --policy defaults.xml --format=json base.xml drift.xml
validate check.schema.json "$scratch/check-drift.json" '
assert (doc["result"], doc["exit-status"]) == ("pass", 0)
assert len(doc["runs-differ"]) == 6, doc["runs-differ"]
'
output check-marks 1 check --policy marks-one-optional.xml --format=json marks-head.xml
validate check.schema.json "$scratch/check-marks.json" '
m = [(x["pattern"], x["status"], x["functions"], x["entered"], x["optional"], x["line"]) for x in doc["marks"]]
assert m == [("parse", "pass", 1, 1, False, None), ("old_*", "skip", 0, 0, True, 5), ("libz.so.1:inflate*", "fail", 2, 0, False, 6)], m
'
cp "$scratch/check-pr.json" "$out"
refused check.schema.json 'doc["result"] = "pass"' 'a pass with exit status 1'
refused check.schema.json 'doc["thresholds"][0]["percent"] = "+20.00%"' 'a percentage as a string'
refused check.schema.json 'doc["budgets"][0]["extra"] = True' 'an unknown member'
refused check.schema.json 'del doc["marks"]' 'no marks'

# --- check on call graphs (tests/data/check-graph, the verdicts worked
# out in check-graph.sh): budgets on edges, on a report without a call
# graph, and thresholds on edges.
cd "$HG_TEST_DATA/check-graph" || exit 99
output check-edges 1 check --policy edges.xml --format=json ../graph/why-head.xml
validate check.schema.json "$scratch/check-edges.json" '
b = [(x["target"], x["pattern"], x.get("caller"), x.get("callee"), x["row"], x["value"], x["status"], x["problem"]) for x in doc["budgets"]]
assert b[0] == ("edge", "work -> leaf", "work", "leaf", "work (prog) -> leaf (prog)", 8, "pass", None), b[0]
assert [x[5] for x in b[1:5]] == [10, 25, 33, 41], b
assert b[6] == ("edge", "main -> old", "main", "old", None, None, "skip", "unmatched"), b[6]
assert b[8][7] == "no-figure" and b[9][:2] == ("function", "work"), b
assert "edges-not-applied" not in doc
'
output check-edges-nograph 1 check --policy edges.xml --format=json ../check/head.xml
validate check.schema.json "$scratch/check-edges-nograph.json" '
assert [x["problem"] for x in doc["budgets"][:6]] == ["no-call-graph"] * 6, doc["budgets"]
assert [x["status"] for x in doc["budgets"][:6]] == ["fail", "fail", "fail", "skip", "fail", "fail"]
'
refused check.schema.json 'del doc["budgets"][0]["caller"]' 'an edge budget without its caller'
refused check.schema.json 'doc["budgets"][6]["problem"] = "no-call-graph"' 'no-call-graph on a function budget'
output check-edge-thresholds 1 check --policy thresholds.xml --format=json ../graph/why-base.xml ../graph/why-head.xml
validate check.schema.json "$scratch/check-edge-thresholds.json" '
t = [(x["row"], x.get("caller"), x.get("callee"), x["metric"], x["status"], x["base"], x["head"]) for x in doc["thresholds"]]
assert t[0] == ("work (prog) -> leaf (prog)", "work (prog)", "leaf (prog)", "calls", "fail", 4, 8), t[0]
assert ("main (prog)", None, None, "incl-Ir", "fail", 910, 1374) in t, t
assert t[-1] == ("main (prog) -> c4 (prog)", "main (prog)", "c4 (prog)", "incl-Ir", "within", 40, 41), t[-1]
assert len(t) == 14, len(t)
'
refused check.schema.json 'del doc["thresholds"][0]["callee"]' 'an edge with its caller alone'
output check-contexts 1 check --policy contexts.xml --format=json ../contexts/contexts.xml
validate check.schema.json "$scratch/check-contexts.json" '
b = [(x["target"], x["pattern"], x.get("contexts"), x["value"], x["status"], x["problem"]) for x in doc["budgets"]]
assert b[1] == ("context", "**;strlen", 2, 120, "pass", None), b[1]
assert b[7] == ("context", "main;h*", 1, 60, "fail", None), b[7]
assert b[9] == ("context", "nosuch;**", None, None, "fail", "unmatched"), b[9]
'
refused check.schema.json 'del doc["budgets"][1]["contexts"]' 'a context budget that judged without its count'
refused check.schema.json 'doc["budgets"][9]["contexts"] = 0' 'a context budget that judged nothing with a count'
output check-contexts-none 1 check --policy contexts.xml --format=json ../graph/why-head.xml
validate check.schema.json "$scratch/check-contexts-none.json" '
assert [x["problem"] for x in doc["budgets"]][:11] == ["no-contexts"] * 11
'
output check-edges-one-graph 0 check --policy thresholds.xml --format=json ../check/base.xml ../graph/why-head.xml
validate check.schema.json "$scratch/check-edges-one-graph.json" '
assert doc["edges-not-applied"] == "base"
'

finish
