# hotgrind bench: what the bench scripts share.  GPL-2.0-or-later
# Sourced first, as "$(dirname "$0")/lib.sh": sets here (this folder)
# and top (the source tree), absolute.

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)

# bench_opts SPEC "$@": the script's options, by getopts.  SPEC's words
# are L:VAR (option -L takes a value, kept in VAR) or L=VAR=VALUE (-L
# alone sets VAR to VALUE).  Another option prints the caller's `usage`
# line and exits 2.  Sets opts_shift to the number of words the options
# took (shift "$opts_shift" after it).
bench_opts() {
   _bo_spec=$1; shift
   _bo_letters=
   for _bo_w in $_bo_spec; do
      case $_bo_w in
         ?:*) _bo_letters="$_bo_letters${_bo_w%%:*}:" ;;
         *) _bo_letters="$_bo_letters${_bo_w%%=*}" ;;
      esac
   done
   OPTIND=1
   while getopts "$_bo_letters" _bo_opt; do
      _bo_var=
      for _bo_w in $_bo_spec; do
         case $_bo_w in
            "$_bo_opt:"*) _bo_var=${_bo_w#*:} _bo_val=$OPTARG ;;
            "$_bo_opt="*) _bo_var=${_bo_w#*=}
                          _bo_val=${_bo_var#*=} _bo_var=${_bo_var%%=*} ;;
         esac
      done
      test -n "$_bo_var" || { echo "$usage" >&2; exit 2; }
      eval "$_bo_var=\$_bo_val"
   done
   # shellcheck disable=SC2034  # for the caller
   opts_shift=$((OPTIND - 1))
}

# find_built GIVEN REL: the absolute path of a built program: GIVEN when it
# is not empty, else the first of ../build/REL next to the source tree and
# build/REL inside it that exists.  Exits 2, saying so, when there is none
# (use as var=$(find_built ...) under set -e).
find_built() {
   _fb_path=$1
   if test -z "$_fb_path"; then
      for _fb_c in "$top/../build/$2" "$top/build/$2"; do
         if test -x "$_fb_c"; then _fb_path=$_fb_c; break; fi
      done
   fi
   if test -z "$_fb_path" || ! test -x "$_fb_path"; then
      echo "$0: no $(basename "$2") at '${_fb_path:-$top/../build/$2}'; pass the built one" >&2
      exit 2
   fi
   echo "$(cd "$(dirname "$_fb_path")" && pwd)/$(basename "$_fb_path")"
}

# report_bench_options DEFAULT_FUNCTIONS OPERAND "$@": the options of the
# scripts that time the command on generated reports (cli-large.sh,
# xml-reader.sh): -n FUNCTIONS (DEFAULT_FUNCTIONS), -r RUNS (3), -k DIR
# (keep the reports there), then OPERAND (in the usage line).  Sets
# functions, runs, keep and usage, and opts_shift to the number of words
# the options took.  python3 must be there: it writes the reports.
report_bench_options() {
   # shellcheck disable=SC2034  # for the caller
   functions=$1 runs=3 keep=
   usage="usage: $0 [-n FUNCTIONS] [-r RUNS] [-k DIR] [$2]"
   shift 2
   bench_opts "n:functions r:runs k:keep" "$@"
   command -v python3 >/dev/null ||
      { echo "$0: python3 is needed to write the reports" >&2; exit 2; }
}

# report_bench_dir NAME: sets dir to the folder the reports go in: $keep
# when given (created), else a temporary folder removed at exit.
report_bench_dir() {
   if test -n "$keep"; then
      mkdir -p "$keep"
      dir=$keep
   else
      dir=$(mktemp -d "${TMPDIR:-/tmp}/hotgrind-$1.XXXXXX")
      trap 'rm -rf "$dir"' EXIT
   fi
}
