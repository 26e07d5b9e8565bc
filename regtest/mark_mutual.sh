#!/bin/sh
# hotgrind regression tests: marked mutually recursive functions
# (is_even, is_odd; mark_mutual.c derives the counts), at -O0 by calls
# and at -O2 by tail jumps.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# check_mutual PROG N ROUNDS: is_even(N) ROUNDS times.
#
# is_odd's inclusive Ir: every activation of is_even for n > 0 executes
# the same instructions, P of them (at -O0 some before its call of
# is_odd and some after it returns; at -O2 all before its jump).  Of
# what is_even's outermost activation (main's call) executes, only the
# first is_even activation's P are outside is_odd's outermost activation:
# inclusive(is_odd) = inclusive(is_even) - ROUNDS * P.  With N odd, the
# chain's n = 0 falls to is_odd, so every is_even activation has n > 0
# and P = self(is_even) / calls(is_even); the first (odd) run of each
# program sets P for the next ones.
check_mutual() {
   _r="$1-$2.xml"
   hg "$_r" --mark=is_even --mark=is_odd -- "../$1" "$2" "$3"
   expect_eq "$1 $2 output" "$(cat "$_r.stdout")" $(( (1 - $2 % 2) * $3 ))
   expect_calls "$_r" is_even $(( ($2 / 2 + 1) * $3 ))
   # shellcheck disable=SC2017  # ceil(N / 2) entries a round
   expect_calls "$_r" is_odd $(( ($2 + 1) / 2 * $3 ))
   # main calls only is_even: its activations span both functions' code.
   _even=$(fn_incl_ir "$_r" is_even)
   expect_eq "is_even inclusive Ir" "$_even" \
      $(( $(fn_self_ir "$_r" is_even) + $(fn_self_ir "$_r" is_odd) ))
   if test $(($2 % 2)) = 1; then
      _self=$(fn_self_ir "$_r" is_even)
      _calls=$(fn_calls "$_r" is_even)
      test $((_self % _calls)) = 0 ||
         fail "$_r: is_even's calls with n > 0 cost different amounts ($_self Ir over $_calls calls)"
      P=$((_self / _calls))
   fi
   expect_incl "$_r" is_odd $((_even - $3 * P))
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
