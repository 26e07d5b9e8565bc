#!/bin/sh
# hotgrind: compare two revisions of a project under hotgrind, the way a
# pull-request check does, on any machine with git, valgrind and hotgrind.
# GPL-2.0-or-later; part of hotgrind.  docs/ci.md explains it.
#
# usage: compare.sh [OPTIONS] BASE_REV HEAD_REV [--] COMMAND [ARG...]
#
# Checks BASE_REV and HEAD_REV out as two git worktrees of the repository
# the current directory is in, builds each (--build), runs COMMAND in each
# under valgrind --tool=hotgrind with the same fixed environment, working
# directory length and argv, then writes into the output folder (--out):
#   base.xml head.xml        the two reports
#   base.log head.log        Valgrind's messages; base.stdout head.stdout
#   diff.txt diff.md         hotgrind diff BASE HEAD, as text and markdown
#   check.txt check.md       hotgrind check --policy ... (with a policy)
#   check.json check.junit.xml  the same verdicts for dashboards and CI
#                            test reports (GitLab, Jenkins)
#   marks.txt                the --mark patterns HEAD never entered
#   comment.md               diff, marks never entered and verdicts: the
#                            pull-request comment
# and prints the text diff and verdicts.
#
# Exit status: 0 no regression (or no policy given); 1 the policy judged a
# regression or a broken budget (hotgrind check said 1); 2 anything else:
# bad usage, a revision that does not exist, a build or benchmark that
# failed, a report or policy that cannot be read.

set -eu

usage="usage: compare.sh [--build CMD] [--policy PATH | --policy-file FILE]
                  [--mark PATTERN]... [--valgrind-option OPT]... [--out DIR]
                  [--limit N] [--history-url URL] [--valgrind CMD]
                  [--hotgrind CMD] [--keep]
                  BASE_REV HEAD_REV [--] COMMAND [ARG...]"

help="$usage

  --build CMD          shell command that builds the benchmark, run at the
                       top of each worktree (default: make)
  --policy PATH        the policy at PATH in BASE_REV (git show BASE_REV:PATH),
                       so that a change cannot loosen its own gate
  --policy-file FILE   a policy file as is
  --mark PATTERN       --mark=PATTERN for hotgrind (repeatable)
  --valgrind-option OPT  another option for valgrind (repeatable), such as
                       --collect-atstart=no or --cache-sim=yes
  --out DIR            where the results go (default: hotgrind-compare)
  --limit N            rows of the diff (default: hotgrind diff's own)
  --history-url URL    the site of hotgrind history html (http:// or
                       https://): in the comment, each function of the base
                       links to its history page (docs/ci.md)
  --valgrind CMD       the valgrind launcher (default: valgrind)
  --hotgrind CMD       the hotgrind command (default: hotgrind)
  --keep               keep the worktrees (printed at the end)

COMMAND runs in each worktree's top folder, so give it relative to that
(./bench, build/bench).  The environment is fixed: env -i with only PATH,
LC_ALL, LD_BIND_NOW and GLIBC_TUNABLES, set from HOTGRIND_PATH (default
/usr/bin:/bin) and HOTGRIND_TUNABLES (default glibc.malloc.arena_max=1).

Exit status: 0 pass, 1 regression judged by the policy, 2 trouble."

say() { printf 'compare.sh: %s\n' "$*" >&2; }
trouble() { say "$*"; exit 2; }
usage_error() { say "$*"; printf '%s\n' "$usage" >&2; exit 2; }

build='make'
policy_path=
policy_file=
out='hotgrind-compare'
limit=
history_url=
valgrind=${VALGRIND:-valgrind}
hotgrind=${HOTGRIND:-hotgrind}
keep=no
# Options for valgrind, one a line (patterns may hold spaces, not newlines).
nl='
'
vg_options=

while [ $# -gt 0 ]; do
  case $1 in
    --help|-h) printf '%s\n' "$help"; exit 0 ;;
    --build|--policy|--policy-file|--mark|--valgrind-option|--out|--limit|--history-url|--valgrind|--hotgrind)
      [ $# -ge 2 ] || usage_error "$1 needs a value"
      case $1 in
        --build) build=$2 ;;
        --policy) policy_path=$2 ;;
        --policy-file) policy_file=$2 ;;
        --mark) vg_options="$vg_options--mark=$2$nl" ;;
        --valgrind-option) vg_options="$vg_options$2$nl" ;;
        --out) out=$2 ;;
        --limit) limit=$2 ;;
        --history-url) history_url=$2 ;;
        --valgrind) valgrind=$2 ;;
        --hotgrind) hotgrind=$2 ;;
      esac
      shift 2 ;;
    --keep) keep=yes; shift ;;
    --) usage_error "-- goes after BASE_REV HEAD_REV" ;;
    -*) usage_error "unknown option '$1'" ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage_error "BASE_REV and HEAD_REV are needed"
base_rev=$1 head_rev=$2
shift 2
[ "${1-}" != -- ] || shift
[ $# -ge 1 ] || usage_error "no benchmark COMMAND given"
[ -z "$policy_path" ] || [ -z "$policy_file" ] ||
  usage_error "--policy and --policy-file exclude each other"
case $limit in
  ''|*[!0-9]*) [ -z "$limit" ] || usage_error "--limit needs a number, not '$limit'" ;;
esac
# hotgrind checks the rest of the URL; this, before anything is built.
case $history_url in
  *[[:space:]]*) usage_error "--history-url takes a URL without spaces, not '$history_url'" ;;
  ''|http://?*|https://?*) ;;
  *) usage_error "--history-url takes an http:// or https:// URL, not '$history_url'" ;;
esac

repo=$(git rev-parse --show-toplevel 2>/dev/null) ||
  trouble "$(pwd): not inside a git repository"
base_sha=$(git rev-parse --verify --quiet "$base_rev^{commit}") ||
  trouble "$base_rev: no such revision in $repo"
head_sha=$(git rev-parse --verify --quiet "$head_rev^{commit}") ||
  trouble "$head_rev: no such revision in $repo"
command -v "$hotgrind" >/dev/null 2>&1 || trouble "$hotgrind: command not found"
command -v "$valgrind" >/dev/null 2>&1 || trouble "$valgrind: command not found"
# Absolute paths: each step runs in another folder.
for tool in valgrind hotgrind; do
  eval "path=\$$tool"
  case $path in
    */*) path=$(cd "$(dirname "$path")" && pwd)/$(basename "$path")
         eval "$tool=\$path" ;;
  esac
done

mkdir -p "$out" || trouble "$out: cannot create the output folder"
out=$(cd "$out" && pwd)
# The policy is copied to OUT/policy.xml, which the verdicts then name.
if [ -n "$policy_file" ]; then
  { [ -f "$policy_file" ] && [ -r "$policy_file" ]; } ||
    trouble "$policy_file: cannot read the policy"
  policy_file=$(cd "$(dirname "$policy_file")" && pwd)/$(basename "$policy_file")
  [ "$policy_file" != "$out/policy.xml" ] ||
    trouble "$policy_file: the policy cannot be in the output folder"
fi
rm -f "$out"/base.* "$out"/head.* "$out"/diff.* "$out"/check.* \
  "$out"/comment.md "$out"/policy.xml "$out"/marks.txt
policy=
if [ -n "$policy_path" ]; then
  git show "$base_sha:$policy_path" > "$out/policy.xml" 2>/dev/null ||
    trouble "$base_rev:$policy_path: no such file in $base_rev"
  policy=$out/policy.xml
elif [ -n "$policy_file" ]; then
  cp "$policy_file" "$out/policy.xml" ||
    trouble "$policy_file: cannot copy the policy to $out"
  policy=$out/policy.xml
fi

# The two worktrees: "base" and "head" have the same length, so paths the
# benchmark sees (its cwd, /proc/self/exe, __FILE__) have the same length.
# Their folder is named after the repository and the output folder, not
# at random: a build with debug information records its path, which
# makes the binaries' build ids (and reports' dir=) differ when the folder
# does, so a rerun of the same revisions gives the same reports and the
# same comment.  mkdir takes it atomically; a folder left by a run that
# is gone is removed first.
work="${TMPDIR:-/tmp}/hotgrind-compare-$(printf '%s\n%s' "$repo" "$out" | cksum | cut -d ' ' -f 1)"
if [ -d "$work" ]; then
  owner=$(cat "$work/pid" 2>/dev/null || true)
  if [ -n "$owner" ] && kill -0 "$owner" 2>/dev/null; then
    trouble "$work is in use by another hotgrind compare (pid $owner) for the same repository and --out"
  fi
  for side in base head; do
    git -C "$repo" worktree remove --force "$work/$side" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
  git -C "$repo" worktree prune 2>/dev/null || true
fi
mkdir "$work" 2>/dev/null ||
  trouble "$work is in use by another hotgrind compare for the same repository and --out"
echo $$ > "$work/pid"
# shellcheck disable=SC2317  # called by the trap
cleanup() {
  if [ "$keep" = yes ]; then
    say "worktrees kept in $work (git worktree remove --force DIR when done)"
    return
  fi
  for side in base head; do
    [ ! -d "$work/$side" ] ||
      git -C "$repo" worktree remove --force "$work/$side" >/dev/null 2>&1 || true
  done
  rm -rf "$work"
  git -C "$repo" worktree prune 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 2' HUP INT TERM

for side in base head; do
  if [ "$side" = base ]; then sha=$base_sha; else sha=$head_sha; fi
  git -C "$repo" worktree add --detach --quiet "$work/$side" "$sha" ||
    trouble "cannot check out $sha as a worktree in $work/$side"
done

for side in base head; do
  say "building $side ($(git -C "$work/$side" rev-parse --short HEAD)): $build"
  (cd "$work/$side" && sh -c "$build") > "$out/$side.build" 2>&1 || {
    tail -n 20 "$out/$side.build" >&2
    trouble "the build of $side failed (all of it in $out/$side.build)"
  }
done

# The same environment, the same launcher, the same argv, a cwd of the same
# length, output to a regular file: the only difference is the code.
for side in base head; do
  say "running $side under hotgrind: $*"
  status=0
  (
    cd "$work/$side"
    set -f      # patterns such as parse_* are for hotgrind, not the shell
    IFS=$nl
    # shellcheck disable=SC2086  # one valgrind option per line
    exec env -i PATH="${HOTGRIND_PATH:-/usr/bin:/bin}" LC_ALL=C \
      LD_BIND_NOW=1 GLIBC_TUNABLES="${HOTGRIND_TUNABLES:-glibc.malloc.arena_max=1}" \
      "$valgrind" --tool=hotgrind --hotgrind-out-file="$out/$side.xml" \
      $vg_options "$@"
  ) > "$out/$side.stdout" 2> "$out/$side.log" < /dev/null || status=$?
  if [ "$status" -ne 0 ] || [ ! -s "$out/$side.xml" ]; then
    tail -n 20 "$out/$side.log" >&2
    trouble "the benchmark of $side exited $status (Valgrind's messages in $out/$side.log)"
  fi
done

# From inside the output folder, so that the comment names base.xml and
# head.xml rather than where this machine keeps them.
cd "$out"
set -- base.xml head.xml
limit_option=
[ -z "$limit" ] || limit_option="--limit=$limit"
# The markdown's links to the history site: one option, or none.
link_option=
[ -z "$history_url" ] || link_option="--history-url=$history_url"
# hotgrind diff: exit 0, or 2 when a report cannot be read.
# shellcheck disable=SC2086
"$hotgrind" diff --format=text $limit_option "$@" > diff.txt ||
  trouble "hotgrind diff failed (exit $?)"
# shellcheck disable=SC2086  # the options: one word each, or none
"$hotgrind" diff --format=markdown $limit_option $link_option "$@" > diff.md ||
  trouble "hotgrind diff failed (exit $?)"
cat diff.txt

# The --mark patterns HEAD never entered measured nothing (a typo, an
# inlined function, code that no longer runs): warned about whatever the
# policy says, as hotgrind check sees them with a policy that judges
# nothing else (its marks verdicts: 1 when one was never entered).
printf '<policy format="1"><thresholds default-metrics="no"/></policy>\n' \
  > "$work/marks-policy.xml"
marks_status=0
"$hotgrind" check --policy "$work/marks-policy.xml" head.xml \
  > "$work/marks-check.txt" || marks_status=$?
case $marks_status in
  0|1) ;;
  *) trouble "hotgrind check could not read the marks of head.xml (exit $marks_status)" ;;
esac
sed -n "s/^FAIL  *(default)  \(mark '.*': never entered .*\)\$/\1/p" \
  "$work/marks-check.txt" > marks.txt

verdict=0
{
  printf '<!-- hotgrind-compare -->\n'
  printf '## hotgrind: base %s, head %s\n\n' \
    "$(git -C "$repo" rev-parse --short "$base_sha")" \
    "$(git -C "$repo" rev-parse --short "$head_sha")"
  cat diff.md
  if [ -s marks.txt ]; then
    printf '\n**Warning:** marks never entered in head.xml, which measured nothing (inlined? never called? misspelt?):\n\n'
    # Each pattern as a code span (a backtick in one would end it early).
    tr '`' "'" < marks.txt |
      sed "s/^mark '\(.*\)': never entered/- mark \`\1\`: never entered/"
  fi
} > comment.md
if [ -s marks.txt ]; then
  printf '\n'
  sed 's/^/warning: head.xml: /' marks.txt
fi
if [ -n "$policy" ]; then
  # hotgrind check: 0 pass, 1 judged a regression, 2 cannot judge.
  "$hotgrind" check --policy policy.xml "$@" > check.txt || verdict=$?
  # shellcheck disable=SC2086
  "$hotgrind" check --policy policy.xml --format=markdown $link_option "$@" \
    > check.md || true
  "$hotgrind" check --policy policy.xml --format=json "$@" \
    > check.json || true
  "$hotgrind" check --policy policy.xml --format=junit "$@" \
    > check.junit.xml || true
  printf '\n' && cat check.txt
  case $verdict in
    0|1) { printf '\n'; cat check.md; } >> comment.md ;;
    *) trouble "hotgrind check could not judge (exit $verdict)" ;;
  esac
fi
say "results in $out (comment.md is the pull-request comment)"
exit "$verdict"
