# What the shell tests in tests/ share: the environment they run in, a
# scratch folder, and the checks that count and report failures.
# Sourced, not run.  GPL-2.0-or-later; part of hotgrind.
#
# Needs HOTGRIND (the built command) and HG_TEST_DATA (the fixtures
# folder), as `make check` sets them.  Sets scratch, out, err, failures,
# checks; a test that sets fail_shows_stdout=no keeps hotgrind's stdout
# out of its FAIL lines (for outputs too long to be of help).

set -u
: "${HOTGRIND:?set HOTGRIND to the hotgrind command}"
: "${HG_TEST_DATA:?set HG_TEST_DATA to cli/tests/data}"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-$(basename "$0" .sh).XXXXXX") ||
  exit 99
trap 'rm -rf "$scratch"' EXIT
out=$scratch/stdout
err=$scratch/stderr
failures=0
checks=0

# fail WHAT: one failure, reported with what hotgrind last printed.
fail() {
  echo "FAIL: $*"
  if [ "${fail_shows_stdout:-yes}" != no ]; then
    echo "  stdout:"; sed 's/^/    /' "$out"
  fi
  echo "  stderr:"; sed 's/^/    /' "$err"
  failures=$((failures + 1))
}

# run EXPECTED-STATUS ARGS...: runs hotgrind ARGS in the current folder,
# checks its exit status; false if it is not EXPECTED-STATUS.  Sets
# $status.
run() {
  want=$1; shift
  checks=$((checks + 1))
  "$HOTGRIND" "$@" >"$out" 2>"$err"
  status=$?
  [ "$status" -eq "$want" ] ||
    { fail "hotgrind $*: exit status $status, want $want"; return 1; }
}

# expect_trouble ARGS...: status 2 and nothing on stdout; false if the
# status is not 2.
expect_trouble() {
  run 2 "$@" || return 1
  [ ! -s "$out" ] || fail "hotgrind $*: wrote to stdout"
}

# lines FILE: how many lines FILE has.
lines() { wc -l <"$1" | tr -d ' '; }

# one_line_error FILE ARGS...: what `hotgrind ARGS` printed with its
# status 2 is nothing on stdout and exactly one line on stderr, starting
# "hotgrind: FILE: "; false (after one FAIL) if not.
one_line_error() {
  file=$1; shift
  if [ -s "$out" ]; then fail "hotgrind $*: wrote to stdout"; return 1; fi
  if [ "$(lines "$err")" != 1 ]; then
    fail "hotgrind $*: stderr is not one line"; return 1
  fi
  case $(cat "$err") in
    "hotgrind: $file: "?*) ;;
    *) fail "hotgrind $*: stderr does not start 'hotgrind: $file: '"
       return 1 ;;
  esac
}

# same EXPECTED-FILE ACTUAL-FILE WHAT: the two files hold the same bytes.
same() {
  checks=$((checks + 1))
  cmp -s "$1" "$2" || {
    fail "$3: differs from $(basename "$1")"
    diff -u "$1" "$2" | head -40 | sed 's/^/    /'
  }
}

# tmp_left OUT: true if a temporary file of `-o OUT` (OUT.tmp.XXXXXX, or
# OUT.tmp of older releases) is still there.
tmp_left() {
  for t in "$1".tmp*; do [ -e "$t" ] && return 0; done
  return 1
}

# The summary line, and exit 1 if anything failed.
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures of $checks checks failed"
    exit 1
  fi
  echo "all $checks checks passed"
}
