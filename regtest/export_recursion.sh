#!/bin/sh
# hotgrind regression test: `hotgrind export --format=callgrind` of
# recursive programs, read by Valgrind's callgrind_annotate
# --inclusive=yes, which sums a function's incoming calls: every function
# that was entered (and is not mid-jump) shows the report's inclusive Ir,
# recursive ones included, at most the total (export_recursion.py reads
# the report with xml.etree).  recur_qsort recurses through libc's qsort
# (its comparator sorts again) and directly (count); ctx_paths tree has
# walk, left and right calling each other.  recur_qsort also without
# contexts (--max-contexts=0: the export then reads the call graph's
# cycles).  The export prints the same bytes twice.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
command -v callgrind_annotate >/dev/null 2>&1 ||
   skip "callgrind_annotate (Valgrind's perl script) reads the exports"
exporter=$top_builddir/cli/hotgrind
test -x "$exporter" || hard_error "build the host command ($exporter) first"

hg qsort.xml --call-graph=yes -- ../recur_qsort 3 2
hg qsort0.xml --call-graph=yes --max-contexts=0 -- ../recur_qsort 3 2
hg tree.xml --call-graph=yes -- ../ctx_paths tree 3
for n in qsort qsort0 tree; do
   for copy in "$n.cg" "$n.cg.again"; do
      "$exporter" export --format=callgrind "$n.xml" >"$copy" 2>"$n.err" ||
         fail "export --format=callgrind $n.xml: $(cat "$n.err")"
   done
   cmp -s "$n.cg" "$n.cg.again" || fail "$n: two exports differ"
   # From /: callgrind_annotate shortens the fn= files under the folder
   # it runs in, not the cfn= ones.
   (cd / && callgrind_annotate --inclusive=yes --threshold=100 \
      "$WORK/$n.cg") >"$n.incl" 2>/dev/null ||
      fail "callgrind_annotate --inclusive=yes $n.cg failed"
   "$PYTHON3" "$srcdir/export_recursion.py" "$n.xml" "$n.incl" \
      >"$n.cmp" 2>&1 || {
      cat "$n.cmp" >&2
      fail "$n: callgrind_annotate's inclusive Ir differs from the report"
   }
   pass "$n: $(tail -n 1 "$n.cmp"); the same bytes twice"
done
