#!/bin/sh
# hotgrind regression test: `show --tree --root F` and `export
# --format=folded|svg --root F` draw the contexts under the outermost
# calls of the functions F matches, merged by path below each, against
# the same subtrees worked out by roots.py from the report (xml.etree):
# every path with its calls and inclusive Ir, each root's inclusive Ir,
# share of the run and contexts merged, every folded line, the svg's
# subtitle.  ctx_paths paths: rec recurses (its inner calls stay inside
# its one root), c is called under a and under b (two contexts, one
# root).  recur_qsort: sort_level recurses through libc's qsort and the
# comparator; a pattern OBJ:GLOB matching sort_level and count gives two
# roots.  Each output is the same bytes twice; a pattern that matches
# nothing is one line and exit status 2.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

hotgrind=$top_builddir/cli/hotgrind
test -x "$hotgrind" || hard_error "no $hotgrind: the host command is built first"

hg paths.xml --call-graph=yes -- ../ctx_paths paths 10 4
hg qsort.xml --call-graph=yes -- ../recur_qsort 3 2
# The cases: NAME REPORT PATTERN.
set -- rec paths.xml rec  c paths.xml c  sort qsort.xml sort_level \
   two qsort.xml 'recur_qsort:*t*'

# into DIR NAME REPORT PATTERN: NAME's show (DIR/NAME.show), folded and
# svg under PATTERN.
into() {
   "$hotgrind" show --tree --depth 1000 --limit 0 --wide --root "$4" "$3" \
      >"$1/$2.show" 2>"$1/$2.err" &&
   "$hotgrind" export --format=folded --root "$4" "$3" \
      >"$1/$2.folded" 2>>"$1/$2.err" &&
   "$hotgrind" export --format=svg --root "$4" "$3" \
      >"$1/$2.svg" 2>>"$1/$2.err" ||
      fail "$2: show, folded or svg --root $4 $3: $(cat "$1/$2.err")"
}

# outputs DIR CASES...: every case's outputs in DIR and in DIR.again, the
# same bytes.
outputs() {
   _top=$1; shift
   mkdir "$_top" "$_top.again"
   while test "$#" -gt 0; do
      into "$_top" "$1" "$2" "$3"
      into "$_top.again" "$1" "$2" "$3"
      shift 3
   done
   diff -r "$_top" "$_top.again" >/dev/null ||
      fail "show, folded or svg under --root: different bytes twice"
}
outputs out "$@"
pass "show --tree, folded and svg under --root: the same bytes twice"

while test "$#" -gt 0; do
   "$PYTHON3" "$srcdir/roots.py" "$2" "$3" "out/$1.show" "out/$1.folded" \
      "out/$1.svg" >"$1.cmp" 2>&1 || {
      cat "$1.cmp" >&2
      fail "$1: show, folded or svg --root $3 $2 differ from roots.py"
   }
   pass "$1 ($2): $(tr '\n' ' ' <"$1.cmp")"
   shift 3
done
grep -q '^root rec (ctx_paths): .* from 1 context$' out/rec.show ||
   fail "rec: its recursion is not inside its one root"
grep -q '^root c (ctx_paths): .* from 2 contexts$' out/c.show ||
   fail "c: its contexts under a and under b are not one root"
grep -q '^all roots: .* from 2 contexts$' out/two.show ||
   fail "recur_qsort:*t*: no line for all the roots"
pass "rec's recursion in one root, c's two contexts merged, two roots summed"

st=0
"$hotgrind" show --tree --root no_such_function paths.xml >none.out 2>none.err ||
   st=$?
test "$st" = 2 && test ! -s none.out && test "$(wc -l <none.err)" = 1 &&
   grep -q "no function matches 'no_such_function'" none.err ||
   fail "a pattern matching nothing: status $st, $(cat none.err)"
pass "a pattern matching nothing: one line, status 2"
