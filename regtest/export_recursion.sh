#!/bin/sh
# hotgrind regression test: `hotgrind export --format=callgrind` of
# recursive programs, read by Valgrind's callgrind_annotate
# --inclusive=yes, which sums a function's incoming calls: every function
# that was entered (and is not mid-jump) shows the report's inclusive Ir,
# recursive ones included, at most the total (export_recursion.py reads
# the report with xml.etree).  recur_qsort recurses through libc's qsort
# (its comparator sorts again) and directly (count); ctx_paths tree has
# walk, left and right calling each other.  Each with contexts, and
# without (--max-contexts=0: the export then reads the call graph's
# cycles).  The export prints the same bytes twice.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

cli=$top_builddir/cli/hotgrind
test -x "$cli" || hard_error "no $cli: the host command is built first"
command -v callgrind_annotate >/dev/null 2>&1 ||
   skip "no callgrind_annotate (Valgrind's, with perl)"

# annotated NAME: NAME.xml exported twice, the same bytes, and read by
# callgrind_annotate from / (it shortens the files under the directory
# it runs in for fn= but not for cfn=), against the report.
annotated() {
   "$cli" export --format=callgrind "$1.xml" >"$1.cg" 2>"$1.err" ||
      fail "export of $1.xml failed: $(cat "$1.err")"
   "$cli" export --format=callgrind "$1.xml" >"$1.cg2" 2>&1 ||
      fail "export of $1.xml failed the second time"
   cmp -s "$1.cg" "$1.cg2" || fail "$1: two exports differ"
   (cd / && callgrind_annotate --inclusive=yes --threshold=100 \
      "$WORK/$1.cg") >"$1.incl" 2>/dev/null ||
      fail "callgrind_annotate --inclusive=yes $1.cg failed"
   "$PYTHON3" "$srcdir/export_recursion.py" "$1.xml" "$1.incl" \
      >"$1.cmp" 2>&1 || {
      cat "$1.cmp" >&2
      fail "$1: callgrind_annotate's inclusive Ir differs from the report"
   }
   pass "$1: $(tail -n 1 "$1.cmp")"
}

hg qsort.xml --call-graph=yes -- ../recur_qsort 3 2
hg qsort0.xml --call-graph=yes --max-contexts=0 -- ../recur_qsort 3 2
hg tree.xml --call-graph=yes -- ../ctx_paths tree 3
hg tree0.xml --call-graph=yes --max-contexts=0 -- ../ctx_paths tree 3
for n in qsort qsort0 tree tree0; do
   annotated $n
done
