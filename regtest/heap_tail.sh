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

# Each wrapper is one tail jump into its allocator through the PLT, and
# calls nothing: the test is about that code.
for w in zeroed:calloc raw:malloc grow:realloc release:free; do
   fn=${w%%:*} callee=${w#*:}
   objdump -d --no-show-raw-insn ../heap_tail |
      awk -v f="<$fn>:" '$2 == f { on = 1; next } on && NF == 0 { exit } on' >"$fn.dis"
   if ! grep -q "jmp .*<$callee@plt>" "$fn.dis" || grep -qw call "$fn.dis"; then
      hard_error "$fn is not a tail jump into $callee at -O2: $(cat "$fn.dis")"
   fi
done
pass "zeroed, raw, grow and release are tail jumps (jmp) into calloc, malloc, realloc and free"

# Marked, plain and call-graph runs (heap_lib.sh): marked.xml, plain.xml,
# graph.xml, checked by hand, each run twice.
tail_runs ../heap_tail

#--------------------------------------------------------------------------
# Callgrind: each wrapper -> allocator edge has $TAIL_N calls, as in
# graph.xml, and every other edge's calls are hotgrind's too.
#--------------------------------------------------------------------------
# cgr_calls CALLGRIND.OUT CALLER CALLEE: the calls= of the edge, summed
# over Callgrind's contexts (fn=CALLER'its'callers).
cgr_calls() {
   awk -v a="$2" -v b="$3" '
      /^fn=/  { split(substr($0, 4), p, "\047"); fn = p[1] }
      /^cfn=/ { split(substr($0, 5), p, "\047"); cfn = p[1] }
      /^calls=/ && fn == a && cfn == b { split(substr($0, 7), c, " "); n += c[1] }
      END { print n + 0 }' "$1"
}
cgr tail.cgr ../heap_tail $TAIL_N
cmp -s graph.xml.stdout tail.cgr.stdout ||
   fail "heap_tail printed different output under hotgrind and Callgrind"
for w in zeroed:calloc raw:malloc grow:realloc release:free; do
   fn=${w%%:*} callee=${w#*:}
   expect_eq "Callgrind's calls= of $fn -> $callee" "$(cgr_calls tail.cgr "$fn" "$callee")" $TAIL_N
done
"$PYTHON3" "$srcdir/cgr_edges.py" compare graph.xml tail.cgr >tail.compare 2>&1 || {
   cat tail.compare >&2
   fail "graph.xml: edge calls differ from Callgrind's"
}
pass "graph.xml: $(tail -n 1 tail.compare)"

#--------------------------------------------------------------------------
# DHAT: the same totals; its stacks have the wrappers' blocks under churn.
#--------------------------------------------------------------------------
dhat tail ../heap_tail $TAIL_N
same_as_dhat marked.xml tail
same_as_dhat graph.xml tail
expect_tail_dhat tail

# The manual's example ("Which function an allocation is charged to")
# shows these runs' rows of `hotgrind show`, as they are.
if test -x "$HOTGRIND_CLI"; then
   for r in marked plain; do
      "$HOTGRIND_CLI" show "$r.xml" | sed -n '/^Functions with heap traffic/,/^Threads/p' |
         grep -E '^allocs  alloc-bytes|  heap_tail  ' >"$r.rows"
      test "$(wc -l <"$r.rows")" -ge 2 || fail "$r.xml: show printed no heap_tail row"
      while IFS= read -r line; do
         grep -qxF "$line" "$top_srcdir/docs/manual.md" ||
            fail "docs/manual.md does not show $r.xml's row: $line"
      done <"$r.rows"
   done
   pass "docs/manual.md shows the rows of hotgrind show, marked and plain"
fi
