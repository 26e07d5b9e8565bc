#!/bin/sh
# Flame graphs from calling contexts: export --format=folded and
# --format=svg, diff --format=svg, merge and JSON of the contexts; the rules of the folded format, the
# SVG's figures and notes, determinism and every refusal.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The reports in
# data/contexts/ are written by hand, and their comments work out every
# figure; the expected .folded files were written from those comments.
# tests/flame-chromium.sh opens the SVGs in a browser.

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA/contexts
plain=$HG_TEST_DATA/export/report.xml

expect_usage_error() {
  expect_trouble "$@" || return
  grep -q '^usage: hotgrind' "$err" || fail "hotgrind $*: no usage line"
}

# twice ARGS...: status 0 and the same bytes twice; $out holds them.
twice() {
  run 0 "$@" && cp "$out" "$scratch/first" && run 0 "$@" &&
    same "$scratch/first" "$out" "hotgrind $* run twice"
}

# has PATTERN WHAT: stdout has a line matching PATTERN (grep's).
has() {
  checks=$((checks + 1))
  grep -q -- "$1" "$out" || fail "$2"
}

# sums_to FILE TOTAL WHAT: the counts of a folded file add up to TOTAL.
sums_to() {
  checks=$((checks + 1))
  sum=$(awk '{ s += $NF } END { printf "%d", s }' "$1")
  [ "$sum" = "$2" ] || fail "$3: the counts add up to $sum, not $2"
}

# folded_rules FILE WHAT: every line is a stack of non-empty frames
# separated by ';', one space, and a decimal count; the file ends with a
# newline.
folded_rules() {
  checks=$((checks + 1))
  bad=$(grep -cvE '^[^;]+(;[^;]+)* [0-9]+$' "$1")
  [ "$bad" = 0 ] || fail "$2: $bad lines break the folded format"
  checks=$((checks + 1))
  [ -z "$(tail -c 1 "$1")" ] || fail "$2: no newline at the end"
}

for report in contexts cache-heap names collect-off fib-capped; do
  run 0 validate "$data/$report.xml"
done

# --- folded: one line per context with a self figure, in the report's
# order; [outside] first when not 0; the figures of the comments.
twice export --format=folded "$data/contexts.xml" && {
  same "$data/contexts.folded" "$out" "folded contexts.xml"
  sums_to "$out" 1066 "folded contexts.xml"
  folded_rules "$out" "folded contexts.xml"
}
twice export --format=folded --metric=cycles "$data/cache-heap.xml" && {
  same "$data/cache-heap.cycles.folded" "$out" "folded --metric=cycles"
  sums_to "$out" 1120 "folded --metric=cycles"
}
run 0 export --format=folded "$data/cache-heap.xml" &&
  sums_to "$out" 1000 "folded cache-heap.xml (Ir)"
run 0 export --format=folded --metric D1mr "$data/cache-heap.xml" &&
  sums_to "$out" 12 "folded --metric D1mr"
twice export --format=folded --metric=alloc-bytes "$data/cache-heap.xml" &&
  same "$data/cache-heap.alloc-bytes.folded" "$out" \
    "folded --metric=alloc-bytes"
# Names: init of two objects, ??? with its object, < and & as they are.
twice export --format=folded "$data/names.xml" && {
  same "$data/names.folded" "$out" "folded names.xml"
  folded_rules "$out" "folded names.xml"
}
# Collection started inside main and starter: their contexts have no
# calls, and are frames all the same.
twice export --format=folded "$data/collect-off.xml" && {
  same "$data/collect-off.folded" "$out" "folded collect-off.xml"
  sums_to "$out" 16049 "folded collect-off.xml"
}
# A real report cut by the cap: its folded stacks add up to its total.
run 0 export --format=folded "$data/fib-capped.xml" && {
  sums_to "$out" "$(sed -n 's/.*<totals Ir="\([0-9]*\)".*/\1/p' \
    "$data/fib-capped.xml")" "folded fib-capped.xml"
  folded_rules "$out" "folded fib-capped.xml"
  has '^\[truncated\];_dl_relocate_object [0-9]*$' \
    "folded fib-capped.xml: no truncated root of _dl_relocate_object"
}
# Without contexts: one level per object, as before; --metric too.
run 0 export --format=folded "$plain" &&
  same "$HG_TEST_DATA/export/report.folded" "$out" "folded without contexts"
run 0 export --format=folded --metric=Dr "$plain" &&
  folded_rules "$out" "folded --metric=Dr without contexts"

# --- svg: an XML document, the same bytes twice; every frame with its
# figures (tests/flame-chromium.sh reads them from a browser).
twice export --format=svg "$data/contexts.xml" && {
  cp "$out" "$scratch/contexts.svg"
  checks=$((checks + 1))
  xmllint --noout "$out" 2>"$scratch/xmllint" ||
    fail "svg contexts.xml: not well-formed: $(cat "$scratch/xmllint")"
  checks=$((checks + 1))
  [ "$(grep -c '<g class="f"' "$out")" = 9 ] ||
    fail "svg contexts.xml: not 9 frames (all and 8 contexts)"
  has 'data-n="strlen" data-s="96" data-v="96"' "svg contexts.xml: main;work;strlen is not 96"
  has '>0 frames narrower than 0.1 px not drawn: 0 Ir (0.00%)<' "svg contexts.xml: does not say what it left out"
  checks=$((checks + 1))
  grep -qE 'href|https?://[^w]|@import|url\(' "$out" &&
    fail "svg contexts.xml: refers to something outside itself"
}
run 0 export --format=svg --title 'A & B' --width 600 "$data/names.xml" && {
  checks=$((checks + 1))
  grep -q 'width="600"' "$out" || fail "svg --width 600: not 600 wide"
  checks=$((checks + 1))
  grep -q '>A &amp; B</text>' "$out" || fail "svg --title: not escaped"
  has 'data-n="std::vector&lt;int&gt;::push_back(int&amp;&amp;)"' "svg names.xml: push_back's name not escaped"
  checks=$((checks + 1))
  xmllint --noout "$out" 2>/dev/null || fail "svg names.xml: not well-formed"
}
# At 200 px, main;init [prog];push_back (10 of 100 Ir) is 18 px: drawn;
# the share of a frame narrower than 0.1 px is said, not drawn.
run 0 export --format=svg --width 200 "$data/names.xml" && {
  checks=$((checks + 1))
  [ "$(grep -c '<g class="f"' "$out")" = 6 ] ||
    fail "svg --width 200: not 6 frames"
}

# --- diff --format=svg: head's widths, red where a frame's self grew,
# blue where it shrank (contexts-head.xml's comment: strlen under work
# +24, the largest change, the deepest red; helper -16, 16/24 of it),
# base's frames head lacks in a note.
head=$data/contexts-head.xml
twice diff --format=svg "$data/contexts.xml" "$head" && {
  checks=$((checks + 1))
  xmllint --noout "$out" 2>/dev/null || fail "diff svg: not well-formed"
  has 'data-n="strlen" data-s="120" data-v="120" data-x="224" data-d="3" data-c="rgb(255,30,30)" data-b="96"' "diff svg: main;work;strlen is not 120 (base 96), full red"
  has 'data-n="helper" data-s="20" data-v="44" data-x="180" data-d="2" data-c="rgb(92,92,255)" data-b="36"' "diff svg: main;helper is not 20 (base 36), blue"
  has '^self Ir: base 96, head 120, +24 (+25.00%)$' "diff svg: strlen's tooltip"
  has '^self Ir: base 36, head 20, -16 (-44.44%)$' "diff svg: helper's tooltip"
  checks=$((checks + 1))
  grep -q '>In base, not in head (1 frame, widths in base):</text>' "$out" &&
    grep -q '>  main;fib;fib;fib 120 Ir</text>' "$out" ||
    fail "diff svg: main;fib;fib;fib (120 in base) not listed as gone"
  checks=$((checks + 1))
  [ "$(grep -c '<g class="f"' "$out")" = 8 ] ||
    fail "diff svg: not 8 frames (all and head's 7 contexts)"
}
# A report against itself: nothing red or blue.
run 0 diff --format=svg -o "$scratch/same.svg" "$data/contexts.xml" \
    "$data/contexts.xml" && {
  checks=$((checks + 1))
  grep -qE 'rgb\(255,[0-9]+,[0-9]+\)"|rgb\([0-9]+,[0-9]+,255\)"' \
    "$scratch/same.svg" && fail "diff svg of a report with itself: coloured"
  checks=$((checks + 1))
  [ -s "$out" ] && fail "diff -o: wrote to stdout"
}
run 2 diff --format=svg --allow-exit=any "$plain" "$head" && {
  one_line_error "$plain" diff --format=svg --allow-exit=any "$plain" "$head"
  checks=$((checks + 1))
  grep -q 'no calling contexts' "$err" || fail "diff svg without contexts"
}
run 2 diff --format=svg --allow-exit=any "$data/contexts.xml" "$plain" &&
  one_line_error "$plain" diff --format=svg --allow-exit=any \
    "$data/contexts.xml" "$plain"
expect_usage_error diff --metric=Ir "$data/contexts.xml" "$head"
expect_usage_error diff --format=json -o x.json "$data/contexts.xml" "$head"
expect_usage_error diff --format=svg --metric=bogus "$data/contexts.xml" "$head"
expect_usage_error diff --format=svg --limit 3 "$data/contexts.xml" "$head"

# --- merge: contexts summed by stack (contexts.xml and contexts-head.xml:
# each stack's self is the sum of the two comments' figures, and
# main;fib;fib;fib is base's only: merged.folded); a truncated tree with
# itself: every figure twice, still truncated.
twice merge -o "$scratch/merged.xml" "$data/contexts.xml" "$head" && {
  cp "$scratch/merged.xml" "$scratch/merged-first.xml"
  run 0 merge -o "$scratch/merged.xml" "$data/contexts.xml" "$head" &&
    same "$scratch/merged-first.xml" "$scratch/merged.xml" "merge run twice"
  run 0 validate "$scratch/merged.xml"
  run 0 export --format=folded "$scratch/merged.xml" &&
    same "$data/merged.folded" "$out" "folded of the merged contexts"
}
run 0 merge -o "$scratch/merged2.xml" "$data/cache-heap.xml" \
    "$data/cache-heap.xml" && {
  run 0 validate "$scratch/merged2.xml"
  run 0 export --format=folded --metric=cycles "$scratch/merged2.xml" && {
    awk '{ $NF = 2 * $NF; print }' "$data/cache-heap.cycles.folded" \
      >"$scratch/doubled.folded"
    same "$scratch/doubled.folded" "$out" "folded cycles of cache-heap.xml twice"
  }
  checks=$((checks + 1))
  grep -q '<contexts max="3" count="4" truncated="yes">' "$scratch/merged2.xml" ||
    fail "merge of a truncated tree: not max 3, count 4, truncated"
}
run 2 merge -o "$scratch/mixed.xml" "$data/contexts.xml" \
    "$HG_TEST_DATA/graph/graph.xml" && {
  checks=$((checks + 1))
  grep -q 'calling contexts (<contexts>) absent, not present' "$err" ||
    fail "merge of reports with and without contexts: $(cat "$err")"
}

# --- json: the contexts as the report has them (read by Python's
# parsers, one from the XML, one from the JSON).
run 0 export --format=json "$data/cache-heap.xml" && {
  checks=$((checks + 1))
  /usr/bin/python3 - "$data/cache-heap.xml" "$out" <<'PY' || fail "json contexts"
import json, sys, xml.etree.ElementTree as ET
ctxs = ET.parse(sys.argv[1]).getroot().find("contexts")
j = json.load(open(sys.argv[2]))["contexts"]
def figures(node):
    return {k: int(v) for k, v in node.attrib.items()} if node is not None \
        else {"Ir": 0}
assert j["max"] == int(ctxs.get("max")) and j["count"] == 4, j
assert j["truncated"] is True and j["outside"] == figures(ctxs.find("outside"))
for c, x in zip(j["contexts"], ctxs.findall("context")):
    assert c["id"] == int(x.get("id")) and c["function"] == int(x.get("function"))
    assert c.get("parent") == (int(x.get("parent")) if x.get("parent") else None)
    assert c["calls"] == int(x.get("calls"))
    assert c["truncated"] == (x.get("truncated") == "yes")
    for k in ("self", "inclusive", "no-symbol"):
        assert c[k] == figures(x.find(k)), (c["id"], k, c[k])
PY
}

# --- refusals: status 2, one line.
run 2 export --format=svg "$plain" && {
  one_line_error "$plain" export --format=svg "$plain"
  checks=$((checks + 1))
  grep -q 'no calling contexts' "$err" || fail "svg without contexts: $(cat "$err")"
}
run 2 export --format=folded --metric=D1mr "$data/contexts.xml" && {
  one_line_error "$data/contexts.xml" export --format=folded --metric=D1mr
  checks=$((checks + 1))
  grep -q 'no D1mr figures (it was made without --cache-sim=yes)' "$err" ||
    fail "--metric=D1mr without cache: $(cat "$err")"
}
run 2 export --format=svg --metric=allocs "$data/contexts.xml" &&
  { checks=$((checks + 1))
    grep -q 'without --heap=yes' "$err" || fail "--metric=allocs: $(cat "$err")"; }
expect_usage_error export --format=folded --metric=incl-Ir "$data/contexts.xml"
expect_usage_error export --format=json --metric=Ir "$data/contexts.xml"
expect_usage_error export --format=folded --title T "$data/contexts.xml"
expect_usage_error export --format=svg --width 199 "$data/contexts.xml"
expect_usage_error export --format=svg --width 12px "$data/contexts.xml"
for bad in "$data"/rule-contexts-*.xml; do
  run 2 export --format=svg "$bad" &&
    one_line_error "$bad" export --format=svg "$bad"
done

finish
