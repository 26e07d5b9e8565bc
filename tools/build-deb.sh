#!/bin/sh
# Usage: tools/build-deb.sh [--version 3.19|3.24|3.27] [--cached-only | --key]
# Builds Debian's own valgrind source package with hotgrind's patch
# series as a new Debian revision (1:3.19.0-1 becomes
# 1:3.19.0-1+hotgrind1), and prints the folder that holds the binary
# packages (valgrind_*.deb, valgrind-dbg_*.deb, valgrind-mpi_*.deb).
# Installed with `apt install ./valgrind_*.deb` it replaces the stock
# package: every stock tool, plus hotgrind, and --det-sched=yes in the
# core (docs/threads.md, "The patched Valgrind as a Debian package").
#
# What changes against Debian's source package, as quilt patches at the
# end of debian/patches/series (dpkg-buildpackage applies them):
#   hotgrind-0001..0004  patches/*.patch and patches/0003-det-sched/V.patch,
#                        unchanged (patches/README.md)
#   hotgrind-tool-sources.patch  hotgrind/'s sources, added as hotgrind/
#                        (what tools/build-in-tree.sh copies in)
# plus a changelog entry, HOTGRIND_VERSION on dh_auto_build's make line
# (the tool's version string, as build-in-tree.sh passes it) and a
# paragraph in debian/copyright saying what the patches change.
#
# Without --version: the installed valgrind's release (3.19 on Debian 12).
# The packages are kept in the cache of built releases
# (${HOTGRIND_BUILD_CACHE:-/var/cache/hotgrind}, as tools/cached-in-tree.sh):
#
#   valgrind-deb-VERSION-ARCH-KEY/   *.deb, build.log, complete
#
# KEY hashes the release, the architecture, the patches, hotgrind/'s
# sources and configure.ac's version, tools/get-valgrind-source.sh and
# the part of this script that builds (from "The build" on; its options
# do not change a package): a change to any of them builds afresh (older entries of the release and
# architecture are removed); otherwise the folder is printed at once.
# --cached-only prints it only when it is there, and exits 3 otherwise.
# --key prints the entry's name only (valgrind-deb-3.19-amd64-KEY), for
# a CI cache's key (ci/github-actions*.yml, docs/ci.md).
# A cold build installs the build dependencies (apt-get build-dep, as
# root) and takes about 10 minutes of CPU (28 minutes of wall time on 2
# loaded cores here; docs/threads.md).  It runs
# under nice; DEB_BUILD_OPTIONS defaults to "nocheck parallel=NPROC".
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: $0 [--version 3.19|3.24|3.27] [--cached-only | --key]"
version=
mode=build
while test $# -gt 0; do
   case $1 in
      --version) test $# -ge 2 || { echo "$usage" >&2; exit 2; }
                 version=$2; shift 2 ;;
      --cached-only|--key) mode=$1; shift ;;
      *) echo "$usage" >&2; exit 2 ;;
   esac
done
if test -z "$version"; then
   version=$(dpkg-query -W -f='${Version}' valgrind 2>/dev/null |
             sed -n 's/^[0-9]*:\([0-9]*\.[0-9]*\)\..*/\1/p')
   test -n "$version" ||
      { echo "$0: the valgrind package is not installed; name a release (--version 3.19|3.24|3.27)" >&2; exit 1; }
fi
test -f "$here/patches/0003-det-sched/$version.patch" ||
   { echo "$0: patches/ has no series for Valgrind $version (patches/README.md)" >&2; exit 1; }
arch=$(dpkg --print-architecture)
hg_version=$(sed -n 's/^AC_INIT(\[hotgrind\], \[\([^]]*\)\].*/\1/p' "$here/configure.ac")

# The 32-bit x86 platform of an amd64 package (Debian's has its
# *-x86-linux tools) needs gcc-multilib and libc6-dev-i386, and Debian
# 12's gcc-multilib conflicts with every cross compiler (gcc-12-TRIPLE:
# tools/setup-arm64.sh installs gcc-12-aarch64-linux-gnu), so installing
# it would remove them.  Where one is installed (and gcc-multilib is
# not), the package is built without that platform (--enable-only64bit,
# as Debian's arm64 package is); which way is part of KEY, and the
# entry's file "platforms" names what the package has.
x86=no
if test "$arch" = amd64; then
   installed() {
      dpkg-query -W -f='${Status}\n' "$@" 2>/dev/null | grep -q 'install ok installed'
   }
   if installed gcc-multilib || ! installed 'gcc-[0-9]*-*-linux-gnu*'; then
      x86=yes
   fi
fi

root=${HOTGRIND_BUILD_CACHE:-/var/cache/hotgrind}
test "$root" != off || root=$here/build-test/valgrind-cache
# The tool's sources are part of the key here (unlike the in-tree cache,
# which rebuilds them in its tree): a package is built once, whole.
key=$( {
   echo "deb release $version arch $arch x86 $x86 hotgrind $hg_version"
   cat "$here"/patches/*.patch "$here/patches/0003-det-sched/$version.patch" \
       "$here"/hotgrind/*.c "$here"/hotgrind/*.h "$here/hotgrind/sources.am" \
       "$here/tools/get-valgrind-source.sh"
   sed -n '/^# The build: /,$p' "$here/tools/build-deb.sh"
} | sha256sum | cut -c1-16)
name=valgrind-deb-$version-$arch
entry=$root/$name-$key
if test "$mode" = --key; then
   echo "$name-$key"
   exit 0
fi

if test -f "$entry/complete"; then
   echo "$entry"
   exit 0
fi
test "$mode" = build || exit 3

# The build: everything from here on is part of KEY.
mkdir -p "$root"
exec 9>"$root/$name.lock"
flock 9
# Another run may have built it while this one waited.
if test -f "$entry/complete"; then
   echo "$entry"
   exit 0
fi
rm -rf "$root/$name"-*/
mkdir -p "$entry/work"
log=$entry/build.log
# Everything below goes to the log; the last lines say what failed.
trap 'st=$?; if test $st -ne 0; then tail -n 40 "$log" >&2;
      echo "$0: the build failed (log: $log)" >&2; fi' EXIT
{
   src=$("$here/tools/get-valgrind-source.sh" --version "$version" "$entry/work")
   cd "$src"
   # The series: hotgrind's patches after Debian's, named so that a
   # look at debian/patches/ tells them apart.
   for p in "$here"/patches/*.patch "$here/patches/0003-det-sched/$version.patch"; do
      case $p in
         */0003-det-sched/*) n=hotgrind-0003-det-sched-$version.patch ;;
         *) n=hotgrind-$(basename "$p") ;;
      esac
      cp "$p" "debian/patches/$n"
      echo "$n"
   done | sort >>debian/patches/series
   # hotgrind/'s sources as one patch that adds them.
   mkdir -p "$entry/work/empty/hotgrind" "$entry/work/tool/hotgrind"
   cp "$here"/hotgrind/*.c "$here"/hotgrind/*.h "$here/hotgrind/sources.am" \
      "$entry/work/tool/hotgrind/"
   {
      printf '%s\n' \
         "Description: hotgrind's tool sources, as hotgrind/ (version $hg_version)" \
         " The files of hotgrind's hotgrind/ folder; hotgrind-0002-in-tree-hotgrind.patch" \
         " adds the Makefile that builds them as one of Valgrind's tools." \
         "Forwarded: not-needed" ""
      # diff exits 1 when the trees differ, as they do.
      (cd "$entry/work" && diff -Nru empty/hotgrind tool/hotgrind) |
         sed 's|^--- empty/\([^\t]*\).*|--- a/\1|; s|^+++ tool/\([^\t]*\).*|+++ b/\1|; /^diff -Nru /d'
   } >debian/patches/hotgrind-tool-sources.patch
   echo hotgrind-tool-sources.patch >>debian/patches/series
   if test "$x86" = no && test "$arch" = amd64; then
      # No x86 platform (above): nor its build dependencies, whose
      # installation would remove the arm64 cross compilers.
      sed -i 's/^\(\tdh_auto_configure -- --enable-tls\) /\1 --enable-only64bit /' debian/rules
      grep -q -- '--enable-only64bit' debian/rules
      sed -i '/^ *gcc-multilib \[amd64\],$/d; /^ *libc6-dev-i386 \[amd64\],$/d
              s/ gcc-multilib \[amd64\],//; s/ libc6-dev-i386 \[amd64\],//' debian/control
      ! grep -q 'gcc-multilib' debian/control
   fi
   # The version string the tool reports (HT_VERSION).
   sed -i "s/^\(\tdh_auto_build\)\$/\1 -- HOTGRIND_VERSION=$hg_version/" debian/rules
   grep -q "HOTGRIND_VERSION=$hg_version" debian/rules
   deb_version=$(dpkg-parsechangelog -S Version)
   new_version=$deb_version+hotgrind1
   suite=$(dpkg-parsechangelog -S Distribution)
   {
      echo "valgrind ($new_version) $suite; urgency=medium"
      echo
      echo "  * hotgrind's patch series (hotgrind $hg_version), as quilt patches"
      echo "    hotgrind-*.patch after Debian's:"
      echo "    - arm64: VEX marks only bl as a call, not a plain b (0001)."
      echo "    - hotgrind built as one of Valgrind's tools (0002, tool-sources)."
      echo "    - --det-sched=yes: deterministic thread scheduling and virtual"
      echo "      time in the core, for every tool; nothing changes without it"
      echo "      (0003-det-sched)."
      echo "    - Callgrind ends frames that a call leaves with SP unchanged"
      echo "      (arm64 only; 0004)."
      echo
      echo " -- hotgrind build <root@localhost>  $(date -R)"
      echo
      cat debian/changelog
   } >debian/changelog.new
   mv debian/changelog.new debian/changelog
   cat >>debian/copyright <<EOC

Files: hotgrind/*
 debian/patches/hotgrind-*
Copyright: the hotgrind authors
License: GPL-2.0+
Comment: Added by hotgrind's package build (tools/build-deb.sh), not by
 Debian.  The patches debian/patches/hotgrind-*.patch change Valgrind:
 VEX's arm64 front end marks only bl as a call, not a plain b
 (VEX/priv/guest_arm64_toIR.c); a new tool, hotgrind (hotgrind/, wired
 into Makefile.am and configure.ac); a core option --det-sched=yes,
 deterministic thread scheduling with virtual time
 (coregrind/m_scheduler/sched-det.c and hooks in the scheduler, system
 call wrappers, m_translate.c, m_main.c and m_options.c); and Callgrind's
 frame handling when a call leaves SP unchanged (callgrind/bbcc.c).
 Without --det-sched=yes the stock tools behave as Debian's package.
EOC
   apt-get build-dep -y -q --no-install-recommends "$src"
   # Not nodoc: debian/rules builds the documentation either way (the
   # release's prebuilt FAQ, manual and man pages), and nodoc would only
   # keep dh_installdocs from shipping README, AUTHORS, FAQ.txt,
   # README_MISSING_SYSCALL_OR_IOCTL and the doc-base entry.
   nice -n 10 env DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-nocheck parallel=$(nproc)}" \
      dpkg-buildpackage -b -uc -us
   mv "$entry"/work/*.deb "$entry/"
} >"$log" 2>&1
case $arch/$x86 in
   amd64/yes) echo "amd64-linux x86-linux" ;;
   amd64/no) echo "amd64-linux" ;;
   *) echo "$arch-linux" ;;
esac >"$entry/platforms"
cd "$entry"
rm -rf "$entry/work"
touch "$entry/complete"
echo "$entry"
