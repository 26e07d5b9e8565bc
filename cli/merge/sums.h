/* Checked sums of merge: each add says in struct merge_sums when a sum
   did not fit in 64 bits, so that merge refuses rather than wraps.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HG_MERGE_SUMS_H
#define HG_MERGE_SUMS_H

#include <stdint.h>

#include "merge/merge.h"

static inline void add(struct merge_sums *s, uint64_t *sum, uint64_t value)
{
    if (*sum > UINT64_MAX - value)
        s->overflow = true;
    *sum += value;
}

static inline void add_counts(struct merge_sums *s, uint64_t *sum,
                              const uint64_t *value, int n)
{
    int i;
    for (i = 0; i < n; i++)
        add(s, &sum[i], value[i]);
}

static inline void add_cache(struct merge_sums *s, struct hg_cache_costs *sum,
                             const struct hg_cache_costs *value)
{
    if (!value->present)
        return;
    sum->present = true;
    sum->has_cycles = value->has_cycles;
    add_counts(s, sum->value, value->value, HG_CACHE_METRICS);
}

static inline void add_branch(struct merge_sums *s,
                              struct hg_branch_costs *sum,
                              const struct hg_branch_costs *value)
{
    if (!value->present)
        return;
    sum->present = true;
    add_counts(s, sum->value, value->value, HG_BRANCH_METRICS);
}

static inline void add_heap(struct merge_sums *s, struct hg_heap_traffic *sum,
                            const struct hg_heap_traffic *value)
{
    add(s, &sum->allocs, value->allocs);
    add(s, &sum->alloc_bytes, value->alloc_bytes);
    add(s, &sum->frees, value->frees);
    add(s, &sum->free_bytes, value->free_bytes);
}

#endif
