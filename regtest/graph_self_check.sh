#!/bin/sh
# hotgrind regression tests: the call graph's exit check
# (HT_(graph_self_check), ht_callstack.c) fires.  GPL-2.0-or-later
#
# The hidden option --debug-corrupt-graph=calls|inclusive (tests only,
# docs/dev/architecture.md section 4) makes one figure wrong as a bug
# in the bookkeeping would, before the report is written and checked:
# the first listed function with calls gets one call more, or the first
# whose inclusive identity is checked 1 Ir more; the tool names it in a
# "hotgrind: debug:" line.  What must hold:
# - without the option: no BUG line, status 0, a report that validates;
# - with each value: exactly one BUG line, of that identity, naming the
#   function the debug line names, then the "please report" line once;
#   status 1, said on stderr; the report written, with the wrong figure
#   in it, and refused by `hotgrind validate`, which names the same
#   identity of that function; the program's output unchanged;
# - a program that exits with a status of its own (3) keeps it;
# - without --call-graph=yes the option changes nothing; a bad value is
#   refused; --help does not list it.
. "${srcdir:-.}/lib.sh"

HOTGRIND_CLI="$top_builddir/cli/hotgrind"
prog=../mark_fib_O0

hg plain.xml --call-graph=yes -- "$prog" 10 2
grep -q 'hotgrind: BUG:\|please report' plain.xml.stderr &&
   fail "plain.xml.stderr has a BUG line without the option: $(grep hotgrind: plain.xml.stderr)"
"$HOTGRIND_CLI" validate plain.xml >plain.validate 2>&1 ||
   fail "hotgrind validate refuses plain.xml: $(cat plain.validate)"
pass "without the option: status 0, no BUG line, plain.xml valid"

# corrupted KIND BUG-TEXT VALIDATE-TEXT XPATH: a run with
# --debug-corrupt-graph=KIND; BUG-TEXT is what the BUG line says after
# the function (a grep -E pattern), VALIDATE-TEXT what validate says
# after the function's id, XPATH the corrupted figure below the function.
corrupted() {
   _k=$1 _bug=$2 _val=$3 _fig=$4
   _st=$(hg_status "$_k" --hotgrind-out-file="$_k.xml" --call-graph=yes \
            --debug-corrupt-graph="$_k" -- "$prog" 10 2)
   expect_eq "$_k: status" "$_st" 1
   _dbg=$(sed -n "s/^==[0-9]*== hotgrind: debug: --debug-corrupt-graph=$_k: //p" \
             "$_k.stderr")
   test -n "$_dbg" || fail "$_k.stderr has no debug line"
   # "NAME (OBJECT) now has ...": the function and its wrong figure.
   _fn=${_dbg%% (*}
   _obj=${_dbg#* (}; _obj=${_obj%%)*}
   _wrong=$(echo "$_dbg" | sed 's/.* now has \(inclusive Ir \)\{0,1\}\([0-9]*\).*/\2/')
   grep 'hotgrind: BUG:' "$_k.stderr" >"$_k.bug" || :
   expect_eq "$_k: BUG lines" "$(wc -l <"$_k.bug")" 1
   grep -E -q "hotgrind: BUG: $_fn \($_obj\) has $_bug$" "$_k.bug" ||
      fail "$_k: the BUG line is not about $_fn's $_k: $(cat "$_k.bug")"
   expect_eq "$_k: 'please report' lines" \
      "$(grep -c "hotgrind: the report's call graph is wrong; please report this line and the command (docs/manual.md)$" "$_k.stderr")" 1
   grep -q 'hotgrind: the call graph failed the tool.s own check: exiting with status 1$' \
      "$_k.stderr" || fail "$_k.stderr does not say why the status is 1"
   cmp -s plain.xml.stdout "$_k.stdout" ||
      fail "$_k: the program's output differs from the run without the option"
   # The report: written, schema-valid, with the wrong figure, and refused.
   validate "$_k.xml"
   _id=$(unique_attr "$_k.xml" \
            "/hotgrind/functions/function[@name=\"$_fn\" and @object=\"$_obj\"]" \
            "functions $_fn ($_obj)" @id)
   expect_eq "$_k: $_fn's figure in the report" \
      "$(xpath "$_k.xml" "string(/hotgrind/functions/function[@id=\"$_id\"]/$_fig)")" \
      "$_wrong"
   if "$HOTGRIND_CLI" validate "$_k.xml" >"$_k.validate" 2>&1; then
      fail "hotgrind validate accepts $_k.xml"
   fi
   grep -E -q "<function> id=\"$_id\" has $_val" "$_k.validate" ||
      fail "$_k: validate does not name $_fn's $_k: $(cat "$_k.validate")"
   pass "$_k: $(sed 's/^==[0-9]*== //' "$_k.bug"); status 1; the report has it, validate: $(sed 's/^[^:]*: [^:]*: //' "$_k.validate")"
}

corrupted calls \
   '[0-9]+ calls, but [0-9]+ outside calls and [0-9]+ from its callers' \
   'calls="[0-9]+", but outside-calls=' @calls
corrupted inclusive \
   'inclusive Ir [0-9]+, but its self, no-symbol and callee Ir add up to [0-9]+ \(it is on no cycle of calls\)' \
   'inclusive Ir="[0-9]+", but its self, no-symbol and callee Ir add up to' inclusive/@Ir

# A program's own failure stands: sh exits 3.
st=$(hg_status own --hotgrind-out-file=own.xml --call-graph=yes \
        --debug-corrupt-graph=calls -- /bin/sh -c 'exit 3')
expect_eq "status of a program that exits 3, with a broken identity" "$st" 3
grep -q 'hotgrind: BUG:' own.stderr || fail "own.stderr has no BUG line"
grep -q 'exiting with status 1' own.stderr &&
   fail "own.stderr says status 1 for a program that exited with 3"

# Without --call-graph=yes there is no graph to break.
hg nograph.xml --debug-corrupt-graph=inclusive -- "$prog" 10 2
grep -q 'hotgrind: BUG:\|hotgrind: debug:' nograph.xml.stderr &&
   fail "nograph.xml.stderr: $(grep hotgrind: nograph.xml.stderr)"
pass "without --call-graph=yes: status 0, no debug or BUG line"

# A bad value is refused before the program runs; --help hides it.
st=$(hg_status bad --debug-corrupt-graph=self -- "$prog" 10 2)
expect_eq "status of --debug-corrupt-graph=self" "$st" 1
grep -q 'the values are calls and inclusive' bad.stderr ||
   fail "bad.stderr does not name the values: $(cat bad.stderr)"
hg_status help --help -- >/dev/null
grep -q -- '--debug-corrupt-graph' help.stdout &&
   fail "--help lists --debug-corrupt-graph"
pass "--debug-corrupt-graph=self refused; --help does not list the option"
