#!/bin/sh
# Usage: tools/get-valgrind-source.sh DIR
# Puts Debian's source package of the installed Valgrind (the version
# patches/ is written against) into DIR/valgrind-<upstream version>, and
# prints that path.  Adds a deb-src entry for Debian's archive if apt has
# none.  Quick when DIR already holds it.  Run as root on Debian.
set -eu
dir=${1:?usage: $0 DIR}
version=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null) ||
   { echo "$0: the valgrind package is not installed" >&2; exit 1; }
upstream=$(echo "$version" | sed 's/^[0-9]*://; s/-[^-]*$//')
mkdir -p "$dir"
tree="$dir/valgrind-$upstream"
if ! test -f "$tree/VEX/priv/guest_arm64_toIR.c"; then
   if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
      cat >/etc/apt/sources.list.d/hotgrind-deb-src.sources <<EOS
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
      apt-get update -q >&2
   fi
   command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >&2
   (cd "$dir" && apt-get source -q "valgrind=$version" >&2)
fi
echo "$tree"
