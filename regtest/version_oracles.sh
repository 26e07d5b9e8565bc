#!/bin/sh
# hotgrind regression tests: one program per oracle, run through the
# launcher of a given Valgrind build, so that every supported Valgrind
# version (3.19 to 3.27) is checked against its own Cachegrind, Callgrind
# and DHAT.  GPL-2.0-or-later
#
# Run through version_oracles_*.sh, one per build test.sh makes.
#   HOTGRIND_VG_LAUNCHER  a vg-in-place that runs hotgrind and the oracle
#                         tools of one Valgrind: an in-tree build's
#                         SRC/vg-in-place, or an out-of-tree build's
#                         BUILD/vg-in-place (tools/build-out-of-tree.sh);
#                         unset: the test is skipped
#   HOTGRIND_VG_LABEL     names the run in the output and its folder
#                         (version_oracles-LABEL.dir); default: the
#                         version the launcher prints
#   HOTGRIND_VG_VERSION   if set, the version (prefix, e.g. 3.27) the
#                         launcher must be
#
# Checked, each against the launcher's own tools: hand counts and every
# function's self Ir (Cachegrind), cache figures (Cachegrind
# --cache-sim=yes), heap totals (DHAT), marked functions' calls and
# inclusive Ir (Callgrind); the tool and the oracles report the same
# Valgrind version; two runs give the same report.
#
# A wrapper for an in-tree build sets oracles_tree_var (the variable that
# names the tree) and oracles_version instead.
if test -n "${oracles_tree_var:-}"; then
   eval "oracles_tree=\${$oracles_tree_var:-}"
   test -n "$oracles_tree" || {
      echo "SKIP: version_oracles: $oracles_tree_var is not set (test.sh builds Valgrind $oracles_version in tree)" >&2
      exit 77
   }
   HOTGRIND_VG_LAUNCHER=$oracles_tree/vg-in-place
   HOTGRIND_VG_LABEL=in-tree-$oracles_version
   HOTGRIND_VG_VERSION=$oracles_version
fi
if test -z "${HOTGRIND_VG_LAUNCHER:-}"; then
   echo "SKIP: version_oracles: HOTGRIND_VG_LAUNCHER is not set (the vg-in-place of the Valgrind build to check)" >&2
   exit 77
fi
VG_IN_PLACE=$HOTGRIND_VG_LAUNCHER
test -x "$VG_IN_PLACE" || {
   echo "ERROR: version_oracles: HOTGRIND_VG_LAUNCHER=$VG_IN_PLACE is not an executable" >&2
   exit 99
}
# --tool=none: an in-tree build made with --tools may have no memcheck,
# the tool a bare --version starts.
vg_version=$("$VG_IN_PLACE" --tool=none --version 2>/dev/null | sed -n 's/^valgrind-//p')
test -n "$vg_version" || {
   echo "ERROR: version_oracles: $VG_IN_PLACE --version does not print valgrind-VERSION" >&2
   exit 99
}
: "${HOTGRIND_VG_LABEL:=$vg_version}"
label=$(printf '%s' "$HOTGRIND_VG_LABEL" | tr -c 'A-Za-z0-9._-' '_')
WORK_NAME="version_oracles-$label"
. "${srcdir:-.}/lib.sh"
. "$srcdir/hand_lib.sh"
. "$srcdir/heap_lib.sh"

echo "Valgrind $vg_version ($HOTGRIND_VG_LABEL): $VG_IN_PLACE"
case $vg_version in
   "${HOTGRIND_VG_VERSION:-$vg_version}"|"${HOTGRIND_VG_VERSION:-$vg_version}".*) ;;
   *) fail "the launcher runs Valgrind $vg_version, not $HOTGRIND_VG_VERSION";;
esac
prog_built hand_c oracle_c cache_walk heap_c mark_cg

# Hand counts, then every function's self Ir and the total = Cachegrind's.
check_hand_c hand_c 7 1 40 1000
same_as_cachegrind oracle_c ../oracle_c 2000

# The tool was built against the Valgrind whose oracles ran.
expect_eq "Valgrind version in the report" \
   "$(xpath oracle_c.xml 'string(/hotgrind/run/valgrind/@version)')" \
   "$(sed -n 's/^==[0-9]*== Using Valgrind-\([^ ]*\) .*/\1/p' oracle_c.cg.stderr)"

# Cache figures = Cachegrind --cache-sim=yes (cache_oracle.sh says why
# every client gets an empty LD_PRELOAD).
CLIENT_ENV=LD_PRELOAD= cache_same walk \
   "--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64" -- ../cache_walk 64 1

# Heap totals = DHAT's (heap_dhat.sh).
hgh heap.xml -- ../heap_c 1
dhat heap ../heap_c 1
same_as_dhat heap.xml heap

# Marked functions' calls and inclusive Ir = Callgrind's (mark_callgrind.sh).
if test "$HT_ARCH" = amd64; then
   hg cg.xml --mark='mark_cg:cg_*' -- ../mark_cg 200
   callgrind_runs cg ../mark_cg 200
   same_as_callgrind cg.xml cg cg_sort cg_cmp cg_hash cg_tail cg_strings \
      cg_square cg_apply cg_find
else
   echo "note: Callgrind comparison skipped on $HT_ARCH (docs/arm64.md section 4)" >&2
fi

# Two runs, one report.
hg again.xml -- ../oracle_c 2000
cmp oracle_c.xml again.xml || fail "two runs of oracle_c gave different reports"
pass "two runs give identical reports"
