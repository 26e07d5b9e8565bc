#!/bin/sh
# hotgrind check and diff over the shards of a suite run: the shard
# directories gathered (DIR1,DIR2) give exactly the output of one
# unsharded run, in every format; the mistakes of a gathering are
# refused.  GPL-2.0-or-later; part of hotgrind.
#
# Run by `make check` with HOTGRIND and HG_TEST_DATA in the environment.
# Each shard directory is made by a process of its own, as the shard jobs
# of CI make theirs (docs/ci.md, "A benchmark suite"); the reference is
# the same suite made as one directory.

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/suite-gate-lib.sh"
cd "$scratch" || exit 99
standard_suite
write_policy p.xml
( suite_run base-1 count 1/2 alpha:ok:alpha-base.xml gamma:ok:gamma.xml ) &
( suite_run base-2 count 2/2 beta:ok:beta.xml delta:ok:delta-base.xml ) &
( suite_run head-1 count 1/2 alpha:ok:alpha-head.xml ) &
( suite_run head-2 count 2/2 beta:ok:beta.xml delta:crashed:SEGV ) &
wait

# The gathered output, its operands and shard folders named as the
# unsharded run's, is the unsharded output byte for byte.
unshard() {
  sed -e 's/base-1,base-2/base/g; s/head-1,head-2/head/g' \
      -e 's/head-2,head-1/head/g; s/base-[12]\//base\//g' \
      -e 's/head-[12]\//head\//g' "$out" >"$scratch/gathered"
}
for format in text markdown json junit; do
  run 1 check --policy p.xml --format=$format base head || continue
  cp "$out" "$scratch/single"
  cp "$out" "$scratch/single-$format"
  run 1 check --policy p.xml --format=$format base-1,base-2 head-1,head-2 ||
    continue
  unshard
  same "$scratch/single" "$scratch/gathered" "check --format=$format of the shards"
done
# The order of the shards on the command line does not matter.
run 1 check --policy p.xml base-1,base-2 head-2,head-1 && unshard &&
  same "$scratch/single-text" "$scratch/gathered" "check of the shards in another order"
# A check of HEAD's budgets alone, and diff, likewise.
run 1 check --policy p.xml head && cp "$out" "$scratch/single"
run 1 check --policy p.xml head-1,head-2 && unshard &&
  same "$scratch/single" "$scratch/gathered" "check of HEAD's shards alone"
run 0 diff --limit 0 base head && cp "$out" "$scratch/single"
run 0 diff --limit 0 base-1,base-2 head-1,head-2 && unshard &&
  same "$scratch/single" "$scratch/gathered" "diff of the shards"

# --- the mistakes of a gathering: one line naming the file and why.
has_err() {
  checks=$((checks + 1))
  [ "$(cat "$err")" = "$1" ] || fail "stderr is not '$1'"
}
expect_trouble check --policy p.xml base-1,base-1 head
has_err "hotgrind: base-1/manifest.xml: the same shard given twice"
expect_trouble check --policy p.xml base-1 head
has_err "hotgrind: base-1/manifest.xml: shard 2 of 2 of this run is not among the 1 given"
suite_run words-2 words 2/2 beta:ok:beta.xml
expect_trouble check --policy p.xml base-1,words-2 head
has_err "hotgrind: words-2/manifest.xml: a run of suite 'words', not of 'count' as base-1/manifest.xml"
suite_run twice-2 count 2/2 alpha:ok:alpha-base.xml
expect_trouble check --policy p.xml base-1,twice-2 head
has_err "hotgrind: twice-2/manifest.xml: line 4: benchmark 'alpha' has the position of benchmark 'alpha' (line 4) of another manifest"
expect_trouble diff base-1,words-2 head
has_err "hotgrind: words-2/manifest.xml: a run of suite 'words', not of 'count' as base-1/manifest.xml"

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
