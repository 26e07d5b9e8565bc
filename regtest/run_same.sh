#!/bin/sh
# hotgrind regression tests: `hotgrind run` gives the same report for the
# same benchmark run from another directory, by another path, with more
# variables in the caller's environment, and with the caller's glibc told
# to hide AVX2 (an older CI machine's CPU); and the same marked-function
# counts when glibc is told so inside the run (--env), which really
# changes glibc's choices without hotgrind run.  GPL-2.0-or-later
# shellcheck disable=SC2086  # $MARKS and $WORDS: words by construction
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

REL=$(relative "$WORK" "$WORDBENCH")

# The base: from this folder, the program by a relative path.
hgrun base.xml $MARKS -- "$REL" $WORDS
expect_eq "<exe>" "$(xpath base.xml 'string(/hotgrind/run/command/exe)')" /proc/self/fd/3
expect_eq "<launcher name>" "$(xpath base.xml 'string(/hotgrind/run/launcher/@name)')" "hotgrind run"
for s in environment=cleared PATH=/usr/bin:/bin LC_ALL=C LD_BIND_NOW=1 \
         program-path=/proc/self/fd/3 valgrind-lib=/proc/self/fd/4 \
         stdin=character-device stdout=file stderr=file aslr=off \
         stack-limit=8388608 cwd=. cache-geometry=fixed; do
   expect_eq "setting ${s%%=*}" "$(setting base.xml "${s%%=*}")" "${s#*=}"
done
expect_eq "LD_BIND_NOW in <environment>" \
   "$(xpath base.xml 'string(/hotgrind/run/environment/var[@name="LD_BIND_NOW"]/@value)')" 1
case $(xpath base.xml 'string(/hotgrind/run/environment/var[@name="GLIBC_TUNABLES"]/@value)') in
   *glibc.malloc.arena_max=1*) pass "GLIBC_TUNABLES pins the malloc arenas";;
   *) fail "base.xml: GLIBC_TUNABLES does not pin glibc.malloc.arena_max";;
esac

# On x86, every string and memory routine is glibc's SSE2 one, whatever
# CPU class Valgrind presents.
if test "$HT_ARCH" = amd64; then
   variants base.xml >base.variants
   test -s base.variants || fail "base.xml: no glibc string routine ran"
   if grep -v '_sse2' base.variants >/dev/null; then
      fail "base.xml: routines other than SSE2 ones ran: $(tr '\n' ' ' <base.variants)"
   fi
   pass "SSE2 routines only: $(tr '\n' ' ' <base.variants)"
fi

# From another, longer directory, the program by its absolute path.
cd "$LONG_DIR"
hgrun dir.xml $MARKS -- "$LONG_PROG" $WORDS
cd "$WORK"
cmp base.xml dir.xml || fail "another directory and path gave another report"
pass "another directory (${#LONG_DIR} bytes) and path: the same report"

# More variables in the caller's environment, one of them long.
(HOTGRIND_TEST_EXTRA=1 HOTGRIND_TEST_LONG=$(printf '%0300d' 0) HOME=/nowhere
 export HOTGRIND_TEST_EXTRA HOTGRIND_TEST_LONG HOME
 hgrun env.xml $MARKS -- "$REL" $WORDS)
cmp base.xml env.xml || fail "variables of the caller's environment gave another report"
pass "3 more variables in the caller's environment: the same report"

# The caller's glibc hides AVX2, as on an older CI machine.
(GLIBC_TUNABLES=$NO_AVX2; export GLIBC_TUNABLES
 hgrun cpu.xml $MARKS -- "$REL" $WORDS)
cmp base.xml cpu.xml || fail "GLIBC_TUNABLES=$NO_AVX2 in the caller's environment gave another report"
pass "GLIBC_TUNABLES=$NO_AVX2 in the caller's environment: the same report"

# Without hotgrind run, that setting changes which routines glibc picks
# and the marked functions' counts, where Valgrind presents an AVX2 CPU.
raw plain.xml $MARKS -- "$REL" $WORDS
RAW_ENV="GLIBC_TUNABLES=$NO_AVX2" raw plain-cpu.xml $MARKS -- "$REL" $WORDS
variants plain.xml >plain.variants
variants plain-cpu.xml >plain-cpu.variants
case $(platform plain.xml) in
   *avx2*)
      cmp -s plain.variants plain-cpu.variants &&
         fail "without hotgrind run, $NO_AVX2 did not change glibc's routines: $(tr '\n' ' ' <plain.variants)"
      pass "without hotgrind run, $NO_AVX2 changes glibc's routines: $(tr '\n' ' ' <plain.variants) -> $(tr '\n' ' ' <plain-cpu.variants)"
      marked plain.xml >plain.marked
      marked plain-cpu.xml >plain-cpu.marked
      cmp -s plain.marked plain-cpu.marked &&
         fail "without hotgrind run, $NO_AVX2 did not change the marked functions' counts"
      pass "without hotgrind run, it changes the marked functions' counts"
      ;;
   *) echo "note: Valgrind presents no AVX2 here ($(platform plain.xml)): hiding it changes nothing to compare" >&2;;
esac

# Inside hotgrind run (--env), hiding AVX2 changes no marked function and
# no function outside ld.so, against a GLIBC_TUNABLES of the same length
# naming features the run hides already; only ld.so's parsing of the two
# texts differs.
SAME_LENGTH=glibc.cpu.hwcaps=-BMI1,-AVX_Fast_Unaligned_Load
test ${#SAME_LENGTH} = ${#NO_AVX2} || hard_error "the two GLIBC_TUNABLES differ in length"
hgrun env-cpu.xml --env=GLIBC_TUNABLES=$NO_AVX2 $MARKS -- "$REL" $WORDS
hgrun env-same.xml --env=GLIBC_TUNABLES=$SAME_LENGTH $MARKS -- "$REL" $WORDS
marked env-cpu.xml >env-cpu.marked
marked env-same.xml >env-same.marked
cmp env-cpu.marked env-same.marked ||
   fail "--env=GLIBC_TUNABLES=$NO_AVX2 changed the marked functions' counts"
pass "--env=GLIBC_TUNABLES=$NO_AVX2: the same marked counts: $(tr '\n' ' ' <env-cpu.marked)"
"$PYTHON3" -c '
import sys, xml.etree.ElementTree as ET
def functions(path):
    return {(f.get("name"), f.get("object")): f.find("self").get("Ir")
            for f in ET.parse(path).getroot().find("functions")
            if f.get("object") != "ld-linux-x86-64.so.2"
            and not f.get("object").startswith("ld-linux")}
a, b = functions(sys.argv[1]), functions(sys.argv[2])
bad = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
for k in bad:
    print("%s (%s): %s -> %s" % (k[0], k[1], a.get(k), b.get(k)))
sys.exit(1 if bad else 0)' env-same.xml env-cpu.xml >env.functions ||
   fail "--env=GLIBC_TUNABLES=$NO_AVX2 changed functions outside ld.so: $(cat env.functions)"
pass "and every function outside ld.so's self Ir"
if test "$HT_ARCH" = amd64; then
   variants env-cpu.xml >env-cpu.variants
   cmp -s base.variants env-cpu.variants ||
      fail "--env=GLIBC_TUNABLES=$NO_AVX2 changed glibc's routines: $(tr '\n' ' ' <env-cpu.variants)"
fi

# hotgrind diff says nothing of reports made alike, and names the setting
# of reports made differently.
"$HOTGRIND_CLI" diff base.xml dir.xml >diff-same.out 2>diff-same.err ||
   fail "hotgrind diff base.xml dir.xml failed: $(cat diff-same.err)"
! grep -q 'measured differently' diff-same.err diff-same.out ||
   fail "hotgrind diff warns about identical runs: $(cat diff-same.err)"
"$HOTGRIND_CLI" diff env-cpu.xml env-same.xml >diff-env.out 2>diff-env.err ||
   fail "hotgrind diff env-cpu.xml env-same.xml failed: $(cat diff-env.err)"
grep 'measured differently' diff-env.err | grep -q 'setting env (GLIBC_TUNABLES=' ||
   fail "hotgrind diff does not name the setting env: $(cat diff-env.err)"
"$HOTGRIND_CLI" diff plain.xml base.xml >diff-plain.out 2>diff-plain.err ||
   fail "hotgrind diff plain.xml base.xml failed: $(cat diff-plain.err)"
grep 'measured differently' diff-plain.err | grep -q 'launcher ((none) -> hotgrind run)' ||
   fail "hotgrind diff does not say one run had no launcher: $(cat diff-plain.err)"
pass "hotgrind diff: no warning for runs alike; names the setting, and a missing launcher"

# The tool options hotgrind run gives, as any launcher may give them: the
# name, then each setting as given (a value may hold '=' or be empty).
hg tool.xml --launcher=mine --run-setting=k=v=w --run-setting=k= -- "$REL" 10
expect_eq "launcher and settings of --launcher=mine --run-setting=k=v=w --run-setting=k=" \
   "$(xpath tool.xml 'string(/hotgrind/run/launcher/@name)') $(xpath tool.xml 'count(/hotgrind/run/launcher/setting)') $(xpath tool.xml 'string(/hotgrind/run/launcher/setting[1]/@value)')|$(xpath tool.xml 'string(/hotgrind/run/launcher/setting[2]/@value)')|" \
   "mine 2 v=w||"
cli_validate tool.xml
hg plain-tool.xml -- "$REL" 10
expect_eq "no --launcher: no <launcher>" "$(xpath plain-tool.xml 'count(/hotgrind/run/launcher)')" 0
for bad in "--run-setting=k=v" "--launcher=mine --run-setting==v" "--launcher=mine --run-setting=k" "--launcher="; do
   # shellcheck disable=SC2086
   st=$(hg_status bad $bad -- /bin/echo CLIENT-RAN)
   test "$st" -ne 0 || fail "$bad: exit status 0"
   ! grep -q CLIENT-RAN bad.stdout || fail "$bad: the client ran"
   pass "$bad refused (exit $st): $(grep -v '^==' bad.stderr | head -1)"
done
