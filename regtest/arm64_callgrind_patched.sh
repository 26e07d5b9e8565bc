#!/bin/sh
# hotgrind regression tests: arm64 Callgrind built from source with
# patches/0001 counts calls as the programs count them, under qemu.
# GPL-2.0-or-later
#
# Needs Valgrind cross-built for arm64 from source with the patches and
# Callgrind among its tools: HOTGRIND_INTREE_ARM64 names that source
# tree (tools/build-in-tree.sh SRC --tools "none hotgrind callgrind"
# --host aarch64-linux-gnu; test.sh builds one), whose .in_place/ tools
# run under qemu through the arm64 cross build's vg-qemu (arm64_lib.sh's
# a64_patched_callgrind).  A plain `make check` skips, saying so.
#
# Debian's Callgrind 3.19 miscounts arm64 calls (arm64_callgrind.sh
# keeps that visible): VEX marks a plain `b` as a call (patches/0001
# makes only `bl` one), and Callgrind's call stack, which tells a
# finished call by SP, keeps frames that `bl` (which leaves SP alone)
# and a PLT stub, longjmp or an exception's unwinding leave behind
# (patches/0004).  With both, fib(10) once at -O0 must give
# 2 F(11) - 1 = 177 calls into fib, and two runs the same figures in
# every context.
#
# The patched Callgrind's calls on graph_arm64.sh's mark programs (every
# edge the program counts, the edges into its own functions as x86-64
# Callgrind's and as the arm64 hotgrind's report of the same run) are
# compared there, against its own --call-graph=yes reports, when
# HOTGRIND_INTREE_ARM64 is set: the same programs and arguments, so the
# arm64 hotgrind runs each command once for both.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

a64_patched_callgrind ||
   skip "HOTGRIND_INTREE_ARM64 is not set: no arm64 Valgrind built with patches/ (test.sh builds one: tools/build-in-tree.sh --host)"
t0=$(date +%s)
a64_build

# fib(10) once: 2 F(11) - 1 entries of fib, F(11) computed here.
want=$("$PYTHON3" -c '
a, b = 0, 1
for _ in range(11):
    a, b = b, a + b
print(2 * a - 1)')
expect_eq "2 F(11) - 1" "$want" 177
a64_cc mark_fib_O0 -O0 mark_fib.c
patched_cgr fib10.cgr ./mark_fib_O0 10 1
expect_eq "patched arm64 Callgrind's calls into fib, fib(10) at -O0" \
   "$("$PYTHON3" "$srcdir/cgr_inclusive.py" dump fib10.cgr |
      awk -F '\t' '$1 == "mark_fib_O0" && $2 == "fib" { print $5 }')" "$want"

# Determinism: the same command, the same figures: every function's
# inclusive cost and calls in every context (cgr_inclusive.py dump,
# sorted).  Not the file's bytes: with --separate-callers the order and
# grouping of Callgrind's context records can differ between two runs of
# the same command under qemu (seen in ./test.sh: 13,290 lines against
# 13,267, the same totals and the same dump).
patched_cgr fib10.again.cgr ./mark_fib_O0 10 1
for f in fib10.cgr fib10.again.cgr; do
   "$PYTHON3" "$srcdir/cgr_inclusive.py" dump "$f" | LC_ALL=C sort >"$f.dump"
done
test -s fib10.cgr.dump || hard_error "cgr_inclusive.py dump fib10.cgr printed nothing"
cmp fib10.cgr.dump fib10.again.cgr.dump ||
   fail "two runs of the patched arm64 Callgrind gave different figures"
pass "two runs of the patched arm64 Callgrind: the same figures ($(grep -c . fib10.cgr.dump) function contexts)"

echo "arm64_callgrind_patched: $(($(date +%s) - t0)) s"
