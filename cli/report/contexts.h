/* hotgrind: a report's calling contexts as a tree of frames, in one
   figure (flame graphs, export --format=folded), and each function's
   frame name (flame graphs and policy rules).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_CONTEXTS_H
#define HOTGRIND_REPORT_CONTEXTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/metrics.h"
#include "report/report.h"
#include "util/index-table.h"

/* A figure every context has: Ir, a cache figure or cycles
   (--cache-sim=yes), or a heap figure (--heap=yes). */
struct hg_flame_metric {
    const char *name;            /* "Ir", "D1mr", "cycles", "allocs"... */
    enum hg_context_figure source;
    int index;                   /* as hg_metric_context_figure's */
};

/* The metric of metrics.c called NAME that contexts have, whether or not
   a report has it; false if there is none of that name. */
bool hg_flame_metric_named(const char *name, struct hg_flame_metric *metric);

/* The names hg_flame_metric_named takes, for messages: "Ir, I1mr, ...
   free-bytes".  Caller frees. */
char *hg_flame_metric_names(void);

/* Whether REPORT's contexts (or, without contexts, its functions' self
   rows) have METRIC's figures; if not, PROBLEM says why in one line. */
bool hg_flame_metric_in(const struct hg_report *report,
                        const struct hg_flame_metric *metric, char *problem,
                        size_t problem_size);

/* METRIC of one set of costs: a context's own or inclusive ones, what
   ran outside every context, or a function's own (its <self>, and its
   <heap>: all 0 without one). */
uint64_t hg_flame_figure(const struct hg_flame_metric *metric, uint64_t ir,
                         const struct hg_cache_costs *cache,
                         const struct hg_heap_traffic *heap);

/* The whole run's figure in METRIC as a flame graph of REPORT's
   contexts draws it: outside, plus every context's own. */
uint64_t hg_flame_run_total(const struct hg_report *report,
                            const struct hg_flame_metric *metric);

/* Each function's frame name (docs/export.md, "Folded stacks"): its name,
   or "NAME [OBJECT]" when another function of that name is in another
   object, and always for "???".  An array of report->function_count
   strings, freed with hg_frame_names_free. */
char **hg_frame_names(const struct hg_report *report);
void hg_frame_names_free(char **names, size_t count);

/* The calls of REPORT's call graph (function I's callee C at FIRST[I] +
   C, FIRST of function_count + 1 entries, which the caller frees with
   the array) with, in place of each call's inclusive costs, those of
   the calls that entered their callee while no activation of it was
   open on the thread: the outermost ones, which hold the callee's
   nested activations.  Summed over a function's callers (and its
   entries with no known caller), they make its inclusive costs once,
   where the calls' own costs count a recursion's nested calls again.
   A callee that is not recursive keeps its calls' costs.  For a
   recursive one, the report's contexts say which calls were outermost
   (when none were cut at --max-contexts); without them, the calls from
   outside its cycle of the call graph are outermost (its activations
   cannot be open there), and those from inside the cycle get, in the
   report's order, each at most its own costs, what the callee's
   inclusive costs leave.  Heap figures are those of the callee's
   inclusive heap, cache figures those of its inclusive cache. */
struct hg_call *hg_outermost_calls(const struct hg_report *report,
                                   size_t **first);

/* A flame graph is a tree of frames: one per distinct stack of frame
   names (contexts whose stacks read the same add up, as folded stacks
   do), each as wide as its own figure plus its children's. */
#define HG_NO_FRAME SIZE_MAX

struct hg_frame {
    const char *name;            /* not owned */
    size_t parent;               /* HG_NO_FRAME for the root, "all" */
    size_t depth;
    bool from_context;           /* not "all", "[outside]", "[truncated]" */
    uint64_t self;               /* the metric's, of its contexts */
    uint64_t total;              /* self + its children's totals: width */
    uint64_t inclusive;          /* the report's, of its contexts */
    uint64_t calls;
    uint64_t offset;             /* from the left edge, in metric units */
    size_t other;                /* the diff's frame of the same stack in
                                    the other tree, or HG_NO_FRAME */
};

struct hg_frame_tree {
    struct hg_frame *frames;
    size_t count, capacity;
    struct index_table table;    /* (parent, name) -> frame */
    char **names;                /* the report's frame names */
    size_t name_count;
    size_t *children;            /* each frame's, by name: first_child[f]
                                    to first_child[f + 1] */
    size_t *first_child;
};

/* The tree of REPORT's contexts in METRIC: "all", then "[outside]" when
   not 0, "[truncated]" above the truncated roots, one frame per stack;
   totals from the leaves up, children by name, offsets from the root
   out.  Freed with hg_frame_tree_free. */
void hg_frame_tree_build(struct hg_frame_tree *t, const struct hg_report *r,
                         const struct hg_flame_metric *metric);
void hg_frame_tree_free(struct hg_frame_tree *t);

/* The frame (PARENT, NAME) of T if there is one, else HG_NO_FRAME. */
size_t hg_frame_tree_lookup(const struct hg_frame_tree *t, size_t parent,
                            const char *name);

#endif
