#!/bin/sh
# hotgrind regression test: `hotgrind export --format=callgrind` of
# recursive programs, read by Valgrind's callgrind_annotate
# --inclusive=yes, which sums a function's incoming calls: every function
# that was entered (and is not mid-jump) shows the report's inclusive Ir,
# recursive ones included, at most the total (export_recursion.py reads
# the report with xml.etree); with contexts, --tree=caller shows every
# call of the report with its calls and Ir, a recursive callee's Ir that
# of its outermost entries, worked out from the contexts.  recur_qsort recurses through libc's qsort
# (its comparator sorts again) and directly (count); ctx_paths tree has
# walk, left and right calling each other.  recur_qsort also without
# contexts (--max-contexts=0: the export then reads the call graph's
# cycles).  The export prints the same bytes twice.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
command -v callgrind_annotate >/dev/null 2>&1 ||
   skip "callgrind_annotate (Valgrind's perl script) reads the exports"
exporter=$top_builddir/cli/hotgrind
test -x "$exporter" || hard_error "build the host command ($exporter) first"

# annotated NAME OPTION CHECK: callgrind_annotate OPTION on NAME.cg, run
# from / (it shortens the fn= files under the folder it runs in, not the
# cfn= ones), agrees with NAME.xml as `export_recursion.py CHECK` says.
annotated() {
   (cd / && callgrind_annotate "$2" --threshold=100 "$WORK/$1.cg") \
      >"$1.$3.txt" 2>/dev/null || fail "callgrind_annotate $2 $1.cg failed"
   "$PYTHON3" "$srcdir/export_recursion.py" "$3" "$1.xml" "$1.$3.txt" \
      >"$1.$3.cmp" 2>&1 || {
      cat "$1.$3.cmp" >&2
      fail "$1: callgrind_annotate $2 differs from the report ($3)"
   }
   pass "$1: $(tail -n 1 "$1.$3.cmp")"
}

hg qsort.xml --call-graph=yes -- ../recur_qsort 3 2
hg qsort0.xml --call-graph=yes --max-contexts=0 -- ../recur_qsort 3 2
hg tree.xml --call-graph=yes -- ../ctx_paths tree 3
for n in qsort qsort0 tree; do
   for copy in "$n.cg" "$n.cg.again"; do
      "$exporter" export --format=callgrind "$n.xml" >"$copy" 2>"$n.err" ||
         fail "export --format=callgrind $n.xml: $(cat "$n.err")"
   done
   cmp -s "$n.cg" "$n.cg.again" || fail "$n: two exports differ"
   annotated "$n" --inclusive=yes inclusive
   # The calls' Ir are worked out from the contexts.
   test "$n" = qsort0 || annotated "$n" --tree=caller edges
done
pass "each export the same bytes twice"
