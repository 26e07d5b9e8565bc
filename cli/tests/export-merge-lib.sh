# What tests/export.sh and tests/merge.sh share: the environment they run
# in, a scratch folder, and the checks that count and report failures.
# Sourced, not run.  GPL-2.0-or-later; part of hotgrind.
#
# Needs HOTGRIND (the built command) and HG_TEST_DATA (the fixtures
# folder), as `make check` sets them.  Sets scratch, out, err, failures,
# checks.

set -u
: "${HOTGRIND:?set HOTGRIND to the hotgrind command}"
: "${HG_TEST_DATA:?set HG_TEST_DATA to cli/tests/data}"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-test.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' EXIT
out=$scratch/stdout
err=$scratch/stderr
failures=0
checks=0

fail() {
  echo "FAIL: $*"
  echo "  stderr:"; sed 's/^/    /' "$err"
  failures=$((failures + 1))
}

# run EXPECTED-STATUS ARGS...: runs hotgrind, checks its exit status.
run() {
  expected=$1; shift
  checks=$((checks + 1))
  "$HOTGRIND" "$@" >"$out" 2>"$err"
  status=$?
  [ "$status" -eq "$expected" ] ||
    fail "hotgrind $*: exit status $status, want $expected"
  [ "$status" -eq "$expected" ]
}

# same EXPECTED-FILE ACTUAL-FILE WHAT: the two files hold the same bytes.
same() {
  checks=$((checks + 1))
  cmp -s "$1" "$2" || {
    fail "$3: differs from $(basename "$1")"
    diff -u "$1" "$2" | head -40 | sed 's/^/    /'
  }
}

# The summary line, and exit 1 if anything failed.
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures of $checks checks failed"
    exit 1
  fi
  echo "all $checks checks passed"
}
