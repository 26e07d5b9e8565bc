#!/bin/sh
# hotgrind regression tests: `hotgrind diff --lines` on a real program.
# cli/tests/data/diff/lines/base/loop.c and head/loop.c (the sources of
# the command's hand-written fixtures) are two versions of a
# small program: in HEAD its loop runs twice as long (ROUNDS 1000 ->
# 2000) and a two-line comment was inserted above the loop.  Built with
# -O0 -g, each is run under hotgrind --lines=yes and under Cachegrind.
# diff --lines must show exactly the loop's two lines of work, matched by
# text (base line N is the head line with the same text, found here with
# grep), each base and head figure equal to Cachegrind's per-line count
# for that version; work's shifted lines that did not change (the return,
# the closing brace) are not shown; two runs print the same bytes.
# GPL-2.0-or-later
#
# Why this test and cli/tests/diff-lines.sh both exist: this one checks
# that the figures diff --lines shows for a program really run under the
# tool equal Cachegrind's per-line counts of the same two versions;
# diff-lines.sh checks the output of diff --lines itself (every format,
# matching by number and why, the errors) on hand-written reports, exact
# to the byte, with no Valgrind. Neither covers the other.
. "${srcdir:-.}/lib.sh"

CC=${CC:-cc}
command -v "$CC" >/dev/null 2>&1 || skip "no C compiler ($CC) to build the two versions"
HOTGRIND_CLI="$top_builddir/cli/hotgrind"

for side in base head; do
   mkdir -p "$side"
   cp "$top_srcdir/cli/tests/data/diff/lines/$side/loop.c" "$side/loop.c"
   (cd "$side" && "$CC" -O0 -g -o loop loop.c) ||
      hard_error "could not build the $side version"
   (cd "$side" && hg "../$side.xml" --lines=yes -- ./loop &&
      cg "../$side.cg" ./loop)
done

"$HOTGRIND_CLI" diff --lines --format=json base.xml head.xml >lines.json \
   2>lines.err || fail "diff --lines: $(cat lines.err)"
"$HOTGRIND_CLI" diff --lines --format=json base.xml head.xml >again.json \
   2>/dev/null
cmp lines.json again.json || fail "two diff --lines runs differ"
pass "two diff --lines runs are byte-identical"

# The lines of the loop, by their text, in each version.
line_of() { grep -n -F -- "$2" "$1" | cut -d: -f1; }
loop_base=$(line_of base/loop.c 'for (unsigned i = 0; i < n; i++)')
loop_head=$(line_of head/loop.c 'for (unsigned i = 0; i < n; i++)')
body_base=$(line_of base/loop.c 's += i;')
body_head=$(line_of head/loop.c 's += i;')

"$PYTHON3" - lines.json base.cg head.cg "$loop_base" "$loop_head" \
   "$body_base" "$body_head" >compare.out 2>&1 <<'PY' || {
import collections, json, sys

def cachegrind_lines(path):
    """Ir per (file basename, function, line) of a Cachegrind out file."""
    counts = collections.Counter()
    fl = fn = None
    for text in open(path):
        text = text.rstrip("\n")
        if text.startswith("fl="):
            fl = text[3:].rsplit("/", 1)[-1]
        elif text.startswith("fn="):
            fn = text[3:]
        elif text and text[0].isdigit():
            line, ir = text.split()[:2]
            counts[(fl, fn, int(line))] += int(ir)
    return counts

doc = json.load(open(sys.argv[1]))
base, head = cachegrind_lines(sys.argv[2]), cachegrind_lines(sys.argv[3])
loop_b, loop_h, body_b, body_h = map(int, sys.argv[4:8])
work = [r for r in doc["rows"] if r.get("name") == "work"]
assert len(work) == 1, "work is not one changed row"
got = [(l["base-line"], l["head-line"], l["matched"],
        [(m["metric"], m["base"], m["head"]) for m in l["metrics"]])
       for l in work[0]["lines"]]
want = [(b, h, "text", [("Ir", base[("loop.c", "work", b)],
                         head[("loop.c", "work", h)])])
        for b, h in ((loop_b, loop_h), (body_b, body_h))]
assert got == want, f"diff --lines {got}, Cachegrind {want}"
assert want[0][3][0][2] > want[0][3][0][1] > 0, want
# Only work changed: every other function's lines are Cachegrind's too,
# so no other row has lines.
others = [r["name"] for r in doc["rows"][1:] if r.get("name") != "work"]
assert not others, f"other rows: {others}"
print(f"work: lines {loop_b}->{loop_h} and {body_b}->{body_h} matched by "
      f"text, Ir {want[0][3][0][1]}->{want[0][3][0][2]} and "
      f"{want[1][3][0][1]}->{want[1][3][0][2]}, as Cachegrind's")
PY
   cat compare.out >&2
   fail "diff --lines differs from what the sources and Cachegrind say"
}
pass "$(cat compare.out)"

# By number (the base's source gone), the shifted lines of work would be
# shown: the text matching is what hides them.
rm -r base/loop.c
"$HOTGRIND_CLI" diff --lines base.xml head.xml >by_number.txt 2>/dev/null
grep -q "^By number: loop.c in work: base: source not found" by_number.txt ||
   fail "no 'By number' note without the base's source"
test "$(grep -c ' number ' by_number.txt)" -gt 2 ||
   fail "by number, no more than the two loop lines changed"
pass "without the base's source, lines are matched by number and say why"
