#!/bin/sh
# Runs every test: unit tests of the host command (check), the tool's
# regression and oracle tests (against Cachegrind and Callgrind), the arm64
# tests under qemu, a check that patches/ applies to Valgrind's source, a
# build of Valgrind from that source with the patches for the deterministic
# scheduler's test (regtest/det_sched.sh), then a distcheck that builds and tests the release tarball.  Installs its own
# packages (and the arm64 root) first.
# The last line is "N passed, N failed".
set -eu
cd "$(dirname "$0")"
top=$(pwd)
./tools/install-deps.sh
# The arm64 tests (cross build, qemu) run in make check when this root
# exists; CI sets it up so they always run (docs/arm64.md).
HOTGRIND_ARM64_ROOT=${HOTGRIND_ARM64_ROOT:-/opt/hotgrind-arm64}
export HOTGRIND_ARM64_ROOT
if [ "${HOTGRIND_SKIP_ARM64:-no}" != yes ]; then
  ./tools/setup-arm64.sh "$HOTGRIND_ARM64_ROOT"
fi
./autogen.sh
rm -rf build-test
mkdir build-test
cd build-test
"$top/configure"
status=0
make -j"$(nproc)" check || status=$?
# Every automake .trs file holds one ":test-result:" line per test.
passed=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: \(PASS\|XFAIL\)' || true)
failed=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: \(FAIL\|XPASS\|ERROR\)' || true)
skipped=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: SKIP' || true)
if [ "$status" -ne 0 ]; then
  find . -name 'test-suite.log' -exec sh -c 'echo "== $1"; cat "$1"' _ {} \;
fi
# The fuzz harnesses still build, and every seed and regression input
# passes them under ASan/UBSan (timed fuzzing is `make fuzz`, not CI's).
if make fuzz-smoke > fuzz-smoke.log 2>&1; then
  passed=$((passed + 1)); echo "fuzz-smoke: PASS"
else
  failed=$((failed + 1)); status=1; echo "fuzz-smoke: FAIL"; tail -n 40 fuzz-smoke.log
fi
# patches/ must apply to the Valgrind source the installed package comes
# from (the full in-tree build takes ~8 minutes: tools/build-in-tree.sh).
if src=$("$top/tools/get-valgrind-source.sh" "$top/build-test/valgrind-source") &&
   "$top/tools/build-in-tree.sh" "$src" --check-only; then
  passed=$((passed + 1)); echo "patches: PASS"
else
  failed=$((failed + 1)); status=1; echo "patches: FAIL"
  src=
fi
# --det-sched (patches/0003) needs Valgrind built from that source: the
# core and the three tools regtest/det_sched.sh runs (~4 minutes here).
if test -n "$src" &&
   "$top/tools/build-in-tree.sh" "$src" --tools "none hotgrind cachegrind" \
     > in-tree-build.log 2>&1 &&
   HOTGRIND_INTREE=$src make -C regtest check TESTS=det_sched.sh; then
  passed=$((passed + 1)); echo "det_sched.sh (in-tree Valgrind): PASS"
else
  failed=$((failed + 1)); status=1; echo "det_sched.sh (in-tree Valgrind): FAIL"
  tail -n 30 in-tree-build.log regtest/det_sched.log 2>/dev/null || :
fi
if [ "$status" -eq 0 ] && [ "${HOTGRIND_SKIP_DISTCHECK:-no}" != yes ]; then
  if make -j"$(nproc)" distcheck; then
    passed=$((passed + 1)); echo "distcheck: PASS"
  else
    failed=$((failed + 1)); status=1; echo "distcheck: FAIL"
  fi
fi
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
