#!/bin/sh
# The SVG flame graphs in a browser: headless Chromium opens each SVG of
# export --format=svg and diff --format=svg as it is (in an <iframe>), and
# a page reads every frame from the SVG's DOM and runs its search; then
# tests/flame_check.py compares all of it with the report, worked out on
# its own from the report's contexts: every stack wide enough is a frame
# with its self figure and width, nothing else is, the omitted line is
# right, hgSearch finds the frames and the share it should, and the
# differential graph colours each frame by the sign of its change.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  Needs chromium
# (tools/install-deps.sh installs it) and /usr/bin/python3; skipped (77)
# with a message when either is missing.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA/contexts
check=$(dirname "$0")/flame_check.py
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "SKIP: chromium is not installed (tools/install-deps.sh installs it)"
  exit 77
fi
[ -x /usr/bin/python3 ] || { echo "SKIP: no /usr/bin/python3"; exit 77; }

# The SVGs: Ir of contexts.xml (search strlen: main;work;strlen 96 and
# main;helper;strlen 24, 120 of 1,066; 'f.b' is a regular expression:
# fib, fib, fib; a click on work: work and strlen above it fill the
# width, main and all below it too, the rest hidden), names.xml at 200 pixels (init [prog] and init
# [libfoo.so]: 40 + 10 and 30 + 5), cycles of cache-heap.xml (malloc:
# main;malloc 40 and [truncated];malloc 80), and contexts.xml against
# contexts-head.xml; and a real report cut by the cap, fib-capped.xml
# (the searches' answers worked out by flame_check.py from the report).
run 0 export --format=svg -o "$scratch/contexts.svg" "$data/contexts.xml"
run 0 export --format=svg --width 200 -o "$scratch/names.svg" \
  "$data/names.xml"
run 0 export --format=svg --metric=cycles -o "$scratch/cache.svg" \
  "$data/cache-heap.xml"
run 0 diff --format=svg -o "$scratch/diff.svg" "$data/contexts.xml" \
  "$data/contexts-head.xml"
run 0 export --format=svg -o "$scratch/fib.svg" "$data/fib-capped.xml"
/usr/bin/python3 "$check" page "contexts.svg#search=strlen,f.b,nothing#zoom=work" \
  "names.svg#search=init" "cache.svg#search=malloc" diff.svg \
  "fib.svg#search=lookup,^fib$,truncated" \
  >"$scratch/page.html" || exit 99

# --dump-dom prints the page once its load event has run.
checks=$((checks + 1))
(cd "$scratch" && timeout 120 "$browser" --headless --no-sandbox \
   --disable-gpu --allow-file-access-from-files --enable-logging=stderr \
   --virtual-time-budget=10000 --dump-dom "file://$scratch/page.html" \
   >"$scratch/dump.html" 2>"$scratch/browser.log") ||
  fail "chromium failed: $(tail -3 "$scratch/browser.log")"
checks=$((checks + 1))
grep -E 'Uncaught|SyntaxError|TypeError|ReferenceError' "$scratch/browser.log" &&
  fail "a script failed in the browser"

# check WHAT ARGS...: flame_check.py ARGS passes.
check() {
  what=$1; shift
  checks=$((checks + 1))
  /usr/bin/python3 "$check" "$@" >"$scratch/check.out" 2>&1 ||
    { echo "FAIL: $what:"; sed 's/^/    /' "$scratch/check.out"
      failures=$((failures + 1)); }
}
check "contexts.svg" svg "$scratch/dump.html" 0 "$data/contexts.xml" Ir 1200 \
  strlen=2:120 f.b=3:300 nothing=0:0 zoom=work
check "names.svg" svg "$scratch/dump.html" 1 "$data/names.xml" Ir 200 \
  init=2:85
check "cache.svg" svg "$scratch/dump.html" 2 "$data/cache-heap.xml" cycles \
  1200 malloc=2:120
check "diff.svg" diff "$scratch/dump.html" 3 "$data/contexts.xml" \
  "$data/contexts-head.xml" Ir main\;work\;strlen main\;helper

check "fib.svg" svg "$scratch/dump.html" 4 "$data/fib-capped.xml" Ir 1200 \
  lookup=auto '^fib$=auto' truncated=auto

# The checks can fail: a report whose figures differ from the SVG's.
checks=$((checks + 1))
/usr/bin/python3 "$check" svg "$scratch/dump.html" 0 \
  "$data/contexts-head.xml" Ir 1200 >/dev/null 2>&1 &&
  fail "flame_check.py accepts contexts.svg as contexts-head.xml's graph"

finish
