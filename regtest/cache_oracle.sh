#!/bin/sh
# hotgrind regression tests: --cache-sim=yes against Cachegrind
# --cache-sim=yes with the same geometry: every function's and the
# total's Ir, I1mr, ILmr, Dr, D1mr, DLmr, Dw, D1mw and DLmw must be equal.
# Programs: the same data walked in order and at random (cache_walk.c),
# the C++ oracle program, and Debian's bzip2 on a generated file.  Also:
# the default geometry is fixed and recorded, bad geometries are refused,
# and two runs give identical reports.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# Every client gets an LD_PRELOAD (empty) of its own, which valgrind extends
# in place with its preload library.  Without one, valgrind appends
# LD_PRELOAD as the environment's last string, just before the kernel's 16
# AT_RANDOM bytes on the client's stack; ld.so's strcspn, parsing it, reads
# a few bytes past its end (when the path's length puts the end there), and
# a random byte becomes an index into its table on the stack: a random D1
# line, which with the tiny direct-mapped D1 below sometimes costs a miss
# (ld.so's strcspn and memcpy D1mr differed by one between runs, in both
# tools).  With it the clients' memory accesses are the same in every run.
CLIENT_ENV=LD_PRELOAD=

cache_same walk "$GEOM" -- ../cache_walk 256 2
# The walk really is about caches: same data, far more D1 misses at random.
seq=$(fn_attr walk.xml walk_sequential self/@D1mr)
rnd=$(fn_attr walk.xml walk_random self/@D1mr)
test "$rnd" -gt $((4 * seq)) ||
   fail "walk_random D1mr $rnd is not well above walk_sequential's $seq"
pass "random walk misses D1 more: $rnd against $seq"

# A small, odd geometry (2-way I1, direct-mapped D1, 3-way LL of 96 KB:
# 512 sets) exercises eviction and straddling differently.
CACHE_ORACLE_TWICE=yes cache_same walk_small \
   "--I1=4096,2,32 --D1=2048,1,32 --LL=98304,3,32" -- ../cache_walk 64 1
# The program's own functions are never among the unstable figures.
! grep -q "unstable.*\(walk_\|scatter_writes\|main \)" walk_small.compare ||
   fail "the walk functions' figures were unstable: $(cat walk_small.compare)"
# A 16-way I1 (a set's tags wider than a line) and a fully associative
# D1 (one set): the inline checks' general form, and no grouped checks.
cache_same walk_wide \
   "--I1=16384,16,64 --D1=4096,64,64 --LL=131072,16,64" -- ../cache_walk 64 1
cache_same cxx "$GEOM" -- ../oracle_cxx 300

../gen_input text 65536 >input.txt
cache_same bzip2 "$GEOM" -- /usr/bin/bzip2 -9 -c input.txt

# The default geometry is fixed, not the host's, and the report says it.
hg default.xml --cache-sim=yes -- ../cache_walk 16 1
geom=$(xpath default.xml 'concat(/hotgrind/run/cache/@I1, " ", /hotgrind/run/cache/@D1, " ", /hotgrind/run/cache/@LL)')
expect_eq "default geometry" "$geom" "32768,8,64 32768,8,64 8388608,16,64"

# Without --cache-sim there are no cache figures at all.
hg plain.xml -- ../cache_walk 16 1
test "$(xpath plain.xml 'count(//@D1mr | /hotgrind/run/cache)')" = 0 ||
   fail "cache figures in a report without --cache-sim"
pass "no cache figures without --cache-sim"

# Two runs: identical reports.
hg again.xml --cache-sim=yes -- ../cache_walk 16 1
cmp default.xml again.xml || fail "two --cache-sim runs differ"
pass "--cache-sim reports are deterministic"

# Geometries the model cannot simulate are refused, naming the option.
for bad in "--I1=32768,8,63" "--D1=3000,2,64" "--LL=64,1,64" "--I1=1024,2,8" \
           "--D1=32768,8" "--LL=x,8,64" "--I1=4096,128,64"; do
   st=$(hg_status bad "$bad" -- /bin/true)
   test "$st" -ne 0 || fail "$bad was accepted"
   grep -q -F -- "${bad%%=*}" bad.stderr || fail "$bad: message does not name the option: $(cat bad.stderr)"
done
pass "bad geometries refused"

# Lines narrower than the widest register (an access could span three
# lines) are refused at start-up, as Cachegrind does.
st=$(hg_status narrow --cache-sim=yes --D1=4096,2,16 -- /bin/true)
if test "$st" -ne 0; then
   grep -q "at least" narrow.stderr || fail "narrow lines: unclear message: $(cat narrow.stderr)"
   pass "lines narrower than the widest register refused"
fi

# Inclusive cache figures of marked functions follow the marks' rules: a
# marked leaf's inclusive figures are its self figures; a marked caller's
# are its own plus its callees'.  walk_* are leaves called from main only.
hg marked.xml --cache-sim=yes $GEOM --mark=walk_random --mark=walk_sequential \
   --mark=main -- ../cache_walk 64 1
for f in walk_random walk_sequential; do
   for m in Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw; do
      expect_eq "$f inclusive $m = self" "$(fn_attr marked.xml "$f" "inclusive/@$m")" \
         "$(fn_attr marked.xml "$f" "self/@$m")"
   done
done
for m in Dr D1mr Dw; do
   main_self=$(fn_attr marked.xml main "self/@$m")
   main_incl=$(fn_attr marked.xml main "inclusive/@$m")
   leaves=$(( $(fn_attr marked.xml walk_random "self/@$m") + $(fn_attr marked.xml walk_sequential "self/@$m") ))
   test "$main_incl" -ge $((main_self + leaves)) ||
      fail "main inclusive $m $main_incl < self $main_self + leaves $leaves"
done
pass "inclusive cache figures of marked functions"

# --cache-geometry=host takes the host's caches as Cachegrind does by
# default (its last-level adjustment included): a default Cachegrind run on
# this machine gives the same figures, and the report says "host".
hg host.xml --cache-sim=yes --cache-geometry=host -- ../cache_walk 64 1
run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=yes \
   --cachegrind-out-file=host.cg ../cache_walk 64 1 >host.cg.stdout 2>host.cg.stderr ||
   fail "cachegrind run exited with $?"
expect_eq "geometry source" "$(xpath host.xml 'string(/hotgrind/run/cache/@source)')" host
"$PYTHON3" "$srcdir/cg_compare.py" host.xml host.cg >host.compare 2>&1 || {
   cat host.compare >&2
   fail "host geometry: figures differ from a default Cachegrind run"
}
pass "host geometry: $(tail -n 1 host.compare)"
expect_eq "default geometry source" "$(xpath default.xml 'string(/hotgrind/run/cache/@source)')" fixed

# The cycle estimate follows the cost model the report names, from the
# report's own counters: cycles = Ir + l1-miss*(I1mr+D1mr+D1mw)
#                                    + ll-miss*(ILmr+DLmr+DLmw).
expect_eq "cost model" "$(xpath walk.xml 'concat(/hotgrind/run/cost-model/@name, " ", /hotgrind/run/cost-model/@version)')" "l1-ll-miss 1"
l1=$(xpath walk.xml 'string(/hotgrind/run/cost-model/@l1-miss)')
ll=$(xpath walk.xml 'string(/hotgrind/run/cost-model/@ll-miss)')
for el in /hotgrind/totals '/hotgrind/functions/function[@name="walk_random"]/self' \
          '/hotgrind/functions/function[@name="main"]/self'; do
   v() { xpath walk.xml "string($el/@$1)"; }
   want=$(( $(v Ir) + l1 * ($(v I1mr) + $(v D1mr) + $(v D1mw)) + ll * ($(v ILmr) + $(v DLmr) + $(v DLmw)) ))
   expect_eq "cycles of $el" "$(v cycles)" "$want"
done
test "$(xpath plain.xml 'count(//@cycles | /hotgrind/run/cost-model)')" = 0 ||
   fail "a cycle estimate without --cache-sim"
pass "cycle estimate follows its named model"
