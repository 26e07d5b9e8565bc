#!/bin/sh
# hotgrind regression tests: what `hotgrind run` removes.  The benchmark
# of run_same.sh, run the plain way (valgrind --tool=hotgrind, with
# lib.sh's client environment) from another directory, with two more
# variables, and with glibc hiding AVX2: each run's counts differ from the
# first run's, and the test prints by how much.  GPL-2.0-or-later
# shellcheck disable=SC2086  # $MARKS and $WORDS: words by construction
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

REL=$(relative "$WORK" "$WORDBENCH")

# delta WHAT BASE OTHER: prints the total and each marked function's
# inclusive Ir of the two reports and their difference; fails unless the
# totals (TOTAL) or the marked counts (MARKED) differ, as $4 says.
delta() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
what, base, other, must = sys.argv[1:5]
def figures(path):
    root = ET.parse(path).getroot()
    out = [("total", int(root.find("totals").get("Ir")))]
    for f in root.find("functions"):
        if f.get("marked") == "yes":
            out.append((f.get("name"), int(f.find("inclusive").get("Ir"))))
    return out
a, b = dict(figures(base)), dict(figures(other))
for name, _ in figures(base):
    d = b[name] - a[name]
    print("%s: %-18s %11d -> %11d  %+8d  (%+.4f%%)"
          % (what, name, a[name], b[name], d, 100.0 * d / a[name]))
marked = [n for n in a if n != "total"]
if must == "total" and a["total"] == b["total"]:
    sys.exit("%s: the total Ir did not change" % what)
if must == "marked" and all(a[n] == b[n] for n in marked):
    sys.exit("%s: no marked function changed" % what)' "$@" >"$2.delta" 2>&1 ||
      fail "$(cat "$2.delta")"
   cat "$2.delta"
}

raw base.xml $MARKS -- "$REL" $WORDS

# Another directory, the program by its absolute path: the launcher's
# shell puts the directory in PWD, and argv[0] is longer.
cd "$LONG_DIR"
raw dir.xml $MARKS -- "$LONG_PROG" $WORDS
cd "$WORK"
delta "another directory" base.xml dir.xml total

# Two more variables (ld.so and libc look at every one at start-up).
RAW_ENV="HOTGRIND_TEST_EXTRA=1 HOTGRIND_TEST_LONG=$(printf '%0300d' 0)" \
   raw env.xml $MARKS -- "$REL" $WORDS
delta "2 more variables" base.xml env.xml total

# glibc hides AVX2: an older CI machine's CPU.  Where Valgrind presents
# no AVX2 the routines are those already; the start-up still changes.
RAW_ENV="GLIBC_TUNABLES=$NO_AVX2" raw cpu.xml $MARKS -- "$REL" $WORDS
case $(platform base.xml) in
   *avx2*) delta "AVX2 hidden" base.xml cpu.xml marked;;
   *) delta "AVX2 hidden" base.xml cpu.xml total
      echo "note: Valgrind presents no AVX2 here: the marked counts need not change" >&2;;
esac

# Lazy binding: LD_BIND_NOW=1 moves the resolver's work from the first
# calls (inside main) to start-up.
RAW_ENV=LD_BIND_NOW=1 raw bindnow.xml $MARKS -- "$REL" $WORDS
delta "LD_BIND_NOW=1" base.xml bindnow.xml marked

# And the same runs under hotgrind run do not differ (run_same.sh checks
# them in full): its figures, for comparison.
hgrun pinned.xml $MARKS -- "$REL" $WORDS
delta "hotgrind run" base.xml pinned.xml total
