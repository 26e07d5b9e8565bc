#!/bin/sh
# How the reports of this folder were made (not run by the tests): the
# program count.c built with a number of calls to tick() each, run under
# hotgrind with tick marked, so that each report's calls of tick are the
# TICKS it was built with.  Run from the top of a built tree:
#   sh cli/tests/data/suite-gate/make-reports.sh
# GPL-2.0-or-later; part of hotgrind.
set -eu
here=cli/tests/data/suite-gate
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for pair in alpha-base:100 alpha-head:150 beta:200 gamma:50 delta-base:80; do
  name=${pair%%:*} ticks=${pair#*:}
  cc -O1 -g -DTICKS="$ticks" -o "$tmp/count" "$here/count.c"
  build/vg-in-place --tool=hotgrind --mark=tick \
    --hotgrind-out-file="$here/$name.xml" "$tmp/count"
done
