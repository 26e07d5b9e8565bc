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

# Only a regular file (or a name to be created) can be the report.  A
# FIFO used to be opened at exit, which waits for a reader: the run hung
# after the program ended, ignoring SIGTERM.  It is refused at start-up,
# as are devices; the run is killed after 60 s should it hang again.
mkfifo pipe.xml
for p in pipe.xml /dev/null; do
   st=0
   run_client_env timeout -s KILL 60 "$VG_IN_PLACE" --tool=hotgrind \
      --hotgrind-out-file=$p /bin/echo CLIENT-RAN >special.stdout 2>special.stderr || st=$?
   expect_eq "exit status with the report $p (137: hung, killed)" "$st" 1
   grep -q -F "$p': not a regular file" special.stderr ||
      fail "$p: the message does not say it is not a regular file: $(cat special.stderr)"
   ! grep -q CLIENT-RAN special.stdout || fail "$p: the client ran"
done
test -p pipe.xml || fail "pipe.xml is no longer a FIFO"
pass "a FIFO or a device as the report: refused at start-up"

# A legal name of 246-255 bytes: NAME.PID.tmp would pass the file-name
# limit (255), so the temporary file has a short name in the same folder.
# A longer name is refused at start-up, saying why.
long=$("$PYTHON3" -c 'print("r" * 251 + ".xml")')
st=0
run_client_env "$VG_IN_PLACE" --tool=hotgrind --hotgrind-out-file="$long" \
   /bin/true >long.stdout 2>long.stderr || st=$?
expect_eq "exit status with a report name of 255 bytes" "$st" 0
cp "$long" long.xml && rm "$long"
check_report long.xml long.stderr
pass "a report name of 255 bytes"
cannot_write toolong "$("$PYTHON3" -c 'print("r" * 296 + ".xml")')"
grep -q 'File name too long' toolong.stderr ||
   fail "a 300-byte name: no reason given: $(cat toolong.stderr)"
pass "a 300-byte name: refused with 'File name too long'"

# A run killed while writing (SIGKILL) leaves NAME.PID.tmp.  The next run
# with that report name removes the temporaries of processes that no
# longer exist, and keeps those of live ones (this shell's pid stands in
# for a run still writing), and of other report names.
dead=$(sh -c 'echo $$')
for f in stale.xml.$dead.tmp stale.xml.$$.tmp other.xml.$dead.tmp; do
   echo partial >"$f"
done
st=$(hg_status stale --hotgrind-out-file=stale.xml -- /bin/true)
expect_eq "exit status with stale temporaries" "$st" 0
test ! -e stale.xml.$dead.tmp || fail "stale.xml.$dead.tmp (a dead process's) was left"
test -e stale.xml.$$.tmp || fail "stale.xml.$$.tmp (a live process's) was removed"
test -e other.xml.$dead.tmp || fail "other.xml.$dead.tmp (another report's) was removed"
validate stale.xml
rm -f stale.xml.$$.tmp other.xml.$dead.tmp
pass "stale temporaries of dead processes removed, others kept"

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
