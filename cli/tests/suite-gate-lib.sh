# What the suite-gate-*.sh tests share: suite run directories made by hand
# from the reports of tests/data/suite-gate (see make-reports.sh there),
# with the manifest `hotgrind suite run` writes (docs/ci.md, "A benchmark
# suite").  Sourced after lib.sh, not run.  GPL-2.0-or-later; part of
# hotgrind.
#
# The fixtures' reports: count.c built with tick() called TICKS times,
# tick marked, so each report's calls of tick are known by hand:
#   alpha-base.xml 100, alpha-head.xml 150, beta.xml 200, gamma.xml 50,
#   delta-base.xml 80.

fixtures=$HG_TEST_DATA/suite-gate

# need_python MODULE...: Debian's interpreter has the modules (the python3
# on PATH may be another without them), or the test cannot run (99).
py=/usr/bin/python3
need_python() {
  for module in "$@"; do
    "$py" -c "import $module" 2>/dev/null && continue
    echo "FAIL: needs /usr/bin/python3 with $module (tools/install-deps.sh)"
    exit 99
  done
}

# suite_run DIR SUITE SHARD ENTRY...: a suite run directory DIR of suite
# SUITE; SHARD is "I/N" or "-" (not sharded); each ENTRY is
# NAME:ok:FIXTURE (the report copied as DIR/NAME.xml), NAME:crashed:SIGNAL,
# NAME:failed:STATUS or NAME:timeout.
suite_run() {
  dir=$1 suite=$2 shard=$3; shift 3
  mkdir -p "$dir"
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<suite-run format=\"1\" suite=\"$suite\">"
    [ "$shard" = - ] ||
      echo "  <shard index=\"${shard%/*}\" count=\"${shard#*/}\"/>"
    for entry in "$@"; do
      name=${entry%%:*} rest=${entry#*:}
      status=${rest%%:*} what=${rest#*:}
      # Its place in the suite file the runs were made from.
      case $name in
        alpha) at=1 ;; beta) at=2 ;; gamma) at=3 ;; delta) at=4 ;; *) at=5 ;;
      esac
      bench="  <benchmark name=\"$name\" position=\"$at\" status=\"$status\""
      case $status in
        ok) cp "$fixtures/$what" "$dir/$name.xml"
            echo "$bench exit=\"0\" report=\"$name.xml\" ir=\"1\"/>" ;;
        crashed) echo "$bench signal=\"$what\"/>" ;;
        failed) echo "$bench exit=\"$what\"/>" ;;
        *) echo "$bench/>" ;;
      esac
    done
    echo '</suite-run>'
  } >"$dir/manifest.xml"
}

# suite_json OUTER INNER MEMBER FILE [PYTHON]: FILE is valid against
# docs/OUTER, and each benchmark's MEMBER that is not null against
# docs/INNER (jsonschema, as a consumer validates); then PYTHON asserts,
# with doc (numbers as Decimal), plain (as json.load reads it) and
# schema(NAME), a validator of docs/NAME.
suite_json() {
  checks=$((checks + 1))
  "$py" - "$HG_SCHEMA_DIR" "$4" "$1" "$2" "$3" >"$scratch/py.out" 2>&1 <<PY ||
import json, sys
from decimal import Decimal
import jsonschema
def schema(name):
    s = json.load(open(sys.argv[1] + "/" + name))
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)
doc = json.loads(open(sys.argv[2]).read(), parse_float=Decimal)
plain = json.load(open(sys.argv[2]))
schema(sys.argv[3]).validate(plain)
for b in plain["benchmarks"]:
    if b[sys.argv[5]] is not None:
        schema(sys.argv[4]).validate(b[sys.argv[5]])
${5:-}
PY
  { fail "$4 against $1:"; sed 's/^/    /' "$scratch/py.out"; }
}

# has_line LINE: stdout of the last run has exactly LINE as a line.
has_line() {
  checks=$((checks + 1))
  grep -Fxq -- "$1" "$out" || fail "no line '$1'"
}

# twice_same STATUS ARGS...: two runs of hotgrind ARGS give the same bytes
# (determinism); the output stays in $out.
twice_same() {
  run "$@" || return
  cp "$out" "$scratch/first"
  run "$@" || return
  same "$scratch/first" "$out" "a second run of hotgrind $*"
}

# history_links STATUS ROW WHAT ARGS...: hotgrind ARGS --history-url
# https://example.org/h base head (twice, the same bytes) links alpha's
# tick to its page under the benchmark's name, as history record files a
# suite run (alpha, not its program count), the page's path computed
# apart (history_page.py): a line matches ROW, a grep pattern where TICK
# stands for that path; WHAT names the link when it is not there.  With
# the links taken out, the output is that of the run before (in $out).
history_links() {
  status=$1 row=$2 what=$3; shift 3
  cp "$out" plain.md
  twice_same "$status" "$@" --history-url https://example.org/h base head
  tick=$("$py" "$HG_TEST_DATA/../history_page.py" \
    "$fixtures/alpha-base.xml" alpha | awk -F '\t' '$1 == "tick" { print $4 }')
  checks=$((checks + 1))
  grep -q "${row%%TICK*}$tick${row#*TICK}" "$out" ||
    fail "$what is not linked to its page under alpha ($tick)"
  sed 's#\[\(`[^`]*`\)\](https://example.org/h/functions/[0-9a-f]\{16\}\.html)#\1#' \
    "$out" >unlinked.md
  same plain.md unlinked.md "the markdown with its links taken out"
}

# The suite of most tests: alpha regressed (100 -> 150 calls of tick),
# beta unchanged (200), gamma removed, delta crashed in head.
standard_suite() {
  suite_run base count - alpha:ok:alpha-base.xml beta:ok:beta.xml \
    gamma:ok:gamma.xml delta:ok:delta-base.xml
  suite_run head count - alpha:ok:alpha-head.xml beta:ok:beta.xml \
    delta:crashed:SEGV
}

# The policy of most tests: calls judged alone (every figure a hand
# count), at the default 5%; a budget scoped to the benchmarks al*.
write_policy() {
  cat >"$1" <<'POLICY'
<?xml version="1.0" encoding="UTF-8"?>
<policy format="1">
  <budgets>
    <function pattern="tick" metric="calls" max="160" benchmark="al*"/>
  </budgets>
  <thresholds default-metrics="no">
    <metric name="calls"/>
  </thresholds>
</policy>
POLICY
}
