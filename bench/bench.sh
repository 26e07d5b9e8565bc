#!/bin/sh
# hotgrind bench, the short form: bench/run.sh with the configurations
# this script used to time.  GPL-2.0-or-later
#
# Usage: bench/bench.sh [-r RUNS] [-s MB] [-c] [VG_IN_PLACE]
#
# bzip2, xz and sqlite3 natively, under --tool=none, Cachegrind
# --cache-sim=no, Callgrind and hotgrind (Ir only, and with a --mark);
# with -c the cache simulations instead (Cachegrind, Callgrind and
# hotgrind with --cache-sim=yes, the same geometry).  Medians of RUNS
# (3) interleaved runs on MB (8) megabytes of text.  bench/run.sh is the
# whole benchmark (python3, a multithreaded xz, DHAT, every hotgrind mode,
# peak memory): see docs/performance.md.

set -eu

runs=3
mb=8
configs=none,cg,clg,hg-ir,hg-mark
usage="usage: $0 [-r RUNS] [-s MB] [-c] [VG_IN_PLACE]"
. "$(dirname "$0")/lib.sh"
bench_opts "r:runs s:mb c=configs=none,cg-sim,clg-sim,hg-cache" "$@"
shift "$opts_shift"

exec "$here/run.sh" -r "$runs" -s "$mb" -w bzip2,xz,sqlite3 \
   -c "$configs" "$@"
