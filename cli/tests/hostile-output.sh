#!/bin/sh
# hotgrind diff, check and export on names made to attack their readers
# (issue 30): markdown for a pull-request comment where a name could be
# markup, a mention or a link; JSON, JUnit and SVG where a name or a file
# name holds bytes that are not UTF-8.  GPL-2.0-or-later; part of
# hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.
# The reports are written below from hostile names; hostile_check.py
# reads each output the way its consumer would (code spans as CommonMark
# reads them, json, xml.etree), independently of hotgrind.

. "$(dirname "$0")/lib.sh"
py=/usr/bin/python3
checker=$(cd "$(dirname "$0")" && pwd)/hostile_check.py
cd "$scratch" || exit 99

# reads KIND FILE WHAT: FILE passes hostile_check.py KIND.
reads() {
  checks=$((checks + 1))
  "$py" "$checker" "$1" "$2" >"$scratch/checker" 2>&1 ||
    fail "$3: $(cat "$scratch/checker")"
}

# twice STATUS ARGS...: the same bytes from two runs; leaves the output
# in $out.
twice() {
  run "$@" || return 1
  cp "$out" "$scratch/first"
  run "$@" || return 1
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# The reports: a library, a mark pattern and functions named to be
# markup, a mention and a link, backticks and pipes; base and head differ
# in the library's build-id and in the marks, so diff warns that the runs
# were measured differently, naming both.
"$py" - <<'PYEOF' || exit 99
from xml.sax.saxutils import quoteattr
lib = "lib<img src=x onerror=alert(1)>.so"
mark = "</details><h1>Approved</h1>"
functions = ["@octocat https://evil.example/x", "tick`s``and|pipes",
             "<img src=x onerror=alert(2)>", "main"]
def report(path, build_id, marks, scale):
    rows = "".join(
        '    <function name=%s object=%s file="a.c" line="1">\n'
        '      <self Ir="%d"/>\n    </function>\n'
        % (quoteattr(f), quoteattr(lib), (i + 1) * 1000 * scale)
        for i, f in enumerate(functions))
    total = sum((i + 1) * 1000 * scale for i in range(len(functions)))
    marks_xml = "".join('    <mark pattern=%s functions="0" entered="0"/>\n'
                        % quoteattr(m) for m in marks)
    open(path, "w").write(
        '<?xml version="1.0" encoding="UTF-8"?>\n<hotgrind format="1">\n'
        '  <run>\n    <tool name="hotgrind" version="0.1.0"/>\n'
        '    <valgrind version="3.19.0"/>\n    <arch>amd64</arch>\n'
        '    <command>\n      <exe>./prog</exe>\n    </command>\n  </run>\n'
        '  <totals Ir="%d"/>\n  <functions>\n%s  </functions>\n'
        '  <objects>\n    <object name=%s build-id="%s"/>\n  </objects>\n'
        '%s</hotgrind>\n'
        % (total, rows, quoteattr(lib), build_id,
           "  <marks>\n%s  </marks>\n" % marks_xml if marks else ""))
report("base.xml", "00aa", ["main"], 1)
report("head.xml", "00bb", ["main", mark], 2)
PYEOF
# A file name that is markup and a mention (a ',' would make it suite
# runs).
evil_file='h<img=x=onerror=alert(3)>@octocat.xml'
cp head.xml "$evil_file"

# Item 1: diff's markdown, the runs-differ warning included.
for head in head.xml "$evil_file"; do
  twice 0 diff --format=markdown base.xml "$head" &&
    reads markdown "$out" "diff --format=markdown base.xml $head"
done

# A Valgrind version is a report's text too, and the note on it quotes it
# (found by fuzz/output-names.py).
sed 's|<valgrind version="3.19.0"/>|<valgrind version="@octocat\&lt;img/src=x/onerror=alert(6)\&gt;"/>|' \
  head.xml >vg-head.xml
twice 0 diff --format=markdown base.xml vg-head.xml &&
  reads markdown "$out" "diff --format=markdown, a Valgrind version as markup"
checks=$((checks + 1))
grep -q '^\*\*Note:\*\* `Valgrind`: `' "$out" ||
  fail "diff --format=markdown: no note on the Valgrind versions"

# Item 2: check's markdown, a function's name a mention and a link, a
# policy's patterns markup; the policy's file name too.
cat >policy.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<policy format="1">
  <budgets>
    <function pattern="@octocat https://evil.example/x" metric="Ir" max="1"/>
    <function pattern="none&lt;img src=x onerror=alert(4)&gt;|`x`" metric="Ir" max="1"/>
  </budgets>
  <thresholds regression="10" improvement="10" default-metrics="no">
    <metric name="Ir"/>
  </thresholds>
</policy>
XML
evil_policy='p<img=x=onerror=alert(5)>@octocat.xml'
cp policy.xml "$evil_policy"
twice 1 check --policy policy.xml --format=markdown base.xml vg-head.xml &&
  reads markdown "$out" "check --format=markdown, a Valgrind version as markup"
for policy in policy.xml "$evil_policy"; do
  twice 1 check --policy "$policy" --format=markdown base.xml "$evil_file" &&
    reads markdown "$out" "check --format=markdown --policy $policy"
  twice 1 check --policy "$policy" --format=markdown \
    --history-url https://example.org/h base.xml head.xml &&
    reads markdown "$out" "check --format=markdown --history-url"
done

# Item 3: SVG from a --title whose bytes are not UTF-8 (\377\376, and a
# lone continuation byte \200): well-formed XML all the same.
bad_title=$(printf 'b \377\376 r \200 <&>')
contexts=$HG_TEST_DATA/contexts
# Each byte that starts no character is U+FFFD (\357\277\275).
fixed_title=$(printf 'b \357\277\275\357\277\275 r \357\277\275 &lt;&amp;&gt;')
twice 0 export --format=svg --title "$bad_title" "$contexts/contexts.xml" &&
  { reads xml "$out" "export --format=svg --title with bytes not UTF-8"
    checks=$((checks + 1))
    grep -qF "$fixed_title" "$out" ||
      fail "export --format=svg: the title's bytes are not U+FFFD each"; }
twice 0 diff --format=svg --title "$bad_title" "$contexts/contexts.xml" \
    "$contexts/contexts-head.xml" &&
  reads xml "$out" "diff --format=svg --title with bytes not UTF-8"

# Item 4: JSON and JUnit where a policy's and a report's file names hold
# bytes that are not UTF-8 (the shell's printf makes them).
bad_policy=$(printf 'p\377\376.xml')
bad_head=$(printf 'h\377\200.xml')
cp policy.xml "$bad_policy"
cp head.xml "$bad_head"
twice 1 check --policy "$bad_policy" --format=json base.xml "$bad_head" &&
  reads json "$out" "check --format=json, file names not UTF-8"
twice 1 check --policy "$bad_policy" --format=junit base.xml "$bad_head" &&
  reads xml "$out" "check --format=junit, file names not UTF-8"
twice 0 diff --format=json base.xml "$bad_head" &&
  reads json "$out" "diff --format=json, a file name not UTF-8"
twice 0 export --format=json "$bad_head" &&
  reads json "$out" "export --format=json, a file name not UTF-8"

# Item 12: a change from 1 Ir to 2^64-1 Ir is (2^64-2) * 100 percent,
# the true figure in text, markdown and JSON alike (worked out by Python
# from the two counts, not from hotgrind's output).
sed 's/Ir="[0-9]*"/Ir="1"/g' base.xml | "$py" -c '
import sys, re
text = sys.stdin.read()
# One function only: the totals are then its count.
text = re.sub(r"    <function name=(?!\"main\").*?</function>\n", "", text,
              flags=re.S)
open("big-base.xml", "w").write(text)
open("big-head.xml", "w").write(text.replace("Ir=\"1\"",
                                             "Ir=\"%d\"" % (2**64 - 1)))
' || exit 99
percent=$("$py" -c 'print("%d.00" % ((2**64 - 2) * 100))')
twice 0 diff big-base.xml big-head.xml 2>/dev/null &&
  { checks=$((checks + 1))
    grep -q "^(total) .* +$percent%\$" "$out" ||
      fail "diff: the total's change is not +$percent%"; }
twice 0 diff --format=markdown big-base.xml big-head.xml 2>/dev/null &&
  { checks=$((checks + 1))
    grep -qF "| +$percent% |" "$out" ||
      fail "diff --format=markdown: the change is not +$percent%"; }
twice 0 diff --format=json big-base.xml big-head.xml 2>/dev/null &&
  { checks=$((checks + 1))
    "$py" -c '
import sys, json
from decimal import Decimal
doc = json.load(open(sys.argv[1]), parse_float=Decimal)
got = [m["percent"] for r in doc["rows"] for m in r["metrics"]]
assert got == [Decimal((2**64 - 2) * 100)] * 2, got
' "$out" >"$scratch/checker" 2>&1 ||
      fail "diff --format=json: percent: $(tail -n 1 "$scratch/checker")"; }

finish
