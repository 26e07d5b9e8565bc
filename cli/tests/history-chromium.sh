#!/bin/sh
# history html's pages in a browser: headless Chromium, driven through
# its DevTools protocol by tests/history_html_check.py, loads the index,
# every benchmark's page, commit pages and function pages of a generated
# history from file://, once each page's script has run; every plotted
# point's value read from the DOM equals the database's (read with the
# sqlite3 command); pointing at a change of a total shows the tooltip
# with its commit, value and the functions that moved, leaving hides it;
# a click opens that commit's page; no request leaves file:// and no
# script fails.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  Needs chromium
# (tools/install-deps.sh installs it), sqlite3 and /usr/bin/python3;
# skipped (77) with a message when one is missing.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
PYTHON=${PYTHON:-/usr/bin/python3}
check=$(dirname "$0")/history_html_check.py
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (tools/install-deps.sh installs it)"
  exit 77
fi
[ -x "$PYTHON" ] || { echo "SKIP: no $PYTHON"; exit 77; }
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 command"; exit 77; }
db=$scratch/history.db

# The history of tests/history_gen.py, and arm64 runs of alpha at main-29
# to main-32 (f05 doubled): two series in alpha's charts.
"$PYTHON" "$(dirname "$0")/history_gen.py" "$scratch/gen" ||
  { echo "FAIL: history_gen.py"; exit 1; }
checks=$((checks + 1))
"$PYTHON" "$check" record "$HOTGRIND" "$db" "$scratch/gen" 29 32 \
  >"$out" 2>"$err" || fail "recording the history"
run 0 history html --db "$db" -o "$scratch/site"

checks=$((checks + 1))
timeout 300 "$PYTHON" "$check" browser "$db" "$scratch/site" "$browser" \
  >"$scratch/check.out" 2>&1 ||
  { echo "FAIL: the pages in Chromium:"; sed 's/^/    /' "$scratch/check.out"
    [ -f "$scratch/browser.log" ] && tail -5 "$scratch/browser.log" |
      sed 's/^/    browser: /'
    failures=$((failures + 1)); }

# The check can fail: a page whose point has another value.
checks=$((checks + 1))
page=$(grep -l 'data-kind="total"' "$scratch/site/benchmarks/"*.html | head -1)
sed 's/data-value="\([0-9]*\)"/data-value="\17"/' "$page" >"$scratch/p" &&
  mv "$scratch/p" "$page"
timeout 300 "$PYTHON" "$check" browser "$db" "$scratch/site" "$browser" \
  >/dev/null 2>&1 && fail "history_html_check.py accepts a changed value"

finish
