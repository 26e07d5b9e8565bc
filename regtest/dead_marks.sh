#!/bin/sh
# hotgrind regression tests: --dead-mark-exitcode=N.  A run whose program
# exits with 0 but in which a mark pattern was never entered ends with
# status N, after writing the complete report (the same bytes as without
# the option); a mark that was entered, a program that failed, and one
# killed by a signal keep the program's own status.  GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

prog=../zlib_prog

# Entered: the program's status, 0.
st=$(hg_status entered --hotgrind-out-file=entered.xml \
        --dead-mark-exitcode=7 --mark=libz.so.1:inflate -- "$prog")
expect_eq "status with every mark entered" "$st" 0
check_report entered.xml entered.stderr
grep -q 'dead-mark-exitcode' entered.stderr &&
   fail "entered.stderr mentions --dead-mark-exitcode"

# A pattern that matches nothing: status 7, a valid and complete report
# that records the mark (entered="0") and the program's real exit.
st=$(hg_status dead --hotgrind-out-file=dead.xml --dead-mark-exitcode=7 \
        --mark=libz.so.1:inflate --mark=no_such_function -- "$prog")
expect_eq "status with a mark never entered" "$st" 7
check_report dead.xml dead.stderr
expect_eq "no_such_function entered" \
   "$(mark_attr dead.xml no_such_function @entered)" 0
expect_eq "inflate entered" "$(mark_attr dead.xml libz.so.1:inflate @entered)" 1
expect_eq "the program's exit in the report" \
   "$(xpath dead.xml 'concat(/hotgrind/run/exit/@how, " ", /hotgrind/run/exit/@status)')" \
   "status 0"
grep -q '^==[0-9]*== hotgrind: 1 mark pattern was never entered: exiting with status 7 (--dead-mark-exitcode)$' \
   dead.stderr || fail "dead.stderr does not say why the status is 7"
# Complete: the same report as the same run without the option; and the
# same on a second run.
hg plain.xml --mark=libz.so.1:inflate --mark=no_such_function -- "$prog"
cmp -s plain.xml dead.xml ||
   fail "the report of the run that exited 7 differs from the one without the option"
pass "the report is the one written without --dead-mark-exitcode"
st=$(hg_status dead2 --hotgrind-out-file=dead2.xml --dead-mark-exitcode=7 \
        --mark=libz.so.1:inflate --mark=no_such_function -- "$prog")
expect_eq "status of the second run" "$st" 7
cmp -s dead.xml dead2.xml || fail "two runs wrote different reports"
pass "two runs, the same report"

# A program that failed keeps its status: /bin/false exits 1.
st=$(hg_status failed --hotgrind-out-file=failed.xml --dead-mark-exitcode=7 \
        --mark=no_such_function -- /bin/false)
expect_eq "status of a failing program with a dead mark" "$st" 1
expect_eq "its exit in the report" \
   "$(xpath failed.xml 'string(/hotgrind/run/exit/@status)')" 1

# One killed by a signal too: the shell dies of SIGABRT, 128 + 6.
st=$(hg_status killed --hotgrind-out-file=killed.xml --dead-mark-exitcode=7 \
        --mark=no_such_function -- /bin/sh -c 'kill -ABRT $$')
expect_eq "status of a program killed by SIGABRT with a dead mark" "$st" 134
expect_eq "its exit in the report" \
   "$(xpath killed.xml 'concat(/hotgrind/run/exit/@how, " ", /hotgrind/run/exit/@signal)')" \
   "signal 6"

# Out of range: refused before the program runs.
st=$(hg_status range --dead-mark-exitcode=256 -- /bin/true)
expect_eq "status of --dead-mark-exitcode=256" "$st" 1
grep -q "'--dead-mark-exitcode' argument must be between 0 and 255" range.stderr ||
   fail "range.stderr does not say why --dead-mark-exitcode=256 is refused"
