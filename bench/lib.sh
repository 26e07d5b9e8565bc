# hotgrind bench: what the bench scripts share.  GPL-2.0-or-later
# Sourced after the script has set `top` (the source tree).

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

# report_bench_options DEFAULT_FUNCTIONS "$@": the options of the scripts
# that time the command on generated reports (cli-large.sh,
# xml-reader.sh): -n FUNCTIONS (DEFAULT_FUNCTIONS), -r RUNS (3), -k DIR
# (keep the reports there).  Sets functions, runs and keep, and
# report_bench_shift to the number of words the options took.  Uses the
# caller's `usage` line.
report_bench_options() {
   functions=$1; shift
   runs=3
   keep=
   OPTIND=1
   while getopts n:r:k: _rb_opt; do
      case $_rb_opt in
         n) functions=$OPTARG ;;
         r) runs=$OPTARG ;;
         k) keep=$OPTARG ;;
         *) echo "$usage" >&2; exit 2 ;;
      esac
   done
   report_bench_shift=$((OPTIND - 1))
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
