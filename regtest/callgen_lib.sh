# hotgrind regression tests: what callgen.sh (x86-64) and
# arm64_callgen.sh (arm64, under qemu) do with each generated program
# (sourced after lib.sh).  GPL-2.0-or-later
# shellcheck shell=sh disable=SC2154  # srcdir, WORK, ...: lib.sh
#
# The sourcing test sets, before calling callgen_main:
#   CG_CC, CG_CXX   the compilers (C, C++)
#   CG_GEN          options of `callgen.py gen` (--no-asm, or empty)
#   CG_NATIVE       words before ./prog for the run without a tool
#                   (empty, or qemu and its options)
#   CG_HG           words before hg for the hotgrind runs (empty, or
#                   with_arm64)
#   CG_ORACLE       a function run after the hotgrind runs in the seed's
#                   folder, or empty; it names its outputs in
#                   CG_ORACLE_OUTS (each printed the program's counts and
#                   is compared with them like a --call-graph=yes report)
#   CG_ORACLE_WHAT  what the pass line says of them ("" or " and
#                   Callgrind's")
#   CG_OBJDUMP      empty, or an objdump for the programs: then a seed's
#                   -O3 build whose `objdump -d` (prog and libcg.so) is
#                   its -O2 build's runs nothing, since every run would
#                   repeat -O2's (arm64_callgen.sh: aarch64 gcc 12 makes
#                   the same code at both)
# and calls callgen_main DEFAULT-SEEDS.

HOTGRIND_CLI="$top_builddir/cli/hotgrind"

# callgen_seeds DEFAULT: the seeds to run, one a word: DEFAULT, seeds
# 1..CALLGEN_SEEDS (make fuzz-callgen), or CALLGEN_ONLY ('7 19').
callgen_seeds() {
   case ${CALLGEN_SEEDS:-} in
      '') _seeds=$1;;
      *[!0-9]*) hard_error "CALLGEN_SEEDS=$CALLGEN_SEEDS: a number of seeds";;
      *) _seeds=$(seq 1 "$CALLGEN_SEEDS");;
   esac
   test -n "${CALLGEN_ONLY:-}" && _seeds=$CALLGEN_ONLY
   echo "$_seeds"
}

# callgen_build LEVEL DIR: the seed's program (src/, meta.sh read) built
# at -OLEVEL into DIR/prog and DIR/libcg.so; -fno-omit-frame-pointer when
# the seed plus the level is even.  Flags are words by construction.
# shellcheck disable=SC2086
callgen_build() {
   if test "$LANG_EXT" = cpp; then _cc=$CG_CXX; else _cc=$CG_CC; fi
   _fp=
   test $(((_s + $1) % 2)) = 0 && _fp=-fno-omit-frame-pointer
   # No .cold parts: the program counts calls of fK, not of fK.cold.
   _flags="-g -O$1 $_fp -fno-reorder-blocks-and-partition -w"
   # shellcheck disable=SC2015,SC2016  # the second link only after the first; $ORIGIN is for the linker
   $_cc $_flags -fPIC -shared -Wl,-soname,libcg.so -o "$2/libcg.so" \
      "src/lib.$LANG_EXT" >"$2/build.log" 2>&1 &&
   $_cc $_flags -o "$2/prog" "src/prog.$LANG_EXT" src/asm.S "$2/libcg.so" \
      -Wl,-rpath,'$ORIGIN' >>"$2/build.log" 2>&1 || {
      cat "$2/build.log" >&2
      hard_error "seed $_s -O$1: the program does not build"
   }
}

# callgen_one SEED LEVEL: build and check one program; runs in its own
# folder.  Flags, ARGS, MARKS and --mark options are words by
# construction, and so are CG_GEN, CG_NATIVE and CG_HG.
# shellcheck disable=SC2086
callgen_one() {
   _s=$1 _o=$2
   _d="$WORK/s$_s-O$_o"
   mkdir -p "$_d"
   cd "$_d" || hard_error "no folder $_d"
   "$PYTHON3" "$srcdir/callgen.py" gen "$_s" src $CG_GEN ||
      hard_error "callgen.py gen $_s failed"
   # shellcheck disable=SC1091  # written just above
   . ./src/meta.sh
   callgen_build "$_o" .
   if test -n "${CG_OBJDUMP:-}" && test "$_o" = 3; then
      mkdir -p o2
      callgen_build 2 o2
      for _b in prog libcg.so; do
         (cd o2 && $CG_OBJDUMP -d $_b) >o2/$_b.dis
         $CG_OBJDUMP -d $_b >$_b.dis
      done
      if cmp -s prog.dis o2/prog.dis && cmp -s libcg.so.dis o2/libcg.so.dis; then
         pass "seed $_s -O3 $LANG_EXT: the machine code of -O2 (objdump -d of prog and libcg.so, $(grep -c . prog.dis) and $(grep -c . libcg.so.dis) lines): its runs are -O2's"
         return 0
      fi
   fi
   run_client_env $CG_NATIVE ./prog $ARGS >native.out 2>native.err ||
      hard_error "seed $_s -O$_o: the program exited with $? natively"
   test -s native.out || hard_error "seed $_s -O$_o: no counts printed"

   $CG_HG hg g.xml --call-graph=yes -- ./prog $ARGS
   $CG_HG hg g-nochase.xml --call-graph=yes --vex-guest-chase=no -- ./prog $ARGS
   _m=
   for _f in $MARKS; do _m="$_m --mark=$_f"; done
   $CG_HG hg m.xml $_m -- ./prog $ARGS
   $CG_HG hg m-nochase.xml $_m --vex-guest-chase=no -- ./prog $ARGS
   test -z "$CG_ORACLE" || "$CG_ORACLE"

   for _r in g.xml g-nochase.xml m.xml m-nochase.xml $CG_ORACLE_OUTS; do
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
      "$PYTHON3" "$srcdir/cgr_edges.py" check "$_r" >"$_r.check" 2>&1 || {
         cat "$_r.check" >&2
         fail "seed $_s -O$_o: $_r: the call graph's identities do not hold"
      }
   done
   for _r in g.xml g-nochase.xml $CG_ORACLE_OUTS; do
      "$PYTHON3" "$srcdir/prog_edges.py" counts "$_r" native.out \
         >"$_r.counts" 2>&1 || {
         cat "$_r.counts" >&2
         fail "seed $_s -O$_o: $_r: edges differ from the program's counts"
      }
   done
   "$PYTHON3" "$srcdir/callgen.py" same g.xml g-nochase.xml >same.out 2>&1 || {
      cat same.out >&2
      fail "seed $_s -O$_o: edges differ from the chase-off run's"
   }
   "$PYTHON3" "$srcdir/callgen.py" marks m.xml m-nochase.xml g.xml g-nochase.xml \
      $MARKS \
      >marks.out 2>&1 || {
      cat marks.out >&2
      fail "seed $_s -O$_o: marked functions differ from the chase-off run's"
   }
   pass "seed $_s -O$_o $LANG_EXT ($FEATURES; $(sed -n 's/^callgen: //p' native.err)): $(wc -l <native.out) counted edges, $(awk -F '\t' '{ n += $3 } END { print n + 0 }' native.out) calls, equal hotgrind's (both runs)$CG_ORACLE_WHAT; $(tail -n 1 same.out | sed 's/^match: //'); marks $MARKS: $(tail -n 1 marks.out | sed 's/^match: //')"
}

# callgen_main DEFAULT-SEEDS: callgen_one on every seed (callgen_seeds)
# at -O1, -O2 and -O3, two jobs at a time, one per core; each job's
# output in its own log, printed in order; the first failure's status
# is the test's.  A fail in a job also signals this shell (lib.sh's
# fail): here that only notes a failure, so that every job's log is
# still printed.
callgen_main() {
   _status=0 _signalled=0
   trap '_signalled=1' TERM
   # Level by level: an -O3 job that only checks its code (CG_OBJDUMP)
   # then runs beside another such job, not beside a long one.
   _jobs=
   for _lvl in 1 2 3; do
      for _seed in $(callgen_seeds "$1"); do _jobs="$_jobs $_seed:$_lvl"; done
   done
   # shellcheck disable=SC2086  # SEED:LEVEL words
   set -- $_jobs
   while test $# -gt 0; do
      callgen_job "${1%:*}" "${1#*:}" &
      _p1=$!
      shift
      if test $# -gt 0; then
         callgen_job "${1%:*}" "${1#*:}"
         shift
      fi
      # A signal ends wait early: wait until the job has ended.
      while kill -0 "$_p1" 2>/dev/null; do wait "$_p1" || :; done
   done
   trap 'exit 1' TERM
   for _a in $_jobs; do
      cat "$WORK/s${_a%:*}-O${_a#*:}.log"
      _st=$(cat "$WORK/s${_a%:*}-O${_a#*:}.status")
      if test "$_st" != 0 && test "$_status" = 0; then _status=$_st; fi
   done
   test "$_signalled$_status" = 10 && _status=1
   test "$_status" = 0 || echo "FAIL: $TEST_NAME: see $WORK/s*-O*.log" >&2
   return "$_status"
}

# callgen_job SEED LEVEL: callgen_one in a subshell, its output in
# $WORK/sSEED-OLEVEL.log and its exit status in .status.
callgen_job() {
   _st=0
   (callgen_one "$1" "$2") >"$WORK/s$1-O$2.log" 2>&1 || _st=$?
   echo $_st >"$WORK/s$1-O$2.status"
}
