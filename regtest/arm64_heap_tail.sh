#!/bin/sh
# hotgrind regression tests: heap_tail.c on arm64, under qemu: the same
# attribution as on x86-64 (heap_tail.sh).  GPL-2.0-or-later
#
# heap_tail.c cross-compiled at -O2, where each wrapper is one `b` into
# its allocator's PLT stub (checked with objdump), run with the arm64
# hotgrind built in this tree (arm64_lib.sh) and arm64 DHAT through the
# same launcher:
# - marked, and with --call-graph=yes, each wrapper's self heap row has
#   the blocks of the allocator calls it jumped into, by hand (the
#   figures of heap_tail.c's comment, the same as on x86-64); unmarked
#   without the call graph, its caller churn has them (tail_runs,
#   heap_lib.sh); every function's self heap = its edges into the
#   allocators; two runs give identical reports;
# - DHAT's totals are hotgrind's, and its stacks put the wrappers'
#   blocks under churn.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/heap_lib.sh"
. "$srcdir/graph_lib.sh"

a64_build
a64_cc heap_tail_a64 -O2 heap_tail.c

for w in zeroed:calloc raw:malloc grow:realloc release:free; do
   fn=${w%%:*} callee=${w#*:}
   a64_disasm heap_tail_a64 "$fn" >"$fn.dis"
   if ! grep -Eq "[[:space:]]b[[:space:]].*<$callee@plt>" "$fn.dis" ||
      grep -qw bl "$fn.dis"; then
      hard_error "$fn is not a tail jump into $callee at -O2: $(cat "$fn.dis")"
   fi
done
pass "arm64: zeroed, raw, grow and release are tail jumps (b) into calloc, malloc, realloc and free"

with_arm64 tail_runs ./heap_tail_a64

with_arm64 dhat tail ./heap_tail_a64 $TAIL_N
same_as_dhat marked.xml tail
same_as_dhat graph.xml tail
expect_tail_dhat tail

echo "arm64_heap_tail: done"
