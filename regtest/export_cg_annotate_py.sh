#!/bin/sh
# hotgrind regression tests: the Python cg_annotate of newer Valgrinds
# (3.21 on; the one of the 3.27 tree test.sh builds, HOTGRIND_INTREE_327)
# reads `hotgrind export --format=cachegrind` of a --lines=yes report with
# cache and branch simulation, and prints exactly what it prints for
# Cachegrind's own file of the same run: every section, function rows and
# annotated source, count for count, once its "Invocation:" line and the
# three "desc:" lines that say the file is hotgrind's are left out.
# (export_lines.sh does the same with 3.19's Perl annotators.)
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

test -n "${HOTGRIND_INTREE_327:-}" ||
   skip "HOTGRIND_INTREE_327 is not set: no Valgrind 3.27 tree with the Python cg_annotate (test.sh builds one)"
cg_annotate_py=$HOTGRIND_INTREE_327/cachegrind/cg_annotate
test -f "$cg_annotate_py" ||
   hard_error "$cg_annotate_py is missing: the 3.27 tree was not configured"
command -v python3 >/dev/null 2>&1 || skip "no python3 for cg_annotate"
cli=$top_builddir/cli/hotgrind

# shellcheck disable=SC2034  # read by run_client_env (lib.sh)
CLIENT_ENV=LD_PRELOAD=
SIM="--cache-sim=yes --branch-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# annotates_alike NAME PROG ARGS...
annotates_alike() {
   _n=$1; shift
   # shellcheck disable=SC2086
   hg "$_n.xml" --lines=yes $SIM -- "$@"
   # shellcheck disable=SC2086
   run_client_env "$VG_IN_PLACE" --tool=cachegrind $SIM \
      --cachegrind-out-file="$_n.cg" "$@" >"$_n.cg.stdout" 2>"$_n.cg.stderr" ||
      fail "cachegrind run exited with $? (see $WORK/$_n.cg.stderr)"
   "$cli" export --format=cachegrind -o "$_n.hcg" "$_n.xml" ||
      fail "hotgrind export --format=cachegrind $_n.xml failed"
   python3 "$cg_annotate_py" "$_n.cg" >"$_n.cg.txt" 2>&1 ||
      fail "cg_annotate (Python) $_n.cg failed"
   python3 "$cg_annotate_py" "$_n.hcg" >"$_n.hcg.txt" 2>&1 ||
      fail "cg_annotate (Python) $_n.hcg failed: $(cat "$_n.hcg.txt")"
   for _t in cg hcg; do
      grep -v -e '^Invocation: ' -e '^Written by: hotgrind export' \
         -e '^Lines: yes; ' -e '^Not exported: ' "$_n.$_t.txt" >"$_n.$_t.cmp"
   done
   cmp -s "$_n.hcg.cmp" "$_n.cg.cmp" || {
      diff "$_n.cg.cmp" "$_n.hcg.cmp" | head -20 >&2
      fail "the Python cg_annotate prints $_n's export otherwise than Cachegrind's file"
   }
   pass "$_n: the Python cg_annotate prints the export as Cachegrind's file ($(grep -c . "$_n.cg.cmp") lines, $(grep -c '^ *[0-9][0-9,]* ' "$_n.cg.cmp") with counts)"
}

annotates_alike oracle_c ../oracle_c 2000
annotates_alike hand_c ../hand_c 1000 500 300 100

# It must be able to fail: one count of the export changed.
awk '/^fn=/ && !done { print; getline; split($0, f, " "); f[2] = f[2] + 1; $0 = f[1]; for (i = 2; i in f; i++) $0 = $0 " " f[i]; done = 1 } { print }' \
   hand_c.hcg >changed.hcg
cmp -s changed.hcg hand_c.hcg && hard_error "could not change a count"
python3 "$cg_annotate_py" changed.hcg 2>&1 |
   grep -v -e '^Invocation: ' -e '^Written by: hotgrind export' \
      -e '^Lines: yes; ' -e '^Not exported: ' >changed.cmp
cmp -s changed.cmp hand_c.cg.cmp &&
   fail "a changed count in the export gave the same annotation"
pass "a changed count in the export changes the annotation"
