#!/bin/sh
# Usage: tools/install-deb.sh [--stock]
# Installs the patched Valgrind (--det-sched=yes, hotgrind in the
# package) over the system's: tools/build-deb.sh builds the Debian
# package or takes it from its cache, then apt installs valgrind_*.deb,
# and valgrind-dbg / valgrind-mpi of the same build when the stock ones
# are installed (they require the same version).  Run as root; setup.sh
# --det-sched and the CI recipes' DET_SCHED switch call it.
# --stock goes back to the distribution's valgrind (and those two), the
# newest version apt's sources have without +hotgrind.  The package owns
# /usr/libexec/valgrind/hotgrind-*, so going back removes the tool:
# `make install` of hotgrind's build puts it back.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
export DEBIAN_FRONTEND=noninteractive
# The companions installed now (valgrind itself always).
others=
for p in valgrind-dbg valgrind-mpi; do
   if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      others="$others $p"
   fi
done
if test "${1:-}" = --stock; then
   # Binary packages only: madison lists the deb-src entries'
   # versions too (get-valgrind-source.sh adds trixie's and sid's).
   stock=$(apt-cache madison valgrind |
           awk -F'|' '$3 ~ / Packages *$/ { gsub(/ /, "", $2); print $2 }' |
           grep -v '+hotgrind' | head -n 1)
   test -n "$stock" || { echo "$0: apt's sources have no stock valgrind" >&2; exit 1; }
   set -- "valgrind=$stock"
   for p in $others; do set -- "$@" "$p=$stock"; done
   apt-get install -y -q --reinstall --allow-downgrades --no-install-recommends "$@"
   echo "valgrind $stock (the distribution's) installed; hotgrind's tool went with the patched package: make install puts it back"
   exit 0
fi
test $# -eq 0 || { echo "usage: $0 [--stock]" >&2; exit 2; }
dir=$("$here/tools/build-deb.sh")
set -- "$dir"/valgrind_*.deb
for p in $others; do set -- "$@" "$dir/${p}_"*.deb; done
# --reinstall: a package built again from changed sources keeps its
# version, and apt would call it installed already.
apt-get install -y -q --reinstall --no-install-recommends "$@"
valgrind -q --tool=none --det-sched=yes true
echo "$(dpkg-query -W -f='valgrind ${Version}' valgrind) installed: valgrind --tool=hotgrind --det-sched=yes works"
