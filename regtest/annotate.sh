#!/bin/sh
# hotgrind regression tests: `hotgrind annotate` against cg_annotate.  The
# per-line Ir it prints beside the source of oracle_c.c, oracle_cxx.cpp,
# hand_c.c and xorshift.h
# (summed over the functions, as it prints one part per function) equal
# those cg_annotate prints for a Cachegrind run of the same command, with
# every line shown (--context 1000) and with short runs and "-- line N"
# marks (--context 2 against cg_annotate's 3); the comparison fails on a
# changed count; two runs print the same bytes.  GPL-2.0-or-later
#
# Why this test and cli/tests/annotate.sh both exist: this one checks
# that the per-line Ir annotate prints for real programs run under the
# tool equal cg_annotate's for Cachegrind runs of the same commands;
# annotate.sh checks annotate's own layout, options and source lookup
# (--source-dir, --context, --function, --limit, binary and long lines,
# the errors) on a hand-written report, exact to the byte, with no
# Valgrind. Neither covers the other.
. "${srcdir:-.}/lib.sh"

command -v cg_annotate >/dev/null 2>&1 ||
   skip "cg_annotate (Debian's valgrind) is needed as the oracle"
HOTGRIND_CLI="$top_builddir/cli/hotgrind"

# annotate_agree NAME PROG [ARGS...]: a --lines=yes run and a Cachegrind
# run of PROG, annotated by both for PROG.c (or .cpp) and xorshift.h.
annotate_agree() {
   _name=$1; shift
   hg "$_name.xml" --lines=yes -- "$@"
   cg "$_name.cg" "$@"
   # The source files as the debug info names them, as Cachegrind's fl=.
   _files=$(sed -n "s/^fl=\(.*\/\(${_name}\.cpp\|${_name}\.c\|xorshift\.h\)\)$/\1/p" \
            "$_name.cg" | sort -u)
   test -n "$_files" || hard_error "$_name.cg names no $_name.c"
   # shellcheck disable=SC2086  # paths without blanks (the build tree)
   cg_annotate --context=100000 "$_name.cg" $_files >"$_name.cga" ||
      hard_error "cg_annotate failed on $_name.cg"
   "$HOTGRIND_CLI" annotate --limit 0 --context 1000 "$_name.xml" \
      >"$_name.hga" 2>"$_name.hga.err" ||
      fail "hotgrind annotate $_name.xml: $(cat "$_name.hga.err")"
   # shellcheck disable=SC2086
   "$PYTHON3" "$srcdir/annotate_compare.py" "$_name.hga" "$_name.cga" \
      $_files >"$_name.compare" 2>&1 || {
      cat "$_name.compare" >&2
      fail "$_name: annotate's per-line Ir differs from cg_annotate's"
   }
   pass "$_name, whole files: $(cat "$_name.compare")"
   # shellcheck disable=SC2086
   cg_annotate --context=3 "$_name.cg" $_files >"$_name.cga3"
   "$HOTGRIND_CLI" annotate --limit 0 --context 2 "$_name.xml" >"$_name.hga2"
   # shellcheck disable=SC2086
   "$PYTHON3" "$srcdir/annotate_compare.py" "$_name.hga2" "$_name.cga3" \
      $_files >"$_name.compare2" 2>&1 || {
      cat "$_name.compare2" >&2
      fail "$_name: annotate --context 2 differs from cg_annotate --context=3"
   }
   pass "$_name, runs of lines: $(cat "$_name.compare2")"
}

annotate_agree oracle_c ../oracle_c 2000
annotate_agree oracle_cxx ../oracle_cxx 1500
annotate_agree hand_c ../hand_c 1000 500 300 100

# The comparison must be able to fail: the first count of a found source
# changed (a digit put in front).
awk '/annotated source/ { s = 1 } s && /^ *[0-9]/ && !done { sub(/[0-9]/, "9&"); done = 1 } { print }' \
   oracle_c.hga >changed.hga
cmp -s oracle_c.hga changed.hga && hard_error "could not alter a count"
_files=$(sed -n 's/^fl=\(.*\/\(oracle_c\.c\|xorshift\.h\)\)$/\1/p' oracle_c.cg | sort -u)
# shellcheck disable=SC2086
if "$PYTHON3" "$srcdir/annotate_compare.py" changed.hga oracle_c.cga \
      $_files >/dev/null 2>&1; then
   fail "annotate_compare.py accepted a changed count"
fi
pass "annotate_compare.py rejects a changed count"

# Determinism.
"$HOTGRIND_CLI" annotate --limit 0 --context 1000 oracle_c.xml >again.hga
cmp oracle_c.hga again.hga || fail "two annotate runs differ"
pass "two annotate runs are byte-identical"
