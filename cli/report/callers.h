/* hotgrind: who calls each function of a report: its call graph's calls
   indexed by callee (callers.c), for show --callers (render/show-graph.c)
   and check's grouping of regressions (policy/policy-group.c).
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_REPORT_CALLERS_H
#define HOTGRIND_REPORT_CALLERS_H

#include <stddef.h>

#include "report/report.h"

/* A call and the function at one end of it: in the index the caller
   (show's callees tables pair a call with its callee). */
struct hg_call_end {
    const struct hg_function *function;
    const struct hg_call *call;
};

/* For function i, the calls naming it are callers[first[i]] ..
   callers[first[i + 1]), in the callers' report order, then each
   caller's callee order. */
struct hg_caller_index {
    size_t *first;               /* function_count + 1 of them */
    struct hg_call_end *callers;
};

/* The index of REPORT's calls (a counting sort by callee: linear in
   functions and calls); free it with hg_caller_index_free. */
void hg_caller_index_build(struct hg_caller_index *index,
                           const struct hg_report *report);
void hg_caller_index_free(struct hg_caller_index *index);

#endif
