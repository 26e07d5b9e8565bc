#!/bin/sh
# hotgrind regression tests: --lines=yes.  Every function's self costs
# per source line equal Cachegrind's per-line records (fl=/fn=/line), Ir
# alone and every cache and branch event with --cache-sim=yes
# --branch-sim=yes, on our C/C++ programs and on Debian's bzip2, xz and
# sqlite3; the lines sum to the function's <self> in every event; two
# runs are identical; and apart from <lines> and the option the report
# is the one a run without --lines writes, call graph and code without
# symbols included.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# The geometry cache_oracle.sh compares with, and an LD_PRELOAD of its
# own for every client, which keeps ld.so's accesses the same in every
# run (cache_oracle.sh says why).
GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
SIM="--cache-sim=yes --branch-sim=yes $GEOM"
# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=

# lines_agree NAME PROG [ARGS...]: a --lines=yes run and a Cachegrind
# run of the same command, compared line by line: Ir only, then (NAME_sim)
# with the cache and branches simulated in both.
lines_agree() {
   _name=$1; shift
   hg "$_name.xml" --lines=yes -- "$@"
   cg "$_name.cg" "$@"
   # shellcheck disable=SC2086  # SIM is several options
   hg "${_name}_sim.xml" --lines=yes $SIM -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind $SIM \
      --cachegrind-out-file="${_name}_sim.cg" "$@" \
      >"${_name}_sim.cg.stdout" 2>"${_name}_sim.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/${_name}_sim.cg.stderr)"
   for _run in "$_name" "${_name}_sim"; do
      "$PYTHON3" "$srcdir/cg_lines_compare.py" "$_run.xml" "$_run.cg" \
         >"$_run.compare" 2>&1 || {
         cat "$_run.compare" >&2
         fail "$_run: per-line figures differ from Cachegrind's"
      }
      pass "$_run: $(cat "$_run.compare")"
   done
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
# And main's first line's D1mr one higher, its <self> too, so that only
# Cachegrind's records can tell.
main_xp='/hotgrind/functions/function[@name="main"]'
d1mr=$(xpath oracle_c_sim.xml "string($main_xp/self/@D1mr)")
line1=$(xpath oracle_c_sim.xml "string($main_xp/lines/line[1]/@line)")
line1_d1mr=$(xpath oracle_c_sim.xml "string($main_xp/lines/line[1]/@D1mr)")
sed -e "/<function name=\"main\" /,/<\/function>/{
s/^\(      <self .* D1mr=\"\)$d1mr\"/\1$((d1mr + 1))\"/
s/^\(        <line .* line=\"$line1\" .* D1mr=\"\)$line1_d1mr\"/\1$((line1_d1mr + 1))\"/
}" oracle_c_sim.xml >d1mr_off.xml
test "$(grep -c 'D1mr=' oracle_c_sim.xml)" = "$(grep -c 'D1mr=' d1mr_off.xml)" &&
   ! cmp -s oracle_c_sim.xml d1mr_off.xml &&
   test "$(diff oracle_c_sim.xml d1mr_off.xml | grep -c '^>')" = 2 ||
   hard_error "could not alter main's first line's D1mr"
if "$PYTHON3" "$srcdir/cg_lines_compare.py" d1mr_off.xml oracle_c_sim.cg >/dev/null 2>&1
then
   fail "cg_lines_compare.py accepted a changed line D1mr"
fi
pass "cg_lines_compare.py rejects a changed line Ir and a changed line D1mr"

# Determinism, with every per-line event.
hg again.xml --lines=yes -- ../oracle_c 2000
cmp oracle_c.xml again.xml || fail "two --lines=yes runs differ"
# shellcheck disable=SC2086
hg again_sim.xml --lines=yes $SIM -- ../oracle_cxx 1500
cmp oracle_cxx_sim.xml again_sim.xml ||
   fail "two --lines=yes --cache-sim=yes --branch-sim=yes runs differ"
pass "two --lines=yes runs are byte-identical, Ir only and with both simulators"

# Without the option nothing changes: the --lines=yes report minus its
# <lines> blocks and its option is the plain report.
hg plain.xml -- ../oracle_c 2000
sed -e '/^      <lines>$/,/^      <\/lines>$/d' \
    -e '/<option name="lines" value="yes"\/>/d' oracle_c.xml >stripped.xml
cmp plain.xml stripped.xml ||
   fail "--lines=yes changed more of the report than <lines>"
pass "without <lines>, the --lines=yes report is the plain one"

# And on threads: the clock, which --lines=yes keeps inline and a plain
# run sums at each thread switch, gives each thread the same costs.
# lockstep's instructions do not depend on the scheduling
# (thread_determinism.sh); its simulated figures do (the predictor's
# history and the caches are shared by the threads), so Ir only.
hg threads_lines.xml --lines=yes -- ../thread_events lockstep 1000 3001 5
hg threads_plain.xml -- ../thread_events lockstep 1000 3001 5
test "$(xpath threads_plain.xml 'count(/hotgrind/threads/thread)')" -gt 1 ||
   hard_error "lockstep ran one thread"
sed -e '/^      <lines>$/,/^      <\/lines>$/d' \
    -e '/<option name="lines" value="yes"\/>/d' threads_lines.xml \
    >threads_stripped.xml
cmp threads_plain.xml threads_stripped.xml ||
   fail "--lines=yes changed the threads' costs or other figures"
pass "on threads, --lines=yes changes only <lines>"

# The same with both simulators and the call graph, on a program whose
# code has no symbols (Debian strips bzip2): the functions' self costs,
# the no-symbol costs of activations, inclusive costs and contexts do
# not move when the instructions count in their lines instead.
if test -x /usr/bin/bzip2; then
   ../gen_input text 20000 >small.txt
   # shellcheck disable=SC2086
   hg graph_lines.xml --lines=yes --call-graph=yes $SIM -- \
      /usr/bin/bzip2 -c -9 small.txt
   # shellcheck disable=SC2086
   hg graph_plain.xml --call-graph=yes $SIM -- /usr/bin/bzip2 -c -9 small.txt
   grep -q '<no-symbol ' graph_plain.xml ||
      hard_error "bzip2 ran no code without a symbol"
   sed -e '/^      <lines>$/,/^      <\/lines>$/d' \
       -e '/<option name="lines" value="yes"\/>/d' graph_lines.xml \
       >graph_stripped.xml
   cmp graph_plain.xml graph_stripped.xml ||
      fail "--lines=yes changed the call graph or simulated figures"
   pass "with the call graph and both simulators, --lines=yes changes only <lines>"
fi

# hotgrind validate checks that the lines add up to <self> in every
# event: the real reports are valid, the one with a changed line count
# is not, nor the one whose main's first line alone has one D1mr more.
HOTGRIND_CLI="$top_builddir/cli/hotgrind"
for r in oracle_c.xml oracle_c_sim.xml sqlite_sim.xml graph_lines.xml; do
   test -f "$r" || continue
   "$HOTGRIND_CLI" validate "$r" >valid.out 2>&1 ||
      fail "hotgrind validate rejected $r: $(cat valid.out)"
done
if "$HOTGRIND_CLI" validate off_by_one.xml >invalid.out 2>&1; then
   fail "hotgrind validate accepted lines that do not add up to <self>"
fi
grep -q "the <line> Irs add up to" invalid.out ||
   fail "hotgrind validate gave no clear error: $(cat invalid.out)"
sed "/<function name=\"main\" /,/<\/function>/{
s/^\(        <line .* line=\"$line1\" .* D1mr=\"\)$line1_d1mr\"/\1$((line1_d1mr + 1))\"/
}" oracle_c_sim.xml >d1mr_line.xml
if "$HOTGRIND_CLI" validate d1mr_line.xml >invalid_d1mr.out 2>&1; then
   fail "hotgrind validate accepted line D1mrs that do not add up to <self>"
fi
grep -q -F "function \"main\": the <line> D1mrs add up to $((d1mr + 1)), but <self> has D1mr=\"$d1mr\"" \
   invalid_d1mr.out ||
   fail "hotgrind validate gave no clear error: $(cat invalid_d1mr.out)"
pass "hotgrind validate: $(head -1 invalid.out); $(head -1 invalid_d1mr.out)"

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
