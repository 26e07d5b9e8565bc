#!/bin/sh
# hotgrind: the gather step of ci/github-actions-suite.yml and of
# ci/gitlab-ci-suite.yml, run here as the CI systems run it, on shard
# directories that separate processes made as the shard jobs would.
# GPL-2.0-or-later; part of hotgrind.
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
# - actionlint on both GitHub workflows (this one and
#   github-actions.yml), when an actionlint command is given
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

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "PASS: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
contains() {   # contains FILE TEXT NAME
  if grep -qF -- "$2" "$1"; then ok "$3"; else bad "$3: no '$2' in $1"; fi
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
awk '/- name: Check the whole suite/ { on = 1; next }
     on && /^ *run: \|$/ { run = 1; next }
     run && /^ *- name:/ { exit }
     run && NF == 0 { exit }
     run { sub(/^          /, ""); print }' "$github" >step.sh
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
awk '/^hotgrind-gate:/ { on = 1; next } on && /^  script:/ { s = 1; next }
     s && /^    - / { sub(/^    - /, ""); print; next } s { exit }' \
  "$gitlab" >script.sh
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

# --- actionlint, when there is one: on both GitHub workflows.
actionlint=${ACTIONLINT:-$(command -v actionlint 2>/dev/null)}
if [ -n "$actionlint" ]; then
  for workflow in "$here/github-actions.yml" "$github"; do
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
