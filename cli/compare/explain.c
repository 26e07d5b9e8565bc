/* hotgrind: why a function's inclusive cost changed, edge by edge
   (diff --why and check's explanations).  GPL-2.0-or-later; part of
   hotgrind. */

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/diff.h"
#include "compare/sides.h"
#include "util/xalloc.h"


const char *hg_diff_signed(uint64_t base, uint64_t head,
                           char text[HG_DIFF_TEXT_SIZE])
{
    const struct hg_diff_value value = { NULL, true, true, base, head };
    return hg_diff_delta(&value, text);
}

/* One side's edge before merging: KEY is the callee's head index (NONE
   when the callee is in the base only; then ORDER keeps them apart). */
struct half_edge {
    size_t key, order;
    int side;
    const struct hg_call *call;
};

static int compare_half_edges(const void *a, const void *b)
{
    const struct half_edge *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return x->side - y->side;
}

static uint64_t edge_change(const struct hg_diff_edge *e)
{
    return e->head_ir > e->base_ir ? e->head_ir - e->base_ir
                                   : e->base_ir - e->head_ir;
}

static bool edge_differs(const struct hg_diff_edge *e)
{
    return e->base_ir != e->head_ir || e->base_calls != e->head_calls
           || e->in_base != e->in_head;
}

/* Changed edges first, by |change of Ir| (larger first), then name, object
   and file, so the output does not depend on the reports' order. */
static int compare_edges(const void *a, const void *b)
{
    const struct hg_diff_edge *x = a, *y = b;
    uint64_t cx = edge_change(x), cy = edge_change(y);
    int order;
    if (edge_differs(x) != edge_differs(y))
        return edge_differs(x) ? -1 : 1;
    if (cx != cy)
        return cx > cy ? -1 : 1;
    if ((order = strcmp(x->callee->name, y->callee->name)) != 0
        || (order = strcmp(x->callee->object, y->callee->object)) != 0
        || (order = strcmp(x->callee->file, y->callee->file)) != 0)
        return order;
    return x->callee->line < y->callee->line ? -1
           : x->callee->line > y->callee->line;
}

/* Whether self + no-symbol + callees is the inclusive Ir of F. */
static bool identity_holds(const struct hg_function *f)
{
    uint64_t sum = f->self_ir + f->no_symbol_ir;
    size_t i;
    for (i = 0; i < f->callee_count; i++)
        sum += f->callees[i].ir;
    return sum == f->inclusive_ir;
}

static const char *caveat_of(const struct hg_function *f[2])
{
    if (f[BASE]->recursive || f[HEAD]->recursive)
        return "recursive";
    if (f[BASE]->mid_jump || f[HEAD]->mid_jump)
        return "mid-jump";
    if (!identity_holds(f[BASE]) || !identity_holds(f[HEAD]))
        return "not an identity";
    return NULL;
}

bool hg_diff_explain(const struct hg_diff *diff,
                     const struct hg_diff_row *row, struct hg_diff_why *why)
{
    const struct hg_function *f[2];
    struct half_edge *halves;
    size_t n, i, k = 0;
    int s;

    if (diff->head_of_base == NULL || !row->in_base || !row->in_head
        || row->base.function == NULL)
        return false;
    f[BASE] = row->base.function;
    f[HEAD] = row->head.function;
    n = f[BASE]->callee_count + f[HEAD]->callee_count;
    halves = hg_xmalloc((n + 1) * sizeof *halves);
    for (s = BASE; s <= HEAD; s++)
        for (i = 0; i < f[s]->callee_count; i++) {
            const struct hg_call *call = &f[s]->callees[i];
            struct half_edge *h = &halves[k++];
            h->key = s == HEAD ? call->callee
                               : diff->head_of_base[call->callee];
            h->order = h->key == NONE ? call->callee : 0;
            h->side = s;
            h->call = call;
        }
    qsort(halves, n, sizeof *halves, compare_half_edges);

    memset(why, 0, sizeof *why);
    why->edges = hg_xcalloc(n + 1, sizeof *why->edges);
    for (i = 0; i < n; i++) {
        struct hg_diff_edge *e;
        const struct half_edge *h = &halves[i];
        /* A base half followed by the head half of the same callee is one
           edge in both reports. */
        if (h->side == HEAD && i > 0 && halves[i - 1].side == BASE
            && halves[i - 1].key == h->key && h->key != NONE) {
            e = &why->edges[why->edge_count - 1];
        } else {
            e = &why->edges[why->edge_count++];
        }
        e->callee = &diff->reports[h->side]->functions[h->call->callee];
        if (h->side == BASE) {
            e->in_base = true;
            e->base_calls = h->call->calls;
            e->base_ir = h->call->ir;
        } else {
            e->in_head = true;
            e->head_calls = h->call->calls;
            e->head_ir = h->call->ir;
        }
    }
    free(halves);
    qsort(why->edges, why->edge_count, sizeof *why->edges, compare_edges);
    for (i = 0; i < why->edge_count; i++)
        why->changed_edges += edge_differs(&why->edges[i]);
    why->caveat = caveat_of(f);
    why->adds_up = why->caveat == NULL;
    return true;
}

/* The edge CALLER -> CALLEE among CALLER's callees (sorted by callee
   index: report.h), or NULL. */
static const struct hg_call *find_call(const struct hg_function *caller,
                                       size_t callee)
{
    size_t low = 0, high = caller->callee_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (caller->callees[middle].callee == callee)
            return &caller->callees[middle];
        if (caller->callees[middle].callee < callee)
            low = middle + 1;
        else
            high = middle;
    }
    return NULL;
}

void hg_diff_edges(const struct hg_diff *diff,
                   struct hg_diff_edge_pair **pairs, size_t *count)
{
    const struct hg_report *base = diff->reports[BASE];
    const struct hg_report *head = diff->reports[HEAD];
    size_t i, k, n = 0, capacity = 0, first = 0;
    size_t *in_head_first;   /* index of each head function's first edge */
    bool *paired;            /* each head edge, in report order */

    *pairs = NULL;
    *count = 0;
    if (diff->head_of_base == NULL)
        return;
    in_head_first = hg_xmalloc((head->function_count + 1)
                               * sizeof *in_head_first);
    for (i = 0; i < head->function_count; i++) {
        in_head_first[i] = first;
        first += head->functions[i].callee_count;
    }
    paired = hg_xcalloc(first + 1, sizeof *paired);
    for (i = 0; i < base->function_count; i++)
        capacity += base->functions[i].callee_count;
    *pairs = hg_xcalloc(capacity + first + 1, sizeof **pairs);
    for (i = 0; i < base->function_count; i++) {
        const struct hg_function *b = &base->functions[i];
        size_t h = diff->head_of_base[i];
        for (k = 0; k < b->callee_count; k++) {
            struct hg_diff_edge_pair *p = &(*pairs)[n++];
            size_t callee = diff->head_of_base[b->callees[k].callee];
            p->caller[BASE] = b;
            p->callee[BASE] = &base->functions[b->callees[k].callee];
            p->call[BASE] = &b->callees[k];
            if (h == NONE || callee == NONE)
                continue;
            p->call[HEAD] = find_call(&head->functions[h], callee);
            if (p->call[HEAD] == NULL)
                continue;
            p->caller[HEAD] = &head->functions[h];
            p->callee[HEAD] = &head->functions[callee];
            paired[in_head_first[h]
                   + (size_t)(p->call[HEAD] - head->functions[h].callees)]
                = true;
        }
    }
    for (i = 0; i < head->function_count; i++) {
        const struct hg_function *h = &head->functions[i];
        for (k = 0; k < h->callee_count; k++) {
            struct hg_diff_edge_pair *p;
            if (paired[in_head_first[i] + k])
                continue;
            p = &(*pairs)[n++];
            p->caller[HEAD] = h;
            p->callee[HEAD] = &head->functions[h->callees[k].callee];
            p->call[HEAD] = &h->callees[k];
        }
    }
    free(paired);
    free(in_head_first);
    *count = n;
}

void hg_diff_why_free(struct hg_diff_why *why)
{
    free(why->edges);
    memset(why, 0, sizeof *why);
}
