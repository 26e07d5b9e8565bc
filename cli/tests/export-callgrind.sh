#!/bin/sh
# hotgrind export --format=callgrind read by the real callgrind_annotate:
# unknown code of two objects stays in two rows, each under its own
# object; a function's file is the full path its debug information gives
# (<function dir>), so callgrind_annotate finds the source from another
# directory; every cost is on line 0 (the file says it has no per-line
# data); the totals are the report's.  And the JSON export carries dir,
# <objects>, the launcher and the threads' sync-Ir.  GPL-2.0-or-later;
# part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  The report,
# data/export/unknown-code.xml, is written by hand, its figures chosen so
# that each row's is unique:
# work 600 (prog.c, dir = a folder made here), ??? of libz.so.1 300, ???
# of ld-linux-x86-64.so.2 70, _init (no file) of libz.so.1 20 and of
# libc.so.6 10: total 1000.  Exits 77 (skipped) without callgrind_annotate
# (Valgrind's, with perl), after the checks that do not need it.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no

src=$scratch/src
mkdir "$src" "$scratch/elsewhere" || exit 99
printf 'int work(int n)\n{\n    return n * 2;\n}\n' >"$src/prog.c"
# The fixture's dir is a placeholder for the folder made here.
sed "s|@SRC@|$src|" "$HG_TEST_DATA/export/unknown-code.xml" \
  >"$scratch/unknown.xml"
report=$scratch/unknown.xml
cg=$scratch/elsewhere/unknown.cg

run 0 validate "$report" || { finish; exit 1; }
run 0 export --format=callgrind -o "$cg" "$report"
# Two runs write the same bytes.
run 0 export --format=callgrind "$report" && same "$cg" "$out" "export twice"

# --- the file itself: full path, names, line 0, what it says of lines
has() {
  checks=$((checks + 1))
  grep -qxF -- "$1" "$cg" || fail "unknown.cg: no line '$1'"
}
has "fl=(1) $src/prog.c"
has "fn=(2) ??? [libz.so.1]"
has "fn=(3) ??? [ld-linux-x86-64.so.2]"
has "fn=(4) _init [libz.so.1]"
has "fn=(5) _init [libc.so.6]"
has "desc: Lines: none; hotgrind counts each function's cost, not its lines', so every cost is on line 0 (unknown)"
has "# No per-line data: each function's self cost is on line 0."
checks=$((checks + 1))
# Every cost line (a number, then costs) is on line 0.
grep -E '^[0-9]+ [0-9]' "$cg" | grep -qv '^0 ' &&
  fail "a cost on a line other than 0: $(grep -E '^[0-9]+ [0-9]' "$cg" | grep -v '^0 ' | head -1)"

# --- JSON: dir and the objects, as the report has them
if command -v python3 >/dev/null 2>&1; then
  run 0 export --format=json "$report" && {
    checks=$((checks + 1))
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
f = r["functions"]
assert f[0]["dir"] == sys.argv[2], f[0]
assert "dir" not in f[1]
assert list(r.keys()).index("objects") == list(r.keys()).index("functions") + 1
assert r["objects"] == [
    {"name": "ld-linux-x86-64.so.2", "soname": "ld-linux-x86-64.so.2"},
    {"name": "libc.so.6", "soname": "libc.so.6"},
    {"name": "libz.so.1", "soname": "libz.so.1", "build-id": "0123abcd"},
    {"name": "prog", "build-id": "00ff"}], r["objects"]
' "$out" "$src" 2>"$err" || fail "export --format=json: dir or objects"
  }
  # A report of hotgrind run with thread-events=yes (data/show/): its
  # <launcher> and the <thread sync-Ir>, as the XML has them.
  run 0 export --format=json "$HG_TEST_DATA/show/run-cache-heap-threads.xml" && {
    checks=$((checks + 1))
    python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
l = r["run"]["launcher"]
assert l["name"] == "hotgrind run", l
assert len(l["settings"]) == 17, l
assert l["settings"][0] == {"name": "program", "value": "t"}, l
assert l["settings"][9] == {"name": "open-fds", "value": "0 1 2 3 4"}, l
keys = list(r["run"].keys())
assert keys.index("launcher") == keys.index("environment") + 1, keys
t = r["threads"]
assert [x["sync-Ir"] for x in t] == [382, 0], t
assert list(t[0].keys())[:5] == ["id", "status", "Ir", "sync-Ir", "allocs"], t[0]
' "$out" 2>"$err" || fail "export --format=json: launcher or sync-Ir"
  }
fi

if ! command -v callgrind_annotate >/dev/null 2>&1 ||
   ! command -v perl >/dev/null 2>&1; then
  echo "SKIP: callgrind_annotate (Valgrind's, with perl) is not installed"
  finish
  exit 77
fi

# --- callgrind_annotate, run from another folder than the source's
cd "$scratch/elsewhere" || exit 99
callgrind_annotate --threshold=100 unknown.cg >"$scratch/annotated" 2>"$scratch/warnings"
# Its numbers without "(60.00%)" or thousands separators, spaces squeezed.
sed -e 's/([^)]*%)//g' -e 's/,//g' -e 's/  */ /g' -e 's/^ //' \
  "$scratch/annotated" >"$scratch/rows"
row() {
  checks=$((checks + 1))
  grep -qxF -- "$1" "$scratch/rows" || {
    fail "callgrind_annotate unknown.cg: no line '$1'"
    sed 's/^/    /' "$scratch/annotated" | head -40
  }
}
row "1000 PROGRAM TOTALS"
row "600 $src/prog.c:work [prog]"
row "300 ???:??? [libz.so.1] [libz.so.1]"
row "70 ???:??? [ld-linux-x86-64.so.2] [ld-linux-x86-64.so.2]"
row "20 ???:_init [libz.so.1] [libz.so.1]"
row "10 ???:_init [libc.so.6] [libc.so.6]"
# It found the source by its full path, and puts the function's cost on
# no line of it.
row "-- Auto-annotated source: $src/prog.c"
row "600 <counts for unidentified lines in $src/prog.c>"
checks=$((checks + 1))
grep -q 'could not be found' "$scratch/annotated" &&
  fail "callgrind_annotate: a source file not found"

finish
