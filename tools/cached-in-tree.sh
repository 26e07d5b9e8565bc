#!/bin/sh
# Usage: tools/cached-in-tree.sh VERSION TOOLS [TRIPLE]
# Prints the source tree of Valgrind VERSION (3.19, 3.24 or 3.27) built
# in tree by tools/build-in-tree.sh with TOOLS ("none hotgrind ..."),
# cross-built for TRIPLE if given, with hotgrind built from this
# checkout's hotgrind/.  The tree comes from a cache outside the
# checkout, so a second ./test.sh on the same machine does not download
# and build the release again (about 3 to 5 minutes each here):
#
#   ${HOTGRIND_BUILD_CACHE:-/var/cache/hotgrind}/valgrind-VERSION[-TRIPLE]-KEY/
#
# KEY is a hash of what the build depends on apart from hotgrind/: the
# release, TOOLS, TRIPLE, patches/*.patch, the release's
# patches/0003-det-sched/VERSION.patch, and the two scripts that fetch
# and build it.  A change to any of them misses the cache and builds
# afresh (older builds of the same release and triple are removed).
# hotgrind's own sources are copied into a cached tree on every call,
# only those that differ (so make rebuilds only them), and its tool
# rebuilt.  A build that fails leaves nothing in the cache.  Runs that
# share the cache wait for each other (flock), per release and triple;
# fetches of sources wait for each other whatever the release.  HOTGRIND_BUILD_CACHE=
# off builds under build-test/ in the checkout instead, as before.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: $0 VERSION TOOLS [TRIPLE]"
version=${1:?$usage}
tools=${2:?$usage}
triple=${3:-}
root=${HOTGRIND_BUILD_CACHE:-/var/cache/hotgrind}
if test "$root" = off; then
   root=$here/build-test/valgrind-cache
fi
mkdir -p "$root"

key=$( {
   echo "release $version tools $tools triple $triple"
   cat "$here"/patches/*.patch "$here/patches/0003-det-sched/$version.patch" \
       "$here/tools/build-in-tree.sh" "$here/tools/get-valgrind-source.sh"
} | sha256sum | cut -c1-16)
name=valgrind-$version${triple:+-$triple}
entry=$root/$name-$key

exec 9>"$root/$name.lock"
flock 9

if ! test -f "$entry/complete"; then
   # The entries of this release and triple only: KEY is 16 characters,
   # so valgrind-3.19's glob leaves valgrind-3.19-aarch64-linux-gnu-KEY be.
   rm -rf "$root/$name"-????????????????/ "$entry"
   mkdir -p "$entry/download"
   # One fetch at a time across releases (test.sh builds two at once):
   # apt-get update, which a fetch may run, takes apt's lists lock and
   # fails, not waits, when another holds it.
   src=$(flock "$root/fetch.lock" \
         "$here/tools/get-valgrind-source.sh" --version "$version" "$entry/download")
   mv "$src" "$entry/tree"
   rm -rf "$entry/download"
   if test -n "$triple"; then
      "$here/tools/build-in-tree.sh" "$entry/tree" --tools "$tools" --host "$triple" >&2
   else
      "$here/tools/build-in-tree.sh" "$entry/tree" --tools "$tools" >&2
   fi
   sed -n 's/^AC_INIT(\[hotgrind\], \[\([^]]*\)\].*/\1/p' "$here/configure.ac" \
      >"$entry/hotgrind-version"
   touch "$entry/complete"
   echo "cached-in-tree: built $name into the cache ($entry)" >&2
else
   # hotgrind from this checkout: copy what differs, rebuild the tool.
   changed=0
   for f in "$here"/hotgrind/*.c "$here"/hotgrind/*.h "$here"/hotgrind/sources.am; do
      to=$entry/tree/hotgrind/$(basename "$f")
      if ! cmp -s "$f" "$to"; then
         cp "$f" "$to"
         changed=$((changed + 1))
      fi
   done
   # Valgrind's configure has AM_MAINTAINER_MODE, so its Makefiles do
   # not remake themselves: a new source list (a file added or split)
   # needs hotgrind/Makefile.in and Makefile made again, with the new
   # objects' dependency files (also after a run that copied the list in
   # and then failed).
   if test "$entry/tree/hotgrind/sources.am" -nt \
           "$entry/tree/hotgrind/Makefile.in"; then
      (cd "$entry/tree" && automake --foreign hotgrind/Makefile &&
       ./config.status hotgrind/Makefile depfiles) >&2
   fi
   hg_version=$(sed -n 's/^AC_INIT(\[hotgrind\], \[\([^]]*\)\].*/\1/p' "$here/configure.ac")
   # The version is compiled in from make's command line, which make
   # does not track: another one rebuilds every object.
   if test "$(cat "$entry/hotgrind-version" 2>/dev/null)" != "$hg_version"; then
      rm -f "$entry"/tree/hotgrind/*.o
      echo "$hg_version" >"$entry/hotgrind-version"
   fi
   make -C "$entry/tree/hotgrind" -j"$(nproc)" HOTGRIND_VERSION="$hg_version" >&2
   make -C "$entry/tree" all-local >&2
   echo "cached-in-tree: $name from the cache ($entry), hotgrind rebuilt ($changed files changed)" >&2
fi
echo "$entry/tree"
