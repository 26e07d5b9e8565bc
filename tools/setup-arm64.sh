#!/bin/sh
# setup-arm64.sh DIR -- everything needed to cross-build hotgrind for arm64
# and run it under qemu on an amd64 Debian 12 (bookworm) machine, as root:
#
#   - installs gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu, qemu-user-static;
#   - adds the arm64 dpkg architecture (Debian's mirrors carry arm64, so no
#     extra apt source is needed) -- only so that `apt-get download` can fetch
#     arm64 .debs; nothing arm64 is installed into the system;
#   - unpacks Debian's valgrind:arm64 (the same version as the installed amd64
#     valgrind), libc6:arm64, libc6-dbg:arm64, libgcc-s1:arm64 and
#     libstdc++6:arm64 into DIR
#     with dpkg-deb -x, giving an arm64 root for QEMU_LD_PREFIX and the arm64
#     Valgrind to build against:
#         DIR/usr/include/valgrind/pub_tool_*.h
#         DIR/usr/lib/aarch64-linux-gnu/valgrind/libcoregrind-arm64-linux.a
#         DIR/usr/lib/aarch64-linux-gnu/pkgconfig/valgrind.pc
#         DIR/usr/libexec/valgrind/{cachegrind,callgrind,...}-arm64-linux
#         DIR/usr/bin/valgrind.bin            (the launcher itself)
#
# Then:  configure --host=aarch64-linux-gnu --with-valgrind=DIR
# See docs/arm64.md.  Idempotent: a second run with nothing to do only checks
# (no apt-get at all).  GPL-2.0-or-later; part of hotgrind.
set -eu

if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: $0 DIR   (DIR receives the unpacked arm64 Valgrind and libc)" >&2
  exit 2
fi
mkdir -p "$1"
DIR=$(cd "$1" && pwd)

HOST_PACKAGES="gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user-static"
# Versions follow the installed amd64 packages where apt has the same version
# for arm64 (so both architectures run the same Valgrind and the same glibc).
# libc6-dbg, which valgrind depends on, gives ld.so and libc their function
# names (and Memcheck the ld.so strlen it must redirect); it must be libc6's
# exact version.
ARM64_PACKAGES="valgrind libc6 libc6-dbg libgcc-s1 libstdc++6"
STAMP="$DIR/.hotgrind-arm64-setup"

say() { echo "setup-arm64: $*"; }

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# Version of amd64 package $1 installed here, or empty.
amd64_version() {
  dpkg-query -W -f='${Version}' "$1:amd64" 2>/dev/null || true
}

# The wanted arm64 versions, one "pkg=version" per package where the amd64
# package is installed, else the bare name (apt's candidate).  Printed as the
# stamp contents, so a version change re-runs the unpacking.
wanted() {
  for p in $ARM64_PACKAGES; do
    if [ "$p" = libc6-dbg ]; then v=$(amd64_version libc6); else v=$(amd64_version "$p"); fi
    if [ -n "$v" ]; then echo "$p=$v"; else echo "$p"; fi
  done
}

# --- quick path ------------------------------------------------------------
missing=""
for p in $HOST_PACKAGES; do
  installed "$p" || missing="$missing $p"
done
if [ -z "$missing" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(wanted)" ] \
   && [ -x "$DIR/usr/bin/valgrind.bin" ]; then
  say "up to date in $DIR ($(tr '\n' ' ' < "$STAMP"))"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-arm64: must run as root (apt-get, dpkg --add-architecture)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive

# --- arm64 architecture, then one apt-get update -----------------------------
need_update=no
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  say "adding the arm64 architecture (dpkg --add-architecture arm64)"
  dpkg --add-architecture arm64
  need_update=yes
fi
# Lists that already know valgrind:arm64 will do for downloading; host
# packages to install get fresh lists.
if [ -n "$missing" ] || ! apt-cache show valgrind:arm64 >/dev/null 2>&1; then
  need_update=yes
fi
if [ "$need_update" = yes ]; then
  say "apt-get update"
  apt-get update -q
fi
if ! apt-cache show valgrind:arm64 >/dev/null 2>&1; then
  echo "setup-arm64: apt has no valgrind:arm64 after apt-get update." >&2
  echo "  An apt source restricted to other architectures (Architectures: in" >&2
  echo "  /etc/apt/sources.list.d/*.sources, [arch=...] in sources.list) must" >&2
  echo "  also allow arm64, e.g. a deb.debian.org bookworm entry without it." >&2
  exit 1
fi

# --- host tools ------------------------------------------------------------
if [ -n "$missing" ]; then
  say "installing:$missing"
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 $missing
fi

# --- arm64 packages, unpacked into DIR ---------------------------------------
debs="$DIR/.debs"
mkdir -p "$debs"
# apt downloads as its sandbox user when it can write there.
if id _apt >/dev/null 2>&1; then chown _apt "$debs"; fi
specs=""
for spec in $(wanted); do
  p=${spec%%=*}
  if [ "$spec" != "$p" ]; then
    v=${spec#*=}
    # The same version for arm64 if apt has it, else apt's candidate.
    if apt-cache madison "$p:arm64" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' \
         | grep -qxF "$v"; then
      specs="$specs $p:arm64=$v"
    else
      say "warning: $p:arm64 $v is not in apt's lists; using apt's candidate"
      specs="$specs $p:arm64"
    fi
  else
    specs="$specs $p:arm64"
  fi
done
say "downloading:$specs"
rm -f "$debs"/*.deb
# shellcheck disable=SC2086
(cd "$debs" && apt-get download -q $specs)

for deb in "$debs"/*.deb; do
  say "unpacking $(basename "$deb")"
  dpkg-deb -x "$deb" "$DIR"
done
rm -rf "$debs"

# Debian's bookworm libc6 ships the dynamic loader under /usr/lib/ld-linux-*
# with /lib/ld-linux-aarch64.so.1 the ELF interpreter; /lib is a symlink to
# usr/lib on a merged-/usr system but the .deb holds /lib itself -- nothing
# to fix for qemu (QEMU_LD_PREFIX=DIR looks up DIR/lib/ld-linux-aarch64.so.1),
# but check so that a broken layout fails here, not in a test.
for f in \
  "$DIR/lib/ld-linux-aarch64.so.1" \
  "$DIR/usr/bin/valgrind.bin" \
  "$DIR/usr/include/valgrind/pub_tool_basics.h" \
  "$DIR/usr/lib/aarch64-linux-gnu/valgrind/libcoregrind-arm64-linux.a" \
  "$DIR/usr/lib/aarch64-linux-gnu/pkgconfig/valgrind.pc" \
  "$DIR/usr/libexec/valgrind/vgpreload_core-arm64-linux.so" \
  "$DIR/usr/libexec/valgrind/cachegrind-arm64-linux"
do
  if [ ! -e "$f" ]; then
    echo "setup-arm64: $f is missing after unpacking" >&2
    exit 1
  fi
done

wanted > "$STAMP"
say "done: $DIR ($(tr '\n' ' ' < "$STAMP"))"
say "cross-build with: configure --host=aarch64-linux-gnu --with-valgrind=$DIR"
