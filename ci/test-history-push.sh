#!/bin/sh
# hotgrind: test of ci/history-push.sh on a scratch remote (a local bare
# repository) and a program repository of four commits, with suite runs
# from cli/tests/history_gen.py.  GPL-2.0-or-later; part of hotgrind.
#
#   HOTGRIND=BUILD/cli/hotgrind sh ci/test-history-push.sh
#
# Needs git, python3 and the sqlite3 command.  Checks:
# - the first recording makes the branch: an orphan commit holding only
#   history.db;
# - two jobs recording two commits at once (both fetched and recorded
#   before either pushes: a barrier in HOTGRIND_HISTORY_PUSH_HOOK) both
#   land: one push is refused, that job records again on the new tip; the
#   database of a fresh clone, read with sqlite3, holds every commit with
#   its parent, branch and time and every run with its totals as the
#   reports say (read with Python's xml.etree), and the branch's log has
#   a commit per recording;
# - the same run recorded again changes nothing: the branch does not move;
# - a remote whose branch moves before every push: a clear error after
#   --attempts rounds, exit 2, the commit not recorded there; a remote
#   that refuses (a pre-receive hook): exit 2 at once; a run record
#   refuses: exit 2, nothing pushed;
# - --html DIR, when hotgrind history html works (it says so otherwise).
# Prints "N passed, N failed"; exit status 0 when all passed, 77 (skip)
# without git, python3 or sqlite3.

set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
push=$here/history-push.sh
: "${HOTGRIND:?set HOTGRIND to the hotgrind command}"
for tool in git python3 sqlite3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done
HOTGRIND=$(cd "$(dirname "$HOTGRIND")" && pwd)/$(basename "$HOTGRIND")
export HOTGRIND

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "PASS: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
same() {   # same WANT GOT NAME
  if [ "$1" = "$2" ]; then ok "$3"
  else bad "$3"; printf '  | wanted: %s\n  | got:    %s\n' "$1" "$2"; fi
}
contains() {   # contains FILE TEXT NAME
  if grep -qF -- "$2" "$1"; then ok "$3"
  else bad "$3: no '$2' in $1"; sed 's/^/  | /' "$1"; fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-test-history-push.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# A scratch git configuration: the jobs' commits need an identity of
# their own (the script sets one), the program's get this one.
HOME=$tmp
GIT_CONFIG_GLOBAL=$tmp/gitconfig
GIT_CONFIG_NOSYSTEM=1
export HOME GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM
git config --global user.name test
git config --global user.email test@example.invalid
git config --global init.defaultBranch main
git config --global advice.detachedHead false

# Suite runs of two benchmarks (alpha, beta) with known changes.
python3 "$top/cli/tests/history_gen.py" "$tmp/runs" || exit 2

# The remote, and the program: four commits on main, each with a
# different committer time.
remote=$tmp/remote.git
git init -q --bare "$remote"
prog=$tmp/prog
git init -q "$prog"
for k in 1 2 3 4; do
  echo "$k" >"$prog/file"
  git -C "$prog" add file
  GIT_COMMITTER_DATE="2026-03-0${k}T1${k}:00:00+01:00" \
    git -C "$prog" commit -qm "commit $k"
done
git -C "$prog" push -q "$remote" main
c1=$(git -C "$prog" rev-parse HEAD~3) c2=$(git -C "$prog" rev-parse HEAD~2)
c3=$(git -C "$prog" rev-parse HEAD~1) c4=$(git -C "$prog" rev-parse HEAD)

# A CI job's checkout: a clone of the remote at commit SHA (detached, as
# CI checks commits out).
job() {   # job DIR SHA
  git clone -q "$remote" "$1" && git -C "$1" checkout -q --detach "$2"
}
remote_tip() {
  git -C "$remote" rev-parse -q --verify refs/heads/hotgrind-history || echo none
}
# A fresh clone of the history branch, for reading what landed.
fresh() {   # fresh DIR
  rm -rf "$1" && git clone -q --branch hotgrind-history "$remote" "$1"
}
# The job's step: history-push.sh in DIR, HOOK its test hook (empty:
# none); its exit status in $status.
hook=
run_push() {   # run_push NAME DIR ARGS...
  name=$1 dir=$2; shift 2
  status=0
  (cd "$dir" && HOTGRIND_HISTORY_PUSH_HOOK=$hook sh "$push" --branch main "$@") \
    >"$tmp/$name.out" 2>"$tmp/$name.err" || status=$?
  return "$status"
}

# --- 1. the first recording makes the branch.
job "$tmp/job1" "$c1"
run_push job1 "$tmp/job1" "$tmp/runs/main-01"
same 0 "$status" "the first recording: exit 0"
[ "$status" = 0 ] || sed 's/^/  | /' "$tmp/job1.err"
fresh "$tmp/clone1"
same history.db "$(git -C "$tmp/clone1" ls-tree --name-only HEAD)" \
  "the branch holds history.db alone"
same "" "$(git -C "$tmp/clone1" log -1 --format=%P)" \
  "its first commit is an orphan (no parent)"

# --- 2. two jobs at once: both fetch and record, then meet before
# pushing; each waits (60 s at most) for the other to be there.
barrier() {   # barrier ME OTHER: the hook's command
  printf 'touch %s/%s.ready; i=0; while [ ! -f %s/%s.ready ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done' \
    "$tmp" "$1" "$tmp" "$2"
}
job "$tmp/jobA" "$c2"
job "$tmp/jobB" "$c3"
(hook=$(barrier A B); run_push jobA "$tmp/jobA" "$tmp/runs/main-05") &
pidA=$!
(hook=$(barrier B A); run_push jobB "$tmp/jobB" "$tmp/runs/main-10") &
pidB=$!
# Each background job ends with its run_push's status.
for j in A B; do
  if [ "$j" = A ]; then pid=$pidA; else pid=$pidB; fi
  wait "$pid"
  status=$?
  if [ "$status" = 0 ] && grep -q 'and pushed hotgrind-history' "$tmp/job$j.err"; then
    ok "job $j: recorded and pushed"
  else
    bad "job $j did not push (exit $status)"; sed 's/^/  | /' "$tmp/job$j.err"
  fi
done
retried=$(cat "$tmp/jobA.err" "$tmp/jobB.err" | grep -c 'another job pushed first')
same 1 "$retried" "exactly one job lost the race and recorded again on the new tip"

fresh "$tmp/clone2"
db=$tmp/clone2/history.db
same "$(printf '%s\n' "$c1" "$c2" "$c3" | sort)" \
  "$(sqlite3 "$db" 'SELECT sha FROM commits ORDER BY sha')" \
  "the database holds the three commits"
same "$(printf '%s|%s\n%s|%s\n' "$c2" "$c1" "$c3" "$c2" | sort)" \
  "$(sqlite3 "$db" "SELECT c.sha || '|' || p.sha FROM parents p JOIN commits c ON c.id = p.commit_id WHERE p.position = 0 ORDER BY c.sha")" \
  "each commit's first parent is its git parent"
want_times=$(for c in "$c1" "$c2" "$c3"; do
  printf '%s|main|%s\n' "$c" "$(git -C "$prog" show -s --format=%cI "$c")"
done | sort)
same "$want_times" \
  "$(sqlite3 "$db" "SELECT sha || '|' || branch || '|' || time FROM commits ORDER BY sha")" \
  "branch main and git's committer time for each commit"
same 6 "$(sqlite3 "$db" 'SELECT count(*) FROM runs')" \
  "six runs: alpha and beta at each commit"

# Each run's total Ir, resolved along base_run as docs/history.md
# describes the storage, against the reports read with xml.etree.
resolved_total() {   # resolved_total SHA BENCHMARK
  sqlite3 "$db" "WITH RECURSIVE chain(id, depth) AS (
      SELECT r.id, 0 FROM runs r JOIN commits c ON c.id = r.commit_id
       WHERE c.sha = '$1' AND r.benchmark = '$2'
      UNION ALL SELECT r.base_run, chain.depth + 1 FROM runs r
       JOIN chain ON r.id = chain.id WHERE r.base_run IS NOT NULL)
    SELECT f.value FROM chain JOIN figures f ON f.run_id = chain.id
      JOIN entities e ON e.id = f.entity_id JOIN metrics m ON m.id = f.metric_id
     WHERE e.kind = 'total' AND m.name = 'Ir' ORDER BY chain.depth LIMIT 1"
}
report_total() {   # report_total FILE
  python3 -c 'import sys, xml.etree.ElementTree as E
print(E.parse(sys.argv[1]).getroot().find("totals").get("Ir"))' "$1"
}
for pair in "$c1:main-01" "$c2:main-05" "$c3:main-10"; do
  c=${pair%%:*} r=${pair#*:}
  for b in alpha beta; do
    same "$(report_total "$tmp/runs/$r/$b.xml")" "$(resolved_total "$c" "$b")" \
      "$b's total Ir at the commit of $r is the report's"
  done
done
subjects=$(git -C "$tmp/clone2" log --format=%s hotgrind-history | sort)
same "$(printf 'hotgrind history: record %s (main)\n' "$c1" "$c2" "$c3" | sort)" \
  "$subjects" "the history branch has a commit per recording"
same 3 "$(git -C "$tmp/clone2" rev-list --count HEAD)" \
  "the history branch is one line of three commits"
same ok "$(sqlite3 "$db" 'PRAGMA integrity_check')" "the database is intact"

# --- 3. the same run again: nothing changes, nothing is pushed.
before=$(remote_tip)
run_push again "$tmp/jobA" "$tmp/runs/main-05"
same 0 "$status" "the same run recorded again: exit 0"
contains "$tmp/again.err" "already recorded" "it says the run is already recorded"
same "$before" "$(remote_tip)" "the history branch did not move"

# --- 4. failures.
# A run that record refuses (another program under the name alpha).
job "$tmp/job4" "$c4"
before=$(remote_tip)
run_push refused "$tmp/job4" "$tmp/runs/other-program"
same 2 "$status" "a run record refuses: exit 2"
contains "$tmp/refused.err" "nothing pushed" "it says nothing was pushed"
same "$before" "$(remote_tip)" "the history branch did not move"

# A remote whose branch moves before every push: the hook moves it with
# an empty commit each round, as another job's push would.
cat >"$tmp/move.sh" <<EOF
tip=\$(git -C "$remote" rev-parse refs/heads/hotgrind-history)
new=\$(git -C "$remote" commit-tree "\$tip^{tree}" -p "\$tip" -m 'another job')
git -C "$remote" update-ref refs/heads/hotgrind-history "\$new" "\$tip"
echo round >>"$tmp/rounds"
EOF
hook="sh $tmp/move.sh"
run_push racing "$tmp/job4" --attempts 3 "$tmp/runs/main-12"
same 2 "$status" "a branch that moves before every push: exit 2"
contains "$tmp/racing.err" "before each of 3 pushes" \
  "the error says every attempt lost to another push"
same 3 "$(wc -l <"$tmp/rounds" | tr -d ' ')" "three rounds, as --attempts said"
fresh "$tmp/clone3"
same 0 "$(sqlite3 "$tmp/clone3/history.db" "SELECT count(*) FROM commits WHERE sha = '$c4'")" \
  "the commit is not recorded on the remote"

# A remote that refuses the push outright: no second round.
printf '#!/bin/sh\necho "protected branch" >&2\nexit 1\n' >"$remote/hooks/pre-receive"
chmod +x "$remote/hooks/pre-receive"
: >"$tmp/rounds"
hook="echo round >>$tmp/rounds"
run_push declined "$tmp/job4" "$tmp/runs/main-12"
hook=
same 2 "$status" "a remote that refuses the push: exit 2"
contains "$tmp/declined.err" "refused the push" "the error says the remote refused it"
same 1 "$(wc -l <"$tmp/rounds" | tr -d ' ')" "one round: refusing again is not a race"
rm -f "$remote/hooks/pre-receive"

# Usage.
run_push usage "$tmp/job4"
same 2 "$status" "no RUN: exit 2"
run_push usage2 "$tmp/job4" --attempts 0 "$tmp/runs/main-12"
same 2 "$status" "--attempts 0: exit 2"

# --- 5. the site, when history html is built.
if "$HOTGRIND" history html --db "$tmp/clone2/history.db" -o "$tmp/probe-site" \
     >/dev/null 2>"$tmp/html-probe.err"; then
  run_push site "$tmp/job4" --html "$tmp/site" "$tmp/runs/main-12"
  same 0 "$status" "--html: exit 0"
  [ -f "$tmp/site/index.html" ] && ok "--html wrote the site" ||
    bad "--html wrote no index.html"
else
  echo "NOTE: --html not tested: hotgrind history html does not work here ($(head -1 "$tmp/html-probe.err"))"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
