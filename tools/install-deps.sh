#!/bin/sh
# Installs the Debian packages hotgrind needs to build, run and test.
# Run as root on Debian 12 (bookworm); CI machines start clean, so the
# setup and test commands call this first.  clang and libclang-rt-dev
# (libFuzzer, the sanitizers) are for fuzz/ only: `make fuzz-smoke`.
set -eu
PACKAGES="
  gcc g++ make autoconf automake pkg-config
  valgrind libxml2-dev libxml2-utils check
  python3
  bzip2 xz-utils sqlite3
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
