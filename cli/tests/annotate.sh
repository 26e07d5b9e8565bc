#!/bin/sh
# hotgrind annotate: a --lines=yes report's per-line costs, in the source
# when it is found (--source-dir, the line's dir, the current folder),
# by line number after where it looked when not; --context, --function,
# --limit; binary and over-long source lines; the errors.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  data/annotate/
# lines.xml is a hand-written report of data/annotate/src/prog.c; its
# expected-*.txt were worked out by hand from the XML's counts (shares of
# each function's self Ir: 4,005 / 9,000 = 44.50%) and the source's line
# numbers (context 8 around sum's lines 5-10: lines 1-18), in
# cg_annotate's layout.
#
# Why this test and regtest/annotate.sh both exist: this one checks
# annotate's own layout, options and source lookup (--source-dir,
# --context, --function, --limit, binary and long lines, the errors) on
# a hand-written report, exact to the byte, with no Valgrind;
# annotate.sh checks that the per-line Ir annotate prints for real
# programs run under the tool equal cg_annotate's for Cachegrind runs of
# the same commands. Neither covers the other.

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/annotate

# has_line FILE LINE WHAT: FILE has exactly LINE.
has_line() {
  checks=$((checks + 1))
  grep -qxF -- "$2" "$1" || fail "$3: no line '$2'"
}

# --- found with --source-dir (relative to the current folder)
cd "$data" || exit 99
run 0 annotate --source-dir src lines.xml &&
  same "$data/expected-default.txt" "$out" "annotate --source-dir src"
cp "$out" "$scratch/first"
run 0 annotate --source-dir src lines.xml &&
  same "$scratch/first" "$out" "annotate twice"

# --- --context 2, --function with OBJ:GLOB: sum only, lines 3-12
run 0 annotate --source-dir src --context=2 --function 'prog:s?m' lines.xml &&
  same "$data/expected-context2.txt" "$out" "annotate --context=2 --function"

# --- found in the current folder (./prog.c): the same annotated lines
cd "$data/src" || exit 99
run 0 annotate --function sum ../lines.xml && {
  has_line "$out" '-- Auto-annotated source: ./prog.c' "found in the cwd"
  has_line "$out" '4,005 (44.50%)      for (unsigned i = 0; i < n; i++)' \
    "found in the cwd"
}

# --- not found: the counts by number, after where it looked
cd "$scratch" || exit 99
run 0 annotate --limit 1 "$data/lines.xml" && {
  has_line "$out" 'Functions: 1 of 3 with lines, by self Ir (--limit 0 shows all)' \
    "--limit 1"
  has_line "$out" '-- prog.c: source not found: looked in /nonexistent/build/prog.c, ./prog.c' \
    "not found"
  has_line "$out" '4,005 (44.50%)  line 7' "not found"
  has_line "$out" '    2 ( 0.02%)  line 10' "not found"
  checks=$((checks + 1))
  grep -q '^-- main' "$out" && fail "--limit 1 shows main"
}
# --source-dir twice: searched in order, the second finds it
run 0 annotate --source-dir nowhere --source-dir "$data/src" --function main \
  "$data/lines.xml" &&
  has_line "$out" "-- Auto-annotated source: $data/src/prog.c" \
    "second --source-dir"

# --- a source that is not text: by number, saying why
mkdir -p bin long
printf 'int x;\n\000\001\n' >bin/prog.c
run 0 annotate --source-dir bin --function main "$data/lines.xml" && {
  has_line "$out" '-- prog.c: source bin/prog.c not used: not a text file (a NUL byte in line 2)' \
    "binary source"
  has_line "$out" ' 7 (70.00%)  line 26' "binary source"
}
# --- an over-long line is cut at 400 bytes with "…"; a control
# character and a byte that is not UTF-8 (Latin-1 é) show as '?', UTF-8
# as it is, and so do, one '?' each, C1 controls in UTF-8 (U+009B CSI:
# C2 9B) and bidirectional overrides and isolates (U+202E: E2 80 AE,
# U+2066: E2 81 A6), which would let a source reorder or restyle what
# the terminal shows; lines past the end of a shorter file by number
{ i=1; while [ $i -le 25 ]; do echo "/* $i */"; i=$((i + 1)); done
  printf '%0500d\n' 0
  printf 'a\033b \351 \303\251 \302\233[1m \342\200\256x \342\201\246y\n'
} >long/prog.c
run 0 annotate --source-dir long --function main "$data/lines.xml" && {
  has_line "$out" " 7 (70.00%)  $(printf '%0400d' 0)…" "long line"
  has_line "$out" ' 1 (10.00%)  a?b ? é ?[1m ?x ?y' \
    "control characters (C0, C1, bidi), not UTF-8"
}
head -n 26 long/prog.c >long/short.c && mv long/short.c long/prog.c
run 0 annotate --source-dir long --function main "$data/lines.xml" && {
  has_line "$out" "-- past the end of long/prog.c (26 lines): the file is not the one that ran" \
    "past the end"
  has_line "$out" ' 1 (10.00%)  line 27' "past the end"
}

# --- memory: a source of 5 MiB of newlines (5,242,880 lines, a pull
# request's to choose) is read under a limit of 600 MB of address space.
# A buffer of 400 bytes per line took 2.18 GB here and failed; the file
# in one buffer and a pointer per line is about 50 MB.  Its lines 26 and
# 27 are empty, so main's counts there are shown with no text.
if (ulimit -v 600000 && "$HOTGRIND" --version) >/dev/null 2>&1; then
  mkdir -p newlines
  head -c 5242880 /dev/zero | tr '\000' '\n' >newlines/prog.c
  checks=$((checks + 1))
  (ulimit -v 600000 &&
     exec "$HOTGRIND" annotate --source-dir newlines --function main \
       "$data/lines.xml") >"$out" 2>"$err" ||
    fail "annotate of a 5 MiB source of newlines under 600 MB"
  has_line "$out" '-- Auto-annotated source: newlines/prog.c' \
    "5 MiB of newlines"
  has_line "$out" ' 7 (70.00%)' "5 MiB of newlines"
  rm -rf newlines
fi

# --- errors: one line, status 2
expect_trouble annotate "$HG_TEST_DATA/valid.xml" &&
  one_line_error "$HG_TEST_DATA/valid.xml" annotate valid.xml &&
  has_line "$err" "hotgrind: $HG_TEST_DATA/valid.xml: has no per-line costs (it was not made with --lines=yes), so there is nothing to annotate" \
    "no lines"
expect_trouble annotate "$scratch/missing.xml" &&
  one_line_error "$scratch/missing.xml" annotate missing.xml
expect_trouble annotate --function 'nothing*' "$data/lines.xml" &&
  has_line "$err" "hotgrind: $data/lines.xml: no function with lines matches 'nothing*'" \
    "--function matching nothing"
expect_trouble annotate --bogus "$data/lines.xml" &&
  has_line "$err" "hotgrind annotate: unknown option '--bogus'" "bad option"
expect_trouble annotate --context -1 "$data/lines.xml" &&
  has_line "$err" "hotgrind annotate: --context needs a number of lines from 0 to 1000, not '-1'" \
    "bad --context"
expect_trouble annotate --context 1001 "$data/lines.xml"
expect_trouble annotate --limit x "$data/lines.xml"
expect_trouble annotate
expect_trouble annotate "$data/lines.xml" "$data/lines.xml"
# The manual shows the fixture's output as it is.
checks=$((checks + 1))
awk '/hotgrind annotate --source-dir src lines.xml` prints:/ { on = 1; next }
     on && /^```$/ { if (inside) exit; inside = 1; next }
     inside { print }' "$HG_SCHEMA_DIR/manual.md" >"$scratch/manual"
cmp -s "$data/expected-default.txt" "$scratch/manual" ||
  fail "docs/manual.md's annotate example is not expected-default.txt"
run 0 annotate --help && has_line "$out" \
  'usage: hotgrind annotate [--function PATTERN]... [--limit N]' "--help"

finish
