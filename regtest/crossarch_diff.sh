#!/bin/sh
# hotgrind regression tests: `hotgrind diff` of one program's x86-64 run
# against its arm64 run.  GPL-2.0-or-later
#
# One small C program (below), built at -O0 for both architectures under
# two file names (prog_x86, prog_a64), run with --call-graph=yes natively
# and with the arm64 tool under qemu (arm64_lib.sh).  A reader of its own
# (xml.etree over the two reports, and the JSON diff) checks that:
#   - no function of the program, of the dynamic loader or of any other
#     object is shown removed and added under one name (without the
#     symbol version) and role: the program and ld-linux-x86-64.so.2 /
#     ld-linux-aarch64.so.1 pair by role, fopen@@GLIBC_2.2.5 with
#     fopen@@GLIBC_2.17;
#   - the per-call view has every function with calls that is the only
#     one of its name and role on each side, with the reports' calls and
#     self Ir, "calls-equal" as the reader finds them (the program's own
#     functions and fopen/fclose: equal), the ratio its own
#     (Ir/calls)/(Ir/calls), in order of distance from the run's ratio;
#   - the text says which matching rules applied; every format is the
#     same twice.
. "${srcdir:-.}/lib.sh"
. "$srcdir/arm64_lib.sh"

HOTGRIND_CLI=$top_builddir/cli/hotgrind
test -x "$HOTGRIND_CLI" || skip "no hotgrind command here (a build without cli/)"
t0=$(date +%s)
a64_build

# Calls of libc and of the program's own functions, the same on both
# architectures at -O0; the mutex and stdio make versioned symbols.
cat >crossarch.c <<'EOF'
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned long fib(unsigned n)
{
   return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static unsigned long sum_squares(unsigned n)
{
   unsigned long s = 0;
   for (unsigned i = 0; i < n; i++)
      s += (unsigned long)i * i;
   return s;
}

static void log_line(FILE *f, unsigned i, unsigned long v)
{
   fprintf(f, "%u %lu\n", i, v);
}

int main(void)
{
   FILE *f = fopen("/dev/null", "w");
   if (f == NULL)
      return 1;
   for (unsigned i = 0; i < 20; i++) {
      pthread_mutex_lock(&lock);
      log_line(f, i, fib(i % 12) + sum_squares(i * 10));
      pthread_mutex_unlock(&lock);
   }
   return fclose(f) != 0;
}
EOF
"$A64_CC" -g -O0 -pthread -o prog_a64 crossarch.c 2>cc-a64.log ||
   hard_error "cannot cross-compile crossarch.c: $(cat cc-a64.log)"
gcc -g -O0 -pthread -o prog_x86 crossarch.c 2>cc-x86.log ||
   hard_error "cannot compile crossarch.c: $(cat cc-x86.log)"

hg x86.xml --call-graph=yes -- ./prog_x86
with_arm64 hg a64.xml --call-graph=yes -- ./prog_a64

for f in text markdown json; do
   "$HOTGRIND_CLI" diff --format=$f --limit 0 x86.xml a64.xml >diff.$f \
      2>diff.$f.err || fail "diff --format=$f exited with $?"
   "$HOTGRIND_CLI" diff --format=$f --limit 0 x86.xml a64.xml >again.$f \
      2>/dev/null || fail "diff --format=$f exited with $? the second time"
   cmp diff.$f again.$f || fail "two diffs --format=$f differ"
done
pass "text, markdown and JSON: the same bytes twice"

for rule in "of the program by its role (prog_x86 -> prog_a64)" \
            "of the dynamic loader by its role (ld-linux-x86-64.so.2 -> ld-linux-aarch64.so.1)" \
            "by name without the symbol version (e.g. "; do
   grep "^Matched:   across architectures, " diff.text | grep -q -F "$rule" ||
      fail "the text does not say the rule '$rule' applied: $(grep '^Matched' diff.text)"
done
grep -q '^Per call:  self Ir per call head/base (amd64 -> arm64)' diff.text ||
   fail "the text has no per-call view"
pass "the text says which rules matched and has the per-call view"

"$PYTHON3" - x86.xml a64.xml diff.json >check.txt <<'PY' ||
import json, sys, xml.etree.ElementTree as ET

def load(path):
    root = ET.parse(path).getroot()
    exe = root.find("run/command/exe").text
    program = exe.rsplit("/", 1)[-1]
    fns = []
    for f in root.find("functions"):
        fns.append({"name": f.get("name"), "object": f.get("object"),
                    "file": f.get("file"), "line": int(f.get("line")),
                    "calls": int(f.get("calls", 0)),
                    "ir": int(f.find("self").get("Ir"))})
    return int(root.find("totals").get("Ir")), program, fns

def role(obj, program):
    if obj == program:
        return "(program)"
    if obj.startswith("ld-linux"):
        return "(loader)"
    return obj

def unversioned(name):
    at = name.find("@", 1)
    return name if at < 0 else name[:at]

def key(f, program):
    return (unversioned(f["name"]), role(f["object"], program))

(tb, pb, base), (th, ph, head) = load(sys.argv[1]), load(sys.argv[2])
out = json.load(open(sys.argv[3]))
bad = []

# Nothing shown removed and added under one key.
gone = {(unversioned(r["name"]), role(r["object"], pb)) for r in out["rows"]
        if r.get("status") == "removed" and r["name"] != "???"}
new = {(unversioned(r["name"]), role(r["object"], ph)) for r in out["rows"]
       if r.get("status") == "added" and r["name"] != "???"}
both = sorted(gone & new)
if both:
    bad.append(f"removed and added: {both[:5]}")

def by_key(fns, program):
    d = {}
    for f in fns:
        if f["name"] != "???":
            d.setdefault(key(f, program), []).append(f)
    return d
kb, kh = by_key(base, pb), by_key(head, ph)
shared = [k for k in kb if k in kh]
loader = [k for k in shared if k[1] == "(loader)"]
mine = sorted(k[0] for k in shared if k[1] == "(program)")
versioned = sorted(k[0] for k in shared
                   if any(f["name"] != g["name"] for f in kb[k] for g in kh[k]))
for name in ("fib", "sum_squares", "log_line", "main"):
    if name not in mine:
        bad.append(f"the reader finds no {name} in both programs")
if len(loader) < 20:
    bad.append(f"only {len(loader)} loader functions in both")
if "fopen" not in versioned:
    bad.append(f"fopen's version is the same on both ({versioned})")

# The per-call view: every function unique by key on both sides with calls.
view = out.get("per-call", {"rows": [], "functions": 0})
rows = view["rows"]
seen = {}
for r in rows:
    b, h = r["base"], r["head"]
    fb = [f for f in base if (f["name"], f["object"], f["file"], f["line"])
          == (b["name"], b["object"], b["file"], b["line"])]
    fh = [f for f in head if (f["name"], f["object"], f["file"], f["line"])
          == (h["name"], h["object"], h["file"], h["line"])]
    if len(fb) != 1 or len(fh) != 1:
        bad.append(f"per-call row {b['name']}: not one function in each report")
        continue
    fb, fh = fb[0], fh[0]
    if key(fb, pb) != key(fh, ph):
        bad.append(f"per-call row pairs {fb['name']} with {fh['name']}")
    if (b["calls"], b["Ir"], h["calls"], h["Ir"]) != (fb["calls"], fb["ir"], fh["calls"], fh["ir"]):
        bad.append(f"per-call row {b['name']}: figures not the reports'")
    if r["calls-equal"] != (fb["calls"] == fh["calls"]):
        bad.append(f"per-call row {b['name']}: calls-equal is wrong")
    if fb["calls"] and fh["calls"] and fb["ir"]:
        ratio = (fh["ir"] / fh["calls"]) / (fb["ir"] / fb["calls"])
        if r["ratio"] is None or abs(r["ratio"] - ratio) > 1e-6 * max(1, ratio):
            bad.append(f"per-call row {b['name']}: ratio {r['ratio']}, reader {ratio:.6f}")
        rel = ratio / (th / tb)
        r["distance"] = max(rel, 1 / rel) if rel else float("inf")
    seen[key(fb, pb)] = r
for k in shared:
    if len(kb[k]) == 1 and len(kh[k]) == 1 and k not in seen:
        bad.append(f"{k} is in both with calls but not in the per-call view")
for name in ("fib", "sum_squares", "log_line", "main", "fopen", "fclose"):
    k = (name, "(program)") if name in mine else (name, "libc.so.6")
    if k not in seen or not seen[k]["calls-equal"]:
        bad.append(f"{name}: calls not shown equal ({seen.get(k)})")
dist = [r["distance"] for r in rows if "distance" in r]
if any(a < b * (1 - 1e-5) for a, b in zip(dist, dist[1:])):
    bad.append("the per-call view is not sorted by distance from the run")
if len(rows) != view["functions"]:
    bad.append("--limit 0 does not show every per-call row")
if bad:
    print("; ".join(bad[:8]))
    sys.exit(1)
print(f"{len(shared)} functions by name and role in both ({len(loader)} of "
      f"ld.so, {len(mine)} of the program), none removed and added; "
      f"{len(rows)} per-call rows as the reader computes them; versioned: "
      + ", ".join(versioned[:4]))
PY
   fail "$(cat check.txt)"
pass "$(cat check.txt)"
echo "crossarch_diff.sh took $(($(date +%s) - t0)) s"
