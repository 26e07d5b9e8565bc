#!/bin/sh
# One command on a fresh Debian 12 machine, as root: install what hotgrind
# needs, build and install it, and run it on the bundled example benchmark.
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
