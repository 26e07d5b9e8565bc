#!/bin/sh
# hotgrind: end-to-end test of ci/compare.sh and of the workflow in
# docs/ci.md, on a scratch git repository with a small C benchmark.
# GPL-2.0-or-later; part of hotgrind.
#
#   HOTGRIND=BUILD/cli/hotgrind VALGRIND=BUILD/vg-in-place sh ci/test-compare.sh
#
# Needs git, a C compiler, and hotgrind runnable through VALGRIND.  Checks:
# - a revision that slows a function down: exit 1, the regression named;
# - a revision that changes no code: byte-identical reports, exit 0;
# - no policy: exit 0 whatever changed; the policy read from BASE;
# - exit 2 for a missing revision, a failed build, a failed benchmark, a
#   policy that cannot be used; worktrees removed every time;
# - a mark never entered: warned about in the comment, a failed check
#   unless the policy says it is optional;
# - the workflow in docs/ci.md is ci/github-actions.yml, and its comment
#   script creates one comment and then updates it (with node, if any).
# Prints "N passed, N failed"; exit status 0 when all passed, 77 (skip)
# without git or a compiler.

set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
compare="$here/compare.sh"
: "${HOTGRIND:?set HOTGRIND to the hotgrind command}"
: "${VALGRIND:?set VALGRIND to a valgrind that runs hotgrind (vg-in-place)}"
CC=${CC:-cc}
for tool in git "$CC"; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done
export HOTGRIND VALGRIND

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "PASS: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
expect() {   # expect WANTED_STATUS NAME COMMAND...
  want=$1 name=$2; shift 2
  "$@" > "$tmp/out" 2> "$tmp/err"; got=$?
  if [ "$got" -eq "$want" ]; then ok "$name (exit $got)"
  else bad "$name: exit $got, wanted $want"; sed 's/^/  | /' "$tmp/err"; fi
}
contains() {   # contains FILE TEXT NAME
  if grep -qF -- "$2" "$1"; then ok "$3"; else bad "$3: no '$2' in $1"; fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-test-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# A project with a benchmark, its policy, and three more revisions.
repo=$tmp/project
mkdir -p "$repo/ci"
cat > "$repo/bench.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define PARSE_WORK 1
__attribute__((noinline)) unsigned parse(const char *line)
{
    unsigned v = 0;
    for (int round = 0; round < PARSE_WORK; round++)
        for (const char *p = line; *p; p++)
            v = v * 31 + (unsigned)(*p - '0');
    char *copy = malloc(strlen(line) + 1);
    strcpy(copy, line);
    v ^= (unsigned)copy[0];
    free(copy);
    return v;
}
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    unsigned sum = 0;
    char line[32];
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line, "%d,%d", i, i * 7);
        sum += parse(line);
    }
    printf("%u\n", sum);
    return 0;
}
EOF
# shellcheck disable=SC2016  # $(CC) is for make
printf 'bench: bench.c\n\t$(CC) -O1 -g -o bench bench.c\n' > "$repo/Makefile"
cat > "$repo/ci/policy.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<policy format="1">
  <budgets>
    <function pattern="bench:parse" metric="calls" exact="50"/>
  </budgets>
  <thresholds regression="2" floor="0.1"/>
</policy>
EOF
(
  cd "$repo" && git init -q && git config user.email test@example.org &&
  git config user.name test && git config commit.gpgsign false && printf 'bench\n' > .gitignore &&
  git add -A && git commit -qm base && git tag base &&
  sed -i 's/#define PARSE_WORK 1/#define PARSE_WORK 3/' bench.c &&
  git commit -qam slower && git tag slower &&
  git checkout -q base && echo readme > README && git add README &&
  git commit -qm docs && git tag docs &&
  git checkout -q base && echo broken > bench.c && git commit -qam broken &&
  git tag broken && git checkout -q slower
) > "$tmp/setup.log" 2>&1 || { cat "$tmp/setup.log"; echo "FAIL: setup"; exit 1; }
cd "$repo" || exit 1

out=$tmp/out-slower
expect 1 "a slower parse is a regression" \
  "$compare" --policy ci/policy.xml --mark parse --out "$out" base slower -- ./bench 50
contains "$out/check.txt" "Ir of parse (bench)" "the verdict names parse"
contains "$out/comment.md" "<!-- hotgrind-compare -->" "comment.md has its marker"
contains "$out/comment.md" "### hotgrind check: FAIL" "comment.md has the verdicts"
contains "$out/comment.md" "base.xml" "the comment names base.xml, not a path"
if grep -qF "$tmp" "$out/comment.md"; then bad "the comment holds $tmp"
else ok "the comment holds no machine path"; fi

# --history-url: parse's row in the comment links to its page of the
# history site, the path computed apart (cli/tests/history_page.py:
# FNV-1a of benchmark, object, name and file).
out=$tmp/out-linked
expect 1 "with --history-url" \
  "$compare" --policy ci/policy.xml --mark parse --history-url https://ci.example/site \
  --out "$out" base slower -- ./bench 50
page=$("${PYTHON:-/usr/bin/python3}" "$top/cli/tests/history_page.py" "$out/base.xml" |
  awk -F '\t' '$1 == "parse" && $2 == "bench" { print $4 }')
if [ -n "$page" ] && grep -qF "](https://ci.example/site/$page)" "$out/comment.md"; then
  ok "the comment links parse to https://ci.example/site/$page"
else bad "the comment does not link parse to its history page ('$page')"; fi
expect 2 "--history-url that is not http(s)" \
  "$compare" --history-url javascript:alert --out "$tmp/o" base slower -- ./bench 50

out=$tmp/out-docs
expect 0 "a README change passes" \
  "$compare" --policy ci/policy.xml --mark parse --out "$out" base docs -- ./bench 50
# The same code built in two worktrees: the same counts, the same report
# but for where each was built: the source folders (<function dir>) and
# the benchmark's build-id, which hashes its debug information, paths
# included.
same_build() {
  sed -e 's| dir="[^"]*"||' \
      -e 's|\(<object name="bench"\) build-id="[^"]*"|\1|' "$1"
}
same_build "$out/base.xml" > "$tmp/base-same.xml"
same_build "$out/head.xml" > "$tmp/head-same.xml"
if cmp -s "$tmp/base-same.xml" "$tmp/head-same.xml"; then
  ok "same code: identical reports but for the build folders"
else bad "same code: the reports differ"; diff "$tmp/base-same.xml" "$tmp/head-same.xml" | head -10
fi

# A mark that matches nothing in the benchmark (nosuch_*) was never
# entered: a warning in the comment whatever the policy says, and a
# failed check unless the policy says the mark is optional.
out=$tmp/out-dead
expect 1 "a mark never entered fails the check" \
  "$compare" --policy ci/policy.xml --mark parse --mark 'nosuch_*' \
  --out "$out" base docs -- ./bench 50
contains "$out/comment.md" "**Warning:** marks never entered in head.xml" \
  "the comment warns of the mark never entered"
contains "$out/comment.md" '- mark `nosuch_*`: never entered (matched 0 functions that ran)' \
  "the warning names the mark"
contains "$out/comment.md" '| **FAIL** | (default) | `nosuch_*` | 0 | 0 | never entered |' \
  "the comment has check's verdict on the mark"
contains "$out/marks.txt" "mark 'nosuch_*': never entered" "marks.txt lists it"
if grep -q parse "$out/marks.txt"; then bad "marks.txt lists parse, which ran"
else ok "marks.txt lists only the mark never entered"; fi
contains "$out/check.junit.xml" '<testsuite name="marks of head.xml" tests="2" failures="1"' \
  "check.junit.xml has the marks, one failed"
contains "$out/check.json" '"marks-never-entered": 1' "check.json counts it"
cp "$out/comment.md" "$tmp/dead-comment.md"
expect 1 "the same run again" \
  "$compare" --policy ci/policy.xml --mark parse --mark 'nosuch_*' \
  --out "$out" base docs -- ./bench 50
if cmp -s "$tmp/dead-comment.md" "$out/comment.md"; then
  ok "the same comment from a second run"
else bad "a second run writes another comment"; fi
sed 's|</budgets>|</budgets><marks><mark pattern="nosuch_*" optional="yes"/></marks>|' \
  ci/policy.xml > "$tmp/optional-policy.xml"
out=$tmp/out-optional
expect 0 "an optional mark never entered passes" \
  "$compare" --policy-file "$tmp/optional-policy.xml" --mark parse \
  --mark 'nosuch_*' --out "$out" base docs -- ./bench 50
contains "$out/comment.md" '- mark `nosuch_*`: never entered' \
  "an optional mark never entered is still warned about"
if [ -s "$tmp/out-docs/marks.txt" ] || grep -qF "Warning:** marks never entered" "$tmp/out-docs/comment.md"
then bad "marks all entered: a warning anyway"
else ok "marks all entered: no warning"; fi

expect 0 "no policy: nothing judged" \
  "$compare" --out "$tmp/out-nopolicy" base slower ./bench 50
if [ -e "$tmp/out-nopolicy/check.txt" ]; then bad "no policy: check.txt written"
else ok "no policy: no check.txt"; fi

printf '<policy format="1"><budgets><total metric="Irr" max="1"/></budgets></policy>\n' \
  > "$tmp/bad-policy.xml"
expect 2 "a policy that cannot be used" \
  "$compare" --policy-file "$tmp/bad-policy.xml" --out "$tmp/o" base slower ./bench 5
expect 2 "a policy missing from BASE" \
  "$compare" --policy ci/nosuch.xml --out "$tmp/o" base slower ./bench 5
expect 2 "a revision that does not exist" \
  "$compare" --out "$tmp/o" base nosuch ./bench 5
expect 2 "a build that fails" "$compare" --out "$tmp/o" base broken ./bench 5
expect 2 "a benchmark that fails" "$compare" --out "$tmp/o" base slower ./nosuch
expect 2 "no benchmark command" "$compare" --out "$tmp/o" base slower
expect 2 "an unknown option" "$compare" --frobnicate base slower ./bench
expect 0 "--help" "$compare" --help
if [ "$(git worktree list | wc -l)" -eq 1 ]; then ok "every worktree removed"
else bad "worktrees left: $(git worktree list)"; fi

# The workflow printed in docs/ci.md is the file, and its comment script
# works against a stand-in for GitHub's API.
top=$(dirname "$here")
awk '/^```yaml$/ { n++; if (n == 1) { on = 1; next } } on && /^```$/ { exit }
     on { print }' "$top/docs/ci.md" > "$tmp/doc.yml"
if cmp -s "$tmp/doc.yml" "$here/github-actions.yml"; then
  ok "docs/ci.md prints ci/github-actions.yml"
else
  bad "docs/ci.md and ci/github-actions.yml differ"
  diff "$tmp/doc.yml" "$here/github-actions.yml" | head -20
fi
if command -v node >/dev/null 2>&1; then
  # The script: the lines after "script: |", less their indentation.
  awk '/^ *script: \|$/ { on = 1; next } on && /^ *- name:/ { exit }
       on && NF == 0 { exit } on { sub(/^            /, ""); print }' \
    "$here/github-actions.yml" > "$tmp/comment.js"
  mkdir -p "$tmp/ws/hotgrind-out" && cp "$tmp/out-slower/comment.md" "$tmp/ws/hotgrind-out/"
  cat > "$tmp/mock.js" <<'EOF'
const fs = require('fs');
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
const run = new AsyncFunction('require', 'github', 'context',
                              fs.readFileSync(process.argv[2], 'utf8'));
const store = [{ id: 1, body: 'someone else' }], calls = [];
const github = {
  paginate: async () => store.slice(),
  rest: { issues: {
    listComments: () => {},
    createComment: async a => { calls.push('create'); store.push({ id: 2, body: a.body }); },
    updateComment: async a => { calls.push('update ' + a.comment_id); },
  } },
};
const context = { repo: { owner: 'o', repo: 'r' }, issue: { number: 1 } };
(async () => {
  await run(require, github, context);
  await run(require, github, context);
  console.log(calls.join(', '));
})().catch(e => { console.error(e); process.exit(1); });
EOF
  calls=$(cd "$tmp/ws" && node "$tmp/mock.js" "$tmp/comment.js" 2>&1)
  if [ "$calls" = "create, update 2" ]; then ok "the comment is created, then updated"
  else bad "the comment script: $calls"; fi
else
  echo "SKIP: no node: the workflow's comment script is not run"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
