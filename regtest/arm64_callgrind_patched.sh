#!/bin/sh
# hotgrind regression tests: arm64 Callgrind built from source with
# patches/0001 counts calls as the programs count them, under qemu.
# GPL-2.0-or-later
#
# Needs Valgrind cross-built for arm64 from source with the patches and
# Callgrind among its tools: HOTGRIND_INTREE_ARM64 names that source
# tree (tools/build-in-tree.sh SRC --tools "none hotgrind callgrind"
# --host aarch64-linux-gnu; test.sh builds one), whose .in_place/ tools
# run under qemu through the arm64 cross build's vg-qemu (arm64_lib.sh
# builds it).  A plain `make check` skips, saying so.
#
# Debian's Callgrind 3.19 miscounts arm64 calls (arm64_callgrind.sh
# keeps that visible): VEX marks a plain `b` as a call (patches/0001
# makes only `bl` one), and Callgrind's call stack, which tells a
# finished call by SP, keeps frames that `bl` (which leaves SP alone)
# and a PLT stub, longjmp or an exception's unwinding leave behind
# (patches/0004).  With both, for each mark program of graph_arm64.sh,
# at -O0 and -O2, the patched arm64 Callgrind's calls= lines must give
# - every edge between the functions the program counts (edge_count.h)
#   the program's count (prog_edges.py counts), where gcc's code makes
#   the calls the source makes (graph_arm64.sh says where it does not:
#   of fib's at -O2 only main -> fib);
# - every edge into the program's own functions the calls of x86-64
#   Callgrind on the same source, level and arguments (prog_edges.py
#   same; at -O2 not for mark_except, whose x86-64 code differs, as in
#   graph_arm64.sh), and the calls of the arm64 hotgrind's report of the
#   same run;
# and fib(10) once at -O0 must give 2 F(11) - 1 = 177 calls into fib.
# Two runs give the same figures in every context.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

test -n "${HOTGRIND_INTREE_ARM64:-}" ||
   skip "HOTGRIND_INTREE_ARM64 is not set: no arm64 Valgrind built with patches/ (test.sh builds one: tools/build-in-tree.sh --host)"
CLG_LIB=$HOTGRIND_INTREE_ARM64/.in_place
test -f "$CLG_LIB/callgrind-arm64-linux" ||
   hard_error "HOTGRIND_INTREE_ARM64=$HOTGRIND_INTREE_ARM64 has no .in_place/callgrind-arm64-linux: build it with --tools \"none hotgrind callgrind\""
t0=$(date +%s)
a64_build

# patched_cgr OUT PROG [ARGS...]: lib.sh's cgr with the patched arm64
# Callgrind (VALGRIND_LIB for vg-qemu).
patched_cgr() {
   _pc_env=${CLIENT_ENV:-} _pc_vg=$VG_IN_PLACE
   CLIENT_ENV="VALGRIND_LIB=$CLG_LIB $_pc_env" VG_IN_PLACE=$A64_BUILD/vg-qemu
   cgr "$@"
   CLIENT_ENV=$_pc_env VG_IN_PLACE=$_pc_vg
}

# prog_edges MODE NAME ARGS...: prog_edges.py MODE ARGS..., its output in
# NAME, its last line passed.
prog_edges() {
   _pe_mode=$1 _pe_out=$2; shift 2
   "$PYTHON3" "$srcdir/prog_edges.py" "$_pe_mode" "$@" >"$_pe_out" 2>&1 || {
      cat "$_pe_out" >&2
      fail "prog_edges.py $_pe_mode $*: differ (above)"
   }
   pass "$_pe_mode $*: $(tail -n 1 "$_pe_out")"
}

# At -O2, x86-64 gcc moves mark_except's handlers into main.cold and
# guarded.cold (graph_arm64.sh).
X86_LAYOUT_DIFFERS="except_O2"

# calls NAME OBJECTS PROG [ARGS...]: PROG under the patched arm64
# Callgrind (NAME.cgr, the program's counts in NAME.counts), the arm64
# hotgrind (NAME.xml) and x86-64 Callgrind (x86/NAME.cgr, of x86/PROG);
# COUNTED=no: the program's counts are not what gcc's code calls.
calls() {
   _name=$1 _objs=$2 _prog=$3; shift 3
   CLIENT_ENV="HT_EDGE_COUNTS=$_name.counts" patched_cgr "$_name.cgr" "$_prog" "$@"
   test "${COUNTED:-yes}" = no ||
      prog_edges counts "$_name.cgr.counted" "$_name.cgr" "$_name.counts"
   CLIENT_ENV="HT_EDGE_COUNTS=$_name.xml.counts" with_arm64 \
      hg "$_name.xml" --call-graph=yes -- "$_prog" "$@"
   # shellcheck disable=SC2086  # object names: words
   prog_edges same "$_name.cgr.hg" "$_name.cgr" "$_name.xml" $_objs
   case " $X86_LAYOUT_DIFFERS " in *" $_name "*) return 0;; esac
   CLIENT_ENV="HT_EDGE_COUNTS=x86/$_name.counts" cgr "x86/$_name.cgr" \
      "x86/${_prog#./}" "$@"
   # shellcheck disable=SC2086
   prog_edges same "$_name.cgr.x86" "$_name.cgr" "x86/$_name.cgr" $_objs
}

# fib(10) once: 2 F(11) - 1 entries of fib, F(11) computed here.
want=$("$PYTHON3" -c '
a, b = 0, 1
for _ in range(11):
    a, b = b, a + b
print(2 * a - 1)')
expect_eq "2 F(11) - 1" "$want" 177
both_cc mark_fib_O0 -O0 mark_fib.c
patched_cgr fib10.cgr ./mark_fib_O0 10 1
expect_eq "patched arm64 Callgrind's calls into fib, fib(10) at -O0" \
   "$("$PYTHON3" "$srcdir/cgr_inclusive.py" dump fib10.cgr |
      awk -F '\t' '$1 == "mark_fib_O0" && $2 == "fib" { print $5 }')" "$want"

calls fib_O0 mark_fib_O0 ./mark_fib_O0 12 2
both_cc mark_fib_O2 -O2 mark_fib.c -DHT_FIB_NOINLINE
COUNTED=no calls fib_O2 mark_fib_O2 ./mark_fib_O2 12 2
expect_eq "patched arm64 Callgrind fib_O2: main -> fib calls" \
   "$(sed -n 's/^main -> fib: //p' fib_O2.cgr.hg)" \
   "$(awk -F '\t' '$1 == "main" && $2 == "fib" { print $3 }' fib_O2.counts)"

both_cc libhtlib.so -O2 htlib.c -fPIC -shared -Wl,-soname,libhtlib.so
for o in O0 O2; do
   for p in mutual:"101 3" tail:"100 37" qsort:"1000 3" fnptr:1000 \
            longjmp:"2 50"; do
      n=${p%%:*}
      both_cc "mark_${n}_$o" "-$o" "mark_$n.c"
      # shellcheck disable=SC2086  # the arguments: words
      calls "${n}_$o" "mark_${n}_$o" "./mark_${n}_$o" ${p#*:}
   done
   both_cc "mark_threads_$o" "-$o" mark_threads.c -pthread
   calls "threads_$o" "mark_threads_$o" "./mark_threads_$o" 3 4 200
   both_cc "mark_except_$o" "-$o" mark_except.cpp
   calls "except_$o" "mark_except_$o" "./mark_except_$o" 3 2 10 20
   both_cc "mark_virtual_$o" "-$o" mark_virtual.cpp
   calls "virtual_$o" "mark_virtual_$o" "./mark_virtual_$o" 300
   # shellcheck disable=SC2016  # $ORIGIN: the loader's, not the shell's
   a64_cc "mark_plt_$o" "-$o" mark_plt.c -Wl,--no-as-needed "$WORK/libhtlib.so" \
      -Wl,-rpath,'$ORIGIN'
   # shellcheck disable=SC2016
   x86_cc "mark_plt_$o" "-$o" mark_plt.c -Wl,--no-as-needed "$WORK/x86/libhtlib.so" \
      -Wl,-rpath,'$ORIGIN'
   calls "plt_$o" "mark_plt_$o libhtlib.so" "./mark_plt_$o" 50 20 7
done

# Determinism: the same command, the same figures: every function's
# inclusive cost and calls in every context (cgr_inclusive.py dump,
# sorted).  Not the file's bytes: with --separate-callers the order and
# grouping of Callgrind's context records can differ between two runs of
# the same command under qemu (seen in ./test.sh: 13,290 lines against
# 13,267, the same totals and the same dump).
patched_cgr fib10.again.cgr ./mark_fib_O0 10 1
for f in fib10.cgr fib10.again.cgr; do
   "$PYTHON3" "$srcdir/cgr_inclusive.py" dump "$f" | LC_ALL=C sort >"$f.dump"
done
test -s fib10.cgr.dump || hard_error "cgr_inclusive.py dump fib10.cgr printed nothing"
cmp fib10.cgr.dump fib10.again.cgr.dump ||
   fail "two runs of the patched arm64 Callgrind gave different figures"
pass "two runs of the patched arm64 Callgrind: the same figures ($(grep -c . fib10.cgr.dump) function contexts)"

echo "arm64_callgrind_patched: $(($(date +%s) - t0)) s"
