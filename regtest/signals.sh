#!/bin/sh
# hotgrind regression tests: a report exists only when it is complete.
# A client killed by SIGKILL leaves no report (and no temporary file); a
# client killed by SIGTERM dies of a signal Valgrind sees, so the tool's
# exit code runs and a complete, valid report is written.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# start NAME: sleeper under hotgrind in the background, report NAME.xml;
# returns once the client is running (it creates NAME.running).
# The subshell execs env, which execs vg-in-place, which execs valgrind,
# which execs the tool: $! is the process running the client, as the
# check on its command line makes sure (killing a wrapper instead would
# leave valgrind running and make this test meaningless).
vg_pid=
trap 'test -z "$vg_pid" || kill -KILL "$vg_pid" 2>/dev/null || :' EXIT
start() {
   (exec env -i PATH=/usr/bin:/bin LC_ALL=C "$VG_IN_PLACE" --tool=hotgrind \
      --hotgrind-out-file="$1.xml" ../sleeper "$1.running" \
      >"$1.xml.stdout" 2>"$1.xml.stderr") &
   vg_pid=$!
   i=0
   while ! test -f "$1.running"; do
      i=$((i + 1))
      test $i -lt 300 || fail "$1: the client did not start"
      sleep 0.1
   done
   tr '\0' ' ' <"/proc/$vg_pid/cmdline" | grep -q -F -- "--hotgrind-out-file=$1.xml" ||
      hard_error "process $vg_pid is not valgrind: $(tr '\0' ' ' <"/proc/$vg_pid/cmdline")"
}

start killed
kill -KILL "$vg_pid"
st=0; wait "$vg_pid" || st=$?
vg_pid=
expect_eq "SIGKILL exit status" "$st" 137
test ! -e killed.xml || fail "a report exists after SIGKILL"
no_tmp_files
pass "SIGKILL: no report, no temporary file"

start termed
kill -TERM "$vg_pid"
st=0; wait "$vg_pid" || st=$?
vg_pid=
expect_eq "SIGTERM exit status" "$st" 143
check_report termed.xml termed.xml.stderr
test "$(xpath termed.xml 'count(/hotgrind/functions/function[@name="main"])')" = 1 ||
   fail "the report after SIGTERM has no main"
pass "SIGTERM: complete report"
# ... which says how the program ended: <exit how="signal"/>, without a
# number, since a signal from another process is invisible to the tool.
expect_eq "<exit> after SIGTERM" \
   "$(xpath termed.xml 'string(/hotgrind/run/exit/@how)')|$(xpath termed.xml 'count(/hotgrind/run/exit/@signal)')" \
   "signal|0"

# <run><exit> says how the program ended, so a report of a crashed or
# aborted run cannot pass for a complete one.  ends.c: "exit" returns 3
# from main; "handled" raises SIGUSR1, which a handler catches, and
# returns 4; "abort" calls abort(), SIGABRT sent by the program to
# itself, whose number the report gives; "segv" stores through NULL, a
# fault, whose signal the tool cannot see (no number).
cat >ends.c <<'C'
#include <signal.h>
#include <stdlib.h>
#include <string.h>
static void handler(int s) { (void)s; }
int main(int argc, char** argv)
{
   if (argc < 2) return 2;
   if (strcmp(argv[1], "exit") == 0) return 3;
   if (strcmp(argv[1], "handled") == 0) {
      signal(SIGUSR1, handler);
      raise(SIGUSR1);
      return 4;
   }
   if (strcmp(argv[1], "abort") == 0) abort();
   if (strcmp(argv[1], "segv") == 0) *(volatile int*)0 = 1;
   return 0;
}
C
cc -O0 -o ends ends.c || hard_error "cannot build ends.c"
abrt=$(kill -l ABRT)
for c in "exit 3 status|3|" "handled 4 status|4|" "abort $((128 + abrt)) signal||$abrt" \
         "segv 139 signal||"; do
   set -- $c
   st=$(hg_status "end-$1" --hotgrind-out-file="end-$1.xml" -- ./ends "$1")
   expect_eq "exit status of ends $1" "$st" "$2"
   validate "end-$1.xml"
   got=$(xpath "end-$1.xml" 'string(/hotgrind/run/exit/@how)')
   got="$got|$(xpath "end-$1.xml" 'string(/hotgrind/run/exit/@status)')"
   got="$got|$(xpath "end-$1.xml" 'string(/hotgrind/run/exit/@signal)')"
   expect_eq "<exit how|status|signal> of ends $1" "$got" "$3"
done
# End to end, the issue this is for: `hotgrind diff` and `check` refuse
# the report of an aborted run against a complete one (its figures stop
# early and would pass), unless --allow-exit says it is expected; `show`
# says how each ended.
HOTGRIND_CLI=$top_builddir/cli/hotgrind
if test -x "$HOTGRIND_CLI"; then
   st=$(hg_status end-ok --hotgrind-out-file=end-ok.xml -- ./ends ok)
   expect_eq "exit status of ends ok" "$st" 0
   st=0
   "$HOTGRIND_CLI" diff end-ok.xml end-abort.xml >cli-diff.out 2>cli-diff.err || st=$?
   expect_eq "hotgrind diff of an aborted run: status" "$st" 2
   expect_eq "hotgrind diff of an aborted run: the line" "$(cat cli-diff.err)" \
      "hotgrind: end-abort.xml: its program was killed by signal $abrt (SIGABRT), so the report may not hold a whole run; refused (--allow-exit=signal if that is expected)"
   printf '<policy format="1"/>\n' >empty-policy.xml
   st=0
   "$HOTGRIND_CLI" check --policy empty-policy.xml end-ok.xml end-segv.xml \
      >cli-check.out 2>cli-check.err || st=$?
   expect_eq "hotgrind check of a crashed run: status" "$st" 2
   grep -q '^hotgrind: end-segv.xml: its program was ended by a signal (which one is unknown)' cli-check.err ||
      fail "hotgrind check of a crashed run: not the line: $(cat cli-check.err)"
   st=0
   "$HOTGRIND_CLI" diff --allow-exit=signal end-ok.xml end-abort.xml >/dev/null 2>&1 || st=$?
   expect_eq "hotgrind diff --allow-exit=signal of an aborted run: status" "$st" 0
   "$HOTGRIND_CLI" show --limit 1 end-exit.xml | grep -qx 'Exit:      status 3' ||
      fail "hotgrind show end-exit.xml: no 'Exit:      status 3'"
   pass "hotgrind diff, check and show: how the program ended"
fi

# The same command gives the same report, <exit> included.
st=$(hg_status end-abort2 --hotgrind-out-file=end-abort2.xml -- ./ends abort)
cmp -s end-abort.xml end-abort2.xml || fail "two runs of ends abort wrote different reports"
pass "two runs of ends abort: identical reports"

# An execve replaces the process image, and Valgrind never runs the
# tool's exit code for it: the report used to be lost without a word.
# It is now written just before the exec, with <exit how="exec"/>.
# execs.c: "exec" execs /bin/true; "execvp" finds true on a PATH whose
# first folder does not exist (a first execve that fails must not end the
# counting); "fail" execs a missing file and returns 5; "system" runs
# system("true") and returns 6 (the child that execs writes no report).
cat >execs.c <<'C'
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char** argv)
{
   char* args[] = { "true", NULL };
   if (argc < 2) return 2;
   if (strcmp(argv[1], "exec") == 0) execv("/bin/true", args);
   if (strcmp(argv[1], "execvp") == 0) execvp("true", args);
   if (strcmp(argv[1], "fail") == 0) { execv("/nonexistent/true", args); return 5; }
   if (strcmp(argv[1], "system") == 0) return system("true") == 0 ? 6 : 7;
   return 1;
}
C
cc -O0 -o execs execs.c || hard_error "cannot build execs.c"
hg exec.xml -- ./execs exec
expect_eq "<exit how> of a program that execs" "$(xpath exec.xml 'string(/hotgrind/run/exit/@how)')" exec
test "$(fn_self_ir exec.xml main)" -gt 0 || fail "exec.xml has no main"
grep -q 'hotgrind: execve(/bin/true): writing the report' exec.xml.stderr ||
   fail "no message about the report written at the exec: $(cat exec.xml.stderr)"
pass "exec: the report of the replaced program is written"
st=0
run_client_env PATH=/nonexistent:/usr/bin:/bin "$VG_IN_PLACE" --tool=hotgrind \
   --hotgrind-out-file=execvp.xml ./execs execvp >execvp.xml.stdout 2>execvp.xml.stderr || st=$?
expect_eq "exit status of execs execvp" "$st" 0
check_report execvp.xml execvp.xml.stderr
expect_eq "<exit how> after execvp's search" "$(xpath execvp.xml 'string(/hotgrind/run/exit/@how)')" exec
for c in "fail 5" "system 6"; do
   set -- $c
   rm -f "$1".*.xml
   st=$(hg_status "$1" --hotgrind-out-file="$1.%p.xml" -- ./execs "$1")
   expect_eq "exit status of execs $1" "$st" "$2"
   set -- "$1" "$2" "$1".*.xml
   test $# -eq 3 || fail "execs $1: $(($# - 2)) reports: $*"
   validate "$3"
   expect_eq "<exit> of execs $1" \
      "$(xpath "$3" 'string(/hotgrind/run/exit/@how)') $(xpath "$3" 'string(/hotgrind/run/exit/@status)')" "status $2"
done
# With --trace-children=yes the new program runs under the tool too, and
# its report takes the same name (the pid stays): said at the exec.
st=$(hg_status traced --trace-children=yes --hotgrind-out-file=traced.xml -- ./execs exec)
expect_eq "exit status of execs exec, children traced" "$st" 0
grep -q 'trace-children=yes the new program.s report will replace it' traced.stderr ||
   fail "no warning that the report will be replaced: $(cat traced.stderr)"
expect_eq "the traced report is /bin/true's" "$(xpath traced.xml 'string(/hotgrind/run/command/exe)')" /bin/true
