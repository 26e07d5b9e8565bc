#!/bin/sh
# hotgrind regression tests: marked mutually recursive functions
# (is_even, is_odd; mark_mutual.c derives the counts), at -O0 by calls
# and at -O2 by tail jumps.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# check_mutual PROG N ROUNDS: is_even(N) ROUNDS times; the counts and
# inclusive Ir are lib.sh's expect_mutual (the first, odd, run of each
# program sets is_even's cost per activation for the next ones).
check_mutual() {
   _r="$1-$2.xml"
   hg "$_r" --mark=is_even --mark=is_odd -- "../$1" "$2" "$3"
   expect_eq "$1 $2 output" "$(cat "$_r.stdout")" $(( (1 - $2 % 2) * $3 ))
   expect_mutual "$_r" "$2" "$3"
}

check_mutual mark_mutual_O0 101 3
check_mutual mark_mutual_O0 1000 2

# is_even(0) only: is_odd never runs.  Its mark matched no function that
# ran: functions 0 in the report, and a warning naming the pattern.
hg zero.xml --mark=is_even --mark=is_odd -- ../mark_mutual_O0 0 5
expect_calls zero.xml is_even 5
expect_incl zero.xml is_even "$(fn_self_ir zero.xml is_even)"
expect_eq "mark is_odd functions" "$(mark_attr zero.xml is_odd @functions)" 0
expect_eq "mark is_odd entered" "$(mark_attr zero.xml is_odd @entered)" 0
grep -i warning zero.xml.stderr | grep -F is_odd | grep -q matched ||
   fail "no warning that is_odd matched nothing: $(cat zero.xml.stderr)"
pass "warning: $(grep -i warning zero.xml.stderr | grep -F is_odd)"

# At -O2 each function must end in a jump to the other (no call):
# entries by tail jumps.
if test "$HT_ARCH" = amd64; then
   need_objdump
   for f in is_even:is_odd is_odd:is_even; do
      disasm ../mark_mutual_O2 "${f%%:*}" >"${f%%:*}.dis"
      if ! grep -E -q "\sjmp\s.*<${f#*:}>" "${f%%:*}.dis" ||
         grep -E -q '\scall\s' "${f%%:*}.dis"; then
         cat "${f%%:*}.dis" >&2
         skip "mark_mutual_O2: ${f%%:*} does not tail-jump to ${f#*:}"
      fi
   done
   pass "mark_mutual_O2: is_even and is_odd tail-jump to each other"
fi
check_mutual mark_mutual_O2 101 3
check_mutual mark_mutual_O2 1000 2
