# hotgrind regression tests: helpers of the tests of the inputs the tool
# pins (det_random.sh, det_clock.sh, det_cpus.sh, det_defaults.sh,
# arm64_det_random.sh), sourced after lib.sh.  GPL-2.0-or-later
# shellcheck shell=sh disable=SC2154  # srcdir, PYTHON3: lib.sh

# opt REPORT NAME: the value of <run><options><option name=NAME>
# ("" when the report has no such option).
opt() {
   xpath "$1" "string(/hotgrind/run/options/option[@name=\"$2\"]/@value)"
}

# inputs_rows REPORT / inputs_sum REPORT KIND SOURCE [FUNCTION] /
# inputs_sources REPORT KIND / inputs_order REPORT: <run><inputs> read
# with xml.etree, not with hotgrind (det_inputs.py says what each prints).
inputs_rows() { "$PYTHON3" "$srcdir/det_inputs.py" rows "$@"; }
inputs_sum() { "$PYTHON3" "$srcdir/det_inputs.py" sum "$@"; }
inputs_sources() { "$PYTHON3" "$srcdir/det_inputs.py" sources "$@"; }
inputs_order() { "$PYTHON3" "$srcdir/det_inputs.py" order "$@"; }

# five_runs NAME [VALGRIND-OPTIONS...] -- PROG [ARGS...]: five runs (hg,
# reports NAME.1.xml ... NAME.5.xml) give byte-identical reports and
# output.
five_runs() {
   _fn=$1; shift
   for _fi in 1 2 3 4 5; do
      hg "$_fn.$_fi.xml" "$@"
   done
   for _fi in 2 3 4 5; do
      cmp "$_fn.1.xml" "$_fn.$_fi.xml" || fail "$_fn: runs 1 and $_fi gave different reports"
      cmp -s "$_fn.1.xml.stdout" "$_fn.$_fi.xml.stdout" ||
         fail "$_fn: runs 1 and $_fi printed different things: $(diff "$_fn.1.xml.stdout" "$_fn.$_fi.xml.stdout" | head -n 6)"
   done
}
