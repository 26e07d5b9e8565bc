#!/bin/sh
# hotgrind regression tests: a marked recursive function, fib, built
# three ways (mark_fib.c derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# fib_entries_O0 N: entries of one call fib(N) at -O0, 2 F(N+1) - 1.
fib_entries_O0() {
   "$PYTHON3" -c '
import sys
n = int(sys.argv[1])
a, b = 0, 1                      # F(0), F(1)
for _ in range(n + 1):
    a, b = b, a + b              # a = F(n+1) at the end
print(2 * a - 1)' "$1"
}

# fib_entries_loop N (lib.sh): entries of one call fib(N) in the loop form.

# check_fib PROG N ROUNDS WANT_CALLS: calls, the mark's counts, and
# inclusive Ir = self Ir (fib calls only itself; the outermost
# activation owns the rest).
check_fib() {
   _r="$1-$2.xml"
   hg "$_r" --mark=fib -- "../$1" "$2" "$3"
   expect_calls "$_r" fib "$4"
   expect_incl "$_r" fib "$(fn_self_ir "$_r" fib)"
   expect_eq "$1 mark fib functions" "$(mark_attr "$_r" fib @functions)" 1
   expect_eq "$1 mark fib entered" "$(mark_attr "$_r" fib @entered)" 1
}

# -O0: fib(10) has 2 F(11) - 1 = 177 entries; twice fib(20): 2 (2 F(21) - 1).
check_fib mark_fib_O0 10 1 "$(fib_entries_O0 10)"
check_fib mark_fib_O0 20 2 $((2 * $(fib_entries_O0 20)))

# -O0 per-call distribution.  Every call with n < 2 executes the same
# instructions (b of them), every call with n >= 2 the same a of its own
# plus its two callees: I(n) = b for n < 2, a + I(n-1) + I(n-2) else.
# min is a base case, so b = min; a follows from the self Ir (= the
# Cachegrind-checked count of all fib's instructions): self = b * (number
# of base calls) + a * (number of others).  Everything else (max, mean,
# p50, p95, p99) is then predicted, from the multiset of I(k) over all
# entries, and must match.
r=mark_fib_O0-20.xml
b=$(xpath "$r" 'string(/hotgrind/functions/function[@name="fib"]/per-call/@min)')
"$PYTHON3" - "$(fn_self_ir "$r" fib)" "$b" 20 2 >fib_O0.spec <<'PY' ||
import sys
self_ir, b, n, rounds = map(int, sys.argv[1:])
def entries():
    # argument -> number of entries with it, in one call fib(n), counted
    # level by level from the top (each fib(k), k >= 2, calls fib(k - 1)
    # and fib(k - 2))
    e = {n: 1}
    for k in range(n, 1, -1):
        e[k - 1] = e.get(k - 1, 0) + e[k]
        e[k - 2] = e.get(k - 2, 0) + e[k]
    return e
e = entries()
base = sum(v for k, v in e.items() if k < 2)
other = sum(v for k, v in e.items() if k >= 2)
a, rest = divmod(self_ir // rounds - b * base, other)
if rest or self_ir % rounds:
    sys.exit(f"self Ir {self_ir} is not {rounds} x (b base + a others)")
cost = {0: b, 1: b}
for k in range(2, n + 1):
    cost[k] = a + cost[k - 1] + cost[k - 2]
values = {}
for k, v in e.items():
    values[cost[k]] = values.get(cost[k], 0) + v * rounds
for v, c in sorted(values.items()):
    print(v, c)
print(f"a = {a}, b = {b}", file=sys.stderr)
PY
   fail "cannot derive fib's per-call costs from self Ir and min"
expect_per_call "$r" function fib fib_O0.spec

# -O2 with fib noinline: the disassembly must be the loop form that
# mark_fib.c derives (one call of fib in fib, inside a loop that steps
# the argument by 2); its entries are then simulated.
if test "$HT_ARCH" = amd64; then
   need_objdump
   disasm ../mark_fib_O2 fib >fib_O2.dis
   test -s fib_O2.dis || hard_error "no fib in mark_fib_O2's disassembly"
   ncalls=$(grep -c 'call.*<fib>' fib_O2.dis || true)
   # shellcheck disable=SC2016  # $0x2 is objdump's, not the shell's
   nsub2=$(grep -c 'sub  *$0x2,' fib_O2.dis || true)
   nother=$(grep -E -c '\s(call|jmp)\s.*<fib>' fib_O2.dis || true)
   if test "$ncalls" = 1 && test "$nsub2" -ge 1 && test "$nother" = 1; then
      want=$(fib_entries_loop 20)
      expect_eq "loop simulation of fib(20) = F(21)" "$want" 10946
      check_fib mark_fib_O2 20 2 $((2 * want))
      check_fib mark_fib_O2 7 1 "$(fib_entries_loop 7)"
   elif test "$ncalls" = 2 && test "$nother" = 2; then
      echo "note: gcc kept both calls in mark_fib_O2: the -O0 formula" >&2
      check_fib mark_fib_O2 20 2 $((2 * $(fib_entries_O0 20)))
   else
      cat fib_O2.dis >&2
      skip "mark_fib_O2: fib is neither one call in a loop nor two calls ($ncalls calls, $nother calls or jumps to fib): no derivation for this code"
   fi
else
   echo "note: mark_fib_O2's disassembly is only checked on x86-64" >&2
fi

# -O2 as gcc likes it: fib partly inlined into itself; the entries that
# remain are the calls Callgrind counts into fib (on x86-64 the call
# instructions executed; fib has no tail jumps to itself, checked).
if test "$HT_ARCH" = amd64; then
   disasm ../mark_fib_O2i fib >fib_O2i.dis
   if grep -E -q '\sjmp\s.*<fib>' fib_O2i.dis; then
      skip "mark_fib_O2i jumps to fib: Callgrind's calls would not be its entries"
   fi
   hg mark_fib_O2i.xml --mark=fib -- ../mark_fib_O2i 20 1
   cgr mark_fib_O2i.cgr ../mark_fib_O2i 20 1
   cg_calls=$("$PYTHON3" "$srcdir/cgr_inclusive.py" dump mark_fib_O2i.cgr |
              awk -F '\t' '$1 == "mark_fib_O2i" && $2 == "fib" { print $5 }')
   expect_calls mark_fib_O2i.xml fib "$cg_calls"
   expect_incl mark_fib_O2i.xml fib "$(fn_self_ir mark_fib_O2i.xml fib)"
fi
