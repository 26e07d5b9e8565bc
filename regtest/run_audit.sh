#!/bin/sh
# hotgrind regression tests: `hotgrind run --repeat` and `--perturb`, the
# audit of a benchmark before CI gates on it (docs/manual.md, "Qualifying
# a benchmark for CI").  The expected verdicts follow from how the
# programs are built (audit_ptrhash.c, audit_clock.c, audit_random.c,
# audit_race.c: the
# comments say why each count moves or cannot), and Cachegrind confirms
# the one the address dependence rests on: hash_pointers' count moves
# with the stack and the heap, sum_values' does not.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

for p in audit_ptrhash audit_clock audit_random; do
   cc -O2 -g -o "$p" "$srcdir/$p.c" || hard_error "cannot compile $p.c"
done
cc -O2 -g -pthread -o audit_race "$srcdir/audit_race.c" ||
   hard_error "cannot compile audit_race.c"

# audit NAME [HOTGRIND-RUN-OPTIONS...] [--] PROG [ARGS...]: hotgrind run
# writing NAME.xml, stdout in NAME.out, stderr in NAME.err; prints the
# exit status.
audit() {
   _name=$1; shift
   _st=0
   VALGRIND_LIB=$IN_PLACE "$HOTGRIND_CLI" run -q -o "$_name.xml" "$@" \
      </dev/null >"$_name.out" 2>"$_name.err" || _st=$?
   echo "$_st"
}

# expect_status NAME WANT GOT
expect_status() {
   test "$3" = "$2" ||
      fail "$1: exit status $3, want $2; stdout: $(cat "$1.out"); stderr: $(cat "$1.err")"
}

# has NAME PATTERN: NAME.out has a line matching the extended PATTERN.
has() {
   grep -Eq -- "$2" "$1.out" || fail "$1: no line matching '$2' in: $(cat "$1.out")"
}

# lacks NAME PATTERN
lacks() {
   if grep -Eq -- "$2" "$1.out"; then
      fail "$1: a line matching '$2' in: $(cat "$1.out")"
   fi
}

#--- The oracle: Cachegrind sees hash_pointers move and sum_values stay.
# cg_fn_ir OUT PREFIX: the Ir of the function whose name starts with
# PREFIX in Cachegrind's file OUT (GCC may add .constprop.0).
cg_fn_ir() {
   "$PYTHON3" -c '
import sys
total, on = 0, False
for line in open(sys.argv[1]):
    if line.startswith("fn="):
        on = line[3:].strip().split(".")[0] == sys.argv[2]
    elif on and line[:1].isdigit():
        total += int(line.split()[1])
print(total)' "$1" "$2"
}
pad16=xxxxxxxxxxxxxxxx
pad80=$pad16$pad16$pad16$pad16$pad16
CLIENT_ENV="HOTGRIND_PERTURB=$pad16" cg ref.cg ./audit_ptrhash
CLIENT_ENV="HOTGRIND_PERTURB=$pad80" cg stack.cg ./audit_ptrhash
CLIENT_ENV="HOTGRIND_PERTURB=$pad16" cg heap.cg --aspace-minaddr=0x20000000 ./audit_ptrhash
# cg_figures PREFIX: its Ir in the reference, stack-moved and heap-moved
# runs.
cg_figures() {
   echo "$(cg_fn_ir ref.cg "$1") $(cg_fn_ir stack.cg "$1") $(cg_fn_ir heap.cg "$1")"
}
hash_pointers_cg=$(cg_figures hash_pointers)
sum_values_cg=$(cg_figures sum_values)
# shellcheck disable=SC2086  # three numbers
if ! "$PYTHON3" -c 'import sys; r, s, h = map(int, sys.argv[1:]); sys.exit(not (r > 0 and s != r and h != r))' $hash_pointers_cg; then
   hard_error "Cachegrind: hash_pointers does not move with the stack and the heap ($hash_pointers_cg): the test program does not do what it is for"
fi
# shellcheck disable=SC2086
if ! "$PYTHON3" -c 'import sys; r, s, h = map(int, sys.argv[1:]); sys.exit(not (r > 0 and s == r and h == r))' $sum_values_cg; then
   hard_error "Cachegrind: sum_values moves ($sum_values_cg)"
fi

#--- --perturb lists the address-dependent function, not the clean one.
st=$(audit ptr --perturb ./audit_ptrhash)
expect_status ptr 1 "$st"
has ptr '^hotgrind run --perturb: 4 perturbed runs against the reference run '
has ptr '^  stack moved by 64 bytes +1 function moves$'
has ptr '^  heap and libraries moved +1 function moves$'
has ptr '^  hash_pointers[.a-z0-9]* \(audit_ptrhash\)  [0-9,]+ \.\. [0-9,]+  stack moved by 64 bytes, .*heap and libraries moved$'
lacks ptr 'sum_values'
lacks ptr 'libc\.so|ld-linux'
test "$(grep -c '^  [^ ].* \(.*\)  [0-9,]* \.\. ' ptr.out)" = 1 ||
   fail "ptr: more than hash_pointers listed: $(cat ptr.out)"
# The reports it compared are kept, the first one is the plain run's.
for s in reference reference2 stack-64 stack-8 argv0 heap; do
   test -s "ptr.xml.$s" || fail "no ptr.xml.$s"
   cli_validate "$WORK/ptr.xml.$s"
done
cli_validate "$WORK/ptr.xml"
# The suggested policy is one hotgrind check accepts, and with it the
# gate passes on every perturbed report against the reference.
sed -n '/^<policy/,/^<\/policy>/p' ptr.out >suggested.xml
# Not argv0: a longer argv[0] moves ld.so's strcspn by its own length,
# which the manual expects and --perturb does not suggest leaving out.
for s in stack-64 stack-8 heap; do
   "$HOTGRIND_CLI" check --policy suggested.xml ptr.xml.reference "ptr.xml.$s" \
      >"check.$s" 2>&1 || fail "check of ptr.xml.$s with the suggested policy: $(cat "check.$s")"
done
# ...and without it the heap move alone breaks a gate of 0% regression,
# one way or the other.
cat >strict.xml <<'XML'
<policy format="1"><thresholds regression="0" improvement="0" floor="0"/></policy>
XML
if "$HOTGRIND_CLI" check --policy strict.xml ptr.xml.reference ptr.xml.heap >check.strict 2>&1 &&
   "$HOTGRIND_CLI" check --policy strict.xml ptr.xml.heap ptr.xml.reference >>check.strict 2>&1; then
   fail "a 0% gate passes ptr.xml.heap against the reference both ways: $(cat check.strict)"
fi
pass "--perturb lists hash_pointers only (Cachegrind: $hash_pointers_cg; sum_values $sum_values_cg); its policy passes check"

# The audit's own output, twice.
st=$(audit ptr2 --perturb ./audit_ptrhash)
expect_status ptr2 1 "$st"
sed 's/ptr2\.xml/ptr.xml/g' ptr2.out | cmp - ptr.out || fail "--perturb printed something else the second time"

#--- A clean benchmark passes both, and twice alike.
st=$(audit clean --perturb "$WORDBENCH" 300)
expect_status clean 0 "$st"
has clean '^No function.s counts depend on where the stack, the heap or the program.s strings are$'
for s in reference reference2 stack-64 stack-8 argv0 heap; do
   test ! -e "clean.xml.$s" || fail "clean.xml.$s left after a passing audit"
done
cli_validate "$WORK/clean.xml"
st=$(audit rep --repeat "$WORDBENCH" 300)
expect_status rep 0 "$st"
# The benchmark's own line, once a run, then the verdict.
test "$(grep -v '^300 words' rep.out)" = "hotgrind run --repeat: 3 runs, byte-identical reports" ||
   fail "rep: $(cat rep.out)"
test ! -e rep.xml.run2 || fail "rep.xml.run2 left after a passing audit"
st=$(audit rep2 --repeat=2 "$WORDBENCH" 300)
expect_status rep2 0 "$st"
test "$(grep -v '^300 words' rep2.out)" = "hotgrind run --repeat: 2 runs, byte-identical reports" ||
   fail "rep2: $(cat rep2.out)"
pass "a clean benchmark: --perturb and --repeat exit 0"

# audit_input NAME PROG OPTION CAUSE OTHERS: ./PROG, whose spin_by_*
# function loops by an input that `hotgrind run` pins by default and
# OPTION=no leaves unpinned (steady_work by nothing): pinned, --repeat=3
# gives 3 byte-identical reports (NAMEpinned); with OPTION=no, --repeat=5
# (NAME) exits 1 naming spin_by_NAME (PROG) among the functions that
# differ, but not steady_work, and gives the likely cause CAUSE (an
# extended regular expression, the whole line after "Likely cause: ")
# and no line matching OTHERS.
audit_input() {
   _an=$1 _ap=$2 _ao=$3 _ac=$4 _ax=$5
   st=$(audit "${_an}pinned" --repeat=3 "./$_ap")
   expect_status "${_an}pinned" 0 "$st"
   has "${_an}pinned" '^hotgrind run --repeat: 3 runs, byte-identical reports$'
   st=$(audit "$_an" --repeat=5 "$_ao=no" "./$_ap")
   expect_status "$_an" 1 "$st"
   has "$_an" "^  spin_by_$_an \\($_ap\\)  Ir [0-9,]+ -> [0-9,]+\$"
   lacks "$_an" steady_work
   has "$_an" "^Likely cause: $_ac\$"
   lacks "$_an" "$_ax"
}

#--- A clock read: hotgrind run answers it from the instruction count
# (--det-clock=yes, its default), so the runs are alike; with
# --det-clock=no --repeat exits 1 naming the function and the cause,
# which the report's <inputs> gives (clock_gettime, unpinned, read in
# spin_by_clock).
audit_input clock audit_clock --det-clock \
   'a clock read: the program read the clock through clock_gettime from spin_by_clock \(audit_clock\); --det-clock=yes \(hotgrind run.s default\) or --det-sched=yes.s virtual time answers it from the instruction count' \
   'OS randomness|number of CPUs'
has clock '^hotgrind run --repeat: run [2-5] of 5 gave another report than run 1 '
test -s clock.xml.run2 || fail "clock.xml.run2 removed after a failing audit"
# --perturb does not blame the perturbations for a count that moves alone.
st=$(audit clockp --perturb --det-clock=no ./audit_clock)
expect_status clockp 1 "$st"
has clockp '^hotgrind run --perturb: two runs of the reference gave different reports '
pass "a clock read: $(grep '^  spin_by_clock' clock.out)"

#--- OS randomness: pinned by default (the runs are alike); with
# --det-random=no --repeat names the 4 bytes spin_by_random read through
# getrandom (audit_random.c reads exactly 4, once).
audit_input random audit_random --det-random \
   'OS randomness: the program read 4 random bytes through getrandom from spin_by_random \(audit_random\); --det-random=yes pins them' \
   'a clock read|thread interleaving'
pass "OS randomness: $(grep '^Likely cause: OS' random.out | head -1)"

#--- Threads racing: --repeat exits 1 naming the waiting loop.
st=$(audit race --repeat=10 ./audit_race)
expect_status race 1 "$st"
has race '^  wait_for_worker \(audit_race\)  Ir [0-9,]+ -> [0-9,]+'
has race '^Likely cause: a thread interleaving: 2 threads'
lacks race 'clock read'
# With thread events, the first event that differs is named.
st=$(audit race-events --repeat=10 --thread-events=yes ./audit_race)
expect_status race-events 1 "$st"
has race-events '^Thread events: (the first difference is event [0-9,]+ \(thread [0-9,]+ [a-z-]+ at Ir [0-9,]+ -> thread [0-9,]+ [a-z-]+ at Ir [0-9,]+\)|[0-9,]+ -> [0-9,]+)$'
has race-events '^Likely cause: a thread interleaving: 2 threads'
pass "threads racing: $(grep '^Likely' race.out)"

#--- An environment difference: a Valgrind wrapper that adds a variable
# to every other run (a launcher script, as Debian's valgrind is one).
cat >alternating-valgrind <<WRAPPER
#!/bin/sh
n=\$(cat "$WORK/wrapper-runs" 2>/dev/null || echo 0)
echo \$((n + 1)) >"$WORK/wrapper-runs"
if test \$((n % 2)) = 1; then HOTGRIND_TEST_EXTRA=1; export HOTGRIND_TEST_EXTRA; fi
exec "$HOTGRIND_VALGRIND" "\$@"
WRAPPER
chmod +x alternating-valgrind
st=$(audit envdiff --repeat=2 --valgrind="$WORK/alternating-valgrind" "$WORDBENCH" 30)
expect_status envdiff 1 "$st"
has envdiff '^hotgrind run --repeat: run 2 of 2 gave another report than run 1 '
has envdiff '^Likely cause: an environment difference: the runs were measured differently \(environment: [0-9,]+ variables, [0-9,]+ bytes -> [0-9,]+ variables, [0-9,]+ bytes\)$'
lacks envdiff 'clock read|thread interleaving'
pass "a wrapper adding a variable: $(grep '^Likely' envdiff.out)"

#--- A run killed by a signal is reported as such.
st=$(audit killed --repeat=2 /bin/sh -c 'kill -KILL $$')
expect_status killed 2 "$st"
grep -q "^hotgrind: $WORK/killed.xml: the run writing it was killed by signal 9 (Killed)$" killed.err ||
   fail "killed: $(cat killed.err)"

#--- A benchmark that does not exit 0 is not qualified, however alike its
# runs: diff and check refuse its reports.  --repeat and --perturb exit 2
# naming the report and how the program ended.
for mode in --repeat=2 --perturb; do
   st=$(audit fails "$mode" /bin/sh -c 'exit 3')
   test "$st" = 2 || fail "fails $mode: exit status $st, want 2; stdout: $(cat fails.out); stderr: $(cat fails.err)"
   grep -Eq "^hotgrind: $WORK/fails\.xml(\.reference)?: its program exited with status 3 \(.*\): a benchmark that does not exit 0 is not qualified$" fails.err ||
      fail "fails $mode: $(cat fails.err)"
   lacks fails 'byte-identical|No function'
done
pass "a program exiting 3: --repeat and --perturb exit 2, naming status 3"

#--- A program whose exit status alternates (1, 0, 1, ...: a counter in a
# file) ended differently, which is no environment difference: the cause
# line says so, and the environment line is not there.
prog_alt="n=0; read n <'$WORK/alt-runs'; echo \$((n + 1)) >'$WORK/alt-runs'; exit \$((n % 2 == 0))"
echo 0 >alt-runs
st=$(audit alt --repeat=2 /bin/sh -c "$prog_alt")
expect_status alt 1 "$st"
has alt '^hotgrind run --repeat: run 2 of 2 gave another report than run 1 '
has alt '^Likely cause: the program ended differently \(status 1 -> status 0\): a benchmark must exit 0 in every run$'
lacks alt 'environment difference'
# --perturb: its plain run exits 1, the two references 0 and 1.
echo 0 >alt-runs
st=$(audit altp --perturb /bin/sh -c "$prog_alt")
expect_status altp 1 "$st"
has altp '^hotgrind run --perturb: two runs of the reference gave different reports '
has altp '^Likely cause: the program ended differently \(status 0 -> status 1\)'
lacks altp 'environment difference'
pass "an alternating exit status: $(grep '^Likely' alt.out)"

#--- Bad N, and what does not go together.
bad() {
   _want=$1; shift
   st=$(audit bad "$@" ./audit_clock)
   expect_status bad 2 "$st"
   test "$(head -1 bad.err)" = "hotgrind run: $_want" ||
      fail "$*: '$(head -1 bad.err)', want 'hotgrind run: $_want'"
   test ! -s bad.out || fail "$*: printed $(cat bad.out)"
}
bad "--repeat=0: give 2 to 100 runs" --repeat=0
bad "--repeat=1: give 2 to 100 runs" --repeat=1
bad "--repeat=101: give 2 to 100 runs" --repeat=101
bad "--repeat=99999999999999999999999: give 2 to 100 runs" --repeat=99999999999999999999999
bad "--repeat=N: '-1' is not a number of runs" --repeat=-1
bad "--repeat=N: 'three' is not a number of runs" --repeat=three
bad "--repeat=N: '5x' is not a number of runs" --repeat=5x
bad "--repeat=1: give 2 to 100 runs" --repeat 1
bad "give --repeat or --perturb, not both" --repeat --perturb
bad "--dry-run shows one run; it does not go with --perturb" --perturb --dry-run
st=0
"$HOTGRIND_CLI" run --repeat ./audit_clock >noout.out 2>noout.err || st=$?
expect_status noout 2 "$st"
test "$(head -1 noout.err)" = "hotgrind run: --repeat needs -o FILE: the reports of its runs are named after it" ||
   fail "no -o: $(cat noout.err)"
pass "bad --repeat values and combinations are refused, naming the problem"
