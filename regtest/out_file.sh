#!/bin/sh
# hotgrind regression tests: where the report goes.  Names with %p and
# %q{VAR}, and paths the report cannot be written to: those must stop the
# run at start-up, before the client runs, with a message naming the path.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"

# cannot_write NAME PATH: hotgrind with this report path fails at start-up.
# The client would print CLIENT-RAN: it must not have run.
cannot_write() {
   st=$(hg_status "$1" --hotgrind-out-file="$2" -- /bin/echo CLIENT-RAN)
   test "$st" -ne 0 || fail "$1: exit status 0 for report path $2"
   test "$st" -lt 128 || fail "$1: killed by a signal (status $st) for $2"
   grep -q -F -- "$2" "$1.stderr" ||
      fail "$1: the message does not name $2: $(cat "$1.stderr")"
   ! grep -q -e 'impossible' -e 'Segmentation' -e 'Process terminating' \
      "$1.stderr" || fail "$1: crashed: $(cat "$1.stderr")"
   ! grep -q CLIENT-RAN "$1.stdout" || fail "$1: the client ran"
   left=$(find . -name '*.tmp' -o -name 'r.xml*')
   test -z "$left" || fail "$1: files left behind: $left"
   pass "$1: exit $st, message names $2, client not run"
}

cannot_write missing-dir /nonexistent/dir/r.xml

# A path through a regular file: ENOTDIR, even for root.
echo x >plain-file
cannot_write not-a-dir plain-file/r.xml

# A read-only folder.  root writes there anyway; for root, sysfs's top
# folder, where creating a file is refused to everyone, stands in.
mkdir ro
chmod 555 ro
if ! (: >ro/probe) 2>/dev/null; then
   cannot_write read-only-dir ro/r.xml
   test -z "$(ls -A ro)" || fail "files left in the read-only folder: $(ls -A ro)"
elif test -d /sys && ! (: >/sys/hotgrind-probe) 2>/dev/null; then
   cannot_write sysfs /sys/hotgrind-r.xml
   test ! -e /sys/hotgrind-r.xml || fail "/sys/hotgrind-r.xml was created"
else
   echo "note: no read-only folder this user cannot write to: case skipped"
fi
rm -f ro/probe
chmod 755 ro

# %p is the pid.
hg "r.%p.xml" -- /bin/true
pid=$(pid_of "r.%p.xml.stderr")
test -f "r.$pid.xml" || fail "no r.$pid.xml: $(ls)"
test ! -e "r.%p.xml" || fail "a file named r.%p.xml was written"
check_report "r.$pid.xml" "r.%p.xml.stderr"
pass "%p: r.$pid.xml"

# %q{VAR} is the value of VAR in the client's environment.  (hg's
# environment has no HT_TAG, so the run goes through run_client_env here.)
run_client_env HT_TAG=tagged "$VG_IN_PLACE" --tool=hotgrind \
   '--hotgrind-out-file=q.%q{HT_TAG}.xml' /bin/true 2>q.stderr ||
   fail "run with %q{HT_TAG} failed: $(cat q.stderr)"
test -f q.tagged.xml || fail "no q.tagged.xml: $(ls)"
check_report q.tagged.xml q.stderr
pass "%q{HT_TAG}: q.tagged.xml"

# Default name: hotgrind.out.<pid>.
st=$(hg_status default -- /bin/true)
test "$st" = 0 || fail "run with the default report name exited $st"
pid=$(pid_of default.stderr)
test -f "hotgrind.out.$pid" || fail "no hotgrind.out.$pid: $(ls)"
check_report "hotgrind.out.$pid" default.stderr
pass "default name hotgrind.out.$pid"

# A folder cannot be the report: refused at start-up like other bad paths.
mkdir final.xml
cannot_write folder final.xml
test -z "$(ls -A final.xml)" || fail "files written into final.xml/"

# A FIFO is written in place, not renamed over (which would turn it into a
# plain file): the reader gets the whole report and the FIFO stays a FIFO.
mkfifo pipe.xml
cat pipe.xml >from-pipe.xml &
reader=$!
st=$(hg_status fifo --hotgrind-out-file=pipe.xml -- /bin/true)
wait "$reader"
expect_eq "exit status writing into a FIFO" "$st" 0
test -p pipe.xml || fail "pipe.xml is no longer a FIFO"
check_report from-pipe.xml fifo.stderr
pass "FIFO: written in place, complete report, still a FIFO"

# A report that cannot be written at exit (its folder was removed while the
# client ran) is an error: a message, no file, and exit status 1 even
# though the client exited 0, so CI cannot pass without a report.
mkdir gone
( exec env -i PATH=/usr/bin:/bin LC_ALL=C "$VG_IN_PLACE" --tool=hotgrind \
     --hotgrind-out-file=gone/r.xml /bin/sh -c \
     'touch started; while test ! -e go; do sleep 0.1; done' \
     >late.stdout 2>late.stderr ) &
vg=$!
i=0
while ! test -e started; do
   i=$((i + 1))
   test $i -lt 300 || { kill "$vg"; fail "the client did not start"; }
   sleep 0.1
done
rmdir gone
touch go
st=0; wait "$vg" || st=$?
expect_eq "exit status when the report cannot be written" "$st" 1
grep -q "no report was written" late.stderr ||
   fail "no message about the missing report: $(cat late.stderr)"
grep -q -F "gone/r.xml" late.stderr ||
   fail "the message does not name gone/r.xml: $(cat late.stderr)"
test ! -e gone || fail "gone/ was recreated"
no_tmp_files
pass "report impossible at exit: message, exit status 1, nothing left"
