#!/bin/sh
# hotgrind: record a run of the main branch into the history database kept
# on a git branch of its own, and push it; for a CI job after the suite
# ran.  GPL-2.0-or-later; part of hotgrind.  docs/ci.md ("Keeping a
# history") explains it.
#
# usage: history-push.sh [OPTIONS] RUN...
#
# Run it inside the checkout of the commit that was measured.  The
# database (one SQLite file, docs/history.md) lives alone on the branch
# --db-branch of the remote; the script
#   1. fetches that branch (none yet: the first commit will be an orphan);
#   2. takes the database out of its tip (or starts a new one) and runs
#      hotgrind history record RUN... at HEAD, with HEAD's parents (the
#      first parent first), --branch and HEAD's committer time;
#   3. commits the new database on top of the tip, without touching the
#      checkout (git hash-object, mktree, commit-tree) and pushes it;
#   4. when the push is refused because another job pushed first, starts
#      again from 1 with the remote's new tip: the run is recorded again
#      into the remote's database, never merged with another file, so no
#      job's run is lost; --attempts bounds the rounds.
# A run already recorded (the same run, the same commit) changes nothing
# and pushes nothing.  With --html DIR it then writes the site of the
# database with hotgrind history html, for GitHub or GitLab Pages.
#
# Exit status: 0 recorded and pushed (or already recorded); 2 anything
# else: bad usage, a run record refuses, a push the remote refused for
# another reason or every attempt lost to other pushes, a site that
# could not be written.

set -eu

usage="usage: history-push.sh [--db-branch NAME] [--db-file NAME] [--remote NAME]
                       [--branch NAME] [--attempts N] [--html DIR]
                       [--keep-db FILE] [--hotgrind CMD] RUN..."

help="$usage

  --db-branch NAME   the branch that holds the database (default:
                     hotgrind-history)
  --db-file NAME     the database's file name on it (default: history.db)
  --remote NAME      the remote to fetch from and push to (default: origin)
  --branch NAME      the branch the commit is recorded as made on (default:
                     GITHUB_REF_NAME, CI_COMMIT_BRANCH, or the branch
                     checked out)
  --attempts N       rounds of fetch, record and push before giving up
                     when other jobs keep pushing first (default: 5)
  --html DIR         then write the site of the database into DIR
                     (hotgrind history html)
  --keep-db FILE     then copy the database as pushed to FILE
  --hotgrind CMD     the hotgrind command (default: \$HOTGRIND or hotgrind)

RUN is what hotgrind history record takes: a suite run's directory or
manifest, a report, or a suite run's shards joined by commas.

Exit status: 0 recorded and pushed, or already recorded; 2 trouble."

say() { printf 'history-push.sh: %s\n' "$*" >&2; }
trouble() { say "$*"; exit 2; }
usage_error() { say "$*"; printf '%s\n' "$usage" >&2; exit 2; }

db_branch='hotgrind-history'
db_file=history.db
remote=origin
branch=
attempts=5
html=
keep_db=
hotgrind=${HOTGRIND:-hotgrind}

while [ $# -gt 0 ]; do
  case $1 in
    --help|-h) printf '%s\n' "$help"; exit 0 ;;
    --db-branch|--db-file|--remote|--branch|--attempts|--html|--keep-db|--hotgrind)
      [ $# -ge 2 ] || usage_error "$1 needs a value"
      case $1 in
        --db-branch) db_branch=$2 ;;
        --db-file) db_file=$2 ;;
        --remote) remote=$2 ;;
        --branch) branch=$2 ;;
        --attempts) attempts=$2 ;;
        --html) html=$2 ;;
        --keep-db) keep_db=$2 ;;
        --hotgrind) hotgrind=$2 ;;
      esac
      shift 2 ;;
    --) shift; break ;;
    -*) usage_error "unknown option $1" ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || usage_error "no RUN given"
case $attempts in
  ''|*[!0-9]*|0) usage_error "--attempts needs a number above 0, not '$attempts'" ;;
esac
# The file is the tree's only entry: a plain name, no folders.
case $db_file in
  ''|*/*|.|..) usage_error "--db-file is a file name, not '$db_file'" ;;
esac
git check-ref-format "refs/heads/$db_branch" ||
  usage_error "--db-branch: '$db_branch' is not a branch name"

git rev-parse --git-dir >/dev/null 2>&1 ||
  trouble "not inside a git repository: run it in the checkout that was measured"
sha=$(git rev-parse --verify -q HEAD) || trouble "the checkout has no HEAD commit"
# The parents as the commit object lists them, first parent first: a
# shallow clone (fetch-depth: 1) hides them from rev-parse HEAD^1.
parents=$(git cat-file commit HEAD | sed -n '/^$/q; s/^parent //p')
time=$(git show -s --format=%cI HEAD)
if [ -z "$branch" ]; then
  branch=${GITHUB_REF_NAME:-${CI_COMMIT_BRANCH:-$(git symbolic-ref --short -q HEAD || true)}}
fi
[ -n "$branch" ] ||
  usage_error "no --branch given, and HEAD is not on a branch (GITHUB_REF_NAME and CI_COMMIT_BRANCH are not set)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-history-push.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tip_ref=refs/hotgrind/history-push

# Who the history branch's commits are by, unless the job says.
GIT_AUTHOR_NAME=${GIT_AUTHOR_NAME:-hotgrind history}
GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL:-hotgrind-history@localhost}
GIT_COMMITTER_NAME=${GIT_COMMITTER_NAME:-$GIT_AUTHOR_NAME}
GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL:-$GIT_AUTHOR_EMAIL}
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL

# Sets tip to the remote branch's commit, or to nothing when there is no
# such branch yet.
fetch_tip() {
  status=0
  git ls-remote --exit-code "$remote" "refs/heads/$db_branch" \
    >"$tmp/ls-remote" 2>"$tmp/git-err" || status=$?
  case $status in
    0) git fetch --quiet --no-tags --depth=1 "$remote" \
         "+refs/heads/$db_branch:$tip_ref" 2>"$tmp/git-err" ||
         { cat "$tmp/git-err" >&2; trouble "could not fetch $db_branch from $remote"; }
       tip=$(git rev-parse --verify -q "$tip_ref^{commit}") ||
         trouble "$remote's $db_branch is not a commit" ;;
    2) tip= ;;
    *) cat "$tmp/git-err" >&2; trouble "could not read the branches of $remote" ;;
  esac
}

# The database of the tip into $tmp/$db_file (none: a new one).
checkout_db() {
  rm -f "$tmp/$db_file" "$tmp/$db_file-journal"
  [ -n "$tip" ] || return 0
  git cat-file -e "$tip:$db_file" 2>/dev/null ||
    trouble "$remote's $db_branch has no file $db_file (--db-file)"
  git cat-file blob "$tip:$db_file" >"$tmp/$db_file"
}

# The parents' order matters (the first is the one log follows), so the
# options are built in order here rather than prepended.
parent_options=
for parent in $parents; do parent_options="$parent_options --parent $parent"; done
record() {
  # shellcheck disable=SC2086  # parent_options: hex SHAs, split on purpose
  $hotgrind history record --db "$tmp/$db_file" --commit "$sha" \
    $parent_options --branch "$branch" --time "$time" "$@" || {
    status=$?
    trouble "hotgrind history record failed (exit $status): nothing pushed"
  }
}

# Pushes the database as a commit on the tip; 0 pushed, 1 refused
# because the branch moved (another job pushed first), 2 any other
# refusal or failure.
push_db() {
  blob=$(git hash-object -w "$tmp/$db_file")
  tree=$(printf '100644 blob %s\t%s\n' "$blob" "$db_file" | git mktree)
  message="hotgrind history: record $sha ($branch)"
  if [ -n "$tip" ]; then
    commit=$(git commit-tree "$tree" -p "$tip" -m "$message")
  else
    commit=$(git commit-tree "$tree" -m "$message")
  fi
  # For the tests: a command run between record and push, to make two
  # jobs meet there (both fetched before either pushes) or to move the
  # remote branch under this one.
  if [ -n "${HOTGRIND_HISTORY_PUSH_HOOK:-}" ]; then
    sh -c "$HOTGRIND_HISTORY_PUSH_HOOK" || trouble "HOTGRIND_HISTORY_PUSH_HOOK failed"
  fi
  status=0
  git push --porcelain "$remote" "$commit:refs/heads/$db_branch" \
    >"$tmp/push-out" 2>"$tmp/push-err" || status=$?
  [ "$status" -eq 0 ] && return 0
  # Refused: a race lost when the branch is no longer where it was
  # fetched (git says "fetch first", or, when two pushes meet on the
  # server, "failed to update ref"); otherwise a hook, a protection or
  # the network refused it, which another round would not change.
  now=$(git ls-remote "$remote" "refs/heads/$db_branch" 2>/dev/null | cut -f1)
  if [ -n "$now" ] && [ "$now" != "$tip" ]; then
    return 1
  fi
  cat "$tmp/push-out" "$tmp/push-err" >&2
  return 2
}

attempt=1
while :; do
  fetch_tip
  checkout_db
  if [ -f "$tmp/$db_file" ]; then cp "$tmp/$db_file" "$tmp/before"; fi
  record "$@"
  if [ -f "$tmp/before" ] && cmp -s "$tmp/before" "$tmp/$db_file"; then
    say "$sha is already recorded as these runs: nothing to push"
    break
  fi
  rm -f "$tmp/before"
  status=0
  push_db || status=$?
  case $status in
    0) say "recorded $sha ($branch) and pushed $db_branch to $remote"
       break ;;
    1) if [ "$attempt" -ge "$attempts" ]; then
         trouble "$db_branch moved on $remote before each of $attempts pushes (other jobs pushed first): $sha is not recorded there; run the job again"
       fi
       say "$db_branch moved on $remote (another job pushed first): recording again on its new tip (attempt $((attempt + 1)) of $attempts)"
       sleep "$attempt"
       attempt=$((attempt + 1)) ;;
    *) trouble "$remote refused the push of $db_branch (above): $sha is not recorded there" ;;
  esac
done

if [ -n "$keep_db" ]; then
  cp "$tmp/$db_file" "$keep_db" || trouble "could not copy the database to $keep_db"
fi
if [ -n "$html" ]; then
  $hotgrind history html --db "$tmp/$db_file" -o "$html" ||
    trouble "hotgrind history html failed: the database is pushed, the site is not written"
fi
exit 0
