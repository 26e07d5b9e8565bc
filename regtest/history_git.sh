#!/bin/sh
# hotgrind regression tests: `hotgrind history` on the git history of a
# real program (docs/history.md).  A repository of 35 commits of a small
# C program (history_prog.py: loops whose counts change at known
# commits, functions moved in the file, a function added, a branch of
# three commits merged back) is built at each commit (gcc -O0 -g), run
# under hotgrind through a suite file and recorded with its parents,
# branch and committer time from git.  Then, against the reports read
# with Python's xml.etree (history_oracle.py) and the database read with
# the sqlite3 command:
#  - `history log --format=json` of the total and of every function, on
#    main and on the branch: every commit along the first parents, every
#    value, change and delta;
#  - `history blame --format=json` of every function, on main and on the
#    branch: exactly the commits where the reports' figure changed, with
#    before, after and delta; `history html`'s site, every plotted point
#    and change table against sqlite3 (cli/tests/history_html_check.py);
#  - each function changes exactly at the commits where its source did,
#    f_spin by 2 Ir an iteration (its loop is two instructions), each C
#    loop by one fixed Ir an iteration, the total by their sum;
#  - the rows stored: none for the commit that moved functions, two for
#    a commit that changed one loop, the merge's two parents.
# `history bisect`, on a history holding every 8th commit of main only:
#  - finds the commit that changed f_delta among the 16 after GOOD, each
#    step the commit a binary search on the reports takes, a build for
#    each step at a commit not recorded (the build command counts them),
#    no worktree left, the commits it ran recorded with the reports'
#    figures, their parents (both of the merge), branch and time;
#  - the same output twice (a copy of the history), and with nothing to
#    build once they are recorded;
#  - a failing build: exit 2, one line naming the commit, the history
#    unchanged; GOOD not recorded, or equal figures: exit 2.
# GPL-2.0-or-later
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

export VALGRIND_LIB="$IN_PLACE"
for tool in git gcc sqlite3; do
   command -v $tool >/dev/null 2>&1 || skip "$tool is needed"
done
PROG_PY=$srcdir/history_prog.py
ORACLE=$srcdir/history_oracle.py
REPO=$WORK/repo
SHAS=$WORK/shas
# bisect's worktrees go here, to see that none is left.
export TMPDIR="$WORK/tmp"
mkdir -p "$TMPDIR" runs

# git without the user's configuration, with fixed names and dates.
export GIT_CONFIG_NOSYSTEM=1 HOME="$WORK"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.org
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.org
g() { git -C "$REPO" "$@"; }

# --------------------------------------------------- the repository

git init -q -b main "$REPO"
cat >"$REPO/suite.xml" <<'EOF'
<suite format="1" name="history">
  <benchmark name="prog">
    <command>./prog</command>
  </benchmark>
</suite>
EOF
printf 'prog\n' >"$REPO/.gitignore"
n=0
# commit NAME [MERGE-OF]: prog.c as at NAME committed, one hour after the
# one before.
commit() {
   n=$((n + 1))
   GIT_AUTHOR_DATE=$(printf '2026-01-%02dT%02d:00:00Z' $((n / 24 + 1)) $((n % 24)))
   GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
   export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
   "$PYTHON3" "$PROG_PY" write "$REPO" "$1"
   g add -A
   g commit -q -m "$1"
   echo "$1 $(g rev-parse HEAD)" >>"$SHAS"
}
"$PYTHON3" "$PROG_PY" plan >plan
while read -r name kind; do
   case $kind in
      branch)
         test "$name" != feature-1 || g checkout -q -b feature
         commit "$name";;
      merge)
         g checkout -q main
         # The merge's content is the plan's: no textual merge.
         g merge -q --no-ff --no-commit -s ours feature >/dev/null
         commit "$name";;
      *)
         test "$(g branch --show-current)" = main || g checkout -q main
         commit "$name";;
   esac
done <plan
expect_eq "commits made" "$(wc -l <"$SHAS")" 35
sha() { sed -n "s/^$1 //p" "$SHAS"; }
expect_eq "main-20's parents" "$(g rev-list --parents -n 1 "$(sha main-20)")" \
   "$(sha main-20) $(sha main-19) $(sha feature-3)"

# ------------------------------------------- every commit run and recorded

# record DB NAME: commit NAME's run recorded as CI would: its parents,
# branch (main, or feature for feature-N) and committer time from git.
record() {
   _sha=$(sha "$2")
   # shellcheck disable=SC2046  # the commit and its parents: hashes
   set -- "$1" "$2" $(g rev-list --parents -n 1 "$_sha")
   _db=$1 _name=$2; shift 3
   _parents=""
   for _p; do _parents="$_parents --parent $_p"; done
   # shellcheck disable=SC2086  # $_parents: words by construction
   "$HOTGRIND_CLI" history record --db "$_db" --commit "$_sha" $_parents \
      --branch "${_name%-*}" --time "$(g log -1 --format=%cI "$_sha")" \
      "runs/$_name" 2>record.err ||
      fail "record $_name: $(cat record.err)"
}
while read -r name kind; do
   g checkout -q --detach "$(sha "$name")"
   (cd "$REPO" && gcc -O0 -g -o prog prog.c) || fail "$name does not build"
   "$HOTGRIND_CLI" suite run "$REPO/suite.xml" -o "runs/$name" \
      </dev/null >suite.out 2>suite.err ||
      fail "suite run at $name: $(cat suite.err)"
   record full.db "$name"
done <plan
g checkout -q main
pass "35 commits built, run and recorded"
"$PYTHON3" "$ORACLE" table "$SHAS" runs >table
# val NAME FUNCTION: the report's figure (FUNCTION total: the total).
val() { awk -v n="$1" -v f="$2" '$1 == n && $2 == f { print $3 }' table; }

# ---------------------------------------------- history log: the oracle

for fn in "" f_alpha f_beta f_gamma f_delta f_spin f_eps main; do
   for branch in main feature; do
      # shellcheck disable=SC2046  # no --function for the total
      "$HOTGRIND_CLI" history log --db full.db --branch $branch \
         $(test -z "$fn" || echo "--function $fn") --format=json \
         >"log-$branch-$fn.json" 2>log.err ||
         fail "log $fn on $branch: $(cat log.err)"
   done
done
"$PYTHON3" "$ORACLE" log "$SHAS" runs log-*.json || fail "history log"
pass "history log: every value, change and delta of the total and 7 functions, on main and feature, as the reports say"
# history blame: the commits where each function changed, as the reports
# say (one of them moves one function up and another down).
for fn in f_alpha f_beta f_gamma f_delta f_spin f_eps main; do
   for branch in main feature; do
      "$HOTGRIND_CLI" history blame --db full.db --branch $branch \
         --format=json "$fn" >"blame-$branch-$fn.json" 2>blame.err ||
         fail "blame $fn on $branch: $(cat blame.err)"
   done
done
"$PYTHON3" "$ORACLE" blame "$SHAS" runs blame-*.json || fail "history blame"
pass "history blame: every change of 7 functions, on main and feature, as the reports say"
# history html: every plotted point, change table and link of the site,
# against the database read with sqlite3 (cli/tests/history_html_check.py)
"$HOTGRIND_CLI" history html --db full.db -o site 2>html.err ||
   fail "history html: $(cat html.err)"
"$PYTHON3" "$top_srcdir/cli/tests/history_html_check.py" site full.db site \
   >site.check 2>&1 || { cat site.check >&2; fail "history html's site"; }
pass "history html: $(tail -n 1 site.check)"
"$PYTHON3" "$ORACLE" changes "$SHAS" runs || fail "changes at the known commits"
pass "each function changes exactly at its known commits, by what the source change implies"

# ---------------------------------------------- the database, by sqlite3

q() { sqlite3 "$1" "$2"; }
expect_eq "commits" "$(q full.db 'SELECT count(*) FROM commits')" 35
expect_eq "runs" "$(q full.db 'SELECT count(*) FROM runs')" 35
expect_eq "main-20's parents" "$(q full.db "SELECT p.position || ' ' || p.sha
   FROM parents p JOIN commits c ON c.id = p.commit_id
   WHERE c.sha = '$(sha main-20)' ORDER BY p.position" | tr '\n' ' ')" \
   "0 $(sha main-19) 1 $(sha feature-3) "
expect_eq "feature-1's branch and time" "$(q full.db "SELECT branch || ' ' ||
   time FROM commits WHERE sha = '$(sha feature-1)'")" \
   "feature $(g log -1 --format=%cI "$(sha feature-1)")"
# rows NAME: the figures stored for commit NAME's run, "kind name metric
# value" a line.
rows() {
   q full.db "SELECT e.kind || ' ' || e.name || ' ' || m.name || ' ' ||
      ifnull(f.value, 'NULL') FROM figures f
      JOIN runs r ON r.id = f.run_id JOIN commits c ON c.id = r.commit_id
      JOIN entities e ON e.id = f.entity_id JOIN metrics m ON m.id = f.metric_id
      WHERE c.sha = '$(sha "$1")' ORDER BY e.kind, e.name, m.name"
}
expect_eq "rows stored for main-7 (functions moved)" "$(rows main-7)" ""
expect_eq "rows stored for main-3 (f_alpha's loop)" "$(rows main-3)" \
   "function f_alpha Ir $(val main-3 f_alpha)
total  Ir $(val main-3 total)"
pass "sqlite3: 35 commits and runs, the merge's parents, nothing stored for moved functions, two rows for one loop changed"

# --------------------------------------------------------- history bisect

# A history of every 8th commit of main, each with its real parent.
for k in 0 8 16 24; do
   record sparse.db "main-$k"
done
cp sparse.db bisect1.db
cp sparse.db bisect2.db
cp sparse.db broken.db
GOOD=main-8 BAD=main-24
BUILD='gcc -O0 -g -o prog prog.c && echo "$PWD" >>'
# bisect DB OUT BUILD-COMMAND FUNCTION GOOD BAD: history bisect, with
# the status in $st and stderr in OUT.err.
bisect() {
   st=0
   "$HOTGRIND_CLI" history bisect --db "$1" --build "$3" --suite suite.xml \
      --repo "$REPO" "$4" "$(sha "$5")" "$(sha "$6")" </dev/null \
      >"$2" 2>"$2.err" || st=$?
}
no_worktrees() {
   expect_eq "$1: git's worktrees" "$(g worktree list --porcelain | grep -c '^worktree ')" 1
   expect_eq "$1: temporary directories left" "$(ls "$TMPDIR")" ""
}

bisect bisect1.db bisect1.out "$BUILD $WORK/builds1" f_delta $GOOD $BAD
test "$st" = 0 || fail "bisect exited $st: $(cat bisect1.out.err)"
cat bisect1.out
"$PYTHON3" "$ORACLE" bisect "$SHAS" runs bisect1.out f_delta $GOOD $BAD ||
   fail "bisect f_delta"
grep -q "^first changed: $(sha main-17)\$" bisect1.out ||
   fail "bisect did not find main-17"
steps=$(grep -c '^step ' bisect1.out)
built=$(grep -c '^step .*, built, ' bisect1.out)
expect_eq "steps for 16 commits (log2 16)" "$steps" 4
# main-16, the middle of the range, is recorded: read, not built.
expect_eq "steps at recorded commits" "$(grep '^step .*, recorded, ' bisect1.out | cut -d' ' -f3)" "$(sha main-16)"
expect_eq "builds (the build command's lines)" "$(wc -l <builds1)" "$built"
expect_eq "the summary" "$(tail -1 bisect1.out)" "4 steps, 3 built"
# Each build ran in a worktree of the temporary directory.
expect_eq "builds outside \$TMPDIR" "$(grep -vc "^$TMPDIR/hotgrind-bisect-" builds1)" 0
no_worktrees "after bisect"
# The commits it ran are recorded, with the reports' figures: a
# function's value resolved along base_run here, in SQL.
figure() {
   q "$1" "WITH RECURSIVE chain (run, depth) AS (
      SELECT r.id, 0 FROM runs r JOIN commits c ON c.id = r.commit_id
      WHERE c.sha = '$(sha "$2")' UNION ALL
      SELECT runs.base_run, depth + 1 FROM runs JOIN chain ON runs.id = chain.run
      WHERE runs.base_run IS NOT NULL)
      SELECT ifnull(f.value, 'absent') FROM chain JOIN figures f ON f.run_id = chain.run
      JOIN entities e ON e.id = f.entity_id JOIN metrics m ON m.id = f.metric_id
      WHERE e.name = '$3' AND m.name = 'Ir' ORDER BY depth LIMIT 1"
}
expect_eq "commits recorded by bisect" "$(q bisect1.db 'SELECT count(*) FROM commits')" $((4 + built))
for line in $(sed -n 's/^step [0-9]*: \([0-9a-f]*\) .*, built, .*/\1/p' bisect1.out); do
   name=$(sed -n "s/ $line\$//p" "$SHAS")
   for fn in f_delta f_alpha f_gamma; do
      expect_eq "$name: $fn recorded" "$(figure bisect1.db "$name" $fn)" "$(val "$name" $fn)"
   done
   expect_eq "$name: parents, branch, time" "$(q bisect1.db "SELECT (SELECT
      group_concat(sha, ' ') FROM (SELECT sha FROM parents WHERE commit_id
      = c.id ORDER BY position)) || ' ' || c.branch || ' ' || c.time FROM
      commits c WHERE c.sha = '$(sha "$name")'")" \
      "$(g rev-list --parents -n 1 "$(sha "$name")" | cut -d' ' -f2-) main $(g log -1 --format=%cI "$(sha "$name")")"
done
grep -q "^step .*$(sha main-20) .*, built, " bisect1.out || fail "bisect did not run the merge"
pass "bisect found main-17 in 4 steps (16 commits), 3 built, each step as the reports say; the 3 commits recorded with their figures, parents (the merge's two), branch and time; no worktree left"

bisect bisect2.db bisect2.out "$BUILD $WORK/builds2" f_delta $GOOD $BAD
test "$st" = 0 || fail "second bisect exited $st: $(cat bisect2.out.err)"
cmp bisect1.out bisect2.out || fail "two bisects of one history differ"
bisect bisect1.db again.out "$BUILD $WORK/builds3" f_delta $GOOD $BAD
test "$st" = 0 || fail "bisect again exited $st: $(cat again.out.err)"
test ! -e builds3 || fail "bisect built commits that were recorded"
expect_eq "bisect again: the result" "$(sed '/^step /d; $d' again.out)" \
   "$(sed '/^step /d; $d' bisect1.out)"
expect_eq "bisect again: the steps" "$(grep -c ', recorded, ' again.out)" 4
pass "bisect gives the same bytes on a copy of the history, and builds nothing once the commits are recorded"

# Failures: a build that fails at the first commit it builds (main-20,
# after main-16 read from the history).
before=$(q broken.db 'SELECT count(*) FROM commits')
bisect broken.db broken.out 'echo building; exit 3' f_delta $GOOD $BAD
expect_eq "failing build: exit status" "$st" 2
expect_eq "failing build: hotgrind's lines" "$(grep -c '^hotgrind: ' broken.out.err)" 1
grep "^hotgrind: " broken.out.err | grep -q "commit $(sha main-20): the build .* exited with status 3" ||
   fail "failing build: $(cat broken.out.err)"
expect_eq "failing build: commits" "$(q broken.db 'SELECT count(*) FROM commits')" "$before"
no_worktrees "after a failing build"
# A build whose program fails its run: the suite's step is named.
bisect broken.db failing.out 'echo "int main(void) { return 1; }" >prog.c && gcc -o prog prog.c' f_delta $GOOD $BAD
expect_eq "failing run: exit status" "$st" 2
grep "^hotgrind: " failing.out.err | tail -1 |
   grep -q "commit $(sha main-20): hotgrind suite run of the benchmark exited with status 1" ||
   fail "failing run: $(cat failing.out.err)"
expect_eq "failing run: commits" "$(q broken.db 'SELECT count(*) FROM commits')" "$before"
no_worktrees "after a failing run"
bisect broken.db unrecorded.out "$BUILD $WORK/builds5" f_delta main-9 $BAD
expect_eq "GOOD not recorded: exit status" "$st" 2
grep -q "GOOD $(sha main-9 | cut -c1-12) is not recorded" unrecorded.out.err ||
   fail "GOOD not recorded: $(cat unrecorded.out.err)"
bisect broken.db same.out "$BUILD $WORK/builds5" f_alpha main-8 main-24
expect_eq "equal figures: exit status" "$st" 2
grep -q "nothing to bisect" same.out.err || fail "equal figures: $(cat same.out.err)"
test ! -e builds5 || fail "bisect built with nothing to bisect"
pass "a failing build or run: exit 2 naming main-20, nothing recorded; GOOD not recorded or equal figures: exit 2"

# Stopped by SIGTERM while a build runs: the build's process group gets
# it, the worktree and the temporary directory go, and bisect dies of it.
cp sparse.db stopped.db
"$HOTGRIND_CLI" history bisect --db stopped.db --suite suite.xml --repo "$REPO" \
   --build "echo \$\$ >$WORK/build.pid; exec sleep 120" \
   f_delta "$(sha $GOOD)" "$(sha $BAD)" </dev/null >stopped.out 2>stopped.err &
bisect_pid=$!
tries=0
until test -s build.pid; do
   tries=$((tries + 1))
   test $tries -lt 600 || fail "the build never started: $(cat stopped.err)"
   sleep 0.1
done
kill -TERM $bisect_pid
st=0
wait $bisect_pid || st=$?
expect_eq "stopped: exit status (128 + SIGTERM)" "$st" 143
! kill -0 "$(cat build.pid)" 2>/dev/null || fail "the build still runs"
grep -q "^hotgrind: stopped by signal TERM at commit $(sha main-20)\$" stopped.err ||
   fail "stopped: $(cat stopped.err)"
no_worktrees "after SIGTERM"
expect_eq "stopped: commits" "$(q stopped.db 'SELECT count(*) FROM commits')" 4
pass "SIGTERM during a build: the build killed, no worktree left, bisect ended by the signal"

# Usage: each mistake exit 2 with one line, before anything is built.
usage_case() {
   _what=$1; shift
   st=0
   "$HOTGRIND_CLI" history bisect "$@" </dev/null >usage.out 2>usage.err || st=$?
   expect_eq "$_what: exit status" "$st" 2
   expect_eq "$_what: hotgrind's lines" "$(grep -c '^hotgrind' usage.err)" 1
}
usage_case "no --build" --db sparse.db --suite suite.xml f_delta a b
usage_case "unknown --metric" --db sparse.db --build true --suite suite.xml --metric Xr f_delta a b
usage_case "two operands" --db sparse.db --build true --suite suite.xml f_delta a
usage_case "absolute --suite" --db sparse.db --build true --suite "$REPO/suite.xml" \
   --repo "$REPO" f_delta "$(sha $GOOD)" "$(sha $BAD)"
usage_case "GOOD not a commit" --db sparse.db --build true --suite suite.xml \
   --repo "$REPO" f_delta nosuchcommit "$(sha $BAD)"
usage_case "no such function" --db sparse.db --build true --suite suite.xml \
   --repo "$REPO" f_zeta "$(sha $GOOD)" "$(sha $BAD)"
usage_case "BAD before GOOD" --db sparse.db --build true --suite suite.xml \
   --repo "$REPO" f_delta "$(sha $BAD)" "$(sha $GOOD)"
test ! -e usage.out || test ! -s usage.out || fail "usage: output on stdout"
no_worktrees "after the usage errors"
pass "usage mistakes, an absolute suite, an unknown commit or function, BAD before GOOD: exit 2 with one line"
