#!/bin/sh
# hotgrind diff and check warn when the two reports are of different
# programs, of different builds of the program or its libraries
# (<objects> build-ids), or were made with different --mark patterns,
# naming what differs.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The reports are
# written here from one hand-written template, the same figures in each,
# so that only the difference under test is there; the expected words
# list the template's values.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
cd "$scratch" || exit 99
# The default thresholds; the reports' marks (never entered: they are
# here for their patterns) are optional, so check judges nothing else.
policy=$scratch/policy.xml
cat >"$policy" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<policy format="1">
  <marks>
    <mark pattern="*" optional="yes"/>
  </marks>
</policy>
EOF
lead="hotgrind: warning: the runs were measured differently, which alone can move counts:"

# report FILE EXE PROG-BUILD-ID LIBC-BUILD-ID MARK...: a report of EXE
# whose objects prog and libc.so.6 have those build-ids, made with the
# --mark patterns MARK (each matched nothing).
report() {
  file=$1 exe=$2 prog_id=$3 libc_id=$4; shift 4
  {
    cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<hotgrind format="1">
  <run>
    <tool name="hotgrind" version="0.1.0"/>
    <valgrind version="3.19.0"/>
    <arch>amd64</arch>
    <command>
      <exe>$exe</exe>
    </command>
  </run>
  <totals Ir="1000"/>
  <functions>
    <function name="main" object="prog" file="prog.c" line="3">
      <self Ir="900"/>
    </function>
    <function name="strlen" object="libc.so.6" file="" line="0">
      <self Ir="100"/>
    </function>
  </functions>
  <objects>
    <object name="libc.so.6" soname="libc.so.6" build-id="$libc_id"/>
    <object name="prog" build-id="$prog_id"/>
  </objects>
EOF
    if [ $# -gt 0 ]; then
      echo "  <marks>"
      for mark in "$@"; do
        echo "    <mark pattern=\"$mark\" functions=\"0\" entered=\"0\"/>"
      done
      echo "  </marks>"
    fi
    echo "</hotgrind>"
  } >"$file"
  "$HOTGRIND" validate "$file" >/dev/null 2>&1 ||
    { echo "report $file: not valid"; "$HOTGRIND" validate "$file"; exit 99; }
}

# warns BASE HEAD WORDS: diff BASE HEAD exits 0, and its one warning on
# stderr lists exactly WORDS; the text output's Warning: line too.
warns() {
  base=$1 head=$2 words=$3
  run 0 diff "$base" "$head" || return
  checks=$((checks + 1))
  [ "$(cat "$err")" = "$lead $words" ] ||
    fail "diff $base $head: stderr is not '$lead $words'"
  checks=$((checks + 1))
  grep -qxF "Warning:   ${lead#hotgrind: warning: } $words" "$out" ||
    fail "diff $base $head: no Warning: line"
}

report base.xml ./prog 00ff aa11 'main' 'prog:parse_*'
# the same report again: nothing to say
report same.xml ./prog 00ff aa11 'main' 'prog:parse_*'
run 0 diff base.xml same.xml && {
  checks=$((checks + 1))
  [ -s "$err" ] && fail "diff of the same runs warns: $(cat "$err")"
}

# --- another program
report other-program.xml ./other 00ff aa11 'main' 'prog:parse_*'
warns base.xml other-program.xml 'program (./prog -> ./other)'

# --- another build of the program: expected between two commits, and
# still said; another build of a library is not expected.
report new-build.xml ./prog 01ff aa11 'main' 'prog:parse_*'
warns base.xml new-build.xml \
  'build-id of prog, a new build as expected between commits (00ff -> 01ff)'
report new-libc.xml ./prog 00ff bb22 'main' 'prog:parse_*'
warns base.xml new-libc.xml 'build-id of libc.so.6 (aa11 -> bb22)'
# A report without build-ids (before <objects>) is not a difference.
sed '/<objects>/,/<\/objects>/d' base.xml >no-objects.xml
run 0 diff no-objects.xml new-build.xml && {
  checks=$((checks + 1))
  [ -s "$err" ] && fail "diff against a report without objects warns: $(cat "$err")"
}

# --- other mark patterns: the ones added and removed named
report new-marks.xml ./prog 00ff aa11 'main' 'compute'
warns base.xml new-marks.xml \
  'mark patterns, added compute, removed prog:parse_* (main prog:parse_* -> main compute)'
report no-marks.xml ./prog 00ff aa11
warns base.xml no-marks.xml \
  'mark patterns, removed main prog:parse_* (main prog:parse_* -> (none))'
# The same patterns in another order are the same set.
report reordered.xml ./prog 00ff aa11 'prog:parse_*' 'main'
run 0 diff base.xml reordered.xml && {
  checks=$((checks + 1))
  [ -s "$err" ] && fail "diff with the marks reordered warns: $(cat "$err")"
}

# --- all at once, in the order of the list; twice the same bytes
report all.xml ./other 01ff bb22 'compute'
warns base.xml all.xml \
  'program (./prog -> ./other), build-id of libc.so.6 (aa11 -> bb22), build-id of prog, a new build as expected between commits (00ff -> 01ff), mark patterns, added compute, removed main prog:parse_* (main prog:parse_* -> compute)'
cp "$out" first.out
cp "$err" first.err
run 0 diff base.xml all.xml && {
  same first.out "$out" "diff a second time (stdout)"
  same first.err "$err" "diff a second time (stderr)"
}

# --- another Valgrind release: the warning, and a note of what moved
# between the releases (cli/report/valgrind-versions.c, measured by
# regtest/versions_compare.sh), in diff's text, on stderr, in JSON and in
# check's output
sed 's/<valgrind version="3.19.0"/<valgrind version="3.27.1"/' base.xml >vg327.xml
sed 's/<valgrind version="3.19.0"/<valgrind version="3.24.0"/' base.xml >vg324.xml
sed 's/<valgrind version="3.19.0"/<valgrind version="3.18.1"/' base.xml >vg318.xml
note327="between 3.19 and 3.27 no figure moved on hotgrind's cross-version tests (docs/versions.md), so a change here is the program's; between 3.19 and 3.24 the platform's hwcaps began to name fma, which 3.19 left out of the name only: glibc picks the same fma variants under both"
run 0 diff base.xml vg327.xml && {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "$lead Valgrind (3.19.0 -> 3.27.1)
hotgrind: note: Valgrind: $note327" ] ||
    fail "diff base.xml vg327.xml: stderr is not the warning and the note: $(cat "$err")"
  checks=$((checks + 1))
  grep -qxF "Note:      Valgrind: $note327" "$out" || fail "diff base.xml vg327.xml: no Note: line"
}
# Later releases only: the fma remark is not theirs.
run 0 diff vg324.xml vg327.xml && {
  checks=$((checks + 1))
  grep -qxF "Note:      Valgrind: between 3.24 and 3.27 no figure moved on hotgrind's cross-version tests (docs/versions.md), so a change here is the program's" "$out" ||
    fail "diff vg324.xml vg327.xml: not the 3.24-3.27 note"
}
run 0 diff vg318.xml base.xml && {
  checks=$((checks + 1))
  grep -qxF "Note:      Valgrind: 3.18 is outside the releases hotgrind is tested with (3.19 to 3.27): any figure may move" "$out" ||
    fail "diff vg318.xml base.xml: no note that 3.18 is not tested"
}
# note_of ARCH BASE HEAD NOTE: diff of BASE and HEAD, their <arch> made
# ARCH, prints NOTE as the Valgrind note.
note_of() {
  sed "s#<arch>amd64#<arch>$1#" "$2" >"$1-$2"
  sed "s#<arch>amd64#<arch>$1#" "$3" >"$1-$3"
  run 0 diff "$1-$2" "$1-$3" && {
    checks=$((checks + 1))
    grep -qxF "Note:      Valgrind: $4" "$out" ||
      fail "diff of two $1 reports, $2 and $3: not the note '$4': $(grep '^Note: *Valgrind' "$out")"
  }
}
# arm64 (regtest/arm64_release_*.sh): from 3.24 Valgrind runs DC ZVA,
# and glibc's memset with it; 3.24 and 3.27 give the same figures.
note_of arm64 base.xml vg327.xml "Ir, I1mr, ILmr, Dw, D1mw, DLmw, Bc, Bcm, cycles and calls moved between 3.19 and 3.24: Valgrind began to run DC ZVA and to read DCZID_EL0 from the CPU instead of saying that DC ZVA is prohibited, so glibc zeroes by DC ZVA: memset's figures (ld.so's, and libc's, where __memset_zva64 replaces __GI_memset) and those of _dl_sysdep_start, which reads DCZID_EL0, move, and their callers' inclusive ones; I1mr also moved in Valgrind's preload library, whose code changed"
note_of arm64 vg324.xml vg327.xml "between 3.24 and 3.27 no figure moved on hotgrind's cross-version tests (docs/versions.md), so a change here is the program's"
# An architecture the cross-version tests do not run on.
note_of ppc64le base.xml vg327.xml "hotgrind's cross-version tests run on amd64 and arm64 only: on ppc64le any figure may move between 3.19 and 3.27"
run 0 diff --format=json base.xml vg327.xml && {
  checks=$((checks + 1))
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
[r] = [r for r in d["runs-differ"] if r["what"] == "Valgrind"]
assert r["why"] == sys.argv[2], r' "$out" "$note327" ||
    fail "diff --format=json: runs-differ has not the note as why"
}
run 0 check --policy "$policy" base.xml vg327.xml && {
  checks=$((checks + 1))
  grep -A1 -F 'warning: runs differ in Valgrind: base 3.19.0, head 3.27.1' "$out" |
    grep -qxF "note: $note327" || fail "check: no note under the Valgrind warning"
}

# --- check says the same, as warnings of its own
run 0 check --policy "$policy" base.xml new-build.xml && {
  checks=$((checks + 1))
  grep -qF 'runs differ in build-id of prog, a new build as expected between commits: base 00ff, head 01ff' "$out" ||
    fail "check: no warning about the build"
}
run 0 check --policy "$policy" base.xml new-marks.xml && {
  checks=$((checks + 1))
  grep -qF 'runs differ in mark patterns, added compute, removed prog:parse_*: base main prog:parse_*, head main compute' "$out" ||
    fail "check: no warning about the marks"
}

finish
