#!/bin/sh
# hotgrind regression tests: arm64 under a later Valgrind release, built
# in tree and cross-built with patches/, under qemu: its own oracles,
# --det-sched=yes, and every figure against the same run under the
# earlier releases.
# GPL-2.0-or-later
#
# Run through arm64_release_324.sh and arm64_release_327.sh, which set
# a64_release (3.24, 3.27), a64_release_var (the variable naming that
# release's tree: HOTGRIND_INTREE_ARM64_324, ..._327) and a64_bases (the
# variables naming the earlier releases' trees it is compared with:
# HOTGRIND_INTREE_ARM64 for 3.19, and for 3.27 also
# HOTGRIND_INTREE_ARM64_324).  test.sh builds them all
# (tools/cached-in-tree.sh VERSION "none hotgrind callgrind cachegrind"
# aarch64-linux-gnu); one unset: skipped, saying which.
# The tools run under qemu through the arm64 cross build's vg-qemu
# (arm64_lib.sh builds it) with VALGRIND_LIB set to a tree's .in_place.
#
# Kept cheap (./test.sh runs one per release): one run of each tool on
# mark_cg, a second hotgrind run for determinism, two small programs for
# what --det-sched=yes does per release, and one run per earlier release
# to compare with.
# - mark_cg 200 at -O2 under hotgrind with the cache and branch
#   simulations, per line, its cg_* functions marked and the call graph,
#   all under --det-sched=yes: every function's self Ir, cache and branch
#   figures = the release's Cachegrind (cg_compare.py), the marked
#   functions' calls and inclusive Ir = the release's patched Callgrind
#   (cgr_inclusive.py), the report names the release, and a second run
#   gives the same bytes.
# - det_prog pingpong (two threads through a mutex and a condition
#   variable): two runs under --det-sched=yes give the same bytes and the
#   native output (the release's patches/0003-det-sched/VERSION.patch
#   schedules the threads).
# - vt_cntvct: CNTVCT_EL0 under virtual time counts 2002 ticks around
#   its loop, the hand count (vt_cntvct_arm64.S).
# - The same mark_cg run under each earlier release, each tree's tools
#   reached through a link of the same length (the preload library's
#   path is in the client's LD_PRELOAD, its length moves ld.so's counts):
#   every figure of the two reports (arm64_release_compare.py) that moved
#   must be one that the Valgrind note of `hotgrind diff` for arm64
#   (cli/report/valgrind-versions.c) names, and the note must say that no
#   figure moved exactly when none did (as versions_compare.sh on amd64).
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

: "${a64_release:?set by arm64_release_VERSION.sh}" "${a64_release_var:?}" "${a64_bases:?}"
a64_tree=
eval "a64_tree=\${$a64_release_var:-}"
test -n "$a64_tree" ||
   skip "$a64_release_var is not set: no arm64 Valgrind $a64_release built with patches/ (test.sh builds one: tools/cached-in-tree.sh $a64_release TOOLS aarch64-linux-gnu)"
# shellcheck disable=SC2154  # top_builddir: lib.sh
CLI=$top_builddir/cli/hotgrind
t0=$(date +%s)

# libN: the Nth tree, the release's last; vgN runs vg-qemu with
# VALGRIND_LIB=libN.
n=0
for var in $a64_bases $a64_release_var; do
   tree=
   eval "tree=\${$var:-}"
   test -n "$tree" ||
      skip "$var is not set: no arm64 Valgrind built with patches/ to compare $a64_release with"
   for tool in hotgrind cachegrind callgrind; do
      test -f "$tree/.in_place/$tool-arm64-linux" ||
         hard_error "$var=$tree has no .in_place/$tool-arm64-linux (build it with the tools \"none hotgrind callgrind cachegrind\")"
   done
   ln -s "$tree/.in_place" "lib$n"
   printf '#!/bin/sh\nVALGRIND_LIB=%s/lib%s exec %s "$@"\n' \
      "$WORK" "$n" "$A64_BUILD/vg-qemu" >"vg$n"
   chmod +x "vg$n"
   n=$((n + 1))
done
a64_build
a64_cc mark_cg -O2 mark_cg.c
a64_cc det_prog -O2 det_prog.c -pthread
a64_cc vt_cntvct -O0 vt_cntvct_arm64.S

# The release's tools, from here on (lib.sh's hg, cg, cgr).
VG_IN_PLACE=$WORK/vg$((n - 1))
OPTS="--det-sched=yes --cache-sim=yes --branch-sim=yes $A64_GEOM"
HGOPTS="$OPTS --lines=yes --mark=mark_cg:cg_* --call-graph=yes"

# mark_cg: the oracles.
# shellcheck disable=SC2086  # option words
hg cg.xml $HGOPTS -- ./mark_cg 200
vg_version=$(xpath cg.xml 'string(/hotgrind/run/valgrind/@version)')
case $vg_version in
   "$a64_release".*) ;;
   *) fail "the report's Valgrind is $vg_version, not $a64_release";;
esac
expect_eq "the report's architecture" \
   "$(xpath cg.xml 'string(/hotgrind/run/arch)')" arm64
# lib.sh's cg; OPTS' --cache-sim=yes comes after its --cache-sim=no.
# shellcheck disable=SC2086
cg cg.cg $OPTS ./mark_cg 200
cmp -s cg.xml.stdout cg.cg.stdout ||
   fail "mark_cg printed different output under hotgrind and cachegrind"
"$PYTHON3" "$srcdir/cg_compare.py" cg.xml cg.cg >cg.compare 2>&1 || {
   cat cg.compare >&2
   fail "mark_cg: hotgrind and Cachegrind $vg_version differ on arm64"
}
pass "mark_cg: $(tail -n 1 cg.compare)"
cgr cg.cgr --det-sched=yes ./mark_cg 200
"$PYTHON3" "$srcdir/cgr_inclusive.py" compare cg.xml cg.cgr cg.cg >cg.cgr-compare 2>&1 || {
   cat cg.cgr-compare >&2
   fail "mark_cg: marked functions' inclusive Ir or calls differ from the patched Callgrind $vg_version"
}
pass "mark_cg: $(tail -n 1 cg.cgr-compare)"
# shellcheck disable=SC2086
hg cg.again.xml $HGOPTS -- ./mark_cg 200
cmp cg.xml cg.again.xml || fail "mark_cg: two runs gave different reports"
pass "mark_cg: two runs, identical reports"

# --det-sched=yes with threads, and virtual time.
run_client_env "$A64_QEMU" -L "$A64_ROOT" -cpu neoverse-n1 ./det_prog pingpong \
   >pingpong.native 2>&1 || fail "det_prog pingpong exits with $? under qemu"
for i in 1 2; do
   hg "pingpong.$i.xml" --det-sched=yes --thread-events=yes -- ./det_prog pingpong
done
cmp -s pingpong.native pingpong.1.xml.stdout ||
   fail "pingpong: output differs from the native one: $(cat pingpong.1.xml.stdout)"
cmp pingpong.1.xml pingpong.2.xml ||
   fail "pingpong: two runs under --det-sched=yes differ"
pass "pingpong: two runs identical, $(xpath pingpong.1.xml 'count(/hotgrind/threads/thread)') threads, total $(total_ir pingpong.1.xml)"
hg vt_cntvct.xml --det-sched=yes -- ./vt_cntvct
test "$(cat vt_cntvct.xml.stdout)" = "cntvct 2002" ||
   fail "vt_cntvct: printed '$(cat vt_cntvct.xml.stdout)', the hand count is 'cntvct 2002'"
pass "vt_cntvct: CNTVCT_EL0 counted 2002 ticks around the loop, the hand count"

# Against each earlier release: the same mark_cg run, figure by figure.
b=0
while test "$b" -lt $((n - 1)); do
   # shellcheck disable=SC2086
   VG_IN_PLACE=$WORK/vg$b hg "cg.$b.xml" $HGOPTS -- ./mark_cg 200
   base_version=$(xpath "cg.$b.xml" 'string(/hotgrind/run/valgrind/@version)')
   "$CLI" diff --format=json "cg.$b.xml" cg.xml >"cg.$b.json" 2>"cg.$b.json.err" ||
      fail "hotgrind diff cg.$b.xml cg.xml failed: $(cat "cg.$b.json.err")"
   note=$("$PYTHON3" -c '
import json, sys
[why] = [r.get("why", "") for r in json.load(open(sys.argv[1]))["runs-differ"]
         if r["what"] == "Valgrind"]
print(why)' "cg.$b.json") ||
      fail "hotgrind diff cg.$b.xml cg.xml: not one Valgrind entry in runs-differ"
   "$PYTHON3" "$srcdir/arm64_release_compare.py" "cg.$b.xml" cg.xml "$note" \
      >"cg.$b.moved" 2>&1 || {
      cat "cg.$b.moved" >&2
      fail "$base_version and $vg_version on arm64: the figures that moved are not what hotgrind's note says (above)"
   }
   cat "cg.$b.moved"
   pass "$base_version and $vg_version on arm64: what moved is what the note says ($(tail -n 1 "cg.$b.moved"))"
   b=$((b + 1))
done
echo "arm64_release $a64_release: $(($(date +%s) - t0)) s"
