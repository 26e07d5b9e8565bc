# hotgrind regression tests: the arm64 tests' helpers.  GPL-2.0-or-later
# shellcheck shell=sh disable=SC2154  # srcdir, top_srcdir, top_builddir: lib.sh
#
# Sourced after lib.sh by arm64_*.sh, which run in the NATIVE (x86-64)
# build's `make check`.  They need, and skip (exit 77) saying which is
# missing when one is not there:
#   aarch64-linux-gnu-gcc, aarch64-linux-gnu-g++, aarch64-linux-gnu-objdump
#   qemu-aarch64-static
#   an arm64 root made by tools/setup-arm64.sh: $HOTGRIND_ARM64_ROOT, or
#   /opt/hotgrind-arm64 when that is unset
# They build the arm64 tool themselves in this build tree
# ($top_builddir/regtest/arm64-build: configure --host=aarch64-linux-gnu
# --with-valgrind=ROOT, then make, which is incremental), cross-compile
# the clients they run into their own NAME.dir, and run them through
# that tree's vg-in-place (qemu-aarch64-static; docs/arm64.md).

: "${HOTGRIND_ARM64_ROOT:=/opt/hotgrind-arm64}"
A64_ROOT=$HOTGRIND_ARM64_ROOT
A64_CC=aarch64-linux-gnu-gcc
A64_CXX=aarch64-linux-gnu-g++
A64_OBJDUMP=aarch64-linux-gnu-objdump
A64_QEMU=qemu-aarch64-static

# The x86-64 figures these tests compare with come from this build.
test "$HT_ARCH" = amd64 ||
   skip "the arm64 tests compare with x86-64 runs; this build is for $HT_ARCH"

_missing=
for _t in $A64_CC $A64_CXX $A64_OBJDUMP $A64_QEMU; do
   command -v "$_t" >/dev/null 2>&1 || _missing="$_missing $_t"
done
for _f in usr/lib/aarch64-linux-gnu/pkgconfig/valgrind.pc \
          usr/lib/aarch64-linux-gnu/valgrind/libcoregrind-arm64-linux.a \
          usr/libexec/valgrind/cachegrind-arm64-linux \
          usr/libexec/valgrind/callgrind-arm64-linux \
          usr/bin/valgrind.bin lib/ld-linux-aarch64.so.1; do
   test -e "$A64_ROOT/$_f" || { _missing="$_missing $A64_ROOT/$_f"; break; }
done
test -z "$_missing" ||
   skip "arm64 prerequisites missing:$_missing; get them with tools/setup-arm64.sh $A64_ROOT (as root; HOTGRIND_ARM64_ROOT picks the folder, default /opt/hotgrind-arm64)"

# a64_build: configures (once per root) and makes the arm64 tool in
# $A64_BUILD, under a lock: the arm64 tests may run side by side and
# share it.  The cross configure gets none of the native build's
# compiler settings or make's command-line variables.  A build that
# fails with every prerequisite present is an error, not a skip.
A64_BUILD="$top_builddir/regtest/arm64-build"
A64_VG="$A64_BUILD/vg-in-place"
a64_build() {
   mkdir -p "$A64_BUILD"
   (
      flock 9
      cd "$A64_BUILD"
      if ! test -f config.status || ! test -f .arm64-root ||
         test "$(cat .arm64-root)" != "$A64_ROOT"; then
         rm -rf .arm64-root .in_place
         env -u CC -u CXX -u CPP -u CXXCPP -u CFLAGS -u CXXFLAGS \
            -u CPPFLAGS -u LDFLAGS -u LIBS -u PKG_CONFIG_PATH \
            -u PKG_CONFIG_LIBDIR -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
            "$top_srcdir/configure" --host=aarch64-linux-gnu \
            --with-valgrind="$A64_ROOT" >configure.log 2>&1 || {
            tail -20 configure.log >&2
            exit 1
         }
         echo "$A64_ROOT" >.arm64-root
      fi
      # A full make remakes .in_place/ every time (a phony target), under
      # any arm64 test already running: once it exists, make only the
      # tool, which its link in .in_place/ points to.
      _target=
      test -e .in_place/hotgrind-arm64-linux && _target="-C hotgrind"
      # shellcheck disable=SC2086  # no words or two
      env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make $_target >make.log 2>&1 || {
         tail -20 make.log >&2
         exit 1
      }
   ) 9>"$A64_BUILD.lock" ||
      hard_error "the arm64 cross build failed in $A64_BUILD (configure.log, make.log)"
   test -x "$A64_VG" || hard_error "no $A64_VG after the arm64 build"
   pass "arm64 tool built in $A64_BUILD against $A64_ROOT"
}

# a64_cc OUT -O? SOURCE [FLAGS...]: cross-compiles one of the mark
# programs as Makefile.am builds it natively (-g, mark.h, hotgrind.h and
# the arm64 valgrind.h on the include path); .cpp with g++.
a64_cc() {
   _out=$1 _opt=$2 _src=$3; shift 3
   case $_src in *.cpp) _cc=$A64_CXX;; *) _cc=$A64_CC;; esac
   "$_cc" -I"$srcdir" -I"$top_srcdir/hotgrind" \
      -I"$A64_ROOT/usr/include/valgrind" -g "$_opt" "$@" \
      -o "$_out" "$srcdir/$_src" 2>"$_out.cc-log" ||
      hard_error "cannot cross-compile $_src: $(cat "$_out.cc-log")"
}

# x86_cc OUT -O? SOURCE [FLAGS...]: the same build for x86-64, into x86/
# (the same file name: the report's object name is compared), by gcc, the
# compiler of the arm64 build (the same version, 12, on Debian 12).
x86_cc() {
   _out=$1 _opt=$2 _src=$3; shift 3
   case $_src in *.cpp) _cc=g++;; *) _cc=gcc;; esac
   mkdir -p x86
   "$_cc" -I"$srcdir" -g "$_opt" "$@" -o "x86/$_out" "$srcdir/$_src" \
      2>"x86/$_out.cc-log" ||
      hard_error "cannot compile $_src: $(cat "x86/$_out.cc-log")"
}

# both_cc OUT -O? SOURCE [FLAGS...]: for arm64 (OUT) and x86-64 (x86/OUT).
both_cc() { a64_cc "$@"; x86_cc "$@"; }

# a64_build_oracles: the arm64 tool (a64_build) and the programs compared
# with arm64 Cachegrind, cross-compiled as make check builds them natively
# (oracle_c, oracle_cxx) and as arm64_run.sh builds arm64_cpu.
a64_build_oracles() {
   a64_build
   a64_cc oracle_c -O2 oracle_c.c
   a64_cc oracle_cxx -O2 oracle_cxx.cpp -std=c++17
   a64_cc arm64_cpu -O2 arm64_cpu.c -pthread
}

# qemu presents no cache geometry: every cache simulation pins one.
# shellcheck disable=SC2034  # read by the tests that source this file
A64_GEOM="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# with_arm64 CMD [ARGS...]: runs a lib.sh helper (hg, cg, cgr) with the
# arm64 launcher instead of the native one.
with_arm64() {
   _native_vg=$VG_IN_PLACE
   VG_IN_PLACE=$A64_VG
   "$@"
   VG_IN_PLACE=$_native_vg
}

# a64_disasm PROG FUNCTION: aarch64 objdump of one function.
a64_disasm() {
   "$A64_OBJDUMP" -d --no-show-raw-insn "$1" |
      awk -v f="<$2>:" '$2 == f { on = 1; next } on && /^$/ { exit } on'
}

# a64_expect_tail_jump PROG CALLER CALLEE: CALLER's aarch64 code enters
# CALLEE by a `b` to its first instruction and calls nothing (no `bl`).
a64_expect_tail_jump() {
   a64_disasm "$1" "$2" >"$1.$2.dis"
   if ! grep -E -q "\sb\s+[0-9a-f]+ <$3>\$" "$1.$2.dis" ||
      grep -E -q '\sbl\s' "$1.$2.dis"; then
      cat "$1.$2.dis" >&2
      fail "arm64 $1: $2 does not tail-jump (b) to $3"
   fi
}

# marked_calls REPORT: "NAME<TAB>CALLS" of every marked function, sorted.
marked_calls() {
   "$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
fns = ET.parse(sys.argv[1]).getroot().find("functions")
rows = sorted((f.get("name"), f.get("calls")) for f in fns
              if f.get("marked") == "yes")
for name, calls in rows:
    print(f"{name}\t{calls}")' "$1"
}

# same_calls_as_x86 A64REPORT X86REPORT: every marked function has the
# same calls on both, and the same functions are marked and ran.
same_calls_as_x86() {
   marked_calls "$1" >"$1.calls"
   marked_calls "$2" >"$2.calls"
   test -s "$1.calls" || fail "$1: no marked function ran"
   diff "$2.calls" "$1.calls" >"$1.calls-diff" || {
      cat "$1.calls-diff" >&2
      fail "$1: calls of marked functions differ from x86-64's $2 (diff above: < x86-64, > arm64)"
   }
   pass "$1: calls equal x86-64's: $(tr '\t\n' '=,' <"$1.calls" | sed 's/,$//')"
}

# a64_patched_callgrind: the patched arm64 Callgrind, for
# arm64_callgrind_patched.sh and graph_arm64.sh.  HOTGRIND_INTREE_ARM64
# names Valgrind cross-built for arm64 from source with patches/ and
# Callgrind among its tools (tools/build-in-tree.sh SRC --tools "none
# hotgrind callgrind" --host aarch64-linux-gnu; test.sh builds one);
# its .in_place/ tools run under qemu through the arm64 cross build's
# vg-qemu (a64_build builds it).  Sets CLG_LIB to that folder and
# returns 0; returns 1 when the variable is unset; a tree without
# Callgrind is a hard error.
a64_patched_callgrind() {
   test -n "${HOTGRIND_INTREE_ARM64:-}" || return 1
   CLG_LIB=$HOTGRIND_INTREE_ARM64/.in_place
   test -f "$CLG_LIB/callgrind-arm64-linux" ||
      hard_error "HOTGRIND_INTREE_ARM64=$HOTGRIND_INTREE_ARM64 has no .in_place/callgrind-arm64-linux: build it with --tools \"none hotgrind callgrind\""
}

# patched_cgr OUT PROG [ARGS...]: lib.sh's cgr with the patched arm64
# Callgrind of CLG_LIB (a64_patched_callgrind), VALGRIND_LIB for vg-qemu.
patched_cgr() {
   _pc_env=${CLIENT_ENV:-} _pc_vg=$VG_IN_PLACE
   CLIENT_ENV="VALGRIND_LIB=$CLG_LIB $_pc_env" VG_IN_PLACE=$A64_BUILD/vg-qemu
   cgr "$@"
   CLIENT_ENV=$_pc_env VG_IN_PLACE=$_pc_vg
}

# prog_edges MODE OUT ARGS...: prog_edges.py MODE ARGS..., its output in
# OUT, its last line passed (graph_arm64.sh, arm64_callgrind_patched.sh).
prog_edges() {
   _pe_mode=$1 _pe_out=$2; shift 2
   "$PYTHON3" "$srcdir/prog_edges.py" "$_pe_mode" "$@" >"$_pe_out" 2>&1 || {
      cat "$_pe_out" >&2
      fail "prog_edges.py $_pe_mode $*: differ (above)"
   }
   pass "$_pe_mode $*: $(tail -n 1 "$_pe_out")"
}
