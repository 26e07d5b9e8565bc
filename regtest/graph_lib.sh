# hotgrind regression tests: what graph_callgrind.sh and graph_debian.sh
# run on each program (sourced after lib.sh, which sets srcdir).
# GPL-2.0-or-later
# shellcheck disable=SC2154  # srcdir: set by the sourcing test's lib.sh

# identities NAME PROG [ARGS...]: the report's own identities.
identities() {
   _n=$1; shift
   hg "$_n.xml" --call-graph=yes -- "$@"
   "$PYTHON3" "$srcdir/cgr_edges.py" check "$_n.xml" >"$_n.check" 2>&1 || {
      cat "$_n.check" >&2
      fail "$_n.xml: the call graph's identities do not hold"
   }
   pass "$_n: $(tail -n 1 "$_n.check")"
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
   # shellcheck disable=SC2086  # --exclude-callee=NAME words
   "$PYTHON3" "$srcdir/cgr_edges.py" compare "$_n.xml" "$_n.cgr" \
      ${EXCLUDE:-} >"$_n.compare" 2>&1 || {
      cat "$_n.compare" >&2
      fail "$_n.xml: edge calls differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.compare")"
   cg "$_n.cg" "$@"
   if test -z "${SCHEDULING_DEPENDENT:-}"; then
      oracle "$_n.xml" "$_n.cg" >/dev/null
      pass "$_n: self Ir equal Cachegrind's"
   fi
   hg "$_n-nochase.xml" --call-graph=yes --vex-guest-chase=no -- "$@"
   # shellcheck disable=SC2086  # --exclude-callee=NAME words
   "$PYTHON3" "$srcdir/cgr_edges.py" inclusive "$_n-nochase.xml" "$_n.cgr" \
      "$_n.cg" ${EXCLUDE:-} >"$_n.inclusive" 2>&1 || {
      cat "$_n.inclusive" >&2
      fail "$_n-nochase.xml: inclusive Ir differ from Callgrind's ($_n.cgr)"
   }
   pass "$_n: $(tail -n 1 "$_n.inclusive")"
}
