#!/bin/sh
# hotgrind: large reports.  validate and merge read reports as streams, so
# their memory does not grow with the size of a report; past 16 MiB the
# other commands leave out the schema, not the rules.
# GPL-2.0-or-later; part of hotgrind.
#
# A report of 100,000 functions (11 MB) is validated and merged with
# itself under a limit of 120 MB of address space.  Building the whole
# document, as validate and merge's checks did, took about 20 times the
# file (216 MB for validate, 390 MB for merge) and failed here; streaming,
# they take 6 MB and 28 MB.

. "$(dirname "$0")/lib.sh"

# The start of a large report of N functions, up to <functions>, with
# OPTIONS (<option> lines) in <run>: an awk function for the generators.
report_start='
  function report_start(n, options) {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    print "<hotgrind format=\"1\">"
    print "  <run>"
    print "    <tool name=\"hotgrind\" version=\"0.1.0\"/>"
    print "    <valgrind version=\"3.19.0\"/>"
    print "    <arch>amd64</arch>"
    print "    <command>"
    print "      <exe>big</exe>"
    print "    </command>"
    if (options != "")
      print "    <options>\n" options "\n    </options>"
    print "  </run>"
    printf "  <totals Ir=\"%d\"/>\n", n
    print "  <functions>"
  }'

# big N OUT [ATTRIBUTES]: a valid report of N functions, the first one
# with ATTRIBUTES added.
big() {
  awk -v n="$1" -v extra="${3:-}" "$report_start"'
  BEGIN {
    report_start(n, "")
    for (i = 0; i < n; i++)
      printf "    <function name=\"function_%07d\" object=\"big\" " \
             "file=\"big.c\" line=\"%d\"%s>\n      <self Ir=\"1\"/>\n" \
             "    </function>\n", i, i + 1, i == 0 ? extra : ""
    print "  </functions>"
    print "</hotgrind>"
  }' >"$2" || exit 99
}
report=$scratch/big.xml
big 100000 "$report"

# The limit must be one this shell can set (not under a sanitizer, which
# reserves terabytes of address space).
(ulimit -v 120000 && "$HOTGRIND" --version) >/dev/null 2>&1 || exit 77

limited() { (ulimit -v 120000 && exec "$HOTGRIND" "$@"); }

checks=$((checks + 1))
limited validate "$report" >"$out" 2>"$err" ||
  fail "validate of 100,000 functions under 120 MB"
checks=$((checks + 1))
limited merge -o "$scratch/merged.xml" "$report" "$report" >"$out" 2>"$err" ||
  fail "merge of two reports of 100,000 functions under 120 MB"
checks=$((checks + 1))
limited validate "$scratch/merged.xml" >"$out" 2>"$err" &&
  grep -q '<self Ir="2"/>' "$scratch/merged.xml" ||
  fail "the merged report is not valid, or not the sum"

# Past 16 MiB (HG_SCHEMA_CHECKED_BYTES), the other commands leave the
# schema out, which would cost them 3 to 5 times the time of reading the
# report; the loader's checks and the rules stay.  validate always checks
# the schema.
big 150000 "$scratch/unknown.xml" ' colour="red"'
big 150000 "$scratch/rule.xml" ' calls="3"'
run 0 show --limit 1 "$scratch/unknown.xml"
expect_trouble validate "$scratch/unknown.xml" &&
  { grep -q "line 13: Element 'function', attribute 'colour'" "$err" ||
      fail "validate of a large report: not the schema's problem"; }
expect_trouble show "$scratch/rule.xml" &&
  { grep -q 'line 13: <function> has a calls attribute but no marked="yes"' "$err" ||
      fail "show of a large report: not the rule's problem"; }

# A call graph of 100,000 functions, each calling the next four (about
# 400,000 calls, 36 MB): validate keeps what the call graph's rules need,
# 120 bytes a function, its name and object, and 24 a call (the cycle
# search then adds 48 bytes a function), within the same 120 MB.
awk -v n=100000 "$report_start"'
BEGIN {
  report_start(n, "      <option name=\"call-graph\" value=\"yes\"/>")
  for (i = 1; i <= n; i++) {
    callees = n - i < 4 ? n - i : 4
    callers = i - 1 < 4 ? i - 1 : 4
    printf "    <function name=\"function_%07d\" object=\"big\" " \
           "file=\"big.c\" line=\"%d\" calls=\"%d\" id=\"%d\"%s>\n" \
           "      <self Ir=\"1\"/>\n      <inclusive Ir=\"%d\"/>\n", i, i,
           i == 1 ? 1 : callers, i, i == 1 ? " outside-calls=\"1\"" : "",
           1 + callees
    if (callees > 0) {
      print "      <callees>"
      for (j = 1; j <= callees; j++)
        printf "        <call callee=\"%d\" calls=\"1\" Ir=\"1\"/>\n", i + j
      print "      </callees>"
    }
    print "    </function>"
  }
  print "  </functions>"
  print "</hotgrind>"
}' >"$scratch/graph.xml" || exit 99
checks=$((checks + 1))
limited validate "$scratch/graph.xml" >"$out" 2>"$err" ||
  fail "validate of a call graph of 100,000 functions under 120 MB"

finish
