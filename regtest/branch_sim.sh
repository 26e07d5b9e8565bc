#!/bin/sh
# hotgrind regression tests: --branch-sim=yes.  Every function's and the
# total's Bc, Bcm, Bi and Bim equal Cachegrind --branch-sim=yes's (its
# output file's fn= lines), alone and with --cache-sim=yes beside it, on
# the C and C++ test programs, the hand-counted functions and Debian's
# bzip2, xz and sqlite3; the hand-counted loops have the conditional
# branches their code has; two runs give identical reports; and without
# the option nothing of it is in the report.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
# An LD_PRELOAD of its own for every client keeps ld.so's accesses the
# same in every run (cache_oracle.sh says why); branches do not need it,
# the cache figures compared beside them do.
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=

branch_same oracle_c "" -- ../oracle_c 2000
branch_same oracle_cxx "" -- ../oracle_cxx
branch_same oracle_cxx_cache "--cache-sim=yes $GEOM" -- ../oracle_cxx

# The hand-counted functions (asm_amd64.S): ht_loop_n(n) executes its jnz
# n times; ht_scan(n, k) a je and a jb per full iteration, 2n for k >= n,
# and 2k + 1 for k < n (the last je taken); ht_leaf3 has no branch.  None
# jumps to a computed address (the ret is not counted).
if ../hand_c 1 1 1 1; then
   for args in "1000 5 50 20" "7 3 30 100"; do
      # shellcheck disable=SC2086  # three numbers, split on purpose
      set -- $args
      name=hand_$1_$4
      branch_same "$name" "" -- ../hand_c "$@"
      if test "$4" -lt "$3"; then scan_bc=$((2 * $4 + 1)); else scan_bc=$((2 * $3)); fi
      for expect in "ht_loop_n Bc $1" "ht_scan Bc $scan_bc" "ht_leaf3 Bc 0" \
                    "ht_loop_n Bi 0" "ht_scan Bi 0" "ht_leaf3 Bi 0"; do
         # shellcheck disable=SC2086
         set -- $expect
         got=$(fn_branch "$name.xml" "$1" "$2")
         test "$got" = "$3" || fail "$name: $1 has $2=\"$got\", by hand $3"
      done
      pass "$name: conditional branches of ht_loop_n, ht_scan and ht_leaf3 as counted by hand"
   done
else
   echo "note: no hand-counted functions on $HT_ARCH: by-hand counts not checked" >&2
fi

# Programs nobody here wrote, alone and with the cache simulated.
../gen_input text 200000 >input.txt
../gen_input sql 3000 >script.sql
if test -x /usr/bin/bzip2; then
   branch_same bzip2 "" -- /usr/bin/bzip2 -c -9 input.txt
   branch_same bzip2_cache "--cache-sim=yes $GEOM" -- /usr/bin/bzip2 -c -9 input.txt
else
   echo "note: /usr/bin/bzip2 is not installed: not compared" >&2
fi
if test -x /usr/bin/xz; then
   branch_same xz "" -- /usr/bin/xz -1 -T1 -c input.txt
else
   echo "note: /usr/bin/xz is not installed: not compared" >&2
fi
if test -x /usr/bin/sqlite3; then
   branch_same sqlite "" -- /usr/bin/sqlite3 -batch :memory: ".read script.sql"
else
   echo "note: /usr/bin/sqlite3 is not installed: not compared" >&2
fi

# A comparison that can fail: main's Bcm one higher.
bcm=$(fn_branch oracle_c.xml main Bcm)
sed "/<function name=\"main\" /{n;s/Bcm=\"$bcm\"/Bcm=\"$((bcm + 1))\"/;}" \
   oracle_c.xml >off_by_one.xml
cmp -s oracle_c.xml off_by_one.xml && hard_error "could not alter a Bcm"
if "$PYTHON3" "$srcdir/cg_compare.py" off_by_one.xml oracle_c.cg Bcm >/dev/null; then
   fail "cg_compare.py accepted a report with a Bcm off by one"
fi
pass "cg_compare.py rejects a Bcm off by one"

# The cost model that prices mispredictions, l1-ll-branch-miss: cycles =
# Ir + 10 x (I1mr + D1mr + D1mw) + 100 x (ILmr + DLmr + DLmw)
# + 10 x (Bcm + Bim), worked out here from Cachegrind's own figures (its
# summary: line, and the sum of main's records), for the totals and for
# main; the elements without branch figures get no cycles; two runs are
# identical; asking for the default model changes nothing; and the model
# is refused without both simulators.
# shellcheck disable=SC2086  # GEOM is three options
hg model.xml --branch-sim=yes --cache-sim=yes $GEOM \
   --cost-model=l1-ll-branch-miss -- ../oracle_cxx
# cg_cycles CG-FILE [FN]: the model's cycles from Cachegrind's figures,
# of its summary, or of function FN.
cg_cycles() {
   awk -v fn="${2:-}" '
      /^events:/ { for (i = 2; i <= NF; i++) ev[i - 1] = $i }
      /^fn=/ { cur = substr($0, 4) }
      /^[0-9]/ && fn != "" && cur == fn {
         for (i = 2; i <= NF; i++) s[ev[i - 1]] += $i }
      /^summary:/ && fn == "" { for (i = 2; i <= NF; i++) s[ev[i - 1]] = $i }
      END { printf "%.0f\n", s["Ir"] + 10 * (s["I1mr"] + s["D1mr"] + s["D1mw"]) \
               + 100 * (s["ILmr"] + s["DLmr"] + s["DLmw"]) \
               + 10 * (s["Bcm"] + s["Bim"]) }' "$1"
}
want=$(cg_cycles oracle_cxx_cache.cg)
got=$(xpath model.xml 'string(/hotgrind/totals/@cycles)')
test "$got" = "$want" || fail "l1-ll-branch-miss: total cycles $got, by hand from Cachegrind's $want"
want_main=$(cg_cycles oracle_cxx_cache.cg main)
got_main=$(fn_branch model.xml main cycles)
test "$got_main" = "$want_main" ||
   fail "l1-ll-branch-miss: main's cycles $got_main, by hand from Cachegrind's $want_main"
test "$(xpath model.xml 'concat(/hotgrind/run/cost-model/@name, " ", /hotgrind/run/cost-model/@version, " ", /hotgrind/run/cost-model/@l1-miss, " ", /hotgrind/run/cost-model/@ll-miss, " ", /hotgrind/run/cost-model/@mispredict)')" \
     = "l1-ll-branch-miss 1 10 100 10" ||
   fail "l1-ll-branch-miss: <cost-model> does not name the model and its prices"
test "$(xpath oracle_cxx_cache.xml 'count(/hotgrind/run/cost-model[@name="l1-ll-miss"][not(@mispredict)])')" = 1 ||
   fail "the default model is not l1-ll-miss without a mispredict price"
# shellcheck disable=SC2086
hg model_again.xml --branch-sim=yes --cache-sim=yes $GEOM \
   --cost-model=l1-ll-branch-miss -- ../oracle_cxx
cmp model.xml model_again.xml ||
   fail "two runs with --cost-model=l1-ll-branch-miss differ"
# shellcheck disable=SC2086
hg model_default.xml --branch-sim=yes --cache-sim=yes $GEOM \
   --cost-model=l1-ll-miss -- ../oracle_cxx
cmp oracle_cxx_cache.xml model_default.xml ||
   fail "--cost-model=l1-ll-miss changed the report"
# With the call graph: the inclusive costs have no branch figures, so
# that model gives them no cycles, and the report stays valid.
# shellcheck disable=SC2086
hg model_graph.xml --call-graph=yes --branch-sim=yes --cache-sim=yes $GEOM \
   --cost-model=l1-ll-branch-miss -- ../oracle_c 10
test "$(xpath model_graph.xml 'count(//inclusive)')" -gt 0 &&
   test "$(xpath model_graph.xml 'count(//inclusive[@cycles] | //call[@cycles] | //no-symbol[@cycles] | //outside[@cycles] | //context/*[@cycles])')" = 0 &&
   test "$(xpath model_graph.xml 'count(/hotgrind/totals[@cycles] | //function/self[not(@cycles)])')" = 1 ||
   fail "l1-ll-branch-miss: cycles on elements without branch figures, or missing on <self>"
"$top_builddir/cli/hotgrind" validate model_graph.xml >/dev/null ||
   fail "validate refused the call graph priced by l1-ll-branch-miss"
# The readers state the model's formula with its mispredict term.
"$top_builddir/cli/hotgrind" export --format=callgrind model.xml |
   grep -qxF 'desc: Cost model: l1-ll-branch-miss version 1, cycles = Ir + 10 (I1mr + D1mr + D1mw) + 100 (ILmr + DLmr + DLmw) + 10 (Bcm + Bim)' ||
   fail "the Callgrind export does not state the l1-ll-branch-miss formula"
"$top_builddir/cli/hotgrind" show model.xml | grep -A1 '^Cycles:' |
   tr -s ' \n' ' ' | grep -qF '+ 100 x (ILmr + DLmr + DLmw) + 10 x (Bcm + Bim)' ||
   fail "show does not state the l1-ll-branch-miss formula"
# merge keeps the model's mispredict price.
"$top_builddir/cli/hotgrind" merge -o model_merged.xml model.xml model_again.xml ||
   fail "merge of two l1-ll-branch-miss reports failed"
test "$(xpath model_merged.xml 'string(/hotgrind/run/cost-model/@mispredict)')" = 10 ||
   fail "merge dropped the cost model's mispredict price"
# The model needs both simulators: a clear error, no report.
for opts in "--cache-sim=yes" "--branch-sim=yes" ""; do
   # shellcheck disable=SC2086
   st=$(hg_status model_refused --cost-model=l1-ll-branch-miss $opts \
        --hotgrind-out-file=refused.xml -- ../oracle_c 10)
   test "$st" != 0 ||
      fail "--cost-model=l1-ll-branch-miss $opts was accepted"
   grep -q -- "--cost-model=l1-ll-branch-miss prices cache misses and branch mispredictions: it needs --cache-sim=yes and --branch-sim=yes" \
      model_refused.stderr || fail "no clear error for --cost-model=l1-ll-branch-miss $opts"
   test -e refused.xml && fail "a refused run wrote a report"
done
st=$(hg_status model_bad --cost-model=l1 -- ../oracle_c 10)
test "$st" != 0 && grep -q "the cost models are l1-ll-miss and l1-ll-branch-miss" \
   model_bad.stderr || fail "--cost-model=l1 gave no clear error (status $st)"
pass "l1-ll-branch-miss: total cycles $got and main's $got_main as worked out from Cachegrind's figures; deterministic; the default unchanged; refused without both simulators"

# Determinism: the same run twice, byte for byte.
# shellcheck disable=SC2086  # GEOM is three options
hg again.xml --branch-sim=yes --cache-sim=yes $GEOM -- ../oracle_cxx
cmp oracle_cxx_cache.xml again.xml ||
   fail "two runs with --branch-sim=yes gave different reports"
pass "two runs with --branch-sim=yes --cache-sim=yes give identical reports"

# Without the option (or with =no) nothing of it is written, and the
# report is the same either way.
hg plain.xml -- ../oracle_c 2000
hg plain_no.xml --branch-sim=no -- ../oracle_c 2000
cmp plain.xml plain_no.xml || fail "--branch-sim=no changed the report"
if grep -q 'Bc=\|branch-sim' plain.xml; then
   fail "a report without --branch-sim=yes has branch figures"
fi
test "$(xpath oracle_c.xml 'string(/hotgrind/run/options/option[@name="branch-sim"]/@value)')" = yes ||
   fail "the report of --branch-sim=yes does not list the option"
pass "--branch-sim=no writes what no option writes, without branch figures"

# hotgrind validate and show read the figures: a real report is valid and
# show prints its totals; a Bcm above its Bc and totals that are not the
# functions' sum are refused, naming the rule.
# shellcheck disable=SC2154  # set by lib.sh
HOTGRIND_CLI="$top_builddir/cli/hotgrind"
test -x "$HOTGRIND_CLI" || hard_error "no cli at $HOTGRIND_CLI (run make first)"
"$HOTGRIND_CLI" validate oracle_c.xml >/dev/null ||
   fail "validate refused the report of --branch-sim=yes"
t_bc=$(xpath oracle_c.xml 'string(/hotgrind/totals/@Bc)')
t_bcm=$(xpath oracle_c.xml 'string(/hotgrind/totals/@Bcm)')
t_bi=$(xpath oracle_c.xml 'string(/hotgrind/totals/@Bi)')
t_bim=$(xpath oracle_c.xml 'string(/hotgrind/totals/@Bim)')
# commas N: N with a comma every three digits, as show prints counts.
commas() {
   echo "$1" | sed ':a
s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/
ta'
}
"$HOTGRIND_CLI" show oracle_c.xml >shown.txt
want="Bc $(commas "$t_bc"), Bcm $(commas "$t_bcm"), Bi $(commas "$t_bi"), Bim $(commas "$t_bim")"
grep -q -x " *$want" shown.txt ||
   fail "show does not print \"$want\" under Total: $(cat shown.txt)"
# refused NAME SED-SCRIPT MESSAGE: oracle_c.xml altered by SED-SCRIPT is
# refused by validate with status 2 and MESSAGE.
refused() {
   sed "$2" oracle_c.xml >"$1.xml"
   cmp -s oracle_c.xml "$1.xml" && hard_error "$1: could not alter the report"
   _st=0; "$HOTGRIND_CLI" validate "$1.xml" 2>"$1.err" || _st=$?
   test "$_st" = 2 && grep -q -F "$3" "$1.err" ||
      fail "validate of $1: status $_st, $(cat "$1.err")"
}
refused bad_total \
   "s/<totals Ir=\"\([0-9]*\)\" Bc=\"$t_bc\"/<totals Ir=\"\1\" Bc=\"$((t_bc + 1))\"/" \
   "the functions' self Bc add up to $t_bc, but <totals> has Bc=\"$((t_bc + 1))\""
refused bad_bcm \
   "s/ Bcm=\"$t_bcm\" Bi=\"$t_bi\" Bim=\"$t_bim\">/ Bcm=\"$((t_bc + 1))\" Bi=\"$t_bi\" Bim=\"$t_bim\">/" \
   "<totals> has Bcm=\"$((t_bc + 1))\" greater than Bc=\"$t_bc\""
pass "validate accepts the figures and refuses Bcm > Bc and totals not the functions' sum; show prints them"

# hotgrind merge sums them: two copies of a run give twice its figures.
"$HOTGRIND_CLI" merge -o merged.xml oracle_c.xml oracle_c.xml ||
   fail "merge of two --branch-sim=yes reports failed"
for a in Bc Bcm Bi Bim; do
   one=$(xpath oracle_c.xml "string(/hotgrind/totals/@$a)")
   two=$(xpath merged.xml "string(/hotgrind/totals/@$a)")
   test "$two" = "$((2 * one))" || fail "merged total $a is $two, not 2 x $one"
   one=$(fn_branch oracle_c.xml main "$a")
   two=$(fn_branch merged.xml main "$a")
   test "$two" = "$((2 * one))" || fail "merged main's $a is $two, not 2 x $one"
done
pass "merge sums the branch figures of totals and functions"

# hotgrind diff and check read the figures of real reports: the two
# hand-counted runs above (amd64), ht_loop_n's Bc 1000 -> 7 and ht_scan's
# 41 -> 60, by hand as counted there; the JSON of both valid against its
# schema (Debian's jsonschema), and each command twice byte for byte.
if test -f hand_1000_20.xml && test -f hand_7_100.xml; then
   /usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
      hard_error "needs /usr/bin/python3 with jsonschema (tools/install-deps.sh)"
   policy_file branches.policy <<'POLICY'
  <budgets>
    <function pattern="ht_loop_n" metric="Bc" exact="7"/>
    <function pattern="ht_scan" metric="Bc" exact="60"/>
    <function pattern="ht_leaf3" metric="Bi" exact="0"/>
  </budgets>
  <thresholds regression="5" improvement="5" floor="0">
    <metric name="Bc"/>
  </thresholds>
POLICY
   for round in 1 2; do
      _st=0
      "$HOTGRIND_CLI" check --policy branches.policy hand_1000_20.xml hand_7_100.xml \
         >check.$round.text 2>check.err || _st=$?
      # ht_scan's 46% more conditional branches is a regression: status 1.
      test "$_st" = 1 || fail "check on branch figures: status $_st, $(cat check.err)"
      _st=0
      "$HOTGRIND_CLI" check --format=json --policy branches.policy \
         hand_1000_20.xml hand_7_100.xml >check.$round.json 2>check.err || _st=$?
      test "$_st" = 1 || fail "check --format=json on branch figures: status $_st, $(cat check.err)"
      "$HOTGRIND_CLI" diff --format=json --limit 0 hand_1000_20.xml hand_7_100.xml \
         >diff.$round.json 2>diff.err || fail "diff on branch figures: $(cat diff.err)"
   done
   for f in check.text check.json diff.json; do
      cmp -s "${f%.*}.1.${f#*.}" "${f%.*}.2.${f#*.}" ||
         fail "two runs of the same ${f%.*} on branch figures differ"
   done
   expect_has_line "check on branch figures" check.1.text \
      'pass    branches.policy:4  Bc of ht_loop_n (hand_c): 7, want exactly 7' \
      'pass    branches.policy:5  Bc of ht_scan (hand_c): 60, want exactly 60' \
      'better  branches.policy:9  Bc of ht_loop_n (hand_c): 1,000 -> 7, -993 (-99.30%), more than -5.00%' \
      'FAIL    branches.policy:9  Bc of ht_scan (hand_c): 41 -> 60, +19 (+46.34%), more than +5.00%'
   /usr/bin/python3 - "$top_srcdir/docs" check.1.json diff.1.json <<'PY' ||
import json, sys
import jsonschema
docs, check_file, diff_file = sys.argv[1:]
for name, path in (("check", check_file), ("diff", diff_file)):
    schema = json.load(open("%s/%s.schema.json" % (docs, name)))
    jsonschema.Draft202012Validator(schema).validate(json.load(open(path)))
rows = {r.get("name"): r for r in json.load(open(diff_file))["rows"]}
figures = {m["metric"]: m for m in rows["ht_loop_n"]["metrics"]}
got = tuple(figures["Bc"][k] for k in ("base", "head", "delta"))
assert got == (1000, 7, -993), got
assert figures["Bi"]["base"] == 0 and figures["Bi"]["head"] == 0, figures["Bi"]
PY
      fail "diff/check JSON of branch figures: invalid or wrong figures"
   pass "diff and check on real reports: ht_loop_n Bc 1000 -> 7, ht_scan 41 -> 60 (by hand); JSON valid; twice identical"
fi
