#!/bin/sh
# Usage: tools/get-valgrind-source.sh [--version 3.19|3.24|3.27] DIR
# Puts Debian's source package of a Valgrind that patches/ has a series
# for into DIR/valgrind-<upstream version>, and prints that path:
#   3.19  1:3.19.0-1    bookworm (Debian 12)
#   3.24  1:3.24.0-3    trixie (Debian 13)
#   3.27  1:3.27.1-0.2  sid
# Without --version: the installed Valgrind's own (3.19.0-1 on Debian 12).
# Adds a deb-src entry for the suite (one .sources file per suite, in
# /etc/apt/sources.list.d/) if apt does not know that source version yet;
# deb-src entries only, so no binary package comes from another suite.
# Quick when DIR already holds it.  Run as root on Debian.
set -eu
usage="usage: $0 [--version 3.19|3.24|3.27] DIR"
want=
if test "${1:-}" = --version; then
   test $# -ge 2 || { echo "$usage" >&2; exit 2; }
   want=$2
   shift 2
fi
test $# -eq 1 || { echo "$usage" >&2; exit 2; }
dir=$1

if test -z "$want"; then
   version=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null) ||
      { echo "$0: the valgrind package is not installed (or name one: --version 3.19|3.24|3.27)" >&2; exit 1; }
   suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
   sources_file=/etc/apt/sources.list.d/hotgrind-deb-src.sources
else
   case "$want" in
      3.19) version=1:3.19.0-1 suite=bookworm ;;
      3.24) version=1:3.24.0-3 suite=trixie ;;
      3.27) version=1:3.27.1-0.2 suite=sid ;;
      *) echo "$0: no Valgrind $want here; supported: 3.19, 3.24, 3.27 (patches/README.md)" >&2
         exit 1 ;;
   esac
   sources_file=/etc/apt/sources.list.d/hotgrind-deb-src-$suite.sources
fi
upstream=$(echo "$version" | sed 's/^[0-9]*://; s/-[^-]*$//')
mkdir -p "$dir"
tree="$dir/valgrind-$upstream"
if ! test -f "$tree/VEX/priv/guest_arm64_toIR.c"; then
   if ! apt-cache showsrc valgrind 2>/dev/null | grep -qx "Version: $version"; then
      test -f "$sources_file" || cat >"$sources_file" <<EOS
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
      apt-get update -q >&2
   fi
   command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >&2
   (cd "$dir" && apt-get source -q "valgrind=$version" >&2) ||
      { echo "$0: apt-get source valgrind=$version failed (is $version still in Debian $suite?)" >&2; exit 1; }
fi
echo "$tree"
