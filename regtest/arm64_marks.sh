#!/bin/sh
# hotgrind regression tests: marked functions on arm64, under qemu.
# GPL-2.0-or-later
#
# The mark programs of the x86-64 tests (mark_fib.c, mark_mutual.c,
# mark_fnptr.c, mark_qsort.c, mark_longjmp.c, mark_except.cpp,
# mark_threads.c), cross-compiled at -O0 and -O2 and run with the arm64
# hotgrind built in this build tree (arm64_lib.sh):
# - at -O0, the calls of every marked function equal those of the x86-64
#   run of the same source with the same arguments and marks (the -O0
#   binaries make check built, and mark_threads built here at -O0);
# - at -O2, the calls the programs count themselves and the counts their
#   comments derive; where the derivation depends on the code gcc made
#   (fib's loop form, is_even and is_odd's tail jumps by `b`), it is
#   checked in the aarch64 disassembly first;
# - inclusive Ir: a leaf's equals its self Ir, and a function that calls
#   only marked functions has its self Ir plus theirs, exactly, from the
#   same report (the relations the x86-64 tests assert);
# - every function's self Ir equals arm64 Cachegrind's (--cache-sim=no)
#   for a C and a C++ program; two runs give byte-identical reports;
#   every report validates against docs/hotgrind.xsd (lib.sh's hg);
#   <objects> gives an arm64 library's soname and build id.
# Arguments are smaller than the x86-64 tests' (qemu is ~10x slower).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

t0=$(date +%s)
a64_build

# a64_hg REPORT [OPTIONS...] -- PROG [ARGS...]: lib.sh's hg, arm64 tool.
a64_hg() { with_arm64 hg "$@"; }

#--------------------------------------------------------------------------
# fib: 2 F(n+1) - 1 entries at -O0; the loop form at -O2 (mark_fib.c)
#--------------------------------------------------------------------------
a64_cc mark_fib_O0 -O0 mark_fib.c
a64_hg fib_O0.xml --mark=fib -- ./mark_fib_O0 10 1
hg x86_fib_O0.xml --mark=fib -- ../mark_fib_O0 10 1
same_calls_as_x86 fib_O0.xml x86_fib_O0.xml
expect_calls fib_O0.xml fib 177                       # 2 F(11) - 1
expect_incl fib_O0.xml fib "$(fn_self_ir fib_O0.xml fib)"

# -O2, fib noinline: gcc 12 makes the loop form on arm64 too (one `bl`
# to fib in a loop that steps the argument by 2, no `b` to fib's entry);
# its entries are simulated as in mark_fib.sh: F(n+1).
a64_cc mark_fib_O2 -O2 mark_fib.c -DHT_FIB_NOINLINE
a64_disasm mark_fib_O2 fib >fib_O2.dis
nbl=$(grep -E -c '\sbl\s+[0-9a-f]+ <fib>' fib_O2.dis || true)
nb=$(grep -E -c '\sb\s+[0-9a-f]+ <fib>' fib_O2.dis || true)
nsub2=$(grep -E -c '\ssub\s.*#0x2$' fib_O2.dis || true)
if test "$nbl" = 1 && test "$nb" = 0 && test "$nsub2" -ge 1; then
   want=$(fib_entries_loop 20)
   expect_eq "loop simulation of fib(20) = F(21)" "$want" 10946
elif test "$nbl" = 2 && test "$nb" = 0; then
   echo "note: gcc kept both calls in arm64 mark_fib_O2: the -O0 formula" >&2
   want=21891                                         # 2 F(21) - 1
else
   cat fib_O2.dis >&2
   fail "arm64 mark_fib_O2: fib is neither one bl in a loop nor two ($nbl bl, $nb b to fib): no derivation for this code"
fi
a64_hg fib_O2.xml --mark=fib -- ./mark_fib_O2 20 1
expect_calls fib_O2.xml fib "$want"
expect_incl fib_O2.xml fib "$(fn_self_ir fib_O2.xml fib)"

#--------------------------------------------------------------------------
# is_even / is_odd: calls at -O0, tail jumps by `b` at -O2 (mark_mutual.c)
#--------------------------------------------------------------------------
# is_even(101) 3 times, lib.sh's expect_mutual: 51 entries of is_even
# (101, 99, ..., 1) and 51 of is_odd (100, ..., 0) a round; is_even's
# inclusive Ir is both self Ir; is_odd's is is_even's less 3 x the cost
# of one is_even activation (all alike for odd N).
a64_cc mark_mutual_O0 -O0 mark_mutual.c
a64_hg mutual_O0.xml --mark=is_even --mark=is_odd -- ./mark_mutual_O0 101 3
hg x86_mutual_O0.xml --mark=is_even --mark=is_odd -- ../mark_mutual_O0 101 3
same_calls_as_x86 mutual_O0.xml x86_mutual_O0.xml
expect_mutual mutual_O0.xml 101 3

a64_cc mark_mutual_O2 -O2 mark_mutual.c
a64_expect_tail_jump mark_mutual_O2 is_even is_odd
a64_expect_tail_jump mark_mutual_O2 is_odd is_even
pass "arm64 mark_mutual_O2: is_even and is_odd enter each other by b"
a64_hg mutual_O2.xml --mark=is_even --mark=is_odd -- ./mark_mutual_O2 101 3
expect_mutual mutual_O2.xml 101 3

#--------------------------------------------------------------------------
# calls through pointers (mark_fnptr.c)
#--------------------------------------------------------------------------
n=1000 add=334 sub=333 mul=1333                      # by the loop, n = 1000
a64_cc mark_fnptr_O0 -O0 mark_fnptr.c
a64_hg fnptr_O0.xml --mark='op_*' --mark=apply -- ./mark_fnptr_O0 $n
hg x86_fnptr_O0.xml --mark='op_*' --mark=apply -- ../mark_fnptr_O0 $n
same_calls_as_x86 fnptr_O0.xml x86_fnptr_O0.xml
expect_fnptr fnptr_O0.xml $n $add $sub $mul
a64_cc mark_fnptr_O2 -O2 mark_fnptr.c
a64_hg fnptr_O2.xml --mark='op_*' --mark=apply -- ./mark_fnptr_O2 $n
expect_fnptr fnptr_O2.xml $n $add $sub $mul

#--------------------------------------------------------------------------
# qsort's comparator, called from libc (mark_qsort.c counts its calls)
#--------------------------------------------------------------------------
a64_cc mark_qsort_O0 -O0 mark_qsort.c
a64_hg qsort_O0.xml --mark=cmp_int -- ./mark_qsort_O0 1000 3
hg x86_qsort_O0.xml --mark=cmp_int -- ../mark_qsort_O0 1000 3
same_calls_as_x86 qsort_O0.xml x86_qsort_O0.xml
expect_qsort qsort_O0.xml
a64_cc mark_qsort_O2 -O2 mark_qsort.c
a64_hg qsort_O2.xml --mark=cmp_int -- ./mark_qsort_O2 1000 3
expect_qsort qsort_O2.xml

#--------------------------------------------------------------------------
# longjmp out of 51 marked activations (mark_longjmp.c)
#--------------------------------------------------------------------------
rounds=4 steps=2000
LJ_MARKS="--mark=dive --mark=jumper --mark=after --mark=step"
a64_cc mark_longjmp_O0 -O0 mark_longjmp.c
# shellcheck disable=SC2086  # single-word options
a64_hg longjmp_O0.xml $LJ_MARKS -- ./mark_longjmp_O0 $rounds $steps
# shellcheck disable=SC2086
hg x86_longjmp_O0.xml $LJ_MARKS -- ../mark_longjmp_O0 $rounds $steps
same_calls_as_x86 longjmp_O0.xml x86_longjmp_O0.xml
expect_longjmp longjmp_O0.xml $rounds $steps
a64_cc mark_longjmp_O2 -O2 mark_longjmp.c
# shellcheck disable=SC2086
a64_hg longjmp_O2.xml $LJ_MARKS -- ./mark_longjmp_O2 $rounds $steps
expect_longjmp longjmp_O2.xml $rounds $steps

#--------------------------------------------------------------------------
# C++ exceptions through marked frames (mark_except.cpp)
#--------------------------------------------------------------------------
depth=30 steps=1000
printf '%s\n' "$EXC_T" "$EXC_R" "$EXC_A" "$EXC_S" >plain.marks
printf '%s\n' "$EXC_T" "$EXC_G" "$EXC_D" "$EXC_R" "$EXC_A" "$EXC_S" >both.marks
# Plain frames (3 throws): thrower holds raise_it, which holds the unwinder
# (lib.sh's expect_except_plain); step is a leaf.
check_except_plain() {
   expect_except_plain "$1" $depth $steps
   expect_incl "$1" "$EXC_S" "$(fn_self_ir "$1" "$EXC_S")"
}
# Both kinds (3 plain, 2 guarded): Guard destructors run in the unwinding
# (lib.sh's expect_except_both); the destructor is a leaf.
check_except_both() {
   expect_except_both "$1" $depth $steps
   expect_incl "$1" "$EXC_D" "$(fn_self_ir "$1" "$EXC_D")"
}
a64_cc mark_except_O0 -O0 mark_except.cpp
a64_hg except_O0-plain.xml --mark-file=plain.marks -- ./mark_except_O0 3 0 $depth $steps
hg x86_except_O0-plain.xml --mark-file=plain.marks -- ../mark_except_O0 3 0 $depth $steps
same_calls_as_x86 except_O0-plain.xml x86_except_O0-plain.xml
check_except_plain except_O0-plain.xml
a64_hg except_O0-both.xml --mark-file=both.marks -- ./mark_except_O0 3 2 $depth $steps
hg x86_except_O0-both.xml --mark-file=both.marks -- ../mark_except_O0 3 2 $depth $steps
same_calls_as_x86 except_O0-both.xml x86_except_O0-both.xml
check_except_both except_O0-both.xml
a64_cc mark_except_O2 -O2 mark_except.cpp
a64_hg except_O2-plain.xml --mark-file=plain.marks -- ./mark_except_O2 3 0 $depth $steps
check_except_plain except_O2-plain.xml
a64_hg except_O2-both.xml --mark-file=both.marks -- ./mark_except_O2 3 2 $depth $steps
check_except_both except_O2-both.xml

#--------------------------------------------------------------------------
# a marked function in two threads (mark_threads.c)
#--------------------------------------------------------------------------
TA=3 TB=4 K=2000
check_threads() {
   expect_threads "$1" $TA $TB $K
   expect_incl "$1" unit "$(fn_self_ir "$1" unit)"
}
# make check builds mark_threads at -O2 only: the x86-64 -O0 one is
# built here, as Makefile.am would.
gcc -I"$srcdir" -g -O0 -pthread -o x86_mark_threads_O0 "$srcdir/mark_threads.c" ||
   hard_error "cannot build x86_mark_threads_O0"
a64_cc mark_threads_O0 -O0 mark_threads.c -pthread
a64_hg threads_O0.xml --mark=work --mark=unit -- ./mark_threads_O0 $TA $TB $K
hg x86_threads_O0.xml --mark=work --mark=unit -- ./x86_mark_threads_O0 $TA $TB $K
same_calls_as_x86 threads_O0.xml x86_threads_O0.xml
check_threads threads_O0.xml
a64_cc mark_threads_O2 -O2 mark_threads.c -pthread
a64_hg threads_O2.xml --mark=work --mark=unit -- ./mark_threads_O2 $TA $TB $K
check_threads threads_O2.xml

#--------------------------------------------------------------------------
# Cachegrind's self Ir (C and C++), determinism
#--------------------------------------------------------------------------
# The marked runs above: marks change no count Cachegrind sees.
with_arm64 cachegrind_agrees qsort_O2 ./mark_qsort_O2 1000 3
with_arm64 cachegrind_agrees except_O2-both ./mark_except_O2 3 2 $depth $steps

a64_hg except_O2-both.again.xml --mark-file=both.marks -- ./mark_except_O2 3 2 $depth $steps
# The report records the command, not the report's name: same bytes.
cmp except_O2-both.xml except_O2-both.again.xml ||
   fail "two arm64 runs of mark_except_O2 gave different reports"
pass "two arm64 runs of mark_except_O2: byte-identical reports"

# <objects> on arm64 (ELFCLASS64, aarch64 notes): libstdc++'s soname and
# build id are the ones objdump and readelf read from the arm64 root's
# file, which libstdc++'s <object> name leads to.
if command -v readelf >/dev/null 2>&1 && command -v objdump >/dev/null 2>&1; then
   so_file=$(xpath except_O2-both.xml 'string(/hotgrind/objects/object[starts-with(@name, "libstdc++.so.")]/@name)')
   so_path=$(find "$A64_ROOT/lib/aarch64-linux-gnu" "$A64_ROOT/usr/lib/aarch64-linux-gnu" \
                -name "$so_file" 2>/dev/null | head -n 1)
   test -n "$so_path" || fail "no $so_file (from <objects>) in $A64_ROOT"
   expect_eq "arm64 $so_file: <object> soname and build-id" \
      "$(xpath except_O2-both.xml "concat(/hotgrind/objects/object[@name=\"$so_file\"]/@soname, ' ', /hotgrind/objects/object[@name=\"$so_file\"]/@build-id)")" \
      "$(objdump -p "$so_path" | awk '$1 == "SONAME" { print $2 }') $(readelf -n "$so_path" | sed -n 's/^ *Build ID: *//p')"
fi

echo "arm64_marks: $(($(date +%s) - t0)) s"
