#!/bin/sh
# hotgrind regression tests: tail jumps that VEX chases into the same
# superblock (issue 34).  tail_chase_amd64.S has one shape per way of
# leaving a function by a tail jump (after pops, after add $n,%rsp, with
# no stack use) into a callee that starts by moving SP (sub, push, lea, a
# frame, nothing), forwards and backwards, near and 64 KB away, leaving
# it directly or through a pointer, and a mutual tail recursion; VEX's
# first pass drops the write of SP before such a callee's first
# instruction.  With chasing (the default) every edge, every marked
# function's calls, inclusive Ir and per-call figures must be those of
# the same run with --vex-guest-chase=no, the counts the program derives
# (tail_chase.c), and Callgrind's calls= (graph_lib.sh's graph).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "the shapes are written in x86-64 assembly"
fi

. "$srcdir/graph_lib.sh"

N=40 E=7 SHAPES=15

# marked REPORT: "name calls inclusive-Ir per-call-attributes" of every
# tc_* function, sorted.
marked() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
for f in ET.parse(sys.argv[1]).getroot().iter("function"):
    n = f.get("name")
    if not n.startswith("tc_"):
        continue
    inc = f.find("inclusive")
    pc = f.find("per-call")
    print(n, f.get("calls"), inc.get("Ir") if inc is not None else "-",
          " ".join("%s=%s" % kv for kv in sorted(pc.attrib.items()))
          if pc is not None else "-")
' "$1" | sort
}

# edges_of REPORT: every edge's caller, callee and calls; and the Ir of
# those between tc_* functions (the libc code the driver calls counts a
# few Ir differently without chasing, as Cachegrind does).
edges_of() {
   "$PYTHON3" "$srcdir/cgr_edges.py" edges "$1" |
      awk -F '\t' '{ if ($1 ~ /^tc_/ && $2 ~ /^tc_/) print $1, $2, $3, $4
                     else print $1, $2, $3 }' | sort
}

for cg in graph marks; do
   if test $cg = graph; then opts=--call-graph=yes; else opts="--mark=tc_*"; fi
   hg $cg.xml $opts -- ../tail_chase $N $E
   hg $cg-nochase.xml $opts --vex-guest-chase=no -- ../tail_chase $N $E
   marked $cg.xml >$cg.marked
   marked $cg-nochase.xml >$cg-nochase.marked
   test -s $cg.marked || fail "$cg.xml: no tc_* function has calls"
   diff $cg-nochase.marked $cg.marked >&2 ||
      fail "$cg.xml: calls, inclusive Ir or per-call figures differ from $cg-nochase.xml's"
   pass "$cg.xml: $(wc -l <$cg.marked) functions' calls, inclusive Ir and per-call figures equal the chase-off run's"
done

edges_of graph.xml >graph.edges
edges_of graph-nochase.xml >graph-nochase.edges
diff graph-nochase.edges graph.edges >&2 ||
   fail "graph.xml: edges differ from graph-nochase.xml's"
pass "graph.xml: $(wc -l <graph.edges) edges equal the chase-off run's"

# The program's own counts.
hits=0 k=1
while test $k -le $SHAPES; do
   c=$((N + k))
   hits=$((hits + c))
   for pair in "main tc_m$k" "tc_m$k tc_f$k" "tc_f$k tc_g$k" "tc_g$k tc_h"; do
      # shellcheck disable=SC2086  # two words
      set -- $pair
      expect_eq "$1 -> $2 calls" "$(edge graph.xml "$1" "$2" 3)" $c
   done
   k=$((k + 1))
done
expect_eq "tc_h's calls counted by the program" "$(cat graph.xml.stdout)" $hits
expect_eq "tc_h's calls" "$(fn_calls graph.xml tc_h)" $hits
expect_eq "main -> tc_even calls" "$(edge graph.xml main tc_even 3)" $N
expect_eq "tc_even -> tc_odd calls" "$(edge graph.xml tc_even tc_odd 3)" \
   $((N * ((E + 1) / 2)))
expect_eq "tc_odd -> tc_even calls" "$(edge graph.xml tc_odd tc_even 3)" \
   $((N * (E / 2)))
# Each tc_gK's call holds one of tc_h's (2 Ir): per call its own Ir + 2.
k=1
while test $k -le $SHAPES; do
   c=$((N + k))
   own=$(fn_self_ir marks.xml tc_g$k)
   test $((own % c)) = 0 ||
      fail "tc_g$k's self Ir $own is not the same for each of its $c calls"
   echo "$((own / c + 2)) $c" >g$k.spec
   expect_per_call marks.xml function tc_g$k g$k.spec
   k=$((k + 1))
done

# Callgrind's calls= and inclusive Ir, Cachegrind's self Ir.
graph tc ../tail_chase $N $E
