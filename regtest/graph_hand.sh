#!/bin/sh
# hotgrind regression tests: --call-graph=yes, edges worked out by hand
# from the programs' sources (each source derives its entries), and
# determinism.  GPL-2.0-or-later
#
# - mark_tail D T: main calls target D times and via_tail T times;
#   via_tail's `return target(x + 7)` is a jump at -O2, so its caller is
#   via_tail (the function that jumped): via_tail -> target T times.
#   target executes the same c instructions every call (no branch), so
#   the edges' inclusive Ir are D c and T c, and via_tail's inclusive Ir
#   is its self Ir + T c.
# - mark_plt A W S: main -> htlib_add A, main -> htlib_twice W,
#   htlib_twice -> htlib_add 2 W (through libhtlib.so's own PLT: a PLT
#   stub has no symbol, so no activation, and the caller is the function
#   that called the stub), main -> strtol S, main -> strtoul 3.
# - mark_fib_O0 N R: main calls fib(N) R times; each call enters fib
#   E(N) = 2 F(N+1) - 1 times (mark_fib.c), so fib -> fib R (E(N) - 1),
#   and fib is recursive.
# - mark_mutual_O2 N R, N odd: main -> is_even R; is_even's tail jumps
#   enter is_odd R ceil(N/2) times and is_odd's enter is_even
#   R floor(N/2) times (mark_mutual.c); both recursive.
. "${srcdir:-.}/lib.sh"

# edge REPORT CALLER CALLEE COLUMN: the edge's calls (3) or Ir (4), 0
# when there is no such edge.
edge() {
   "$PYTHON3" "$srcdir/cgr_edges.py" edges "$1" |
      awk -F '\t' -v a="$2" -v b="$3" -v c="$4" \
         '$1 == a && $2 == b { v = $c } END { print v + 0 }'
}

# expect_edge REPORT CALLER CALLEE CALLS [IR]
expect_edge() {
   expect_eq "$1: $2 -> $3 calls" "$(edge "$1" "$2" "$3" 3)" "$4"
   if test $# -ge 5; then
      expect_eq "$1: $2 -> $3 Ir" "$(edge "$1" "$2" "$3" 4)" "$5"
   fi
}

# expect_identities REPORT
expect_identities() {
   "$PYTHON3" "$srcdir/cgr_edges.py" check "$1" >"$1.check" 2>&1 || {
      cat "$1.check" >&2
      fail "$1: the call graph's identities do not hold"
   }
}

D=1000 T=357
hg tail.xml --call-graph=yes -- ../mark_tail $D $T
expect_identities tail.xml
self_t=$(fn_self_ir tail.xml target)
test $((self_t % (D + T))) = 0 ||
   fail "target's self Ir $self_t is not the same for each of its $((D + T)) calls"
c=$((self_t / (D + T)))
expect_edge tail.xml main target $D $((D * c))
expect_edge tail.xml main via_tail $T
expect_edge tail.xml via_tail target $T $((T * c))
expect_eq "via_tail's inclusive Ir" "$(fn_incl_ir tail.xml via_tail)" \
   $(( $(fn_self_ir tail.xml via_tail) + T * c ))
expect_eq "target's calls" "$(fn_calls tail.xml target)" $((D + T))

A=50 W=20 S=7
hg plt.xml --call-graph=yes -- ../mark_plt $A $W $S
expect_identities plt.xml
expect_edge plt.xml main htlib_add $A
expect_edge plt.xml main htlib_twice $W
expect_edge plt.xml htlib_twice htlib_add $((2 * W))
expect_edge plt.xml main strtol $S
expect_edge plt.xml main strtoul 3
expect_eq "htlib_add's calls" "$(fn_calls plt.xml htlib_add)" $((A + 2 * W))
# htlib_add is a leaf: each edge into it costs its calls times one call.
add=$(fn_self_ir plt.xml htlib_add)
expect_eq "htlib_twice -> htlib_add Ir" "$(edge plt.xml htlib_twice htlib_add 4)" \
   $((add / (A + 2 * W) * 2 * W))

N=15 R=2
F16=987
hg fib.xml --call-graph=yes -- ../mark_fib_O0 $N $R
expect_identities fib.xml
E=$((2 * F16 - 1))
expect_edge fib.xml main fib $R
expect_edge fib.xml fib fib $((R * (E - 1)))
expect_eq "fib's calls" "$(fn_calls fib.xml fib)" $((R * E))
expect_eq "fib recursive" "$(fn_attr fib.xml fib @recursive)" yes

N=101 R=3
hg mutual.xml --call-graph=yes -- ../mark_mutual_O2 $N $R
expect_identities mutual.xml
expect_edge mutual.xml main is_even $R
expect_edge mutual.xml is_even is_odd $((R * (N + 1) / 2))
expect_edge mutual.xml is_odd is_even $((R * (N / 2)))
expect_eq "is_even recursive" "$(fn_attr mutual.xml is_even @recursive)" yes
# main's activation holds the chains: its edge's Ir is is_even's
# inclusive Ir, which is the self Ir of both (mark_mutual.c).
expect_eq "main -> is_even Ir" "$(edge mutual.xml main is_even 4)" \
   $(( $(fn_self_ir mutual.xml is_even) + $(fn_self_ir mutual.xml is_odd) ))

# Without --call-graph nothing of it is written.
hg plain.xml -- ../mark_tail $D $T
for a in id outside-calls recursive mid-jump; do
   ! grep '<function ' plain.xml | grep -q " $a=" ||
      fail "plain.xml has a function with $a= without --call-graph=yes"
done
! grep -q '<callees>\|<no-symbol\|call-graph' plain.xml ||
   fail "plain.xml has call-graph elements without --call-graph=yes"
pass "no call-graph element or attribute without --call-graph=yes"

# Determinism: the same command twice gives the same bytes, threads too.
hg tail2.xml --call-graph=yes -- ../mark_tail $D $T
cmp tail.xml tail2.xml || fail "two --call-graph=yes runs of mark_tail differ"
hg exc1.xml --call-graph=yes --cache-sim=yes -- ../mark_except_O2 3 2 10 100
hg exc2.xml --call-graph=yes --cache-sim=yes -- ../mark_except_O2 3 2 10 100
expect_identities exc1.xml
cmp exc1.xml exc2.xml ||
   fail "two --call-graph=yes --cache-sim=yes runs of mark_except_O2 differ"
pass "two --call-graph=yes --cache-sim=yes runs of mark_except_O2 are identical"
# Threads: identical under Valgrind's deterministic scheduler, which only
# an in-tree build has (det_sched.sh).
if test -n "${HOTGRIND_INTREE:-}" && test -x "$HOTGRIND_INTREE/vg-in-place"; then
   VG_IN_PLACE=$HOTGRIND_INTREE/vg-in-place
   hg det1.xml --call-graph=yes --det-sched=yes -- ../mark_threads 3 4 2000
   hg det2.xml --call-graph=yes --det-sched=yes -- ../mark_threads 3 4 2000
   cmp det1.xml det2.xml ||
      fail "two --call-graph=yes --det-sched=yes runs of mark_threads differ"
   pass "two --call-graph=yes --det-sched=yes runs of mark_threads are identical"
else
   echo "note: --det-sched=yes not checked: HOTGRIND_INTREE is not set" >&2
fi
