#!/bin/sh
# hotgrind: the inputs the fuzzers (fuzz/) found, kept as regression tests.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND (the built command) and HG_TEST_DATA
# (cli/tests/data) in the environment.  Every tests/data/fuzz-*.xml goes
# through every command that reads a report (or, fuzz-policy-*.xml, a
# policy) and must get what any input gets:
# - an exit status the command documents (0 or 2; check: 0, 1 or 2), never
#   a crash;
# - no "(null)" in what it prints (glibc's text for a NULL string) unless
#   the input has it;
# - with status 2, nothing on stdout and exactly one line on stderr naming
#   the file: "hotgrind: FILE: ..." (with "line N: " where the reader
#   knows the line);
# - the same answer from `validate` and the reader: a report validate
#   accepts, show, diff, export and merge read.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA

# answer FILE STATUSES ARGS...: runs hotgrind ARGS, whose exit status must
# be one of STATUSES ("0 2"); a 2 must come with one line naming FILE.
# Sets $status.
answer() {
  file=$1 statuses=$2; shift 2
  checks=$((checks + 1))
  "$HOTGRIND" "$@" >"$out" 2>"$err"
  status=$?
  case " $statuses " in
    *" $status "*) ;;
    *) fail "hotgrind $*: exit status $status, want one of $statuses"
       return ;;
  esac
  if cat "$out" "$err" | grep -qF '(null)' && ! grep -qF '(null)' "$file"; then
    fail "hotgrind $*: printed \"(null)\""; return
  fi
  [ "$status" -ne 2 ] || one_line_error "$file" "$@"
}

base=$data/check/base.xml
head=$data/check/head.xml
policy=$data/check/pr.xml
found=0
for f in "$data"/fuzz-*.xml; do
  [ -e "$f" ] || continue
  found=$((found + 1))
  case $(basename "$f") in
    fuzz-policy-*)
      answer "$f" "0 1 2" check --policy "$f" "$base" "$head"
      answer "$f" "0 1 2" check --policy "$f" --format=markdown "$head"
      continue ;;
  esac
  answer "$f" "0 2" validate "$f"; valid=$status
  answer "$f" "0 2" show "$f"; shown=$status
  if [ "$valid" -eq 0 ] && [ "$shown" -ne 0 ]; then
    fail "$f: validate accepts it, show refuses it"
  fi
  [ "$shown" -eq 0 ] || continue      # every reader stops at the same place
  answer "$f" "0 2" annotate --limit 0 "$f"
  for format in text markdown json; do
    answer "$f" "0 2" diff --format=$format "$base" "$f"
    answer "$f" "0 2" diff --format=$format "$f" "$f"
  done
  for format in text json junit; do
    answer "$f" "0 1 2" check --policy "$policy" --format=$format "$base" "$f"
  done
  for format in callgrind json bmf folded; do
    answer "$f" "0 2" export --format=$format -o "$scratch/export" "$f"
  done
  answer "$f" "0 2" merge -o "$scratch/merged.xml" "$f" "$f"
  if [ "$status" -eq 0 ]; then
    answer "$scratch/merged.xml" "0" show "$scratch/merged.xml"
  fi
done
[ "$found" -gt 0 ] || { echo "SKIP: no fuzz-*.xml in $data"; exit 77; }

finish
