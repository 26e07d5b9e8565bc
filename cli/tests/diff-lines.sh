#!/bin/sh
# hotgrind diff --lines: inside each changed function, the lines whose
# figures changed, matched by source text when both versions of the file
# are found (a line moved down by an inserted comment is the same line),
# by number otherwise, saying why; text, markdown and JSON; the errors.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  data/diff/lines/
# holds two versions of a small program, base/loop.c and head/loop.c (its
# loop runs twice as long, ROUNDS 1000 -> 2000, and a two-line comment
# was inserted above the loop), and hand-written lines=yes reports of
# each, their dir="base" and dir="head" relative to that folder.  work's
# lines: base 4:3 5:1 6:4,005 7:2,000 8:1 9:2, head 4:3 5:1 8:8,005
# 9:4,000 10:1 11:2; main and start are the same in both.  The expected
# rows below are worked out by hand from those counts: by text, base line
# 6 is head line 8 (4,005 -> 8,005: +4,000, +99.88%) and 7 is 9 (2,000
# -> 4,000: +2,000, +100.00%); lines 4, 5 and 8, 9 -> 10, 11 did not
# change and are not shown.
#
# Why this test and regtest/diff_lines.sh both exist: this one checks
# the output of diff --lines itself (every format, matching by number
# and why, the errors) on hand-written reports, exact to the byte, with
# no Valgrind; diff_lines.sh checks that the figures diff --lines shows
# for a program really run under the tool equal Cachegrind's per-line
# counts of the same two versions. Neither covers the other.

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/diff/lines

# has_line FILE LINE WHAT: FILE has LINE, white space runs as one space.
has_line() {
  checks=$((checks + 1))
  tr -s ' ' <"$1" | sed 's/^ //; s/ $//' | grep -qxF -- "$2" ||
    fail "$3: no line '$2'"
}

# The lines section of the text output, by the table's layout rule:
# columns two spaces apart, as wide as their widest cell, numbers on the
# right, the last column not padded.
row() {
  printf '%-4s  %-6s  %9s  %9s  %-7s  %-6s  %5s  %5s  %6s  %8s  %s\n' "$@"
}
{
  echo
  echo 'Lines that changed in the functions shown (matched by source text, or by number):'
  echo
  row name file 'base line' 'head line' matched metric base head delta change source
  row work loop.c 6 8 text Ir 4,005 8,005 +4,000 +99.88% \
    'for (unsigned i = 0; i < n; i++)'
  row '' loop.c 7 9 text Ir 2,000 4,000 +2,000 +100.00% 's += i;'
} >"$scratch/by-text"

# --- by text: the sources found where each report's debug info says
cd "$data" || exit 99
run 0 diff --lines base.xml head.xml && {
  tail -n 6 "$out" >"$scratch/section"
  same "$scratch/by-text" "$scratch/section" "diff --lines, by text"
  has_line "$out" 'work loop loop.c changed Ir 6,012 12,012 +6,000 +99.80%' \
    "diff --lines keeps the function table"
}
cp "$out" "$scratch/first"
run 0 diff --lines base.xml head.xml &&
  same "$scratch/first" "$out" "diff --lines twice"
# Without --lines the output is what it was: no lines section.
run 0 diff base.xml head.xml && {
  checks=$((checks + 1))
  grep -q '^Lines' "$out" && fail "diff without --lines shows lines"
}

# --- --base-source and --head-source, from another folder: by text too
cd "$scratch" || exit 99
run 0 diff --lines --base-source "$data/base" --head-source "$data/head" \
  "$data/base.xml" "$data/head.xml" && {
  tail -n 6 "$out" >"$scratch/section"
  same "$scratch/by-text" "$scratch/section" "--base-source, --head-source"
}

# --- not found: by number, saying why.  Base line 6 (4,005) has no
# count at head line 6: gone; 8: 1 -> 8,005 is +8,004, +800,400.00%;
# head lines 10 and 11 are new; 4 and 5 did not change.
run 0 diff --lines "$data/base.xml" "$data/head.xml" && {
  has_line "$out" 'work loop.c 6 6 number Ir 4,005 - -4,005 gone' "by number"
  has_line "$out" 'loop.c 7 7 number Ir 2,000 - -2,000 gone' "by number"
  has_line "$out" 'loop.c 8 8 number Ir 1 8,005 +8,004 +800400.00%' "by number"
  has_line "$out" 'loop.c 9 9 number Ir 2 4,000 +3,998 +199900.00%' "by number"
  has_line "$out" 'loop.c 10 10 number Ir - 1 +1 new' "by number"
  has_line "$out" 'loop.c 11 11 number Ir - 2 +2 new' "by number"
  has_line "$out" 'By number: loop.c in work: base: source not found: looked in base/loop.c' \
    "by number: why"
  checks=$((checks + 1))
  grep -q ' 4  *4 ' "$out" && fail "by number: unchanged line 4 shown"
}
# A base without dir and no --base-source: nowhere to look (the base is
# never looked for in the current folder, which is the head's checkout).
sed 's/ dir="base"//' "$data/base.xml" >"$scratch/no-dir.xml"
cd "$data" || exit 99
run 0 diff --lines "$scratch/no-dir.xml" head.xml &&
  has_line "$out" 'By number: loop.c in work: base: source not found: no directory to look in (the debug info records none)' \
    "base without dir"
# Both sides finding the same file: its base text is not known.
cd "$data" || exit 99
run 0 diff --lines --base-source head base.xml head.xml &&
  has_line "$out" "By number: loop.c in work: base and head both found head/loop.c, so the base's text is not known (--base-source DIR gives it)" \
    "same file on both sides"

# --- memory: base and head sources of 5 MiB of newlines each (a pull
# request's to choose) are matched under a limit of 600 MB of address
# space.  A buffer of 400 bytes per line took 4.35 GB here and failed.
# Every line is empty, so no line anchors and the lines match from the
# files' start while equal: line N with line N, by text.
if (ulimit -v 600000 && "$HOTGRIND" --version) >/dev/null 2>&1; then
  mkdir -p "$scratch/nl/base" "$scratch/nl/head"
  head -c 5242880 /dev/zero | tr '\000' '\n' >"$scratch/nl/base/loop.c"
  cp "$scratch/nl/base/loop.c" "$scratch/nl/head/loop.c"
  checks=$((checks + 1))
  (ulimit -v 600000 &&
     exec "$HOTGRIND" diff --lines --base-source "$scratch/nl/base" \
       --head-source "$scratch/nl/head" base.xml head.xml) >"$out" 2>"$err" ||
    fail "diff --lines of 5 MiB sources of newlines under 600 MB"
  has_line "$out" 'work loop.c 6 6 text Ir 4,005 - -4,005 gone' \
    "5 MiB of newlines"
  has_line "$out" 'loop.c 11 11 text Ir - 2 +2 new' "5 MiB of newlines"
  rm -rf "$scratch/nl"
fi

# --- markdown and JSON
run 0 diff --lines --format=markdown base.xml head.xml && {
  has_line "$out" '| name | file | base line | head line | matched | metric | base | head | delta | change | source |' \
    "markdown"
  has_line "$out" '| `work` | `loop.c` | 6 | 8 | text | Ir | 4,005 | 8,005 | +4,000 | +99.88% | `for (unsigned i = 0; i < n; i++)` |' \
    "markdown"
  has_line "$out" '| | `loop.c` | 7 | 9 | text | Ir | 2,000 | 4,000 | +2,000 | +100.00% | `s += i;` |' \
    "markdown"
}
run 0 diff --lines --format=json base.xml head.xml && {
  cp "$out" "$scratch/lines.json"
  checks=$((checks + 1))
  /usr/bin/python3 - "$scratch/lines.json" "$HG_SCHEMA_DIR/diff.schema.json" <<'PY' >"$scratch/json.err" 2>&1 ||
import json, sys
from decimal import Decimal
doc = json.load(open(sys.argv[1]), parse_float=Decimal)
try:
    import jsonschema
    jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
except ImportError:
    pass
work = [r for r in doc["rows"] if r.get("name") == "work"][0]
got = [(l["file"], l["base-line"], l["head-line"], l["matched"], l["source"],
        [(m["metric"], m["base"], m["head"], m["delta"], m["percent"]) for m in l["metrics"]])
       for l in work["lines"]]
want = [("loop.c", 6, 8, "text", "    for (unsigned i = 0; i < n; i++)",
         [("Ir", 4005, 8005, 4000, Decimal("99.88"))]),
        ("loop.c", 7, 9, "text", "        s += i;",
         [("Ir", 2000, 4000, 2000, Decimal("100.00"))])]
assert got == want, got
PY
    { fail "diff --lines --format=json"; cat "$scratch/json.err"; }
}

# The manual shows the same table.
checks=$((checks + 1))
awk '/^the loop.s lines 6 and 7 are lines 8 and 9 in HEAD/ { on = 1; next }
     on && /^```$/ { if (inside) exit; inside = 1; next }
     inside { print }' "$HG_SCHEMA_DIR/manual.md" >"$scratch/manual"
tail -n +2 "$scratch/by-text" | cmp -s - "$scratch/manual" ||
  fail "docs/manual.md's diff --lines example is not the table above"

# --- errors
expect_trouble diff --lines "$HG_TEST_DATA/diff/base.xml" head.xml &&
  has_line "$err" "hotgrind: $HG_TEST_DATA/diff/base.xml: has no per-line costs (it was not made with --lines=yes), so diff --lines has no lines to compare" \
    "diff --lines without lines"
expect_trouble diff --base-source base base.xml head.xml &&
  has_line "$err" "hotgrind diff: --base-source and --head-source go with --lines" \
    "--base-source without --lines"
expect_trouble diff --lines --format=svg base.xml head.xml &&
  has_line "$err" "hotgrind diff: --lines is not for --format=svg" \
    "--lines with svg"

finish
