#!/bin/sh
# hotgrind check: verdicts, outputs, exit statuses and messages.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND (the built command) and HG_TEST_DATA
# (the fixtures folder) in the environment.  The fixtures are in
# tests/data/check: reports (base.xml, head.xml, head-arm64.xml,
# drift.xml), policies, expected/ (the exact outputs, worked out by hand
# from the fixtures; see the notes below) and bad/ (broken policies).

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/check

# hotgrind runs in the fixtures folder, so that file names in the output
# are the short ones.
cd "$data" || exit 99

# expect_output EXPECTED-FILE STATUS ARGS...: exactly that stdout, nothing
# on stderr.
expect_output() {
  file=$1; shift
  run "$@" || return
  diff -u "$data/expected/$file" "$out" >"$scratch/diff" ||
    { fail "hotgrind $*: output differs from expected/$file";
      sed 's/^/    /' "$scratch/diff"; }
  [ -s "$err" ] && fail "hotgrind $*: wrote to stderr"
}

# expect_error 'MESSAGE' ARGS...: status 2, no stdout, exactly the one
# line "hotgrind: MESSAGE" on stderr.
expect_error() {
  message=$1; shift
  expect_trouble "$@" || return
  [ "$(cat "$err")" = "hotgrind: $message" ] ||
    fail "hotgrind $*: stderr is not 'hotgrind: $message'"
}

# A usage error: status 2, nothing on stdout, the problem and the usage.
expect_usage_error() {
  why=$1; shift
  expect_trouble "$@" || return
  [ "$(head -n 1 "$err")" = "hotgrind check: $why" ] ||
    fail "hotgrind $*: the first line is not 'hotgrind check: $why'"
  grep -q '^usage: hotgrind check --policy FILE' "$err" ||
    fail "hotgrind $*: no usage line"
}

# --- the fixtures are reports this release could have written
run 0 validate base.xml head.xml head-arm64.xml drift.xml

# --- budgets only (HEAD alone).  budgets.xml holds a kept and a broken
# budget of each kind: exact, min-max, max, min, mean with decimals, a glob
# over one object, zones, the totals row, a pattern that matches nothing
# (broken) or is optional (skipped), a function without the metric and a
# run total the report does not have.  head.xml: parse is called 100
# times, 420,000 inclusive Ir, mean 4,200.00, 150 allocations.
expect_output budgets.out 1 check --policy budgets.xml head.xml
expect_output budgets-kept.out 0 check --policy budgets-kept.xml head.xml

# --- branch figures (--branch-sim=yes), on the diff fixtures: kernel's
# mispredictions fall from 15 to 5 conditional, 3 to 1 indirect; the totals
# from 20 to 10 and 4 to 2.  Twice, byte for byte.
expect_output branches.out 1 check --policy branches.xml \
  ../diff/branch-base.xml ../diff/branch-head.xml
cp "$out" "$scratch/branches-first"
run 1 check --policy branches.xml ../diff/branch-base.xml ../diff/branch-head.xml &&
  { cmp -s "$scratch/branches-first" "$out" ||
      fail "check on branch figures: two runs differ"; }
# Without --branch-sim=yes the figures are missing, as cache figures are.
run 1 check --policy branches.xml ../diff/cache-base.xml ../diff/cache-head.xml &&
  for line in \
      'note: thresholds on Bcm not applied: neither report has these figures' \
      "FAIL    branches.xml:6  Bc of function 'main': the report has no Bc figure, want exactly 50" \
      'FAIL    branches.xml:7  Bim of (total): the report has no Bim figure, want at most 1'; do
    grep -qxF "$line" "$out" || fail "check without branch figures: no line: $line"
  done

# --- thresholds.  From base.xml to head.xml (totals 1,000,000 -> 994,400
# Ir; 102 -> 152 allocations): parse 300,000 -> 360,000 Ir (+20%), 100
# -> 150 allocations (+50%), mean 3,500.00 -> 4,200.00 (+20%); hash
# 200,000 -> 150,000 (-25%); old_helper (50,000) only in base, new_helper
# (30,000) only in head; tiny 500 -> 900 under the 0.1% floor (1,000 and
# 994.4 Ir); main +1%, memcpy and the zone unchanged.
expect_output defaults.out 1 check --policy defaults.xml base.xml head.xml
expect_output thresholds.out 1 check --policy thresholds.xml base.xml head.xml
expect_output nofloor.out 1 check --policy nofloor.xml base.xml head.xml
expect_output strict.out 1 check --policy strict.xml base.xml head.xml
# old_helper and new_helper allocate nothing: no verdict on their
# alloc-bytes, although they are in one report only and nothing is under
# a floor.
expect_output nofloor-heap.out 1 check --policy nofloor-heap.xml base.xml head.xml
# The same report twice: nothing changes, the check passes.
run 0 check --policy thresholds.xml base.xml base.xml &&
  { [ "$(tail -n 1 "$out")" = "Result: PASS (budgets: 0 kept, 0 broken, 0 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: 0 regressed, 0 improved, 0 noted, 0 within, 0 under the floor; 7 rows unchanged)" ] ||
    fail "base against itself: summary"; }
# Across architectures: Ir is not judged (parse +43%, the total +18.7%),
# calls are (parse 100 -> 120), and so is the heap (the base's).
expect_output cross-arch.out 1 check --policy defaults.xml base.xml head-arm64.xml
# Budgets still apply to an arm64 HEAD, with a BASE of another arch too.
run 1 check --policy pr.xml base.xml head-arm64.xml &&
  { grep -q '^FAIL    pr.xml:6  incl-Ir of zone startup: 120,000, want at most 90,000$' "$out" ||
    fail "a budget on an arm64 head"; }
# The same counts from a run made differently: a warning per difference
# (found as `hotgrind diff` finds them), and no row changed.
expect_output drift.out 0 check --policy defaults.xml base.xml drift.xml

# --- markdown, for a pull-request comment: names, file names and rules
# as code spans (`new_helper (bench)`), so that no name is markup
expect_output pr.md 1 check --policy pr.xml --format=markdown base.xml head.xml
run 1 check --format markdown --policy=budgets.xml head.xml && {
  [ "$(head -n 1 "$out")" = "### hotgrind check: FAIL" ] ||
    fail "markdown budgets: heading"
  grep -qxF '| **FAIL** | `budgets.xml:17` | function `nomatch*` | Ir | matched no function | at most 1 |' "$out" ||
    fail "markdown budgets: the unmatched budget's row"
  grep -qx '\*\*Result: FAIL\*\* (budgets: 12 kept, 9 broken, 1 skipped; marks: 1 entered, 0 never entered, 0 optional; thresholds: not applied without BASE)' "$out" ||
    fail "markdown budgets: summary"
}

# --- --history-url: each row of a function of BASE is a link to its page
# of the history site; the paths computed apart (history_page.py: FNV-1a
# of the benchmark, the base's program file name, and the function's
# name, object and file).  The text stays code as above; the zone and
# new_helper (only in head: no history yet) are not linked.
pages=$scratch/pages
"${PYTHON:-/usr/bin/python3}" "$HG_TEST_DATA/../history_page.py" base.xml \
  >"$pages" || fail "history_page.py base.xml"
href() { awk -F '\t' -v n="$1" '$1 == n { print $4; exit }' "$pages"; }
site=https://example.org/h
sed -e "s#| \`parse (bench)\` |#| [\`parse (bench)\`]($site/$(href parse)) |#" \
    -e "s#| \`hash (bench)\` |#| [\`hash (bench)\`]($site/$(href hash)) |#" \
    -e "s#| \`old_helper (bench)\` |#| [\`old_helper (bench)\`]($site/$(href old_helper)) |#" \
    "$data/expected/pr.md" >"$scratch/pr-linked.md"
checks=$((checks + 1))
[ "$(grep -c "]($site/functions/[0-9a-f]\{16\}\.html) |" "$scratch/pr-linked.md")" = 5 ] ||
  fail "the expected links: not five rows linked"
run 1 check --policy pr.xml --format=markdown --history-url "$site/" base.xml head.xml &&
  { diff -u "$scratch/pr-linked.md" "$out" >"$scratch/diff" ||
      { fail "check --history-url: not the linked pr.md"; sed 's/^/    /' "$scratch/diff"; }; }
cp "$out" "$scratch/first"
run 1 check --policy pr.xml --format=markdown --history-url "$site" base.xml head.xml &&
  { cmp -s "$out" "$scratch/first" || fail "check --history-url: a second run differs"; }
# A label two functions of BASE share (twin (m), in t1.c and t2.c) links
# to neither page; one function's two rows (dup, twice in d.h) to its page;
# a function whose file moved to the page of BASE's file.
"${PYTHON:-/usr/bin/python3}" "$HG_TEST_DATA/../history_page.py" \
  ../diff/match-base.xml >"$pages" || fail "history_page.py match-base.xml"
run 1 check --policy defaults.xml --format=markdown --history-url "$site" \
    ../diff/match-base.xml ../diff/match-head.xml && {
  grep -qxF "| **FAIL** | (default) | [\`moved (m)\`]($site/$(href moved)) | Ir | 300 | 330 | +30 (+10.00%) | more than +5.00% |" "$out" ||
    fail "check --history-url: moved is not linked to its base's page"
  grep -qxF "| **FAIL** | (default) | [\`dup (m)\`]($site/$(href dup)) | Ir | 100 | 110 | +10 (+10.00%) | more than +5.00% |" "$out" ||
    fail "check --history-url: dup is not linked"
  [ "$(grep -c '^| note | (default) | `twin (m)` | Ir |' "$out")" = 4 ] ||
    fail "check --history-url: a twin row is linked"
}
# Not for other formats; a BASE that is not a plain http(s) URL (a
# control character shows as '?', as every message shows it).
expect_usage_error "--history-url is for --format=markdown" \
  check --policy pr.xml --history-url "$site" base.xml head.xml
for url in http:/example.org 'https://example.org/a b' 'https://example.org/x)' \
           'https://example.org/<x>' 'https://example.org/"x"' \
           'https://example.org/?x=1' "$(printf 'https://example.org/\tx')"; do
  shown=$(printf '%s' "$url" | tr '\t' '?')
  expect_usage_error "--history-url takes an http:// or https:// URL of plain characters (no spaces, quotes, parentheses, '?' or '#'), not '$shown'" \
    check --policy pr.xml --format=markdown --history-url "$url" base.xml head.xml
done

# --- the same verdicts every time
run 1 check --policy thresholds.xml base.xml head.xml
cp "$out" "$scratch/first"
run 1 check --policy thresholds.xml -- base.xml head.xml &&
  { cmp -s "$out" "$scratch/first" || fail "a second run prints differently"; }

# --- broken policies: the file, the line and the problem, status 2.  The
# reports are never read when the policy is broken.
expect_error 'bad/malformed.xml: line 5: Opening and ending tag mismatch: total line 4 and budgets' check --policy bad/malformed.xml head.xml
expect_error "bad/unknown-attribute.xml: line 5: Element 'function', attribute 'maxx': The attribute 'maxx' is not allowed." check --policy bad/unknown-attribute.xml head.xml
expect_error "bad/unknown-element.xml: line 4: Element 'budget': This element is not expected. Expected is one of ( function, zone, total, edge, context )." check --policy bad/unknown-element.xml head.xml
expect_error "bad/duplicate-metric.xml: line 6: Element 'metric': Duplicate key-sequence ['Ir'] in unique identity-constraint 'one-threshold-per-metric'." check --policy bad/duplicate-metric.xml head.xml
expect_error "bad/floor-above-100.xml: line 3: Element 'thresholds', attribute 'floor': [facet 'pattern'] The value '150' is not accepted by the pattern '(100(\\.0{1,4})?|[0-9]{1,2}(\\.[0-9]{1,4})?)'." check --policy bad/floor-above-100.xml head.xml
expect_error "bad/negative-limit.xml: line 4: Element 'total', attribute 'min': [facet 'pattern'] The value '-5' is not accepted by the pattern '[0-9]+(\\.[0-9]{1,2})?'." check --policy bad/negative-limit.xml head.xml
expect_error "bad/exponent-limit.xml: line 4: Element 'total', attribute 'max': [facet 'pattern'] The value '1e6' is not accepted by the pattern '[0-9]+(\\.[0-9]{1,2})?'." check --policy bad/exponent-limit.xml head.xml
expect_error "bad/no-format.xml: line 2: Element 'policy': The attribute 'format' is required but missing." check --policy bad/no-format.xml head.xml
expect_error 'bad/format-2.xml: line 2: policy format 2 is not supported (this hotgrind reads policy format 1)' check --policy bad/format-2.xml head.xml
expect_error 'bad/not-a-policy.xml: line 2: <rules> is not a hotgrind policy (its root element is <policy>, in no namespace)' check --policy bad/not-a-policy.xml head.xml
expect_error 'bad/namespaced.xml: line 2: <policy> in a namespace is not a hotgrind policy (its root element is <policy>, in no namespace)' check --policy bad/namespaced.xml head.xml
expect_error 'head.xml: line 5: <hotgrind> is not a hotgrind policy (its root element is <policy>, in no namespace): this is a report' check --policy head.xml head.xml
expect_error "bad/unknown-metric.xml: line 4: unknown metric 'Irr' (\`hotgrind help check\` lists them)" check --policy bad/unknown-metric.xml head.xml
expect_error "bad/unknown-threshold-metric.xml: line 5: unknown metric 'allocations' (\`hotgrind help check\` lists them)" check --policy bad/unknown-threshold-metric.xml base.xml head.xml
expect_error 'bad/exact-and-max.xml: line 5: <function> has exact and min or max: give exact, or min and/or max' check --policy bad/exact-and-max.xml head.xml
expect_error 'bad/no-limit.xml: line 4: <zone> has no limit: give exact, or min and/or max' check --policy bad/no-limit.xml head.xml
expect_error 'bad/min-above-max.xml: line 4: <total> has min above max: no value can keep it' check --policy bad/min-above-max.xml head.xml
expect_error 'bad/decimals-on-count.xml: line 4: <function> max="3.5": calls counts whole numbers; only the metric mean takes decimals' check --policy bad/decimals-on-count.xml head.xml
expect_error 'bad/limit-too-large.xml: line 4: <total> max="18446744073709551616" is too large' check --policy bad/limit-too-large.xml head.xml
expect_error 'bad/mean-too-large.xml: line 4: <function> max="184467440737095516.16" is too large' check --policy bad/mean-too-large.xml head.xml
expect_error 'bad/total-with-calls.xml: line 4: <total> cannot have metric calls: the whole run has self and run figures (Ir, cache, heap, peak-*, exit-*), not those of marked functions' check --policy bad/total-with-calls.xml head.xml
expect_error 'bad/zone-with-self.xml: line 4: <zone> cannot have metric Ir: zones have only the figures of marked functions (calls, incl-*, min, p50, p95, p99, max, mean)' check --policy bad/zone-with-self.xml head.xml
expect_error 'bad/function-with-run-figure.xml: line 4: <function> cannot have metric peak-bytes: functions have self and marked figures, not those of the whole run (use <total>)' check --policy bad/function-with-run-figure.xml head.xml
expect_error 'bad/empty-object.xml: line 4: <function> pattern=":parse": OBJ:PATTERN needs both an object and a pattern' check --policy bad/empty-object.xml head.xml
expect_error 'bad/empty-pattern.xml: line 4: <function> pattern="libc.so.6:": OBJ:PATTERN needs both an object and a pattern' check --policy bad/empty-pattern.xml head.xml
expect_error 'bad/bad-utf8.xml: line 4: Input is not proper UTF-8, indicate encoding !' check --policy bad/bad-utf8.xml head.xml
expect_error 'bad/empty.xml: the file is empty' check --policy bad/empty.xml head.xml
expect_error 'bad/does-not-exist.xml: No such file or directory' check --policy bad/does-not-exist.xml head.xml
expect_error "bad/xinclude.xml: line 3: Element '{http://www.w3.org/2001/XInclude}include': This element is not expected. Expected is one of ( budgets, marks, thresholds, suite )." check --policy bad/xinclude.xml head.xml

# Entities and DTDs: refused at the DOCTYPE, before anything is expanded
# or fetched; the external entity names /etc/passwd, none of which may
# come out.
for name in external-entity.xml entity-bomb.xml doctype-http.xml; do
  expect_error "bad/$name: line 2: DOCTYPE not allowed in a hotgrind policy" check --policy "bad/$name" head.xml
done
if [ -r /etc/passwd ] && first_entry=$(head -n 1 /etc/passwd) &&
   [ -n "$first_entry" ]; then
  for format in text markdown; do
    "$HOTGRIND" check --policy bad/external-entity.xml \
      --format=$format head.xml >"$out" 2>"$err"
    grep -qF "$first_entry" "$out" "$err" &&
      fail "check printed the content of /etc/passwd"
  done
fi
# A schema location is a hint nobody follows: the empty policy passes.
run 0 check --policy bad/schema-location.xml head.xml

# --- broken reports: the report's name, the line, the problem
expect_error 'does-not-exist.xml: No such file or directory' check --policy defaults.xml does-not-exist.xml
expect_error 'does-not-exist.xml: No such file or directory' check --policy defaults.xml does-not-exist.xml head.xml
expect_error 'bad/empty.xml: the file is empty' check --policy defaults.xml base.xml bad/empty.xml
expect_error 'budgets.xml: line 3: root element is <policy>, not <hotgrind>: this is a hotgrind policy; give it to hotgrind check --policy' check --policy defaults.xml budgets.xml head.xml
expect_error "$HG_TEST_DATA/truncated.xml: line 17: expected '>'" check --policy defaults.xml "$HG_TEST_DATA/truncated.xml"

# --- the command line
expect_usage_error 'no --policy given' check head.xml
expect_usage_error 'no --policy given' check
expect_usage_error 'no HEAD report given' check --policy defaults.xml
expect_usage_error 'more than two reports given' check --policy defaults.xml base.xml head.xml drift.xml
expect_usage_error "unknown format 'xml' (text, markdown, json or junit)" check --policy defaults.xml --format=xml head.xml
expect_usage_error '--policy needs a value' check head.xml --policy
expect_usage_error '--format needs a value' check --policy defaults.xml head.xml --format
expect_usage_error "unknown option '--frobnicate'" check --frobnicate --policy defaults.xml head.xml
expect_usage_error "unknown option '--policyx'" check --policyx defaults.xml head.xml
# A report whose program did not exit with status 0 may stop early: its
# lower figures would pass, so it is refused unless --allow-exit says that
# is expected (the same figures as base.xml pass with it).
expect_error "killed.xml: its program was killed by signal 6 (SIGABRT), so the report may not hold a whole run; refused (--allow-exit=signal if that is expected)" \
  check --policy thresholds.xml base.xml killed.xml
expect_error "killed.xml: its program was killed by signal 6 (SIGABRT), so the report may not hold a whole run; refused (--allow-exit=signal if that is expected)" \
  check --policy thresholds.xml killed.xml base.xml
expect_error "exited-1.xml: its program exited with status 1, so the report may not hold a whole run; refused (--allow-exit=nonzero if that is expected)" \
  check --policy budgets.xml exited-1.xml
expect_error "killed.xml: its program was killed by signal 6 (SIGABRT), so the report may not hold a whole run; refused (--allow-exit=signal if that is expected)" \
  check --policy thresholds.xml --allow-exit=nonzero,exec base.xml killed.xml
run 0 check --policy thresholds.xml --allow-exit=signal base.xml killed.xml
run 0 check --policy thresholds.xml --allow-exit any killed.xml base.xml
run 0 check --policy thresholds.xml base.xml exited-0.xml
# When both say how their program ended and that differs, a warning.
run 0 check --policy thresholds.xml --allow-exit=signal exited-0.xml killed.xml &&
  { grep -qx 'warning: runs differ in exit: base status 0, head killed by signal 6 (SIGABRT)' "$out" ||
      fail "check --allow-exit: no warning that the runs ended differently"; }
expect_usage_error "--allow-exit takes nonzero, signal, exec or any, not 'killed'" \
  check --policy thresholds.xml --allow-exit=killed base.xml killed.xml
# A merged report (3 runs summed) against one run: warned about.
run 1 check --policy defaults.xml ../merge/shard-a.xml ../merge/merged.xml &&
  { grep -q '^warning: runs differ in number of runs: base 1, head 3$' "$out" ||
      fail "check of a merged report: no warning of the merge"; }
# Two policies are refused, not one of them silently dropped.
expect_usage_error "--policy given twice ('budgets.xml' and 'defaults.xml'); give it once" check --policy budgets.xml --policy=defaults.xml head.xml
run 0 check --help && {
  grep -q '^usage: hotgrind check --policy FILE \[--format=text|markdown|json|junit\] \[--allow-exit=LIST\]$' "$out" &&
    grep -q '^ *\[--history-url URL\] \[BASE\] HEAD$' "$out" ||
    fail "check --help: no usage lines"
  for metric in Ir D1mr cycles allocs calls incl-Ir incl-alloc-bytes p95 peak-bytes mean; do
    grep -q "^  $metric  " "$out" || fail "check --help does not list $metric"
  done
}
run 0 help check && { grep -q '^Metrics:$' "$out" || fail "help check"; }
run 0 --help && { grep -q '^  check ' "$out" || fail "--help does not list check"; }

# Output that cannot be written is an error, not a silent verdict.
if [ -w /dev/full ]; then
  checks=$((checks + 1))
  "$HOTGRIND" check --policy defaults.xml base.xml head.xml >/dev/full 2>"$err"
  [ $? -eq 2 ] || fail "check to /dev/full did not fail"
fi

finish
