#!/bin/sh
# hotgrind regression tests: `hotgrind check` budgets and thresholds on
# call-graph edges of two real runs.  GPL-2.0-or-later
#
# diff_why N (diff_why.c): main -> parse -> lex -> ht_loop_n(N), the last
# hand-counted at 2N + 2 Ir (hand.h), each called once; parse and lex run
# the same instructions whatever N.  So, from the source:
#   - the edges parse -> lex and lex -> ht_loop_n have 1 call each;
#   - lex -> ht_loop_n carries 2N + 2: 202 for N = 100, 2,002 for 1,000;
#   - from N = 100 to 1,000, lex -> ht_loop_n, parse -> lex and main ->
#     parse each grow by 2 x 900 = 1,800, and lex -> ht_loop_n by
#     1,800 / 202 = +891.09% (891.0891...).
# Budgets and thresholds are checked on those figures in text and JSON
# (the JSON against docs/check.schema.json with Debian's jsonschema), each
# output made twice and compared.
#
# Why this test and cli/tests/check-graph.sh both exist: this one checks
# budgets and thresholds on the edges of two real runs under the tool,
# whose figures come from the program's hand-counted source; check-
# graph.sh checks every kind of call-graph budget and threshold, and
# what becomes of them on reports without a call graph or contexts, on
# hand-written reports whose verdicts are worked out by hand, with no
# Valgrind. Neither covers the other.
. "${srcdir:-.}/lib.sh"

HOTGRIND_CLI="$top_builddir/cli/hotgrind"
test -x "$HOTGRIND_CLI" || hard_error "no cli at $HOTGRIND_CLI (run make first)"
test "$HT_ARCH" = amd64 || skip "ht_loop_n is hand-counted on amd64 only"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
   hard_error "needs /usr/bin/python3 with jsonschema (tools/install-deps.sh)"

hg base.xml --call-graph=yes -- ../diff_why 100
hg head.xml --call-graph=yes -- ../diff_why 1000

policy_file budgets.xml <<'EOF'
  <budgets>
    <edge caller="parse" callee="lex" metric="calls" exact="1"/>
    <edge caller="diff_why:lex" callee="ht_loop_n" metric="incl-Ir" exact="2002"/>
    <function pattern="lex" metric="calls" exact="1"/>
  </budgets>
  <thresholds default-metrics="no">
    <metric name="incl-Ir" floor="0"/>
  </thresholds>
EOF

# check POLICY STATUS OUTPUT ARGS...: twice the same bytes, exit STATUS.
check() {
   _policy=$1 _want=$2 _output=$3; shift 3
   for _run in 1 2; do
      _status=0
      "$HOTGRIND_CLI" check --policy "$_policy" "$@" >"$_output.$_run" \
         2>"$_output.stderr" || _status=$?
      test "$_status" = "$_want" ||
         fail "check --policy $_policy $*: status $_status, want $_want"
   done
   cmp -s "$_output.1" "$_output.2" || fail "check $*: two runs differ"
   mv "$_output.1" "$_output"
}

check budgets.xml 0 head.text head.xml
expect_has_line "budgets on head.xml" head.text \
   'pass    budgets.xml:4  calls of parse (diff_why) -> lex (diff_why): 1, want exactly 1' \
   'pass    budgets.xml:5  incl-Ir of lex (diff_why) -> ht_loop_n (diff_why): 2,002, want exactly 2,002' \
   'pass    budgets.xml:6  calls of lex (diff_why): 1, want exactly 1'
check budgets.xml 1 base.text base.xml
expect_has_line "budgets on base.xml: lex -> ht_loop_n" base.text \
   'FAIL    budgets.xml:5  incl-Ir of lex (diff_why) -> ht_loop_n (diff_why): 202, want exactly 2,002'
pass "edge budgets: 1 call each, lex -> ht_loop_n 2N + 2"

check budgets.xml 1 change.text base.xml head.xml
expect_has_line "thresholds: lex -> ht_loop_n" change.text \
   'FAIL    budgets.xml:9  incl-Ir of lex (diff_why) -> ht_loop_n (diff_why): 202 -> 2,002, +1,800 (+891.09%), more than +5.00%'
check budgets.xml 1 change.json --format=json base.xml head.xml
/usr/bin/python3 - "$top_srcdir/docs/check.schema.json" change.json <<'EOF' ||
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator(schema).validate(doc)
edges = {(t["caller"], t["callee"]): t for t in doc["thresholds"]
         if "caller" in t}
for caller, callee in (("main", "parse"), ("parse", "lex"),
                       ("lex", "ht_loop_n")):
    t = edges[(caller + " (diff_why)", callee + " (diff_why)")]
    assert t["status"] == "fail" and t["delta"] == 1800, t
    assert t["row"] == "%s (diff_why) -> %s (diff_why)" % (caller, callee)
assert edges[("lex (diff_why)", "ht_loop_n (diff_why)")]["base"] == 202
print("main -> parse -> lex -> ht_loop_n: +1,800 each")
EOF
   fail "thresholds on edges in JSON"
pass "edge thresholds: main -> parse -> lex -> ht_loop_n each +1,800"

# Calling contexts: the one context of ht_loop_n is main;parse;lex;
# ht_loop_n under the start-up frames (**), entered once, 2N + 2 Ir inside
# and in itself (it calls nothing); lex's context holds it, so the
# incl-Ir of **;lex is 2N + 2 plus lex's own Ir, which the contexts give
# as lex's self (the same whatever N: 1,800 apart).  Needs the tool's
# <contexts> (--call-graph=yes writes them when --max-contexts is not 0).
grep -q '<contexts ' head.xml ||
   skip "the tool wrote no <contexts> with --call-graph=yes"
policy_file contexts.xml <<'EOF'
  <budgets>
    <context stack="**;main;parse;lex;ht_loop_n" metric="calls" exact="1"/>
    <context stack="**;main;parse;lex;ht_loop_n" metric="incl-Ir" exact="2002"/>
    <context stack="**;ht_loop_n" metric="Ir" exact="2002"/>
    <context stack="**;parse;**" metric="calls" exact="3"/>
  </budgets>
EOF
check contexts.xml 0 contexts.text head.xml
expect_has_line "contexts of head.xml" contexts.text \
   "pass    contexts.xml:4  calls of stack '**;main;parse;lex;ht_loop_n' (1 context): 1, want exactly 1" \
   "pass    contexts.xml:5  incl-Ir of stack '**;main;parse;lex;ht_loop_n' (1 context): 2,002, want exactly 2,002" \
   "pass    contexts.xml:6  Ir of stack '**;ht_loop_n' (1 context): 2,002, want exactly 2,002" \
   "pass    contexts.xml:7  calls of stack '**;parse;**' (3 contexts): 3, want exactly 3"
check contexts.xml 1 contexts-base.text base.xml
expect_has_line "contexts of base.xml: ht_loop_n's" contexts-base.text \
   "FAIL    contexts.xml:5  incl-Ir of stack '**;main;parse;lex;ht_loop_n' (1 context): 202, want exactly 2,002"
pass "context budgets: main;parse;lex;ht_loop_n once, 2N + 2 inside"
