#!/bin/sh
# timed-test.sh SHELL SCRIPT [ARGS...]: runs a test script with SHELL and
# ends its log with "test time: N s", so that ./test.sh can list the
# slowest tests (what to look at when the run gets long).  The script's
# exit status (77 skip, 99 hard error) is kept.
# GPL-2.0-or-later; part of hotgrind.
shell=$1
shift
started=$(date +%s)
status=0
"$shell" "$@" || status=$?
echo "test time: $(($(date +%s) - started)) s"
exit "$status"
