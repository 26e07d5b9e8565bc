#!/bin/sh
# timed-test.sh SHELL SCRIPT [ARGS...]: runs a test script with SHELL and
# ends its log with "test cpu: N s" (user and system time of the test and
# everything it ran) and "test time: N s" (wall clock), so that ./test.sh
# can list the slowest tests and say how busy the run kept the cores.
# The script's exit status (77 skip, 99 hard error) is kept.
# GPL-2.0-or-later; part of hotgrind.
shell=$1
shift
started=$(date +%s)
status=0
"$shell" "$@" || status=$?
# The second line of `times` is the children's "XmY.Zs XmY.Zs" (user,
# system).  Written to a file: in a pipe or $(...) `times` would run in
# a subshell, which has no children.
times_file=$(mktemp)
times >"$times_file"
awk 'NR == 2 {
   split($1, u, /[ms]/); split($2, s, /[ms]/)
   printf "test cpu: %d s\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] + 0.5 }' "$times_file"
rm -f "$times_file"
echo "test time: $(($(date +%s) - started)) s"
exit "$status"
