#!/bin/sh
# hotgrind regression tests: a marked function entered by tail calls
# (mark_tail.c derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# The test is about entries by a jump: via_tail must be "jmp <target>"
# with no call, and target straight-line code (no branch: every call
# costs the same).
if test "$HT_ARCH" = amd64; then
   need_objdump
   disasm ../mark_tail via_tail >via_tail.dis
   disasm ../mark_tail target >target.dis
   if ! grep -E -q '\sjmp\s.*<target>' via_tail.dis ||
      grep -E -q '\scall\s' via_tail.dis; then
      cat via_tail.dis >&2
      skip "gcc did not make via_tail's call of target a tail jump"
   fi
   if grep -E -q '\s(j[a-z]+|call)\s' target.dis; then
      cat target.dis >&2
      skip "target is not straight-line code"
   fi
   pass "via_tail is a jmp to target; target has no branch"
else
   skip "the tail jump is only checked on x86-64"
fi

direct=1000 tail=357
hg tail.xml --mark=target --mark=via_tail -- ../mark_tail $direct $tail
# shellcheck disable=SC2046  # numbers the program printed
set -- $(cat tail.xml.stdout)
expect_eq "calls made by main" "$1 $2" "$direct $tail"
expect_calls tail.xml target $((direct + tail))
expect_calls tail.xml via_tail $tail
self_t=$(fn_self_ir tail.xml target)
test $((self_t % (direct + tail))) = 0 ||
   fail "target's self Ir $self_t is not the same for each of its $((direct + tail)) calls"
c=$((self_t / (direct + tail)))
expect_incl tail.xml target "$self_t"
expect_incl tail.xml via_tail $(( $(fn_self_ir tail.xml via_tail) + tail * c ))
echo "$c $((direct + tail))" >target.spec
expect_per_call tail.xml function target target.spec

# The same without marking target: via_tail still ends when target
# returns to via_tail's caller.
hg tail-only.xml --mark=via_tail -- ../mark_tail $direct $tail
expect_incl tail-only.xml via_tail $(( $(fn_self_ir tail-only.xml via_tail) + tail * c ))
# ... and Callgrind, which counts a jump into another function as a call
# and the return from it as the return of both, agrees.
callgrind_runs tail ../mark_tail $direct $tail
same_as_callgrind tail.xml tail target via_tail
