#!/bin/sh
# hotgrind regression tests: --mark, --mark=OBJ:PATTERN, --mark-file,
# patterns with '::', patterns that match nothing, and how marks are
# recorded in the report.  Counts from hand_lib.sh (asm_amd64.S).
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"

# hand_cxx TICKS N: ht::Counter::tick() TICKS times (2 Ir each, a leaf),
# ht_loop_n(N) once, ht::mix(unsigned long) once.
T=1000 N=10

# --help documents the options.
hg_status help --help -- >/dev/null
for opt in --mark= --mark-file= --collect-atstart=; do
   grep -q -F -- "$opt" help.stdout || fail "--help does not list $opt"
done
pass "--help lists --mark, --mark-file and --collect-atstart"

# A C++ name with '::', as the report gives it, whole and as globs; with
# an object (the ':' before a '::' name separates them).
for pat in 'ht::Counter::tick()' 'ht::Counter::*' '?t::C*::tick()' \
           'hand_cxx:ht::Counter::tick()' 'hand_cxx:*::tick()'; do
   r="cxx-$(echo "$pat" | tr -c 'a-zA-Z0-9_\n' '_').xml"
   hg "$r" "--mark=$pat" -- ../hand_cxx $T $N
   expect_calls "$r" "ht::Counter::tick()" $T
   expect_incl "$r" "ht::Counter::tick()" "$(tick_ir $T)"
   expect_eq "mark '$pat' functions" "$(mark_attr "$r" "$pat" @functions)" 1
   expect_eq "mark '$pat' entered" "$(mark_attr "$r" "$pat" @entered)" 1
done
# ht::* is tick and mix; *::* also main? no: main has no '::'.
hg cxx-ns.xml '--mark=ht::*' -- ../hand_cxx $T $N
expect_eq "mark 'ht::*' functions" "$(mark_attr cxx-ns.xml 'ht::*' @functions)" 2
expect_calls cxx-ns.xml "ht::mix(unsigned long)" 1
# Another object, or a name that is not there: nothing, and a warning
# that names the pattern and says it matched nothing.
for pat in 'libc.so.6:ht::Counter::tick()' 'nosuchobj:ht_loop_n' 'ht::Counter::tock()' \
           'ht_loop_n2' 'ht_loop'; do
   r="none-$(echo "$pat" | tr -c 'a-zA-Z0-9_\n' '_').xml"
   hg "$r" "--mark=$pat" -- ../hand_cxx $T $N
   expect_eq "mark '$pat' functions" "$(mark_attr "$r" "$pat" @functions)" 0
   expect_eq "marked functions with '$pat'" \
      "$(xpath "$r" 'count(//function[@marked="yes"])')" 0
   grep -i warning "$r.stderr" | grep -F -- "$pat" | grep -q matched ||
      fail "no warning that '$pat' matched nothing: $(cat "$r.stderr")"
   pass "warning for '$pat'"
done

# --mark-file: one pattern a line; '#' comments and blank lines are not
# patterns.  Together with --mark options.
cat >marks.txt <<'MARKS'
# marks for hand_cxx

ht::Counter::tick()
hand_cxx:ht_loop_n
# ht::mix(unsigned long) is not marked: this line is a comment

nosuch_function_xyz
MARKS
hg file.xml --mark-file=marks.txt --mark=main -- ../hand_cxx $T $N
expect_eq "marks in the report" "$(xpath file.xml 'count(/hotgrind/marks/mark)')" 4
for pat in 'ht::Counter::tick()' hand_cxx:ht_loop_n nosuch_function_xyz main; do
   expect_eq "a <mark> for '$pat'" "$(xpath file.xml "count(/hotgrind/marks/mark[@pattern=\"$pat\"])")" 1
done
expect_calls file.xml "ht::Counter::tick()" $T
expect_calls file.xml ht_loop_n 1
expect_incl file.xml ht_loop_n "$(loop_n_ir $N)"
expect_calls file.xml main 1
expect_eq "mix is not marked" "$(fn_attr_or_empty file.xml 'ht::mix(unsigned long)' @marked)" ""
expect_eq "mark nosuch_function_xyz functions" \
   "$(mark_attr file.xml nosuch_function_xyz @functions)" 0
grep -i warning file.xml.stderr | grep -F nosuch_function_xyz | grep -q matched ||
   fail "no warning that nosuch_function_xyz matched nothing"
pass "warning for nosuch_function_xyz, from the mark file"
# The warning names where the pattern came from: the file and its line
# (7), not a --mark option that was never given.
_w=$(grep -i warning file.xml.stderr | grep -F nosuch_function_xyz)
echo "$_w" | grep -q -F -- "--mark-file=marks.txt:7:" ||
   fail "the warning does not name marks.txt line 7: $_w"
! echo "$_w" | grep -q -F -- "--mark=nosuch" ||
   fail "the warning names --mark=nosuch_function_xyz, which was not given: $_w"
pass "the warning names --mark-file=marks.txt:7"

# A mark file that cannot be read: an error before the client runs.
st=$(hg_status nofile --mark-file=no-such-file.txt -- /bin/echo CLIENT-RAN)
test "$st" -ne 0 || fail "--mark-file=no-such-file.txt exited 0"
! grep -q CLIENT-RAN nofile.stdout || fail "the client ran with an unreadable mark file"
grep -q -F no-such-file.txt nofile.stderr ||
   fail "the error does not name the file: $(cat nofile.stderr)"
pass "unreadable --mark-file: exit $st, names the file"

# The same marks give the same counts however they are given.
hg byopt.xml '--mark=ht::Counter::tick()' --mark=hand_cxx:ht_loop_n --mark=main \
   --mark=nosuch_function_xyz -- ../hand_cxx $T $N
for f in "ht::Counter::tick()" ht_loop_n main; do
   expect_eq "$f inclusive Ir, mark file or options" \
      "$(fn_incl_ir file.xml "$f")" "$(fn_incl_ir byopt.xml "$f")"
done

# Marks change no count: totals and self Ir as without marks.
hg nomarks.xml -- ../hand_cxx $T $N
expect_eq "total Ir with marks" "$(total_ir byopt.xml)" "$(total_ir nomarks.xml)"
xpath byopt.xml '//function/self/@Ir' >self-marked.txt
xpath nomarks.xml '//function/self/@Ir' >self-plain.txt
cmp -s self-marked.txt self-plain.txt || fail "marks changed self counts"
pass "marks change no self count"

# The report records the options that change what is counted: <options>
# holds collect-atstart, heap and thread-events, then det-random and, as
# it is yes by default, random-seed (docs/report-format.md: --mark and
# --mark-file change no count; the patterns are in <marks>, in the order
# given: the --mark options, then each --mark-file's lines).
expect_eq "<option> names" \
   "$(xpath byopt.xml 'count(/hotgrind/run/options/option)') $(for i in 1 2 3 4 5; do printf '%s ' "$(xpath byopt.xml "string(/hotgrind/run/options/option[$i]/@name)")"; done)" \
   "5 collect-atstart heap thread-events det-random random-seed "
expect_eq "<option name=\"collect-atstart\">" \
   "$(xpath byopt.xml 'string(/hotgrind/run/options/option[@name="collect-atstart"]/@value)')" yes
marks_order() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
print("|".join(m.get("pattern") for m in ET.parse(sys.argv[1]).getroot().find("marks")))' "$1"
}
expect_eq "marks in the order given (options)" "$(marks_order byopt.xml)" \
   "ht::Counter::tick()|hand_cxx:ht_loop_n|main|nosuch_function_xyz"
expect_eq "marks in the order given (--mark, then the file's lines)" "$(marks_order file.xml)" \
   "main|ht::Counter::tick()|hand_cxx:ht_loop_n|nosuch_function_xyz"
# A pattern given twice appears twice, and counts the same both times.
hg twice.xml --mark=ht_loop_n --mark='ht_loop_*' --mark=ht_loop_n -- ../hand_cxx $T $N
expect_eq "marks, a pattern given twice" "$(marks_order twice.xml)" "ht_loop_n|ht_loop_*|ht_loop_n"
expect_calls twice.xml ht_loop_n 1
expect_incl twice.xml ht_loop_n "$(loop_n_ir $N)"

# Globs match in at most len(pattern) x len(name) steps: Valgrind's
# VG_(string_match) backtracks over every '*', and 12 of them against a
# 3,000-byte name (long C++ template names are common) ran for minutes,
# ignoring SIGTERM.  longname.c has f_x...x (3,000 x) and f_x...xy; the
# pattern matches only the second.  Killed after 60 s (the fixed tool
# takes well under one).
xs=$("$PYTHON3" -c 'print("x" * 3000)')
cat >longname.c <<C
__attribute__((noinline)) void f_$xs(void) { __asm__ volatile(""); }
__attribute__((noinline)) void f_${xs}y(void) { __asm__ volatile(""); }
int main(void) { f_$xs(); f_${xs}y(); return 0; }
C
cc -O0 -o longname longname.c || hard_error "cannot build longname.c"
pat=$("$PYTHON3" -c 'print("*x" * 12 + "*y")')
st=0
run_client_env timeout -s KILL 60 "$VG_IN_PLACE" --tool=hotgrind \
   --hotgrind-out-file=longname.xml "--mark=$pat" ./longname \
   >longname.xml.stdout 2>longname.xml.stderr || st=$?
test "$st" = 0 || fail "--mark='$pat' on a 3,000-byte name: exit $st (137: killed after 60 s)"
check_report longname.xml longname.xml.stderr
expect_eq "mark '*x'x12'*y' functions" "$(mark_attr longname.xml "$pat" @functions)" 1
expect_calls longname.xml "f_${xs}y" 1

# A mark file must be text.  A NUL once ended the text silently
# ("ma\0in\nfoo" gave one mark, "ma"), and a binary file became one
# garbage pattern: both are refused, naming the file and the line.  A
# UTF-8 byte order mark is not part of the first pattern.
printf 'ht_loop_n\nma\000in\nfoo\n' >nul.txt
printf 'ht_loop_n\n\177ELF\002\001\001\n' >bin.txt
for f in nul.txt:2 bin.txt:2; do
   st=$(hg_status notext "--mark-file=${f%:*}" -- /bin/echo CLIENT-RAN)
   test "$st" -eq 1 || fail "--mark-file=${f%:*}: exit $st, want 1: $(cat notext.stderr)"
   grep -q -F -- "--mark-file=$f:" notext.stderr && grep -q 'must be text' notext.stderr ||
      fail "--mark-file=${f%:*}: the error does not name $f: $(cat notext.stderr)"
   ! grep -q CLIENT-RAN notext.stdout || fail "the client ran with --mark-file=${f%:*}"
done
pass "mark files with a NUL or a control byte: refused with file and line"
# An endless source is refused at its first bad byte, not read into
# memory until the read fails (/dev/zero once ended in "read error:
# error 14" after growing the buffer past 2 GB); a text file too large to
# be a list of 256 patterns is refused by its size.
st=$(hg_status zero --mark-file=/dev/zero -- /bin/echo CLIENT-RAN)
test "$st" -eq 1 && grep -q -F -- '--mark-file=/dev/zero:1: a NUL byte' zero.stderr ||
   fail "--mark-file=/dev/zero: exit $st: $(cat zero.stderr)"
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "%0100d\n", i }' >huge.txt
st=$(hg_status huge --mark-file=huge.txt -- /bin/echo CLIENT-RAN)
test "$st" -eq 1 && grep -q -F -- '--mark-file=huge.txt: larger than 16777216 bytes' huge.stderr ||
   fail "--mark-file=huge.txt (20 MB): exit $st: $(cat huge.stderr)"
! grep -q CLIENT-RAN huge.stdout || fail "the client ran with a 20 MB mark file"
pass "an endless or oversized mark file: refused, not read whole"
printf '\357\273\277ht_loop_n\r\n' >bom.txt
hg bom.xml --mark-file=bom.txt -- ../hand_cxx $T $N
expect_eq "marks of a file with a BOM" "$(marks_order bom.xml)" "ht_loop_n"
expect_calls bom.xml ht_loop_n 1

# More than 256 patterns: the message says how many came from --mark
# options and how many from mark files, as the file read last is not
# necessarily where the many came from.
"$PYTHON3" -c 'print("\n".join("f%d" % i for i in range(200)))' >many.txt
set -- $("$PYTHON3" -c 'print(" ".join("--mark=g%d" % i for i in range(100)))')
st=$(hg_status toomany "$@" --mark-file=many.txt -- /bin/echo CLIENT-RAN)
test "$st" -eq 1 || fail "300 marks: exit $st, want 1: $(cat toomany.stderr)"
grep -q -F '100 from --mark options, 156 from --mark-file lines' toomany.stderr ||
   fail "300 marks: the message does not count --mark options and file lines: $(cat toomany.stderr)"
pass "more than 256 marks: the message counts both sources"
