/* hotgrind: who calls each function of a report (report/callers.h).
   GPL-2.0-or-later; part of hotgrind. */

#include <stdlib.h>
#include <string.h>

#include "report/callers.h"
#include "util/xalloc.h"

void hg_caller_index_build(struct hg_caller_index *index,
                           const struct hg_report *report)
{
    size_t n = report->function_count, total = 0, i, j;
    size_t *next;

    index->first = hg_xcalloc(n + 1, sizeof *index->first);
    for (i = 0; i < n; i++)
        for (j = 0; j < report->functions[i].callee_count; j++)
            index->first[report->functions[i].callees[j].callee + 1]++;
    for (i = 0; i < n; i++)
        index->first[i + 1] += index->first[i];
    total = index->first[n];
    index->callers = hg_xcalloc(total ? total : 1, sizeof *index->callers);
    next = hg_xmalloc((n ? n : 1) * sizeof *next);
    memcpy(next, index->first, n * sizeof *next);
    for (i = 0; i < n; i++)
        for (j = 0; j < report->functions[i].callee_count; j++) {
            const struct hg_call *call = &report->functions[i].callees[j];
            struct hg_call_end *caller = &index->callers[next[call->callee]++];
            caller->function = &report->functions[i];
            caller->call = call;
        }
    free(next);
}

void hg_caller_index_free(struct hg_caller_index *index)
{
    free(index->first);
    free(index->callers);
    index->first = NULL;
    index->callers = NULL;
}
