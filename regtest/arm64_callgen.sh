#!/bin/sh
# hotgrind regression tests: callgen.sh's generated programs on arm64,
# under qemu (issue 34).  GPL-2.0-or-later
#
# callgen.py SEED --no-asm writes the program without its x86-64
# assembly: C or C++ functions in the executable and in a shared library
# of its own, with direct calls, tail calls (a `b` at -O2 and -O3)
# forwards and backwards, through pointers and the PLT, mutual tail
# recursion, frame and frameless callees, longjmp (C) or exceptions and
# destructors (C++) through them; the program counts its calls per
# (caller, callee) and prints them at exit.  Each seed's program is
# cross-compiled at -O1, -O2 and -O3 with callgen.sh's flags (libcg.so
# found through the rpath $ORIGIN, checked with qemu's loader), run
# under qemu alone, and under the arm64 hotgrind with --call-graph=yes
# with chasing (the default) and with --vex-guest-chase=no, and with
# --mark on three functions both ways.  An -O3 build whose machine code
# (objdump -d of prog and libcg.so) is the -O2 build's, as aarch64 gcc
# 12 makes it for both fixed seeds, is not run again: the check of the
# code is what it adds.  What must hold (callgen_lib.sh):
# - the program printed the same counts under qemu alone and under
#   every hotgrind run;
# - every report validates (the schema, lib.sh's checks, and
#   `hotgrind validate`) and its identities hold (cgr_edges.py check);
# - every edge's calls equal the program's counts, between the
#   program's own functions (prog_edges.py counts), with chasing and
#   without;
# - every edge's calls and inclusive Ir, and the marked functions'
#   calls, inclusive Ir and per-call figures, equal the chase-off run's
#   (callgen.py same and marks).
# There is no Callgrind here: arm64 Callgrind 3.19 miscounts calls
# (docs/performance.md, "Why counts move").
#
# CALLGEN_SEEDS=N runs seeds 1..N instead of the fixed set (make
# fuzz-callgen); CALLGEN_ONLY='7 19' runs those seeds.  A failing seed
# leaves its sources, binaries and reports in
# arm64_callgen.dir/sSEED-OLEVEL/.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/callgen_lib.sh"

t0=$(date +%s)
a64_build

CG_CC=$A64_CC CG_CXX=$A64_CXX CG_GEN=--no-asm
CG_NATIVE="$A64_QEMU -L $A64_ROOT" CG_HG=with_arm64
CG_ORACLE=loader_check CG_ORACLE_OUTS='' CG_ORACLE_WHAT=''
CG_OBJDUMP=$A64_OBJDUMP

# loader_check: qemu's loader (-L ROOT) takes libcg.so from the seed's
# folder, through the program's rpath $ORIGIN, and not from elsewhere.
# Called by callgen_one (CG_ORACLE); CG_NATIVE: words.
# shellcheck disable=SC2086,SC2317
loader_check() {
   _lib=$(run_client_env LD_TRACE_LOADED_OBJECTS=1 $CG_NATIVE ./prog |
          awk '$1 == "libcg.so" { print $3 }')
   test "$_lib" = "$(pwd -P)/libcg.so" ||
      fail "seed $_s -O$_o: qemu's loader takes libcg.so from '$_lib', not from the program's folder"
}

# The fixed set: 3 (C: two longjmps out of nested calls, mutual tail
# recursion f3/f4 with f4's tail call through cg_ptr, a tail call
# through the library's own PLT l0 -> l1), 38 (C++: three exceptions
# caught through Guard destructors, mutual tail recursion, tail calls
# through the PLT and cg_ptr).  callgen.py writes each program's
# features to meta.sh (FEATURES), and the program prints its unwinds.
# aarch64 gcc 12 makes the same machine code of both seeds at -O2 and
# -O3 (x86-64 gcc does not): callgen_one checks that with objdump -d
# and runs -O3 only where it differs.
status=0
callgen_main "3 38" || status=$?
echo "arm64_callgen: $(($(date +%s) - t0)) s"
exit "$status"
