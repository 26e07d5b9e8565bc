#!/bin/sh
# One command on a fresh Debian 12 machine, as root: install what hotgrind
# needs, build and install it, and run it on the bundled example benchmark
# and on the example suite of three (docs/suite.md).
#   ./setup.sh --det-sched   also installs the patched Valgrind, the Debian
#                            package tools/build-deb.sh makes (built the
#                            first time, about 10 minutes of CPU; from
#                            its cache after that), so that
#                            `valgrind --tool=hotgrind --det-sched=yes`
#                            gives the same report on every run of a
#                            multithreaded program (docs/threads.md)
set -eu
cd "$(dirname "$0")"
top=$(pwd)
det_sched=no
case ${1:-} in
  --det-sched) det_sched=yes ;;
  '') ;;
  *) echo "usage: $0 [--det-sched]" >&2; exit 2 ;;
esac
./tools/install-deps.sh
./autogen.sh
mkdir -p build
cd build
"$top/configure" --prefix=/usr
make -j"$(nproc)"
make install
# After make install: the package's hotgrind (built in Valgrind's tree
# with the same sources) then replaces the one just installed.
if [ "$det_sched" = yes ]; then
  "$top/tools/install-deb.sh"
fi
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
if [ "$det_sched" = yes ]; then
  echo
  echo "== three runs of a two-thread program under --det-sched=yes =="
  cc -O2 -g -pthread -o prodcons "$top/bench/prodcons.c"
  for i in 1 2 3; do
    valgrind -q --tool=hotgrind --det-sched=yes --hotgrind-out-file=prodcons.$i.xml \
      ./prodcons 20000 16 20
  done
  cmp prodcons.1.xml prodcons.2.xml && cmp prodcons.1.xml prodcons.3.xml
  echo "the three reports are identical:"
  hotgrind show --limit 5 prodcons.1.xml
fi
