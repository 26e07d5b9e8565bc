/* hotgrind: one regression, one verdict: the regressions of incl-
   figures that one function's own regression explains, found so that
   check can fold them into that function's verdict (policy.h,
   hg_group_causes; docs/policy.md, "One regression, one verdict").
   GPL-2.0-or-later; part of hotgrind. */

/* A slower function moves the incl- figure of every caller up to main
   and of every edge on the way by its own change: without this, one
   cause is a dozen failures.  The rule is in integers, so that every
   machine groups the same verdicts:

     a regression V of incl-X (a function G's row, or an edge whose
     callee is G), of increase d, is explained by a regression C of X
     (a function F's own figure), of increase D, when F is G or is
     called, directly or not, by G in HEAD's call graph, and
     d <= D + s, where s is G's own increase of X (0 when it fell, or
     when G is not in BASE).

   Among the causes that explain V the one of largest D is chosen, the
   first in the verdicts' order on a tie.  Nothing is guessed where HEAD
   has no call graph. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "report/callers.h"
#include "util/xalloc.h"

/* Sets SEEN[I] = STAMP for F and every function of HEAD that calls it,
   directly or not (CALLERS, HEAD's caller index); QUEUE has room for
   every function. */
static void stamp_above(const struct hg_caller_index *callers,
                        const struct hg_report *head, size_t f, size_t stamp,
                        size_t *seen, size_t *queue)
{
    size_t done = 0, queued = 0, k;
    seen[f] = stamp;
    queue[queued++] = f;
    while (done < queued) {
        size_t g = queue[done++];
        for (k = callers->first[g]; k < callers->first[g + 1]; k++) {
            size_t caller = (size_t)(callers->callers[k].function
                                     - head->functions);
            if (seen[caller] != stamp) {
                seen[caller] = stamp;
                queue[queued++] = caller;
            }
        }
    }
}

static bool is_increase(const struct hg_verdict *v)
{
    return v->status == HG_VERDICT_FAIL && v->kind == HG_VERDICT_CHANGE
           && v->head > v->base;
}

/* A regression that can be a cause: of a function's own figure X, in
   HEAD, whose incl-X exists. */
static bool can_cause(const struct hg_verdict *v)
{
    char name[64];
    if (!is_increase(v) || v->caller != NULL || v->function[1] == NULL
        || v->threshold->metric->scope != HG_SCOPE_SELF)
        return false;
    snprintf(name, sizeof name, "incl-%s", v->threshold->metric->name);
    return hg_metric_named(name) != NULL;
}

/* A regression that can be explained: of an incl- figure of a function
   or an edge of HEAD.  *SELF gets the figure's own metric. */
static bool can_be_explained(const struct hg_verdict *v,
                             const struct hg_metric **self)
{
    const char *name = v->threshold->metric->name;
    if (!is_increase(v) || v->function[1] == NULL
        || strncmp(name, "incl-", 5) != 0)
        return false;
    *self = hg_metric_named(name + 5);
    return *self != NULL;
}

/* G's own increase of X from BASE to HEAD; 0 when it fell or G is in
   one report only. */
static uint64_t own_increase(const struct hg_verdict *v,
                             const struct hg_metric *x,
                             const struct hg_report *base,
                             const struct hg_report *head)
{
    struct hg_entity in_base = { v->function[0], NULL },
                     in_head = { v->function[1], NULL };
    uint64_t was, is;
    if (v->function[0] == NULL
        || !hg_diff_metric_value(x, base, &in_base, true, &was)
        || !hg_diff_metric_value(x, head, &in_head, true, &is))
        return 0;
    return is > was ? is - was : 0;
}

/* A cause to try: its increase and its index in the verdicts. */
struct candidate {
    uint64_t increase;
    size_t index;
};

/* Largest increase first, then in the verdicts' order. */
static int compare_candidates(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    if (x->increase != y->increase)
        return x->increase > y->increase ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Folds V into the cause at index C of J. */
static void explain(struct hg_judgement *j, size_t c, struct hg_verdict *v)
{
    struct hg_verdict *cause = &j->verdicts[c];
    uint64_t d = v->head - v->base;
    v->cause = c + 1;
    if (cause->explains++ == 0) {
        cause->explained_low = cause->explained_high = d;
        cause->explained_threshold = v->threshold;
    }
    if (d < cause->explained_low)
        cause->explained_low = d;
    if (d > cause->explained_high)
        cause->explained_high = d;
    if (v->caller != NULL)
        cause->explained_edges++;
    else
        cause->explained_functions++;
}

void hg_group_causes(struct hg_judgement *j, size_t first,
                     const struct hg_report *base,
                     const struct hg_report *head)
{
    struct candidate *causes;
    size_t *explainable, cause_count = 0, explainable_count = 0;
    size_t *seen, *queue, i, k;
    const struct hg_metric **selves;
    struct hg_caller_index callers;

    if (!head->has_call_graph || first >= j->verdict_count)
        return;
    causes = hg_xcalloc(j->verdict_count, sizeof *causes);
    explainable = hg_xcalloc(j->verdict_count, sizeof *explainable);
    selves = hg_xcalloc(j->verdict_count, sizeof *selves);
    for (i = first; i < j->verdict_count; i++) {
        const struct hg_verdict *v = &j->verdicts[i];
        if (can_cause(v)) {
            causes[cause_count].increase = v->head - v->base;
            causes[cause_count++].index = i;
        } else if (can_be_explained(v, &selves[i])) {
            explainable[explainable_count++] = i;
        }
    }
    if (cause_count == 0 || explainable_count == 0) {
        free(causes);
        free(explainable);
        free(selves);
        return;
    }
    qsort(causes, cause_count, sizeof *causes, compare_candidates);
    hg_caller_index_build(&callers, head);
    seen = hg_xcalloc(head->function_count + 1, sizeof *seen);
    queue = hg_xcalloc(head->function_count + 1, sizeof *queue);
    for (k = 0; k < cause_count; k++) {
        const struct hg_verdict *c = &j->verdicts[causes[k].index];
        uint64_t most = causes[k].increase;
        stamp_above(&callers, head,
                    (size_t)(c->function[1] - head->functions), k + 1, seen,
                    queue);
        for (i = 0; i < explainable_count; i++) {
            struct hg_verdict *v = &j->verdicts[explainable[i]];
            const struct hg_metric *x = selves[explainable[i]];
            uint64_t d = v->head - v->base;
            if (v->cause != 0 || x != c->threshold->metric
                || seen[v->function[1] - head->functions] != k + 1)
                continue;
            /* d <= D + s, without D + s overflowing. */
            if (d <= most || d - most <= own_increase(v, x, base, head))
                explain(j, causes[k].index, v);
        }
    }
    free(seen);
    free(queue);
    hg_caller_index_free(&callers);
    free(causes);
    free(explainable);
    free(selves);
}
