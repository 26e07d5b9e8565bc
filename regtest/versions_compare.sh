#!/bin/sh
# hotgrind regression tests: the same programs under each Valgrind release
# built in tree (tools/build-in-tree.sh), compared figure by figure, and
# what `hotgrind diff` says of the difference.  GPL-2.0-or-later
#
# HOTGRIND_VERSION_TREES lists the in-tree source trees, oldest first
# (test.sh sets it to its 3.19, 3.24 and 3.27 builds).  Every run has the
# same client environment: each tree's tool folder is reached through a
# link of the same length here, since the preload library's path is in
# LD_PRELOAD and ld.so's start-up counts depend on its length.
#
# Each consecutive pair of releases must give equal figures except those
# the note of `hotgrind diff` (cli/report/valgrind-versions.c) names for that
# pair; a figure that moved and is not named fails, and so does a note
# saying that nothing moved when something did.
. "${srcdir:-.}/lib.sh"

test -n "${HOTGRIND_VERSION_TREES:-}" ||
   skip "HOTGRIND_VERSION_TREES is not set: no Valgrind releases built in tree (test.sh builds them)"
CLI=$top_builddir/cli/hotgrind

# One launcher per tree: vgN runs TREE's valgrind with VALGRIND_LIB=libN.
n=0
labels=
for tree in $HOTGRIND_VERSION_TREES; do
   test -x "$tree/coregrind/valgrind" && test -d "$tree/.in_place" ||
      hard_error "$tree is not a built Valgrind source tree"
   test -e "$tree/.in_place/hotgrind-$HT_ARCH-linux" ||
      hard_error "$tree has no in-tree hotgrind"
   ln -s "$tree/.in_place" "lib$n"
   printf '#!/bin/sh\nVALGRIND_LIB=%s/lib%s exec %s "$@"\n' \
      "$WORK" "$n" "$tree/coregrind/valgrind" >"vg$n"
   chmod +x "vg$n"
   n=$((n + 1))
done
test "$n" -ge 2 || skip "one release only: nothing to compare"

GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"
# run N NAME OPTIONS... -- PROG ARGS...: a report vgN's hotgrind makes.
run() {
   _n=$1 _name=$2; shift 2
   _opts=
   while test "$1" != --; do _opts="$_opts $1"; shift; done
   shift
   # shellcheck disable=SC2086  # option words
   run_client_env "./vg$_n" --tool=hotgrind --hotgrind-out-file="$_name.$_n.xml" \
      $_opts "$@" >"$_name.$_n.out" 2>"$_name.$_n.err" ||
      fail "$_name under $(sed -n 1p "$_name.$_n.err") failed"
   "$CLI" validate "$_name.$_n.xml" >/dev/null || fail "$_name.$_n.xml is not valid"
}

i=0
while test "$i" -lt "$n"; do
   run "$i" hand --cache-sim=yes --branch-sim=yes $GEOM --lines=yes -- \
      "$BUILDDIR/hand_c" 1000 500 300 100
   run "$i" heap --cache-sim=yes $GEOM -- "$BUILDDIR/heap_cxx" 3
   run "$i" fib --mark=fib --call-graph=yes -- "$BUILDDIR/mark_fib_O2" 20 1
   labels="$labels $(xpath hand.$i.xml 'string(/hotgrind/run/valgrind/@version)')"
   i=$((i + 1))
done
echo "releases:$labels"

# Each pair: the metrics that moved, against what the note names.
i=1
while test "$i" -lt "$n"; do
   p=$((i - 1))
   for name in hand heap fib; do
      "$CLI" diff --format=json "$name.$p.xml" "$name.$i.xml" >"$name.$p-$i.json" \
         2>/dev/null || fail "hotgrind diff $name.$p.xml $name.$i.xml failed"
   done
   "$PYTHON3" - "$p" "$i" <<'PY' || fail "releases $p and $i: see above"
import json, sys
p, i = sys.argv[1:]
moved = {}
note = None
for name in ("hand", "heap", "fib"):
    d = json.load(open(f"{name}.{p}-{i}.json"))
    for r in d["runs-differ"]:
        if r["what"] == "Valgrind":
            note = r.get("why")
    for row in d["rows"]:
        for m in row.get("metrics", []):
            if m["status"] != "unchanged":
                where = row.get("name", "(total)") + (
                    " (" + row["object"] + ")" if row.get("object") else "")
                moved.setdefault(m["metric"], []).append(
                    f"{name}: {where} {m.get('base')} -> {m.get('head')}")
if note is None:
    print("no Valgrind note in hotgrind diff's runs-differ")
    sys.exit(1)
print(f"note: {note}")
bad = [m for m in moved if m not in note.replace(",", " ").split()]
for m in sorted(moved):
    print(f"moved: {m}: {'; '.join(moved[m][:3])}")
if bad:
    print(f"moved but not named by the note: {' '.join(sorted(bad))}")
    sys.exit(1)
if moved and note.startswith("between"):
    print("the note says nothing moved")
    sys.exit(1)
PY
   pass "releases $(echo $labels | cut -d' ' -f$((p + 1))) and $(echo $labels | cut -d' ' -f$((i + 1))): only the figures the note names moved"
   i=$((i + 1))
done
