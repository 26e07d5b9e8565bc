#!/bin/sh
# hotgrind regression tests: Debian's C compiler (cc1, -O2 on a two-line
# file with no headers, a loop calling a static function: 67 million
# instructions in 4,242 functions and 11,974 edges, where cache_walk.c
# with its headers took 142 million in 4,690 functions and 14,392 edges;
# cc1's start-up, its builtins included, is most of either)
# as an oracle workload for the call graph and marks.  It tail-jumps
# everywhere (`pop ...; jmp F` into callees that start with `sub $n,%rsp`,
# `add $n,%rsp; jmp *hook`, jumps backwards to the function before),
# the shapes after which VEX's chasing once left activations wrong
# (issue 34: cc1's add_builtin_function charged its callee to its
# caller).  --call-graph=yes validates and its identities hold; self Ir
# equal Cachegrind's; every edge's calls equal Callgrind's (Callgrind's
# fall-through misses proven from the binary by cgr_edges.py) and equal
# those of the same run with --vex-guest-chase=no; inclusive Ir of the
# chase-off run equal Callgrind's (graph_lib.sh's compiler_graph); and a
# mark on add_builtin_function (1,910 calls, all from the builtins'
# set-up) has the chase-off run's calls, with default chasing and
# without the call graph, and Callgrind's inclusive Ir.  graph_cc1plus.sh
# does the same on the C++ compiler.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "Callgrind gets calls and returns wrong on $HT_ARCH (docs/arm64.md)"
fi
. "$srcdir/graph_lib.sh"

cc1=$(gcc -print-prog-name=cc1 2>/dev/null || :)
test -x "$cc1" ||
   hard_error "gcc's cc1 not found (tools/install-deps.sh installs gcc)"
# Written here, preprocessed already (no include paths): a loop calling
# a static function still takes cc1 through the inliner and the loop
# passes; each more function of cache_walk.c cost it millions of
# instructions more in the same code.
cat >prog.i <<'C'
static int g(int x) { return x * 3 + (x >> 2); }
int f(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += g(a[i]); return s; }
C
compiler_graph cc1 "$cc1" prog.i

# A mark alone (no call graph): add_builtin_function is entered only by
# tail jumps from its callers and leaves by `jmp *lang_hooks+...`.
hg mark.xml --mark='add_builtin_function*' -- "$cc1" -quiet -fpreprocessed -frandom-seed=1 -O2 prog.i -o /dev/null
hg mark-nochase.xml --mark='add_builtin_function*' --vex-guest-chase=no -- \
   "$cc1" -quiet -fpreprocessed -frandom-seed=1 -O2 prog.i -o /dev/null
n=$(xpath mark.xml 'count(/hotgrind/functions/function[@marked="yes"])')
test "$n" -ge 1 || fail "mark.xml: no marked function"
for i in $(seq 1 "$n"); do
   name=$(xpath mark.xml "string((/hotgrind/functions/function[@marked='yes'])[$i]/@name)")
   expect_eq "$name calls, chasing on and off" "$(fn_calls mark.xml "$name")" \
      "$(fn_calls mark-nochase.xml "$name")"
   expect_eq "$name calls, mark and call graph" "$(fn_calls mark.xml "$name")" \
      "$(fn_calls cc1.xml "$name")"
done
# Callgrind's inclusive Ir of the mark (1,910 calls, 5,550,207 Ir in the
# issue), set against Cachegrind without chasing as Callgrind runs:
# with chasing, Cachegrind also counts the unexecuted instructions of
# `a && b` merges under it (in __strcmp_avx2), and cgr_inclusive.py
# then compares nothing.  compare_edges made that Cachegrind run when it
# proved a fall-through; the same command, so it is not run twice.
test -f cc1.cg-nochase ||
   cg cc1.cg-nochase --vex-guest-chase=no "$cc1" -quiet -fpreprocessed \
      -frandom-seed=1 -O2 prog.i -o /dev/null
"$PYTHON3" "$srcdir/cgr_inclusive.py" compare mark-nochase.xml cc1.cgr \
   cc1.cg-nochase >mark.cgr-compare 2>&1 || {
   cat mark.cgr-compare >&2
   fail "mark-nochase.xml: inclusive Ir or calls differ from Callgrind's (cc1.cgr)"
}
grep -q '^match: ' mark.cgr-compare ||
   fail "mark-nochase.xml: nothing compared with Callgrind: $(cat mark.cgr-compare)"
pass "$(grep -v '^match: ' mark.cgr-compare | head -n 1)"
