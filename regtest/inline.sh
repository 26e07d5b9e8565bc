#!/bin/sh
# hotgrind regression tests: --inline=yes.  Each function's self Ir (and,
# with --lines=yes, each line's), inlined rows included, equals a
# reconstruction from Callgrind's per-instruction counts and binutils'
# addr2line (inline_oracle.py), and so does a marked inlined function's
# inclusive Ir; the calls of the inlined functions equal the counters
# inline_prog and inline_cxx (a member function and a template) keep;
# the totals do not change with the option; two runs are identical;
# hotgrind validate reads the reports; and impossible combinations are
# refused.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

command -v addr2line >/dev/null 2>&1 ||
   skip "addr2line (binutils) is the oracle's address mapper"

N=1000

# instr_runs BASE PROG [ARGS...]: PROG under Callgrind with per-instruction
# counts (BASE.cgr) and under Cachegrind (BASE.cg), which tells where
# Callgrind is not exact (inline_oracle.py).
instr_runs() {
   _base=$1; shift
   run_client_env "$VG_IN_PLACE" --tool=callgrind --dump-instr=yes \
      --compress-pos=no --compress-strings=no --skip-plt=no \
      --callgrind-out-file="$_base.cgr" "$@" \
      >"$_base.cgr.stdout" 2>"$_base.cgr.stderr" ||
      fail "callgrind run exited with $? (see $WORK/$_base.cgr.stderr)"
   cg "$_base.cg" "$@"
}

# inline_agree NAME BASE [HOTGRIND-OPTIONS...] -- PROG [ARGS...]: a run
# with --inline=yes and these options, compared with instr_runs BASE of
# the same command.  Prints the comparison's summary.
inline_agree() {
   _name=$1 _base=$2; shift 2
   _opts=
   while test "$1" != --; do _opts="$_opts $1"; shift; done
   shift
   # shellcheck disable=SC2086  # single words by construction
   hg "$_name.xml" --inline=yes $_opts -- "$@"
   "$PYTHON3" "$srcdir/inline_oracle.py" "$_name.xml" "$_base.cgr" "$1" \
      "$_base.cg" >"$_name.compare" 2>&1 || {
      cat "$_name.compare" >&2
      fail "$_name: Ir differs from Callgrind + addr2line"
   }
   pass "$_name: $(cat "$_name.compare")"
}

instr_runs prog ../inline_prog $N
inline_agree inline prog -- ../inline_prog $N
inline_agree lines prog --lines=yes -- ../inline_prog $N
# Callgrind is exact on inline_prog: nothing is left out there.
if grep -q "left out" inline.compare lines.compare; then
   fail "Callgrind not exact on inline_prog: its comparison left functions out"
fi
# oracle_c's own inlining (gcc's choice, recursion included).
instr_runs oracle_c ../oracle_c 2000
inline_agree oracle_c oracle_c --lines=yes -- ../oracle_c 2000
test "$(xpath oracle_c.xml 'count(/hotgrind/functions/function[@inlined="yes"][@object="oracle_c"])')" -gt 0 ||
   fail "oracle_c.xml has no inlined rows of oracle_c"

# The program's own counters: "calls NAME COUNT" lines on its stdout
# (that of REPORT's run, inline.xml's by default).
counter() {
   sed -n "s/^calls $1 \([0-9]*\)$/\1/p" "${2:-inline.xml}.stdout"
}
# The calls of every inlined row of NAME in inline_prog, summed.
inlined_calls() {
   xpath "$1" "sum(/hotgrind/functions/function[@name=\"$2\"][@inlined=\"yes\"][@object=\"inline_prog\"]/@calls)"
}
for f in mix scale outer; do
   want=$(counter $f)
   case $want in ''|*[!0-9]*) hard_error "inline_prog printed no count for $f";; esac
   expect_eq "calls of inlined $f" "$(inlined_calls inline.xml $f)" "$want"
done
# scale is inlined into two functions: a row for each.
expect_eq "rows of scale" \
   "$(xpath inline.xml 'count(/hotgrind/functions/function[@name="scale"][@inlined="yes"])')" 2
expect_eq "mix inlined into" \
   "$(fn_attr inline.xml mix @inlined-into)" run_b

# The oracles must be able to fail: one row's Ir changed (a digit put in
# front of mix's).
sed '/<function name="mix"/{n;s/Ir="/Ir="1/}' inline.xml >altered.xml
cmp -s inline.xml altered.xml && hard_error "could not alter mix's Ir"
if "$PYTHON3" "$srcdir/inline_oracle.py" altered.xml prog.cgr ../inline_prog \
      prog.cg >/dev/null 2>&1
then
   fail "inline_oracle.py accepted a changed Ir"
fi
pass "inline_oracle.py rejects a changed Ir"

# --mark on inlined functions: marked rows, calls as counted, inclusive
# Ir as Callgrind + addr2line give it (inline_oracle.py: outer's includes
# the mix copies inside it and the calls of leaf it makes), entered
# marks, and no never-ran warning (which a run without --inline=yes
# gives, as mix then exists nowhere).
inline_agree marked prog --mark=mix --mark=outer --mark=scale -- ../inline_prog $N
grep -q "4 inclusive" marked.compare ||
   fail "the oracle compared no inclusive Ir: $(cat marked.compare)"
expect_eq "marked mix calls" "$(fn_calls marked.xml mix)" "$(counter mix)"
expect_eq "marked outer calls" "$(fn_calls marked.xml outer)" "$(counter outer)"
expect_eq "mix marked" "$(fn_attr marked.xml mix @marked)" yes
expect_eq "mark mix entered" "$(mark_attr marked.xml mix @entered)" 1
if grep -q "never\|matched no function" marked.xml.stderr; then
   fail "a never-ran warning for a mark on an inlined function that ran"
fi
pass "no never-ran warning for marks on inlined functions"
hg unmarked.xml --mark=mix -- ../inline_prog $N
grep -q -- "--mark=mix matched no function that ran" unmarked.xml.stderr ||
   fail "without --inline=yes, --mark=mix did not warn that it never ran"
pass "without --inline=yes, --mark=mix warns that it never ran"

# C++: an inline member function and a function template, named as the
# debug information names them; their calls are the program's counts.
# (Their self Ir is not compared with addr2line, which names them by
# their mangled linkage names.)  twice calls nothing: marked, its
# inclusive Ir is its self Ir.
hg cxx.xml --inline=yes --mark='twice*' -- ../inline_cxx $N
cxx_row='/hotgrind/functions/function[@object="inline_cxx"][@inlined="yes"]'
expect_eq "calls of inlined Acc::step" \
   "$(xpath cxx.xml "string($cxx_row[@name=\"step\"]/@calls)")" \
   "$(counter step cxx.xml)"
expect_eq "calls of inlined twice<unsigned long>" \
   "$(xpath cxx.xml "string($cxx_row[@name=\"twice<long unsigned int>\"]/@calls)")" \
   "$(counter twice cxx.xml)"
expect_eq "inclusive Ir of marked twice<unsigned long>" \
   "$(xpath cxx.xml "string($cxx_row[@name=\"twice<long unsigned int>\"]/inclusive/@Ir)")" \
   "$(xpath cxx.xml "string($cxx_row[@name=\"twice<long unsigned int>\"]/self/@Ir)")"
hg cxx_again.xml --inline=yes --mark='twice*' -- ../inline_cxx $N
cmp cxx.xml cxx_again.xml || fail "two --inline=yes runs of inline_cxx differ"
pass "two --inline=yes runs of inline_cxx are byte-identical"

# Totals are unchanged by the option, here and on the other programs.
totals_unchanged() {
   _name=$1; shift
   hg "$_name.plain.xml" -- "$@"
   hg "$_name.inline.xml" --inline=yes -- "$@"
   expect_eq "$_name: total Ir with --inline=yes" \
      "$(total_ir "$_name.inline.xml")" "$(total_ir "$_name.plain.xml")"
}
totals_unchanged inline_prog ../inline_prog $N
totals_unchanged inline_cxx ../inline_cxx $N
totals_unchanged oracle_c ../oracle_c 2000
totals_unchanged oracle_cxx ../oracle_cxx 1500
totals_unchanged hand_c ../hand_c 1000 500 300 100

# Determinism.
hg again.xml --inline=yes -- ../inline_prog $N
cmp inline.xml again.xml || fail "two --inline=yes runs differ"
hg lines_again.xml --inline=yes --lines=yes -- ../inline_prog $N
cmp lines.xml lines_again.xml || fail "two --inline=yes --lines=yes runs differ"
hg marked_again.xml --inline=yes --mark=mix --mark=outer --mark=scale -- \
   ../inline_prog $N
cmp marked.xml marked_again.xml || fail "two --inline=yes --mark runs differ"
pass "two --inline=yes runs are byte-identical (alone, with --lines, with marks)"

# Refused: without Valgrind's inline info, and with the call graph.
st=$(hg_status refused --inline=yes --read-inline-info=no -- ../inline_prog 1)
test "$st" != 0 || fail "--inline=yes --read-inline-info=no was accepted"
grep -q "inline=yes needs Valgrind's inline information" refused.stderr ||
   fail "no clear error for --read-inline-info=no: $(cat refused.stderr)"
pass "--inline=yes --read-inline-info=no is refused (status $st)"
st=$(hg_status graph --inline=yes --call-graph=yes -- ../inline_prog 1)
test "$st" != 0 || fail "--inline=yes --call-graph=yes was accepted"
grep -q "cannot be combined with --call-graph=yes" graph.stderr ||
   fail "no clear error for --call-graph=yes: $(cat graph.stderr)"
pass "--inline=yes --call-graph=yes is refused (status $st)"

# hotgrind validate reads inlined rows: the real reports are valid; an
# inlined row without calls, or with an <inclusive>, is refused, naming
# the rule.
# shellcheck disable=SC2154  # set by lib.sh
HOTGRIND_CLI="$top_builddir/cli/hotgrind"
test -x "$HOTGRIND_CLI" || hard_error "no cli at $HOTGRIND_CLI (run make first)"
for r in inline.xml lines.xml marked.xml oracle_c.xml; do
   "$HOTGRIND_CLI" validate "$r" >"$r.validate" 2>&1 ||
      fail "validate refused $r: $(cat "$r.validate")"
done
pass "hotgrind validate accepts the --inline=yes reports"
sed '/<function name="mix"/s/ calls="[0-9]*"//' inline.xml >no_calls.xml
sed '/<function name="mix"/{n;s|$|\n      <inclusive Ir="1"/>|}' inline.xml >with_inclusive.xml
for case in "no_calls.xml:has no calls" "with_inclusive.xml:inlined=\"yes\" and an <inclusive>"; do
   r=${case%%:*} rule=${case#*:}
   cmp -s inline.xml "$r" && hard_error "could not alter $r"
   if "$HOTGRIND_CLI" validate "$r" >"$r.validate" 2>&1; then
      fail "validate accepted $r"
   fi
   grep -q -F "$rule" "$r.validate" ||
      fail "validate's error for $r does not name the rule: $(cat "$r.validate")"
   pass "validate refuses $r: $(sed 's/^[^:]*: //' "$r.validate")"
done
