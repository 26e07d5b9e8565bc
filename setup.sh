#!/bin/sh
# One command on a fresh Debian 12 machine, as root: install what hotgrind
# needs, build and install it, and run it on the bundled example benchmark
# and on the example suite of three (docs/suite.md).
set -eu
cd "$(dirname "$0")"
top=$(pwd)
./tools/install-deps.sh
./autogen.sh
mkdir -p build
cd build
"$top/configure" --prefix=/usr
make -j"$(nproc)"
make install
echo
echo "== valgrind --tool=hotgrind on example/wordbench =="
cd "$top/build"
valgrind --tool=hotgrind --hotgrind-out-file=wordbench.xml ./example/wordbench 20000
hotgrind validate wordbench.xml
hotgrind show --limit 15 wordbench.xml
echo
echo "== hotgrind suite run example/suite.xml (three benchmarks) =="
# The example's programs are built here, in example/; the suite file
# names them without a '/', so they are looked for in PATH.  --force:
# setup.sh may run again over the run of a previous time.
PATH="$top/build/example:$PATH" \
  hotgrind suite run --force "$top/example/suite.xml" -o example-suite
cat example-suite/manifest.xml
