#!/bin/sh
# check-dist-contents.sh TARBALL SRCDIR: every file git tracks in SRCDIR
# is in TARBALL (make dist's), but for the files listed below that only
# a checkout needs.  ./test.sh runs it before the distcheck, which runs
# only the quick tests in the unpacked tarball: a test data file, a
# script or a page missing from the tarball fails here instead.
# Exits 0 when nothing is missing, 1 naming each missing file, 2 when it
# cannot tell (no git checkout, unreadable tarball).
# GPL-2.0-or-later; part of hotgrind.
set -eu
if [ $# -ne 2 ]; then
  echo "usage: check-dist-contents.sh TARBALL SRCDIR" >&2
  exit 2
fi
tarball=$1
srcdir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! git -C "$srcdir" ls-files > "$tmp/tracked"; then
  echo "check-dist-contents.sh: $srcdir: not a git checkout" >&2
  exit 2
fi
# The tarball's files without their top folder (hotgrind-VERSION/).
if ! tar tzf "$tarball" > "$tmp/listing"; then
  echo "check-dist-contents.sh: $tarball: cannot list it" >&2
  exit 2
fi
sed -n 's|^[^/]*/||p' "$tmp/listing" | grep -v '/$' | sort -u > "$tmp/shipped"
if [ ! -s "$tmp/shipped" ]; then
  echo "check-dist-contents.sh: $tarball: holds no files" >&2
  exit 2
fi
# Only a checkout needs these: git's ignore lists.
grep -v -e '^\.gitignore$' -e '/\.gitignore$' "$tmp/tracked" | sort -u > "$tmp/needed"
comm -23 "$tmp/needed" "$tmp/shipped" > "$tmp/missing"
if [ -s "$tmp/missing" ]; then
  echo "check-dist-contents.sh: $(wc -l < "$tmp/missing") tracked files are not in $tarball:" >&2
  cat "$tmp/missing" >&2
  exit 1
fi
echo "check-dist-contents.sh: all $(wc -l < "$tmp/needed") tracked files are in $tarball"
