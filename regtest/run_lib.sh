# hotgrind regression tests: helpers of the `hotgrind run` tests
# (run_*.sh).  GPL-2.0-or-later
#
# Sourced after lib.sh.  The benchmark is the bundled example
# (example/wordbench.c, built by `make`): its main, with every function
# inlined into it but the qsort comparator, builds a text, counts its words
# with strchr, strlen, memcmp and memcpy, and sorts them with strcmp; main
# and by_count_then_word are marked, so their inclusive Ir include glibc's
# string routines, whose variants follow the CPU.
#
# `hotgrind run` runs the uninstalled tool as a user would run an
# uninstalled Valgrind tool: VALGRIND_LIB names the build tree's
# .in_place/, and the launcher is the Valgrind this tree was configured
# with (Makefile.am exports it as HOTGRIND_VALGRIND; by hand, it is read
# from vg-in-place).  Every report is checked as lib.sh checks reports
# (schema, totals, invariants) and by `hotgrind validate`.

# shellcheck disable=SC2034  # WORDS, MARKS, NO_AVX2...: for the tests
: "${HOTGRIND_CLI:=$top_builddir/cli/hotgrind}"
: "${HOTGRIND_VALGRIND:=$(sed -n 's/^exec "\(.*\)" "\$@"$/\1/p' "$VG_IN_PLACE")}"
export HOTGRIND_VALGRIND
WORDBENCH=$top_builddir/example/wordbench
IN_PLACE=$top_builddir/.in_place

test -x "$HOTGRIND_CLI" || skip "no hotgrind command here (a build without cli/)"
test -x "$WORDBENCH" || hard_error "no $WORDBENCH (run make first)"
test -d "$IN_PLACE" || hard_error "no $IN_PLACE (run make first)"
# The program runs as /proc/self/fd/3; a cross build's launcher (vg-qemu)
# is not what hotgrind run is for.
test -r /proc/self/fd/0 || skip "hotgrind run needs /proc"
case $HOTGRIND_VALGRIND in
   */vg-qemu) skip "hotgrind run is not tested under qemu";;
esac

# The words of every run: enough for the string routines to dominate, few
# enough for twenty runs.
WORDS=4000

# cli_validate REPORT: `hotgrind validate` accepts it.
cli_validate() {
   "$HOTGRIND_CLI" validate "$1" >"$1.validate" 2>&1 ||
      fail "$1: hotgrind validate refuses it: $(cat "$1.validate")"
}

# checked REPORT: every check of a report (lib.sh's check_report, from
# $WORK, and `hotgrind validate`), of a run whose stderr is REPORT.stderr.
checked() {
   (cd "$WORK" && check_report "$1" "$1.stderr")
   cli_validate "$WORK/$1"
}

# hgrun REPORT [HOTGRIND-RUN-OPTIONS...] [--] PROG [ARGS...]
# `hotgrind run -o REPORT OPTIONS PROG ARGS` from the current directory
# (the tests cd), with the caller's environment plus VALGRIND_LIB,
# standard input from /dev/null, output in REPORT.stdout and .stderr;
# REPORT is in $WORK.  Then every check of a report.
hgrun() {
   _rr=$1; shift
   VALGRIND_LIB=$IN_PLACE "$HOTGRIND_CLI" run -o "$WORK/$_rr" "$@" \
      </dev/null >"$WORK/$_rr.stdout" 2>"$WORK/$_rr.stderr" ||
      fail "hotgrind run exited with $? (see $WORK/$_rr.stderr)"
   checked "$_rr"
}

# raw REPORT [VALGRIND-OPTIONS...] [--] PROG [ARGS...]: the same tool run
# as without hotgrind run, through vg-in-place, as lib.sh runs every
# client (run_client_env: PATH and LC_ALL only) plus the words of RAW_ENV
# (NAME=VALUE ...), from the current directory, standard input from
# /dev/null; checked as every report.
raw() {
   _rr=$1; shift
   # shellcheck disable=SC2086  # RAW_ENV: words by construction
   run_client_env ${RAW_ENV:-} "$VG_IN_PLACE" --tool=hotgrind \
      --hotgrind-out-file="$WORK/$_rr" "$@" \
      </dev/null >"$WORK/$_rr.stdout" 2>"$WORK/$_rr.stderr" ||
      fail "valgrind exited with $? (see $WORK/$_rr.stderr)"
   checked "$_rr"
}

# relative DIR PATH: PATH relative to DIR.
relative() {
   "$PYTHON3" -c 'import os, sys; print(os.path.relpath(sys.argv[2], sys.argv[1]))' "$1" "$2"
}

# A folder whose name is much longer than $WORK's, for runs "from
# somewhere else", and the benchmark there (a symbolic link): its absolute
# name is 100 bytes longer than its name relative to $WORK.
LONG_DIR=$WORK/a-folder-whose-name-is-much-longer-than-the-first/and-deeper-still
mkdir -p "$LONG_DIR"
LONG_PROG=$LONG_DIR/wordbench
ln -s "$WORDBENCH" "$LONG_PROG"

MARKS="--mark=main --mark=by_count_then_word"

# marked REPORT: "NAME calls inclusive-Ir" of every marked function, one
# a line, in the report's order.
marked() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
for f in ET.parse(sys.argv[1]).getroot().find("functions"):
    if f.get("marked") == "yes":
        print(f.get("name"), f.get("calls"), f.find("inclusive").get("Ir"))' "$1"
}

# variants REPORT: the glibc string and memory routines that ran
# (__memcpy_avx_unaligned_erms, __strlen_sse2...), sorted, one a line.
variants() {
   "$PYTHON3" -c '
import re, sys, xml.etree.ElementTree as ET
names = {f.get("name") for f in ET.parse(sys.argv[1]).getroot().find("functions")
         if f.get("object") == "libc.so.6"
         and re.match(r"__(mem|str)[a-z]*_(sse|avx|evex|ssse|erms)", f.get("name"))}
print("\n".join(sorted(names)))' "$1"
}

# platform REPORT: Valgrind's CPU class as the report records it.
platform() {
   xpath "$1" 'string(/hotgrind/run/platform/@hwcaps)'
}

# setting REPORT NAME: the value of <launcher><setting name=NAME>.
setting() {
   xpath "$1" "string(/hotgrind/run/launcher/setting[@name=\"$2\"]/@value)"
}

# The caller's GLIBC_TUNABLES of an older CI machine's CPU: glibc 2.36
# spells the AVX2 feature AVX2 (glibc 2.32 and before: AVX2_Usable, which
# 2.36 ignores) and chooses its AVX2 string routines only with
# AVX_Fast_Unaligned_Load, which it sets on CPUs with AVX2.
NO_AVX2=glibc.cpu.hwcaps=-AVX2,-AVX_Fast_Unaligned_Load
