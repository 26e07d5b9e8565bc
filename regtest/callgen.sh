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
#   instructions that did not run, docs/dev/architecture.md section 6,
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

CC=${CC:-gcc}
CXX=${CXX:-g++}
command -v "$CC" >/dev/null 2>&1 || skip "no C compiler ($CC)"
command -v "$CXX" >/dev/null 2>&1 || skip "no C++ compiler ($CXX)"
HOTGRIND_CLI="$top_builddir/cli/hotgrind"
PY=$PYTHON3

# The fixed set, about 16 s a seed on two cores: 3 (C: asm chains
# forwards and backwards, one through cg_ptr, mutual tail recursion, tail
# calls into the library; the tool before issue 34's fix charged
# cga2_g's tail jump to cga2_f), 8 (C++: seven exceptions caught through
# Guard destructors, asm even/odd), 11 (C++: try/catch, mutual tail
# recursion, tail calls through the PLT), 12 (C: seven longjmps out of
# nested calls, asm 64 KB away).  callgen.py writes each program's
# features to meta.sh (FEATURES), and the program prints its unwinds.
SEEDS="3 8 11 12"
case ${CALLGEN_SEEDS:-} in
   '') ;;
   *[!0-9]*) hard_error "CALLGEN_SEEDS=$CALLGEN_SEEDS: a number of seeds";;
   *) SEEDS=$(seq 1 "$CALLGEN_SEEDS");;
esac
test -n "${CALLGEN_ONLY:-}" && SEEDS=$CALLGEN_ONLY

# one SEED LEVEL: build and check one program; runs in its own folder.
# Flags, ARGS, MARKS and --mark options are words by construction.
# shellcheck disable=SC2086
one() {
   _s=$1 _o=$2
   _d="$WORK/s$_s-O$_o"
   mkdir -p "$_d"
   cd "$_d" || hard_error "no folder $_d"
   "$PY" "$srcdir/callgen.py" gen "$_s" src ||
      hard_error "callgen.py gen $_s failed"
   # shellcheck disable=SC1091  # written just above
   . ./src/meta.sh
   if test "$LANG_EXT" = cpp; then _cc=$CXX; else _cc=$CC; fi
   _fp=
   test $(((_s + _o) % 2)) = 0 && _fp=-fno-omit-frame-pointer
   # No .cold parts: the program counts calls of fK, not of fK.cold.
   _flags="-g -O$_o $_fp -fno-reorder-blocks-and-partition -w"
   # shellcheck disable=SC2015,SC2016  # the second link only after the first; $ORIGIN is for the linker
   $_cc $_flags -fPIC -shared -Wl,-soname,libcg.so -o libcg.so \
      "src/lib.$LANG_EXT" >build.log 2>&1 &&
   $_cc $_flags -o prog "src/prog.$LANG_EXT" src/asm.S libcg.so \
      -Wl,-rpath,'$ORIGIN' >>build.log 2>&1 || {
      cat build.log >&2
      hard_error "seed $_s -O$_o: the program does not build"
   }
   run_client_env ./prog $ARGS >native.out 2>native.err ||
      hard_error "seed $_s -O$_o: the program exited with $? natively"
   test -s native.out || hard_error "seed $_s -O$_o: no counts printed"

   hg g.xml --call-graph=yes -- ./prog $ARGS
   hg g-nochase.xml --call-graph=yes --vex-guest-chase=no -- ./prog $ARGS
   _m=
   for _f in $MARKS; do _m="$_m --mark=$_f"; done
   hg m.xml $_m -- ./prog $ARGS
   hg m-nochase.xml $_m --vex-guest-chase=no -- ./prog $ARGS
   run_client_env "$VG_IN_PLACE" --tool=callgrind --compress-strings=no \
         --compress-pos=no --callgrind-out-file=cgr.out ./prog $ARGS \
      >cgr.out.stdout 2>cgr.out.stderr ||
      fail "seed $_s -O$_o: callgrind run exited with $?"

   for _r in g.xml g-nochase.xml m.xml m-nochase.xml cgr.out; do
      cmp -s native.out "$_r.stdout" ||
         fail "seed $_s -O$_o: the program printed other counts under $_r than natively"
   done
   for _r in g.xml g-nochase.xml m.xml m-nochase.xml; do
      "$HOTGRIND_CLI" validate "$_r" >"$_r.validate" 2>&1 || {
         cat "$_r.validate" >&2
         fail "seed $_s -O$_o: hotgrind validate refuses $_r"
      }
   done
   for _r in g.xml g-nochase.xml; do
      "$PY" "$srcdir/cgr_edges.py" check "$_r" >"$_r.check" 2>&1 || {
         cat "$_r.check" >&2
         fail "seed $_s -O$_o: $_r: the call graph's identities do not hold"
      }
   done
   for _r in g.xml g-nochase.xml cgr.out; do
      "$PY" "$srcdir/prog_edges.py" counts "$_r" native.out \
         >"$_r.counts" 2>&1 || {
         cat "$_r.counts" >&2
         fail "seed $_s -O$_o: $_r: edges differ from the program's counts"
      }
   done
   "$PY" "$srcdir/callgen.py" same g.xml g-nochase.xml >same.out 2>&1 || {
      cat same.out >&2
      fail "seed $_s -O$_o: edges differ from the chase-off run's"
   }
   "$PY" "$srcdir/callgen.py" marks m.xml m-nochase.xml g.xml g-nochase.xml \
      $MARKS \
      >marks.out 2>&1 || {
      cat marks.out >&2
      fail "seed $_s -O$_o: marked functions differ from the chase-off run's"
   }
   pass "seed $_s -O$_o $LANG_EXT ($FEATURES; $(sed -n 's/^callgen: //p' native.err)): $(wc -l <native.out) counted edges equal hotgrind's (both runs) and Callgrind's; $(tail -n 1 same.out | sed 's/^match: //'); marks $MARKS: $(tail -n 1 marks.out | sed 's/^match: //')"
}

# Two jobs at a time, one per core; each job's output in its own log,
# printed in order; the first failure's status is the test's.
status=0
run_job() {
   _st=0
   (one "$1" "$2") >"$WORK/s$1-O$2.log" 2>&1 || _st=$?
   echo $_st >"$WORK/s$1-O$2.status"
}
jobs_=
for s in $SEEDS; do
   for o in 1 2 3; do jobs_="$jobs_ $s:$o"; done
done
# shellcheck disable=SC2086  # SEED:LEVEL words
set -- $jobs_
while test $# -gt 0; do
   a=$1; shift
   run_job "${a%:*}" "${a#*:}" &
   p1=$!
   if test $# -gt 0; then
      b=$1; shift
      run_job "${b%:*}" "${b#*:}"
   fi
   wait $p1
done
for a in $jobs_; do
   s=${a%:*} o=${a#*:}
   cat "$WORK/s$s-O$o.log"
   st=$(cat "$WORK/s$s-O$o.status")
   if test "$st" != 0 && test "$status" = 0; then status=$st; fi
done
test "$status" = 0 || echo "FAIL: $TEST_NAME: see $WORK/s*-O*.log" >&2
exit "$status"
