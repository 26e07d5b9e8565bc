#!/bin/sh
# hotgrind regression tests: --lines=yes.  Every function's self Ir per
# source line equals Cachegrind's per-line records (fl=/fn=/line), on our
# C/C++ programs and on Debian's bzip2, xz and sqlite3; the lines sum to
# the function's self Ir; two runs are identical; and apart from <lines>
# and the option the report is the one a run without --lines writes.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# lines_agree NAME PROG [ARGS...]: a --lines=yes run and a Cachegrind
# run of the same command, compared line by line.
lines_agree() {
   _name=$1; shift
   hg "$_name.xml" --lines=yes -- "$@"
   cg "$_name.cg" "$@"
   "$PYTHON3" "$srcdir/cg_lines_compare.py" "$_name.xml" "$_name.cg" \
      >"$_name.compare" 2>&1 || {
      cat "$_name.compare" >&2
      fail "$_name: per-line Ir differs from Cachegrind's"
   }
   pass "$_name: $(cat "$_name.compare")"
}

lines_agree oracle_c ../oracle_c 2000
lines_agree oracle_cxx ../oracle_cxx 1500
lines_agree hand_c ../hand_c 1000 500 300 100
if test -x /usr/bin/bzip2 && test -x /usr/bin/xz && test -x /usr/bin/sqlite3
then
   ../gen_input text 200000 >input.txt
   ../gen_input sql 3000 >script.sql
   lines_agree bzip2 /usr/bin/bzip2 -c -9 input.txt
   lines_agree xz /usr/bin/xz -1 -T1 -c input.txt
   lines_agree sqlite /usr/bin/sqlite3 -batch :memory: ".read script.sql"
else
   echo "note: Debian's bzip2, xz or sqlite3 missing; their checks skipped"
fi

# The comparison must be able to fail: one line's count changed (a
# digit put in front of the first line's Ir).
sed '0,/<line /s/\(<line [^>]* Ir="\)/\11/' oracle_c.xml >off_by_one.xml
cmp -s oracle_c.xml off_by_one.xml && hard_error "could not alter a line's count"
if "$PYTHON3" "$srcdir/cg_lines_compare.py" off_by_one.xml oracle_c.cg >/dev/null 2>&1
then
   fail "cg_lines_compare.py accepted a changed line count"
fi
pass "cg_lines_compare.py rejects a changed line count"

# Determinism.
hg again.xml --lines=yes -- ../oracle_c 2000
cmp oracle_c.xml again.xml || fail "two --lines=yes runs differ"
pass "two --lines=yes runs are byte-identical"

# Without the option nothing changes: the --lines=yes report minus its
# <lines> blocks and its option is the plain report.
hg plain.xml -- ../oracle_c 2000
sed -e '/^      <lines>$/,/^      <\/lines>$/d' \
    -e '/<option name="lines" value="yes"\/>/d' oracle_c.xml >stripped.xml
cmp plain.xml stripped.xml ||
   fail "--lines=yes changed more of the report than <lines>"
pass "without <lines>, the --lines=yes report is the plain one"

# Not yet per line: cache and branch figures; refused, not left out.
if run_client_env "$VG_IN_PLACE" --tool=hotgrind --lines=yes --cache-sim=yes \
      --hotgrind-out-file=refused.xml ../oracle_c 10 >refused.out 2>&1; then
   fail "--lines=yes --cache-sim=yes was accepted"
fi
grep -q "lines=yes counts Ir only so far" refused.out ||
   fail "no clear error for --lines=yes --cache-sim=yes"
test -e refused.xml && fail "a refused run wrote a report"
pass "--lines=yes with --cache-sim=yes is refused with a clear error"

# hotgrind validate checks that the lines add up to <self>: the real
# report is valid, the one with a changed line count is not.
HOTGRIND_CLI="$top_builddir/cli/hotgrind"
"$HOTGRIND_CLI" validate oracle_c.xml >valid.out 2>&1 ||
   fail "hotgrind validate rejected a --lines=yes report: $(cat valid.out)"
if "$HOTGRIND_CLI" validate off_by_one.xml >invalid.out 2>&1; then
   fail "hotgrind validate accepted lines that do not add up to <self>"
fi
grep -q "the <line> Irs add up to" invalid.out ||
   fail "hotgrind validate gave no clear error: $(cat invalid.out)"
pass "hotgrind validate: $(head -1 invalid.out)"

# merge sums <lines> per (function, file, dir, line): two identical runs
# merged have every line's Ir doubled, in the same order, and validate.
"$HOTGRIND_CLI" merge -o merged.xml oracle_c.xml again.xml >merge.out 2>&1 ||
   fail "hotgrind merge refused --lines=yes reports: $(cat merge.out)"
"$HOTGRIND_CLI" validate merged.xml >merged.valid 2>&1 ||
   fail "the merged report is not valid: $(cat merged.valid)"
grep '<line ' oracle_c.xml |
   awk '{ match($0, /Ir="[0-9]+"/); n = substr($0, RSTART + 4, RLENGTH - 5);
          print substr($0, 1, RSTART - 1) "Ir=\"" 2 * n "\"" substr($0, RSTART + RLENGTH) }' \
   >doubled.lines
grep '<line ' merged.xml >merged.lines
cmp doubled.lines merged.lines ||
   fail "hotgrind merge did not double every line of two identical runs"
pass "hotgrind merge sums <lines>: $(wc -l <merged.lines) lines doubled"
