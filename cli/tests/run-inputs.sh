#!/bin/sh
# hotgrind run: the tool options that pin the program's inputs by
# default, as Valgrind receives them, the causes --repeat names from
# the reports' <inputs>, and the policy --perturb suggests.  A fake
# Valgrind (a shell script, so no real run) records its arguments and
# writes, run after run, the next report of a pair from data/audit/ (or
# of reports made from them).  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
data=$HG_TEST_DATA/audit

# fake_valgrind DIR: a Valgrind in DIR whose run N copies DIR/reportN.xml
# to its --hotgrind-out-file and appends its arguments to DIR/args.  The
# environment is cleared by hotgrind run, so it finds its files by its
# own path.
fake_valgrind() {
  cat >"$1/valgrind" <<'SCRIPT'
#!/bin/sh
dir=${0%/*}
n=$(cat "$dir/count" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" >"$dir/count"
echo "$*" >>"$dir/args"
for arg; do
  case $arg in --hotgrind-out-file=*) report=${arg#*=} ;; esac
done
cp "$dir/report$n.xml" "$report"
SCRIPT
  chmod +x "$1/valgrind"
  rm -f "$1/count" "$1/args"
}

# fake PAIR: fake_valgrind in $scratch/PAIR/, whose runs 1 and 2 write
# data/audit/PAIR-1.xml and PAIR-2.xml.
fake() {
  mkdir -p "$scratch/$1"
  cp "$data/$1-1.xml" "$scratch/$1/report1.xml"
  cp "$data/$1-2.xml" "$scratch/$1/report2.xml"
  fake_valgrind "$scratch/$1"
}

# repeat PAIR [OPTIONS]: hotgrind run --repeat=2 with PAIR's fake Valgrind;
# its stdout in $out.
repeat() {
  pair=$1; shift
  fake "$pair"
  run 1 run --valgrind="$scratch/$pair/valgrind" --repeat=2 \
    -o "$scratch/$pair/r.xml" "$@" -- /bin/true
}

# has OUT LINE WHAT / lacks OUT PATTERN WHAT
has() {
  checks=$((checks + 1))
  grep -qxF -- "$2" "$1" || fail "$3: no line '$2'; got: $(cat "$1")"
}
lacks() {
  checks=$((checks + 1))
  grep -q -- "$2" "$1" && fail "$3: a line matches '$2': $(grep -- "$2" "$1")"
}

# --- what Valgrind receives: the defaults, or the user's value alone
repeat pinned && {
  checks=$((checks + 1))
  [ "$(grep -c -- ' --det-random=yes --det-clock=yes --cpus=4 --cache-geometry=fixed ' "$scratch/pinned/args")" = 2 ] ||
    fail "run --repeat: not the default tool options in both runs: $(cat "$scratch/pinned/args")"
}
repeat pinned --det-random=no --cpus=1 && {
  checks=$((checks + 1))
  grep -q -- '^--tool=hotgrind --det-random=no --cpus=1 --det-clock=yes --cache-geometry=fixed ' "$scratch/pinned/args" &&
    ! grep -q -- '--det-random=yes\|--cpus=4' "$scratch/pinned/args" ||
    fail "run --det-random=no --cpus=1: not the user's values alone: $(cat "$scratch/pinned/args")"
}

# --- the causes --repeat names
# Randomness read unpinned, the clock pinned (clock_gettime ran): the
# randomness is named, with the bytes, the call, the function and the
# option; the clock is not.
repeat random && {
  cp "$out" "$scratch/random.out"
  has "$out" 'Likely cause: OS randomness: the program read 16 random bytes through getrandom from hashmap_random_keys (prog); --det-random=yes pins them' \
    "repeat random"
  lacks "$out" 'clock' "repeat random: a pinned clock blamed"
  lacks "$out" 'unknown' "repeat random: unknown"
}
# The same reports again: the same verdict, byte for byte.
repeat random && same "$scratch/random.out" "$out" "repeat random, twice"
# The address map read unpinned (ht_maps.c): the process ID named, with
# the bytes of the gdbserver file's line, the reader and the option.
repeat maps && {
  has "$out" "Likely cause: the process ID: the program read its address map, where 124 bytes name Valgrind's gdbserver file with the process ID, through /proc/self/maps from pthread_getattr_np@@GLIBC_2.32 (libc.so.6); --det-random=yes takes them out" \
    "repeat maps"
  lacks "$out" 'random bytes' "repeat maps: called random bytes"
}
# Everything pinned, and the counts moved anyway: unknown, without
# suggesting random numbers or the clock.
repeat pinned && {
  has "$out" 'Likely cause: unknown: one thread, the same environment, every clock, OS randomness and CPU count the program read pinned; look for what the functions above read (files, the pid)' \
    "repeat pinned"
  lacks "$out" 'random numbers\|a clock read' "repeat pinned"
}
# The clock and the CPU count read unpinned: both named.
repeat clock-cpu && {
  has "$out" "Likely cause: a clock read: the program read the clock through clock_gettime from main (prog); --det-clock=yes (hotgrind run's default) or --det-sched=yes's virtual time answers it from the instruction count" \
    "repeat clock-cpu: the clock"
  has "$out" 'Likely cause: the number of CPUs: the program asked through sched_getaffinity from pool_size (prog); --cpus=N pins it' \
    "repeat clock-cpu: the CPU count"
  lacks "$out" 'unknown\|randomness' "repeat clock-cpu"
}
# A tool from before <inputs>: judged by the functions that ran, as before.
repeat old && {
  has "$out" 'Likely cause: a clock read: the program calls clock_gettime@@GLIBC_2.17 (libc.so.6); a Valgrind with --det-sched=yes answers it from the instruction count (virtual time)' \
    "repeat old"
  lacks "$out" 'randomness\|CPUs' "repeat old"
}

# --- the functions that differ, as a terminal can show their names
# main renamed "ma<CR>in" in object "pr<LF>og" (a report keeps them as
# &#13; and &#10;), its self Ir 1000 in run 1 and 1010 in run 2
# (pinned-1.xml, pinned-2.xml).  Raw, the carriage return would send the
# terminal's cursor back over the line and the line feed split it; the
# names are printed as show prints them, each control character a '?'
# (render/text.h, hg_print_clean).
ctl="$scratch/ctl"
mkdir -p "$ctl"
rename='s/name="main" object="prog"/name="ma\&#13;in" object="pr\&#10;og"/'
sed "$rename" "$data/pinned-1.xml" >"$ctl/report1.xml"
sed "$rename" "$data/pinned-2.xml" >"$ctl/report2.xml"
fake_valgrind "$ctl"
run 1 run --valgrind="$ctl/valgrind" --repeat=2 -o "$ctl/r.xml" -- /bin/true && {
  has "$out" '  ma?in (pr?og)  Ir 1,000 -> 1,010' \
    "repeat with control characters in the names: the function"
  lacks "$out" "$(printf '\r')" \
    "repeat with control characters in the names: a raw carriage return"
}

# --- the functions --perturb moves, as a terminal can show their names
# (the renaming above; self Ir 1000 in the plain and reference runs, 1010
# in the four perturbed ones).
ctlp="$scratch/ctlp"
mkdir -p "$ctlp"
for n in 1 2 3; do sed "$rename" "$data/pinned-1.xml" >"$ctlp/report$n.xml"; done
for n in 4 5 6 7; do sed "$rename" "$data/pinned-2.xml" >"$ctlp/report$n.xml"; done
fake_valgrind "$ctlp"
run 1 run --valgrind="$ctlp/valgrind" --perturb -o "$ctlp/r.xml" -- /bin/true && {
  has "$out" '  ma?in (pr?og)  1,000 .. 1,010  stack moved by 64 bytes, stack strings moved by 8 bytes, argv[0] 6 bytes longer, heap and libraries moved' \
    "perturb with control characters in the names: the function"
  lacks "$out" "$(printf '\r')" \
    "perturb with control characters in the names: a raw carriage return"
}

# --- the policy --perturb suggests is XML, whatever the names
# main renamed f<'a>&"b", which holds the five characters XML escapes,
# and its self Ir 1000 in the plain run and both reference runs, 1010 in
# the four perturbed ones (pinned-1.xml, pinned-2.xml).  The suggested
# policy must parse, give the pattern OBJECT:NAME back, and write the
# name as a report does (docs/report-format.md, "Text": &apos; too).
odd="$scratch/odd"
mkdir -p "$odd"
rename='s/name="main"/name="f\&lt;\&apos;a\&gt;\&amp;\&quot;b\&quot;"/'
for n in 1 2 3; do sed "$rename" "$data/pinned-1.xml" >"$odd/report$n.xml"; done
for n in 4 5 6 7; do sed "$rename" "$data/pinned-2.xml" >"$odd/report$n.xml"; done
fake_valgrind "$odd"
run 1 run --valgrind="$odd/valgrind" --perturb -o "$odd/r.xml" -- /bin/true && {
  sed -n '/^<policy/,/^<\/policy>/p' "$out" >"$odd/policy.xml"
  has "$odd/policy.xml" '    <function pattern="prog:f&lt;&apos;a&gt;&amp;&quot;b&quot;" metric="Ir" max="1010"/>' \
    "run --perturb: the suggested budget"
  has "$odd/policy.xml" '    <ignore pattern="prog:f&lt;&apos;a&gt;&amp;&quot;b&quot;" reason="its counts move when stack moved by 64 bytes, stack strings moved by 8 bytes, argv[0] 6 bytes longer, heap and libraries moved (hotgrind run --perturb)"/>' \
    "run --perturb: the suggested ignore"
  checks=$((checks + 1))
  /usr/bin/python3 - "$odd/policy.xml" <<'PY' || fail "run --perturb: the suggested policy is not that XML: $(cat "$odd/policy.xml")"
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
patterns = [f.get("pattern") for f in root.iter("function")]
sys.exit(patterns != ["prog:f<'a>&\"b\""])
PY
}

finish
