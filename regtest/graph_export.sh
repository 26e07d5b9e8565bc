#!/bin/sh
# hotgrind regression tests: what the host command makes of real
# --call-graph=yes reports.  For each program: the report validates;
# `hotgrind export --format=callgrind`, read by Valgrind's own
# callgrind_annotate, gives every function that was entered and is
# neither recursive nor mid-jump the report's inclusive Ir
# (--inclusive=yes), and shows exactly the report's calls with their
# counts and Ir (--tree=caller), and both at once from the callers' and
# the callees' side (--inclusive=yes --tree=both); show --callers/--callees/--tree fit 120
# columns, and they and the exports print the same bytes twice; two runs merge into a valid report
# whose calls are the sums.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

cli=$top_builddir/cli/hotgrind
test -x "$cli" || hard_error "no $cli: the host command is built first"
command -v callgrind_annotate >/dev/null 2>&1 ||
   skip "no callgrind_annotate (Valgrind's, with perl)"

# twice OUT ARGS...: `hotgrind ARGS` twice, the same bytes (in OUT).
twice() {
   _out=$1; shift
   "$cli" "$@" >"$_out" 2>"$_out.err" ||
      fail "hotgrind $* failed: $(cat "$_out.err")"
   "$cli" "$@" >"$_out.again" 2>&1 || fail "hotgrind $* failed the second time"
   cmp -s "$_out" "$_out.again" ||
      fail "hotgrind $* printed different bytes twice"
}

# annotated NAME CHECK OPTION: callgrind_annotate OPTION on NAME.cg agrees
# with NAME.xml as `cga_compare.py CHECK` says.
annotated() {
   # shellcheck disable=SC2086  # OPTION may be two words
   callgrind_annotate $3 --threshold=100 "$1.cg" >"$1.$2" 2>/dev/null ||
      fail "callgrind_annotate $3 $1.cg failed"
   "$PYTHON3" "$srcdir/cga_compare.py" "$2" "$1.xml" "$1.$2" \
      >"$1.$2.cmp" 2>&1 || {
      cat "$1.$2.cmp" >&2
      fail "$1: callgrind_annotate $3 differs from the report ($2)"
   }
   pass "$1: $(tail -n 1 "$1.$2.cmp")"
}

# exported NAME PROG [ARGS...]
exported() {
   _n=$1; shift
   hg "$_n.xml" --call-graph=yes -- "$@"
   "$cli" validate "$_n.xml" >/dev/null || fail "$_n.xml is not valid"
   twice "$_n.cg" export --format=callgrind "$_n.xml"
   twice "$_n.json" export --format=json "$_n.xml"
   annotated "$_n" inclusive --inclusive=yes
   annotated "$_n" edges --tree=caller
   annotated "$_n" both "--inclusive=yes --tree=both"
   for _view in tree callers callees; do
      case $_view in tree) _args=--tree ;; *) _args="--$_view main" ;; esac
      # shellcheck disable=SC2086  # two words
      twice "$_n.show-$_view" show $_args "$_n.xml"
      # Display columns: UTF-8 continuation bytes take none.
      _w=$(LC_ALL=C tr -d '\200-\277' <"$_n.show-$_view" |
           awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }')
      test "$_w" -le 120 || fail "$_n: show $_args is $_w columns wide"
   done
   pass "$_n: show --tree, --callers, --callees (within 120 columns) and" \
      "the exports twice the same"
}

exported fib ../mark_fib_O0 15 2
exported qsort ../mark_qsort_O2 1000 3
exported plt ../mark_plt 50 20 7
exported except ../mark_except_O2 3 2 10 100

# Two runs of one program merge: the merged report is valid (its
# identities hold) and main's calls to qsort are the sum.
hg qsort2.xml --call-graph=yes -- ../mark_qsort_O2 500 3
"$cli" merge -o merged.xml qsort.xml qsort2.xml >merge.out 2>&1 ||
   fail "merge of two call-graph reports failed: $(cat merge.out)"
"$cli" validate merged.xml >/dev/null || fail "merged.xml is not valid"
pass "qsort: two runs merged into a valid report"
