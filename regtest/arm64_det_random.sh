#!/bin/sh
# hotgrind regression tests: --det-random=yes on arm64, under qemu
# (arm64_lib.sh: skipped, naming what is missing, without the cross
# compiler, qemu-aarch64-static or the arm64 root of tools/setup-arm64.sh).
# GPL-2.0-or-later
#
# det_random.c cross-compiled (on arm64 it reads getrandom, getentropy,
# /dev/urandom, /dev/random and AT_RANDOM; RDRAND/RDSEED are x86-64's,
# and the tool pins no RNDR: the spec's sources do not name it), run by
# the arm64 tool with the default options:
#   1. two runs give byte-identical reports and output;
#   2. the bytes are det_random_ref.py's for seed 0, as on x86-64 (the
#      same offsets: glibc's tcache key first, then the program's own);
#   3. <inputs> (xml.etree): getrandom 32 bytes in 4 calls, 16 of them in
#      2 from from_getrandom, /dev/urandom 88 in 4, /dev/random 6 in 1,
#      all pinned;
#   4. --random-seed=1: the reference's bytes for seed 1.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"
. "$srcdir/inputs_lib.sh"

a64_build
a64_cc det_random -O2 det_random.c
"$PYTHON3" "$srcdir/det_random_ref.py" selftest || fail "det_random_ref.py's SplitMix64 is wrong"

with_arm64 hg a64.1.xml -- ./det_random
with_arm64 hg a64.2.xml -- ./det_random
cmp a64.1.xml a64.2.xml || fail "two arm64 runs gave different reports"
cmp -s a64.1.xml.stdout a64.2.xml.stdout || fail "two arm64 runs printed different bytes"
pass "arm64: two runs, identical reports and output, total $(total_ir a64.1.xml) Ir"

"$PYTHON3" "$srcdir/det_random_ref.py" det_random 0 none none >a64.expected
cmp -s a64.expected a64.1.xml.stdout ||
   fail "arm64: the bytes differ from det_random_ref.py's for seed 0:
$(diff a64.expected a64.1.xml.stdout)"
pass "arm64: all $(grep -c . a64.expected) lines equal the reference for seed 0 (getrandom5 $(sed -n 's/^getrandom5 //p' a64.1.xml.stdout), at_random16 $(sed -n 's/^at_random16 //p' a64.1.xml.stdout))"

inputs_rows a64.1.xml
expect_eq "arm64 getrandom calls bytes pinned" "$(inputs_sum a64.1.xml random getrandom)" "4 32 yes"
expect_eq "arm64 getrandom from from_getrandom" "$(inputs_sum a64.1.xml random getrandom from_getrandom)" "2 16 yes"
expect_eq "arm64 /dev/urandom" "$(inputs_sum a64.1.xml random /dev/urandom)" "4 88 yes"
expect_eq "arm64 /dev/random" "$(inputs_sum a64.1.xml random /dev/random)" "1 6 yes"

with_arm64 hg a64.seed1.xml --random-seed=1 -- ./det_random
"$PYTHON3" "$srcdir/det_random_ref.py" det_random 1 none none >a64.seed1.expected
cmp -s a64.seed1.expected a64.seed1.xml.stdout ||
   fail "arm64: --random-seed=1 bytes differ from the reference's:
$(diff a64.seed1.expected a64.seed1.xml.stdout)"
pass "arm64: --random-seed=1 gives the reference's bytes for seed 1 (total $(total_ir a64.seed1.xml) Ir, seed 0: $(total_ir a64.1.xml))"
