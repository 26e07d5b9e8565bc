#!/bin/sh
# hotgrind regression tests: longjmp out of 51 marked activations, at -O0
# and -O2 (mark_longjmp.c derives the counts).  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

rounds=4 n=20000
for prog in mark_longjmp_O0 mark_longjmp_O2; do
   r="$prog.xml"
   hg "$r" --mark=dive --mark=jumper --mark=after --mark=step -- \
      "../$prog" $rounds $n
   expect_longjmp "$r" $rounds $n
   # jumper's inclusive Ir (its own code and longjmp's) does not hold
   # after's, which would be at least n * step's cost per call.
   j=$(fn_incl_ir "$r" jumper)
   test "$j" -lt $(( $(fn_self_ir "$r" step) / rounds )) ||
      fail "$r: jumper's inclusive Ir $j holds what came after the longjmp"
   pass "$prog: jumper inclusive Ir $j, less than one after()'s"
   # dive's per-call distribution, from two unknowns.  A dive activation
   # at depth d < 50 executes the same C instructions of its own each
   # time (up to its call; none after: it never returns), say M; the one
   # at depth 50 executes L of its own, then calls jumper.  Every
   # activation of a round holds the rest of the dive chain below it and
   # that round's jumper call: its own inclusive Ir is
   # (50 - d) M + L + J, J jumper's cost that round: its largest per-call
   # value in the first round (lazy binding of longjmp), its smallest in
   # the others.  L = dive's min - jumper's min; M from dive's self Ir
   # (rounds x (50 M + L)).  Then max, mean and percentiles are predicted.
   pc() { xpath "$r" "string(//function[@name=\"$1\"]/per-call/@$2)"; }
   "$PYTHON3" - "$(fn_self_ir "$r" dive)" "$(pc dive min)" "$(pc jumper min)" \
      "$(pc jumper max)" $rounds >"$prog.dive.spec" <<'PY' ||
import sys
self_ir, dmin, jmin, jmax, rounds = map(int, sys.argv[1:])
last = dmin - jmin
mid, rest = divmod(self_ir - rounds * last, 50 * rounds)
if rest:
    sys.exit(f"dive's self Ir {self_ir} is not {rounds} x (50 M + {last})")
values = {}
for r in range(rounds):
    j = jmax if r == 0 else jmin
    for d in range(51):
        v = (50 - d) * mid + last + j
        values[v] = values.get(v, 0) + 1
for v, c in sorted(values.items()):
    print(v, c)
PY
      fail "$r: cannot derive dive's per-call costs"
   expect_per_call "$r" function dive "$prog.dive.spec"
   printf '%s 1\n%s %s\n' "$(pc jumper max)" "$(pc jumper min)" $((rounds - 1)) >"$prog.jumper.spec"
   expect_per_call "$r" function jumper "$prog.jumper.spec"
   callgrind_runs "$prog" "../$prog" $rounds $n
   same_as_callgrind "$r" "$prog" after step
done
