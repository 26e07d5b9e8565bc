/* hotgrind: every figure a report holds, by name, for diff, check,
   export and merge.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_METRICS_H
#define HOTGRIND_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/report.h"

/* Where a metric lives. */
enum hg_metric_scope {
    HG_SCOPE_SELF,        /* every function: <self>, <heap> */
    HG_SCOPE_MARKED,      /* marked functions and zones: calls, <inclusive>,
                             <per-call> */
    HG_SCOPE_TOTAL        /* the whole run only: peak and exit heap */
};

struct hg_metric {
    const char *name;         /* as policies and exports name it: "Ir",
                                 "D1mr", "allocs", "calls", "incl-Ir",
                                 "p95", "peak-bytes", ... */
    const char *meaning;      /* one line, for help and docs */
    enum hg_metric_scope scope;
    /* Ir and the cache figures depend on the instruction set: between
       reports of different architectures they are shown as a ratio and
       never judged.  Calls and heap figures compare exactly. */
    bool arch_dependent;
};

/* One row of a report, whatever it is: a function, a zone, or the whole
   run.  Exactly one of function and zone is set, or neither for the
   totals row. */
struct hg_entity {
    const struct hg_function *function;
    const struct hg_zone *zone;
};

/* All metrics, in a fixed order (self, then marked, then total). */
const struct hg_metric *hg_metrics(size_t *count);

/* The metric called NAME, or NULL. */
const struct hg_metric *hg_metric_named(const char *name);

/* METRIC's value for ENTITY of REPORT; false when the report does not
   have it there (cache figures without --cache-sim, heap figures with
   --heap=no, inclusive figures of an unmarked function, a self metric of
   a zone...).  For the totals row (no function, no zone) self metrics are
   the run's totals. */
bool hg_metric_value(const struct hg_metric *metric,
                     const struct hg_report *report,
                     const struct hg_entity *entity, uint64_t *value);

/* METRIC's value for one <line> of a function (lines=yes): Ir, and the
   cache and branch figures when the line has them; false for every other
   metric, which no line has. */
bool hg_line_metric_value(const struct hg_metric *metric,
                          const struct hg_line *line, uint64_t *value);

/* The key that matches a row between two reports of (different builds
   of) the same program: "NAME\tOBJECT\tFILE" for a function, "zone\tNAME"
   for a zone, "" for the totals.  Lines are left out on purpose: they move
   when code above a function changes.  Caller frees. */
char *hg_entity_key(const struct hg_entity *entity);

/* A name for people: "NAME (OBJECT)", "zone NAME", "(total)".  Caller
   frees. */
char *hg_entity_label(const struct hg_entity *entity);

/* The figures a calling context has (and the costs outside every
   context): Ir, the cache figures and cycles, the heap traffic; not the
   branch figures, which contexts do not count. */
enum hg_context_figure {
    HG_CONTEXT_NONE,      /* a metric contexts do not have */
    HG_CONTEXT_IR,
    HG_CONTEXT_CACHE,     /* INDEX: enum hg_cache_metric */
    HG_CONTEXT_HEAP       /* INDEX: as hg_heap_figure's */
};

/* Which figure of a context METRIC is, and its INDEX there. */
enum hg_context_figure hg_metric_context_figure(const struct hg_metric *metric,
                                                int *index);

/* One heap traffic figure by INDEX, in the report's attribute order: 0
   allocs, 1 alloc-bytes, 2 frees, 3 free-bytes. */
uint64_t hg_heap_figure(const struct hg_heap_traffic *heap, int index);

#endif
