# hotgrind regression tests: what the graph_*.sh tests
# run on each program (sourced after lib.sh, which sets srcdir).
# GPL-2.0-or-later
# shellcheck disable=SC2154  # srcdir: set by the sourcing test's lib.sh

# expect_identities REPORT: the report's own identities (cgr_edges.py
# check), its last line printed, and its contexts' (contexts.py check).
expect_identities() {
   "$PYTHON3" "$srcdir/cgr_edges.py" check "$1" >"$1.check" 2>&1 || {
      cat "$1.check" >&2
      fail "$1: the call graph's identities do not hold"
   }
   pass "$1: $(tail -n 1 "$1.check")"
   expect_context_identities "$1"
}

# expect_context_identities REPORT: the calling contexts' identities
# (contexts.py check), its last line printed.
expect_context_identities() {
   "$PYTHON3" "$srcdir/contexts.py" check "$1" >"$1.ctx-check" 2>&1 || {
      cat "$1.ctx-check" >&2
      fail "$1: the calling contexts' identities do not hold"
   }
   pass "$1: $(tail -n 1 "$1.ctx-check")"
}

# contexts_as_cachegrind REPORT CGOUT: each function's self Ir summed
# over its contexts, and the total, equal Cachegrind's (contexts.py
# cachegrind).
contexts_as_cachegrind() {
   "$PYTHON3" "$srcdir/contexts.py" cachegrind "$1" "$2" \
      >"$1.ctx-cg" 2>&1 || {
      cat "$1.ctx-cg" >&2
      fail "$1: self Ir over the contexts differ from Cachegrind's $2"
   }
   pass "$1: $(tail -n 1 "$1.ctx-cg")"
}

# identities NAME PROG [ARGS...]: PROG under hotgrind --call-graph=yes
# (NAME.xml), and the report's identities.
identities() {
   _n=$1; shift
   hg "$_n.xml" --call-graph=yes -- "$@"
   expect_identities "$_n.xml"
}

# edge REPORT CALLER CALLEE COLUMN: the edge's calls (3) or Ir (4), 0
# when there is no such edge.
edge() {
   "$PYTHON3" "$srcdir/cgr_edges.py" edges "$1" |
      awk -F '\t' -v a="$2" -v b="$3" -v c="$4" \
         '$1 == a && $2 == b { v = $c } END { print v + 0 }'
}

# compare_edges NAME PROG [ARGS...]: NAME.xml's edges against Callgrind's
# NAME.cgr.  When cgr_edges.py asks (exit 2) to prove a fall-through,
# it gets a second Callgrind run with --dump-instr=yes (NAME.cgr-instr)
# and a Cachegrind run without chasing (NAME.cg-nochase): programs
# without one pay no extra run.
compare_edges() {
   _n=$1; shift
   _st=0
   # shellcheck disable=SC2086  # --exclude-callee=NAME words
   "$PYTHON3" "$srcdir/cgr_edges.py" compare "$_n.xml" "$_n.cgr" \
      ${EXCLUDE:-} >"$_n.compare" 2>&1 || _st=$?
   if test $_st = 2; then
      run_client_env "$VG_IN_PLACE" --tool=callgrind --dump-instr=yes \
         --compress-strings=no --compress-pos=no \
         --callgrind-out-file="$_n.cgr-instr" "$@" \
         >"$_n.cgr-instr.stdout" 2>"$_n.cgr-instr.stderr" ||
         fail "callgrind run exited with $? (see $WORK/$_n.cgr-instr.stderr)"
      # The proof sets Callgrind's self Ir against Cachegrind's, so both
      # without chasing (Callgrind forces it off): with it, Cachegrind
      # also counts the instructions of an `a && b` merge that did not
      # run (docs/performance.md "Why counts move"), 26 Ir of libc's
      # __strcasecmp_l_avx2 under cc1 (graph_cc1.sh).
      cg "$_n.cg-nochase" --vex-guest-chase=no "$@"
      _st=0
      # shellcheck disable=SC2086
      "$PYTHON3" "$srcdir/cgr_edges.py" compare "$_n.xml" "$_n.cgr" \
         ${EXCLUDE:-} --instr="$_n.cgr-instr" --cachegrind="$_n.cg-nochase" \
         >"$_n.compare" 2>&1 || _st=$?
      grep -v '^match:' "$_n.compare" || :
   fi
   test $_st = 0 || {
      cat "$_n.compare" >&2
      fail "$_n.xml: edge calls differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.compare")"
}

# graph NAME PROG [ARGS...]: the identities, and Callgrind's edges.
# EXCLUDE: --exclude-callee=NAME words for cgr_edges.py compare and
# inclusive, with the reason given where it is set.
graph() {
   identities "$@"
   _n=$1; shift
   cgr "$_n.cgr" "$@"
   cmp -s "$_n.xml.stdout" "$_n.cgr.stdout" ||
      fail "$* printed different output under hotgrind and Callgrind"
   cg "$_n.cg" "$@"
   compare_edges "$_n" "$@"
   if test -z "${SCHEDULING_DEPENDENT:-}"; then
      oracle "$_n.xml" "$_n.cg" >/dev/null
      pass "$_n: self Ir equal Cachegrind's"
      contexts_as_cachegrind "$_n.xml" "$_n.cg"
   fi
   hg "$_n-nochase.xml" --call-graph=yes --vex-guest-chase=no -- "$@"
   # NO_INCLUSIVE: the caller says why the comparison is left out.
   if test -n "${NO_INCLUSIVE:-}"; then
      echo "note: $_n: inclusive Ir not compared with Callgrind's: $NO_INCLUSIVE"
      return 0
   fi
   # shellcheck disable=SC2086  # --exclude-callee=NAME words
   "$PYTHON3" "$srcdir/cgr_edges.py" inclusive "$_n-nochase.xml" "$_n.cgr" \
      "$_n.cg" ${EXCLUDE:-} --fall-throughs="$_n.compare" \
      >"$_n.inclusive" 2>&1 || {
      cat "$_n.inclusive" >&2
      fail "$_n-nochase.xml: inclusive Ir differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.inclusive")"
}

# compiler_graph NAME COMPILER INPUT: the compiler (cc1, cc1plus) at -O2
# on the preprocessed INPUT as graph runs it (NAME.xml, NAME-nochase.xml,
# NAME.cgr, NAME.cg), then both reports pass `hotgrind validate` and
# every edge's calls equal the chase-off run's.  -frandom-seed: without
# it the compilers seed their symbol-name hashing from /dev/urandom,
# which hotgrind pins (--det-random) and Callgrind does not, and the
# lengths of the names they make move malloc's work.  The assembly goes
# to /dev/null in every run: cc1 does other work when its output file
# exists already (880,479,752 Ir against 880,284,230 here), so a second
# run writing the first one's file would differ.
compiler_graph() {
   graph "$1" "$2" -quiet -fpreprocessed -frandom-seed=1 -O2 "$3" -o /dev/null
   for _r in "$1.xml" "$1-nochase.xml"; do
      "$top_builddir/cli/hotgrind" validate "$_r" >"$_r.validate" 2>&1 ||
         fail "$_r: hotgrind validate refuses it: $(cat "$_r.validate")"
   done
   pass "$1: hotgrind validate accepts both reports"
   "$PYTHON3" "$srcdir/cgr_edges.py" edges "$1.xml" | cut -f 1-3 | sort >"$1.xml.edges"
   "$PYTHON3" "$srcdir/cgr_edges.py" edges "$1-nochase.xml" | cut -f 1-3 |
      sort >"$1-nochase.xml.edges"
   test -s "$1.xml.edges" || fail "$1.xml: no edges"
   cmp -s "$1.xml.edges" "$1-nochase.xml.edges" || {
      diff "$1.xml.edges" "$1-nochase.xml.edges" | head -n 20 >&2
      fail "$1.xml and $1-nochase.xml: the edges' calls differ"
   }
   pass "$1.xml: $(grep -c '' "$1.xml.edges") edges, each with the calls of $1-nochase.xml"
}
