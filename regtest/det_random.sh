#!/bin/sh
# hotgrind regression tests: the program's OS randomness from a seeded
# generator (--det-random=yes, the default; --random-seed=N).
# GPL-2.0-or-later
#
# det_random.c reads getrandom (5 then 11 bytes: the stream's order across
# requests), getentropy, /dev/urandom (read, readv, and fread through a
# 64-byte stdio buffer), /dev/random, getauxval(AT_RANDOM), and RDRAND and
# RDSEED in their 16-, 32- and 64-bit forms where CPUID says the CPU has
# them; it prints every byte and loops as many times as their sum, so its
# Ir moves with them.  Checked:
#   1. five runs with the default options: byte-identical reports and
#      output; the report records det-random=yes, random-seed=0;
#   2. the bytes printed are the documented SplitMix64 streams, recomputed
#      by det_random_ref.py (itself checked against SplitMix64's published
#      outputs), at the offsets det_random.c's requests take;
#   3. <inputs>, read with xml.etree (det_inputs.py): getrandom 32 bytes in
#      4 calls (glibc's tcache key 8, then 5 + 11 from from_getrandom,
#      then getentropy's 8), /dev/urandom 7 + 9 + 8 + 64 = 88 bytes in 4
#      reads, /dev/random 6 bytes in 1, rdrand 4 + 4 + 8 = 16 bytes in 3
#      (rdseed the same where the CPU has it), every row pinned; the rows
#      in the documented order;
#   4. --random-seed=1: the reference's bytes for seed 1, other bytes than
#      seed 0's, and another total Ir;
#   5. --det-random=no: two runs print different bytes (what this test
#      would see if the tool pinned nothing), the rows say pinned="no",
#      and the exit note on stderr names getrandom with its bytes, calls
#      and function, and the devices; no note under --det-random=yes.
# The RDRAND or RDSEED part is skipped, saying so, where the CPU (or
# Valgrind's CPUID) lacks the instruction; nothing else is.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/inputs_lib.sh"

REF="$srcdir/det_random_ref.py"
"$PYTHON3" "$REF" selftest || fail "det_random_ref.py's SplitMix64 is wrong"

cc -O2 -g -o det_random "$srcdir/det_random.c" || hard_error "cannot compile det_random.c"

"$VG_IN_PLACE" --tool=hotgrind --help 2>&1 | grep -q -e '--det-random' ||
   fail "the tool has no --det-random option"

# 1. five runs, the default options
five_runs det -- ./det_random
expect_eq "det.1.xml option det-random" "$(opt det.1.xml det-random)" yes
expect_eq "det.1.xml option random-seed" "$(opt det.1.xml random-seed)" 0
pass "5 runs: identical reports and output, total $(total_ir det.1.xml) Ir"

# Which instructions to expect: the CPU's flags, less what Valgrind's
# CPUID hides (the program asks CPUID under Valgrind).
feature() {
   if grep -qw "$1" /proc/cpuinfo 2>/dev/null; then
      if grep -q "^$1 absent\$" det.1.xml.stdout; then
         echo "note: the CPU has $1 but Valgrind's CPUID hides it: $1 part skipped" >&2
         echo no
      else
         echo yes
      fi
   else
      echo "note: the CPU has no $1: $1 part skipped" >&2
      echo no
   fi
}
case $HT_ARCH in
   amd64) RDRAND=$(feature rdrand) RDSEED=$(feature rdseed) ;;
   *) RDRAND=none RDSEED=none ;;
esac

# 2. the bytes against the independent generator
expect_bytes() {
   "$PYTHON3" "$REF" det_random "$2" "$RDRAND" "$RDSEED" >"$1.expected"
   cmp -s "$1.expected" "$1.stdout" ||
      fail "$1: printed bytes differ from det_random_ref.py's for seed $2:
$(diff "$1.expected" "$1.stdout")"
   pass "$1: all $(grep -c . "$1.expected") lines equal the reference for seed $2 (getrandom5 $(sed -n 's/^getrandom5 //p' "$1.stdout"), at_random16 $(sed -n 's/^at_random16 //p' "$1.stdout"), $(sed -n 's/^sum //p' "$1.stdout") the bytes' sum)"
}
expect_bytes det.1.xml 0

# 3. <inputs>
inputs_rows det.1.xml >det.inputs
cat det.inputs
expect_eq "getrandom calls bytes pinned" "$(inputs_sum det.1.xml random getrandom)" "4 32 yes"
expect_eq "getrandom from from_getrandom" "$(inputs_sum det.1.xml random getrandom from_getrandom)" "2 16 yes"
test "$(awk '$2 == "getrandom" && $3 == "from_getrandom" { print $4 }' det.inputs)" = det_random ||
   fail "the from_getrandom row does not name the object det_random"
expect_eq "/dev/urandom calls bytes pinned" "$(inputs_sum det.1.xml random /dev/urandom)" "4 88 yes"
expect_eq "/dev/random calls bytes pinned" "$(inputs_sum det.1.xml random /dev/random)" "1 6 yes"
want_sources=/dev/random,/dev/urandom,getrandom
if test "$RDRAND" = yes; then
   expect_eq "rdrand calls bytes pinned" "$(inputs_sum det.1.xml random rdrand)" "3 16 yes"
   want_sources=$want_sources,rdrand
fi
if test "$RDSEED" = yes; then
   expect_eq "rdseed calls bytes pinned" "$(inputs_sum det.1.xml random rdseed)" "3 16 yes"
   want_sources=$want_sources,rdseed
fi
expect_eq "random sources" "$(inputs_sources det.1.xml random)" "$want_sources"
pass "$(inputs_order det.1.xml)"

# 4. another seed
hg seed1.xml --random-seed=1 -- ./det_random
expect_eq "seed1.xml option random-seed" "$(opt seed1.xml random-seed)" 1
expect_bytes seed1.xml 1
! cmp -s det.1.xml.stdout seed1.xml.stdout || fail "seeds 0 and 1 printed the same bytes"
ir0=$(total_ir det.1.xml) ir1=$(total_ir seed1.xml)
test "$ir0" != "$ir1" || fail "seeds 0 and 1 gave the same total Ir $ir0"
s0=$(sed -n 's/^sum //p' det.1.xml.stdout) s1=$(sed -n 's/^sum //p' seed1.xml.stdout)
pass "seed 1: other bytes (sum $s1, seed 0: $s0) and another total Ir ($ir1, seed 0: $ir0; $((ir1 - ir0)) Ir for $((s1 - s0)) more loop iterations)"

# 5. --det-random=no: the bytes move, and the note says why
hg off.1.xml --det-random=no -- ./det_random
hg off.2.xml --det-random=no -- ./det_random
expect_eq "off.1.xml option det-random" "$(opt off.1.xml det-random)" no
expect_eq "off.1.xml option random-seed (absent)" "$(opt off.1.xml random-seed)" ""
for l in getrandom5 getrandom11 getentropy8 urandom_read7 urandom_fread10 random_read6 at_random16; do
   a=$(sed -n "s/^$l //p" off.1.xml.stdout) b=$(sed -n "s/^$l //p" off.2.xml.stdout)
   if test -z "$a" || test "$a" = "$b"; then
      fail "--det-random=no: two runs' $l are '$a' and '$b'"
   fi
done
pass "--det-random=no: two runs printed different bytes (getrandom5 $(sed -n 's/^getrandom5 //p' off.1.xml.stdout) and $(sed -n 's/^getrandom5 //p' off.2.xml.stdout)); totals $(total_ir off.1.xml) and $(total_ir off.2.xml) Ir"
expect_eq "--det-random=no getrandom row" "$(inputs_sum off.1.xml random getrandom)" "4 32 no"
expect_eq "--det-random=no /dev/urandom row" "$(inputs_sum off.1.xml random /dev/urandom)" "4 88 no"

# The exit note (stderr, after Valgrind's ==PID== prefix).
note() { sed -n 's/^==[0-9]*== hotgrind: //p' "$1.stderr"; }
note off.1.xml >off.note
cat off.note
expect_has_line "the exit note on stderr under --det-random=no" off.note \
   'the program read OS randomness that --det-random=no leaves unpinned:' \
   '  16 bytes through getrandom from from_getrandom (det_random), 2 calls' \
   'its counts may differ from run to run; --det-random=yes pins it'
# bytes_through SOURCE: the bytes the note's lines give for SOURCE, summed.
bytes_through() {
   awk -v s="$1" '$2 == "bytes" && $3 == "through" && $4 == s { n += $1 } END { print n + 0 }' off.note
}
expect_eq "the note's getrandom bytes" "$(bytes_through getrandom)" 32
expect_eq "the note's /dev/urandom bytes" "$(bytes_through /dev/urandom)" 88
expect_eq "the note's /dev/random bytes" "$(bytes_through /dev/random)" 6
test -z "$(note det.1.xml | grep -e 'OS randomness')" ||
   fail "the note appears under --det-random=yes"
pass "exit note under --det-random=no only, naming getrandom (32 bytes, 16 from from_getrandom in 2 calls), /dev/urandom (88) and /dev/random (6)"
