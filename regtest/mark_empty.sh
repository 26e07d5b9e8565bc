#!/bin/sh
# hotgrind regression tests: the warnings at exit about a measured window
# that measures nothing.  GPL-2.0-or-later
#
# mark_empty.c: tiny, a leaf of a few instructions called 100 times, and
# work, one call that is most of the run.  The expected lines are made
# from Cachegrind's figures (its Ir of tiny, a leaf, is its inclusive Ir;
# its total is the program's), and from the 100 calls of the source:
#   1. --mark=tiny --mark=work: one warning, about tiny, its Ir a call
#      and calls, and the likely cause (inlining: --inline=yes); none
#      about the window, which work fills;
#   2. --mark=tiny: the same, and the warning that the marked functions
#      together ran under 1% of the program's Ir (with over 1,000,000 Ir
#      outside them: work's loop);
#   3. --mark=work: no warning;
#   4. --inline=yes --mark=tiny: the same two warnings, without the
#      --inline=yes hint.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"

cc -O2 -g -o mark_empty "$srcdir/mark_empty.c" || hard_error "cannot compile mark_empty.c"

cg mark_empty.cg ./mark_empty
read -r tiny total total_c <<EOT
$("$PYTHON3" - mark_empty.cg "$srcdir" <<'PY'
import sys
sys.path.insert(0, sys.argv[2])
from cg_out import read_cachegrind
events, summary, costs = read_cachegrind(sys.argv[1])
ir = events.index("Ir")
tiny = sum(c[ir] for fl, fn, line, c in costs if fn == "tiny" and len(c) > ir)
print(tiny, summary["Ir"], f"{summary['Ir']:,}")
PY
)
EOT
test "${tiny:-0}" -gt 0 || hard_error "Cachegrind has no Ir for tiny"
test "$((tiny / 100))" -lt 100 || hard_error "tiny runs $tiny Ir in 100 calls: not trivial with this compiler"
hint=' (the compiler inlined the work? try --inline=yes)'
tiny_line="warning: --mark=tiny: tiny (mark_empty) averaged $((tiny / 100)) Ir a call over 100 calls: it measures almost nothing"
window_line="warning: the functions of --mark=tiny together ran $tiny of the program's $total_c Ir (under 1%): the measured window misses the work"

# The warnings: stderr's lines after Valgrind's ==PID== prefix that are
# about a measured window.
warnings() {
   sed -n 's/^==[0-9]*== hotgrind: //p' "$1.stderr" |
      grep -e 'measures almost nothing' -e 'measured window' || true
}

# expect_warnings NAME LINE...: exactly these warnings, in this order.
expect_warnings() {
   _ew=$1; shift
   warnings "$_ew" >"$_ew.warnings"
   printf '%s\n' "$@" | sed '/^$/d' >"$_ew.expected"
   diff "$_ew.expected" "$_ew.warnings" ||
      fail "$_ew: the warnings differ from the expected ones (above: < expected, > got)"
   pass "$_ew: $(wc -l <"$_ew.expected") warning(s), as expected"
}

hg both.xml --mark=tiny --mark=work -- ./mark_empty
expect_warnings both.xml "$tiny_line$hint"
hg tiny.xml --mark=tiny -- ./mark_empty
expect_warnings tiny.xml "$tiny_line$hint" "$window_line$hint"
expect_eq "total Ir, hotgrind against Cachegrind" "$(total_ir tiny.xml)" "$total"
hg work.xml --mark=work -- ./mark_empty
expect_warnings work.xml ""
hg inl.xml --inline=yes --mark=tiny -- ./mark_empty
expect_warnings inl.xml "$tiny_line" "$window_line"
