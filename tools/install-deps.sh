#!/bin/sh
# Installs the Debian packages hotgrind needs to build, run and test.
# Run as root on Debian 12 (bookworm); CI machines start clean, so the
# setup and test commands call this first.  zlib1g-dev is a real Debian
# shared library the documented marks run against (libz.so.1:inflate);
# python3-jsonschema and python3-junitparser read the JSON and JUnit the
# command writes, as CI consumers would.  clang and libclang-rt-dev
# (libFuzzer, the sanitizers) are for fuzz/ only: `make fuzz-smoke`.
# chromium opens the SVG flame graphs the command draws
# (cli/tests/flame-chromium.sh), as a reader's browser would.
# libsqlite3-dev: `hotgrind history` keeps its database with SQLite.
# rustc is Debian's Rust compiler: regtest/det_hashmap.sh builds a
# std HashMap program with it (/usr/bin/rustc, never a rustup one).
set -eu
PACKAGES="
  gcc g++ make autoconf automake pkg-config
  valgrind libxml2-dev libsqlite3-dev libxml2-utils check
  python3 python3-jsonschema python3-junitparser
  zlib1g-dev
  bzip2 xz-utils sqlite3
  chromium
  rustc
  clang libclang-rt-dev
"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "install-deps: installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $missing
fi
