#!/bin/sh
# hotgrind diff across architectures: the program, the dynamic loader and
# versioned symbols paired by role and unversioned name, the line saying
# so, and the per-call view in text, markdown and JSON; diff --wide.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND, HG_TEST_DATA and HG_SCHEMA_DIR in the
# environment.  tests/data/diff-arch: x86.xml (amd64, ./prog-x86, total
# 10,000 Ir) and arm64.xml (arm64, ./prog-a64, total 12,000 Ir).  The
# figures below are worked out by hand from them:
#   function      x86 calls/Ir  arm64 calls/Ir  Ir/call      head/base
#   main          1 / 1,000     1 / 1,200       1,000 1,200  1.20
#   work          10 / 4,000    10 / 6,000      400 600      1.50
#   do_lookup_x   50 / 2,000    50 / 1,500      40 30        0.75
#   fopen@@...    2 / 200       3 / 330         100 110      1.10
# (_dl_start: no calls; x86_only and arm_only: one side each).  The run's
# ratio is 12,000 / 10,000 = 1.2, so "vs run" is 1.00, 1.25, 0.625 and
# 0.91666...; distance (the larger of it and its inverse) 1.0, 1.25, 1.6
# and 1.0909, which orders do_lookup_x, work, fopen, main.

. "$(dirname "$0")/lib.sh"
py=/usr/bin/python3
expected=$scratch/expected
checker=$(cd "$(dirname "$0")" && pwd)/hostile_check.py
cd "$HG_TEST_DATA/diff-arch" || exit 99

# twice ARGS...: hotgrind ARGS twice, status 0 and the same bytes; the
# output left in $out.
twice() {
  run 0 "$@" || return 1
  cp "$out" "$scratch/first"
  run 0 "$@" || return 1
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# section FROM TO: the lines of $out from the one starting FROM up to,
# not including, the first after it starting TO (to the end without).
section() {
  awk -v from="$1" -v to="$2" 'index($0, from) == 1 { on = 1; print; next }
    on && to != "" && index($0, to) == 1 { exit } on' "$out"
}

# --- text: 5 pairs (main, work, do_lookup_x, fopen, _dl_start), 1 added,
# 1 removed; the rules that made them, and the view.
twice diff x86.xml arm64.xml
checks=$((checks + 1))
grep -qx 'Compared:  7 functions and zones: 5 changed, 1 added, 1 removed, 0 unchanged (not shown)' "$out" ||
  fail "diff: not 5 pairs, 1 added, 1 removed"
cat >"$expected" <<'EOF'
Matched:   across architectures, 2 functions of the program by its role (prog-x86 -> prog-a64), 2 functions of the dynamic loader by its role (ld-linux-x86-64.so.2 -> ld-linux-aarch64.so.1), 1 function by name without the symbol version (fopen@@GLIBC_2.2.5 -> fopen@@GLIBC_2.17)
EOF
grep '^Matched:' "$out" >"$scratch/got"
same "$expected" "$scratch/got" "diff: the matching line"
cat >"$expected" <<'EOF'
Per call:  self Ir per call head/base (amd64 -> arm64), farthest from the run's 1.20x first: all 4 functions with calls in both, 1 with calls not equal

name               object                 base calls  head calls  calls   base Ir/call  head Ir/call  head/base  vs run
do_lookup_x        ld-linux-aarch64.so.1          50          50  equal          40.00         30.00       0.75   0.63x
work               prog-a64                       10          10  equal         400.00        600.00       1.50   1.25x
fopen@@GLIBC_2.17  libc.so.6                       2           3  differ        100.00        110.00       1.10   0.92x
main               prog-a64                        1           1  equal       1,000.00      1,200.00       1.20   1.00x
EOF
section 'Per call:' '' >"$scratch/got"
same "$expected" "$scratch/got" "diff: the per-call view"

# --limit 2: the view's top 2 too.
twice diff --limit 2 x86.xml arm64.xml
checks=$((checks + 1))
grep -q "^Per call:  .* first: top 2 of 4 functions with calls in both" "$out" &&
  [ "$(section 'Per call:' '' | sed -n '4,$p' | cut -d' ' -f1 | tr '\n' ' ')" = "do_lookup_x work " ] ||
  fail "diff --limit 2: not the view's top 2"

# --- markdown: names and objects as code spans.
twice diff --format=markdown x86.xml arm64.xml
cat >"$expected" <<'EOF'
**Matched:** across architectures, 2 functions of the program by its role (`prog-x86` → `prog-a64`), 2 functions of the dynamic loader by its role (`ld-linux-x86-64.so.2` → `ld-linux-aarch64.so.1`), 1 function by name without the symbol version (`fopen@@GLIBC_2.2.5` → `fopen@@GLIBC_2.17`).
EOF
grep '^\*\*Matched:' "$out" >"$scratch/got"
same "$expected" "$scratch/got" "diff --format=markdown: the matching line"
cat >"$expected" <<'EOF'
**Per call:** self Ir per call head/base (`amd64` → `arm64`), farthest from the run's 1.20x first: all 4 functions with calls in both, 1 with calls not equal.

| name | object | base calls | head calls | calls | base Ir/call | head Ir/call | head/base | vs run |
|:--|:--|--:|--:|:--|--:|--:|--:|--:|
| `do_lookup_x` | `ld-linux-aarch64.so.1` | 50 | 50 | equal | 40.00 | 30.00 | 0.75 | 0.63x |
| `work` | `prog-a64` | 10 | 10 | equal | 400.00 | 600.00 | 1.50 | 1.25x |
| `fopen@@GLIBC_2.17` | `libc.so.6` | 2 | 3 | differ | 100.00 | 110.00 | 1.10 | 0.92x |
| `main` | `prog-a64` | 1 | 1 | equal | 1,000.00 | 1,200.00 | 1.20 | 1.00x |
EOF
section '**Per call:**' '' >"$scratch/got"
same "$expected" "$scratch/got" "diff --format=markdown: the per-call view"

# --- JSON: against the schema, with the figures above.
twice diff --format=json x86.xml arm64.xml
checks=$((checks + 1))
"$py" - "$HG_SCHEMA_DIR/diff.schema.json" "$out" >"$scratch/py" 2>&1 <<'EOF' ||
import json, sys
from decimal import Decimal
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator(schema).validate(json.load(open(sys.argv[2])))
doc = json.load(open(sys.argv[2]), parse_float=Decimal)
m = doc["arch-matching"]
assert m == {"program": {"count": 2, "base": "prog-x86", "head": "prog-a64"},
             "loader": {"count": 2, "base": "ld-linux-x86-64.so.2",
                        "head": "ld-linux-aarch64.so.1"},
             "version": {"count": 1, "base": "fopen@@GLIBC_2.2.5",
                         "head": "fopen@@GLIBC_2.17"}}, m
v = doc["per-call"]
assert (v["run-ratio"], v["functions"], v["calls-differ"], v["shown"]) == \
    (Decimal("1.2"), 4, 1, 4), v
got = [(r["head"]["name"], r["base"]["object"], r["head"]["object"],
        r["base"]["calls"], r["head"]["calls"], r["base"]["Ir"],
        r["head"]["Ir"], r["calls-equal"], r["ratio"], r["relative"])
       for r in v["rows"]]
want = [("do_lookup_x", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
         50, 50, 2000, 1500, True, Decimal("0.75"), Decimal("0.625")),
        ("work", "prog-x86", "prog-a64", 10, 10, 4000, 6000, True,
         Decimal("1.5"), Decimal("1.25")),
        ("fopen@@GLIBC_2.17", "libc.so.6", "libc.so.6", 2, 3, 200, 330,
         False, Decimal("1.1"), Decimal("0.916667")),
        ("main", "prog-x86", "prog-a64", 1, 1, 1000, 1200, True,
         Decimal("1.2"), Decimal("1"))]
assert got == want, got
status = {r["name"]: r["status"] for r in doc["rows"][1:]}
assert status == {"fopen@@GLIBC_2.17": "changed", "arm_only": "added",
                  "x86_only": "removed", "work": "changed",
                  "do_lookup_x": "changed", "main": "changed",
                  "_dl_start": "changed"}, status
EOF
  { fail "diff --format=json across architectures:"; sed 's/^/    /' "$scratch/py"; }

# --- one architecture: none of it (the rules and the view are
# cross-architecture only), and no member in JSON.
twice diff x86.xml x86.xml
checks=$((checks + 1))
grep -q '^Matched:\|^Per call:' "$out" && fail "diff of one architecture: rules or view shown"
twice diff --format=json x86.xml x86.xml
checks=$((checks + 1))
grep -q '"arch-matching"\|"per-call"' "$out" && fail "diff --format=json of one architecture: cross-arch members"

# --- --wide: a name longer than the 120 columns text is cut to, whole
# only with --wide; and --wide is for text only.
long=$(printf 'very_long_function_name_%.0s' 1 2 3 4 5 6)end
sed "s/\"work\"/\"$long\"/" x86.xml >"$scratch/long-base.xml"
sed "s/\"work\"/\"$long\"/; s/Ir=\"4000\"/Ir=\"4500\"/" x86.xml >"$scratch/long-head.xml"
sed -i 's/Ir="10000"/Ir="10500"/' "$scratch/long-head.xml"
twice diff "$scratch/long-base.xml" "$scratch/long-head.xml"
checks=$((checks + 1))
grep -qF "$long" "$out" && fail "diff: a name past 120 columns is whole without --wide"
twice diff --wide "$scratch/long-base.xml" "$scratch/long-head.xml"
checks=$((checks + 1))
grep -q "^$long  *prog-x86  *work.c  *changed  *Ir  *4,000  *4,500  *+500  *+12.50%\$" "$out" ||
  fail "diff --wide: the long name is not whole on its row"
# The explanations' names too (tests/data/graph, where main's callee
# work goes from 600 to 1,000 Ir in 1 call, diff-why.sh): whole with
# --wide.
wlong=w$(printf '%0200d' 0 | tr 0 x)
for side in base head; do
  sed "s/name=\"work\"/name=\"$wlong\"/" ../graph/why-$side.xml >"$scratch/why-$side.xml"
done
twice diff --wide "$scratch/why-base.xml" "$scratch/why-head.xml"
checks=$((checks + 1))
sed -n '/^Why/,$p' "$out" | grep -q "^  *$wlong  *600  *1,000  *+400  *1 -> 1  *callee\$" ||
  fail "diff --wide: the explanation's long callee name is not whole"
for f in markdown json svg; do
  expect_trouble diff --wide --format=$f x86.xml arm64.xml &&
    { checks=$((checks + 1))
      grep -q -- '--wide is for --format=text' "$err" ||
        fail "diff --wide --format=$f: not the usage error"; }
done

# --- hostile names in the view: markup, mentions, backticks, pipes and a
# newline in functions with calls, across architectures.
"$py" - "$scratch" <<'PYEOF' || exit 99
import sys
from xml.sax.saxutils import quoteattr
names = ["@octocat https://evil.example/x", "tick`s``and|pipes",
         "<img src=x onerror=alert(2)>@@GLIBC_2.2.5", "line&#10;break"]
def report(path, arch, scale):
    rows = "".join(
        '    <function name=%s object="libc.so.6" file="a.c" line="%d" '
        'marked="yes" calls="%d">\n      <self Ir="%d"/>\n'
        '      <inclusive Ir="%d"/>\n'
        '      <per-call min="1" max="1" mean="1.00" p50="1" p95="1" p99="1"/>\n'
        '    </function>\n'
        % (quoteattr(n).replace("&amp;#10;", "&#10;"), i + 1, i + 1,
           (i + 1) * 100 * scale + i, (i + 1) * 100 * scale + i)
        for i, n in enumerate(names))
    total = sum((i + 1) * 100 * scale + i for i in range(len(names)))
    open(path, "w").write(
        '<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">\n'
        '  <run>\n    <tool name="hotgrind" version="0.1.0"/>\n'
        '    <valgrind version="3.19.0"/>\n    <arch>%s</arch>\n'
        '    <command>\n      <exe>./prog</exe>\n    </command>\n  </run>\n'
        '  <totals Ir="%d"/>\n  <functions>\n%s  </functions>\n</hotgrind>\n'
        % (arch, total, rows))
report(sys.argv[1] + "/evil-x86.xml", "amd64", 1)
report(sys.argv[1] + "/evil-arm64.xml", "arm64", 2)
PYEOF
sed -i 's/@@GLIBC_2.2.5/@@GLIBC_2.17/' "$scratch/evil-arm64.xml"
for f in markdown json; do
  twice diff --format=$f "$scratch/evil-x86.xml" "$scratch/evil-arm64.xml" &&
    { checks=$((checks + 1))
      grep -q 'per-call\|Per call' "$out" || fail "diff --format=$f: no view of the hostile names"
      checks=$((checks + 1))
      "$py" "$checker" $f "$out" >"$scratch/checker" 2>&1 ||
        fail "diff --format=$f of hostile names: $(cat "$scratch/checker")"; }
done
twice diff "$scratch/evil-x86.xml" "$scratch/evil-arm64.xml"
checks=$((checks + 1))
# Four rows under the view's titles, the newline shown as '?', and
# nothing but printable ASCII and UTF-8 besides the line ends.
[ "$(section 'Per call:' '' | grep -c '  libc.so.6  ')" = 4 ] &&
  section 'Per call:' '' | grep -q '^line?break  ' &&
  ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$out" ||
  fail "diff: the hostile names are not one clean line each in the view"

finish
