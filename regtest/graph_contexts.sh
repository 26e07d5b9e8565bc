#!/bin/sh
# hotgrind regression tests: the calling contexts of --call-graph=yes
# (<contexts>), against Callgrind, Cachegrind and counts worked out from
# ctx_paths.c.  GPL-2.0-or-later
#
# - ctx_paths paths N M: the calls of main;a, main;a;c, main;b, main;b;c
#   and main;rec down to four recs, worked out in ctx_paths.c; the calls
#   of every chain of two and three of main, a, b, c equal Callgrind's
#   --separate-callers=1 and =2 (its own context separation); each
#   function's self Ir summed over its contexts equals Cachegrind's; the
#   identities hold (contexts.py check).
# - ctx_paths tree D: every walk/left/right context under main and its
#   calls, worked out in ctx_paths.c; then with --max-contexts far below
#   what the program needs: the warning, truncated="yes", at most max
#   normal contexts and one truncated root a function, identities 1-3
#   and every function's calls summed over its contexts.
# - Determinism: two runs give byte-identical reports, of ctx_paths and
#   of a two-thread program (thread_events lockstep), and two runs of
#   mark_threads with --det-sched=yes when HOTGRIND_INTREE names a
#   Valgrind built with patches/.
# - What contexts leave alone: --max-contexts=0 gives the report of
#   --call-graph=yes without <contexts> (and the option), byte for byte,
#   capped or not, with collection toggled or threads; without
#   --call-graph=yes, --max-contexts changes nothing.
. "${srcdir:-.}/lib.sh"
. "$srcdir/graph_lib.sh"

# ctx_calls REPORT PATH: the calls of the contexts whose path ends with
# ";PATH" (0 when none), from contexts.py paths.
ctx_calls() {
   "$PYTHON3" "$srcdir/contexts.py" paths "$1" |
      awk -F '\t' -v p=";$2" \
         'substr($1, length($1) - length(p) + 1) == p { n += $2 }
          END { print n + 0 }'
}

N=10 M=4
hg paths.xml --call-graph=yes -- ../ctx_paths paths $N $M
expect_identities paths.xml
expect_eq "main;a calls" "$(ctx_calls paths.xml main\;a)" $N
expect_eq "main;a;c calls" "$(ctx_calls paths.xml main\;a\;c)" $((2 * N))
expect_eq "main;b calls" "$(ctx_calls paths.xml main\;b)" $((2 * N))
expect_eq "main;b;c calls" "$(ctx_calls paths.xml main\;b\;c)" $((2 * N))
expect_eq "main;rec calls" "$(ctx_calls paths.xml main\;rec)" $M
expect_eq "main;rec;rec;rec;rec calls" \
   "$(ctx_calls paths.xml main\;rec\;rec\;rec\;rec)" $M
expect_eq "main;rec;rec;rec;rec;rec calls" \
   "$(ctx_calls paths.xml main\;rec\;rec\;rec\;rec\;rec)" 0

cg paths.cg ../ctx_paths paths $N $M
contexts_as_cachegrind paths.xml paths.cg
if test "$HT_ARCH" = amd64; then
   for k in 1 2; do
      run_client_env "$VG_IN_PLACE" --tool=callgrind --compress-strings=no \
         --compress-pos=no --separate-callers=$k \
         --callgrind-out-file=paths-$k.cgr ../ctx_paths paths $N $M \
         >paths-$k.cgr.stdout 2>paths-$k.cgr.stderr ||
         fail "callgrind run exited with $? (see $WORK/paths-$k.cgr.stderr)"
      "$PYTHON3" "$srcdir/contexts.py" callgrind paths.xml paths-$k.cgr $k \
         main,a,b,c >paths-$k.compare 2>&1 || {
         cat paths-$k.compare >&2
         fail "paths.xml: context calls differ from Callgrind's paths-$k.cgr"
      }
      pass "paths.xml: $(tail -n 1 paths-$k.compare)"
   done
else
   echo "note: Callgrind comparison skipped on $HT_ARCH (docs/arm64.md)" >&2
fi

# Collection stopped and started again inside an activation that began
# while it was off (ctx_paths.c, toggle): that activation gets a context
# with no calls, holding what ran in it after the start, and c's calls
# are under it.  (The function-level identity "inclusive = self +
# callees" of cgr_edges.py does not hold for outer there, nor without
# contexts: the uncounted inner is no callee of it; so the tool flags
# both mid-jump, the report validates, and its exit check is quiet.)
T=5
hg toggle.xml --call-graph=yes -- ../ctx_paths toggle $T
expect_eq "outer mid-jump" "$(fn_attr toggle.xml outer @mid-jump)" yes
expect_eq "inner mid-jump" "$(fn_attr toggle.xml inner @mid-jump)" yes
! grep -q 'hotgrind: BUG' toggle.xml.stderr ||
   fail "toggle.xml: the tool's exit check fired ($(grep 'BUG' toggle.xml.stderr))"
"$top_builddir/cli/hotgrind" validate toggle.xml >toggle.validate 2>&1 || {
   cat toggle.validate >&2
   fail "toggle.xml: hotgrind validate refuses it"
}
expect_context_identities toggle.xml
expect_eq "main;outer calls" "$(ctx_calls toggle.xml main\;outer)" $T
expect_eq "main;outer;inner calls" "$(ctx_calls toggle.xml main\;outer\;inner)" 0
test "$("$PYTHON3" "$srcdir/contexts.py" paths toggle.xml |
        awk -F '\t' '$1 ~ /;main;outer;inner$/ { print $3 }')" -gt 0 ||
   fail "toggle.xml: main;outer;inner has no self Ir"
expect_eq "main;outer;inner;c calls" \
   "$(ctx_calls toggle.xml main\;outer\;inner\;c)" $T

# The tree, whole: under main;walk, 2^k contexts of walk after k
# choices with 2^(D-k) calls each, and 2^k of left or right.
D=6
hg tree.xml --call-graph=yes -- ../ctx_paths tree $D
expect_identities tree.xml
"$PYTHON3" "$srcdir/contexts.py" paths tree.xml |
   awk -F '\t' '{ i = index($1, ";main;walk"); if (i) print substr($1, i + 6) "\t" $2 }' |
   sort >tree.got
awk -v D=$D 'BEGIN {
   # Every path of k choices (bit strings), as walk;left|right;walk...
   n = 1; p[1] = "walk"
   for (k = 0; k <= D; k++) {
      for (i = 1; i <= n; i++) {
         print p[i] "\t" 2 ^ (D - k)
         if (k < D) {
            print p[i] ";left\t" 2 ^ (D - k - 1)
            print p[i] ";right\t" 2 ^ (D - k - 1)
            q[2 * i - 1] = p[i] ";left;walk"; q[2 * i] = p[i] ";right;walk"
         }
      }
      for (i = 1; i <= 2 * n; i++) p[i] = q[i]
      n = 2 * n
   }
}' | sort >tree.want
cmp -s tree.got tree.want || {
   diff tree.want tree.got | head -n 20 >&2
   fail "tree.xml: the walk contexts under main are not the $(($(wc -l <tree.want))) worked out"
}
pass "tree.xml: $(wc -l <tree.want) walk/left/right contexts under main with their calls"

# The cap.  The full tree has 4 * 2^D - 3 contexts under main alone.
D=10 MAX=300
hg cap.xml --call-graph=yes --max-contexts=$MAX -- ../ctx_paths tree $D
warning="hotgrind: warning: the calling-context tree reached --max-contexts=$MAX nodes; calls that needed a new context were counted under a truncated root (\"[truncated];FUNCTION\" in flame graphs). Raise --max-contexts for full stacks."
test "$(grep -c -F "== $warning" cap.xml.stderr)" = 1 ||
   fail "cap.xml.stderr has not the cap's warning once"
pass "cap: the warning, once"
expect_eq "cap: <contexts truncated>" \
   "$(xpath cap.xml 'string(/hotgrind/contexts/@truncated)')" yes
expect_eq "cap: <contexts max>" \
   "$(xpath cap.xml 'string(/hotgrind/contexts/@max)')" $MAX
expect_eq "cap: <option max-contexts>" \
   "$(xpath cap.xml 'string(/hotgrind/run/options/option[@name="max-contexts"]/@value)')" $MAX
expect_context_identities cap.xml
count=$(xpath cap.xml 'string(/hotgrind/contexts/@count)')
fns=$(xpath cap.xml 'count(/hotgrind/functions/function)')
test "$count" -le $((MAX + fns)) ||
   fail "cap: $count contexts > max $MAX + $fns functions"
test "$("$PYTHON3" "$srcdir/contexts.py" paths cap.xml | grep -c '^\[truncated\];walk	')" = 1 ||
   fail "cap: no [truncated];walk context"
expect_eq "cap: walk's calls over its contexts" \
   "$("$PYTHON3" "$srcdir/contexts.py" paths cap.xml |
      awk -F '\t' '$1 ~ /(^|;)walk$/ { n += $2 } END { print n + 0 }')" \
   $(((D + 1) * (1 << D)))
# Uncapped, the same run has more contexts than the cap allows.
hg cap-full.xml --call-graph=yes -- ../ctx_paths tree $D
full=$(xpath cap-full.xml 'string(/hotgrind/contexts/@count)')
test "$full" -gt $((MAX + fns)) ||
   fail "cap-full: $full contexts: the cap test cuts nothing"
grep -q 'reached --max-contexts' cap-full.xml.stderr &&
   fail "cap-full: the cap's warning without a cap reached"
pass "cap: $count contexts under the cap, $full without"

# Determinism.
hg paths2.xml --call-graph=yes -- ../ctx_paths paths $N $M
cmp paths.xml paths2.xml || fail "two runs of ctx_paths differ"
hg cap2.xml --call-graph=yes --max-contexts=$MAX -- ../ctx_paths tree $D
cmp cap.xml cap2.xml || fail "two capped runs of ctx_paths differ"
# Two threads whose instructions do not depend on the scheduling
# (thread_events.c, lockstep); other programs' do without --det-sched.
LOCKSTEP="../thread_events lockstep 1000 3001 5"
hg threads.xml --call-graph=yes -- $LOCKSTEP
hg threads2.xml --call-graph=yes -- $LOCKSTEP
cmp threads.xml threads2.xml || fail "two runs of thread_events lockstep differ"
expect_context_identities threads.xml
pass "determinism: two runs each of ctx_paths (capped or not) and a two-thread program are byte-identical"
if test -n "${HOTGRIND_INTREE:-}"; then
   build_launcher=$VG_IN_PLACE
   VG_IN_PLACE=$HOTGRIND_INTREE/vg-in-place
   for i in 1 2; do
      hg threads-det$i.xml --call-graph=yes --det-sched=yes -- \
         ../mark_threads 3 4 2000
   done
   VG_IN_PLACE=$build_launcher
   cmp threads-det1.xml threads-det2.xml ||
      fail "two --det-sched=yes runs of mark_threads differ"
   expect_context_identities threads-det1.xml
   pass "determinism: two --det-sched=yes runs of mark_threads are byte-identical"
else
   echo "note: --det-sched=yes not checked: HOTGRIND_INTREE is not set" >&2
fi

# What contexts leave alone: edges take their figures from the contexts
# (the tool adds them at the end) except where a context cannot carry
# them (a truncated root, a caller whose activation did not count because
# collection was off), so the report less <contexts> must be the one of
# --max-contexts=0 (phase one's), whole, capped, and with collection
# stopped and started by the program.
same_less_contexts() {
   _n=$1 _opts=$2; shift 2
   # shellcheck disable=SC2086  # options are single words
   hg "$_n.xml" --call-graph=yes $_opts -- "$@"
   # shellcheck disable=SC2086  # the last --max-contexts wins
   hg "$_n-0.xml" --call-graph=yes $_opts --max-contexts=0 -- "$@"
   grep -q '<contexts' "$_n-0.xml" && fail "--max-contexts=0 wrote <contexts>"
   sed -e '/^  <contexts /,/^  <\/contexts>$/d' \
      -e '/<option name="max-contexts" /d' "$_n.xml" >"$_n.less"
   grep -v '<option name="max-contexts" ' "$_n-0.xml" >"$_n-0.less"
   cmp "$_n.less" "$_n-0.less" ||
      fail "$_n: the report less <contexts> differs from --max-contexts=0's"
   pass "$_n: --max-contexts=0 gives the same report less <contexts>"
   expect_context_identities "$_n.xml"
}
same_less_contexts same-paths "" ../ctx_paths paths $N $M
same_less_contexts same-cap --max-contexts=$MAX ../ctx_paths tree $D
# Cut in the middle of the tree: truncated roots inside normal contexts.
same_less_contexts same-cap-mid --max-contexts=600 ../ctx_paths tree $D
same_less_contexts same-cap-cache "--cache-sim=yes --max-contexts=$MAX" \
   ../ctx_paths tree $D
same_less_contexts same-collect "" ../mark_collect 1000
same_less_contexts same-collect-span "" ../mark_collect 1000 span
same_less_contexts same-collect-off --collect-atstart=no ../mark_collect 1000 span
same_less_contexts same-toggle "" ../ctx_paths toggle $T
same_less_contexts same-threads --max-contexts=200 $LOCKSTEP
hg plain.xml -- ../ctx_paths paths $N $M
hg plain-max.xml --max-contexts=5 -- ../ctx_paths paths $N $M
cmp plain.xml plain-max.xml ||
   fail "without --call-graph=yes, --max-contexts changed the report"
grep -q '<contexts' plain.xml && fail "a report without --call-graph=yes has <contexts>"
pass "without --call-graph=yes: no <contexts>, --max-contexts changes nothing"

# Bad values: Valgrind's own message naming the option, status 1, no
# report.
for v in -1 abc 100000001; do
   st=$(hg_status bad "--hotgrind-out-file=bad-$v.xml" --call-graph=yes \
        --max-contexts=$v -- ../ctx_paths paths 1 1)
   test "$st" = 1 || fail "--max-contexts=$v: exit status $st, not 1"
   grep -q -- "Bad option: --max-contexts=$v" bad.stderr ||
      fail "--max-contexts=$v: no message naming the option"
   test ! -e "bad-$v.xml" || fail "--max-contexts=$v: a report was written"
done
pass "--max-contexts=-1, abc, 100000001: refused with status 1, no report"
