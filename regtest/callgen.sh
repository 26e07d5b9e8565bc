#!/bin/sh
# hotgrind regression tests: generated programs for the call graph's
# bookkeeping (issue 34).  callgen.py SEED writes a C or C++ program, a
# shared library of its own and x86-64 assembly, with direct calls, tail
# calls forwards and backwards, near and far, through pointers and the
# PLT, mutual tail recursion, frame and frameless callees, longjmp (C) or
# exceptions and destructors (C++) through them, and the tail-jump shapes
# VEX chases into one superblock; the program counts its calls per
# (caller, callee) and prints them at exit.  Each seed's program is built
# at -O1, -O2 and -O3 (-fno-omit-frame-pointer on every other build) and
# run under hotgrind --call-graph=yes with chasing (the default) and with
# --vex-guest-chase=no, with --mark on three functions both ways, and
# under Callgrind.  What must hold:
# - every report validates (the schema, lib.sh's checks, and
#   `hotgrind validate`) and its identities hold (cgr_edges.py check);
# - the program printed the same counts natively and under every tool;
# - every edge's calls equal the program's counts and Callgrind's calls=
#   lines, between the program's own functions (prog_edges.py counts);
# - every edge's calls and inclusive Ir, and the marked functions' calls,
#   inclusive Ir and per-call figures, equal the chase-off run's
#   (callgen.py same and marks: where chasing counts an `a && b` test's
#   instructions that did not run, docs/performance.md "Why counts move",
#   inclusive Ir within that many more, saying so).
#
# CALLGEN_SEEDS=N runs seeds 1..N instead of the fixed set (make
# fuzz-callgen); CALLGEN_ONLY='7 19' runs those seeds.  A failing seed
# leaves its sources, binaries and reports in callgen.dir/sSEED-OLEVEL/.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

if test "$HT_ARCH" != amd64; then
   skip "the programs have x86-64 assembly, and Callgrind is compared on x86-64 only"
fi

CG_CC=${CC:-gcc}
CG_CXX=${CXX:-g++}
command -v "$CG_CC" >/dev/null 2>&1 || skip "no C compiler ($CG_CC)"
command -v "$CG_CXX" >/dev/null 2>&1 || skip "no C++ compiler ($CG_CXX)"
. "$srcdir/callgen_lib.sh"

# The programs have their x86-64 assembly; they run natively and under
# hotgrind as they are, and under Callgrind (callgrind_run).
CG_GEN='' CG_NATIVE='' CG_HG=''
CG_ORACLE=callgrind_run CG_ORACLE_OUTS=cgr.out CG_ORACLE_WHAT=" and Callgrind's"
# shellcheck disable=SC2086  # ARGS: words (callgen_lib.sh)
callgrind_run() {
   run_client_env "$VG_IN_PLACE" --tool=callgrind --compress-strings=no \
         --compress-pos=no --callgrind-out-file=cgr.out ./prog $ARGS \
      >cgr.out.stdout 2>cgr.out.stderr ||
      fail "seed $_s -O$_o: callgrind run exited with $?"
}

# The fixed set, about 16 s a seed on two cores: 3 (C: asm chains
# forwards and backwards, one through cg_ptr, mutual tail recursion, tail
# calls into the library; the tool before issue 34's fix charged
# cga2_g's tail jump to cga2_f), 8 (C++: seven exceptions caught through
# Guard destructors, asm even/odd), 11 (C++: try/catch, mutual tail
# recursion, tail calls through the PLT), 12 (C: seven longjmps out of
# nested calls, asm 64 KB away).  callgen.py writes each program's
# features to meta.sh (FEATURES), and the program prints its unwinds.
callgen_main "3 8 11 12"
