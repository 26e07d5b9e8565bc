#!/bin/sh
# hotgrind diff: exact output in each format on hand-written pairs of
# reports, and the one-line error on bad input.  GPL-2.0-or-later; part of
# hotgrind.
#
# Run by `make check` with HOTGRIND (the built command) and HG_TEST_DATA
# (the fixtures folder) in the environment.  The fixtures are in
# tests/data/diff; every expected figure below was worked out by hand from
# them (percentages: |delta| / base, two decimals, half up; ratios:
# head / base, the same way), not copied from the command's output.

. "$(dirname "$0")/lib.sh"
expected=$scratch/expected
expected_err=$scratch/expected-stderr

# The file names in the output are as given: run from the fixtures folder.
cd "$HG_TEST_DATA/diff" || exit 99

# expect_output ARGS...: status 0, stdout exactly $expected, stderr empty.
expect_output() {
  run 0 diff "$@" || return
  same "$expected" "$out" "diff $*"
  [ -s "$err" ] && fail "diff $*: wrote to stderr"
}

# expect_output_and_warning ARGS...: the same, with stderr exactly
# $expected_err.
expect_output_and_warning() {
  run 0 diff "$@" || return
  same "$expected" "$out" "diff $*"
  cmp -s "$err" "$expected_err" || fail "diff $*: not the expected warning"
}

# expect_error LINE ARGS...: status 2, nothing on stdout, stderr exactly
# LINE.
expect_error() {
  line=$1; shift
  expect_trouble diff "$@" || return
  [ "$(cat "$err")" = "$line" ] || fail "diff $*: stderr is not '$line'"
}

# expect_usage_error WHY ARGS...: status 2, nothing on stdout, the reason
# and the usage line on stderr.
expect_usage_error() {
  why=$1; shift
  expect_trouble diff "$@" || return
  [ "$(cat "$err")" = "hotgrind diff: $why
usage: hotgrind diff [--format=text|markdown|json|svg] [--limit N] [--allow-exit=LIST] [--lines [--base-source DIR] [--head-source DIR]] [--wide] [--history-url URL] [--metric M] [--root F] [--title T] [--width PX] [-o OUT] BASE HEAD" ] ||
    fail "diff $*: not the usage error '$why'"
}

# the main pair: changed, added and removed functions and zones, heap figures
cat >"$expected" <<'EXPECTED'
Base:      base.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      head.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Total:     10,000 -> 10,100 Ir (+100, +1.00%)
Compared:  10 functions and zones: 3 changed, 2 added, 1 removed, 4 unchanged (not shown)
Shown:     all 6 that differ, by impact

name     object  file     status   metric         base    head   delta   change
(total)                            Ir           10,000  10,100    +100   +1.00%
                                   allocs           12      13      +1   +8.33%
                                   alloc-bytes   1,200   1,300    +100   +8.33%
                                   frees            12      13      +1   +8.33%
                                   free-bytes    1,200   1,300    +100   +8.33%
                                   peak-bytes      300     400    +100  +33.33%
                                   peak-blocks       3       4      +1  +33.33%
new_fn   prog    new.c    added    Ir                -     700    +700      new
parse    prog    parse.c  changed  Ir            3,000   2,400    -600  -20.00%
                                   incl-Ir       8,000   7,000  -1,000  -12.50%
                                   min             500     400    -100  -20.00%
                                   p50             700     600    -100  -14.29%
                                   p95           1,500   1,300    -200  -13.33%
                                   p99           1,500   1,300    -200  -13.33%
                                   max           1,500   1,300    -200  -13.33%
main     prog    prog.c   changed  Ir            5,000   5,500    +500  +10.00%
                                   allocs            2       3      +1  +50.00%
                                   alloc-bytes     200     300    +100  +50.00%
                                   frees             2       3      +1  +50.00%
                                   free-bytes      200     300    +100  +50.00%
old_fn   prog    old.c    removed  Ir              500       -    -500     gone
init     (zone)           added    calls             -       1      +1      new
                                   incl-Ir           -     300    +300      new
                                   min               -     300    +300      new
                                   p50               -     300    +300      new
                                   p95               -     300    +300      new
                                   p99               -     300    +300      new
                                   max               -     300    +300      new
load     (zone)           changed  incl-Ir       4,000   4,200    +200   +5.00%
                                   min           4,000   4,200    +200   +5.00%
                                   p50           4,000   4,200    +200   +5.00%
                                   p95           4,000   4,200    +200   +5.00%
                                   p99           4,000   4,200    +200   +5.00%
                                   max           4,000   4,200    +200   +5.00%
EXPECTED
expect_output base.xml head.xml

# markdown, the 3 rows of most impact
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 10,000 → 10,100 Ir (+100, +1.00%); functions and zones: 3 changed, 2 added, 1 removed, 4 unchanged.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 10,000 | 10,100 | +100 | +1.00% |
|  |  |  |  | allocs | 12 | 13 | +1 | +8.33% |
|  |  |  |  | alloc-bytes | 1,200 | 1,300 | +100 | +8.33% |
|  |  |  |  | frees | 12 | 13 | +1 | +8.33% |
|  |  |  |  | free-bytes | 1,200 | 1,300 | +100 | +8.33% |
|  |  |  |  | peak-bytes | 300 | 400 | +100 | +33.33% |
|  |  |  |  | peak-blocks | 3 | 4 | +1 | +33.33% |
| `new_fn` | `prog` | `new.c` | added | Ir | - | 700 | +700 | new |
| `parse` | `prog` | `parse.c` | changed | Ir | 3,000 | 2,400 | -600 | -20.00% |
|  |  |  |  | incl-Ir | 8,000 | 7,000 | -1,000 | -12.50% |
|  |  |  |  | min | 500 | 400 | -100 | -20.00% |
|  |  |  |  | p50 | 700 | 600 | -100 | -14.29% |
|  |  |  |  | p95 | 1,500 | 1,300 | -200 | -13.33% |
|  |  |  |  | p99 | 1,500 | 1,300 | -200 | -13.33% |
|  |  |  |  | max | 1,500 | 1,300 | -200 | -13.33% |
| `main` | `prog` | `prog.c` | changed | Ir | 5,000 | 5,500 | +500 | +10.00% |
|  |  |  |  | allocs | 2 | 3 | +1 | +50.00% |
|  |  |  |  | alloc-bytes | 200 | 300 | +100 | +50.00% |
|  |  |  |  | frees | 2 | 3 | +1 | +50.00% |
|  |  |  |  | free-bytes | 200 | 300 | +100 | +50.00% |

Base `base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`); head `head.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`). Top 3 of 6 rows that differ shown, by impact.
EXPECTED
expect_output --format=markdown --limit 3 base.xml head.xml

# JSON, the 2 rows of most impact: every figure of each row
cat >"$expected" <<'EXPECTED'
{
  "format": 2,
  "base": {"file": "base.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "head": {"file": "head.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "cross-arch": false,
  "runs-differ": [],
  "compared": 10, "changed": 3, "added": 2, "removed": 1, "unchanged": 4, "shown": 2,
  "rows": [
    {"kind": "total", "status": "total", "metrics": [
      {"metric": "Ir", "status": "changed", "base": 10000, "head": 10100, "delta": 100, "percent": 1.00, "ratio": null},
      {"metric": "allocs", "status": "changed", "base": 12, "head": 13, "delta": 1, "percent": 8.33, "ratio": null},
      {"metric": "alloc-bytes", "status": "changed", "base": 1200, "head": 1300, "delta": 100, "percent": 8.33, "ratio": null},
      {"metric": "frees", "status": "changed", "base": 12, "head": 13, "delta": 1, "percent": 8.33, "ratio": null},
      {"metric": "free-bytes", "status": "changed", "base": 1200, "head": 1300, "delta": 100, "percent": 8.33, "ratio": null},
      {"metric": "peak-bytes", "status": "changed", "base": 300, "head": 400, "delta": 100, "percent": 33.33, "ratio": null},
      {"metric": "peak-blocks", "status": "changed", "base": 3, "head": 4, "delta": 1, "percent": 33.33, "ratio": null},
      {"metric": "exit-bytes", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "exit-blocks", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null}
    ]},
    {"kind": "function", "status": "added", "name": "new_fn", "object": "prog", "base-file": null, "head-file": "new.c", "base-line": null, "head-line": 3, "matched-by-name": false, "metrics": [
      {"metric": "Ir", "status": "new", "base": null, "head": 700, "delta": 700, "percent": null, "ratio": null},
      {"metric": "allocs", "status": "unchanged", "base": null, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "alloc-bytes", "status": "unchanged", "base": null, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "frees", "status": "unchanged", "base": null, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "free-bytes", "status": "unchanged", "base": null, "head": 0, "delta": 0, "percent": 0.00, "ratio": null}
    ]},
    {"kind": "function", "status": "changed", "name": "parse", "object": "prog", "base-file": "parse.c", "head-file": "parse.c", "base-line": 20, "head-line": 20, "matched-by-name": false, "metrics": [
      {"metric": "Ir", "status": "changed", "base": 3000, "head": 2400, "delta": -600, "percent": -20.00, "ratio": null},
      {"metric": "allocs", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "alloc-bytes", "status": "unchanged", "base": 1000, "head": 1000, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "frees", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "free-bytes", "status": "unchanged", "base": 1000, "head": 1000, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "calls", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-Ir", "status": "changed", "base": 8000, "head": 7000, "delta": -1000, "percent": -12.50, "ratio": null},
      {"metric": "incl-allocs", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-alloc-bytes", "status": "unchanged", "base": 1000, "head": 1000, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-frees", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-free-bytes", "status": "unchanged", "base": 1000, "head": 1000, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "min", "status": "changed", "base": 500, "head": 400, "delta": -100, "percent": -20.00, "ratio": null},
      {"metric": "p50", "status": "changed", "base": 700, "head": 600, "delta": -100, "percent": -14.29, "ratio": null},
      {"metric": "p95", "status": "changed", "base": 1500, "head": 1300, "delta": -200, "percent": -13.33, "ratio": null},
      {"metric": "p99", "status": "changed", "base": 1500, "head": 1300, "delta": -200, "percent": -13.33, "ratio": null},
      {"metric": "max", "status": "changed", "base": 1500, "head": 1300, "delta": -200, "percent": -13.33, "ratio": null}
    ]}
  ]
}
EXPECTED
expect_output --format json --limit=2 base.xml head.xml

# a report against itself: nothing differs
cat >"$expected" <<'EXPECTED'
Base:      base.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      base.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Total:     10,000 -> 10,000 Ir (0, 0.00%)
Compared:  8 functions and zones: 0 changed, 0 added, 0 removed, 8 unchanged (not shown)
Shown:     none differ

name     object  file  status  metric    base    head  delta  change
(total)                        Ir      10,000  10,000      0   0.00%
EXPECTED
expect_output base.xml base.xml

# a report against itself, markdown
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 10,000 → 10,000 Ir (0, 0.00%); functions and zones: 0 changed, 0 added, 0 removed, 8 unchanged.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 10,000 | 10,000 | 0 | 0.00% |

Base `base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`); head `base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`).
EXPECTED
expect_output --format=markdown base.xml base.xml

# a report against itself, JSON
cat >"$expected" <<'EXPECTED'
{
  "format": 2,
  "base": {"file": "base.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "head": {"file": "base.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "cross-arch": false,
  "runs-differ": [],
  "compared": 8, "changed": 0, "added": 0, "removed": 0, "unchanged": 8, "shown": 0,
  "rows": [
    {"kind": "total", "status": "total", "metrics": [
      {"metric": "Ir", "status": "unchanged", "base": 10000, "head": 10000, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "allocs", "status": "unchanged", "base": 12, "head": 12, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "alloc-bytes", "status": "unchanged", "base": 1200, "head": 1200, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "frees", "status": "unchanged", "base": 12, "head": 12, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "free-bytes", "status": "unchanged", "base": 1200, "head": 1200, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "peak-bytes", "status": "unchanged", "base": 300, "head": 300, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "peak-blocks", "status": "unchanged", "base": 3, "head": 3, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "exit-bytes", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "exit-blocks", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null}
    ]}
  ]
}
EXPECTED
expect_output --format=json base.xml base.xml

# cache figures, self and inclusive, and cycles
cat >"$expected" <<'EXPECTED'
Base:      cache-base.xml: ./mm 64 (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      cache-head.xml: ./mm 64 (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Total:     1,000 -> 1,000 Ir (0, 0.00%)
Compared:  2 functions and zones: 1 changed, 0 added, 0 removed, 1 unchanged (not shown)
Shown:     all 1 that differ, by impact

name     object  file  status   metric        base   head  delta   change
(total)                         Ir           1,000  1,000      0    0.00%
                                D1mr            30     20    -10  -33.33%
                                DLmr             6      4     -2  -33.33%
                                cycles       2,800  2,500   -300  -10.71%
kernel   mm      k.c   changed  D1mr            20     10    -10  -50.00%
                                DLmr             4      2     -2  -50.00%
                                cycles       1,720  1,420   -300  -17.44%
                                incl-D1mr       25     15    -10  -40.00%
                                incl-DLmr        5      3     -2  -40.00%
                                incl-cycles  2,310  2,010   -300  -12.99%
EXPECTED
expect_output cache-base.xml cache-head.xml

# branch figures (--branch-sim=yes): only the mispredictions moved
cat >"$expected" <<'EXPECTED'
Base:      branch-base.xml: ./mm 64 (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      branch-head.xml: ./mm 64 (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Total:     1,000 -> 1,000 Ir (0, 0.00%)
Compared:  2 functions and zones: 1 changed, 0 added, 0 removed, 1 unchanged (not shown)
Shown:     all 1 that differ, by impact

name     object  file  status   metric   base   head  delta   change
(total)                         Ir      1,000  1,000      0    0.00%
                                Bcm        20     10    -10  -50.00%
                                Bim         4      2     -2  -50.00%
kernel   mm      k.c   changed  Bcm        15      5    -10  -66.67%
                                Bim         3      1     -2  -66.67%
EXPECTED
expect_output branch-base.xml branch-head.xml

# cache figures, markdown
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 1,000 → 1,000 Ir (0, 0.00%); functions and zones: 1 changed, 0 added, 0 removed, 1 unchanged.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 1,000 | 1,000 | 0 | 0.00% |
|  |  |  |  | D1mr | 30 | 20 | -10 | -33.33% |
|  |  |  |  | DLmr | 6 | 4 | -2 | -33.33% |
|  |  |  |  | cycles | 2,800 | 2,500 | -300 | -10.71% |
| `kernel` | `mm` | `k.c` | changed | D1mr | 20 | 10 | -10 | -50.00% |
|  |  |  |  | DLmr | 4 | 2 | -2 | -50.00% |
|  |  |  |  | cycles | 1,720 | 1,420 | -300 | -17.44% |
|  |  |  |  | incl-D1mr | 25 | 15 | -10 | -40.00% |
|  |  |  |  | incl-DLmr | 5 | 3 | -2 | -40.00% |
|  |  |  |  | incl-cycles | 2,310 | 2,010 | -300 | -12.99% |

Base `cache-base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`); head `cache-head.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`). All 1 rows that differ shown, by impact.
EXPECTED
expect_output --format=markdown cache-base.xml cache-head.xml

# two architectures: ratios for Ir and per-call figures, calls exactly;
# the per-call view: parse's 3,000 / 10 -> 3,300 / 10 Ir per call is
# 1.10, over the run's 9,500 / 10,000 = 0.95 that is 1.157894... (1.16x)
cat >"$expected" <<'EXPECTED'
Base:      base.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      arm64.xml: ./prog (hotgrind 0.1.0, Valgrind 3.19.0, arm64)
Total:     10,000 -> 9,500 Ir (0.95x)
Compared:  8 functions and zones: 4 changed, 0 added, 0 removed, 4 unchanged (not shown)
Shown:     all 4 that differ, by impact
Warning:   different architectures (amd64 -> arm64): Ir, cache and per-call figures are compared as ratios head/base, calls and heap figures exactly

name     object     file     status   metric     base   head  delta   change
(total)                               Ir       10,000  9,500           0.95x
save     (zone)              changed  calls         2      3     +1  +50.00%
                                      min         400    300           0.75x
                                      p50         400    300           0.75x
                                      p95         600    400           0.67x
                                      p99         600    400           0.67x
                                      max         600    400           0.67x
main     prog       prog.c   changed  Ir        5,000  4,000           0.80x
parse    prog       parse.c  changed  Ir        3,000  3,300           1.10x
                                      incl-Ir   8,000  8,800           1.10x
                                      min         500    550           1.10x
                                      p50         700    770           1.10x
                                      p95       1,500  1,650           1.10x
                                      p99       1,500  1,650           1.10x
                                      max       1,500  1,650           1.10x
strlen   libc.so.6  ???      changed  Ir          400    600           1.50x

Per call:  self Ir per call head/base (amd64 -> arm64), farthest from the run's 0.95x first: the only function with calls in both, its calls equal

name   object  base calls  head calls  calls  base Ir/call  head Ir/call  head/base  vs run
parse  prog            10          10  equal        300.00        330.00       1.10   1.16x
EXPECTED
expect_output base.xml arm64.xml

# two architectures, markdown, --limit 2
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 10,000 → 9,500 Ir (0.95x); functions and zones: 4 changed, 0 added, 0 removed, 4 unchanged.

**Warning:** different architectures (`amd64` → `arm64`): Ir, cache and per-call figures are compared as ratios head/base, calls and heap figures exactly.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 10,000 | 9,500 |  | 0.95x |
| `save` | (zone) |  | changed | calls | 2 | 3 | +1 | +50.00% |
|  |  |  |  | min | 400 | 300 |  | 0.75x |
|  |  |  |  | p50 | 400 | 300 |  | 0.75x |
|  |  |  |  | p95 | 600 | 400 |  | 0.67x |
|  |  |  |  | p99 | 600 | 400 |  | 0.67x |
|  |  |  |  | max | 600 | 400 |  | 0.67x |
| `main` | `prog` | `prog.c` | changed | Ir | 5,000 | 4,000 |  | 0.80x |

Base `base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`); head `arm64.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `arm64`). Top 2 of 4 rows that differ shown, by impact.

**Per call:** self Ir per call head/base (`amd64` → `arm64`), farthest from the run's 0.95x first: the only function with calls in both, its calls equal.

| name | object | base calls | head calls | calls | base Ir/call | head Ir/call | head/base | vs run |
|:--|:--|--:|--:|:--|--:|--:|--:|--:|
| `parse` | `prog` | 10 | 10 | equal | 300.00 | 330.00 | 1.10 | 1.16x |
EXPECTED
expect_output --format=markdown --limit=2 base.xml arm64.xml

# two architectures, JSON, --limit 1
cat >"$expected" <<'EXPECTED'
{
  "format": 2,
  "base": {"file": "base.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "head": {"file": "arm64.xml", "command": ["./prog"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "arm64"},
  "cross-arch": true,
  "arch-matching": {
    "program": {"count": 0, "base": null, "head": null},
    "loader": {"count": 0, "base": null, "head": null},
    "version": {"count": 0, "base": null, "head": null}
  },
  "runs-differ": [],
  "compared": 8, "changed": 4, "added": 0, "removed": 0, "unchanged": 4, "shown": 1,
  "rows": [
    {"kind": "total", "status": "total", "metrics": [
      {"metric": "Ir", "status": "changed", "base": 10000, "head": 9500, "delta": null, "percent": null, "ratio": 0.95},
      {"metric": "allocs", "status": "unchanged", "base": 12, "head": 12, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "alloc-bytes", "status": "unchanged", "base": 1200, "head": 1200, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "frees", "status": "unchanged", "base": 12, "head": 12, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "free-bytes", "status": "unchanged", "base": 1200, "head": 1200, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "peak-bytes", "status": "unchanged", "base": 300, "head": 300, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "peak-blocks", "status": "unchanged", "base": 3, "head": 3, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "exit-bytes", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "exit-blocks", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null}
    ]},
    {"kind": "zone", "status": "changed", "name": "save", "metrics": [
      {"metric": "calls", "status": "changed", "base": 2, "head": 3, "delta": 1, "percent": 50.00, "ratio": null},
      {"metric": "incl-Ir", "status": "unchanged", "base": 1000, "head": 1000, "delta": null, "percent": null, "ratio": 1.00},
      {"metric": "incl-allocs", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-alloc-bytes", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-frees", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "incl-free-bytes", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "min", "status": "changed", "base": 400, "head": 300, "delta": null, "percent": null, "ratio": 0.75},
      {"metric": "p50", "status": "changed", "base": 400, "head": 300, "delta": null, "percent": null, "ratio": 0.75},
      {"metric": "p95", "status": "changed", "base": 600, "head": 400, "delta": null, "percent": null, "ratio": 0.67},
      {"metric": "p99", "status": "changed", "base": 600, "head": 400, "delta": null, "percent": null, "ratio": 0.67},
      {"metric": "max", "status": "changed", "base": 600, "head": 400, "delta": null, "percent": null, "ratio": 0.67}
    ]}
  ],
  "per-call": {
    "run-ratio": 0.950000,
    "functions": 1,
    "calls-differ": 0,
    "shown": 1,
    "rows": [
      {
        "base": {"name": "parse", "object": "prog", "file": "parse.c", "line": 20, "calls": 10, "Ir": 3000},
        "head": {"name": "parse", "object": "prog", "file": "parse.c", "line": 20, "calls": 10, "Ir": 3300},
        "calls-equal": true,
        "ratio": 1.100000,
        "relative": 1.157895
      }
    ]
  }
}
EXPECTED
expect_output --format=json --limit 1 base.xml arm64.xml

# Runs measured differently (fp-base.xml, fp-head.xml): every difference,
# and why the Valgrind versions may not matter, as the warning and note of
# the text output and, in each of the three formats below, on stderr.
fp_warning="the runs were measured differently, which alone can move counts: hotgrind (0.1.0 -> 0.2.0), Valgrind (3.19.0 -> 3.22.0), platform (amd64-sse3-avx2 -> amd64-sse3), libc (glibc 2.36 -> glibc 2.37), environment (20 variables, 1,000 bytes -> 21 variables, 1,050 bytes), GLIBC_TUNABLES ((unset) -> glibc.cpu.hwcaps=-AVX2), option thread-events (no -> yes), cache (I1 32768,8,64, D1 32768,8,64, LL 8388608,16,64 -> I1 32768,8,64, D1 32768,8,64, LL 4194304,16,64)"
fp_why="no figure moved across 3.19, 3.24 and 3.27, the releases hotgrind's cross-version tests build (docs/versions.md); 3.22 is not one of them, so a change here is most likely the program's; between 3.19 and 3.24 the platform's hwcaps began to name fma, which 3.19 left out of the name only: glibc picks the same fma variants under both"
cat >"$expected_err" <<EXPECTED
hotgrind: warning: $fp_warning
hotgrind: note: Valgrind: $fp_why
EXPECTED

# runs measured differently, text
cat >"$expected" <<EXPECTED
Base:      fp-base.xml: ./fp (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      fp-head.xml: ./fp (hotgrind 0.2.0, Valgrind 3.22.0, amd64)
Total:     100 -> 100 Ir (0, 0.00%)
Compared:  1 function or zone: 0 changed, 0 added, 0 removed, 1 unchanged (not shown)
Shown:     none differ
Warning:   $fp_warning
Note:      Valgrind: $fp_why

name     object  file  status  metric  base  head  delta  change
(total)                        Ir       100   100      0   0.00%
EXPECTED
expect_output_and_warning fp-base.xml fp-head.xml

# A merged report (3 runs summed) against one run: every count looks
# tripled, so the merge is one of the differences warned about.
run 0 diff ../merge/shard-a.xml ../merge/merged.xml &&
  { [ "$(cat "$err")" = "hotgrind: warning: the runs were measured differently, which alone can move counts: number of runs (1 -> 3)" ] ||
      fail "diff of a merged report: no warning of the merge"; }

# runs measured differently, markdown
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 100 → 100 Ir (0, 0.00%); functions and zones: 0 changed, 0 added, 0 removed, 1 unchanged.

**Warning:** the runs were measured differently, which alone can move counts: `hotgrind` (`0.1.0` → `0.2.0`), `Valgrind` (`3.19.0` → `3.22.0`), `platform` (`amd64-sse3-avx2` → `amd64-sse3`), `libc` (`glibc 2.36` → `glibc 2.37`), `environment` (`20 variables, 1,000 bytes` → `21 variables, 1,050 bytes`), `GLIBC_TUNABLES` (`(unset)` → `glibc.cpu.hwcaps=-AVX2`), `option thread-events` (`no` → `yes`), `cache` (`I1 32768,8,64, D1 32768,8,64, LL 8388608,16,64` → `I1 32768,8,64, D1 32768,8,64, LL 4194304,16,64`).

**Note:** `Valgrind`: `no figure moved across 3.19, 3.24 and 3.27, the releases hotgrind's cross-version tests build (docs/versions.md); 3.22 is not one of them, so a change here is most likely the program's; between 3.19 and 3.24 the platform's hwcaps began to name fma, which 3.19 left out of the name only: glibc picks the same fma variants under both`.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 100 | 100 | 0 | 0.00% |

Base `fp-base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `amd64`); head `fp-head.xml` (hotgrind `0.2.0`, Valgrind `3.22.0`, `amd64`).
EXPECTED
expect_output_and_warning --format=markdown fp-base.xml fp-head.xml

# runs measured differently, JSON
cat >"$expected" <<EXPECTED
{
  "format": 2,
  "base": {"file": "fp-base.xml", "command": ["./fp"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},
  "head": {"file": "fp-head.xml", "command": ["./fp"], "hotgrind": "0.2.0", "valgrind": "3.22.0", "arch": "amd64"},
  "cross-arch": false,
  "runs-differ": [
    {"what": "hotgrind", "base": "0.1.0", "head": "0.2.0"},
    {"what": "Valgrind", "base": "3.19.0", "head": "3.22.0", "why": "$fp_why"},
    {"what": "platform", "base": "amd64-sse3-avx2", "head": "amd64-sse3"},
    {"what": "libc", "base": "glibc 2.36", "head": "glibc 2.37"},
    {"what": "environment", "base": "20 variables, 1,000 bytes", "head": "21 variables, 1,050 bytes"},
    {"what": "GLIBC_TUNABLES", "base": "(unset)", "head": "glibc.cpu.hwcaps=-AVX2"},
    {"what": "option thread-events", "base": "no", "head": "yes"},
    {"what": "cache", "base": "I1 32768,8,64, D1 32768,8,64, LL 8388608,16,64", "head": "I1 32768,8,64, D1 32768,8,64, LL 4194304,16,64"}
  ],
  "compared": 1, "changed": 0, "added": 0, "removed": 0, "unchanged": 1, "shown": 0,
  "rows": [
    {"kind": "total", "status": "total", "metrics": [
      {"metric": "Ir", "status": "unchanged", "base": 100, "head": 100, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "I1mr", "status": "unchanged", "base": 1, "head": 1, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "ILmr", "status": "unchanged", "base": 1, "head": 1, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "Dr", "status": "unchanged", "base": 30, "head": 30, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "D1mr", "status": "unchanged", "base": 2, "head": 2, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "DLmr", "status": "unchanged", "base": 1, "head": 1, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "Dw", "status": "unchanged", "base": 10, "head": 10, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "D1mw", "status": "unchanged", "base": 1, "head": 1, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "DLmw", "status": "unchanged", "base": 0, "head": 0, "delta": 0, "percent": 0.00, "ratio": null},
      {"metric": "cycles", "status": "unchanged", "base": 340, "head": 340, "delta": 0, "percent": 0.00, "ratio": null}
    ]}
  ]
}
EXPECTED
expect_output_and_warning --format=json fp-base.xml fp-head.xml

# matching: lines that moved, a renamed file, names that are not unique
cat >"$expected" <<'EXPECTED'
Base:      match-base.xml: ./m (hotgrind 0.1.0, Valgrind 3.19.0, x86)
Head:      match-head.xml: ./m (hotgrind 0.1.0, Valgrind 3.19.0, x86)
Total:     710 -> 759 Ir (+49, +6.90%)
Compared:  10 functions and zones: 5 changed, 2 added, 2 removed, 1 unchanged (not shown)
Shown:     all 9 that differ, by impact

name                     object  file        status   metric   base  head  delta   change
(total)                                               Ir        710   759    +49   +6.90%
moved                    m       a.c -> b.c  changed  Ir        300   330    +30  +10.00%
dup                      m       d.h         changed  Ir        100   110    +10  +10.00%
twin                     m       t1.c        removed  Ir         10     -    -10     gone
twin                     m       t2.c        removed  Ir         10     -    -10     gone
twin                     m       t3.c        added    Ir          -    10    +10      new
twin                     m       t4.c        added    Ir          -    10    +10      new
operator|(Flags, Flags)  m       flags.cc    changed  Ir         50    55     +5  +10.00%
`anonymous'::run         m       x.cc        changed  Ir         40    44     +4  +10.00%
a|b                      (zone)              changed  incl-Ir    10    12     +2  +20.00%
                                                      min        10    12     +2  +20.00%
                                                      p50        10    12     +2  +20.00%
                                                      p95        10    12     +2  +20.00%
                                                      p99        10    12     +2  +20.00%
                                                      max        10    12     +2  +20.00%
EXPECTED
expect_output match-base.xml match-head.xml

# matching, markdown: | and ` in names
cat >"$expected" <<'EXPECTED'
**hotgrind diff**: total 710 → 759 Ir (+49, +6.90%); functions and zones: 5 changed, 2 added, 2 removed, 1 unchanged.

| name | object | file | status | metric | base | head | delta | change |
|:--|:--|:--|:--|:--|--:|--:|--:|--:|
| (total) |  |  |  | Ir | 710 | 759 | +49 | +6.90% |
| `moved` | `m` | `a.c -> b.c` | changed | Ir | 300 | 330 | +30 | +10.00% |
| `dup` | `m` | `d.h` | changed | Ir | 100 | 110 | +10 | +10.00% |
| `twin` | `m` | `t1.c` | removed | Ir | 10 | - | -10 | gone |
| `twin` | `m` | `t2.c` | removed | Ir | 10 | - | -10 | gone |
| `twin` | `m` | `t3.c` | added | Ir | - | 10 | +10 | new |
| `twin` | `m` | `t4.c` | added | Ir | - | 10 | +10 | new |
| `operator\|(Flags, Flags)` | `m` | `flags.cc` | changed | Ir | 50 | 55 | +5 | +10.00% |
| `` `anonymous'::run `` | `m` | `x.cc` | changed | Ir | 40 | 44 | +4 | +10.00% |
| `a\|b` | (zone) |  | changed | incl-Ir | 10 | 12 | +2 | +20.00% |
|  |  |  |  | min | 10 | 12 | +2 | +20.00% |
|  |  |  |  | p50 | 10 | 12 | +2 | +20.00% |
|  |  |  |  | p95 | 10 | 12 | +2 | +20.00% |
|  |  |  |  | p99 | 10 | 12 | +2 | +20.00% |
|  |  |  |  | max | 10 | 12 | +2 | +20.00% |

Base `match-base.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `x86`); head `match-head.xml` (hotgrind `0.1.0`, Valgrind `3.19.0`, `x86`). All 9 rows that differ shown, by impact.
EXPECTED
expect_output --format=markdown match-base.xml match-head.xml

# --history-url: each function of the base is a link to its page of the
# history site, whose path is computed apart (history_page.py: FNV-1a of
# the benchmark, here the base's program file name, and the function's
# name, object and file; the base's file for a function whose file
# moved).  Functions only in HEAD have no history yet, zones no page:
# not linked.  The link text stays the code span; BASE with or without a
# trailing slash gives the same.
pages=$scratch/pages
"${PYTHON:-/usr/bin/python3}" "$HG_TEST_DATA/../history_page.py" \
  match-base.xml >"$pages" || fail "history_page.py match-base.xml"
href() {   # href NAME FILE: the page of the base's function NAME in FILE
  awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $3 == f { print $4; exit }' "$pages"
}
site=https://example.org/hist/site
sed -e "s#^| \(\`moved\`\) |#| [\1]($site/$(href moved a.c)) |#" \
    -e "s#^| \(\`dup\`\) |#| [\1]($site/$(href dup d.h)) |#" \
    -e "s#^| \(\`twin\`\) | \`m\` | \`t1.c\`#| [\1]($site/$(href twin t1.c)) | \`m\` | \`t1.c\`#" \
    -e "s#^| \(\`twin\`\) | \`m\` | \`t2.c\`#| [\1]($site/$(href twin t2.c)) | \`m\` | \`t2.c\`#" \
    -e "s#^| \(\`operator\\\\|(Flags, Flags)\`\) |#| [\1]($site/$(href 'operator|(Flags, Flags)' flags.cc)) |#" \
    -e "s#^| \(\`\` \`anonymous'::run \`\`\) |#| [\1]($site/$(href "\`anonymous'::run" x.cc)) |#" \
    "$expected" >"$scratch/linked"
[ "$(grep -c '](https://example.org/hist/site/functions/[0-9a-f]\{16\}\.html) |' "$scratch/linked")" = 6 ] ||
  fail "the expected links: not six rows linked"
cp "$scratch/linked" "$expected"
expect_output --format=markdown --history-url "$site" match-base.xml match-head.xml
expect_output --format=markdown --history-url "$site/" match-base.xml match-head.xml
cp "$out" "$scratch/first"
run 0 diff --format=markdown --history-url "$site/" match-base.xml match-head.xml &&
  { cmp -s "$out" "$scratch/first" || fail "diff --history-url: a second run differs"; }

# JSON of the matching pair: a row matched by name and object keeps both
# files; functions that share a key pair up in the order of their lines.
run 0 diff --format=json match-base.xml match-head.xml && {
  grep -qxF '    {"kind": "function", "status": "changed", "name": "moved", "object": "m", "base-file": "a.c", "head-file": "b.c", "base-line": 5, "head-line": 5, "matched-by-name": true, "metrics": [' "$out" ||
    fail "diff --format=json: the row matched by name"
  grep -qxF '    {"kind": "function", "status": "changed", "name": "dup", "object": "m", "base-file": "d.h", "head-file": "d.h", "base-line": 10, "head-line": 12, "matched-by-name": false, "metrics": [' "$out" ||
    fail "diff --format=json: the functions that share a key"
  grep -qxF '    {"kind": "zone", "status": "changed", "name": "a|b", "metrics": [' "$out" ||
    fail "diff --format=json: the zone"
}

# --limit 0 shows every row; the options may come after the reports.
run 0 diff base.xml head.xml --limit 0 &&
  { grep -qx 'Shown:     all 6 that differ, by impact' "$out" ||
      fail "diff --limit 0: not all rows"; }
run 0 diff --limit 1 -- base.xml head.xml &&
  { grep -qx 'Shown:     top 1 of 6 that differ, by impact' "$out" ||
      fail "diff --limit 1: not the top row"
    [ "$(grep -c '  added  \|  changed  \|  removed  ' "$out")" = 1 ] ||
      fail "diff --limit 1: more than one row"; }

# runs made by hotgrind run with other settings: each setting that
# differs, base's names first (repeated ones together), then head's own.
# The program is the launcher's program setting (fp), not <exe>
# (/proc/self/fd/3, the same for every program run so).
warning="the runs were measured differently, which alone can move counts: setting keep-env (HOME -> HOME USER), setting stdout (file -> terminal), setting env ((not given) -> SEED=1)"
cat >"$expected" <<EXPECTED
Base:      launch-base.xml: fp (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Head:      launch-head.xml: fp (hotgrind 0.1.0, Valgrind 3.19.0, amd64)
Total:     100 -> 100 Ir (0, 0.00%)
Compared:  1 function or zone: 0 changed, 0 added, 0 removed, 1 unchanged (not shown)
Shown:     none differ
Warning:   $warning

name     object  file  status  metric  base  head  delta  change
(total)                        Ir       100   100      0   0.00%
EXPECTED
echo "hotgrind: warning: $warning" >"$expected_err"
expect_output_and_warning launch-base.xml launch-head.xml

run 0 diff --format=json launch-base.xml launch-head.xml && {
  grep -qxF '  "base": {"file": "launch-base.xml", "command": ["fp"], "hotgrind": "0.1.0", "valgrind": "3.19.0", "arch": "amd64"},' "$out" ||
    fail "diff --format=json: the program of a hotgrind run report"
}

# a run without a launcher against one with: that alone, not each setting
echo "hotgrind: warning: the runs were measured differently, which alone can move counts: launcher ((none) -> hotgrind run)" >"$expected_err"
run 0 diff launch-none.xml launch-base.xml &&
  { cmp -s "$err" "$expected_err" || fail "diff launch-none.xml launch-base.xml: not the expected warning"; }
run 0 diff launch-base.xml launch-base.xml &&
  { [ -s "$err" ] && fail "diff launch-base.xml launch-base.xml: a warning for runs alike"; }

# Bad input: one line naming the file (and the line), exit status 2.
expect_error "hotgrind: missing.xml: No such file or directory" \
  base.xml missing.xml
expect_error "hotgrind: bad-head.xml: line 23: <self> attribute Ir=\"5,500\" is not a number" \
  base.xml bad-head.xml
expect_error "hotgrind: ../wrong-format.xml: line 2: report format 2 is not supported (this hotgrind reads format 1)" \
  ../wrong-format.xml head.xml
expect_error "hotgrind: ../malformed.xml: line 15: Opening and ending tag mismatch: self line 14 and function" \
  ../malformed.xml bad-head.xml
# A report whose program did not exit with status 0 is refused, either
# side, unless --allow-exit names how it ended.
expect_error "hotgrind: exec.xml: its program was replaced by exec, so the report may not hold a whole run; refused (--allow-exit=exec if that is expected)" \
  base.xml exec.xml
expect_error "hotgrind: exec.xml: its program was replaced by exec, so the report may not hold a whole run; refused (--allow-exit=exec if that is expected)" \
  --allow-exit=signal,nonzero exec.xml base.xml
run 0 diff --allow-exit=exec exec.xml base.xml
run 0 diff --allow-exit=any base.xml exec.xml
expect_usage_error "--allow-exit takes nonzero, signal, exec or any, not 'exec,'" \
  --allow-exit=exec, base.xml exec.xml

expect_usage_error "two reports needed, BASE and HEAD"
expect_usage_error "two reports needed, BASE and HEAD" base.xml
expect_usage_error "two reports, BASE and HEAD, not more ('base.xml')" \
  base.xml head.xml base.xml
for url in ftp://example.org/site example.org/site https:// \
           'https://example.org/a b' 'https://example.org/(x)' \
           'https://example.org/?page=1' 'https://example.org/#top' \
           'https://example.org/%zz' "https://example.org/\`x\`"; do
  expect_usage_error "--history-url takes an http:// or https:// URL of plain characters (no spaces, quotes, parentheses, '?' or '#'), not '$url'" \
    --format=markdown --history-url "$url" base.xml head.xml
done
expect_usage_error "--history-url is for --format=markdown" \
  --history-url https://example.org/site base.xml head.xml
expect_usage_error "--history-url is for --format=markdown" \
  --format=json --history-url https://example.org/site base.xml head.xml
expect_usage_error "--format is text, markdown, json or svg, not 'xml'" \
  --format=xml base.xml head.xml
expect_usage_error "--format needs a value" base.xml head.xml --format
expect_usage_error "--limit needs a number (0 for all), not '-1'" \
  --limit -1 base.xml head.xml
expect_usage_error "unknown option '--frobnicate'" --frobnicate base.xml head.xml

run 0 diff --help && { grep -q '^usage: hotgrind diff ' "$out" || fail "diff --help"; }

# Two runs that differ in det-random (and so in random-seed): diff and
# check give the usual warning, option by option; the same twice.
run 0 diff det-random-yes.xml det-random-no.xml && {
  cp "$out" "$scratch/det-random.out"
  grep -qxF 'Warning:   the runs were measured differently, which alone can move counts: option det-random (yes -> no), option random-seed (0 -> (not given))' "$out" ||
    fail "diff det-random: not the warning: $(grep Warning "$out")"
}
run 0 diff det-random-yes.xml det-random-no.xml &&
  same "$scratch/det-random.out" "$out" "diff det-random, twice"
run 0 check --policy ../check/defaults.xml det-random-yes.xml det-random-no.xml && {
  grep -qxF 'warning: runs differ in option det-random: base yes, head no' "$out" ||
    fail "check det-random: not the warning"
}

finish
