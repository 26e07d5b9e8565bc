#!/bin/sh
# hotgrind regression test: `hotgrind show --tree` prints the calling-
# context tree of a --call-graph=yes report, each path with its own calls
# and inclusive Ir, against counts worked out from ctx_paths.c and its
# disassembly.  GPL-2.0-or-later
#
# ctx_paths paths 100 7 (built at -O0): main calls a 100 times and b 200
# times; each a calls c twice, each b calls c once.  a, b and c have no
# branches, so one call of each runs exactly its instructions (counted in
# objdump's listing): c under main;a has 200 calls and 200 x c Ir, and so
# has c under main;b; main;a has 100 x (a + 2c), main;b 200 x (b + c).
# The edge view (a report without contexts) can only say that c was
# called 400 times.  The manual's example is these rows.  Two runs of
# show print the same bytes.
. "${srcdir:-.}/lib.sh"
need_objdump
HOTGRIND_CLI="$top_builddir/cli/hotgrind"

# insns FUNCTION: the number of instructions in ctx_paths's FUNCTION.
insns() { disasm ../ctx_paths "$1" | grep -c '^ *[0-9a-f]*:'; }
n_a=$(insns a) n_b=$(insns b) n_c=$(insns c)
for n in "$n_a" "$n_b" "$n_c"; do
   test "$n" -gt 0 || fail "no instructions found for a, b or c"
done
# None of the three may branch, or the counts above do not hold.
for f in a b c; do
   if disasm ../ctx_paths $f | grep -Eq '	j[a-z]+ '; then
      fail "$f has a branch at -O0; the hand counts assume none"
   fi
done

hg paths.xml --call-graph=yes -- ../ctx_paths paths 100 7
"$HOTGRIND_CLI" show --tree --depth 20 --limit 0 paths.xml >tree.txt ||
   fail "show --tree exited with $?"
"$HOTGRIND_CLI" show --tree --depth 20 --limit 0 paths.xml >tree2.txt
cmp -s tree.txt tree2.txt || fail "show --tree printed different bytes twice"

# rows_under PARENT: the rows directly below the first row of PARENT
# (ctx_paths) in the tree, as "IR CALLS NAME" (commas dropped).  A row is
# "IR (SHARE) CALLS" and then the name indented two spaces a level.
rows_under() {
   "$PYTHON3" - "$1" tree.txt <<'PY'
import re, sys
parent, rows, depth = sys.argv[1] + " (ctx_paths)", [], None
for line in open(sys.argv[2]):
    m = re.match(r" *([0-9,]+) +\( *[0-9.]+%\) +([0-9,]+)( +)(.*)$", line)
    if not m:
        continue
    level = len(m.group(3))
    if depth is None:
        if m.group(4) == parent:
            depth = level
        continue
    if level <= depth:
        break
    if level == depth + 2:
        rows.append("%s %s %s" % (m.group(1).replace(",", ""),
                                  m.group(2).replace(",", ""),
                                  m.group(4).split(" (")[0]))
print("\n".join(rows))
PY
}

# The tree from main down must hold exactly these rows.
a_ir=$((100 * (n_a + 2 * n_c))) b_ir=$((200 * (n_b + n_c))) c_ir=$((200 * n_c))
expect_eq "main's a row" "$(rows_under main | grep ' a$')" "$a_ir 100 a"
expect_eq "main's b row" "$(rows_under main | grep ' b$')" "$b_ir 200 b"
expect_eq "c under main;a" "$(rows_under a)" "$c_ir 200 c"
expect_eq "c under main;b" "$(rows_under b)" "$c_ir 200 c"
# rec(3) 7 times: four nested rec rows of 7 calls each.
recs=$(grep -c ' 7  *rec (ctx_paths)$' tree.txt)
expect_eq "rows of rec with 7 calls" "$recs" 4
pass "show --tree: main;a $a_ir Ir / 100 calls, main;b $b_ir / 200, c under each $c_ir / 200, rec four deep"

# The manual's example rows are these (docs/manual.md, show --tree): the
# same Ir, calls and name (the share depends on the start-up code).
for f in a b c; do
   grep -E "^ *[0-9,]+ +\([ 0-9.%]+\) +[0-9,]+ +$f \(ctx_paths\)$" tree.txt |
      awk '{ print $1, $3, $4 }' | sort -u >"rows-$f"
   grep -E "^ +[0-9,]+ +\([ 0-9.%]+\) +[0-9,]+ +$f \(ctx_paths\)$" \
      "$srcdir/../docs/manual.md" | awk '{ print $1, $3, $4 }' | sort -u >"doc-$f"
   test -s "rows-$f" && cmp -s "rows-$f" "doc-$f" ||
      fail "docs/manual.md's show --tree rows of $f are not the ones show prints ($(cat "rows-$f"))"
done
pass "the manual's show --tree example has the rows show prints"
