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
