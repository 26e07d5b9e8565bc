#!/bin/sh
# hotgrind regression tests: command-line options.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# --help documents the tool's options.
hg_status help --help -- >/dev/null
for opt in --hotgrind-out-file= --host-info=; do
   grep -q -F -- "$opt" help.stdout || fail "--help does not list $opt"
done
pass "--help lists --hotgrind-out-file and --host-info"

# An empty report name is a bad option: an error before the client runs.
st=$(hg_status empty --hotgrind-out-file= -- /bin/echo CLIENT-RAN)
test "$st" -ne 0 || fail "--hotgrind-out-file= exited 0"
grep -q -i 'bad option' empty.stderr ||
   fail "--hotgrind-out-file= gave no bad-option error: $(cat empty.stderr)"
grep -q -F -- --hotgrind-out-file empty.stderr ||
   fail "the error does not name --hotgrind-out-file: $(cat empty.stderr)"
! grep -q CLIENT-RAN empty.stdout || fail "the client ran with an empty report name"
pass "empty --hotgrind-out-file: bad option, exit $st"

st=$(hg_status badbool --host-info=maybe -- /bin/echo CLIENT-RAN)
test "$st" -ne 0 || fail "--host-info=maybe exited 0"
! grep -q CLIENT-RAN badbool.stdout || fail "the client ran with --host-info=maybe"
pass "--host-info=maybe rejected, exit $st"

# The default report has no <host>; --host-info=yes adds one with this
# run's pid and cwd, and nothing else changes.
hg plain.xml -- ../oracle_c 50
hg host.xml --host-info=yes -- ../oracle_c 50
test "$(xpath plain.xml 'count(/hotgrind/host)')" = 0 ||
   fail "a <host> element without --host-info=yes"
pid=$(pid_of host.xml.stderr)
expect_eq "<host pid>" "$(xpath host.xml 'string(/hotgrind/host/@pid)')" "$pid"
expect_eq "<host cwd>" "$(xpath host.xml 'string(/hotgrind/host/@cwd)')" "$WORK"
grep -v '^  <host ' host.xml | cmp -s - plain.xml ||
   fail "--host-info=yes changed more than the <host> line"
pass "--host-info=yes adds only <host>"

# A geometry whose line x assoc overflows 32 bits (65536 x 65536) is
# refused like any other bad geometry, naming the option: it once divided
# by the wrapped product and died of SIGFPE (exit 136).
for bad in "--I1=1024,65536,65536" "--D1=65536,65536,65536" "--LL=1024,131072,65536"; do
   st=$(hg_status overflow "$bad" -- /bin/echo CLIENT-RAN)
   test "$st" -eq 1 || fail "$bad: exit $st, want 1 (a bad option): $(cat overflow.stderr)"
   grep -q -i 'bad option' overflow.stderr && grep -q -F -- "$bad" overflow.stderr ||
      fail "$bad: the message does not name the option: $(cat overflow.stderr)"
   ! grep -q CLIENT-RAN overflow.stdout || fail "the client ran with $bad"
done
pass "geometries whose line x assoc overflows 32 bits: bad option, exit 1"

# A well-formed number out of range is not a syntax error: the message
# says which number is too large (2^31 and a number that would wrap a
# 64-bit integer), not "expected SIZE,ASSOC,LINE".
for bad in "--LL=2147483648,16,64" "--D1=32768,99999999999999999999999,64"; do
   st=$(hg_status toolarge "$bad" -- /bin/echo CLIENT-RAN)
   test "$st" -eq 1 || fail "$bad: exit $st, want 1: $(cat toolarge.stderr)"
   grep -q -F -- "$bad" toolarge.stderr && grep -q 'too large' toolarge.stderr ||
      fail "$bad: the message does not say the value is too large: $(cat toolarge.stderr)"
   ! grep -q 'expected SIZE' toolarge.stderr ||
      fail "$bad: called a syntax error: $(cat toolarge.stderr)"
   ! grep -q CLIENT-RAN toolarge.stdout || fail "the client ran with $bad"
done
pass "cache numbers above 2^31-1: 'too large', exit 1"

# <libc version> is read from the loaded libc.so.6 in 64 KiB chunks.  A
# banner whose version runs past the end of a chunk must be read whole
# from the next one, not from bytes past those read (it once gave
# "2.333333" here, or garbage).  A library whose soname is libc.so.6,
# loaded last so the tool looks at it first, holds the banner 24 bytes
# before the end of the first chunk.
cat >fakec.c <<'C'
const char ht_fake_banner[70000] = "HTFAKEBANNERSTART";
int ht_fake_fn(void) { return ht_fake_banner[0]; }
C
cat >fakec_prog.c <<'C'
#include <dlfcn.h>
int main(void) { return dlopen("./libfakec.so", RTLD_NOW) ? 0 : 1; }
C
cc -shared -fPIC -nostdlib -Wl,-soname,libc.so.6 -o libfakec.so fakec.c &&
   cc -o fakec_prog fakec_prog.c -ldl ||
   hard_error "cannot build the fake libc.so.6"
off=$(grep -o -b -a HTFAKEBANNERSTART libfakec.so | cut -d: -f1)
test "$off" -lt 65512 && test $((off + 70000)) -gt 65600 ||
   hard_error "the fake banner's array is at $off, not around 65512"
printf 'release version 2.3333333333333.' |
   dd of=libfakec.so bs=1 seek=65512 conv=notrunc status=none
hg fakec.xml -- ./fakec_prog
expect_eq "<libc version> of a banner across a chunk end" \
   "$(xpath fakec.xml 'string(/hotgrind/run/libc/@version)')" 2.3333333333333

# --cache-geometry=host uses the caches Cachegrind uses on this machine,
# LL adjusted as Cachegrind adjusts it (a whole number of sets, a power
# of two of them).  Cachegrind -v says which it used.  Where Cachegrind
# cannot simulate the host's caches, neither can hotgrind and nothing is
# compared: the test is then a SKIP (77), not a PASS, reached only after
# every check above passed (a failure above still fails it).
if ! run_client_env "$VG_IN_PLACE" --tool=cachegrind --cache-sim=yes -v \
      --cachegrind-out-file=/dev/null /bin/true >cg_host.stdout 2>cg_host.stderr; then
   skip "Cachegrind cannot simulate the host's caches, so --cache-geometry=host is not compared: $(tail -n 1 cg_host.stderr)"
fi
cg_geom() {
   sed -n "s/^==[0-9]*== *$1: \([0-9,]*\) B, \([0-9]*\)-way, \([0-9]*\) B lines$/\1 \2 \3/p" \
      cg_host.stderr | head -1 | tr -d ',' | tr ' ' ','
}
hg hostgeom.xml --cache-sim=yes --cache-geometry=host -- /bin/true
! grep -q "caches are unknown" hostgeom.xml.stderr ||
   skip "the host's caches are unknown to Valgrind, so --cache-geometry=host is not compared"
for c in I1 D1 LL; do
   want=$(cg_geom $c)
   test -n "$want" ||
      hard_error "no $c in cachegrind -v's configuration: $(cat cg_host.stderr)"
   expect_eq "--cache-geometry=host $c as Cachegrind's" \
      "$(xpath hostgeom.xml "string(/hotgrind/run/cache/@$c)")" "$want"
done
