#!/bin/sh
# hotgrind: the command's exit statuses and its one-line messages.
# GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND (the built command) and HG_TEST_DATA
# (the fixtures folder) in the environment.

. "$(dirname "$0")/lib.sh"
data=$HG_TEST_DATA

# A report problem: status 2, nothing on stdout, exactly one line on stderr
# that starts "hotgrind: FILE: ".
expect_one_line_error() {
  file=$1; shift
  run 2 "$@" && one_line_error "$file" "$@"
}

# A usage error: status 2, nothing on stdout, a usage line on stderr.
expect_usage_error() {
  expect_trouble "$@" || return
  grep -q '^usage: hotgrind' "$err" || fail "hotgrind $*: no usage line"
}

# --- the command itself
run 0 --version && { grep -qx 'hotgrind [0-9][0-9.]*.*' "$out" ||
  fail "--version prints '$(cat "$out")'"; }
run 0 --help && { grep -q '^  show ' "$out" && grep -q '^  validate ' "$out" ||
  fail "--help does not list the commands"; }
run 0 help && { grep -q '^  validate ' "$out" || fail "help lists no commands"; }
run 0 help show && { grep -q -- '--limit N' "$out" || fail "help show"; }
run 0 help validate
run 0 show --help
run 0 validate --help
expect_usage_error
expect_usage_error frobnicate
expect_usage_error --frobnicate
expect_usage_error help frobnicate
expect_usage_error show
expect_usage_error show --frobnicate "$data/valid.xml"
expect_usage_error show "$data/valid.xml" "$data/valid.xml"
expect_usage_error show --limit
expect_usage_error show --limit x "$data/valid.xml"
expect_usage_error show --limit -1 "$data/valid.xml"
expect_usage_error show --limit=5x "$data/valid.xml"
expect_usage_error validate
expect_usage_error validate --frobnicate "$data/valid.xml"
# One reader of every command line: --help anywhere, options after the
# operands, and the same words for an unknown option or a missing value.
for command in show annotate validate diff check export merge run; do
  run 0 "$command" --help && { grep -q "^usage: hotgrind $command" "$out" ||
    fail "$command --help: no usage line"; }
  expect_usage_error "$command" --frobnicate &&
    { grep -q "^hotgrind $command: unknown option '--frobnicate'\$" "$err" ||
        [ "$command" = run ] || fail "$command: not the unknown-option words"; }
done
# An empty value is a missing one, for every value option.
for args in 'show --limit' 'annotate --context=' 'annotate --function' 'diff --format' 'check --policy' 'export --format' \
            'merge -o' 'run -o' 'run --output=' 'show --limit=' 'diff --limit=' \
            'check --format=' 'export --format=' 'run --cwd=' 'run --env=' \
            'run --keep-env='; do
  set -- $args
  expect_usage_error "$@" && { grep -q "^hotgrind $1: ${2%=} needs a value\$" "$err" ||
    fail "$args: not the missing-value words"; }
done
expect_usage_error validate "$data/valid.xml" --frobnicate
# A short option takes its value in the next argument only: "-o=x.xml"
# and "-ox.xml" are refused by every command that has -o (run would give
# them to Valgrind, which knows no -o), naming the form to use.
for command in export merge run; do
  expect_usage_error "$command" -o=x.xml "$data/valid.xml" &&
    { grep -q "^hotgrind $command: '-o=x.xml': write -o x.xml\$" "$err" ||
        fail "$command -o=x.xml: not the short-option words"; }
  expect_usage_error "$command" -ox.xml "$data/valid.xml" &&
    { grep -q "^hotgrind $command: '-ox.xml': write -o x.xml\$" "$err" ||
        fail "$command -ox.xml: not the short-option words"; }
done
run 0 show "$data/valid.xml" --limit=1 -- &&
  { [ "$(lines "$out")" = 7 ] || fail "show REPORT --limit=1: not 1 row"; }
run 0 help run && { grep -q -- '--keep-env=VAR' "$out" || fail "help run"; }
expect_usage_error run
expect_usage_error run --tool=memcheck /bin/true
expect_usage_error run --cache-geometry=host /bin/true
expect_usage_error run --env=NOVALUE /bin/true
expect_usage_error run -o
# run --dry-run: the command it would exec (any executable will do as the
# Valgrind, since nothing runs); a GLIBC_TUNABLES given is merged into the
# pinned one, its hwcaps items last and the list ended by ','.
run 0 run --dry-run --valgrind=/bin/true \
    --env=GLIBC_TUNABLES=glibc.cpu.hwcaps=-FOO:glibc.malloc.arena_max=2 \
    --mark=main -- /bin/true a && {
  grep -q ' env -i PATH=/usr/bin:/bin LC_ALL=C LD_BIND_NOW=1 GLIBC_TUNABLES=' "$out" ||
    fail "run --dry-run: not the fixed environment"
  grep -q 'GLIBC_TUNABLES=glibc.cpu.hwcaps=[^ :]*-FOO,:' "$out" ||
    fail "run --dry-run: the hwcaps given are not last in the pinned list"
  grep -q 'glibc.malloc.arena_max=2' "$out" && ! grep -q 'arena_max=1' "$out" ||
    fail "run --dry-run: the arena_max given does not replace the pinned one"
  # The user's options, then the inputs pinned by default (OS
  # randomness, the clock, 4 CPUs), then the fixed geometry.
  grep -q ' --tool=hotgrind --mark=main --det-random=yes --det-clock=yes --cpus=4 --cache-geometry=fixed .* /proc/self/fd/3 a$' "$out" ||
    fail "run --dry-run: not the Valgrind command"
  grep -q 'run-setting=[a-z-]*=.*\(det-\|cpus\)' "$out" &&
    fail "run --dry-run: the default tool options recorded as launcher settings"
  grep -q -- "--run-setting=program=true " "$out" ||
    fail "run --dry-run: no program setting"
}

# A default tool option the user gave among the Valgrind options: only the
# user's value goes to Valgrind, the other defaults still do.
run 0 run --dry-run --valgrind=/bin/true --det-clock=no --cpus=2 -- /bin/true && {
  grep -q ' --tool=hotgrind --det-clock=no --cpus=2 --det-random=yes --cache-geometry=fixed ' "$out" ||
    fail "run --dry-run --det-clock=no --cpus=2: not the user's values alone"
  grep -q -- '--det-clock=yes\|--cpus=4' "$out" &&
    fail "run --dry-run --det-clock=no --cpus=2: a default beside the user's"
}
run 0 run --dry-run --valgrind=/bin/true --det-random=no --random-seed=7 -- /bin/true && {
  grep -q ' --tool=hotgrind --det-random=no --random-seed=7 --det-clock=yes --cpus=4 --cache-geometry=fixed ' "$out" ||
    fail "run --dry-run --det-random=no: not the user's value"
}
# The same command line twice: the same bytes.
run 0 run --dry-run --valgrind=/bin/true --mark=main -- /bin/true a &&
  cp "$out" "$scratch/dry1" &&
  run 0 run --dry-run --valgrind=/bin/true --mark=main -- /bin/true a &&
  { cmp -s "$scratch/dry1" "$out" || fail "run --dry-run: not the same twice"; }
run 0 help run && { grep -q -- '--cpus=4' "$out" && ! grep -q 'the number of CPUs, files' "$out" ||
  fail "help run: not the pinned CPU count"; }

# --- show
run 0 show "$data/valid.xml" &&
  { [ "$(lines "$out")" = 10 ] || fail "show valid.xml: not 6 + 4 lines"; }
cp "$out" "$scratch/first"
run 0 show "$data/valid.xml" && { cmp -s "$out" "$scratch/first" ||
  fail "show prints differently on a second run"; }
run 0 show --limit 1 "$data/valid.xml" &&
  { [ "$(lines "$out")" = 7 ] || fail "--limit 1 shows more than 1 row"; }
run 0 show --limit=2 "$data/valid.xml" &&
  { [ "$(lines "$out")" = 8 ] || fail "--limit=2 shows more than 2 rows"; }
run 0 show "$data/valid.xml" --limit 0 &&
  { [ "$(lines "$out")" = 10 ] || fail "--limit 0 does not show all"; }
run 0 show -- "$data/valid-full.xml"
run 0 show "$data/valid-escapes.xml"
run 0 show "$data/no-functions.xml"
run 0 show "$data/exit-signal-6.xml" &&
  { grep -qx 'Exit:      killed by signal 6 (SIGABRT)' "$out" ||
    fail "show exit-signal-6.xml: not how the program ended"; }
run 0 show "$data/valid.xml" &&
  { ! grep -q '^Exit:' "$out" || fail "show valid.xml: an Exit line without <exit>"; }
expect_one_line_error "$data/future-additions.xml" show "$data/future-additions.xml"

# --- show: marked functions, zones and mark warnings (stdout, status 0)
run 0 show --limit 1 "$data/valid-marked.xml" && {
  grep -q '^Marked functions and zones: 3 functions, 3 zones' "$out" ||
    fail "show valid-marked.xml: no marked table"
  [ "$(grep -c '  (zone)$' "$out")" = 3 ] ||
    fail "show --limit 1 valid-marked.xml: not all 3 zones"
  [ "$(grep -c '  prog$' "$out")" = 3 ] ||
    fail "show --limit 1 valid-marked.xml: not all 3 marked functions"
  [ "$(grep -c '^warning: mark ' "$out")" = 3 ] ||
    fail "show valid-marked.xml: not 3 mark warnings"
  [ -s "$err" ] && fail "show valid-marked.xml: wrote to stderr"
}
run 0 show "$data/valid.xml" && { grep -q 'Marked\|warning' "$out" &&
  fail "show valid.xml: a marked table or warning without marks"; }

# --- show: heap, threads, mutexes and events (stdout, status 0)
run 0 show --limit 1 "$data/valid-heap-threads.xml" && {
  for heading in '^Heap: ' '^Functions with heap traffic: 4, top 1 shown' \
                 '^Threads: 3, by id' '^Mutexes: 3, top 1 shown' \
                 '^Events: 18, by kind'; do
    grep -q "$heading" "$out" ||
      fail "show valid-heap-threads.xml: no line '$heading'"
  done
  [ -s "$err" ] && fail "show valid-heap-threads.xml: wrote to stderr"
}
run 0 show "$data/valid-threads.xml" && {
  grep -q '^Threads: 2, by id' "$out" || fail "show valid-threads.xml: no threads"
  grep -q '^Heap\|^Mutexes\|^Events\|alloc' "$out" &&
    fail "show valid-threads.xml: a section the report does not have"
}
run 0 show "$data/valid-marked.xml" && { grep -q '^Heap\|^Threads' "$out" &&
  fail "show valid-marked.xml: heap or threads in a report without them"; }
expect_one_line_error "$data/future-event-kind.xml" show "$data/future-event-kind.xml"

# --- validate
run 0 validate "$data/valid.xml" "$data/valid-full.xml" &&
  { [ "$(cat "$out")" = "$data/valid.xml: valid
$data/valid-full.xml: valid" ] || fail "validate output"; }
run 2 validate "$data/valid.xml" "$data/unknown-attribute.xml" "$data/valid-full.xml"
[ "$(lines "$out")" = 2 ] || fail "validate: want 2 valid lines"
[ "$(lines "$err")" = 1 ] || fail "validate: want 1 error line"
grep -q "^hotgrind: $data/unknown-attribute.xml: line 14: .*'Bogus'" "$err" ||
  fail "validate: the error does not name the file, line and attribute"
expect_one_line_error "$data/future-additions.xml" validate "$data/future-additions.xml"
run 0 validate "$data/valid-marked.xml"
run 0 validate "$data/valid-inputs.xml"
run 0 validate "$data/valid-heap-threads.xml" "$data/valid-threads.xml"
for name in duplicate-thread-id.xml mutex-id-zero.xml future-event-kind.xml; do
  expect_one_line_error "$data/$name" validate "$data/$name"
done

# Schema-valid reports that break the rules the schema cannot express.
for name in rule-marked-without-calls.xml rule-calls-without-marked.xml \
            rule-marked-without-inclusive.xml rule-per-call-without-calls.xml \
            rule-calls-without-per-call.xml rule-percentiles-out-of-order.xml \
            rule-mean-above-max.xml rule-entered-above-functions.xml; do
  expect_one_line_error "$data/$name" validate "$data/$name"
done
for name in rule-thread-ir-sum.xml rule-thread-allocs-sum.xml \
            rule-exit-above-peak.xml rule-peak-without-blocks.xml \
            rule-alloc-bytes-below-allocs.xml rule-thread-alloc-bytes-below-allocs.xml \
            rule-event-ir-decreasing.xml rule-event-unknown-thread.xml \
            rule-event-unknown-child.xml rule-thread-unknown-parent.xml \
            rule-event-unlisted-mutex.xml rule-contended-above-acquisitions.xml \
            rule-event-missing-attribute.xml rule-event-extra-attribute.xml \
            rule-heap-attributes-incomplete.xml rule-heap-without-totals.xml \
            rule-thread-without-heap.xml rule-option-twice.xml \
            rule-option-not-yes-no.xml rule-option-heap-disagrees.xml \
            rule-option-events-disagree.xml rule-thread-sync-above-ir.xml \
            rule-thread-frees-sum.xml rule-function-heap-above-totals.xml \
            rule-inclusive-heap-above-totals.xml \
            rule-exit-status-without-status.xml rule-exit-signal-with-status.xml \
            rule-exit-exec-with-signal.xml rule-option-det-clock.xml \
            rule-option-random-seed-alone.xml rule-option-cpus-zero.xml \
            rule-input-bytes-on-clock.xml rule-input-twice.xml; do
  expect_one_line_error "$data/$name" validate "$data/$name"
  grep -q "^hotgrind: $data/$name: line [0-9]*: <" "$err" ||
    fail "validate $name: the error names no line and element"
  # What validate refuses, show refuses too.
  expect_one_line_error "$data/$name" show "$data/$name"
done

# One rule for every command: each reads through the checks of validate
# and refuses what it refuses, in its words (an unknown attribute, thread
# Ir not adding up to the total, the other rules and the schema).
for name in unknown-attribute.xml future-additions.xml \
            rule-thread-ir-sum.xml rule-calls-without-per-call.xml \
            rule-option-events-disagree.xml rule-event-unlisted-mutex.xml; do
  "$HOTGRIND" validate "$data/$name" >/dev/null 2>"$scratch/validate.err"
  for args in "show" "diff $data/valid.xml" "check --policy $data/check/defaults.xml" \
              "export --format=json" "merge -o $scratch/never.xml $data/$name"; do
    expect_one_line_error "$data/$name" $args "$data/$name" &&
      { cmp -s "$scratch/validate.err" "$err" ||
          fail "$args $name: not validate's words: $(cat "$err")"; }
  done
done

# --- every broken report, through every command that reads one
for name in does-not-exist.xml empty.xml truncated.xml malformed.xml \
            bad-utf8.xml wrong-root.xml wrong-format.xml \
            missing-attribute.xml missing-element.xml not-a-number.xml \
            external-entity.xml entity-bomb.xml doctype-http.xml \
            bad-mean.xml zone-without-name.xml marked-no.xml \
            rule-marked-without-calls.xml rule-marked-without-inclusive.xml \
            bad-thread-status.xml thread-without-ir.xml; do
  for command in show validate; do
    expect_one_line_error "$data/$name" $command "$data/$name"
  done
done
expect_one_line_error "$data" show "$data"
grep -q 'Is a directory' "$err" || fail "a folder as a report"
for command in show validate; do
  expect_one_line_error "$data/wrong-format.xml" $command "$data/wrong-format.xml"
  grep -q ': line 2: report format 2 is not supported' "$err" ||
    fail "$command: format 2 message"
done
# Too deep a nesting: the limit in the user's words, not libxml2's
# ("use XML_PARSE_HUGE option").
for command in show validate; do
  expect_one_line_error "$data/deep-nesting.xml" $command "$data/deep-nesting.xml" &&
    { [ "$(cat "$err")" = "hotgrind: $data/deep-nesting.xml: line 4: elements nested more than 256 levels deep; a hotgrind report nests only a few" ] ||
        fail "$command deep-nesting.xml: the message"; }
done
for name in external-entity.xml entity-bomb.xml doctype-http.xml; do
  expect_one_line_error "$data/$name" show "$data/$name"
  grep -q 'DOCTYPE not allowed in a hotgrind report' "$err" ||
    fail "$name: not refused for its DOCTYPE"
done

# The external entity names /etc/passwd: none of it may come out.
if [ -r /etc/passwd ]; then
  first_entry=$(head -n 1 /etc/passwd)
  for command in show validate; do
    "$HOTGRIND" $command "$data/external-entity.xml" >"$out" 2>"$err"
    if [ -n "$first_entry" ] && grep -qF "$first_entry" "$out" "$err"; then
      fail "$command printed the content of /etc/passwd"
    fi
  done
fi

# A report that cannot be read (root reads everything: skip as root).
if [ "$(id -u)" != 0 ]; then
  cp "$data/valid.xml" "$scratch/unreadable.xml"
  chmod 000 "$scratch/unreadable.xml"
  expect_one_line_error "$scratch/unreadable.xml" show "$scratch/unreadable.xml"
  grep -q 'Permission denied' "$err" || fail "unreadable report"
fi

# Control characters in what a message quotes (a file's name, a word of
# the command line) show as '?': an escape sequence must not reach the
# terminal, a line feed must not make two lines of one.  So do a C1
# control in UTF-8 (U+009B CSI, C2 9B: a terminal may read it as ESC [)
# and a bidirectional override or isolate (U+202E, E2 80 AE; U+2066,
# E2 81 A6: "Trojan Source"), one '?' each.
# odd_name NAME SHOWN WHAT: a missing report $scratch/NAME is one line
# naming $scratch/SHOWN.
odd_name() {
  expect_one_line_error "$scratch/$2" show "$scratch/$1" &&
    { [ "$(cat "$err")" = "hotgrind: $scratch/$2: No such file or directory" ] ||
        fail "a name with $3: $(od -c "$err" | head -3)"; }
}
# odd_command WORD SHOWN WHAT: command WORD is refused, shown as SHOWN.
odd_command() {
  expect_usage_error "$1" &&
    { [ "$(head -n 1 "$err")" = "hotgrind: '$2' is not a hotgrind command" ] ||
        fail "a command with $3: $(od -c "$err" | head -3)"; }
}
odd_name "$(printf 'a\033[31mb\nc.xml')" 'a?[31mb?c.xml' "ESC and LF"
odd_name "$(printf 'a\302\233[31mb\342\200\256c.xml')" 'a?[31mb?c.xml' \
  "U+009B and U+202E"
odd_command "$(printf 'x\033]0;title\007')" 'x?]0;title?' "ESC and BEL"
odd_command "$(printf 'x\302\2330m\342\201\246y')" 'x?0m?y' \
  "U+009B and U+2066"

# Output that cannot be written is an error, not a silent success.
if [ -w /dev/full ]; then
  "$HOTGRIND" show "$data/valid.xml" >/dev/full 2>"$err"
  [ $? -eq 2 ] || fail "show to /dev/full did not fail"
fi

finish
