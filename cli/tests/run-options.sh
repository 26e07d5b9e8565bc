#!/bin/sh
# hotgrind run: --repeat N as the manual writes options (a space as well
# as '='), --perturb without -o (a new folder, named on stderr), and the
# <ignore> lines --perturb suggests, read back by hotgrind check.  A
# stand-in Valgrind (a shell script: no real run) writes, run after run,
# the report of a list.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
audit=$HG_TEST_DATA/audit
TMPDIR=$scratch
export TMPDIR

# stand_in DIR REPORT...: DIR/valgrind, whose run K writes the Kth REPORT
# (the last one from then on) to its --hotgrind-out-file; DIR/runs counts
# the runs.  hotgrind run clears the environment: the script knows DIR.
stand_in() {
  dir=$1; shift
  mkdir -p "$dir"
  : >"$dir/runs"
  k=0
  for report; do
    k=$((k + 1))
    cp "$report" "$dir/$k.xml"
  done
  {
    echo '#!/bin/sh'
    echo "d='$dir'"
    echo 'echo run >>"$d/runs"'
    echo "k=\$(wc -l <\"\$d/runs\"); [ \"\$k\" -le $k ] || k=$k"
    echo 'for a; do case $a in --hotgrind-out-file=*) cp "$d/$k.xml" "${a#*=}" ;; esac; done'
  } >"$dir/valgrind"
  chmod +x "$dir/valgrind"
}

# --- --repeat 2, then options, then the program: two runs of one report.
stand_in "$scratch/same" "$audit/pinned-1.xml"
run 0 run --valgrind="$scratch/same/valgrind" --repeat 2 \
  -o "$scratch/same/r.xml" /bin/true && {
  checks=$((checks + 1))
  [ "$(lines "$scratch/same/runs")" = 2 ] ||
    fail "run --repeat 2: $(lines "$scratch/same/runs") runs, want 2"
}
# --repeat=2 as before, and --repeat alone (3 runs) before "--".
stand_in "$scratch/joined" "$audit/pinned-1.xml"
run 0 run --valgrind="$scratch/joined/valgrind" --repeat=2 \
  -o "$scratch/joined/r.xml" -- /bin/true && {
  checks=$((checks + 1))
  [ "$(lines "$scratch/joined/runs")" = 2 ] ||
    fail "run --repeat=2: $(lines "$scratch/joined/runs") runs, want 2"
}
stand_in "$scratch/alone" "$audit/pinned-1.xml"
run 0 run --valgrind="$scratch/alone/valgrind" --repeat \
  -o "$scratch/alone/r.xml" -- /bin/true && {
  checks=$((checks + 1))
  [ "$(lines "$scratch/alone/runs")" = 3 ] ||
    fail "run --repeat: $(lines "$scratch/alone/runs") runs, want 3"
}
# "--repeat -- 5": 5 is the program, not a count (it cannot be opened).
run 2 run --valgrind="$scratch/alone/valgrind" --repeat \
  -o "$scratch/alone/r.xml" -- 5 && {
  checks=$((checks + 1))
  grep -q "^hotgrind: 5: " "$err" ||
    fail "run --repeat -- 5: not the program 5: $(cat "$err")"
}
run 2 run --repeat 1 -o "$scratch/r.xml" /bin/true &&
  { checks=$((checks + 1)); grep -q "give 2 to 100 runs" "$err" ||
    fail "run --repeat 1: $(cat "$err")"; }

# --- --perturb without -o: the reference and its repeat are pinned-1.xml
# (main 1,000), the four perturbed runs pinned-2.xml (main 1,010).
stand_in "$scratch/moved" "$audit/pinned-1.xml" "$audit/pinned-1.xml" \
  "$audit/pinned-1.xml" "$audit/pinned-2.xml"
run 1 run --valgrind="$scratch/moved/valgrind" --perturb -- /bin/true && {
  checks=$((checks + 1))
  folder=$(sed -n 's|^hotgrind: note: --perturb writes its reports in \(.*\) (-o FILE names them)$|\1|p' "$err")
  case $folder in
    "$scratch"/hotgrind-perturb-??????) ;;
    *) fail "run --perturb without -o: no folder named on stderr: $(cat "$err")" ;;
  esac
  checks=$((checks + 1))
  [ -f "$folder/report.xml" ] && [ -f "$folder/report.xml.reference" ] ||
    fail "run --perturb without -o: no reports in '$folder': $(ls "$folder" 2>&1)"
  checks=$((checks + 1))
  [ "$(lines "$scratch/moved/runs")" = 7 ] ||
    fail "run --perturb: $(lines "$scratch/moved/runs") runs, want 7"
  # The suggestion: a budget at the highest count seen, and an <ignore>
  # naming the perturbations that moved main (all four).
  sed -n '/^<policy/,/^<\/policy>/p' "$out" >"$scratch/suggested.xml"
  checks=$((checks + 1))
  grep -qxF '    <ignore pattern="prog:main" reason="its counts move when stack moved by 64 bytes, stack strings moved by 8 bytes, argv[0] 6 bytes longer, heap and libraries moved (hotgrind run --perturb)"/>' \
    "$scratch/suggested.xml" ||
    fail "run --perturb: no <ignore> of main: $(cat "$scratch/suggested.xml")"
  checks=$((checks + 1))
  grep -q 'floor' "$scratch/suggested.xml" &&
    fail "run --perturb: a floor is still suggested"
  # check reads it: main's change (+1.00% against 0.5%) is printed
  # with the reason instead of failing, and the budget holds.
  sed 's|  <thresholds>|  <thresholds regression="0.5">|' \
    "$scratch/suggested.xml" >"$scratch/strict.xml"
  run 1 check --policy "$scratch/strict.xml" "$audit/pinned-1.xml" \
    "$audit/pinned-2.xml" && {
    checks=$((checks + 1))
    grep -qxF "skip    $scratch/strict.xml:5  Ir of main (prog): 1,000 -> 1,010, +10 (+1.00%), ignored by $scratch/strict.xml:6: its counts move when stack moved by 64 bytes, stack strings moved by 8 bytes, argv[0] 6 bytes longer, heap and libraries moved (hotgrind run --perturb)" "$out" ||
      fail "check with the suggested policy: main not ignored: $(cat "$out")"
    checks=$((checks + 1))
    grep -qxF "pass    $scratch/strict.xml:3  Ir of main (prog): 1,010, want at most 1,010" "$out" ||
      fail "check with the suggested policy: the budget: $(cat "$out")"
  }
}

finish
