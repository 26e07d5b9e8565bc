#!/bin/sh
# hotgrind regression test: `show --tree --root F` and `export
# --format=folded|svg --root F` draw the contexts under the outermost
# calls of the functions F matches, merged by path below each, against
# the same subtrees worked out by roots.py from the report (xml.etree):
# every path with its calls and inclusive Ir, each root's inclusive Ir,
# share of the run and contexts merged, every folded line.  ctx_paths
# paths: rec recurses (its inner calls stay inside its one root), c is
# called under a and under b (two contexts, one root).  recur_qsort:
# sort_level recurses through libc's qsort and the comparator; a pattern
# OBJ:GLOB matching sort_level and count gives two roots.  The svg is
# XML whose subtitle gives the share of the run; each output is the same
# bytes twice; a pattern that matches nothing is one line and exit
# status 2.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

cli=$top_builddir/cli/hotgrind
test -x "$cli" || hard_error "no $cli: the host command is built first"

# twice OUT ARGS...: `hotgrind ARGS` twice, the same bytes (in OUT).
twice() {
   _out=$1; shift
   "$cli" "$@" >"$_out" 2>"$_out.err" ||
      fail "hotgrind $* failed: $(cat "$_out.err")"
   "$cli" "$@" >"$_out.again" 2>&1 || fail "hotgrind $* failed the second time"
   cmp -s "$_out" "$_out.again" ||
      fail "hotgrind $* printed different bytes twice"
}

# rooted N REPORT PATTERN: show, folded and svg under PATTERN, checked.
rooted() {
   twice "$1.show" show --tree --root "$3" --depth 1000 --limit 0 --wide "$2"
   "$PYTHON3" "$srcdir/roots.py" show "$2" "$3" "$1.show" >"$1.cmp" 2>&1 || {
      cat "$1.cmp" >&2
      fail "show --tree --root $3 $2 differs from roots.py"
   }
   pass "$(tail -n 1 "$1.cmp") ($2)"
   twice "$1.folded" export --format=folded --root "$3" "$2"
   "$PYTHON3" "$srcdir/roots.py" folded "$2" "$3" "$1.folded" \
      >"$1.fcmp" 2>&1 || {
      cat "$1.fcmp" >&2
      fail "export --format=folded --root $3 $2 differs from roots.py"
   }
   pass "$(tail -n 1 "$1.fcmp") ($2)"
   twice "$1.svg" export --format=svg --root "$3" "$2"
   "$PYTHON3" - "$1.svg" "$1.show" <<'PY' || fail "$1.svg: see above"
import re, sys, xml.etree.ElementTree as ET
svg = ET.parse(sys.argv[1]).getroot()
sub = [t for t in svg.iter("{http://www.w3.org/2000/svg}text")
       if t.get("id") == "subtitle"][0].text
rows = [l for l in open(sys.argv[2]) if l.startswith(("root ", "all roots"))]
# The whole width is the roots' inclusive Ir: the last root line's (all
# roots, when there are several).
m = re.search(r": ([\d,]+) Ir inclusive, ([\d.]+%) of the run", rows[-1])
want = "Ir, %s under " % m.group(1)
if not (sub.startswith(want) and (": %s of the run's " % m.group(2)) in sub):
    sys.exit("subtitle %r, want %r... %s" % (sub, want, m.group(2)))
PY
   pass "$1: the svg's subtitle has the roots' Ir and share"
}

hg paths.xml --call-graph=yes -- ../ctx_paths paths 10 4
hg qsort.xml --call-graph=yes -- ../recur_qsort 3 2
rooted rec paths.xml rec
rooted c paths.xml c
rooted sort qsort.xml sort_level
rooted two qsort.xml 'recur_qsort:*t*'
grep -q '^root rec (ctx_paths): .* from 1 context$' rec.show ||
   fail "rec: its recursion is not inside its one root"
grep -q '^root c (ctx_paths): .* from 2 contexts$' c.show ||
   fail "c: its contexts under a and under b are not one root"
grep -q '^all roots: .* from 2 contexts$' two.show ||
   fail "recur_qsort:*t*: no line for all the roots"
pass "rec's recursion in one root, c's two contexts merged, two roots summed"

st=0
"$cli" show --tree --root no_such_function paths.xml >none.out 2>none.err ||
   st=$?
test "$st" = 2 && test ! -s none.out && test "$(wc -l <none.err)" = 1 &&
   grep -q "no function matches 'no_such_function'" none.err ||
   fail "a pattern matching nothing: status $st, $(cat none.err)"
pass "a pattern matching nothing: one line, status 2"
