#!/bin/sh
# hotgrind regression tests: --call-graph=yes on arm64, under qemu.
# GPL-2.0-or-later
#
# The mark programs cross-compiled as arm64_marks.sh does, run with the
# arm64 hotgrind built in this build tree (arm64_lib.sh).  Each program
# counts its own calls per (caller, callee) and writes the counts to the
# file HT_EDGE_COUNTS names (edge_count.h); for each run:
# - every edge between the functions the program counts has its count
#   (prog_edges.py counts), at -O0, and at -O2 where gcc's code makes the
#   calls the source makes: the callees kept out of line (HT_NOIPA,
#   noinline) and tail calls made by `b`, whose caller is the function
#   that jumped; of fib's only main -> fib (gcc turns fib's second call
#   into a loop at -O2, mark_fib.c);
# - every edge into the program's own functions (those of its executable
#   and libraries with debug information) has the calls of the x86-64
#   report of the same source, level and arguments (prog_edges.py same),
#   x86-64 being where graph_callgrind.sh compares them with Callgrind;
#   all at -O0, and at -O2 all but mark_except (X86_LAYOUT_DIFFERS);
# - the report's identities hold (cgr_edges.py check: calls = outside
#   calls + edges into a function; inclusive = self + no-symbol + callees
#   where no recursion is involved), including around ld.so's _start,
#   which calls _dl_start without moving SP, so the return to it is a
#   jump to LR with SP at its entry value, as a longjmp's is;
# - mark_tail's edges are also the ones its source gives (main -> target
#   D, main -> via_tail T, via_tail -> target T);
# - two runs give byte-identical reports.
# With HOTGRIND_INTREE_ARM64 (arm64 Valgrind built from source with
# patches/, Callgrind among its tools; arm64_callgrind_patched.sh says
# what the patches change), each command also runs under that patched
# arm64 Callgrind, whose calls= lines must give
# - every edge between the functions the program counts its count, as
#   above (fib at -O2: main -> fib);
# - every edge into the program's own functions the calls of this
#   test's arm64 report of the same command, and of x86-64 Callgrind on
#   the same source, level and arguments (not for X86_LAYOUT_DIFFERS).
# Without it those runs are left out, saying so.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/graph_lib.sh"

t0=$(date +%s)
a64_build
PATCHED=no
if a64_patched_callgrind; then
   PATCHED=yes
else
   echo "note: HOTGRIND_INTREE_ARM64 is not set: no patched arm64 Callgrind to compare with"
fi

# counted REPORT COUNTS: the report's edges have the program's counts.
counted() {
   "$PYTHON3" "$srcdir/prog_edges.py" counts "$1" "$2" >"$1.counted" 2>&1 || {
      cat "$1.counted" >&2
      fail "$1: edge calls differ from the program's own counts ($2)"
   }
   pass "$1: $(tail -n 1 "$1.counted")"
}

# At -O2, x86-64 gcc moves mark_except's catch handlers and clean-up code
# into functions of their own (main.cold, guarded.cold: symbols of the
# program), so some of the same calls are edges of other functions there;
# arm64 gcc keeps them in main and guarded.  Its arm64 report is compared
# with the program's counts only.
X86_LAYOUT_DIFFERS="except_O2"

# run64 NAME PROG [ARGS...]: PROG (arm64) under hotgrind
# --call-graph=yes (NAME.xml, the program's counts in NAME.counts), and
# the report's identities.
run64() {
   _name=$1; shift
   CLIENT_ENV="HT_EDGE_COUNTS=$_name.counts" with_arm64 \
      hg "$_name.xml" --call-graph=yes -- "$@"
   expect_identities "$_name.xml"
}

# like_x86 NAME OBJECTS PROG [ARGS...]: x86/PROG's report (x86/NAME.xml)
# has the edges of NAME.xml into the functions of OBJECTS (words).
like_x86() {
   _name=$1 _objs=$2 _prog=$3; shift 3
   CLIENT_ENV="HT_EDGE_COUNTS=x86/$_name.counts" \
      hg "x86/$_name.xml" --call-graph=yes -- "x86/${_prog#./}" "$@"
   # shellcheck disable=SC2086  # object names: words
   "$PYTHON3" "$srcdir/prog_edges.py" same "$_name.xml" "x86/$_name.xml" \
      $_objs >"$_name.same" 2>&1 || {
      cat "$_name.same" >&2
      fail "$_name.xml: edge calls differ from x86-64's (x86/$_name.xml)"
   }
   pass "$_name.xml, x86-64: $(tail -n 1 "$_name.same") in $_name.same"
}

# patched NAME OBJECTS PROG [ARGS...]: with PATCHED=yes, PROG under the
# patched arm64 Callgrind (NAME.cgr, the program's counts in
# NAME.cgr.counts): its edges have the program's counts (COUNTED=no: not
# where gcc's code makes other calls than the source), NAME.xml's
# (run64 of the same command) and, unless NAME is in X86_LAYOUT_DIFFERS,
# x86-64 Callgrind's (x86/NAME.cgr, of x86/PROG).
patched() {
   test "$PATCHED" = yes || return 0
   _p_name=$1 _p_objs=$2 _p_prog=$3; shift 3
   CLIENT_ENV="HT_EDGE_COUNTS=$_p_name.cgr.counts" patched_cgr "$_p_name.cgr" \
      "$_p_prog" "$@"
   test "${COUNTED:-yes}" = no ||
      prog_edges counts "$_p_name.cgr.counted" "$_p_name.cgr" "$_p_name.cgr.counts"
   # shellcheck disable=SC2086  # object names: words
   prog_edges same "$_p_name.cgr.hg" "$_p_name.cgr" "$_p_name.xml" $_p_objs
   case " $X86_LAYOUT_DIFFERS " in *" $_p_name "*) return 0;; esac
   CLIENT_ENV="HT_EDGE_COUNTS=x86/$_p_name.cgr.counts" cgr "x86/$_p_name.cgr" \
      "x86/${_p_prog#./}" "$@"
   # shellcheck disable=SC2086
   prog_edges same "$_p_name.cgr.x86" "$_p_name.cgr" "x86/$_p_name.cgr" $_p_objs
}

# edges64 NAME OBJECTS PROG [ARGS...]: run64, the program's counts,
# like_x86 unless NAME is in X86_LAYOUT_DIFFERS, and patched.
edges64() {
   _e_name=$1 _e_objs=$2; shift 2
   run64 "$_e_name" "$@"
   counted "$_e_name.xml" "$_e_name.counts"
   case " $X86_LAYOUT_DIFFERS " in *" $_e_name "*) ;; *)
      like_x86 "$_e_name" "$_e_objs" "$@";;
   esac
   patched "$_e_name" "$_e_objs" "$@"
}

# Recursion: fib at -O0 (above).  At -O2 (fib noinline, as make check
# builds mark_fib_O2) gcc's loop makes fewer calls fib -> fib than the
# source counts (mark_fib.c): there main -> fib has the program's count,
# and every edge equals x86-64's, whose gcc makes the same loop.
both_cc mark_fib_O0 -O0 mark_fib.c
edges64 fib_O0 mark_fib_O0 ./mark_fib_O0 12 2
both_cc mark_fib_O2 -O2 mark_fib.c -DHT_FIB_NOINLINE
run64 fib_O2 ./mark_fib_O2 12 2
expect_eq "arm64 fib_O2: main -> fib calls" "$(edge fib_O2.xml main fib 3)" \
   "$(awk -F '\t' '$1 == "main" && $2 == "fib" { print $3 }' fib_O2.counts)"
like_x86 fib_O2 mark_fib_O2 ./mark_fib_O2 12 2
COUNTED=no patched fib_O2 mark_fib_O2 ./mark_fib_O2 12 2
if test "$PATCHED" = yes; then
   expect_eq "patched arm64 Callgrind fib_O2: main -> fib calls" \
      "$(sed -n 's/^main -> fib: //p' fib_O2.cgr.hg)" \
      "$(awk -F '\t' '$1 == "main" && $2 == "fib" { print $3 }' fib_O2.cgr.counts)"
fi

# Calls through the PLT: libhtlib.so (-O2, as make check builds it) next
# to mark_plt_O0 and mark_plt_O2, found through their rpath.
both_cc libhtlib.so -O2 htlib.c -fPIC -shared -Wl,-soname,libhtlib.so

for o in O0 O2; do
   both_cc mark_mutual_$o -$o mark_mutual.c
   edges64 mutual_$o mark_mutual_$o ./mark_mutual_$o 101 3
   both_cc mark_tail_$o -$o mark_tail.c
   edges64 tail_$o mark_tail_$o ./mark_tail_$o 100 37
   both_cc mark_qsort_$o -$o mark_qsort.c
   edges64 qsort_$o mark_qsort_$o ./mark_qsort_$o 1000 3
   both_cc mark_fnptr_$o -$o mark_fnptr.c
   edges64 fnptr_$o mark_fnptr_$o ./mark_fnptr_$o 1000
   both_cc mark_longjmp_$o -$o mark_longjmp.c
   edges64 longjmp_$o mark_longjmp_$o ./mark_longjmp_$o 2 50
   both_cc mark_except_$o -$o mark_except.cpp
   edges64 except_$o mark_except_$o ./mark_except_$o 3 2 10 20
   both_cc mark_threads_$o -$o mark_threads.c -pthread
   edges64 threads_$o mark_threads_$o ./mark_threads_$o 3 4 200
   both_cc mark_virtual_$o -$o mark_virtual.cpp
   edges64 virtual_$o mark_virtual_$o ./mark_virtual_$o 300
   # Calls through the PLT (libhtlib.so above).
   # shellcheck disable=SC2016  # $ORIGIN: the loader's, not the shell's
   a64_cc mark_plt_$o -$o mark_plt.c -Wl,--no-as-needed "$WORK/libhtlib.so" \
      -Wl,-rpath,'$ORIGIN'
   # shellcheck disable=SC2016
   x86_cc mark_plt_$o -$o mark_plt.c -Wl,--no-as-needed "$WORK/x86/libhtlib.so" \
      -Wl,-rpath,'$ORIGIN'
   edges64 plt_$o "mark_plt_$o libhtlib.so" ./mark_plt_$o 50 20 7
done

# At -O2 the tail calls are jumps: via_tail's to target, is_even's and
# is_odd's to each other, each a `b` to the callee's first instruction
# and no `bl`, so the edges above counted entries by `b`.
a64_expect_tail_jump mark_tail_O2 via_tail target
a64_expect_tail_jump mark_mutual_O2 is_even is_odd
a64_expect_tail_jump mark_mutual_O2 is_odd is_even
pass "arm64 -O2: via_tail enters target by b, is_even and is_odd each other"

# mark_tail's edges as its source derives them (mark_tail.c).
D=100 T=37
expect_eq "arm64 main -> target calls" "$(edge tail_O2.xml main target 3)" $D
expect_eq "arm64 main -> via_tail calls" "$(edge tail_O2.xml main via_tail 3)" $T
expect_eq "arm64 via_tail -> target calls" "$(edge tail_O2.xml via_tail target 3)" $T

# Determinism: the same command, the same bytes.
CLIENT_ENV="HT_EDGE_COUNTS=except_O2.counts" with_arm64 \
   hg except_O2.again.xml --call-graph=yes -- ./mark_except_O2 3 2 10 20
cmp except_O2.xml except_O2.again.xml ||
   fail "two arm64 --call-graph=yes runs of mark_except_O2 gave different reports"
pass "two arm64 --call-graph=yes runs of mark_except_O2: byte-identical reports"

echo "graph_arm64: $(($(date +%s) - t0)) s"
