#!/bin/sh
# Files that are not hotgrind reports: every command that reads reports
# (show, validate, diff, check, export, merge) exits 2 with one line
# saying what the file is.  The other tools' files are made here by the
# real tools (valgrind --tool=cachegrind, callgrind, dhat, massif and
# memcheck --xml=yes) on a small program compiled here; the exports by
# hotgrind export.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  Exits 77 (skipped)
# without a C compiler or valgrind, after the checks that need neither.

. "$(dirname "$0")/lib.sh"
report=$HG_TEST_DATA/valid.xml
policy=$HG_TEST_DATA/check/defaults.xml
head_line="not a hotgrind report: this is"
tail_words="(hotgrind reads the XML reports that valgrind --tool=hotgrind and hotgrind run write)"

# refused FILE KIND...: every command that reads a report refuses FILE
# with status 2, nothing on stdout, and one line
# "hotgrind: FILE: not a hotgrind report: this is KIND (...)".
refused() {
  file=$1; shift
  expected="hotgrind: $file: $head_line $* $tail_words"
  for args in "show" "validate" "export --format=json" \
              "diff $report" "check --policy $policy" \
              "merge -o $scratch/merged.xml $report"; do
    # shellcheck disable=SC2086
    set -- $args
    expect_trouble "$@" "$file" || continue
    checks=$((checks + 1))
    [ "$(cat "$err")" = "$expected" ] ||
      fail "hotgrind $args $file: stderr is not '$expected'"
  done
  checks=$((checks + 1))
  [ ! -e "$scratch/merged.xml" ] || fail "merge $file: wrote its output"
}

cd "$scratch" || exit 99

# --- what needs no other tool: hotgrind's own exports, a policy, binary
# and compressed data, other text, JSON; and an empty file.
run 0 export --format=json -o export.json "$report"
refused export.json 'a report exported as JSON (hotgrind export --format=json); give hotgrind the XML report it was exported from'
run 0 export --format=bmf -o export.bmf "$report"
refused export.bmf 'a Bencher Metric Format (BMF) file, such as hotgrind export --format=bmf writes; give hotgrind the XML report it was exported from'
run 0 export --format=callgrind -o export.callgrind "$report"
refused export.callgrind 'a Callgrind-format file written by hotgrind export --format=callgrind; read it with callgrind_annotate or KCachegrind, and give hotgrind the XML report it was exported from'
run 0 export --format=folded -o export.folded "$report"
refused export.folded 'folded stacks, such as hotgrind export --format=folded writes; give hotgrind the XML report they were exported from'
printf '\001\002\003\000\377binary\n' >binary
refused binary 'binary data'
if command -v gzip >/dev/null 2>&1; then
  gzip -c "$report" >report.xml.gz
  refused report.xml.gz 'compressed data (gzip, xz or zstd); decompress it first'
fi
printf 'int main(void) { return 0; }\n' >prog.c
refused prog.c 'text that is not XML'
printf '{"name": "x"}\n' >other.json
refused other.json 'JSON; hotgrind reports are XML'
# A policy: the loader's words on the root, then what the file is.
expect_trouble show "$policy" && {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "hotgrind: $policy: line 3: root element is <policy>, not <hotgrind>: this is a hotgrind policy; give it to hotgrind check --policy" ] ||
    fail "show POLICY: $(cat "$err")"
}
: >empty
expect_trouble show empty && {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "hotgrind: empty: the file is empty" ] ||
    fail "show EMPTY: $(cat "$err")"
}
# A damaged report keeps the parser's words.
expect_trouble show "$HG_TEST_DATA/truncated.xml" && {
  checks=$((checks + 1))
  grep -q "$head_line" "$err" && fail "truncated.xml called foreign: $(cat "$err")"
}

# --- the files of Valgrind's own tools, made now
cc=${CC:-cc}
if ! command -v valgrind >/dev/null 2>&1 ||
   ! command -v "$cc" >/dev/null 2>&1; then
  echo "no valgrind or C compiler: the other tools' files not tested"
  finish
  exit 77
fi
cat >small.c <<'EOF'
#include <stdlib.h>
int main(void)
{
    volatile char *p = malloc(16);
    p[0] = 1;
    free((void *)p);
    return 0;
}
EOF
"$cc" -g -o small small.c || { echo "cannot compile"; exit 99; }
refused small 'an ELF file (a program or a library); measure a program with hotgrind run PROGRAM, which writes a report'
# VALGRIND_LIB of an uninstalled hotgrind would hide the other tools.
unset VALGRIND_LIB
for tool in cachegrind callgrind dhat massif; do
  valgrind -q --tool=$tool --$tool-out-file=$tool.out.1 ./small \
    >/dev/null 2>&1 || { fail "valgrind --tool=$tool failed"; continue; }
done
valgrind -q --xml=yes --xml-file=memcheck.xml ./small >/dev/null 2>&1 ||
  fail "valgrind --xml=yes failed"
refused cachegrind.out.1 'a Cachegrind output file (cachegrind.out format); read it with cg_annotate'
refused callgrind.out.1 'a Callgrind output file (callgrind.out format); read it with callgrind_annotate or KCachegrind'
refused dhat.out.1 "a DHAT output file (dhat.out format); open it in DHAT's viewer, dh_view.html"
refused massif.out.1 'a Massif output file (massif.out format); read it with ms_print'
expect_trouble validate memcheck.xml && {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "hotgrind: memcheck.xml: line 3: root element is <valgrindoutput>, not <hotgrind>: this is Valgrind's XML output (--xml=yes) of another tool" ] ||
    fail "validate memcheck.xml: $(cat "$err")"
}
# Each twice: the same words.
for f in cachegrind.out.1 callgrind.out.1 dhat.out.1; do
  run 2 show "$f"; cp "$err" first
  run 2 show "$f"; same first "$err" "show $f a second time"
done

finish
