#!/bin/sh
# hotgrind: the gather step of ci/github-actions-suite.yml and of
# ci/gitlab-ci-suite.yml, run here as the CI systems run it, on shard
# directories that separate processes made as the shard jobs would; and
# the push step of ci/github-actions-history.yml and ci/gitlab-ci-history.yml
# on a scratch remote.  GPL-2.0-or-later; part of hotgrind.
#
#   HOTGRIND=BUILD/cli/hotgrind sh ci/test-suite-workflows.sh
#
# Checks:
# - the shapes the gather relies on: the GitHub matrix gives --shard I/N
#   with N its length, the gate job needs the shards and runs always; the
#   GitLab shard job is parallel and the gate needs its artifacts;
# - the GitHub gate's "Check the whole suite" step, taken from the file
#   and run with bash, and the GitLab gate's script lines, run with sh -e:
#   over the shard directories they find, their comment is byte for byte
#   the check of the same suite run unsharded (names aside), the status
#   they hand on is 1 (the fixtures' suite has a regression, a crash and a
#   removed benchmark), and the JUnit file has a test suite per benchmark;
# - the history workflows: the shapes they rely on (on push to main, the
#   push job may write contents and runs ci/history-push.sh, the Pages
#   actions pinned, the deploy job's permissions; GitLab's job pages
#   publishes public/), and their push steps, run as the runners run
#   them on a suite run, land the run on a scratch remote's
#   hotgrind-history branch (the site when history html works, and a
#   clear failure after the push when it does not);
# - the pull-request comments pass --history-url when HISTORY_URL is set;
# - the DET_SCHED switch of every recipe: off by default, the steps it
#   guards, the cache key (the GitHub key step run on this checkout) and
#   where the patched Valgrind is installed;
# - actionlint on the GitHub workflows (this one, github-actions.yml
#   and github-actions-history.yml), when an actionlint command is given
#   (ACTIONLINT=...; ./test.sh gives tools/install-actionlint.sh's) or
#   on PATH.
# Prints "N passed, N failed"; exit status 0 when all passed.

set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
: "${HOTGRIND:?set HOTGRIND to the hotgrind command}"
HG_TEST_DATA=$top/cli/tests/data
github=$here/github-actions-suite.yml
gitlab=$here/gitlab-ci-suite.yml
github_history=$here/github-actions-history.yml
gitlab_history=$here/gitlab-ci-history.yml

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "PASS: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() {   # contains FILE TEXT NAME
  if grep -qF -- "$2" "$1"; then ok "$3"; else bad "$3: no '$2' in $1"; fi
}
# The run: block of the step NAME of the GitHub workflow FILE, as the
# runner runs it.
step_script() {   # step_script NAME FILE
  awk -v name="- name: $1" 'index($0, name) { on = 1; next }
       on && /^ *run: \|$/ { run = 1; next }
       run && /^ *- name:/ { exit }
       run && NF == 0 { exit }
       run { sub(/^          /, ""); print }' "$2"
}
# The script: lines of the GitLab job JOB in FILE.
job_script() {   # job_script JOB FILE
  awk -v job="$1:" '$0 == job { on = 1; next } on && /^  script:/ { s = 1; next }
       s && /^    - / { sub(/^    - /, ""); print; next } s { exit }' "$2"
}
same_file() {   # same_file WANT GOT NAME
  if cmp -s "$1" "$2"; then ok "$3"
  else bad "$3"; diff "$1" "$2" | head -10 | sed 's/^/  | /'; fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-test-suite-workflows.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
ln -s "$(cd "$(dirname "$HOTGRIND")" && pwd)/$(basename "$HOTGRIND")" \
  "$tmp/bin/hotgrind"
PATH=$tmp/bin:$PATH
# The steps configure git globally: a scratch configuration.
GIT_CONFIG_GLOBAL=$tmp/gitconfig
HOME=$tmp
export PATH GIT_CONFIG_GLOBAL HOME

# --- the shapes.
shards=$(sed -n 's/^ *shard: \[\(.*\)\]$/\1/p' "$github")
n=$(echo "$shards" | tr ',' '\n' | grep -c .)
[ "$shards" = "$(seq -s ', ' 1 "$n")" ] &&
  ok "the matrix lists shards 1 to $n" || bad "the matrix is not 1..N: '$shards'"
contains "$github" 'SHARD: ${{ matrix.shard }}/${{ strategy.job-total }}' \
  "each shard job runs --shard I/N, N the matrix's size"
contains "$github" 'fail-fast: false' "every shard runs to its end"
awk '/^  gate:/ { on = 1 } on && /needs: shard/ { n++ } on && /if: always\(\)/ { a++ }
     END { exit !(n && a) }' "$github" &&
  ok "the gate needs the shards and runs always" ||
  bad "the gate job does not need the shards or does not run always"
contains "$gitlab" 'parallel: 4' "GitLab: the shard job is parallel"
contains "$gitlab" '--shard "$CI_NODE_INDEX/$CI_NODE_TOTAL"' \
  "GitLab: --shard from CI_NODE_INDEX/CI_NODE_TOTAL"
contains "$gitlab" 'artifacts: true' "GitLab: the gate takes the shards' artifacts"

# --- the suite: unsharded for the reference, sharded by four processes.
. "$top/cli/tests/suite-gate-lib.sh"
ref=$tmp/reference
mkdir -p "$ref" && cd "$ref" || exit 2
standard_suite
write_policy policy.xml
"$HOTGRIND" check --policy policy.xml --format=markdown base head >comment.md
status=$?
[ "$status" = 1 ] && ok "the unsharded check fails (1)" ||
  bad "the unsharded check exited $status"

# A project whose base commit has the policy, and the shards' artifacts in
# out/ as download-artifact and GitLab's needs lay them.
make_workspace() {   # make_workspace DIR (the repository in DIR/SRC)
  ws=$1 src=$2
  mkdir -p "$ws/$src/ci" && cp "$ref/policy.xml" "$ws/$src/ci/hotgrind-policy.xml"
  (cd "$ws/$src" && git init -q && git add ci &&
   git -c user.name=t -c user.email=t@example.invalid commit -qm base &&
   echo change >file && git add file &&
   git -c user.name=t -c user.email=t@example.invalid commit -qm head) ||
    exit 2
  mkdir -p "$ws/out" && cd "$ws/out" || exit 2
  ( suite_run base-1 count 1/2 alpha:ok:alpha-base.xml gamma:ok:gamma.xml ) &
  ( suite_run base-2 count 2/2 beta:ok:beta.xml delta:ok:delta-base.xml ) &
  ( suite_run head-1 count 1/2 alpha:ok:alpha-head.xml ) &
  ( suite_run head-2 count 2/2 beta:ok:beta.xml delta:crashed:SEGV ) &
  wait
  cd "$ws" || exit 2
}
# The gathered comment with the shard directories named as unsharded.
unshard() {
  sed -e 's#out/base-1,out/base-2#base#g; s#out/head-1,out/head-2#head#g' \
      -e 's#out/base-[12]/#base/#g; s#out/head-[12]/#head/#g' "$1"
}

# --- GitHub: the gate's step, as the runner runs it (bash -e).
make_workspace "$tmp/github" src
step_script 'Check the whole suite' "$github" >step.sh
: >github-output
: >summary
GITHUB_OUTPUT=$tmp/github/github-output GITHUB_STEP_SUMMARY=$tmp/github/summary \
  POLICY=ci/hotgrind-policy.xml bash -e step.sh >step.out 2>&1
status=$?
[ "$status" = 0 ] && ok "GitHub: the gate's check step runs (the verdict is its output)" ||
  { bad "GitHub: the check step exited $status"; sed 's/^/  | /' step.out; }
contains github-output "status=1" "GitHub: the step hands on status 1"
unshard out/comment.md >gathered.md
same_file "$ref/comment.md" gathered.md \
  "GitHub: the gathered comment is the unsharded check's"
contains out/body.md '<!-- hotgrind-suite -->' "GitHub: the comment has its marker"
same_file out/comment.md summary "GitHub: the job summary is the comment"
[ "$(grep -c '<testsuite name=' out/check.junit.xml)" = 4 ] &&
  ok "GitHub: JUnit, one test suite per benchmark" ||
  bad "GitHub: not 4 test suites in check.junit.xml"

# --- GitLab: the gate's script lines, as the runner runs them (sh -e);
# the last, check --format=markdown, fails the job with 1.
make_workspace "$tmp/gitlab" .
job_script hotgrind-gate "$gitlab" >script.sh
CI_MERGE_REQUEST_DIFF_BASE_SHA=$(git rev-parse HEAD^1) \
  POLICY=ci/hotgrind-policy.xml sh -e script.sh >script.out 2>&1
status=$?
[ "$status" = 1 ] && ok "GitLab: the gate fails the job (1)" ||
  { bad "GitLab: the gate exited $status, not 1"; sed 's/^/  | /' script.out; }
unshard out/comment.md >gathered.md
same_file "$ref/comment.md" gathered.md \
  "GitLab: the gathered comment is the unsharded check's"
[ "$(grep -c '<testsuite name=' out/check.junit.xml)" = 4 ] &&
  ok "GitLab: the JUnit report, one test suite per benchmark" ||
  bad "GitLab: not 4 test suites in check.junit.xml"

# --- the comments link to the history site when HISTORY_URL is set:
# the GitHub gate's step and the GitLab gate's line pass it to check,
# which takes it (the same verdict); compare.sh takes it for the other.
cd "$tmp/github" || exit 2
HISTORY_URL=https://example.org/site GITHUB_OUTPUT=$tmp/github/github-output \
  GITHUB_STEP_SUMMARY=$tmp/github/summary POLICY=ci/hotgrind-policy.xml \
  bash -e step.sh >step.out 2>&1
status=$?
[ "$status" = 0 ] && tail -n 1 github-output | grep -qx 'status=1' &&
  ok "GitHub: the gate's step with HISTORY_URL hands on the same verdict" ||
  { bad "GitHub: the gate's step with HISTORY_URL (exit $status)"; sed 's/^/  | /' step.out; }
contains step.sh '${HISTORY_URL:+--history-url "$HISTORY_URL"}' \
  "GitHub: the suite's comment gets --history-url"
contains "$gitlab" '${HISTORY_URL:+--history-url "$HISTORY_URL"}' \
  "GitLab: the suite's comment gets --history-url"
step_script 'Measure base and head' "$here/github-actions.yml" >compare-step.sh
contains compare-step.sh 'set -- "$@" --history-url "$HISTORY_URL"' \
  "GitHub: compare.sh gets --history-url"

# --- the history workflows: the shapes.
contains "$github_history" 'branches: [main]' "history: runs on a push to main"
awk '/^  record:/ { on = 1 } /^  deploy:/ { on = 0 } on && /contents: write/ { w = 1 }
     END { exit !w }' "$github_history" &&
  ok "history: the record job may push (contents: write)" ||
  bad "history: the record job has no contents: write"
step_script 'Record the run and push the history' "$github_history" >push-step.sh
contains push-step.sh '/opt/hotgrind/ci/history-push.sh' \
  "history: the push step runs ci/history-push.sh"
contains push-step.sh '--html "$GITHUB_WORKSPACE/site"' \
  "history: the push step writes the site"
grep -Eq 'uses: actions/upload-pages-artifact@v[0-9]+$' "$github_history" &&
  grep -Eq 'uses: actions/deploy-pages@v[0-9]+$' "$github_history" &&
  ok "history: the Pages actions, each pinned to a version" ||
  bad "history: upload-pages-artifact or deploy-pages missing or not pinned"
awk '/^  deploy:/ { on = 1 } on && /needs: record/ { n = 1 } on && /pages: write/ { p = 1 }
     on && /id-token: write/ { i = 1 } on && /name: github-pages/ { e = 1 }
     END { exit !(n && p && i && e) }' "$github_history" &&
  ok "history: deploy needs record, may write pages and id-token, in github-pages" ||
  bad "history: the deploy job's needs, permissions or environment"
job_script pages "$gitlab_history" >pages.sh
awk '/^pages:/ { on = 1 } on && /paths: \[public\/\]/ { p = 1 } END { exit !p }' \
  "$gitlab_history" && ok "GitLab history: the job pages publishes public/" ||
  bad "GitLab history: no job pages with public/"
job_script hotgrind-history "$gitlab_history" >gitlab-push.sh
contains gitlab-push.sh '/opt/hotgrind/ci/history-push.sh --remote history' \
  "GitLab history: the job runs ci/history-push.sh through its token's remote"
contains "$gitlab_history" 'if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH' \
  "GitLab history: only on the default branch"

# --- the history workflows' push steps, run as the runners run them, on
# a scratch remote: the GitHub step (bash -e, in src/), then the GitLab
# job's lines (sh -e) but those that build and run the suite, its remote
# URL led to the scratch one by git's insteadOf.  The suite run is one of
# history_gen.py's; the site only when history html works.
python3 "$top/cli/tests/history_gen.py" "$tmp/runs" >/dev/null || exit 2
remote=$tmp/history-remote.git
git init -q --bare "$remote" && git -C "$remote" symbolic-ref HEAD refs/heads/main
git config --global user.name t && git config --global user.email t@example.invalid
html_works=no
: >"$tmp/html-probe.err"
hotgrind history record --db "$tmp/probe.db" --commit abcdef0 \
  "$tmp/runs/main-01" >/dev/null 2>"$tmp/html-probe.err" &&
  hotgrind history html --db "$tmp/probe.db" -o "$tmp/probe-site" \
    >/dev/null 2>"$tmp/html-probe.err" && html_works=yes
[ "$html_works" = yes ] ||
  echo "NOTE: hotgrind history html does not work here ($(head -n 1 "$tmp/html-probe.err")): the steps must push, then fail on the site"
want_site() {   # want_site STATUS SITE NAME
  if [ "$html_works" = yes ]; then
    [ "$1" = 0 ] && [ -f "$2/index.html" ] && ok "$3: the site is written" ||
      bad "$3: exit $1, or no $2/index.html"
  else
    [ "$1" = 2 ] && ok "$3: fails (2) on the site, after the push" ||
      bad "$3: exit $1 without history html, not 2"
  fi
}
mkdir -p "$tmp/history-gh/src" && cd "$tmp/history-gh/src" || exit 2
git init -q && git commit -q --allow-empty -m one &&
  git remote add origin "$remote" && git push -q origin HEAD:main || exit 2
one=$(git rev-parse HEAD)
cp -R "$tmp/runs/main-01" ../suite-run
sed "s#/opt/hotgrind/ci/history-push.sh#sh $here/history-push.sh#" \
  ../../github/push-step.sh >../push-step.sh
GITHUB_WORKSPACE=$tmp/history-gh GITHUB_REF_NAME=main \
  HISTORY_BRANCH=hotgrind-history bash -e ../push-step.sh >../push.out 2>&1
status=$?
want_site "$status" "$tmp/history-gh/site" "GitHub history"
contains ../push.out "recorded $one (main) and pushed hotgrind-history" \
  "GitHub history: the step records and pushes"
same_db_commits() {   # same_db_commits WANT NAME
  rm -rf "$tmp/clone" &&
    git clone -q --branch hotgrind-history "$remote" "$tmp/clone" || exit 2
  got=$(sqlite3 "$tmp/clone/history.db" 'SELECT sha FROM commits ORDER BY sha' 2>&1)
  [ "$got" = "$1" ] && ok "$2" || bad "$2: the database has '$got'"
}
if command -v sqlite3 >/dev/null 2>&1; then
  same_db_commits "$one" "GitHub history: the remote's database has the commit"
fi

# GitLab: a second commit on the branch, the job's lines but the build
# and the suite's run, in its checkout.
cd "$tmp/history-gh/src" && git commit -q --allow-empty -m two &&
  git push -q origin HEAD:main || exit 2
two=$(git rev-parse HEAD)
mkdir -p "$tmp/history-gl" && cd "$tmp/history-gl" || exit 2
git clone -q "$remote" checkout && cd checkout && git checkout -q --detach "$two" || exit 2
cp -R "$tmp/runs/main-05" suite-run
git config --global "url.$remote.insteadOf" \
  "https://hotgrind:secret@gitlab.example/group/project.git"
grep -v 'BENCH_BUILD\|suite run' ../../github/gitlab-push.sh |
  sed "s#/opt/hotgrind/ci/history-push.sh#sh $here/history-push.sh#" >../script.sh
HISTORY_PUSH_TOKEN=secret CI_SERVER_HOST=gitlab.example CI_PROJECT_PATH=group/project \
  CI_COMMIT_BRANCH=main HISTORY_BRANCH=hotgrind-history sh -e ../script.sh >../push.out 2>&1
status=$?
want_site "$status" "$tmp/history-gl/checkout/public" "GitLab history"
contains ../push.out "recorded $two (main) and pushed hotgrind-history" \
  "GitLab history: the job records and pushes"
if command -v sqlite3 >/dev/null 2>&1; then
  same_db_commits "$(printf '%s\n' "$one" "$two" | sort)" \
    "GitLab history: the remote's database has both commits"
else
  echo "NOTE: no sqlite3: the remote's database not read"
fi

# --- the DET_SCHED switch (docs/ci.md, "Deterministic threads"): off by
# default; on, the patched Valgrind is restored from the CI cache and
# installed (tools/install-deb.sh) after hotgrind's make install and
# before the first step that runs Valgrind.
for wf in "$here/github-actions.yml" "$github" "$github_history"; do
  w=$(basename "$wf")
  contains "$wf" "  DET_SCHED: 'no'" "$w: DET_SCHED is off by default"
  [ "$(grep -c "if: env.DET_SCHED == 'yes'" "$wf")" = 3 ] &&
    ok "$w: the key, cache and install steps run only with DET_SCHED" ||
    bad "$w: not three steps under if: env.DET_SCHED == 'yes'"
  contains "$wf" 'key: ${{ steps.vgdeb.outputs.key }}' "$w: the cache key is the key step's"
  # The cache's folder is build-deb.sh's default cache.
  contains "$wf" 'path: /var/cache/hotgrind' "$w: the cache holds build-deb.sh's folder"
  awk '/- name: Build and install hotgrind/ && !b { b = NR }
       /- name: Install the patched Valgrind/ { i = NR }
       /hotgrind suite run|ci\/compare.sh/ && !r { r = NR }
       END { exit !(b && i && r && b < i && i < r) }' "$wf" &&
    ok "$w: installed after hotgrind, before the measuring" ||
    bad "$w: the patched Valgrind is not installed between hotgrind's build and the runs"
  # The key step, as the runner runs it, against this checkout.
  if command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W valgrind >/dev/null 2>&1; then
    step_script "Name the patched Valgrind's cache entry" "$wf" |
      sed "s#/opt/hotgrind#$top#g" >"$tmp/key-step.sh"
    rm -f "$tmp/key-output"
    GITHUB_OUTPUT=$tmp/key-output bash -e "$tmp/key-step.sh" &&
      grep -qx 'key=valgrind-deb-3\.[0-9]*-[a-z0-9]*-[0-9a-f]\{16\}' "$tmp/key-output" &&
      ok "$w: the key step names the release, architecture and hash ($(cat "$tmp/key-output"))" ||
      bad "$w: the key step printed '$(cat "$tmp/key-output" 2>/dev/null)'"
    rm -f "$tmp/key-output"
  fi
done
for gl in "$gitlab" "$gitlab_history"; do
  g=$(basename "$gl")
  contains "$gl" '  DET_SCHED: "no"' "$g: DET_SCHED is off by default"
  contains "$gl" 'key: hotgrind-valgrind-deb-$HOTGRIND_REF-$VALGRIND_DEB_ARCH' \
    "$g: the cache is keyed by the pinned ref and the architecture"
  contains "$gl" 'paths: [.hotgrind-cache/]' "$g: the cache holds .hotgrind-cache/"
  contains "$gl" 'HOTGRIND_BUILD_CACHE="$CI_PROJECT_DIR/.hotgrind-cache" /opt/hotgrind/tools/install-deb.sh' \
    "$g: DET_SCHED=yes installs from that folder"
done

# --- actionlint, when there is one: on the GitHub workflows.
actionlint=${ACTIONLINT:-$(command -v actionlint 2>/dev/null)}
if [ -n "$actionlint" ]; then
  for workflow in "$here/github-actions.yml" "$github" "$github_history"; do
    if $actionlint "$workflow" >"$tmp/actionlint" 2>&1; then
      ok "actionlint: $workflow"
    else
      bad "actionlint: $workflow"; sed 's/^/  | /' "$tmp/actionlint"
    fi
  done
else
  echo "NOTE: no actionlint (ACTIONLINT=command or on PATH): not run"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
