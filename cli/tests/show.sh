#!/bin/sh
# hotgrind show: its output fits 120 display columns by default (header
# lines wrapped, long values and names cut with "…", a table too wide
# split into parts), --width N fits N, --wide prints every column of a
# table in one line and every value whole.  GPL-2.0-or-later; part of
# hotgrind.
#
# Run by `make check` (tests/lib.sh says with what).  data/show/
# run-cache-heap-threads.xml is a report `hotgrind run --cache-sim=yes
# --heap=yes --thread-events=yes --mark=main --mark=worker` wrote for a
# small threaded program, with its first function renamed by hand to a
# long C++ name in UTF-8 and a long path; the figures checked below are
# read off that XML.

. "$(dirname "$0")/lib.sh"
fail_shows_stdout=no
report=$HG_TEST_DATA/show/run-cache-heap-threads.xml

# widest FILE: the display width of FILE's widest line, in characters
# (UTF-8 continuation bytes take no column).
widest() {
  LC_ALL=C tr -d '\200-\277' <"$1" |
    LC_ALL=C awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }'
}

# fits FILE WIDTH WHAT: no line of FILE is wider than WIDTH.
fits() {
  checks=$((checks + 1))
  w=$(widest "$1")
  [ "$w" -le "$2" ] ||
    fail "$3: a line is $w columns wide, more than $2: $(LC_ALL=C tr -d '\200-\277' <"$1" | awk -v n="$2" 'length($0) > n' | head -1)"
}

# has_line FILE LINE WHAT: FILE has LINE, white space runs as one space.
has_line() {
  checks=$((checks + 1))
  tr -s ' ' <"$1" | sed 's/^ //; s/ $//' | grep -qxF -- "$2" ||
    fail "$3: no line '$2'"
}

# --- every report the command shows fits 120 columns by default; but
# valid-full.xml, whose counts are all 2^64 - 1: numbers are never cut,
# and seven of 26 columns make a line wider than that.
shown=0
for xml in "$HG_TEST_DATA"/*.xml "$HG_TEST_DATA"/*/*.xml; do
  [ "$(basename "$xml")" = valid-full.xml ] && continue
  "$HOTGRIND" show --limit 0 "$xml" >"$out" 2>"$err" || continue
  shown=$((shown + 1))
  fits "$out" 120 "show --limit 0 $(basename "$xml")"
done
checks=$((checks + 1))
[ "$shown" -ge 20 ] || fail "only $shown fixtures shown"

# --- the hotgrind run report: cache figures, heap, threads, a launcher
run 0 show "$report" && {
  cp "$out" "$scratch/default"
  fits "$out" 120 "show run-cache-heap-threads.xml"
  # The GLIBC_TUNABLES value (825 characters) is cut at 40 columns,
  # "…" outside the word, and a line says how to see it whole.
  has_line "$out" 'Env: 6 variables, 846 bytes; GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX,-AVX2,-AVX512F,-A… LD_BIND_NOW=1' \
    "show: Env line"
  has_line "$out" '(values cut with "…": hotgrind show --wide shows them whole)' \
    "show: note on cut values"
  # The launcher's 17 settings wrap under the first one.
  has_line "$out" 'program-path=/proc/self/fd/3 valgrind-lib=/proc/self/fd/4 valgrind-wrapper=skipped '"'"'open-fds=0 1 2 3 4'"'" \
    "show: second line of Launcher"
  # The functions table without its cache columns, then those in a table
  # of their own: the first function's <self> figures, in the report's
  # attribute order, and its name cut.
  has_line "$out" 'Ir (%) function object file:line' "show: functions titles"
  has_line "$out" 'Cache figures of the same functions:' "show: cache part title"
  has_line "$out" 'I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles function object' \
    "show: cache part titles"
  has_line "$out" '0 0 30,010 0 0 8 0 0 42,024 std::vector<café::Größe>::_M_realloc_i… t' \
    "show: cache figures of the first function"
  has_line "$out" '42,024 (21.67%) std::vector<café::Größe>::_M_realloc_in… t /usr/include/c++/12/bits/vector.tcc:4' \
    "show: first function"
  # Marked functions: worker's <inclusive> and <per-call> and the heap
  # traffic in its calls, which fit in one table; its cache figures in a
  # table of their own.
  has_line "$out" 'name calls inclusive Ir mean p50 p95 p99 max allocs alloc-bytes frees free-bytes object' \
    "show: marked titles"
  has_line "$out" 'worker 1 35,725 35,725.00 35,725 35,725 35,725 35,725 1 1,000 1 1,000 t' \
    "show: marked worker"
  has_line "$out" 'Cache figures of the same marked functions and zones:' \
    "show: marked cache part title"
  has_line "$out" 'worker 28 28 25,129 2 2 215 30 30 42,325 t' \
    "show: cache figures of worker"
  has_line "$out" '2 - 1 exited 36,748 (18.95%) 1 1,000 0' "show: thread 2"
}
# Two runs print the same bytes.
run 0 show "$report" && same "$scratch/default" "$out" "show a second time"

# --- --wide: one table with every column, every value whole
run 0 show --wide "$report" && {
  cp "$out" "$scratch/wide"
  has_line "$out" 'Ir (%) I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles function object file:line' \
    "show --wide: functions titles"
  has_line "$out" '42,024 (21.67%) 0 0 30,010 0 0 8 0 0 42,024 std::vector<café::Größe>::_M_realloc_insert<café::Größe const&>(iterator, café::Größe const&) t /usr/include/c++/12/bits/vector.tcc:4' \
    "show --wide: first function whole"
  has_line "$out" 'name calls inclusive Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw cycles mean p50 p95 p99 max allocs alloc-bytes frees free-bytes object' \
    "show --wide: marked titles"
  checks=$((checks + 1))
  grep -q 'glibc.pthread.rseq=0 LD_BIND_NOW=1$' "$out" ||
    fail "show --wide: GLIBC_TUNABLES not whole"
  checks=$((checks + 1))
  grep -q '…\|Cache figures of\|values cut' "$out" &&
    fail "show --wide: something cut or split"
  checks=$((checks + 1))
  [ "$(lines "$out")" -lt "$(lines "$scratch/default")" ] ||
    fail "show --wide: not fewer lines than the default"
}
run 0 show --wide "$report" && same "$scratch/wide" "$out" "show --wide twice"
run 0 show --width 0 "$report" && same "$scratch/wide" "$out" "show --width 0"
run 0 show --width=120 "$report" &&
  same "$scratch/default" "$out" "show --width=120"

# --- --width N: the header fits N; so do the tables of a report without
# cache figures.
run 0 show --width 80 "$report" && {
  has_line "$out" 'Launcher: hotgrind run; program=t environment=cleared PATH=/usr/bin:/bin' \
    "show --width 80: first line of Launcher"
  sed '/^Functions:/q' "$out" >"$scratch/header"
  fits "$scratch/header" 80 "show --width 80: the header"
}
run 0 show --width 80 "$HG_TEST_DATA/merge/run-a.xml" &&
  fits "$out" 80 "show --width 80 merge/run-a.xml"

# --- a long working directory (<host>, added here) keeps its end
long=/very/long/directory/name/that/goes/on/and/on/for/a/while/because/CI/systems/like/deep/paths/with/many/levels/of/nesting/x
sed "s|</run>|</run><host pid=\"12\" ppid=\"1\" cwd=\"$long\"/>|" "$report" \
  >"$scratch/host.xml"
run 0 show "$scratch/host.xml" && {
  fits "$out" 120 "show with a long <host cwd>"
  has_line "$out" 'Host: pid 12, parent 1, in' "show: Host line"
  has_line "$out" '…ectory/name/that/goes/on/and/on/for/a/while/because/CI/systems/like/deep/paths/with/many/levels/of/nesting/x' \
    "show: the end of the working directory"
}
run 0 show --wide "$scratch/host.xml" &&
  has_line "$out" "Host: pid 12, parent 1, in $long" "show --wide: Host line"
# Any width, however small, prints the report (lines then overflow).
for width in 1 10 30; do
  run 0 show --width $width "$report"
done

# --- an inlined function's row (--inline=yes) names the function it was
# inlined into, whose file and line it carries (data/show/inlined.xml).
run 0 show "$HG_TEST_DATA/show/inlined.xml" && {
  has_line "$out" '600 (60.00%) mix (inlined into run) prog prog.c:20' \
    "show: the inlined row of the top functions"
  has_line "$out" '400 (40.00%) run prog prog.c:20' "show: its host's row"
  has_line "$out" 'mix (inlined into run) 50 600 12.00 12 12 12 12 prog' \
    "show: the marked inlined function"
}

# --- the inputs the program read (<run><inputs>, data/valid-inputs.xml):
# a section after the threads, one row per input in the report's order,
# "-" for the bytes of what is not random; the same bytes twice; names
# reach the terminal without their control characters; a report without
# <inputs> has no such section.
inputs=$HG_TEST_DATA/valid-inputs.xml
run 0 show "$inputs" && {
  cp "$out" "$scratch/inputs.out"
  has_line "$out" 'Inputs the program read: 5' "show: the inputs' title"
  has_line "$out" 'calls bytes kind source pinned function object' \
    "show: the inputs' columns"
  has_line "$out" '1 16 random getrandom pinned std::sys::unix::rand::imp::getrandom xz' \
    "show: the getrandom input"
  has_line "$out" '3 - clock clock_gettime pinned main xz' \
    "show: the clock input"
  has_line "$out" '1 - cpu-count /sys/devices/system/cpu/online pinned get_nprocs libc.so.6' \
    "show: the CPU count read from /sys"
  checks=$((checks + 1))
  [ "$(sed -n '/^Inputs the program read/,$p' "$out" | sed -n '4p' | tr -s ' ' | cut -d' ' -f5)" = /dev/urandom ] ||
    fail "show: the inputs not in the report's order"
}
run 0 show "$inputs" && same "$scratch/inputs.out" "$out" "show valid-inputs.xml, twice"
sed 's/function="seed_table" object="xz" calls="2" bytes="64" pinned="yes"/function="seed\&#9;table" object="xz" calls="2" bytes="64" pinned="no"/' \
  "$inputs" >"$scratch/inputs-tab.xml"
run 0 show "$scratch/inputs-tab.xml" && {
  has_line "$out" '2 64 random /dev/urandom not pinned seed?table xz' \
    "show: an unpinned input, its tab as '?'"
  checks=$((checks + 1))
  LC_ALL=C grep -q "$(printf '\t')" "$out" && fail "show: a tab reached the output"
}
# A C1 control (U+009B CSI) and a bidirectional override (U+202E) in a
# name are one '?' each, as a tab is.
sed 's/function="seed_table" object="xz" calls="2" bytes="64" pinned="yes"/function="seed\&#x9B;ta\&#x202E;ble" object="xz" calls="2" bytes="64" pinned="yes"/' \
  "$inputs" >"$scratch/inputs-c1.xml"
run 0 show "$scratch/inputs-c1.xml" && {
  has_line "$out" '2 64 random /dev/urandom pinned seed?ta?ble xz' \
    "show: U+009B and U+202E in a name as '?'"
  checks=$((checks + 1))
  LC_ALL=C grep -q "$(printf '\302\233\|\342\200\256')" "$out" &&
    fail "show: U+009B or U+202E reached the output"
}
run 0 show "$HG_TEST_DATA/valid-launcher.xml" && {
  checks=$((checks + 1))
  grep -q '^Inputs' "$out" && fail "show: an inputs section without <inputs>"
}

# --- usage
for args in '--width' '--width x' '--width -1' '--width=' '--wide --width 80' \
            '--width 80 --wide'; do
  # shellcheck disable=SC2086
  run 2 show $args "$report" && {
    [ -s "$out" ] && fail "show $args: wrote to stdout"
    grep -q '^usage: hotgrind show' "$err" || fail "show $args: no usage line"
  }
done
run 0 show --help && {
  grep -q -- '--width N' "$out" && grep -q -- '--wide' "$out" ||
    fail "show --help: no --width or --wide"
}

finish
