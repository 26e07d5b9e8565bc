#!/bin/sh
# hotgrind regression tests: Callgrind's known arm64 miscount, recorded
# beside hotgrind's count of the same run.  GPL-2.0-or-later
#
# Recursive fib at -O0 (mark_fib.c), fib(10) once: 2 F(11) - 1 = 177
# entries of fib, on any architecture.
# - hotgrind on arm64 counts 177 calls (it tracks entry by address and
#   exit by X30 and SP).
# - Callgrind on x86-64 counts 177 calls into fib as well: that checks
#   how the calls are read from its output (cgr_inclusive.py dump, the
#   calls= lines into fib summed over all its contexts).
# - Callgrind 3.19 on arm64, same source, same arguments, counts 266
#   calls into fib (observed with Debian's valgrind:arm64 1:3.19.0-1 under
#   qemu 7.2, deterministic): VEX marks a plain `b` as a call, and
#   Callgrind's return matching expects a call to move SP, which `bl`
#   does not (docs/arm64.md section 4).  Debian's Callgrind is not
#   fixed, only kept visible here: this test fails if it ever agrees, so
#   that the docs that describe the miscount can be updated.  A Callgrind
#   built from source with patches/0001 and 0004 counts right
#   (arm64_callgrind_patched.sh, docs/arm64.md section 7).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

a64_build

N=10
want=$("$PYTHON3" -c '
import sys
a, b = 0, 1
for _ in range(int(sys.argv[1]) + 1):
    a, b = b, a + b
print(2 * a - 1)' $N)
expect_eq "2 F($((N + 1))) - 1" "$want" 177

# cgr_calls CALLGRIND.OUT OBJECT: Callgrind's calls into fib.
cgr_calls() {
   "$PYTHON3" "$srcdir/cgr_inclusive.py" dump "$1" |
      awk -F '\t' -v ob="$2" '$1 == ob && $2 == "fib" { print $5 }'
}

a64_cc mark_fib_O0 -O0 mark_fib.c
with_arm64 hg fib.xml --mark=fib -- ./mark_fib_O0 $N 1
expect_calls fib.xml fib "$want"
with_arm64 cgr fib.cgr ./mark_fib_O0 $N 1

cgr x86_fib.cgr ../mark_fib_O0 $N 1
x86=$(cgr_calls x86_fib.cgr mark_fib_O0)
expect_eq "x86-64 Callgrind's calls into fib" "$x86" "$want"

arm=$(cgr_calls fib.cgr mark_fib_O0)
case $arm in
   ''|*[!0-9]*) hard_error "no calls into fib in arm64 Callgrind's fib.cgr ('$arm')";;
esac
test "$arm" != "$want" ||
   fail "arm64 Callgrind now counts $arm calls into fib, as hotgrind does: the recorded miscount (266) is gone; update docs/arm64.md, docs/performance.md and this test"
pass "arm64 fib($N) at -O0: hotgrind $want calls (= 2 F($((N + 1))) - 1 = x86-64 Callgrind's), arm64 Callgrind $arm (known miscount, recorded: 266)"
