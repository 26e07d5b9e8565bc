#!/bin/sh
# hotgrind regression tests: the self heap figures of a function that
# tail-jumps into the allocator (heap_tail.c, -O2: `return calloc(n, 8)`
# and the like are `jmp`, which the test checks with objdump) are its
# own, by the call graph's caller rule, with marks and with
# --call-graph=yes, while an unmarked wrapper without the call graph is
# charged to its caller.  Oracles: the program's comment (hand counts),
# Callgrind's calls= of each wrapper -> allocator edge, and DHAT, whose
# totals are hotgrind's and whose stacks (return addresses) put the
# same blocks under the wrapper's caller.  Two runs: identical reports.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/heap_lib.sh"
. "$srcdir/graph_lib.sh"

prog_built heap_tail
need_heap_tool
N=$TAIL_N S=$TAIL_S

# Each wrapper is one tail jump into its allocator through the PLT, and
# calls nothing: the test is about that code.
for w in zeroed:calloc raw:malloc grow:realloc release:free; do
   fn=${w%%:*} callee=${w#*:}
   objdump -d --no-show-raw-insn ../heap_tail |
      awk -v f="<$fn>:" '$2 == f { on = 1; next } on && NF == 0 { exit } on' >"$fn.dis"
   grep -q "jmp .*<$callee@plt>" "$fn.dis" && ! grep -qw call "$fn.dis" ||
      hard_error "$fn is not a tail jump into $callee at -O2: $(cat "$fn.dis")"
done
pass "zeroed, raw, grow and release are tail jumps (jmp) into calloc, malloc, realloc and free"

#--------------------------------------------------------------------------
# The wrappers marked: each has its calls' allocations, self and
# inclusive; churn keeps its own free.
#--------------------------------------------------------------------------
MARKS="--mark=zeroed --mark=raw --mark=grow --mark=release"
# shellcheck disable=SC2086  # options are single words
hgh marked.xml $MARKS -- ../heap_tail $N
expect_eq "heap_tail's own checks" "$(cat marked.xml.stdout)" "heap_tail ok"
expect_tail_rows marked.xml
expect_incl_heap marked.xml function zeroed "$N $((8 * S)) 0 0 $N"
expect_incl_heap marked.xml function raw "$N $S 0 0 $N"
expect_incl_heap marked.xml function grow "$N $((2 * S)) 0 0 $N"
expect_incl_heap marked.xml function release "0 0 $N $((8 * S)) $N"

#--------------------------------------------------------------------------
# Nothing marked, no call graph: the wrappers have no activation, so the
# return address decides -- churn's.
#--------------------------------------------------------------------------
hgh plain.xml -- ../heap_tail $N
expect_self plain.xml churn "$((3 * N)) $((11 * S)) $((2 * N)) $((10 * S))"
for w in zeroed raw grow release; do
   expect_self plain.xml $w "0 0 0 0"
done
expect_eq "heap totals, marked and not" "$(heap_py totals plain.xml)" \
   "$(heap_py totals marked.xml)"

#--------------------------------------------------------------------------
# --call-graph=yes: the marked run's rows, each the wrapper -> allocator
# edge's figures, whose calls are Callgrind's.
#--------------------------------------------------------------------------
hgh graph.xml --call-graph=yes -- ../heap_tail $N
expect_tail_rows graph.xml
heap_py graph-self graph.xml >graph.self 2>&1 || {
   cat graph.self >&2
   fail "graph.xml: a function's self heap is not its edges into the allocators"
}
pass "graph.xml: $(cat graph.self)"
# That check can fail: zeroed's row one allocation short.
sed '/<function name="zeroed"/,/<\/function>/s/<heap allocs="'$N'"/<heap allocs="'$((N - 1))'"/' \
   graph.xml >graph-off.xml
cmp -s graph.xml graph-off.xml && hard_error "could not alter zeroed's row in graph.xml"
heap_py graph-self graph-off.xml >/dev/null &&
   fail "heap_report.py graph-self accepted zeroed's self allocs one short"
pass "heap_report.py graph-self rejects a self row one allocation short"

# cgr_calls CALLGRIND.OUT CALLER CALLEE: the calls= of the edge, summed
# over Callgrind's contexts (fn=CALLER'its'callers).
cgr_calls() {
   awk -v a="$2" -v b="$3" '
      /^fn=/  { split(substr($0, 4), p, "\047"); fn = p[1] }
      /^cfn=/ { split(substr($0, 5), p, "\047"); cfn = p[1] }
      /^calls=/ && fn == a && cfn == b { split(substr($0, 7), c, " "); n += c[1] }
      END { print n + 0 }' "$1"
}
cgr tail.cgr ../heap_tail $N
cmp -s graph.xml.stdout tail.cgr.stdout ||
   fail "heap_tail printed different output under hotgrind and Callgrind"
for w in zeroed:calloc raw:malloc grow:realloc release:free; do
   fn=${w%%:*} callee=${w#*:}
   expect_eq "Callgrind's calls= of $fn -> $callee" "$(cgr_calls tail.cgr "$fn" "$callee")" $N
   expect_eq "graph.xml: calls of $fn -> $callee" "$(edge graph.xml "$fn" "$callee" 3)" $N
done
"$PYTHON3" "$srcdir/cgr_edges.py" compare graph.xml tail.cgr >tail.compare 2>&1 || {
   cat tail.compare >&2
   fail "graph.xml: edge calls differ from Callgrind's"
}
pass "graph.xml: $(tail -n 1 tail.compare)"

#--------------------------------------------------------------------------
# DHAT: the same totals; its stacks have the wrappers' blocks under churn.
#--------------------------------------------------------------------------
dhat tail ../heap_tail $N
same_as_dhat marked.xml tail
same_as_dhat graph.xml tail
expect_tail_dhat tail

#--------------------------------------------------------------------------
# Determinism.
#--------------------------------------------------------------------------
hgh graph2.xml --call-graph=yes -- ../heap_tail $N
cmp -s graph.xml graph2.xml || fail "two --call-graph=yes runs of heap_tail differ"
# shellcheck disable=SC2086  # options are single words
hgh marked2.xml $MARKS -- ../heap_tail $N
cmp -s marked.xml marked2.xml || fail "two marked runs of heap_tail differ"
pass "heap_tail: two runs, byte-identical reports (marked, and with the call graph)"
