#!/bin/sh
# hotgrind regression tests: hash tables seeded from the OS, pinned by
# --det-random=yes (issue 27's programs).  GPL-2.0-or-later
#
#   1. det_hashmap.rs, built at test time with Debian's rustc -O
#      (/usr/bin/rustc, tools/install-deps.sh installs it; skipped only
#      when it is absent): 20,000 strings into a std HashMap, whose
#      RandomState takes its SipHash keys from getrandom, then lookups.
#      Three `hotgrind run`s: byte-identical reports; the checksum
#      599,990,000 worked out in det_hashmap.rs.  Two runs with
#      --det-random=no: the totals differ (the keys move the probing),
#      so the three would have differed without the pin.
#   2. det_dict.py under Debian's python3 -S (/usr/bin/python3): 20,000
#      strings into a dict, CPython's string hashes keyed by a secret
#      from getrandom: the same checks (checksum in det_dict.py).
#   3. det_dict.py threads, four threads doing dict work, under
#      --det-sched=yes without PYTHONHASHSEED (needs HOTGRIND_INTREE, a
#      Valgrind built with patches/, as det_sched.sh; skipped, saying so,
#      when it is unset): three byte-identical reports.
PYTHON3=/usr/bin/python3
. "${srcdir:-.}/lib.sh"
. "$srcdir/run_lib.sh"

RUSTC=/usr/bin/rustc
PY=/usr/bin/python3
test -x "$PY" || skip "Debian's python3 ($PY) is needed"

# three NAME PROG ARGS: three `hotgrind run`s, byte-identical reports and
# output.
three() {
   _n=$1; shift
   for _i in 1 2 3; do
      hgrun "$_n.$_i.xml" -- "$@"
   done
   for _i in 2 3; do
      cmp "$_n.1.xml" "$_n.$_i.xml" || fail "$_n: hotgrind runs 1 and $_i gave different reports"
      cmp -s "$_n.1.xml.stdout" "$_n.$_i.xml.stdout" || fail "$_n: runs 1 and $_i printed different things"
   done
   expect_eq "$_n: det-random in the report" \
      "$(xpath "$_n.1.xml" 'string(/hotgrind/run/options/option[@name="det-random"]/@value)')" yes
   pass "$_n: 3 hotgrind runs, identical reports, total $(total_ir "$_n.1.xml") Ir"
}

# moves NAME PROG ARGS: two `hotgrind run --det-random=no`s give
# different totals.
moves() {
   _n=$1; shift
   hgrun "$_n.off1.xml" --det-random=no -- "$@"
   hgrun "$_n.off2.xml" --det-random=no -- "$@"
   _a=$(total_ir "$_n.off1.xml") _b=$(total_ir "$_n.off2.xml")
   test "$_a" != "$_b" ||
      fail "$_n: two runs with --det-random=no gave the same total $_a: the test could not tell a pinned run from one that is not"
   pass "$_n: --det-random=no moves the count: $_a and $_b Ir ($((_b - _a)))"
}

# 1. Rust
if test -x "$RUSTC"; then
   "$RUSTC" -O -g -o det_hashmap "$srcdir/det_hashmap.rs" 2>rustc.log ||
      hard_error "rustc cannot build det_hashmap.rs: $(cat rustc.log)"
   three rust ./det_hashmap
   expect_eq "rust: output" "$(cat rust.1.xml.stdout)" "20000 599990000"
   "$PYTHON3" "$srcdir/det_inputs.py" rows rust.1.xml
   moves rust ./det_hashmap
else
   echo "note: $RUSTC is absent (Debian's rustc: tools/install-deps.sh): the Rust HashMap part is skipped"
   rust_skipped=yes
fi

# 2. CPython dict
three dict "$PY" -S "$srcdir/det_dict.py"
expect_eq "dict: output" "$(cat dict.1.xml.stdout)" "20000 599990000"
"$PYTHON3" "$srcdir/det_inputs.py" rows dict.1.xml
moves dict "$PY" -S "$srcdir/det_dict.py"

# 3. four CPython threads under --det-sched=yes
if test -n "${HOTGRIND_INTREE:-}"; then
   . "$srcdir/det_lib.sh"
   det_intree --det-sched=yes
   for i in 1 2 3; do
      hg threads.$i.xml --det-sched=yes -- "$PY" -S "$srcdir/det_dict.py" threads
   done
   expect_eq "threads: output" "$(cat threads.1.xml.stdout)" "4 149990000"
   cmp threads.1.xml threads.2.xml || fail "threads: runs 1 and 2 gave different reports under --det-sched=yes"
   cmp threads.1.xml threads.3.xml || fail "threads: runs 1 and 3 gave different reports under --det-sched=yes"
   expect_eq "threads: threads in the report" "$(xpath threads.1.xml 'count(/hotgrind/threads/thread)')" 5
   pass "threads: 3 runs of four CPython threads under --det-sched=yes without PYTHONHASHSEED, identical reports, total $(total_ir threads.1.xml) Ir"
else
   echo "note: HOTGRIND_INTREE is not set: the four-thread CPython part (--det-sched=yes) is skipped (test.sh builds one: tools/build-in-tree.sh)"
fi
test "${rust_skipped:-no}" = no || skip "rustc absent: the Rust part did not run (the rest passed)"
