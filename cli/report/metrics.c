/* hotgrind: the metric table.  GPL-2.0-or-later; part of hotgrind. */

/* One table names every figure, so each command that compares, judges,
   exports or sums reports covers all of them, and a figure added to the
   report is added here once. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/metrics.h"
#include "util/xalloc.h"

/* Which figure a metric reads, beyond its scope. */
enum source {
    SRC_IR, SRC_CACHE, SRC_BRANCH, SRC_HEAP,
    SRC_CALLS, SRC_INCL_IR, SRC_INCL_CACHE, SRC_INCL_HEAP,
    SRC_PER_CALL,
    SRC_PEAK_BYTES, SRC_PEAK_BLOCKS, SRC_EXIT_BYTES, SRC_EXIT_BLOCKS
};

struct metric_def {
    struct hg_metric public;
    enum source source;
    int index;            /* cache figure, heap figure or percentile */
};

enum { HEAP_ALLOCS, HEAP_ALLOC_BYTES, HEAP_FREES, HEAP_FREE_BYTES };
enum { PC_MIN, PC_P50, PC_P95, PC_P99, PC_MAX };

#define SELF(n, m, arch, src, i) { { n, m, HG_SCOPE_SELF, arch }, src, i }
#define MARKED(n, m, arch, src, i) { { n, m, HG_SCOPE_MARKED, arch }, src, i }
#define TOTAL(n, m, src) { { n, m, HG_SCOPE_TOTAL, false }, src, 0 }

static const struct metric_def table[] = {
    SELF("Ir", "instructions executed in the function itself", true, SRC_IR, 0),
    SELF("I1mr", "I1 cache read misses", true, SRC_CACHE, HG_I1MR),
    SELF("ILmr", "LL cache instruction read misses", true, SRC_CACHE, HG_ILMR),
    SELF("Dr", "data reads", true, SRC_CACHE, HG_DR),
    SELF("D1mr", "D1 cache read misses", true, SRC_CACHE, HG_D1MR),
    SELF("DLmr", "LL cache data read misses", true, SRC_CACHE, HG_DLMR),
    SELF("Dw", "data writes", true, SRC_CACHE, HG_DW),
    SELF("D1mw", "D1 cache write misses", true, SRC_CACHE, HG_D1MW),
    SELF("DLmw", "LL cache data write misses", true, SRC_CACHE, HG_DLMW),
    SELF("cycles", "estimated cycles of the report's cost model", true,
         SRC_CACHE, HG_CYCLES),
    SELF("Bc", "conditional branches executed", true, SRC_BRANCH, HG_BC),
    SELF("Bcm", "conditional branches mispredicted", true, SRC_BRANCH,
         HG_BCM),
    SELF("Bi", "indirect branches executed", true, SRC_BRANCH, HG_BI),
    SELF("Bim", "indirect branches mispredicted", true, SRC_BRANCH, HG_BIM),
    SELF("allocs", "heap blocks allocated", false, SRC_HEAP, HEAP_ALLOCS),
    SELF("alloc-bytes", "heap bytes allocated", false, SRC_HEAP,
         HEAP_ALLOC_BYTES),
    SELF("frees", "heap blocks freed", false, SRC_HEAP, HEAP_FREES),
    SELF("free-bytes", "heap bytes freed", false, SRC_HEAP, HEAP_FREE_BYTES),
    MARKED("calls", "calls of a marked function or zone", false, SRC_CALLS, 0),
    MARKED("incl-Ir", "instructions executed inside its calls", true,
           SRC_INCL_IR, 0),
    MARKED("incl-I1mr", "I1 read misses inside its calls", true,
           SRC_INCL_CACHE, HG_I1MR),
    MARKED("incl-ILmr", "LL instruction misses inside its calls", true,
           SRC_INCL_CACHE, HG_ILMR),
    MARKED("incl-Dr", "data reads inside its calls", true, SRC_INCL_CACHE,
           HG_DR),
    MARKED("incl-D1mr", "D1 read misses inside its calls", true,
           SRC_INCL_CACHE, HG_D1MR),
    MARKED("incl-DLmr", "LL data read misses inside its calls", true,
           SRC_INCL_CACHE, HG_DLMR),
    MARKED("incl-Dw", "data writes inside its calls", true, SRC_INCL_CACHE,
           HG_DW),
    MARKED("incl-D1mw", "D1 write misses inside its calls", true,
           SRC_INCL_CACHE, HG_D1MW),
    MARKED("incl-DLmw", "LL data write misses inside its calls", true,
           SRC_INCL_CACHE, HG_DLMW),
    MARKED("incl-cycles", "estimated cycles inside its calls", true,
           SRC_INCL_CACHE, HG_CYCLES),
    MARKED("incl-allocs", "heap blocks allocated inside its calls", false,
           SRC_INCL_HEAP, HEAP_ALLOCS),
    MARKED("incl-alloc-bytes", "heap bytes allocated inside its calls", false,
           SRC_INCL_HEAP, HEAP_ALLOC_BYTES),
    MARKED("incl-frees", "heap blocks freed inside its calls", false,
           SRC_INCL_HEAP, HEAP_FREES),
    MARKED("incl-free-bytes", "heap bytes freed inside its calls", false,
           SRC_INCL_HEAP, HEAP_FREE_BYTES),
    MARKED("min", "inclusive Ir of its cheapest call", true, SRC_PER_CALL,
           PC_MIN),
    MARKED("p50", "median inclusive Ir of one call", true, SRC_PER_CALL,
           PC_P50),
    MARKED("p95", "95th percentile of one call's inclusive Ir", true,
           SRC_PER_CALL, PC_P95),
    MARKED("p99", "99th percentile of one call's inclusive Ir", true,
           SRC_PER_CALL, PC_P99),
    MARKED("max", "inclusive Ir of its most expensive call", true,
           SRC_PER_CALL, PC_MAX),
    TOTAL("peak-bytes", "heap bytes live at the peak", SRC_PEAK_BYTES),
    TOTAL("peak-blocks", "heap blocks live at the peak", SRC_PEAK_BLOCKS),
    TOTAL("exit-bytes", "heap bytes still live at exit", SRC_EXIT_BYTES),
    TOTAL("exit-blocks", "heap blocks still live at exit", SRC_EXIT_BLOCKS),
};

enum { METRIC_COUNT = sizeof table / sizeof table[0] };

/* The public metrics, in table order: a metric's index here is its
   definition's index in table[]. */
static struct hg_metric public_table[METRIC_COUNT];

static const struct metric_def *definition(const struct hg_metric *metric)
{
    return &table[metric - public_table];
}

const struct hg_metric *hg_metrics(size_t *count)
{
    size_t i;
    if (public_table[0].name == NULL)
        for (i = 0; i < METRIC_COUNT; i++)
            public_table[i] = table[i].public;
    *count = METRIC_COUNT;
    return public_table;
}

const struct hg_metric *hg_metric_named(const char *name)
{
    size_t n, i;
    const struct hg_metric *all = hg_metrics(&n);
    for (i = 0; i < n; i++)
        if (strcmp(all[i].name, name) == 0)
            return &all[i];
    return NULL;
}

uint64_t hg_heap_figure(const struct hg_heap_traffic *heap, int index)
{
    switch (index) {
    case HEAP_ALLOCS:      return heap->allocs;
    case HEAP_ALLOC_BYTES: return heap->alloc_bytes;
    case HEAP_FREES:       return heap->frees;
    default:               return heap->free_bytes;
    }
}

enum hg_context_figure hg_metric_context_figure(const struct hg_metric *metric,
                                                int *index)
{
    const struct metric_def *d = definition(metric);
    *index = d->index;
    switch (d->source) {
    case SRC_IR:    return HG_CONTEXT_IR;
    case SRC_CACHE: return HG_CONTEXT_CACHE;
    case SRC_HEAP:  return HG_CONTEXT_HEAP;
    default:        return HG_CONTEXT_NONE;
    }
}

static bool cache_figure(const struct hg_cache_costs *cache, int index,
                         uint64_t *value)
{
    if (!cache->present || (index == HG_CYCLES && !cache->has_cycles))
        return false;
    *value = cache->value[index];
    return true;
}

/* Reports of --branch-sim=no have no branch figures at all. */
static bool branch_figure(const struct hg_branch_costs *branch, int index,
                          uint64_t *value)
{
    if (!branch->present)
        return false;
    *value = branch->value[index];
    return true;
}

bool hg_line_metric_value(const struct hg_metric *metric,
                          const struct hg_line *line, uint64_t *value)
{
    const struct metric_def *d = definition(metric);
    if (d->public.scope != HG_SCOPE_SELF)
        return false;
    switch (d->source) {
    case SRC_IR:
        *value = line->ir;
        return true;
    case SRC_CACHE:
        return cache_figure(&line->cache, d->index, value);
    case SRC_BRANCH:
        return branch_figure(&line->branch, d->index, value);
    default:
        return false;
    }
}

static uint64_t per_call_figure(const struct hg_per_call *pc, int index)
{
    switch (index) {
    case PC_MIN: return pc->min;
    case PC_P50: return pc->p50;
    case PC_P95: return pc->p95;
    case PC_P99: return pc->p99;
    default:     return pc->max;
    }
}

static bool self_value(const struct metric_def *d,
                       const struct hg_report *report,
                       const struct hg_function *f, uint64_t *value)
{
    switch (d->source) {
    case SRC_IR:
        *value = f ? f->self_ir : report->total_ir;
        return true;
    case SRC_CACHE:
        return cache_figure(f ? &f->self_cache : &report->total_cache,
                            d->index, value);
    case SRC_BRANCH:
        return branch_figure(f ? &f->self_branch : &report->total_branch,
                             d->index, value);
    case SRC_HEAP:
        /* A function without <heap> had no heap traffic, when the run
           counted it. */
        if (!report->has_heap)
            return false;
        if (f == NULL)
            *value = hg_heap_figure(&report->heap.traffic, d->index);
        else
            *value = f->has_heap ? hg_heap_figure(&f->heap, d->index) : 0;
        return true;
    default:
        return false;
    }
}

/* The marked figures of a marked function or a zone. */
static bool marked_value(const struct metric_def *d, uint64_t calls,
                         uint64_t inclusive_ir,
                         const struct hg_cache_costs *cache, bool has_heap,
                         const struct hg_heap_traffic *heap, bool has_per_call,
                         const struct hg_per_call *pc, uint64_t *value)
{
    switch (d->source) {
    case SRC_CALLS:      *value = calls; return true;
    case SRC_INCL_IR:    *value = inclusive_ir; return true;
    case SRC_INCL_CACHE: return cache_figure(cache, d->index, value);
    case SRC_INCL_HEAP:
        if (!has_heap)
            return false;
        *value = hg_heap_figure(heap, d->index);
        return true;
    case SRC_PER_CALL:
        if (!has_per_call)
            return false;
        *value = per_call_figure(pc, d->index);
        return true;
    default:
        return false;
    }
}

static bool total_value(const struct metric_def *d,
                        const struct hg_report *report, uint64_t *value)
{
    if (!report->has_heap)
        return false;
    switch (d->source) {
    case SRC_PEAK_BYTES:  *value = report->heap.peak_bytes; return true;
    case SRC_PEAK_BLOCKS: *value = report->heap.peak_blocks; return true;
    case SRC_EXIT_BYTES:  *value = report->heap.exit_bytes; return true;
    case SRC_EXIT_BLOCKS: *value = report->heap.exit_blocks; return true;
    default:              return false;
    }
}

bool hg_metric_value(const struct hg_metric *metric,
                     const struct hg_report *report,
                     const struct hg_entity *entity, uint64_t *value)
{
    const struct metric_def *d = definition(metric);
    const struct hg_function *f = entity->function;
    const struct hg_zone *z = entity->zone;

    switch (metric->scope) {
    case HG_SCOPE_SELF:
        return z == NULL && self_value(d, report, f, value);
    case HG_SCOPE_MARKED:
        if (z != NULL)
            return marked_value(d, z->calls, z->inclusive_ir,
                                &z->inclusive_cache, z->has_inclusive_heap,
                                &z->inclusive_heap, z->has_per_call,
                                &z->per_call, value);
        if (f != NULL && f->marked)
            return marked_value(d, f->calls, f->inclusive_ir,
                                &f->inclusive_cache, f->has_inclusive_heap,
                                &f->inclusive_heap, f->has_per_call,
                                &f->per_call, value);
        return false;
    default:
        return f == NULL && z == NULL && total_value(d, report, value);
    }
}

static char *joined(const char *a, const char *sep1, const char *b,
                    const char *sep2, const char *c)
{
    return hg_xasprintf("%s%s%s%s%s", a, sep1, b, sep2, c);
}

char *hg_entity_key(const struct hg_entity *entity)
{
    if (entity->function != NULL)
        return joined(entity->function->name, "\t", entity->function->object,
                      "\t", entity->function->file);
    if (entity->zone != NULL)
        return joined("zone", "\t", entity->zone->name, "", "");
    return joined("", "", "", "", "");
}

char *hg_entity_label(const struct hg_entity *entity)
{
    if (entity->function != NULL)
        return joined(entity->function->name, " (",
                      entity->function->object, ")", "");
    if (entity->zone != NULL)
        return joined("zone ", entity->zone->name, "", "", "");
    return joined("(total)", "", "", "", "");
}
