#!/bin/sh
# hotgrind history html: the site of a generated history (tests/
# history_gen.py's 36 commits, arm64 copies of alpha's last 12 runs with
# f05 doubled, a benchmark of hostile names) checked page by page by
# tests/history_html_check.py against the database read with the sqlite3
# command: every plotted point's value, the changes drawn, every change
# list and commit page, the arm64/amd64 ratios, every link to a written
# page, nothing loaded from outside; the same database gives the same
# site byte for byte; names escaped and valid UTF-8; bad options refused.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
PYTHON=${PYTHON:-/usr/bin/python3}
command -v sqlite3 >/dev/null || { echo "SKIP: no sqlite3 command"; exit 77; }
check=$(dirname "$0")/history_html_check.py
db=$scratch/history.db
url='https://git.example.org/r/commit/{sha}?view=1&x=2'

"$PYTHON" "$(dirname "$0")/history_gen.py" "$scratch/gen" ||
  { echo "FAIL: history_gen.py"; exit 1; }
checks=$((checks + 1))
"$PYTHON" "$check" record "$HOTGRIND" "$db" "$scratch/gen" 21 32 \
  >"$out" 2>"$err" || fail "recording the history"

# Hostile names: a benchmark (its program's file name) and functions with
# a tab, markup, quotes; at main-31 and main-32, one of them changed.
hostile() {
  cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<hotgrind format="1"><run><tool name="hotgrind" version="0.1.0"/>
<valgrind version="3.19.0"/><arch>amd64</arch><command>
<exe>./h&lt;i&gt;&quot;&amp;&apos;</exe></command>
<exit how="status" status="0"/></run><totals Ir="$(($1 + 300))"/><functions>
<function name="tab&#9;name" object="prog" file="p.c" line="1"><self Ir="$1"/></function>
<function name="&lt;script&gt;alert(1)&lt;/script&gt;" object="o&quot;bj" file="f'&amp;.c" line="2"><self Ir="200"/></function>
<function name="plain" object="prog" file="p.c" line="3"><self Ir="100"/></function>
</functions></hotgrind>
EOF
}
hostile 1000 >"$scratch/hostile-31.xml"
hostile 1500 >"$scratch/hostile-32.xml"
for k in 31 32; do
  # shellcheck disable=SC2046
  set -- $(grep " main-$k\$" "$scratch/gen/plan")
  "$HOTGRIND" history record --db "$db" --commit "$1" --parent "$2" \
    --branch "$3" --time "$4" "$scratch/hostile-$k.xml" >"$out" 2>"$err" ||
    fail "record hostile-$k.xml"
done
# Invalid UTF-8 only the database can hold: "plain" becomes
# 0xff "<b>" 0xc3 (a lead byte without its continuation).
sqlite3 "$db" "UPDATE entities SET name = CAST(X'ff3c623ec3' AS TEXT)
               WHERE name = 'plain'" || fail "sqlite3 UPDATE"
title=$(printf 'Perf <b>&"\377')

# --- the site, checked page by page
run 0 history html --db "$db" -o "$scratch/site" --title "$title" \
  --commit-url "$url"
[ ! -s "$out" ] && [ ! -s "$err" ] || fail "html wrote to stdout or stderr"
checkit() {
  checks=$((checks + 1))
  "$PYTHON" "$check" "$@" >"$scratch/check.out" 2>&1 ||
    { echo "FAIL: history_html_check.py $1:"
      sed 's/^/    /' "$scratch/check.out"; failures=$((failures + 1)); }
}
checkit site "$db" "$scratch/site" "$url"

# The database's own counts: a page per commit of main's first-parent
# path (32), per benchmark (3) and per function of each (41 + 41 + 3).
checks=$((checks + 1))
n_commits=$(ls "$scratch/site/commits" | wc -l | tr -d ' ')
n_bench=$(ls "$scratch/site/benchmarks" | wc -l | tr -d ' ')
n_func=$(ls "$scratch/site/functions" | wc -l | tr -d ' ')
want_func=$(sqlite3 "$db" "SELECT count(DISTINCT r.benchmark || '|' ||
  f.entity_id) FROM figures f JOIN runs r ON r.id = f.run_id JOIN
  entities e ON e.id = f.entity_id WHERE e.kind = 'function'
  AND r.branch = 'main'")
[ "$n_commits" = 32 ] && [ "$n_bench" = 3 ] && [ "$n_func" = "$want_func" ] ||
  fail "pages: $n_commits commits, $n_bench benchmarks, $n_func functions" \
    "(want 32, 3, $want_func)"

# The ratio table of alpha: f05 doubled on arm64 at main-32.
checks=$((checks + 1))
alpha=$(grep -l 'data-kind="total"' "$scratch/site/benchmarks/"*.html |
  xargs grep -l 'data-benchmark="alpha"')
grep -q 'data-base="amd64" data-other="arm64"' "$alpha" &&
  grep -A0 '<code>f05</code>' "$alpha" | grep -q '<td class="n">2.000</td>' ||
  fail "alpha's page has no arm64/amd64 table with f05 at 2.000"

# --- escaping: no markup from a name, every byte valid UTF-8, invalid
# bytes and controls as U+FFFD, the tab as a character reference
checks=$((checks + 1))
if grep -r -l '<script>alert\|<b>\|<i>' "$scratch/site" >/dev/null; then
  fail "a name's markup reached a page: $(grep -r -l '<script>alert\|<b>\|<i>' "$scratch/site" | head -3)"
fi
checks=$((checks + 1))
"$PYTHON" - "$scratch/site" <<'EOF' || fail "escaping of the hostile names"
import os, sys
site = sys.argv[1]
text = {}
for root, _, files in os.walk(site):
    for f in files:
        p = os.path.join(root, f)
        text[p] = open(p, "rb").read().decode("utf-8")  # fails if not UTF-8
allt = "".join(text.values())
want = ["&lt;script&gt;alert(1)&lt;/script&gt;", "tab&#9;name",
        "o&quot;bj", "f&#39;&amp;.c", "h&lt;i&gt;&quot;&amp;&#39;",
        "\ufffd&lt;b&gt;\ufffd",                      # 0xff <b> 0xc3
        "<title>Perf &lt;b&gt;&amp;&quot;\ufffd</title>"]
missing = [w for w in want if w not in allt]
if missing:
    sys.exit("missing %r" % missing)
EOF

# --- the same database gives the same site, byte for byte
run 0 history html --db "$db" -o "$scratch/site2" --title "$title" \
  --commit-url "$url"
checks=$((checks + 1))
diff -r "$scratch/site" "$scratch/site2" >/dev/null ||
  fail "two runs on the same database differ"

# --- a benchmark whose runs have no functions (a report with totals
# only): still a site, with its page (html asks log for its functions
# with empty_ok, and none is not a fault)
failing=$scratch/nofunctions.db
printf '<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1"><run><tool name="hotgrind" version="0.1.0"/><valgrind version="3.19.0"/><arch>amd64</arch><command><exe>./delta</exe></command><exit how="status" status="0"/></run><totals Ir="5"/><functions></functions></hotgrind>\n' \
  >"$scratch/delta.xml"
cp "$db" "$failing"
"$HOTGRIND" history record --db "$failing" --commit ccccccc1 --branch main \
  --parent "$(awk '$5 == "main-32" { print $1 }' "$scratch/gen/plan")" \
  "$scratch/delta.xml" >/dev/null 2>&1 || fail "record delta.xml"
run 0 history html --db "$failing" -o "$scratch/site-nofunctions"
checks=$((checks + 1))
grep -lq '>delta<' "$scratch"/site-nofunctions/benchmarks/*.html ||
  fail "html: no benchmark page for delta, whose runs have no functions"

# --- the checker can fail: a value changed, a page removed
cp -r "$scratch/site" "$scratch/bad"
page=$(ls "$scratch/bad/functions/"*.html | head -1)
sed 's/data-value="\([0-9]*\)"/data-value="\11"/' "$page" >"$scratch/p" &&
  mv "$scratch/p" "$page"
checks=$((checks + 1))
"$PYTHON" "$check" site "$db" "$scratch/bad" "$url" >/dev/null 2>&1 &&
  fail "history_html_check.py accepts a changed value"
cp -r "$scratch/site" "$scratch/bad2"
rm "$(ls "$scratch/bad2/commits/"*.html | head -1)"
checks=$((checks + 1))
"$PYTHON" "$check" site "$db" "$scratch/bad2" "$url" >/dev/null 2>&1 &&
  fail "history_html_check.py accepts a missing page"

# --- refusals: exit 2, one line, nothing written
for bad in 'javascript:alert(1)//{sha}' 'ftp://h/{sha}' 'https://h/commit' \
  'https://h/{sha}" onclick="x' 'https:///{sha}' 'https://h/<{sha}>' \
  'data:text/html,{sha}'; do
  expect_trouble history html --db "$db" -o "$scratch/no" --commit-url "$bad"
  head -1 "$err" | grep -q -- '--commit-url' ||
    fail "--commit-url '$bad': the error does not name --commit-url"
done
expect_trouble history html -o "$scratch/no"
expect_trouble history html --db "$db"
expect_trouble history html --db "$db" -o "$scratch/no" extra
expect_trouble history html --db "$db" -o "$scratch/no" --frobnicate
expect_trouble history html --db "$db" -o "$scratch/no" -o "$scratch/no2"
checks=$((checks + 1))
[ ! -e "$scratch/no" ] || fail "a refused html made its folder"
: >"$scratch/a-file"
expect_trouble history html --db "$db" -o "$scratch/a-file" &&
  one_line_error "$scratch/a-file" history html --db "$db" -o "$scratch/a-file"
echo "not sqlite" >"$scratch/not.db"
expect_trouble history html --db "$scratch/not.db" -o "$scratch/no" &&
  one_line_error "$scratch/not.db" history html --db "$scratch/not.db" \
    -o "$scratch/no"
expect_trouble history html --db "$scratch/missing.db" -o "$scratch/no"
run 0 history html --help
grep -q -- '--commit-url' "$out" || fail "html --help says nothing of --commit-url"

finish
